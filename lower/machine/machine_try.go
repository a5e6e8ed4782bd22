package machine

import "adesh2go/lower/ir"

// try/catch/finally in a state machine: a try whose body awaits is a region of cases whose
// errors catch_ sends to the handler case; a finally is exploded once and entered with an exit
// code from every way out of the body and the catch.

// mfin is a finally block being exploded around a try body and its catch. Every way out of them
// (falling off the end, an error, a return, a break or continue of a loop outside) sets code and
// enters start; after the finally, a switch on code goes on the way it was going.
type mfin struct {
	code  *ir.Local // 0: go on after the try; 1: throw err again; 2: return; 3…: exits[code-3]
	err   *ir.Local // the error to throw again once the finally has run
	start *mcase
	exits []*finExit
	// returns is set when a return leaves through the finally.
	returns bool
}

// finExit is a jump out of a try with a finally: a return (to nil) or a break or continue.
type finExit struct {
	to   *mcase // nil for a return
	fins int    // the finallys that stay around the target
}

const (
	finNext    = 0
	finRethrow = 1
	finReturn  = 2
)

// explodeTry explodes a try whose body awaits: the cases of its body are a region whose errors
// the Poll wrapper sends to the handler case. A finally is exploded once; every way out of the
// body and the catch goes through it (see mfin).
func (m *machine) explodeTry(s *ir.Try) {
	if m.err == nil {
		m.err = &ir.Local{Name: "err_", Type: &ir.TPtr{Elem: rtType("Thrown")}, Field: true}
	}
	var fin *mfin
	if s.Finally != nil {
		m.nfin++
		n := ir.Itoa(m.nfin)
		fin = &mfin{
			code: &ir.Local{Name: "fin" + n + "_", Type: tInt, Field: true},
			err:  &ir.Local{Name: "finErr" + n + "_", Type: m.err.Type, Field: true},
		}
		m.extra = append(m.extra, fin.code, fin.err)
		fin.start = m.newCase()
		fin.start.about = "finally of the try" + at(s.Line)
	}
	outer := m.try
	handler := &mcase{resumed: true, about: "catch of the try" + at(s.Line)}
	t := &mtry{handler: handler, outer: outer}
	after := m.newCase()
	after.about = "after the try" + at(s.Line)
	if fin != nil {
		m.fins = append(m.fins, fin)
	}
	m.try = t
	start := m.newCase()
	start.about = "body of the try" + at(s.Line)
	m.jump(start)
	m.cur = start
	m.explode(s.Body.Stmts)
	m.try = outer
	m.leaveTry(fin, after)
	// The handler.
	m.addCase(handler)
	m.cur = handler
	caught := &ir.Local{Name: "thrown_", Type: m.err.Type, Reads: 2}
	m.emit(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: caught}}, Op: ":=", Rhs: []ir.Expr{&ir.Ref{V: m.err}}},
		&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: m.err}}, Op: "=", Rhs: []ir.Expr{&ir.Ident{Name: "nil"}}})
	switch {
	case s.Catch != nil:
		var rethrow *mcase
		if fin != nil {
			// An error in the catch runs the finally, then goes on.
			rethrow = &mcase{resumed: true, about: "error in the catch of the try" + at(s.Line)}
			m.try = &mtry{handler: rethrow, outer: outer}
			m.cur.try = m.try
		}
		if s.Err != nil {
			m.explodeStmt(&ir.Define{V: s.Err, Value: &ir.Sel{X: &ir.Ref{V: caught}, Name: "Err"}})
		} else {
			m.emit(ir.Blank(caught))
		}
		m.explode(m.reachableReleases(s.Catch.Stmts))
		m.try = outer
		m.leaveTry(fin, after)
		if rethrow != nil {
			m.addCase(rethrow)
			m.cur = rethrow
			m.emit(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: fin.err}}, Op: "=", Rhs: []ir.Expr{&ir.Ref{V: m.err}}},
				&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: m.err}}, Op: "=", Rhs: []ir.Expr{&ir.Ident{Name: "nil"}}})
			m.enterFinally(fin, finRethrow)
		}
	case fin != nil:
		m.emit(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: fin.err}}, Op: "=", Rhs: []ir.Expr{&ir.Ref{V: caught}}})
		m.enterFinally(fin, finRethrow)
	default:
		m.emit(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "panic"}, Args: []ir.Expr{&ir.Ref{V: caught}}}})
		m.cur = nil
	}
	if fin != nil {
		m.explodeFinally(fin, s.Finally.Stmts, after)
	}
	m.cur = after
}

// reachableReleases drops, from the releases a catch starts with (what the body held when it
// threw, lower's releaseHeldSince), those of the body's locals that stayed Go locals of a block
// the machine left whole (no await in it): the handler cannot name them, and the error left
// their block before it could release them.
func (m *machine) reachableReleases(stmts []ir.Stmt) []ir.Stmt {
	out := stmts[:0:0]
	for i, st := range stmts {
		if _, runsDefers := st.(*ir.Defer); runsDefers {
			out = append(out, st) // (the body's defers run first)
			continue
		}
		v := releasedLocal(st)
		if v == nil {
			return append(out, stmts[i:]...)
		}
		if m.locals[v] || v.Field || v.Param || v.Global {
			out = append(out, st)
		}
	}
	return out
}

