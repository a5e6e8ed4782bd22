package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// A call of an async lambda starts it at once, and it goes on by itself from its first
// suspension (§8): two calls whose futures are not each awaited where they are made run at the
// same time, on any workers (`Promise.all([work(1), work(2)])`). An async lambda that changes a
// variable it captures is then changed by several tasks at once: E0703, as for a thread.

// checkAsyncLambdaCalls reports the async lambdas that change what they capture and are called
// where the call's future is not awaited at once.
func (a *analysis) checkAsyncLambdaCalls() {
	reported := map[*check.FuncInfo]bool{}
	for _, call := range a.calls {
		ci := a.info.Calls[call]
		if ci == nil || ci.Kind != check.CallValue {
			continue
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok || id.Obj == nil {
			continue
		}
		if _, awaited := parentOf(call).(*ast.Await); awaited {
			continue // run to its end before the code goes on
		}
		for _, fi := range a.closuresOf(id.Obj, map[*types.Object]bool{}) {
			if _, lambda := fi.Node.(*ast.Lambda); !lambda || !fi.Async || reported[fi] {
				continue
			}
			obj, at := a.outerWrite(fi)
			if obj == nil {
				continue
			}
			reported[fi] = true
			a.diags.Errorf(at.Pos(), at.EndPos(), diag.ScopeConflict,
				"this async lambda changes `%s`, and its calls may run at the same time", obj.Name).
				Note(call.Pos(), "called here without being awaited: the call goes on by itself while the code runs on, beside the lambda's other calls").
				WithHelp("await each call where it is made, return the value and combine the results (`let vs = await Promise.all([…]);`), or keep `%s` in a `Mutex` (`Mutex::new(…)`) and change it through `lock()`", obj.Name)
		}
	}
}
