package format

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/source"
)

// Statements and blocks.

func init() {
	layout(func(p *printer, n *ast.Block) {
		if p.desugared(n) {
			p.verbatim(n)
			p.write(";")
			return
		}
		p.block(n)
	})
	layout(func(p *printer, n *ast.LetStmt) { p.simpleStmt(n); p.write(";") })
	layout(func(p *printer, n *ast.ExprStmt) {
		p.node(n.X)
		if p.followedBySemi(n) {
			p.write(";")
		}
	})
	layout(func(p *printer, n *ast.IfStmt) {
		p.write("if ")
		p.node(n.Cond)
		p.write(" ")
		p.block(n.Then)
		if n.Else != nil {
			p.keyword(n.Then.EndPos(), n.Else.Pos(), "else ")
			p.node(n.Else)
		}
	})
	layout(func(p *printer, n *ast.WhileStmt) {
		p.write("while ")
		p.node(n.Cond)
		p.write(" ")
		p.block(n.Body)
	})
	layout(func(p *printer, n *ast.ForInStmt) {
		// `for (s in f => xs) { … }` keeps its parentheses: without them the block would be
		// read as a struct literal of the lambda's body.
		open, close := "", " "
		if endsInExprLambda(n.Iter) {
			open, close = "(", ") "
		}
		p.write("for " + open)
		p.pattern(n.Pattern, false)
		p.write(" in ")
		p.node(n.Iter)
		p.write(close)
		p.block(n.Body)
	})
	layout(func(p *printer, n *ast.ForCStmt) {
		if p.desugared(n) {
			p.verbatim(n) // do … while
			if p.followedBySemi(n) {
				p.write(";")
			}
			return
		}
		p.write("for (")
		p.simpleStmt(n.Init)
		p.write(";")
		if n.Cond != nil {
			p.write(" ")
			p.node(n.Cond)
		}
		p.write(";")
		if n.Post != nil {
			p.write(" ")
			p.simpleStmt(n.Post)
		}
		p.write(") ")
		p.block(n.Body)
	})
	layout(func(p *printer, n *ast.BranchStmt) {
		if n.Continue {
			p.write("continue;")
		} else {
			p.write("break;")
		}
	})
	layout(func(p *printer, n *ast.ReturnStmt) {
		p.write("return")
		if n.Value != nil {
			p.write(" ")
			p.node(n.Value)
		}
		p.write(";")
	})
	layout(func(p *printer, n *ast.DeferStmt) {
		p.write("defer ")
		if es, ok := n.Body.(*ast.ExprStmt); ok {
			p.node(es.X)
			p.write(";")
			return
		}
		p.node(n.Body)
	})
	layout(func(p *printer, n *ast.TryStmt) {
		p.write("try ")
		p.block(n.Body)
		if n.Catch != nil {
			p.keyword(n.Body.EndPos(), n.Catch.Pos(), "catch ")
			if n.CatchName != nil {
				p.write("(")
				p.node(n.CatchName)
				if n.CatchType != nil {
					p.write(": ")
					p.node(n.CatchType)
				}
				p.write(") ")
			}
			p.block(n.Catch)
		}
		if n.Finally != nil {
			prev := n.Body
			if n.Catch != nil {
				prev = n.Catch
			}
			p.keyword(prev.EndPos(), n.Finally.Pos(), "finally ")
			p.block(n.Finally)
		}
	})
	layout(func(p *printer, n *ast.ThrowStmt) {
		p.write("throw ")
		p.node(n.Value)
		p.write(";")
	})
	layout(func(p *printer, n *ast.DeclStmt) { p.node(n.Decl) })
	layout(func(p *printer, n *ast.EmptyStmt) { p.write(";") })
}

// block writes `{ … }`: `{}` when empty, on one line when it was written on one line, else one
// statement per line.
func (p *printer) block(b *ast.Block) {
	if b == nil {
		p.fail("a block is missing")
		return
	}
	if len(b.Stmts) == 0 && !p.hasCommentIn(p.off(b.Pos()), p.off(b.EndPos())) {
		p.write("{}")
		return
	}
	if p.oneLine(b) {
		p.write("{ ")
		for i, s := range b.Stmts {
			if i > 0 {
				p.write(" ")
			}
			p.node(s)
		}
		p.write(" }")
		return
	}
	p.write("{")
	p.indent++
	p.opened(b.Pos())
	for _, s := range b.Stmts {
		p.lineItem(s, func() { p.node(s) })
	}
	p.closeBlock(p.off(b.EndPos()) - 1)
	p.indent--
	p.write("}")
}

var letKeywords = [...]string{ast.LetPlain: "let", ast.LetConst: "const", ast.LetShare: "share", ast.LetStrong: "strong", ast.LetWeak: "weak"}

// simpleStmt writes a binding or an expression statement without its `;` (also the parts of
// a C-style for head, where either may be absent).
func (p *printer) simpleStmt(s ast.Stmt) {
	switch s := s.(type) {
	case nil:
	case *ast.LetStmt:
		if p.desugared(s) {
			p.verbatim(s)
			return
		}
		p.export(s.Export)
		if int(s.Kind) >= len(letKeywords) {
			p.fail("no layout for the binding kind %d", s.Kind)
			return
		}
		p.write(letKeywords[s.Kind])
		if s.Kind == ast.LetShare && strings.HasPrefix(strings.TrimPrefix(p.text(s), "export "), "share let") {
			p.write(" let")
		}
		if s.Mut {
			p.write(" mut")
		}
		p.write(" ")
		p.pattern(s.Pattern, false)
		if s.Type != nil {
			p.write(": ")
			p.node(s.Type)
		}
		if s.Value != nil {
			p.write(" = ")
			p.node(s.Value)
		}
	case *ast.ExprStmt:
		p.node(s.X)
	case *ast.Block:
		p.multiPost(s)
	default:
		p.fail("no layout for the syntax node %T in a for head", s)
	}
}

// followedBySemi reports whether a `;` ends n in the source (it may be left out after `}`).
func (p *printer) followedBySemi(n ast.Node) bool {
	i := p.off(n.EndPos())
	if i > 0 && i <= len(p.src) && p.src[i-1] == ';' {
		return true
	}
	for c := p.next; i < len(p.src); {
		switch p.src[i] {
		case ' ', '\t', '\r', '\n':
			i++
			continue
		case ';':
			return true
		}
		for c < len(p.comments) && p.comments[c].End <= i {
			c++
		}
		if c < len(p.comments) && p.comments[c].Start == i {
			i = p.comments[c].End
			continue
		}
		return false
	}
	return false
}

// keyword writes the keyword that continues a statement after a block (`else`, `catch`,
// `finally`) with a space before it; comments written between the block and what follows stay
// there, on the line of the `}`, and a line comment puts the keyword on the next line.
func (p *printer) keyword(blockEnd, next source.Pos, kw string) {
	if p.hasCommentIn(p.off(blockEnd), p.off(next)) {
		p.lastLine = p.lineOf(blockEnd - 1)
		p.commentsBefore(p.off(next))
	}
	if !p.atLineStart {
		p.write(" ")
	}
	p.write(kw)
}

// endsInExprLambda reports whether x ends in a lambda whose body is an expression.
func endsInExprLambda(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Lambda:
		return x.ExprBody != nil
	case *ast.Binary:
		return endsInExprLambda(x.Y)
	case *ast.Unary:
		return endsInExprLambda(x.X)
	case *ast.Cond:
		return endsInExprLambda(x.B)
	case *ast.Assign:
		return endsInExprLambda(x.Y)
	}
	return false
}
