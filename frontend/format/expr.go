package format

import (
	"strings"

	"adesh2go/frontend/ast"
)

// Expressions and types.

func init() {
	// Names and literals are copied as written: `this`, `0xff`, `r#"…"#`, f-strings and
	// templates keep their spelling.
	verbatim := func(p *printer, n ast.Node) { p.write(p.text(n)) }
	for _, n := range []ast.Node{&ast.Ident{}, &ast.IntLit{}, &ast.BigIntLit{}, &ast.FloatLit{}, &ast.StringLit{}, &ast.CharLit{}, &ast.BoolLit{}, &ast.NullLit{}, &ast.Template{}} {
		layouts[typeOf(n)] = verbatim
	}

	layout(func(p *printer, n *ast.ArrayLit) {
		list(p, n, n.Pos(), "[", "]", n.Elems, func(e ast.Expr) { p.node(e) })
	})
	layout(func(p *printer, n *ast.MapLit) {
		if len(n.Keys) != len(n.Values) {
			p.fail("a map literal has %d keys and %d values", len(n.Keys), len(n.Values))
			return
		}
		entries := make([]*mapEntry, len(n.Keys))
		for i := range n.Keys {
			entries[i] = &mapEntry{Span: ast.Span{Start: n.Keys[i].Pos(), End: n.Values[i].EndPos()}, key: n.Keys[i], value: n.Values[i]}
		}
		list(p, n, n.Pos(), "{", "}", entries, func(e *mapEntry) {
			p.node(e.key)
			p.write(": ")
			p.node(e.value)
		})
	})
	layout(func(p *printer, n *ast.SetLit) {
		list(p, n, n.Pos(), "{", "}", n.Elems, func(e ast.Expr) { p.node(e) })
	})
	layout(func(p *printer, n *ast.StructLit) {
		p.node(n.Type)
		if len(n.Fields) == 0 {
			p.write(" {}")
			return
		}
		open, close := " { ", " }"
		if p.splitList(n, n.Type.EndPos(), []ast.Node{n.Fields[0]}) {
			open, close = " {", "}"
		}
		list(p, n, n.Type.EndPos(), open, close, n.Fields, func(f *ast.FieldInit) { p.node(f) })
	})
	layout(func(p *printer, n *ast.FieldInit) {
		p.node(n.Name)
		if id, ok := n.Value.(*ast.Ident); ok && id.Span.Start == n.Name.Start {
			return // the shorthand `{ host }`
		}
		p.write(": ")
		p.node(n.Value)
	})
	layout(func(p *printer, n *ast.TupleLit) {
		list(p, n, n.Pos(), "(", ")", n.Elems, func(e ast.Expr) { p.node(e) })
		if len(n.Elems) == 1 && !p.splitList(n, n.Pos(), []ast.Node{n.Elems[0]}) {
			p.unwrite(")")
			p.write(",)") // `(a,)`: without the comma it is a parenthesis
		}
	})
	layout(func(p *printer, n *ast.Paren) {
		p.write("(")
		p.node(n.X)
		p.write(")")
	})
	layout(func(p *printer, n *ast.Unary) {
		p.write(n.Op)
		// `- -x` and `& &x` must not become the tokens `--` and `&&`.
		start := len(p.out)
		p.node(n.X)
		if start < len(p.out) && p.out[start] == n.Op[len(n.Op)-1] && strings.ContainsRune("-+&|", rune(p.out[start])) {
			p.out = append(p.out[:start], append([]byte{' '}, p.out[start:]...)...)
		}
	})
	layout(func(p *printer, n *ast.Binary) {
		p.node(n.X)
		op := n.Op
		// `and` and `or` keep their spelling (the parser reads them as && and ||).
		if between := strings.TrimSpace(p.src[p.off(n.X.EndPos()):p.off(n.Y.Pos())]); between == "and" || between == "or" {
			op = between
		}
		p.write(" " + op + " ")
		p.node(n.Y)
	})
	layout(func(p *printer, n *ast.Assign) { p.node(n.X); p.write(" " + n.Op + " "); p.node(n.Y) })
	layout(func(p *printer, n *ast.IncDec) { p.node(n.X); p.write(n.Op) })
	layout(func(p *printer, n *ast.Cond) {
		p.node(n.C)
		p.write(" ? ")
		p.node(n.A)
		p.write(" : ")
		p.node(n.B)
	})
	layout(func(p *printer, n *ast.Call) {
		if n.New {
			p.write("new ")
		}
		p.node(n.Fun)
		anchor := n.Fun.EndPos()
		if len(n.TypeArgs) > 0 {
			p.typeArgs(n.TypeArgs)
			anchor = n.TypeArgs[len(n.TypeArgs)-1].EndPos()
		}
		list(p, n, anchor, "(", ")", n.Args, func(e ast.Expr) { p.node(e) })
	})
	layout(func(p *printer, n *ast.Selector) {
		p.node(n.X)
		switch n.X.(type) {
		case *ast.IntLit, *ast.FloatLit:
			if c := n.Name.Name[0]; c >= '0' && c <= '9' || c == 'e' || c == 'E' {
				p.write(" ") // `0 .0` is a member of 0; `0.0` would be a float
			}
		}
		// A chain broken before its `.` (`x\n    .then(f)\n    .catch(g)`) stays broken, each
		// continued line indented once.
		broken := p.lineOf(n.X.EndPos()) != p.lineOf(n.Name.Pos())
		if broken {
			p.indent++
			p.newline()
		}
		if n.DoubleColon {
			p.write("::")
		} else {
			p.write(".")
		}
		p.node(n.Name)
		if broken {
			p.indent--
		}
	})
	layout(func(p *printer, n *ast.Index) {
		p.node(n.X)
		p.write("[")
		p.node(n.Index)
		p.write("]")
	})
	layout(func(p *printer, n *ast.Try) { p.node(n.X); p.write("?") })
	layout(func(p *printer, n *ast.Await) { p.write("await "); p.node(n.X) })
	layout(func(p *printer, n *ast.Spawn) {
		// `spawn(e)` binds like a call, the prefix `spawn e` like a unary operator: each keeps
		// its form (the prefix operand never starts with `(`, which would make it the call).
		if strings.HasPrefix(strings.TrimSpace(p.src[p.off(n.Pos())+len("spawn"):p.off(n.X.Pos())]), "(") {
			p.write("spawn(")
			p.node(n.X)
			p.write(")")
			return
		}
		p.write("spawn ")
		p.node(n.X)
	})
	layout(func(p *printer, n *ast.Share) { p.write("share "); p.node(n.X) })
	layout(func(p *printer, n *ast.Cast) { p.node(n.X); p.write(" as "); p.node(n.Type) })
	layout(func(p *printer, n *ast.Range) {
		p.node(n.Lo)
		if n.Inclusive {
			p.write("...")
		} else {
			p.write("..")
		}
		p.node(n.Hi)
	})
	layout(func(p *printer, n *ast.Lambda) { p.lambda(n) })
	layout(func(p *printer, n *ast.AsyncBlock) {
		p.write("async ")
		if n.Move {
			p.write("move ")
		}
		p.block(n.Body)
	})
	layout(func(p *printer, n *ast.Match) { p.match(n) })
	layout(func(p *printer, n *ast.BlockExpr) { p.block(n.Block) })

	// types
	layout(func(p *printer, n *ast.NamedType) {
		if n.Pkg == nil && (n.Name.Name == "Share" || n.Name.Name == "any") && p.text(n.Name) != n.Name.Name {
			p.write(p.text(n)) // a class's name, which the parser made its Share (or `any`)
			return
		}
		if n.Pkg != nil {
			p.node(n.Pkg)
			p.write(".")
		}
		p.node(n.Name)
		p.typeArgs(n.Args)
	})
	layout(func(p *printer, n *ast.ArrayType) { p.write("["); p.node(n.Elem); p.write("]") })
	layout(func(p *printer, n *ast.OptionalType) {
		if _, fn := n.Elem.(*ast.FuncType); fn {
			p.write("(") // `fn(): T?` would be a function returning T?
			p.node(n.Elem)
			p.write(")?")
			return
		}
		p.node(n.Elem)
		if _, twice := n.Elem.(*ast.OptionalType); twice {
			p.write(" ") // `T? ?`: `T??` would lex as `??`
		}
		p.write("?")
	})
	layout(func(p *printer, n *ast.TupleType) {
		p.write("(")
		for i, e := range n.Elems {
			if i > 0 {
				p.write(", ")
			}
			p.node(e)
		}
		if len(n.Elems) == 1 {
			p.write(",")
		}
		p.write(")")
	})
	layout(func(p *printer, n *ast.FuncType) {
		if n.Async {
			p.write("async ")
		}
		p.write("fn(")
		for i, t := range n.Params {
			if i > 0 {
				p.write(", ")
			}
			p.node(t)
		}
		p.write(")")
		p.ret(n.Ret)
	})
}

