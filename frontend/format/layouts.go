package format

import (
	"reflect"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/source"
)

// layouts holds the printer of every node kind, filled in by init functions of decl.go,
// stmt.go, expr.go and pattern.go. A kind missing here is an error of the formatter, reported
// by name: new syntax must get a layout before files using it can be formatted.
var layouts = map[reflect.Type]func(p *printer, n ast.Node){}

// layout registers the printer of the node kind of sample.
func layout[N ast.Node](write func(p *printer, n N)) {
	var zero N
	layouts[reflect.TypeOf(zero)] = func(p *printer, n ast.Node) { write(p, n.(N)) }
}

// node writes n inline (a statement with its `;`).
func (p *printer) node(n ast.Node) {
	if p.err != nil || n == nil || reflect.ValueOf(n).IsNil() {
		return
	}
	write, ok := layouts[reflect.TypeOf(n)]
	if !ok {
		p.fail("no layout for the syntax node %T (add one in frontend/format)", n)
		return
	}
	write(p, n)
}

// list writes the elements of a bracketed list. When its first element was written on the line
// where the list opens and no comment is between elements, they follow one another, separated
// by ", ", with the line breaks the source had between them; otherwise each element is on a
// line of its own, followed by a comma.
func list[E ast.Node](p *printer, n ast.Node, anchor source.Pos, open, close string, elems []E, each func(E)) {
	p.write(open)
	if len(elems) == 0 {
		p.write(close)
		return
	}
	nodes := make([]ast.Node, len(elems))
	for i, e := range elems {
		nodes[i] = e
	}
	if !p.splitList(n, anchor, nodes) {
		// The first element is on the opening line: the line breaks written between elements
		// (and before the closing bracket) are kept, the continued lines indented once.
		breaks := make([]bool, len(nodes))
		broken := false
		for i := 1; i < len(nodes); i++ {
			breaks[i] = p.lineOf(nodes[i-1].EndPos()) != p.lineOf(nodes[i].Pos())
			broken = broken || breaks[i]
		}
		if broken {
			p.indent++
		}
		for i, e := range elems {
			if i > 0 {
				p.write(",")
				if breaks[i] {
					p.newline()
				} else {
					p.write(" ")
				}
			}
			each(e)
		}
		if broken {
			p.indent--
		}
		if last := nodes[len(nodes)-1]; p.lineOf(last.EndPos()) != p.lineOf(n.EndPos()) {
			p.newline()
			close = strings.TrimLeft(close, " ")
		}
		p.write(close)
		return
	}
	p.indent++
	p.opened(anchor)
	outer := p.trailLimit
	p.trailLimit = p.off(n.EndPos()) - 1
	for _, e := range elems {
		p.lineItem(e, func() { each(e); p.write(",") })
	}
	p.trailLimit = outer
	p.closeBlock(p.off(n.EndPos()) - 1)
	p.indent--
	p.write(close)
}

// splitList reports whether the list of n is laid out one element per line: its first
// element is not on the line of anchor (where the list opens), or a comment is between its
// elements.
func (p *printer) splitList(n ast.Node, anchor source.Pos, elems []ast.Node) bool {
	if len(elems) == 0 {
		return false
	}
	if p.lineOf(elems[0].Pos()) != p.lineOf(anchor) {
		return true
	}
	from := p.off(anchor)
	for _, e := range elems {
		if p.hasCommentIn(from, p.off(e.Pos())) {
			return true
		}
		from = p.off(e.EndPos())
	}
	return p.hasCommentIn(from, p.off(n.EndPos()))
}
