package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// collectionsHook lowers the members of Parallel that their rows do not: Parallel.sum picks
// rt's function by the element type (dynamic elements are added with the rules of +).
func (l *lowerer) collectionsHook(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	switch ci.Builtin {
	case builtin.ParallelSum:
		xs := l.builtinArgAs(b, e, ci, 0, builtin.Plain)
		if types.IsAny(types.Resolve(e.Args[0].TypeOf()).(*types.Array).Elem) {
			return rtCall("ParallelSumDyn", xs, l.pos(e))
		}
		return rtCall("ParallelSum", xs, l.pos(e))
	}
	return l.noLowering(e, ci)
}
