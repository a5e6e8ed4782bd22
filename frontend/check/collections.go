package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// collectionsType is `Collections.Queue<T>` (or Vec<T>, HashMap<K, V>, BitSet) written in an
// annotation; ok is false for another member.
func (c *checker) collectionsType(t *ast.NamedType, member builtin.ID, scope *types.Scope) (_ types.Type, ok bool) {
	if coll, ok := builtin.CollectionOf(member); ok {
		return c.collectionAnnotation(t, coll, scope), true
	}
	return nil, false
}

// collectionAnnotation is `Collections.Queue<T>` (or BTreeMap<K, V>, BitSet) written in an
// annotation: the shared object's handle. A map's key type is accepted and says nothing (its
// keys are of any type, by their text).
func (c *checker) collectionAnnotation(t *ast.NamedType, coll builtin.Collection, scope *types.Scope) types.Type {
	want := collectionTypeArgs(coll.Handle)
	if len(t.Args) != want {
		c.errorf(t, "`%s.%s` takes %d type argument%s", t.Pkg.Name, t.Name.Name, want, diag.Plural(want))
		return types.InvalidType
	}
	var elems []types.Type
	for _, a := range t.Args {
		elems = append(elems, c.typeExprIn(a, scope))
	}
	h := &types.Handle{Kind: coll.Handle}
	if want > 0 {
		h.Elem = elems[want-1]
	}
	return h
}

// collectionTypeArgs is the number of type arguments a shared object of kind k takes.
func collectionTypeArgs(k types.HandleKind) int {
	switch {
	case k == types.BitSetH:
		return 0
	case k.IsCollectionMap():
		return 2
	}
	return 1
}

// collectionNew checks `Collections.Queue<T>()` and the other shared objects' constructors: T
// is the type argument (a map's value type, after its key type), or the element of the handle
// the context expects, or what the program later puts in it.
func (c *checker) collectionNew(e *ast.Call, ci *CallInfo, coll builtin.Collection, expected types.Type) types.Type {
	h := &types.Handle{Kind: coll.Handle}
	want := collectionTypeArgs(coll.Handle)
	named := typeNameArgs(e, coll.Handle, want)
	switch exp := types.HandleOf(expected, coll.Handle); {
	case len(e.TypeArgs) > 0 && len(e.TypeArgs) != want && !(want == 2 && len(e.TypeArgs) == 1):
		c.errorf(e, "`Collections.%s` takes %d type argument%s, found %d", sel(e), want, diag.Plural(want), len(e.TypeArgs))
		h.Elem = types.InvalidType
	case len(e.TypeArgs) > 0:
		for _, a := range e.TypeArgs {
			h.Elem = c.typeExpr(a)
		}
	case len(named) > 0:
		// `Collections.Vec("i32")`: a string first argument is the type argument.
		for _, t := range named {
			h.Elem = c.typeExpr(t)
		}
	case exp != nil:
		h.Elem = exp.Elem
	case want > 0:
		v := c.newVar()
		c.dynVars = append(c.dynVars, v)
		h.Elem = v
	}
	switch coll.Handle {
	case types.BitSetH:
		h.Elem = nil
		c.args(e, nil, 0, nil)
	case types.RingBufferH:
		c.args(e, ts(types.I64), 1, nil) // its capacity
		ci.Params = ts(types.I64)
	case types.SliceH:
		// Slice(xs, start?, end?) copies the elements of an array between the bounds.
		ci.Params = ts(&types.Array{Elem: h.Elem}, types.I64, types.I64)
		c.args(e, ci.Params, 1, nil)
	default:
		ci.Params = make([]types.Type, len(named))
		for i := range named {
			ci.Params[i] = types.StringType
		}
		c.args(e, ci.Params, 0, nil)
	}
	ci.Ret = h
	return c.recordCall(e, ci)
}

// typeNameArgs are the string literals a constructor without type arguments is given in their
// place, `Collections.Vec("i32")`, `Collections.HashMap("string", "i64")`, as types.
func typeNameArgs(e *ast.Call, k types.HandleKind, want int) []ast.Type {
	if len(e.TypeArgs) > 0 || want == 0 || k == types.RingBufferH || k == types.SliceH || len(e.Args) > want {
		return nil
	}
	var out []ast.Type
	for _, a := range e.Args {
		lit, ok := ast.Unparen(a).(*ast.StringLit)
		if !ok || !isTypeName(lit.Value) {
			return nil
		}
		out = append(out, &ast.NamedType{Span: lit.Span, Name: &ast.Ident{Span: lit.Span, Name: lit.Value}})
	}
	return out
}

// isTypeName reports whether s is spelled as a type's name: a letter or _, then letters,
// digits or _.
func isTypeName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// sel is the member a call of a static member names (`Queue` of `Collections.Queue()`).
func sel(e *ast.Call) string {
	if s, ok := ast.Unparen(e.Fun).(*ast.Selector); ok {
		return s.Name.Name
	}
	return "?"
}
