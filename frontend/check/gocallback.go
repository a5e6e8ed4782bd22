package check

import (
	gotypes "go/types"

	"adesh2go/frontend/ast"
)

// A function given to Go where Go wants a func may be called by Go on any goroutine, at any
// time, several at once: package concurrency checks its captures (gocallback.go there).

// asyncGoLambda refuses an async lambda where Go wants a func (and reports that it did): Go
// would call it and drop the future it makes, never running its body. (E0700 for an `await`
// in a sync one is the checker's own.)
func (c *checker) asyncGoLambda(a ast.Expr, p gotypes.Type) bool {
	if _, isFunc := p.Underlying().(*gotypes.Signature); !isFunc {
		return false
	}
	if lam, ok := ast.Unparen(a).(*ast.Lambda); ok && lam.Async {
		c.errorf(a, "an async function cannot be given to Go: Go calls it and does not await it").
			WithHelp("give a function that is not async; it may start a task with `spawn`")
		return true
	}
	return false
}
