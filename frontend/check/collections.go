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
