package concurrency

import (
	"fmt"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// A function given to thread.spawn runs on an OS thread of its own, at the same time as the
// code that spawned it and as other threads. It is checked as a spawned task is: what it
// captures must be Send (E0701), and it may not change a captured variable (E0703), which
// another thread may read or change meanwhile; shared state that threads change is a
// thread.Mutex, an atomic or a channel.

// threadFuncs gives the functions a call runs on other threads, if it starts any: one, or each
// function of pool.map's array literal (an array held elsewhere is checked as one value).
func (a *analysis) threadFuncs(call *ast.Call) []ast.Expr {
	ci := a.info.Calls[call]
	if ci != nil && ci.Kind == check.CallBuiltinMethod && ci.Builtin == builtin.ThreadPoolMap && len(call.Args) == 1 {
		if lit, ok := ast.Unparen(call.Args[0]).(*ast.ArrayLit); ok {
			return lit.Elems
		}
		return call.Args[:1]
	}
	if f, ok := a.threadFunc(call); ok {
		return []ast.Expr{f}
	}
	return nil
}

// threadFunc gives the function a call runs on a new thread, if it starts one.
func (a *analysis) threadFunc(call *ast.Call) (ast.Expr, bool) {
	ci := a.info.Calls[call]
	if ci != nil && ci.Kind == check.CallGo {
		return goCallback(call, ci) // Go may call it on any goroutine (gocallback.go)
	}
	if ci == nil || (ci.Kind != check.CallStatic && ci.Kind != check.CallBuiltinMethod) {
		return nil, false
	}
	switch ci.Builtin {
	case builtin.ThreadPoolExecute, builtin.ThreadPoolSubmit: // run on one of the pool's threads
		if len(call.Args) == 1 {
			return call.Args[0], true
		}
	case builtin.ThreadSpawn, builtin.ThreadScopeSpawn, builtin.ThreadBuilderSpawn,
		builtin.LazyNew: // run by the first get(), on whichever thread makes it
		if len(call.Args) == 1 {
			return call.Args[0], true
		}
	case builtin.ThreadSpawnNamed, builtin.ThreadScopeSpawnNamed:
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
		for _, f := range a.threadFuncs(call) {
			if !types.IsInvalid(f.TypeOf()) {
				a.checkThreadFunc(call, f)
			}
		}
	}
}

// checkThreadFunc reports a function given to a thread by call that is not Send or that changes
// what it captures.
func (a *analysis) checkThreadFunc(call *ast.Call, f ast.Expr) {
	if fault := a.exprFault(f); fault != nil {
		d := a.diags.Errorf(f.Pos(), f.EndPos(), diag.NotSend, "this function cannot run on a thread of its own: %s", fault.why())
		fault.attach(d).WithHelp("share what threads use through a thread.Mutex, an atomic or a channel")
		return
	}
	for _, id := range a.globalGuardsIn(f) {
		// A global guard is not captured, but the thread still reaches into a lock
		// another thread holds.
		a.diags.Errorf(id.Pos(), id.EndPos(), diag.NotSend, "the global lock guard `%s` cannot be used by a thread of its own: `%s` is a lock guard", id.Name, check.TypeString(id.Obj.Type)).
			Note(call.Pos(), "%s", a.threadStartNote(call)).WithHelp("give the thread the mutex and lock it there")
	}
	for _, fi := range a.threadClosures(f) {
		if obj, at := a.outerWrite(fi); obj != nil {
			a.diags.Errorf(at.Pos(), at.EndPos(), diag.ScopeConflict,
				"this thread changes the captured variable `%s`, which other threads may use at the same time", obj.Name).
				Note(call.Pos(), "%s", a.threadStartNote(call)).
				WithHelp("keep `%s` in a `thread.Mutex` (`thread.Mutex.new(…)`, changed with `m.with(fn(v) { … })`) or an atomic (`thread.Atomic.AtomicI64.new(…)`)", obj.Name).
				WithFixEdits(fmt.Sprintf("Keep `%s` in a thread.Mutex (its uses then go through `%s.with(fn(v) { … })`)", obj.Name, obj.Name), a.mutexEdits(obj)...)
		} else if obj, at := a.writeWhileThreadReads(fi, call); obj != nil {
			a.diags.Errorf(at.Pos(), at.EndPos(), diag.ScopeConflict,
				"this changes `%s` while a thread that reads it may be running", obj.Name).
				Note(call.Pos(), "%s; it is not joined before this change", a.threadStartNote(call)).
				WithHelp("join the thread first (`h.join()`), give the thread its own copy (`let mine = %s;` before starting it), or keep `%s` in a `thread.Mutex` or an atomic", obj.Name, obj.Name).
				WithFixEdits(fmt.Sprintf("Keep `%s` in a thread.Mutex (its uses then go through `%s.with(fn(v) { … })`)", obj.Name, obj.Name), a.mutexEdits(obj)...)
		}
	}
}

// outerWrite finds the first change that a closure makes to a variable declared outside it (a
// local of an enclosing function or a global of the program), and where it makes it.
func (a *analysis) outerWrite(fi *check.FuncInfo) (obj *types.Object, at ast.Node) {
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
func (a *analysis) threadClosures(f ast.Expr) []*check.FuncInfo {
	switch x := ast.Unparen(f).(type) {
	case *ast.Lambda:
		if fi := a.info.FuncOf[x]; fi != nil {
			return []*check.FuncInfo{fi}
		}
	case *ast.Ident:
		if x.Obj != nil && x.Obj.Kind == types.ObjFunc && x.Obj.Global {
			// A top-level fn given by name (`thread.spawn(add)`): what it changes of the
			// program's globals, each thread running it changes at once.
			if fd, ok := x.Obj.Decl.(*ast.FuncDecl); ok && a.info.FuncOf[fd] != nil {
				return []*check.FuncInfo{a.info.FuncOf[fd]}
			}
		}
		return a.closuresOf(x.Obj, map[*types.Object]bool{})
	}
	return nil
}

// writeWhileThreadReads finds a change the spawning function makes to a variable the thread
// reads, at a point where the thread may still run: after the spawn with no join or await in
// between, or earlier in a loop around the spawn (the next round's change) with no join before
// the loop's end. The interpreter runs one thread at a time, so the same program shape is a
// race only here. A change made in another function is not followed.
func (a *analysis) writeWhileThreadReads(fi *check.FuncInfo, call *ast.Call) (*types.Object, ast.Node) {
	spawner := a.funcOf(call)
	seen := map[*types.Object]bool{}
	var obj *types.Object
	var at ast.Node
	ast.Inspect(fi.Node, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if obj != nil || !ok || id.Obj == nil || id.Obj.Kind != types.ObjVar || seen[id.Obj] {
			return obj == nil
		}
		seen[id.Obj] = true
		if decl := a.declAt[id.Obj]; decl == nil || a.within(decl, fi.Node) {
			return true
		}
		for _, u := range a.uses[id.Obj] {
			if a.within(u, fi.Node) || a.funcOf(u) != spawner {
				continue
			}
			if w := a.writeThrough(u); w != nil && a.threadMayRun(call, w, spawner) {
				obj, at = id.Obj, w
				return false
			}
		}
		return true
	})
	return obj, at
}

// threadMayRun reports whether the thread started by call may still run when w runs: w may
// run after the call (later in the body, or earlier in a loop around it, on the next round)
// with no join of a thread and no await in between.
func (a *analysis) threadMayRun(call *ast.Call, w ast.Node, spawner *check.FuncInfo) bool {
	g := a.flow(spawner)
	return g.Reaches(call, a.anchor(g, w), a.waitsForOthers)
}

// waitsForOthers reports whether a node of a body waits for other work: it joins a thread or
// awaits.
func (a *analysis) waitsForOthers(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.Await:
		return true
	case *ast.Call:
		ci := a.info.Calls[n]
		return ci != nil && (ci.Kind == check.CallAwait || ci.Builtin == builtin.JoinHandleJoin)
	}
	return false
}

