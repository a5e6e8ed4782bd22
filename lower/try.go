package lower

import (
	"adesh2go/frontend/ast"
)

// tryStmt lowers try/catch/finally. A try that does not await runs its body in a closure
// under rt.TryCatchCode; a return, break or continue inside it leaves the closure with an exit code
// that the code after it acts on. In an async function a try whose body, catch or finally awaits
// stays a Try node, and the state machine catches for it.
func (l *lowerer) tryStmt(b *builder, s *ast.TryStmt) {
	if l.fn.async && l.fn.closure == 0 && (suspendsAST(s.Body) || s.Catch != nil && suspendsAST(s.Catch) || s.Finally != nil && suspendsAST(s.Finally)) {
		t := &Try{Line: b.line}
		start := len(l.fn.locals)
		t.Body = l.block(s.Body.Stmts)
		t.Err, t.Catch = l.catchBlock(s)
		if t.Catch != nil {
			// The error skipped the releases at the ends of the body's scopes: what the body
			// still holds (in the state struct) is released as the catch starts.
			t.Catch.Stmts = append(l.releaseHeldSince(start), t.Catch.Stmts...)
		}
		if s.Finally != nil {
			t.Finally = l.block(s.Finally.Stmts)
		}
		b.add(t)
		return
	}
	tc := &tryCtx{scope: len(l.fn.scopes), loops: len(l.fn.loops)}
	l.fn.tries = append(l.fn.tries, tc)
	l.fn.closure++
	held := l.enterHeldClosure()
	body := l.block(s.Body.Stmts)
	bodyHeld := l.leaveHeldClosure(held)
	l.fn.closure--
	if s.Finally == nil {
		l.fn.tries = l.fn.tries[:len(l.fn.tries)-1]
	}
	// With a finally, the catch runs in a closure of its own too, so that the finally also runs
	// when the catch returns, breaks, continues or throws.
	var catchHeld *Local
	if s.Finally != nil {
		l.fn.closure++
		held = l.enterHeldClosure()
	}
	errV, catch := l.catchBlock(s)
	if s.Finally != nil {
		catchHeld = l.leaveHeldClosure(held)
		l.fn.closure--
		l.fn.tries = l.fn.tries[:len(l.fn.tries)-1]
	}
	var finally *Block
	if s.Finally != nil {
		finally = l.block(s.Finally.Stmts)
	}
	caught := l.temp("caught", &TPtr{Elem: rtType("Thrown")})
	caught.Reads++
	var code *Local
	if tc.ret != nil {
		// The closure stores a return value here; the code after it returns it.
		b.add(&Define{V: tc.ret})
	}
	// run calls a closure under rt.TryCatchCode (or rt.TryCatch when nothing leaves it early).
	run := func(stmts []Stmt, op string, held *Local) Stmt {
		stmts = l.heldMark(stmts, held)
		if code != nil {
			if !goTerminates(stmts) {
				stmts = append(stmts, &Return{Results: []Expr{&Lit{Text: "0"}}})
			}
			return &Assign{Lhs: []Expr{&Ref{V: code}, &Ref{V: caught}}, Op: op, Rhs: []Expr{
				rtCall("TryCatchCode", &FuncLit{Results: []Type{tInt}, Body: &Block{Stmts: stmts}})}, Line: b.line}
		}
		return &Assign{Lhs: []Expr{&Ref{V: caught}}, Op: op, Rhs: []Expr{
			rtCall("TryCatch", &FuncLit{Body: &Block{Stmts: stmts}})}, Line: b.line}
	}
	if len(tc.codes) > 0 {
		code = l.temp("code", tInt)
		code.Reads++
	}
	b.add(run(body.Stmts, ":=", bodyHeld))
	var handler []Stmt
	if catch != nil && errV != nil {
		handler = append(handler, &Define{V: errV, Value: &Sel{X: &Ref{V: caught}, Name: "Err"}})
	}
	switch {
	case finally == nil && catch != nil:
		handler = append(handler, catch.Stmts...)
		b.add(&If{Cond: &Binary{Op: "!=", X: &Ref{V: caught}, Y: &Ident{Name: "nil"}}, Then: &Block{Stmts: handler}})
	case finally != nil:
		if catch != nil {
			// The catch's own throw (or a rethrow) replaces the caught error.
			handler = append(handler, run(catch.Stmts, "=", catchHeld))
			b.add(&If{Cond: &Binary{Op: "!=", X: &Ref{V: caught}, Y: &Ident{Name: "nil"}}, Then: &Block{Stmts: handler}})
		}
		b.add(finally.Stmts...)
		b.add(&If{Cond: &Binary{Op: "!=", X: &Ref{V: caught}, Y: &Ident{Name: "nil"}}, Then: &Block{Stmts: []Stmt{
			&ExprStmt{X: &Call{Fun: &Ident{Name: "panic"}, Args: []Expr{&Ref{V: caught}}}}}}})
	}
	if code != nil {
		sw := &Switch{Tag: &Ref{V: code}}
		for _, ex := range tc.codes {
			eb := &builder{}
			switch ex.kind {
			case "return":
				var results []Expr
				if tc.ret != nil {
					tc.ret.Reads++
					results = []Expr{&Ref{V: tc.ret}}
				}
				if outer := l.innerTry(); outer != nil {
					eb.add(l.tryReturn(outer, results))
				} else {
					eb.add(&Return{Results: results})
				}
			default:
				if outer := l.innerTry(); outer != nil && len(l.fn.loops) <= outer.loops {
					eb.add(l.tryExitStmt(outer, ex.kind, ex.loop))
				} else {
					eb.add(&Branch{Tok: ex.kind, Label: l.loopLabel(ex.loop)})
				}
			}
			sw.Cases = append(sw.Cases, &Case{Exprs: []Expr{&Lit{Text: itoa(ex.code)}}, Body: eb.stmts})
		}
		b.add(sw)
	}
}

