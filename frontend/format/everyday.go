package format

import (
	"strings"

	"adesh2go/frontend/ast"
)

// The interpreter's forms (EVERYDAY.md §1). The parser desugars some of them into nodes with
// names of its own (`do … while` into a C-style for with a first-time flag, `a, b = b, a` into a
// block with a tuple temporary, `let a, b = 1, 2` into a tuple pattern): those statements are
// copied as written, since the tree has no other spelling of them. Type aliases and a C-style
// for's several increments have layouts.

func init() {
	layout(func(p *printer, n *ast.TypeAliasDecl) {
		p.export(n.Export)
		p.write("type ")
		p.node(n.Name)
		p.write(" = ")
		p.node(n.Type)
		p.write(";")
	})
}

// desugared reports whether the statement n was desugared from one of the interpreter's forms
// that the tree cannot spell again.
func (p *printer) desugared(n ast.Stmt) bool {
	switch s := n.(type) {
	case *ast.ForCStmt:
		return bindsName(s.Init, "do_first__")
	case *ast.Block:
		return len(s.Stmts) > 0 && bindsName(s.Stmts[0], "parallel__")
	case *ast.LetStmt:
		_, tuple := s.Pattern.(*ast.TuplePat)
		return tuple && !strings.HasPrefix(p.text(s.Pattern), "(")
	}
	return false
}

func bindsName(s ast.Stmt, name string) bool {
	l, ok := s.(*ast.LetStmt)
	if !ok {
		return false
	}
	b, ok := l.Pattern.(*ast.BindPat)
	return ok && b.Name.Name == name
}

// verbatim writes a desugared statement as the source has it, without its `;` (the caller
// writes one where the layout has one); comments inside it are part of the text.
func (p *printer) verbatim(n ast.Stmt) {
	p.write(p.verbatimText(n))
	end := p.off(n.EndPos())
	for p.next < len(p.comments) && p.comments[p.next].Start < end {
		p.next++
	}
}

// verbatimText is the text of n without the `;` that may end its span, and without the blank
// lines before that `;` (`}\n\n;class B`): they are not the statement's.
func (p *printer) verbatimText(n ast.Stmt) string {
	const space = " \t\r\n"
	return strings.TrimRight(strings.TrimSuffix(strings.TrimRight(p.text(n), space), ";"), space)
}

// multiPost writes a C-style for's increments separated by `,` (a block of expression
// statements in the tree).
func (p *printer) multiPost(b *ast.Block) {
	for i, s := range b.Stmts {
		if i > 0 {
			p.write(", ")
		}
		p.simpleStmt(s)
	}
}

// A class (EVERYDAY.md §2) is desugared by the parser into a struct, an extend block and
// functions, with an empty statement spanning the class in their place: the class is copied as
// written and the declarations inside its span are not written again.

// isClass reports whether the item n is the empty statement that stands for a class (or an
// interface, which the parser checks classes against and keeps nothing of).
func (p *printer) isClass(n ast.Node) bool {
	if _, empty := n.(*ast.EmptyStmt); !empty {
		return false
	}
	text := p.text(n)
	return strings.HasPrefix(text, "class") || strings.HasPrefix(text, "abstract") || strings.HasPrefix(text, "interface")
}

func (p *printer) classSpans(f *ast.File) []ast.Span {
	var spans []ast.Span
	for _, it := range f.Items {
		if p.isClass(it) {
			spans = append(spans, ast.Span{Start: it.Pos(), End: it.EndPos()})
		}
	}
	return spans
}

func insideAny(n ast.Node, spans []ast.Span) bool {
	for _, s := range spans {
		if n.Pos() >= s.Start && n.EndPos() <= s.End {
			return true
		}
	}
	return false
}
