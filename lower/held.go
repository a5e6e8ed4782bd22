package lower

// Lock guards and errors. A guard is unlocked where its scope ends, by straight-line code that
// an error (a throw, a failed index) skips; in a synchronous function a guard left locked so
// would hang the next lock() of the program for ever. So a synchronous function that binds
// guards lists them in an rt.Held while they are bound (pushed at the binding, popped by each
// release), and a deferred Unwind unlocks what an error left; a try block unwinds to its mark
// (rt.Held says more). A state machine keeps its guards in its struct and releases them when
// it completes, fails or is cancelled.

// holdGuard pushes the guard binding v on the function's rt.Held.
func (l *lowerer) holdGuard(b *builder, v *Local) {
	if l.fn.async && l.fn.closure == 0 || v.Boxed || v.Field || v.Global || !isGuardType(v.Type) {
		return
	}
	if l.fn.held == nil {
		l.fn.held = &Local{Name: l.fn.names.temp("held"), Type: rtType("Held"), Reads: 1}
	}
	v.HeldBy = l.fn.held
	b.add(&ExprStmt{X: &Call{Fun: &Sel{X: &Ref{V: l.fn.held}, Name: "Push"}, Args: []Expr{&Unary{Op: "&", X: &Ref{V: v}}}}})
}

func isGuardType(t Type) bool {
	n, ok := t.(*TName)
	return ok && n.Pkg == "rt" && (n.Name == "MutexGuard" || n.Name == "ReadGuard" || n.Name == "WriteGuard")
}

// heldPrologue declares the function's rt.Held and defers its Unwind, when it binds guards.
func (l *lowerer) heldPrologue(stmts []Stmt) []Stmt {
	h := l.fn.held
	if h == nil {
		return stmts
	}
	return append([]Stmt{&Define{V: h}, &GoDefer{Call: &Call{Fun: &Sel{X: &Ref{V: h}, Name: "Unwind"}}}}, stmts...)
}

// enterHeldClosure starts the closure of a try block (or of its catch). In a synchronous
// function its guards go on the function's rt.Held; in a state machine, whose own guards live in
// its struct, the closure gets an rt.Held of its own. It returns what leaveHeldClosure restores.
func (l *lowerer) enterHeldClosure() *Local {
	outer := l.fn.held
	if l.fn.async {
		l.fn.held = nil
	}
	return outer
}

// leaveHeldClosure ends the closure and returns the rt.Held its guards went on, if any.
func (l *lowerer) leaveHeldClosure(outer *Local) *Local {
	h := l.fn.held
	if l.fn.async {
		l.fn.held = outer
	}
	return h
}

// heldMark makes the closure of a try block (or of its catch) unlock, when an error leaves it,
// the guards bound inside it: down to the mark it took on entry, in a synchronous function; all
// of its own, in a state machine.
func (l *lowerer) heldMark(stmts []Stmt, h *Local) []Stmt {
	if h == nil {
		return stmts
	}
	if l.fn.async {
		return append([]Stmt{&Define{V: h}, &GoDefer{Call: &Call{Fun: &Sel{X: &Ref{V: h}, Name: "Unwind"}}}}, stmts...)
	}
	mark := &Call{Fun: &Sel{X: &Ref{V: h}, Name: "Mark"}}
	return append([]Stmt{&GoDefer{Call: &Call{Fun: &Sel{X: &Ref{V: h}, Name: "UnwindTo"}, Args: []Expr{mark}}}}, stmts...)
}