// catchBlock lowers the catch clause: its binding and its block (nil without a catch).
func (l *lowerer) catchBlock(s *ast.TryStmt) (*Local, *Block) {
	if s.Catch == nil {
		return nil, nil
	}
	l.openScope()
	var errV *Local
	if s.CatchName != nil && s.CatchName.Obj != nil {
		errV = l.local(s.CatchName.Obj, s.CatchName.Obj.Type)
	}
	cb := &builder{}
	l.stmtList(cb, s.Catch.Stmts)
	l.closeScope(cb, !terminatesIR(cb.stmts))
	return errV, &Block{Stmts: cb.stmts}
}

// innerTry is the innermost try whose body is a closure, or nil.
func (l *lowerer) innerTry() *tryCtx {
	if len(l.fn.tries) == 0 {
		return nil
	}
	return l.fn.tries[len(l.fn.tries)-1]
}

// tryReturn leaves a try closure for a return: the value waits in a variable of the function.
func (l *lowerer) tryReturn(t *tryCtx, results []Expr) Stmt {
	ex := t.exit("return", nil)
	var stmts []Stmt
	if len(results) > 0 {
		if t.ret == nil {
			t.ret = l.temp("ret", l.valueType(l.fn.ret))
		}
		stmts = append(stmts, &Assign{Lhs: []Expr{&Ref{V: t.ret}}, Op: "=", Rhs: results})
	}
	stmts = append(stmts, &Return{Results: []Expr{&Lit{Text: itoa(ex.code)}}})
	return &Block{Stmts: stmts}
}

// tryExitStmt leaves a try closure for a break or continue of a loop outside it.
func (l *lowerer) tryExitStmt(t *tryCtx, kind string, loop *loopCtx) Stmt {
	ex := t.exit(kind, loop)
	return &Return{Results: []Expr{&Lit{Text: itoa(ex.code)}}}
}

func (t *tryCtx) exit(kind string, loop *loopCtx) *tryExit {
	for _, ex := range t.codes {
		if ex.kind == kind && ex.loop == loop {
			return ex
		}
	}
	ex := &tryExit{code: len(t.codes) + 1, kind: kind, loop: loop}
	t.codes = append(t.codes, ex)
	return ex
}

// loopLabel labels a loop (on first need) so that a branch can name it.
func (l *lowerer) loopLabel(loop *loopCtx) string {
	if loop == nil {
		return ""
	}
	if loop.label == "" {
		loop.label = l.fn.names.temp("loop")
	}
	return loop.label
}

// suspendsAST reports whether a block awaits (outside nested lambdas and async blocks).
func suspendsAST(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.Lambda, *ast.AsyncBlock:
			return false
		case *ast.Await:
			found = true
		case *ast.ForInStmt:
			if ch, ok := x.Iter.TypeOf().(interface{ String() string }); ok && len(ch.String()) > 8 && ch.String()[:8] == "Channel<" {
				found = true
			}
		case *ast.Call:
			// `h.await()`
			if sel, ok := x.Fun.(*ast.Selector); ok && sel.Name.Name == "await" && len(x.Args) == 0 {
				found = true
			}
		}
		return true
	})
	return found
}
