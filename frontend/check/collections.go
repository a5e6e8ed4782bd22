package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// emptyVecType is the type of `Collections.Vec<T>()`, an empty [T]: T is the type argument, or
// the element of the array the context expects, or what the program later puts in it.
func (c *checker) emptyVecType(e *ast.Call, expected types.Type) types.Type {
	switch {
	case len(e.TypeArgs) == 1:
		return &types.Array{Elem: c.typeExpr(e.TypeArgs[0])}
	case len(e.TypeArgs) > 1:
		c.errorf(e, "`Collections.Vec` takes 1 type argument, found %d", len(e.TypeArgs))
		return types.InvalidType
	}
	if a, ok := types.Resolve(expected).(*types.Array); ok {
		return a
	}
	return &types.Array{Elem: c.newVar()}
}

// collectionsType is `Collections.HashMap<K, V>` or `Collections.Vec<T>` written in an
// annotation: Map<K, V> and [T]; ok is false for another member.
func (c *checker) collectionsType(t *ast.NamedType, member builtin.ID, scope *types.Scope) (_ types.Type, ok bool) {
	if coll, ok := builtin.CollectionOf(member); ok {
		return c.collectionAnnotation(t, coll, scope), true
	}
	want := map[builtin.ID]int{builtin.CollectionsHashMap: 2, builtin.CollectionsVec: 1}[member]
	if want == 0 {
		return nil, false
	}
	if len(t.Args) != want {
		c.errorf(t, "`%s.%s` takes %d type argument%s", t.Pkg.Name, t.Name.Name, want, diag.Plural(want))
		return types.InvalidType, true
	}
	if member == builtin.CollectionsVec {
		return &types.Array{Elem: c.typeExprIn(t.Args[0], scope)}, true
	}
	return &types.MapT{Key: c.typeExprIn(t.Args[0], scope), Val: c.typeExprIn(t.Args[1], scope)}, true
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
	switch exp := types.HandleOf(expected, coll.Handle); {
	case len(e.TypeArgs) > 0 && len(e.TypeArgs) != want && !(want == 2 && len(e.TypeArgs) == 1):
		c.errorf(e, "`Collections.%s` takes %d type argument%s, found %d", sel(e), want, diag.Plural(want), len(e.TypeArgs))
		h.Elem = types.InvalidType
	case len(e.TypeArgs) > 0:
		for _, a := range e.TypeArgs {
			h.Elem = c.typeExpr(a)
		}
	case exp != nil:
		h.Elem = exp.Elem
	case want > 0:
		h.Elem = c.newVar()
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
		c.args(e, nil, 0, nil)
	}
	ci.Ret = h
	return c.recordCall(e, ci)
}

// sel is the member a call of a static member names (`Queue` of `Collections.Queue()`).
func sel(e *ast.Call) string {
	if s, ok := ast.Unparen(e.Fun).(*ast.Selector); ok {
		return s.Name.Name
	}
	return "?"
}
