package emitgo

import (
	"fmt"
	"slices"

	"adesh2go/lower"
)

// Expressions, after go/printer's expr1: prec1 is the precedence the context binds with, depth
// the nesting that decides binary spacing (binary.go).

func (p *printer) expr(x lower.Expr) { p.expr1(x, lowestPrec, 1) }

func (p *printer) exprList(xs []lower.Expr, depth int) {
	for i, x := range xs {
		if i > 0 {
			p.str(", ")
		}
		p.expr1(x, lowestPrec, depth)
	}
}

func (p *printer) expr1(x lower.Expr, prec1, depth int) {
	switch x := x.(type) {
	case *lower.Ref:
		p.ref(x.V)
	case *lower.Ident:
		p.qual(x.Pkg, x.Name)
		p.typeArgs(x.TypeArgs)
	case *lower.Lit:
		if x.Text != "" {
			p.separate(x.Text[0])
		}
		p.str(x.Text)
	case *lower.Call:
		if len(x.Args) > 1 {
			depth++
		}
		p.primary(x.Fun, depth)
		p.typeArgs(x.TypeArgs)
		p.byte('(')
		p.exprList(x.Args, depth)
		if x.Ellipsis && len(x.Args) > 0 {
			p.str("...")
		}
		p.byte(')')
	case *lower.Sel:
		p.primary(x.X, depth)
		p.byte('.')
		p.str(x.Name)
	case *lower.Index:
		p.primary(x.X, 1)
		p.byte('[')
		p.expr1(x.Index, lowestPrec, depth+1)
		p.byte(']')
	case *lower.SliceExpr:
		p.primary(x.X, 1)
		p.byte('[')
		// Blanks around the colon when both bounds are there and one is a binary expression.
		blanks := depth <= 1 && x.Lo != nil && x.Hi != nil && (isBinary(x.Lo) || isBinary(x.Hi))
		if x.Lo != nil {
			p.expr1(x.Lo, lowestPrec, depth+1)
			if blanks {
				p.byte(' ')
			}
		}
		p.byte(':')
		if x.Hi != nil {
			if blanks {
				p.byte(' ')
			}
			p.expr1(x.Hi, lowestPrec, depth+1)
		}
		p.byte(']')
	case *lower.Unary:
		if unaryPrec < prec1 {
			p.paren(x, depth)
			return
		}
		p.separate(x.Op[0])
		p.op(x.Op)
		if isBinary(x.X) {
			p.paren(x.X, depth)
			return
		}
		p.expr1(x.X, unaryPrec, depth)
	case *lower.Binary:
		if precedence(x.Op) < prec1 {
			p.paren(x, depth)
			return
		}
		p.binary(x, depth)
	case *lower.Composite:
		if _, named := x.Type.(*lower.TName); named && p.parenLiterals {
			p.parenLiterals = false
			p.byte('(')
			p.expr1(x, lowestPrec, depth)
			p.byte(')')
			p.parenLiterals = true
			return
		}
		p.typ(x.Type)
		p.byte('{')
		if x.Fields != nil {
			for i, kv := range x.Fields {
				if i > 0 {
					p.str(", ")
				}
				p.str(kv.Key)
				p.str(": ")
				p.expr(kv.Value)
			}
		} else {
			p.exprList(x.Elems, 1)
		}
		p.byte('}')
	case *lower.FuncLit:
		defer func(in bool) { p.parenLiterals = in }(p.parenLiterals)
		p.parenLiterals = false // its statements are no header
		start := len(p.out)
		p.str("func")
		p.signature(x.Params, x.Results, "")
		p.funcBody(x.Body.Stmts, len(p.out)-start)
	case *lower.TypeAssert:
		p.primary(x.X, depth)
		p.str(".(")
		p.typ(x.Type)
		p.byte(')')
	case *lower.Conv:
		switch x.Type.(type) {
		case *lower.TPtr, *lower.TFunc:
			p.byte('(')
			p.typ(x.Type)
			p.byte(')')
		default:
			p.typ(x.Type)
		}
		p.byte('(')
		p.expr1(x.X, lowestPrec, depth)
		p.byte(')')
	case *lower.Paren:
		if _, ok := x.X.(*lower.Paren); ok {
			p.expr1(x.X, lowestPrec, depth) // gofmt drops doubled parentheses
			return
		}
		p.paren(x.X, depth)
	case *lower.TypeExpr:
		p.typ(x.Type)
	default:
		panic(fmt.Sprintf("emitgo: unknown expression %T", x))
	}
}

// primary prints the operand of a selector, an index, a call or an assertion, in parentheses
// when it is an operator expression (`(*p).x`, not `*p.x`).
func (p *printer) primary(x lower.Expr, depth int) {
	switch x := x.(type) {
	case *lower.Unary, *lower.Binary:
		p.paren(x, depth)
		return
	case *lower.Conv:
		if _, ok := x.Type.(*lower.TPtr); ok {
			p.paren(x, depth)
			return
		}
	}
	p.expr1(x, highestPrec, depth)
}

// ref prints a use of a local: a field of the state struct, a boxed variable, or a plain name.
func (p *printer) ref(v *lower.Local) {
	if !v.Boxed {
		p.place(v)
		return
	}
	p.str("(*")
	p.place(v)
	p.byte(')')
}

// place prints where a local lives: its name, or the state struct's field.
func (p *printer) place(v *lower.Local) {
	if v.Field {
		p.str(Receiver + ".")
	}
	p.str(v.Name)
}

// qual prints a name, qualified by its package: rt, or a standard package.
func (p *printer) qual(pkg, name string) {
	switch pkg {
	case "":
	case "rt":
		p.used[p.rt] = true
		p.str("rt.")
	default:
		p.used[pkg] = true
		p.str(pkg)
		p.byte('.')
	}
	p.str(name)
}

// multiLine reports whether x prints on more than one line: whether it holds a function
// literal with statements.
func multiLine(x lower.Expr) bool {
	if f, ok := x.(*lower.FuncLit); ok {
		return len(f.Body.Stmts) > 0
	}
	return someOperand(x, multiLine)
}

// someOperand reports whether f holds for an expression x is made of (not a function
// literal's statements).
func someOperand(x lower.Expr, f func(lower.Expr) bool) bool {
	switch x := x.(type) {
	case *lower.Call:
		return f(x.Fun) || slices.ContainsFunc(x.Args, f)
	case *lower.Sel:
		return f(x.X)
	case *lower.Index:
		return f(x.X) || f(x.Index)
	case *lower.SliceExpr:
		return f(x.X) || x.Lo != nil && f(x.Lo) || x.Hi != nil && f(x.Hi)
	case *lower.Unary:
		return f(x.X)
	case *lower.Binary:
		return f(x.X) || f(x.Y)
	case *lower.Composite:
		if slices.ContainsFunc(x.Elems, f) {
			return true
		}
		for _, kv := range x.Fields {
			if f(kv.Value) {
				return true
			}
		}
	case *lower.TypeAssert:
		return f(x.X)
	case *lower.Conv:
		return f(x.X)
	case *lower.Paren:
		return f(x.X)
	}
	return false
}
