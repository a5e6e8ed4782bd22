package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// A function given to thread.spawn runs on an OS thread of its own, at the same time as the
// code that spawned it and as other threads. It is checked as a spawned task is: what it
// captures must be Send (E0701), and it may not change a captured variable (E0703), which
// another thread may read or change meanwhile; shared state that threads change is a
// thread.Mutex, an atomic or a channel.

// threadFunc gives the function a call runs on a new thread, if it starts one.
func (a *analysis) threadFunc(call *ast.Call) (ast.Expr, bool) {
	ci := a.info.Calls[call]
	if ci == nil || (ci.Kind != CallStatic && ci.Kind != CallBuiltinMethod) {
		return nil, false
	}
	switch ci.Builtin {
	case builtin.ThreadPoolExecute, builtin.ThreadPoolSubmit: // run on one of the pool's threads
		if len(call.Args) == 1 {
			return call.Args[0], true
		}
	case builtin.ThreadSpawn:
		if len(call.Args) == 1 {
			return call.Args[0], true
		}
	case builtin.ThreadSpawnNamed:
		if len(call.Args) == 2 {
			return call.Args[1], true
		}
	}
	return nil, false
}

// checkThreads reports the functions given to threads that are not Send or that change what
// they capture.
func (a *analysis) checkThreads() {
	for _, call := range a.calls {
		f, ok := a.threadFunc(call)
		if !ok || types.IsInvalid(f.TypeOf()) {
			continue
		}
		if fault := a.exprFault(f); fault != nil {
			d := a.diags.Errorf(f.Pos(), f.EndPos(), diag.NotSend, "this function cannot run on a thread of its own: %s", fault.why())
			fault.attach(d).WithHelp("share what threads use through a thread.Mutex, an atomic or a channel")
			continue
		}
		for _, fi := range a.threadClosures(f) {
			if obj, at := a.outerWrite(fi); obj != nil {
				a.diags.Errorf(at.Pos(), at.EndPos(), diag.ScopeConflict,
					"this thread changes the captured variable `%s`, which other threads may use at the same time", obj.Name).
					Note(call.Pos(), "%s", a.threadStartNote(call)).
					WithHelp("keep `%s` in a `thread.Mutex` (`thread.Mutex.new(…)`, changed with `m.with(fn(v) { … })`) or an atomic (`thread.Atomic.AtomicI64.new(…)`)", obj.Name)
			}
		}
	}
}

// outerWrite finds the first change that a closure makes to a variable declared outside it (a
// local of an enclosing function or a global of the program), and where it makes it.
func (a *analysis) outerWrite(fi *FuncInfo) (obj *types.Object, at ast.Node) {
	ast.Inspect(fi.Node, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if obj != nil || !ok || id.Obj == nil || id.Obj.Kind != types.ObjVar {
			return obj == nil
		}
		if decl := a.declAt[id.Obj]; decl == nil || a.within(decl, fi.Node) {
			return true
		}
		if w := a.writeThrough(id); w != nil {
			obj, at = id.Obj, w
		}
		return true
	})
	return obj, at
}

// threadClosures are the closures a function expression given to a thread may be.
func (a *analysis) threadClosures(f ast.Expr) []*FuncInfo {
	switch x := ast.Unparen(f).(type) {
	case *ast.Lambda:
		if fi := a.info.FuncOf[x]; fi != nil {
			return []*FuncInfo{fi}
		}
	case *ast.Ident:
		return a.closuresOf(x.Obj, map[*types.Object]bool{})
	}
	return nil
}

// threadStartNote says where the function starts running on another thread.
func (a *analysis) threadStartNote(call *ast.Call) string {
	switch a.info.Calls[call].Builtin {
	case builtin.ThreadPoolExecute, builtin.ThreadPoolSubmit:
		return "the pool runs it on one of its threads from here"
	}
	return "the thread is started here"
}
