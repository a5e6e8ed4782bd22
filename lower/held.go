package lower

import "adesh2go/lower/ir"

// Lock guards, shares and errors. A guard is unlocked (a share released) where its scope ends,
// by straight-line code that an error (a throw, a failed index) skips; in a synchronous function
// a guard left locked so would hang the next lock() of the program for ever, and a share would
// keep its count. So a synchronous function that binds guards or shares lists them in an
// rt.Held while they are bound (pushed at the binding, popped by each release), and a deferred
// Unwind releases what an error left; a try block unwinds to its mark (rt.Held says more). A
// state machine keeps its guards and shares in its struct and releases them when it completes,
// fails or is cancelled.

// holdOwned records that the function owns the guard, share or weak-reference binding v, and
// pushes it on the function's rt.Held.
func (l *lowerer) holdOwned(b *builder, v *ir.Local) {
	v.Owned = true
	if !l.fn.holding || v.Boxed || v.Field || v.Global {
		return
	}
	held := heldRef(v)
	if held == nil {
		return
	}
	if l.fn.held == nil {
		l.fn.held = &ir.Local{Name: l.fn.names.temp("held"), Type: rtType("Held"), Reads: 1}
	}
	v.HeldBy = l.fn.held
	b.add(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: l.fn.held}, Name: "Push"}, Args: []ir.Expr{held}}})
}

// heldRef is what an rt.Held records for the variable v (`&g`, `rt.HoldRef(&s)`), or nil
// when v holds no lock or count.
func heldRef(v *ir.Local) ir.Expr {
	addr := &ir.Unary{Op: "&", X: &ir.Ref{V: v}}
	switch {
	case isGuardType(v.Type):
		return addr
	case isShareType(v.Type, "Share"), isShareType(v.Type, "Weak"):
		return rtCall("HoldRef", addr)
	case isOptionOfHeld(v.Type):
		return rtCall("HoldOption", addr)
	}
	return nil
}

// isOptionOfHeld reports whether t is rt.Option of a guard, a share or a weak reference.
func isOptionOfHeld(t ir.Type) bool {
	n, ok := t.(*ir.TName)
	if !ok || n.Pkg != "rt" || n.Name != "Option" || len(n.Args) != 1 {
		return false
	}
	e := n.Args[0]
	return isGuardType(e) || isShareType(e, "Share") || isShareType(e, "Weak")
}

func isGuardType(t ir.Type) bool {
	n, ok := t.(*ir.TName)
	return ok && n.Pkg == "rt" && (n.Name == "MutexGuard" || n.Name == "ReadGuard" || n.Name == "WriteGuard")
}

// isShareType reports whether t is *rt.Share[…] (kind "Share") or *rt.Weak[…] ("Weak").
func isShareType(t ir.Type, kind string) bool {
	p, ok := t.(*ir.TPtr)
	if !ok {
		return false
	}
	n, ok := p.Elem.(*ir.TName)
	return ok && n.Pkg == "rt" && n.Name == kind
}

// heldPrologue declares the function's rt.Held and defers its Unwind, when it binds guards.
func (l *lowerer) heldPrologue(stmts []ir.Stmt) []ir.Stmt {
	h := l.fn.held
	if h == nil {
		return stmts
	}
	return append([]ir.Stmt{&ir.Define{V: h}, &ir.GoDefer{Call: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: h}, Name: "Unwind"}}}}, stmts...)
}

// releaseHeldSince releases, each only if it still holds something, the guards, shares and
// weak references of the locals declared since the index start of the function's locals.
func (l *lowerer) releaseHeldSince(start int) []ir.Stmt {
	var out []ir.Stmt
	for _, v := range l.fn.locals[start:] {
		if !v.Owned || v.Boxed || v.Global {
			continue
		}
		var rel ir.Stmt = releaseStmt(v)
		if _, isPtr := v.Type.(*ir.TPtr); isPtr {
			rel = &ir.If{Cond: &ir.Binary{Op: "!=", X: &ir.Ref{V: v}, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: []ir.Stmt{rel}}}
		}
		out = append(out, rel)
	}
	return out
}

// enterHeldClosure starts the closure of a try block (or of its catch). In a synchronous
// function its guards go on the function's rt.Held; in a state machine, whose own guards live in
// its struct, the closure gets an rt.Held of its own. It returns what leaveHeldClosure restores.
func (l *lowerer) enterHeldClosure() heldSaved {
	saved := heldSaved{l.fn.held, l.fn.holding}
	if l.fn.async {
		l.fn.held, l.fn.holding = nil, true
	}
	return saved
}

// heldSaved is what enterHeldClosure replaced.
type heldSaved struct {
	held    *ir.Local
	holding bool
}

// leaveHeldClosure ends the closure and returns the rt.Held its guards went on, if any.
func (l *lowerer) leaveHeldClosure(outer heldSaved) *ir.Local {
	h := l.fn.held
	if l.fn.async {
		l.fn.held, l.fn.holding = outer.held, outer.holding
	}
	return h
}

// heldMark makes the closure of a try block (or of its catch) unlock, when an error leaves it,
// the guards bound inside it: down to the mark it took on entry, in a synchronous function; all
// of its own, in a state machine.
func (l *lowerer) heldMark(stmts []ir.Stmt, h *ir.Local) []ir.Stmt {
	if h == nil {
		return stmts
	}
	if l.fn.async {
		return append([]ir.Stmt{&ir.Define{V: h}, &ir.GoDefer{Call: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: h}, Name: "Unwind"}}}}, stmts...)
	}
	mark := &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: h}, Name: "Mark"}}
	return append([]ir.Stmt{&ir.GoDefer{Call: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: h}, Name: "UnwindTo"}, Args: []ir.Expr{mark}}}}, stmts...)
}
