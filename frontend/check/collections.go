package check

import (
	"adesh2go/frontend/ast"
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
