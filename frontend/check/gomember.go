package check

import (
	"go/token"
	gotypes "go/types"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// Values of Go types (GOINTEROP.md §2, §5): their methods, fields and operators, struct
// literals of Go struct types, and Go types in annotations.

// goMethodCall checks `x.Name(args)` on a value of a Go type: a method of its method set (a
// pointer method of an addressable value, as Go allows), or a field holding a func.
func (c *checker) goMethodCall(e *ast.Call, sel *ast.Selector, recv *types.GoT, expected types.Type) (types.Type, bool) {
	obj, _, indirect := gotypes.LookupFieldOrMethod(recv.T, true, nil, sel.Name.Name)
	if obj == nil || !obj.Exported() {
		c.goNoMember(sel.Name, recv, "method")
		c.argsUnchecked(e)
		return types.InvalidType, true
	}
	m, ok := obj.(*gotypes.Func)
	if !ok {
		return nil, false // a field: its value is called
	}
	sig := m.Type().(*gotypes.Signature)
	_, recvIsPtr := recv.T.Underlying().(*gotypes.Pointer)
	if _, ptrMethod := sig.Recv().Type().(*gotypes.Pointer); ptrMethod && !recvIsPtr && !indirect {
		if !goAddressable(sel.X) {
			c.errorf(sel, "`%s` has a pointer receiver: call it on a variable or a field of type `%s`, not on a temporary value", sel.Name.Name, typeString(recv))
			c.argsUnchecked(e)
			return types.InvalidType, true
		}
		// The method may change the value: the variable is changed (as a method of a class
		// with a `self` that changes).
		c.markMutated(sel.X)
	}
	gc := &GoCall{Func: m}
	return c.goFuncCall(e, e.Args, m, gc, goMethodName(typeString(recv), m.Name()), expected), true
}

// goMethodName names a method as Go's method expressions do: `(*bytes.Buffer).Len`, not
// `*bytes.Buffer.Len`.
func goMethodName(recv, method string) string {
	if strings.HasPrefix(recv, "*") {
		recv = "(" + recv + ")"
	}
	return recv + "." + method
}

// goField checks `x.Name` of a value of a Go type: a field of its struct, or a method value.
func (c *checker) goField(e *ast.Selector, recv *types.GoT, derefs []types.Type) types.Type {
	obj, _, _ := gotypes.LookupFieldOrMethod(recv.T, true, nil, e.Name.Name)
	if obj == nil || !obj.Exported() {
		c.goNoMember(e.Name, recv, "field")
		return types.InvalidType
	}
	c.info.Sels[e] = &SelInfo{Kind: SelGoField, GoObj: obj, Derefs: derefs, Recv: recv}
	switch o := obj.(type) {
	case *gotypes.Var:
		return fromGo(o.Type())
	case *gotypes.Func:
		if f := funcFromGo(o.Type().(*gotypes.Signature)); f != nil {
			return f
		}
		c.errorf(e, "the method `%s` of `%s` must be called here", e.Name.Name, typeString(recv))
	}
	return types.InvalidType
}

// goNoMember reports a member a Go type does not have, with the name it may have meant.
func (c *checker) goNoMember(n *ast.Ident, recv *types.GoT, what string) {
	d := c.errorf(n, "`%s` has no exported %s or method `%s`", typeString(recv), what, n.Name)
	var names []string
	ms := gotypes.NewMethodSet(gotypes.NewPointer(recv.T))
	if _, isPtr := recv.T.Underlying().(*gotypes.Pointer); isPtr {
		ms = gotypes.NewMethodSet(recv.T)
	}
	for i := 0; i < ms.Len(); i++ {
		names = append(names, ms.At(i).Obj().Name())
	}
	if st, ok := derefGo(recv.T).Underlying().(*gotypes.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			names = append(names, st.Field(i).Name())
		}
	}
	if guess := closestName(n.Name, names, isExportedName); guess != "" {
		d.WithHelp("did you mean `.%s`?", guess)
	}
}