// releasedLocal is the local a release statement releases (`v.Release()`, or the same under
// `if v != nil`), or nil for any other statement.
func releasedLocal(st ir.Stmt) *ir.Local {
	switch st := st.(type) {
	case *ir.Release:
		return st.V
	case *ir.If:
		if st.Else == nil && st.Then != nil && len(st.Then.Stmts) == 1 {
			if r, ok := st.Then.Stmts[0].(*ir.Release); ok {
				return r.V
			}
		}
	}
	return nil
}

// addCase appends a case made ahead of time (a handler) to the machine.
func (m *machine) addCase(c *mcase) {
	c.id = len(m.cases)
	c.try = m.try
	m.cases = append(m.cases, c)
}

// leaveTry ends a try body or catch that falls off its end: through the finally, if any.
func (m *machine) leaveTry(fin *mfin, after *mcase) {
	if fin == nil {
		m.jump(after)
		return
	}
	m.enterFinally(fin, finNext)
}

// enterFinally sets the finally's exit code and jumps to it.
func (m *machine) enterFinally(fin *mfin, code int) {
	if m.cur == nil {
		return
	}
	m.emit(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: fin.code}}, Op: "=", Rhs: []ir.Expr{&ir.Lit{Text: ir.Itoa(code)}}})
	m.emit(m.jumpStmts(fin.start)...)
	m.cur = nil
}

// explodeFinally explodes a finally block once, then goes on the way its code says.
func (m *machine) explodeFinally(fin *mfin, stmts []ir.Stmt, after *mcase) {
	m.fins = m.fins[:len(m.fins)-1]
	m.cur = fin.start
	m.explode(stmts)
	if m.cur == nil {
		return
	}
	sw := &ir.Switch{Tag: &ir.Ref{V: fin.code}}
	x := &ir.Local{Name: "rethrow_", Type: fin.err.Type, Reads: 1}
	sw.Cases = append(sw.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: ir.Itoa(finRethrow)}}, Body: []ir.Stmt{
		&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: x}}, Op: ":=", Rhs: []ir.Expr{&ir.Ref{V: fin.err}}},
		&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: fin.err}}, Op: "=", Rhs: []ir.Expr{&ir.Ident{Name: "nil"}}},
		&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "panic"}, Args: []ir.Expr{&ir.Ref{V: x}}}},
	}})
	if fin.returns {
		sw.Cases = append(sw.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: ir.Itoa(finReturn)}}, Body: m.returnStmts()})
	}
	for i, ex := range fin.exits {
		sw.Cases = append(sw.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: ir.Itoa(finReturn + 1 + i)}}, Body: m.exitStmts(ex)})
	}
	m.emit(sw)
	m.jump(after)
}

// finallyReturn starts a return from inside a try with a finally: the value waits in ret while
// the finallys run.
func (m *machine) finallyReturn(r *ir.Return) {
	if len(r.Results) > 0 {
		if m.ret == nil {
			m.ret = &ir.Local{Name: "ret_", Type: m.resultT, Field: true}
			m.extra = append(m.extra, m.ret)
		}
		m.emit(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: m.ret}}, Op: "=", Rhs: r.Results, Line: r.Line})
	}
	fin := m.fins[len(m.fins)-1]
	fin.returns = true
	m.enterFinally(fin, finReturn)
}

// returnStmts goes on with a return once a finally has run: through the next finally, or
// completing the future with the value kept in ret.
func (m *machine) returnStmts() []ir.Stmt {
	saved := m.cur
	tmp := &mcase{id: saved.id}
	m.cur = tmp
	if len(m.fins) > 0 {
		fin := m.fins[len(m.fins)-1]
		fin.returns = true
		m.enterFinally(fin, finReturn)
	} else {
		r := &ir.Return{}
		if m.ret != nil {
			r.Results = []ir.Expr{&ir.Ref{V: m.ret}}
		}
		m.emitReturn(r)
	}
	saved.succ = append(saved.succ, tmp.succ...)
	m.cur = saved
	return tmp.stmts
}

// exitStmts goes on with a break or continue that left a try: through the next finally that
// the target is outside of, or straight to the target.
func (m *machine) exitStmts(ex *finExit) []ir.Stmt {
	saved := m.cur
	tmp := &mcase{id: saved.id}
	m.cur = tmp
	m.emit(m.leave(ex.to, ex.fins)...)
	saved.succ = append(saved.succ, tmp.succ...)
	m.cur = saved
	return tmp.stmts
}

// leave jumps to a case outside the finallys above depth fins: into the innermost of them
// first, with an exit code that brings control on to the target afterwards.
func (m *machine) leave(to *mcase, fins int) []ir.Stmt {
	if len(m.fins) <= fins {
		return m.jumpStmts(to)
	}
	fin := m.fins[len(m.fins)-1]
	code := -1
	for i, ex := range fin.exits {
		if ex.to == to {
			code = finReturn + 1 + i
		}
	}
	if code < 0 {
		fin.exits = append(fin.exits, &finExit{to: to, fins: fins})
		code = finReturn + len(fin.exits)
	}
	return append([]ir.Stmt{&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: fin.code}}, Op: "=", Rhs: []ir.Expr{&ir.Lit{Text: ir.Itoa(code)}}}}, m.jumpStmts(fin.start)...)
}
