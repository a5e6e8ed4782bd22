package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// The function given to Parallel.forEach, map, filter or reduce runs on several threads at once,
// each calling it for some of the elements: it is held to the rules of a function given to
// thread.spawn (threadcheck.go). What it captures must be Send (E0701), and it may not change a
// variable of the code around it (E0703), which the other calls change at the same time: a
// total is Parallel.sum's or Parallel.reduce's result, or an atomic.

// parallelFunc gives the function a Parallel call runs on several threads, if it is one.
func (a *analysis) parallelFunc(call *ast.Call) (ast.Expr, bool) {
	ci := a.info.Calls[call]
	if ci == nil || ci.Kind != check.CallStatic {
		return nil, false
	}
	if i := builtin.ParallelFunc(ci.Builtin); i >= 0 && i < len(call.Args) {
		return call.Args[i], true
	}
	return nil, false
}

// checkParallel reports the functions given to Parallel's loops that are not Send or that
// change what they capture.
func (a *analysis) checkParallel() {
	for _, call := range a.calls {
		f, ok := a.parallelFunc(call)
		if !ok || types.IsInvalid(f.TypeOf()) {
			continue
		}
		name := "Parallel." + builtin.Name(a.info.Calls[call].Builtin)
		if fault := a.exprFault(f); fault != nil {
			d := a.diags.Errorf(f.Pos(), f.EndPos(), diag.NotSend, "this function cannot run on several threads at once (`%s`): %s", name, fault.why())
			fault.attach(d).WithHelp("share what the calls use through a thread.Mutex, an atomic or a channel")
			continue
		}
		for _, fi := range a.threadClosures(f) {
			if obj, at := a.outerWrite(fi); obj != nil {
				a.diags.Errorf(at.Pos(), at.EndPos(), diag.ScopeConflict,
					"this function changes the captured variable `%s`, and `%s` calls it on several threads at once", obj.Name, name).
					Note(call.Pos(), "the parallel loop is here").
					WithHelp("give the total as a result: `Parallel.sum(xs)`, `Parallel.reduce(xs, init, f)` or `Parallel.map(xs, f)`; or keep `%s` in an atomic (`thread.Atomic.AtomicI64.new(…)`, changed with `fetch_add`) or a `thread.Mutex`", obj.Name)
			}
		}
	}
}
