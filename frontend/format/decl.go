package format

import (
	"strings"

	"adesh2go/frontend/ast"
)

// Files and declarations.

func init() {
	layout(func(p *printer, n *ast.FuncDecl) { p.funcDecl(n) })
	layout(func(p *printer, n *ast.StructDecl) {
		members := make([]ast.Node, 0, len(n.Fields)+len(n.Methods))
		for _, f := range n.Fields {
			members = append(members, f)
		}
		for _, m := range n.Methods {
			members = append(members, m)
		}
		if strings.HasPrefix(p.text(n), "type") {
			// A record alias, `type Name = { field: T; … };`, is written as one: a `;` after
			// it stays a statement of its own (a struct would take it as its end).
			p.write("type ")
			p.node(n.Name)
			p.typeParams(n.TypeParams)
			p.write(" = ")
			p.members(n, members, ";")
			p.write(";")
			return
		}
		p.export(n.Export)
		p.write("struct ")
		p.node(n.Name)
		p.typeParams(n.TypeParams)
		p.write(" ")
		p.members(n, members, ",")
	})
	layout(func(p *printer, n *ast.Field) {
		p.node(n.Name)
		p.write(": ")
		p.node(n.Type)
		if n.Default != nil {
			p.write(" = ")
			p.node(n.Default)
		}
	})
	layout(func(p *printer, n *ast.EnumDecl) {
		p.export(n.Export)
		p.write("enum ")
		p.node(n.Name)
		p.typeParams(n.TypeParams)
		p.write(" ")
		members := make([]ast.Node, len(n.Variants))
		for i, v := range n.Variants {
			members[i] = v
		}
		p.members(n, members, ",")
	})
	layout(func(p *printer, n *ast.Variant) {
		p.node(n.Name)
		if len(n.Payload) > 0 {
			p.write("(")
			for i, t := range n.Payload {
				if i > 0 {
					p.write(", ")
				}
				p.node(t)
			}
			p.write(")")
		}
	})
	layout(func(p *printer, n *ast.ExtendDecl) {
		if n.Impl {
			p.write("impl")
			p.typeParams(n.TypeParams)
			p.write(" ")
		} else {
			p.write("extend on ")
		}
		p.node(n.Target)
		p.write(" ")
		members := make([]ast.Node, len(n.Methods))
		for i, m := range n.Methods {
			members[i] = m
		}
		p.members(n, members, "")
	})
	layout(func(p *printer, n *ast.TestDecl) {
		p.export(n.Export)
		p.write("test ")
		if n.Group == nil {
			if len(n.Funcs) == 1 {
				p.funcDecl(n.Funcs[0])
			}
			return
		}
		p.node(n.Group)
		p.write(" ")
		members := make([]ast.Node, len(n.Funcs))
		for i, fd := range n.Funcs {
			members[i] = fd
		}
		p.members(n, members, "")
	})
	layout(func(p *printer, n *ast.ImportDecl) {
		p.write("import ")
		if n.Module != nil {
			p.node(n.Module) // a standard module: `import thread;`
		} else {
			p.node(n.Path)
		}
		if n.Alias != nil {
			p.write(" as ")
			p.node(n.Alias)
		}
		p.write(";")
	})
	layout(func(p *printer, n *ast.TypeParam) {
		p.node(n.Name)
		for i, b := range n.Bounds {
			if i == 0 {
				p.write(": ")
			} else {
				p.write(" + ")
			}
			p.node(b)
		}
	})
	layout(func(p *printer, n *ast.Param) {
		p.node(n.Name)
		if n.Type != nil {
			p.write(": ")
			p.node(n.Type)
		}
		if n.Default != nil {
			p.write(" = ")
			p.node(n.Default)
		}
	})
}

func (p *printer) file(f *ast.File) {
	classes := p.classSpans(f)
	for _, it := range f.Items {
		switch {
		case p.isClass(it):
			p.lineItem(it, func() { p.verbatim(it.(ast.Stmt)) })
			p.lastLine = p.line(p.off(it.Pos()) + len(p.verbatimText(it.(ast.Stmt))) - 1)
		case insideAny(it, classes):
			// a declaration a class desugared into: the class's text stands for it
		default:
			p.lineItem(it, func() { p.node(it) })
		}
	}
	p.commentsBefore(len(p.src) + 1)
}

func (p *printer) export(on bool) {
	if on {
		p.write("export ")
	}
}

func (p *printer) funcDecl(n *ast.FuncDecl) {
	p.export(n.Export)
	if n.Async {
		p.write("async ")
	}
	p.write("fn ")
	p.node(n.Name)
	p.typeParams(n.TypeParams)
	p.params(n.Params)
	p.ret(n.Ret)
	p.write(" ")
	p.block(n.Body)
}

func (p *printer) typeParams(tps []*ast.TypeParam) {
	if len(tps) == 0 {
		return
	}
	p.write("<")
	for i, tp := range tps {
		if i > 0 {
			p.write(", ")
		}
		p.node(tp)
	}
	p.write(">")
}

func (p *printer) params(ps []*ast.Param) {
	p.write("(")
	for i, par := range ps {
		if i > 0 {
			p.write(", ")
		}
		p.node(par)
	}
	p.write(")")
}

// ret writes a result type, after `->` if it was written so (Rust's spelling), else after `:`.
func (p *printer) ret(t ast.Type) {
	if t == nil {
		return
	}
	if p.arrowBefore(t) {
		p.write(" -> ")
	} else {
		p.write(": ")
	}
	p.node(t)
}

// arrowBefore reports whether `->` comes right before n in the source (comments aside).
func (p *printer) arrowBefore(n ast.Node) bool {
	i := p.off(n.Pos())
	for i > 0 {
		switch c := p.src[i-1]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i--
		case c == '/' && i >= 2 && p.src[i-2] == '*':
			j := strings.LastIndex(p.src[:i-2], "/*")
			if j < 0 {
				return false
			}
			i = j
		default:
			return i >= 2 && p.src[i-2:i] == "->"
		}
	}
	return false
}

// members writes the `{ … }` body of a struct, enum or extend block: on one line if it was
// written on one line, else one member per line. sep follows each field and variant.
func (p *printer) members(n ast.Node, members []ast.Node, sep string) {
	if len(members) == 0 && !p.hasCommentIn(p.off(n.Pos()), p.off(n.EndPos())) {
		p.write("{}")
		return
	}
	if p.oneLine(n) {
		p.write("{ ")
		for i, m := range members {
			if i > 0 {
				if _, fn := m.(*ast.FuncDecl); fn || sep == "" {
					p.write(" ")
				} else {
					p.write(sep + " ")
				}
			}
			p.node(m)
		}
		p.write(" }")
		return
	}
	p.write("{")
	p.indent++
	p.opened(n.Pos())
	for _, m := range members {
		p.lineItem(m, func() {
			p.node(m)
			if _, fn := m.(*ast.FuncDecl); !fn {
				p.write(sep)
			}
		})
	}
	p.closeBlock(p.off(n.EndPos()) - 1)
	p.indent--
	p.write("}")
}
