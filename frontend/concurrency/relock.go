package concurrency

import (
	"adesh2go/frontend/check"
	"fmt"
	"sort"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// E0708: a lock taken while the same function still holds a guard of it. The lock would wait
// for a guard that is released only after it returns: the task hangs. The flow of guards
// (guardlive.go) says which guards are held at each call; a lock is recognized by the path it
// is reached by (`m`, `self.state`), so two names for one lock are not seen, and nothing is
// refused on a guess.

// lockCall describes a call that takes a lock.
type lockCall struct {
	path      string // the variable and fields the lock is reached by; "" when not a path
	name      string // the same as written, for messages
	exclusive bool   // it excludes every other guard (a mutex, a write lock)
	waits     bool   // it waits for the lock (try_lock does not)
}

// lockOf describes n when it is a call that takes a lock.
func (a *analysis) lockOf(n ast.Node) (lockCall, bool) {
	call, ok := n.(*ast.Call)
	if !ok {
		return lockCall{}, false
	}
	ci := a.info.Calls[call]
	if ci == nil || ci.Kind != check.CallBuiltinMethod {
		return lockCall{}, false
	}
	var l lockCall
	switch ci.Builtin {
	case builtin.MutexLock:
		l.exclusive, l.waits = true, true
	case builtin.MutexTryLock:
		l.exclusive = true
	case builtin.RwLockRead:
		l.waits = true
	case builtin.RwLockWrite:
		l.exclusive, l.waits = true, true
	default:
		return lockCall{}, false
	}
	l.path, l.name = lockPath(ci.Recv)
	return l, l.path != ""
}

// lockPath names the variable and the fields an expression reaches a lock by.
func lockPath(e ast.Expr) (path, name string) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if e.Obj != nil {
			return fmt.Sprintf("%p", e.Obj), e.Name
		}
	case *ast.Selector:
		if p, n := lockPath(e.X); p != "" && !e.DoubleColon {
			return p + "." + e.Name.Name, n + "." + e.Name.Name
		}
	}
	return "", ""
}

// noteRelock records call when it waits for a lock one of the held guards is of.
func (g *guardFlow) noteRelock(call *ast.Call, st guardState) {
	l, ok := g.a.lockOf(call)
	if !ok || !l.waits {
		return
	}
	g.noteHeld(call, st)
	if _, seen := g.relocked[call]; seen {
		return
	}
	for _, h := range st.held {
		if first, ok := g.a.lockOf(h.at); ok && first.path == l.path && (l.exclusive || first.exclusive) {
			g.relocked[call] = h
			return
		}
	}
}

// noteHeld records in Info.LocksHeld the named guards that may be held at the lock call, for
// the run-time check of lock order.
func (g *guardFlow) noteHeld(call *ast.Call, st guardState) {
	if innermostBody(call) != g.fi.Node {
		return // inside a lambda or block of its own: the guards are not its variables
	}
	for _, h := range st.held {
		if h.obj == nil || !types.IsGuard(h.obj.Type) {
			continue
		}
		if decl, scope := g.a.declAt[h.obj], g.a.scopeOf[h.obj]; decl == nil || decl.Pos() > call.Pos() || scope != nil && !g.a.within(call, scope) {
			continue // not a variable the call can reach
		}
		info := g.a.info
		if info.LocksHeld == nil {
			info.LocksHeld = map[*ast.Call][]check.HeldLock{}
		}
		dup := false
		for _, x := range info.LocksHeld[call] {
			dup = dup || x.Guard == h.obj
		}
		if dup {
			continue
		}
		name := h.obj.Name
		if l, ok := g.a.lockOf(h.at); ok {
			name = l.name
		} else if c, ok := h.at.(*ast.Call); ok {
			if ci := info.Calls[c]; ci != nil && ci.Recv != nil {
				if _, n := lockPath(ci.Recv); n != "" {
					name = n
				}
			}
		}
		info.LocksHeld[call] = append(info.LocksHeld[call], check.HeldLock{Guard: h.obj, At: h.at, Name: name})
	}
}

// innermostBody returns the function, lambda or async block whose body holds n, or nil at the
// top level.
func innermostBody(n ast.Node) ast.Node {
	for p := parentOf(n); p != nil; p = parentOf(p) {
		switch p.(type) {
		case *ast.FuncDecl, *ast.Lambda, *ast.AsyncBlock:
			return p
		}
	}
	return nil
}

// checkRelocks reports E0708 in every function that makes or binds a lock guard.
func (a *analysis) checkRelocks() {
	fns := append([]*check.FuncInfo{a.info.Main}, a.info.Funcs...)
	relocked := map[*ast.Call]heldGuard{}
	for _, fi := range fns {
		if a.hasGuards[fi] {
			a.walkGuards(fi, relocked)
		}
	}
	calls := make([]*ast.Call, 0, len(relocked))
	for c := range relocked {
		calls = append(calls, c)
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i].Pos() < calls[j].Pos() })
	for _, call := range calls {
		h := relocked[call]
		l, _ := a.lockOf(call)
		held := "a temporary guard of it lives to the end of the statement"
		release := "take the first lock in a statement of its own"
		if h.obj != nil {
			held = "its guard `" + h.obj.Name + "` is still held"
			release = "call `" + h.obj.Name + ".unlock()` first, or take the first guard in an inner block `{ … }` that ends before"
		}
		d := a.diags.Errorf(call.Pos(), call.EndPos(), diag.LockWhileHeld, "`%s` is locked again while %s: the lock waits for itself and the task hangs", l.name, held)
		d.Note(h.at.Pos(), "`%s` is locked first here", l.name)
		d.WithHelp("use the guard already held, or %s", release)
	}
}
