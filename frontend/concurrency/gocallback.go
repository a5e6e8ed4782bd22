package concurrency

import (
	gotypes "go/types"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// A function given to Go where Go wants a func (`http.HandleFunc("/", (w, r) => …)`,
// `slices.SortFunc(xs, (a, b) => a - b)`) may be called by Go on any goroutine, at any time,
// several at once: its captures are checked as a thread.spawn closure's are (threadcheck.go),
// E0701 for one that is not Send, E0703 for a captured variable it changes.

// goCallbackNote is the note of those diagnostics, at the Go call.
const goCallbackNote = "Go may call it on any goroutine, several at once, from this call on"

// goCallback (run on the final pass's tree, as threadcheck.go) gives the function argument of a Go call (the first, when there are several) that
// is a lambda or a function value of the program.
func goCallback(call *ast.Call, ci *check.CallInfo) (ast.Expr, bool) {
	if ci.Go == nil || ci.Go.Func == nil {
		return nil, false
	}
	for i, a := range call.Args {
		if i >= len(ci.Go.Params) {
			break
		}
		if _, isFunc := ci.Go.Params[i].Underlying().(*gotypes.Signature); !isFunc {
			continue
		}
		if _, ok := types.Resolve(a.TypeOf()).(*types.Func); ok {
			return a, true
		}
	}
	return nil, false
}
