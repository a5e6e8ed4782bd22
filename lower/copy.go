package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// Arrays have value semantics (§6), and so has every value that holds an array: a struct with
// an array field, a tuple, an optional, a Result. Go shares a slice's storage between copies, so
// a value of such a type is copied (deeply, down to its arrays) when it is read from a place
// into another. Enum payloads are never changed in place, so enum values are shared; maps and
// the handles are references by design.

// needsCopy reports whether a copy of a value of t must copy arrays inside it.
func (l *lowerer) needsCopy(t types.Type) bool {
	return needsCopy(t, map[*types.TypeDef]bool{})
}

func needsCopy(t types.Type, visiting map[*types.TypeDef]bool) bool {
	switch u := t.(type) {
	case *types.Array, *types.TypeParam:
		return true
	case *types.Basic:
		return u.Kind == types.Any
	case *types.Var:
		return false // unbound: no value of it exists (see goTypeOf)
	case *types.Optional:
		return needsCopy(u.Elem, visiting)
	case *types.Result:
		return needsCopy(u.Ok, visiting) || needsCopy(u.Err, visiting)
	case *types.Tuple:
		for _, e := range u.Elems {
			if needsCopy(e, visiting) {
				return true
			}
		}
	case *types.Named:
		if u.Def.Enum || visiting[u.Def] {
			return false
		}
		visiting[u.Def] = true
		defer delete(visiting, u.Def)
		for _, f := range types.FieldsOf(u) {
			if needsCopy(f.Type, visiting) {
				return true
			}
		}
	}
	return false
}

// deepCopy copies x, a value of t read from a place, so that it shares no array with the place.
func (l *lowerer) deepCopy(x ir.Expr, t types.Type) ir.Expr {
	if !l.needsCopy(t) {
		return x
	}
	switch u := t.(type) {
	case *types.Array:
		switch {
		case isTypeParamT(u.Elem):
			return rtCall("ArrCloneT", x)
		case l.needsCopy(u.Elem):
			return rtCall("ArrCloneWith", x, l.cloneFunc(u.Elem))
		}
		return rtCall("ArrClone", x)
	case *types.TypeParam:
		return rtCall("CloneT", x)
	case *types.Basic:
		return rtCall("DynClone", x)
	case *types.Optional:
		return rtCall("OptionClone", x, l.cloneFunc(u.Elem))
	case *types.Result:
		return rtCall("ResultClone", x, l.cloneFuncOrNil(u.Ok), l.cloneFuncOrNil(u.Err))
	case *types.Tuple:
		args := []ir.Expr{x}
		for _, e := range u.Elems {
			args = append(args, l.cloneFuncOrNil(e))
		}
		return rtCall(tupleClones[len(u.Elems)], args...)
	case *types.Named:
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "AdeshClone"}}
	}
	return x
}

func isTypeParamT(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

// cloneFunc is a Go function value that copies a value of t.
func (l *lowerer) cloneFunc(t types.Type) ir.Expr {
	gt := l.goTypeOf(t)
	v := &ir.Local{Name: "e_", Type: gt, Param: true}
	return &ir.FuncLit{Params: []*ir.Param{{Name: v.Name, Type: gt}}, Results: []ir.Type{gt},
		Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{l.deepCopy(&ir.Ref{V: v}, t)}}}}}
}

// cloneFuncOrNil is cloneFunc, or nil when values of t need no copy.
func (l *lowerer) cloneFuncOrNil(t types.Type) ir.Expr {
	if !l.needsCopy(t) {
		return &ir.Ident{Name: "nil"}
	}
	return l.cloneFunc(t)
}

// aliasesPlace reports whether e, though not itself a place, gives a value that shares storage
// with one: the element a builtin method reads out of a container, or a choice between such
// values.
func (l *lowerer) aliasesPlace(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Call:
		return l.readsPlace(x)
	case *ast.Cond:
		return isLvalue(x.A) || isLvalue(x.B) || l.aliasesPlace(x.A) || l.aliasesPlace(x.B)
	case *ast.Binary:
		return x.Op == "??" && (isLvalue(x.X) || isLvalue(x.Y) || l.aliasesPlace(x.X) || l.aliasesPlace(x.Y))
	}
	return false
}

// readsPlace reports whether e is a call of a builtin method whose result is what its receiver
// holds (builtin.Aliases: `xs.first()`, `m.get(k)`, `o.unwrap()`).
func (l *lowerer) readsPlace(e ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.Call)
	if !ok {
		return false
	}
	ci := l.info.Calls[x]
	return ci != nil && ci.Kind == check.CallBuiltinMethod && builtin.Of(ci.Builtin).Flags&builtin.Aliases != 0
}

// cloneMethods gives a struct that holds arrays its copy methods: AdeshClone for static code and
// AdeshCloneAny (rt.AnyCloner) for generic code.
func (l *lowerer) cloneMethods(def *types.TypeDef, self *ir.TName) []ir.Decl {
	var stmts []ir.Stmt
	recv := &ir.Local{Name: "v", Type: self, Param: true}
	for _, f := range def.Fields {
		if !l.needsCopy(f.Type) {
			continue
		}
		field := &ir.Sel{X: &ir.Ref{V: recv}, Name: fieldName(f.Name)}
		stmts = append(stmts, &ir.Assign{Lhs: []ir.Expr{field}, Op: "=", Rhs: []ir.Expr{l.deepCopy(field, f.Type)}})
	}
	if len(stmts) == 0 {
		return nil
	}
	stmts = append(stmts, &ir.Return{Results: []ir.Expr{&ir.Ref{V: recv}}})
	return []ir.Decl{
		&ir.Func{Doc: "AdeshClone copies the arrays the value holds (arrays have value semantics).", Name: "AdeshClone",
			Recv: &ir.Param{Name: "v", Type: self}, Results: []ir.Type{self}, Body: &ir.Block{Stmts: stmts}},
		&ir.Func{Name: "AdeshCloneAny", Recv: &ir.Param{Name: "v", Type: self}, Results: []ir.Type{tAnyGo},
			Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{&ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: recv}, Name: "AdeshClone"}}}}}}},
	}
}