// goStructLit checks `pkg.T { Field: v }`, a value of a Go struct type.
func (c *checker) goStructLit(e *ast.StructLit, g *types.GoT) types.Type {
	st, ok := g.T.Underlying().(*gotypes.Struct)
	if !ok {
		c.errorf(e.Type, "`%s` is not a Go struct type", typeString(g))
		for _, f := range e.Fields {
			c.expr(f.Value, nil)
		}
		return types.InvalidType
	}
	seen := map[string]bool{}
	for _, f := range e.Fields {
		var field *gotypes.Var
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == f.Name.Name {
				field = st.Field(i)
			}
		}
		if field == nil || !field.Exported() {
			c.goNoMember(f.Name, g, "field")
			c.expr(f.Value, nil)
			continue
		}
		if seen[f.Name.Name] {
			c.errorf(f.Name, "the field `%s` is given twice", f.Name.Name)
		}
		seen[f.Name.Name] = true
		t := c.goArg(f.Value, field.Type())
		if !c.goAssignable(f.Value, t, field.Type()) {
			c.errorf(f.Value, "the field `%s` of `%s` is `%s`, found `%s`", f.Name.Name, typeString(g), types.GoTypeString(field.Type()), typeString(t))
		}
	}
	return g
}

// goTypeName resolves `pkg.Name` in a type annotation: a type of an imported Go package.
func (c *checker) goTypeName(t *ast.NamedType, pkgObj *types.Object) types.Type {
	obj := c.goMember(t.Name, pkgObj.Name, pkgObj.GoPkg.Types, t.Name.Name)
	if obj == nil {
		return types.InvalidType
	}
	tn, ok := obj.(*gotypes.TypeName)
	if !ok {
		c.errorf(t.Name, "`%s.%s` is a Go %s, not a type", pkgObj.Name, t.Name.Name, goObjectKind(obj))
		return types.InvalidType
	}
	if len(t.Args) > 0 {
		c.errorf(t, "unsupported: type arguments of a Go type")
		return types.InvalidType
	}
	return fromGo(tn.Type())
}

// goBinary checks an operator with an operand of a Go type: Go's operators on Go's types
// (`d * 2`, `d1 < d2`, `t1 == t2`), both operands of the one type (an untyped literal took it
// from the other side).
func (c *checker) goBinary(e *ast.Binary, x, y types.Type) types.Type {
	if !types.Identical(x, y) {
		c.errorf(e, "mismatched types: `%s` %s `%s`", typeString(x), e.Op, typeString(y)).
			WithHelp("convert one side with `as`: `n as %s`", typeString(types.GoOf(x)))
		return types.InvalidType
	}
	g := types.GoOf(x)
	b, isBasic := g.T.Underlying().(*gotypes.Basic)
	switch {
	case isComparison(e.Op) && (e.Op == "==" || e.Op == "!="):
		if !gotypes.Comparable(g.T) {
			c.errorf(e, "`%s` values cannot be compared with `%s`", typeString(g), e.Op)
		}
		return types.BoolType
	case isComparison(e.Op) && isBasic && b.Info()&gotypes.IsOrdered != 0:
		return types.BoolType
	case isArith(e.Op) && isBasic && b.Info()&(gotypes.IsNumeric|gotypes.IsString) != 0:
		if e.Op != "+" && b.Info()&gotypes.IsString != 0 {
			break
		}
		return x
	}
	c.errorf(e, "`%s` is not defined on `%s`", e.Op, typeString(g))
	return types.InvalidType
}

// goBasicOf is the basic type underlying a Go type, if it has one (time.Duration: int64).
func goBasicOf(t types.Type) *gotypes.Basic {
	if g := types.GoOf(t); g != nil {
		b, _ := g.T.Underlying().(*gotypes.Basic)
		return b
	}
	return nil
}

func derefGo(t gotypes.Type) gotypes.Type {
	if p, ok := t.Underlying().(*gotypes.Pointer); ok {
		return p.Elem()
	}
	return t
}

// goAddressable reports whether Go can take the address of what e names (a variable, a field),
// which a pointer method of a value needs.
func goAddressable(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x.Obj != nil && (x.Obj.Kind == types.ObjVar || x.Obj.Kind == types.ObjParam)
	case *ast.Selector:
		return true
	}
	return false
}

func isExportedName(name string) bool { return token.IsExported(name) }
