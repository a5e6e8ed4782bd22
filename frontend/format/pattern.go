package format

import (
	"reflect"
	"strings"

	"adesh2go/frontend/ast"
)

// Patterns.

func init() {
	layout(func(p *printer, n *ast.WildcardPat) { p.write("_") })
	layout(func(p *printer, n *ast.BindPat) {
		if n.Mut {
			p.write("mut ")
		}
		p.node(n.Name)
	})
	layout(func(p *printer, n *ast.LitPat) { p.node(n.Value) })
	layout(func(p *printer, n *ast.VariantPat) {
		for i, id := range n.Path {
			if i > 0 {
				// `::` or `.`, as written
				if sep := strings.TrimSpace(p.src[p.off(n.Path[i-1].EndPos()):p.off(id.Pos())]); sep == "." {
					p.write(".")
				} else {
					p.write("::")
				}
			}
			p.node(id)
		}
		if n.Parens || len(n.Args) > 0 {
			p.write("(")
			for i, a := range n.Args {
				if i > 0 {
					p.write(", ")
				}
				p.pattern(a, true)
			}
			p.write(")")
		}
	})
	layout(func(p *printer, n *ast.TuplePat) {
		open, end := "(", ")"
		if n.Brackets {
			open, end = "[", "]"
		}
		p.write(open)
		for i, e := range n.Elems {
			if i > 0 {
				p.write(", ")
			}
			p.pattern(e, true)
		}
		if len(n.Elems) == 1 && !n.Brackets {
			p.write(",")
		}
		p.write(end)
	})
	layout(func(p *printer, n *ast.OrPat) {
		for i, a := range n.Alts {
			if i > 0 {
				p.write(" | ")
			}
			p.pattern(a, false)
		}
	})
	layout(func(p *printer, n *ast.RangePat) {
		p.node(n.Lo)
		if n.Inclusive {
			p.write("...")
		} else {
			p.write("..")
		}
		p.node(n.Hi)
	})
}

// pattern writes a pattern; an or-pattern gets parentheses where a bare `a | b` is not
// allowed (bareOr false: let and for bindings, and the alternatives of an or-pattern).
func (p *printer) pattern(n ast.Pattern, bareOr bool) {
	if _, or := n.(*ast.OrPat); or && !bareOr {
		p.write("(")
		p.node(n)
		p.write(")")
		return
	}
	p.node(n)
}

func typeOf(n ast.Node) reflect.Type { return reflect.TypeOf(n) }
