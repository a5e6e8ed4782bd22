package emitgo

import (
	"fmt"
	"reflect"

	"github.com/dave/jennifer/jen"

	"adesh2go/lower/ir"
)

func (e *emitter) exprs(xs []ir.Expr) []jen.Code {
	out := make([]jen.Code, len(xs))
	for i, x := range xs {
		out[i] = e.expr(x)
	}
	return out
}

func (e *emitter) expr(x ir.Expr) *jen.Statement {
	switch x := x.(type) {
	case *ir.Ref:
		return e.ref(x.V)
	case *ir.Ident:
		s := e.qual(x.Pkg, x.Name, identName)
		if len(x.TypeArgs) > 0 {
			s.Index(jen.List(e.types(x.TypeArgs)...))
		}
		return s
	case *ir.Lit:
		return e.literal(x.Text)
	case *ir.Call:
		s := e.primary(x.Fun)
		if len(x.TypeArgs) > 0 {
			s.Index(jen.List(e.types(x.TypeArgs)...))
		}
		args := e.exprs(x.Args)
		if x.Ellipsis && len(args) > 0 {
			args[len(args)-1] = jen.Add(args[len(args)-1]).Op("...")
		}
		return s.Call(args...)
	case *ir.Sel:
		return e.primary(x.X).Dot(e.member(x.Name))
	case *ir.Index:
		return e.primary(x.X).Index(e.expr(x.Index))
	case *ir.SliceExpr:
		lo, hi := jen.Null(), jen.Null()
		if x.Lo != nil {
			lo = e.expr(x.Lo)
		}
		if x.Hi != nil {
			hi = e.expr(x.Hi)
		}
		return e.primary(x.X).Index(lo.Op(":").Add(hi))
	case *ir.Unary:
		if isBinary(x.X) {
			return jen.Op(x.Op).Parens(e.expr(x.X))
		}
		return jen.Op(x.Op).Add(e.expr(x.X))
	case *ir.Binary:
		return e.operand(x.X, x.Op, false).Op(x.Op).Add(e.operand(x.Y, x.Op, true))
	case *ir.Composite:
		return e.composite(x, nil)
	case *ir.FuncLit:
		defer func(in bool) { e.parenLiterals = in }(e.parenLiterals)
		e.parenLiterals = false // its statements are no header
		return jen.Func().Params(e.params(x.Params)...).Add(e.results(x.Results)).Block(e.stmts(x.Body.Stmts)...)
	case *ir.TypeAssert:
		return e.primary(x.X).Assert(e.typ(x.Type))
	case *ir.Conv:
		switch x.Type.(type) {
		case *ir.TPtr, *ir.TFunc:
			return jen.Parens(e.typ(x.Type)).Call(e.expr(x.X))
		}
		return e.typ(x.Type).Call(e.expr(x.X))
	case *ir.Paren:
		return jen.Parens(e.expr(x.X))
	case *ir.TypeExpr:
		return e.typ(x.Type)
	}
	panic(fmt.Sprintf("emitgo: unknown expression %T", x))
}

// composite builds a composite literal. Inside a literal of element type elem, an element of
// that same type leaves its type out, as gofmt -s writes it.
func (e *emitter) composite(x *ir.Composite, elem ir.Type) *jen.Statement {
	var s *jen.Statement
	switch {
	case elem != nil && reflect.DeepEqual(x.Type, elem):
		s = jen.Null()
	case e.parenLiterals && isNamed(x.Type):
		e.parenLiterals = false
		defer func() { e.parenLiterals = true }()
		return jen.Parens(e.composite(x, nil))
	default:
		s = e.typ(x.Type)
	}
	if x.Fields != nil {
		items := make([]jen.Code, len(x.Fields))
		for i, kv := range x.Fields {
			items[i] = jen.Id(e.member(kv.Key)).Op(":").Add(e.expr(kv.Value))
		}
		return s.Values(items...)
	}
	var inner ir.Type
	if sl, ok := x.Type.(*ir.TSlice); ok {
		inner = sl.Elem
	}
	items := make([]jen.Code, len(x.Elems))
	for i, el := range x.Elems {
		if c, ok := el.(*ir.Composite); ok && inner != nil {
			items[i] = e.composite(c, inner)
			continue
		}
		items[i] = e.expr(el)
	}
	return s.Values(items...)
}

func isNamed(t ir.Type) bool {
	_, ok := t.(*ir.TName)
	return ok
}

func isBinary(x ir.Expr) bool {
	_, ok := x.(*ir.Binary)
	return ok
}

// precedence is Go's binary operator precedence.
func precedence(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "==", "!=", "<", "<=", ">", ">=":
		return 3
	case "+", "-", "|", "^":
		return 4
	}
	return 5
}

// parenthesized reports whether an operand of a binary expression needs parentheses: where Go
// would otherwise group it differently.
func parenthesized(x ir.Expr, parent string, right bool) bool {
	b, ok := x.(*ir.Binary)
	if !ok {
		return false
	}
	p, pp := precedence(b.Op), precedence(parent)
	return p < pp || right && p == pp
}

// operand builds one side of a binary expression.
func (e *emitter) operand(x ir.Expr, parent string, right bool) *jen.Statement {
	if parenthesized(x, parent, right) {
		return jen.Parens(e.expr(x))
	}
	return e.expr(x)
}

// primary builds the operand of a selector, an index, a call or an assertion, in parentheses
// when it is an operator expression (`(*p).x`, not `*p.x`).
func (e *emitter) primary(x ir.Expr) *jen.Statement {
	if wrapped(x) {
		return jen.Parens(e.expr(x))
	}
	return e.expr(x)
}

// ref builds a use of a local: a field of the state struct, a boxed variable, or a plain name.
func (e *emitter) ref(v *ir.Local) *jen.Statement {
	var s *jen.Statement
	switch {
	case v.Field:
		s = jen.Id(Receiver).Dot(e.member(v.Name))
	case v.Global:
		s = e.pkgLevel(v.Name, globalName)
	default:
		s = jen.Id(v.Name)
	}
	if v.Boxed {
		return jen.Parens(jen.Op("*").Add(s))
	}
	return s
}

// qual builds a name, qualified by its package: rt, a standard package, or (in a split
// program) another part.
func (e *emitter) qual(pkg, name string, kind nameKind) *jen.Statement {
	switch pkg {
	case "":
		return e.pkgLevel(name, kind)
	case "rt":
		pkg = e.rt
	}
	e.used[pkg] = true
	return jen.Qual(pkg, name)
}