// mapEntry is one `key: value` of a map literal, a line-level element of its list.
type mapEntry struct {
	ast.Span
	key, value ast.Expr
}

// unwrite removes s from the end of the output.
func (p *printer) unwrite(s string) {
	if strings.HasSuffix(string(p.out), s) {
		p.out = p.out[:len(p.out)-len(s)]
	}
}

func (p *printer) typeArgs(ts []ast.Type) {
	if len(ts) == 0 {
		return
	}
	p.write("<")
	for i, t := range ts {
		if i > 0 {
			p.write(", ")
		}
		p.node(t)
	}
	p.write(">")
}

func (p *printer) lambda(n *ast.Lambda) {
	if n.Async {
		p.write("async ")
	}
	// `x => e` stays bare, `(x) => e` keeps its parentheses.
	bare := !n.Fn && len(n.Params) == 1 && n.Params[0].Type == nil && n.Params[0].Default == nil && n.Ret == nil &&
		!strings.Contains(p.src[p.off(n.Pos()):p.off(n.Params[0].Pos())], "(")
	if n.Fn {
		p.write("fn")
	}
	if bare {
		p.node(n.Params[0])
	} else {
		p.params(n.Params)
		p.ret(n.Ret)
	}
	if n.Fn && n.Body != nil {
		p.write(" ")
	} else {
		p.write(" => ")
	}
	if n.Body != nil {
		p.block(n.Body)
	} else {
		p.node(n.ExprBody)
	}
}

func (p *printer) match(n *ast.Match) {
	p.write("match ")
	p.node(n.X)
	p.write(" ")
	if len(n.Arms) == 0 && !p.hasCommentIn(p.off(n.X.EndPos()), p.off(n.EndPos())) {
		p.write("{}")
		return
	}
	if p.oneLine(n) {
		p.write("{ ")
		for i, a := range n.Arms {
			if i > 0 {
				p.write(", ")
			}
			p.arm(a)
		}
		p.write(" }")
		return
	}
	p.write("{")
	p.indent++
	p.opened(n.X.EndPos())
	for _, a := range n.Arms {
		p.lineItem(a, func() {
			p.arm(a)
			if _, block := a.Body.(*ast.BlockExpr); !block {
				p.write(",")
			}
		})
	}
	p.closeBlock(p.off(n.EndPos()) - 1)
	p.indent--
	p.write("}")
}

func (p *printer) arm(a *ast.Arm) {
	p.pattern(a.Pattern, true)
	if a.Guard != nil {
		p.write(" if ")
		p.node(a.Guard)
	}
	p.write(" => ")
	p.node(a.Body)
}