// threadStartNote says where the function starts running on another thread.
func (a *analysis) threadStartNote(call *ast.Call) string {
	if a.info.Calls[call].Kind == check.CallGo {
		return goCallbackNote
	}
	switch a.info.Calls[call].Builtin {
	case builtin.ThreadPoolExecute, builtin.ThreadPoolSubmit, builtin.ThreadPoolMap:
		return "the pool runs it on one of its threads from here"
	case builtin.LazyNew:
		return "the lazy value is made here: the first `get()` runs its function, on whichever thread calls it"
	}
	return "the thread is started here"
}

// mutexEdits wrap the value obj's `let` declares in a `thread.Mutex` (`thread.Mutex.new(v)`),
// importing `thread` into the declaring file if it does not yet; none when obj is declared
// otherwise. Its uses are left as they are: the checker then shows each one that must change.
func (a *analysis) mutexEdits(obj *types.Object) []diag.Edit {
	let, ok := obj.Decl.(*ast.LetStmt)
	if !ok || let.Value == nil {
		return nil
	}
	var file *ast.File
	for _, f := range a.info.Files {
		if let.Pos() >= f.Start && let.Pos() <= f.End {
			file = f
		}
	}
	if file == nil {
		return nil
	}
	module, imported := "thread", false
	for _, it := range file.Items {
		if imp, ok := it.(*ast.ImportDecl); ok && imp.Module != nil && imp.Module.Name == "thread" {
			imported = true
			if imp.Alias != nil {
				module = imp.Alias.Name
			}
		}
	}
	edits := []diag.Edit{
		{Pos: let.Value.Pos(), End: let.Value.Pos(), Text: module + ".Mutex.new("},
		{Pos: let.Value.EndPos(), End: let.Value.EndPos(), Text: ")"},
	}
	if !imported {
		edits = append([]diag.Edit{{Pos: file.Start, End: file.Start, Text: "import thread;\n"}}, edits...)
	}
	return edits
}
