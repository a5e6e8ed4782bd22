package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// typeOf lowers `typeof(x)`. Where the static type is known the name is a constant, spelled as
// the checker prints types (`Shape`, `[Shape]`, `Box<[string]>`; an element type nothing fixed
// is `any`); x is still evaluated for its effects. A dynamic value, or one whose type mentions a type parameter, is named at run time.
func (l *lowerer) typeOf(b *builder, arg ast.Expr) ir.Expr {
	x := l.expr(b, arg)
	t := arg.TypeOf()
	if types.IsAny(t) {
		return rtCall("DynTypeOf", x) // the interpreter's names (EVERYDAY.md §1, issue 30 item 8)
	}
	if types.Mentions(t, isTypeParam) {
		return rtCall("TypeName", l.toAny(x, t))
	}
	l.discard(b, x, t)
	return &ir.Lit{Text: quote(types.DefaultUnbound(t).String())}
}

// enumTypeMethod is the method of an enum's interface and variants that gives its name type:
// rt looks it up by this name (rt/typename.go).
const enumTypeMethod = "AdeshEnumType"

func isTypeParam(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

// typeNameMethod is the AdeshTypeName method (see rt.TypeNamer) of a struct, or of an enum's
// name type: the AdeshLang name with the type arguments the Go type is instantiated with.
func (l *lowerer) typeNameMethod(def *types.TypeDef, self *ir.TName) *ir.Func {
	var name ir.Expr = &ir.Lit{Text: quote(def.Name)}
	if len(self.Args) > 0 {
		name = &ir.Lit{Text: quote(def.Name + "<")}
		for i, arg := range self.Args {
			if i > 0 {
				name = &ir.Binary{Op: "+", X: name, Y: &ir.Lit{Text: quote(", ")}}
			}
			name = &ir.Binary{Op: "+", X: name, Y: rtCallT("TypeNameFor", []ir.Type{arg})}
		}
		name = &ir.Binary{Op: "+", X: name, Y: &ir.Lit{Text: quote(">")}}
	}
	return &ir.Func{Name: "AdeshTypeName", Recv: &ir.Param{Name: "_", Type: self}, Results: []ir.Type{tString},
		Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{name}}}}}
}

// isStruct reports whether a Go type name of the program names a struct: a state struct or a
// user struct (not an enum's interface).
func (l *lowerer) isStruct(name string) bool {
	for _, n := range l.futNames {
		if n == name {
			return true
		}
	}
	for def, n := range l.typeNames {
		if n == name {
			return !def.Enum
		}
	}
	return false
}
