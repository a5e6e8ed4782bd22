package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/lower/ir"
)

// tryStmt lowers try/catch/finally. A try that does not await runs its body in a closure
// under rt.TryCatchCode; a return, break or continue inside it leaves the closure with an exit code
// that the code after it acts on. In an async function a try whose body, catch or finally awaits
// stays a Try node, and the state machine catches for it.
func (l *lowerer) tryStmt(b *builder, s *ast.TryStmt) {
	// What the body throws leaves its blocks without running their defers: the catch, and the
	// finally, run what the body registered first.
	var runBodyDefers []ir.Stmt
	if hasDeferStmt(s.Body) {
		mark := l.temp("deferMark", goType("int"))
		b.add(&ir.Defer{Mark: mark, Line: b.line})
		runBodyDefers = []ir.Stmt{&ir.Defer{Mark: mark, Run: true, Line: b.line}}
	}
	if l.fn.async && l.fn.closure == 0 && (l.suspendsAST(s.Body) || s.Catch != nil && l.suspendsAST(s.Catch) || s.Finally != nil && l.suspendsAST(s.Finally)) {
		t := &ir.Try{Line: b.line}
		start := len(l.fn.locals)
		t.Body = l.block(s.Body.Stmts)
		t.Err, t.Catch = l.catchBlock(s)
		if t.Catch != nil {
			// The error skipped the releases at the ends of the body's scopes: what the body
			// still holds (in the state struct) is released as the catch starts.
			t.Catch.Stmts = append(append(runBodyDefers, l.releaseHeldSince(start)...), t.Catch.Stmts...)
		}
		if s.Finally != nil {
			t.Finally = l.block(s.Finally.Stmts)
			t.Finally.Stmts = append(runBodyDefers, t.Finally.Stmts...)
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
	var catchHeld *ir.Local
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
	var finally *ir.Block
	if s.Finally != nil {
		finally = l.block(s.Finally.Stmts)
	}
	caught := l.temp("caught", &ir.TPtr{Elem: rtType("Thrown")})
	caught.Reads++
	var code *ir.Local
	if tc.ret != nil {
		// The closure stores a return value here; the code after it returns it.
		b.add(&ir.Define{V: tc.ret})
	}
	// run calls a closure under rt.TryCatchCode (or rt.TryCatch when nothing leaves it early).
	run := func(stmts []ir.Stmt, op string, held *ir.Local) ir.Stmt {
		stmts = l.heldMark(stmts, held)
		if code != nil {
			if !goTerminates(stmts) {
				stmts = append(stmts, &ir.Return{Results: []ir.Expr{&ir.Lit{Text: "0"}}})
			}
			return &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: code}, &ir.Ref{V: caught}}, Op: op, Rhs: []ir.Expr{
				rtCall("TryCatchCode", &ir.FuncLit{Results: []ir.Type{tInt}, Body: &ir.Block{Stmts: stmts}})}, Line: b.line}
		}
		return &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: caught}}, Op: op, Rhs: []ir.Expr{
			rtCall("TryCatch", &ir.FuncLit{Body: &ir.Block{Stmts: stmts}})}, Line: b.line}
	}
	if len(tc.codes) > 0 {
		code = l.temp("code", tInt)
		code.Reads++
	}
	b.add(run(body.Stmts, ":=", bodyHeld))
	handler := runBodyDefers
	if catch != nil && errV != nil {
		handler = append(handler, &ir.Define{V: errV, Value: &ir.Sel{X: &ir.Ref{V: caught}, Name: "Err"}})
	}
	switch {
	case finally == nil && catch != nil:
		handler = append(handler, catch.Stmts...)
		b.add(&ir.If{Cond: &ir.Binary{Op: "!=", X: &ir.Ref{V: caught}, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: handler}})
	case finally != nil:
		if catch != nil {
			// The catch's own throw (or a rethrow) replaces the caught error.
			handler = append(handler, run(catch.Stmts, "=", catchHeld))
			b.add(&ir.If{Cond: &ir.Binary{Op: "!=", X: &ir.Ref{V: caught}, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: handler}})
		}
		b.add(runBodyDefers...)
		b.add(finally.Stmts...)
		b.add(&ir.If{Cond: &ir.Binary{Op: "!=", X: &ir.Ref{V: caught}, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: []ir.Stmt{
			&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "panic"}, Args: []ir.Expr{&ir.Ref{V: caught}}}}}}})
	}
	if code != nil {
		sw := &ir.Switch{Tag: &ir.Ref{V: code}}
		for _, ex := range tc.codes {
			eb := &builder{}
			switch ex.kind {
			case "return":
				var results []ir.Expr
				if tc.ret != nil {
					tc.ret.Reads++
					results = []ir.Expr{&ir.Ref{V: tc.ret}}
				}
				if outer := l.innerTry(); outer != nil {
					eb.add(l.tryReturn(outer, results))
				} else {
					eb.add(&ir.Return{Results: results})
				}
			default:
				if outer := l.innerTry(); outer != nil && len(l.fn.loops) <= outer.loops {
					eb.add(l.tryExitStmt(outer, ex.kind, ex.loop))
				} else {
					eb.add(&ir.Branch{Tok: ex.kind, Label: l.loopLabel(ex.loop)})
				}
			}
			sw.Cases = append(sw.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: ir.Itoa(ex.code)}}, Body: eb.stmts})
		}
		b.add(sw)
	}
}

// catchBlock lowers the catch clause: its binding and its block (nil without a catch).
func (l *lowerer) catchBlock(s *ast.TryStmt) (*ir.Local, *ir.Block) {
	if s.Catch == nil {
		return nil, nil
	}
	l.openScope()
	var errV *ir.Local
	if s.CatchName != nil && s.CatchName.Obj != nil {
		errV = l.local(s.CatchName.Obj, s.CatchName.Obj.Type)
	}
	cb := &builder{}
	l.stmtList(cb, s.Catch.Stmts)
	l.closeScope(cb, !ir.Terminates(cb.stmts))
	return errV, &ir.Block{Stmts: cb.stmts}
}

// innerTry is the innermost try whose body is a closure, or nil.
func (l *lowerer) innerTry() *tryCtx {
	if len(l.fn.tries) == 0 {
		return nil
	}
	return l.fn.tries[len(l.fn.tries)-1]
}

// tryReturn leaves a try closure for a return: the value waits in a variable of the function.
func (l *lowerer) tryReturn(t *tryCtx, results []ir.Expr) ir.Stmt {
	ex := t.exit("return", nil)
	var stmts []ir.Stmt
	if len(results) > 0 {
		if t.ret == nil {
			t.ret = l.temp("ret", l.valueType(l.fn.ret))
		}
		stmts = append(stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: t.ret}}, Op: "=", Rhs: results})
	}
	stmts = append(stmts, &ir.Return{Results: []ir.Expr{&ir.Lit{Text: ir.Itoa(ex.code)}}})
	return &ir.Block{Stmts: stmts}
}

// tryExitStmt leaves a try closure for a break or continue of a loop outside it.
func (l *lowerer) tryExitStmt(t *tryCtx, kind string, loop *loopCtx) ir.Stmt {
	ex := t.exit(kind, loop)
	return &ir.Return{Results: []ir.Expr{&ir.Lit{Text: ir.Itoa(ex.code)}}}
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
func (l *lowerer) suspendsAST(n ast.Node) bool {
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
			// `f.await()`, and `h.join()` in async code
			if ci := l.info.Calls[x]; ci != nil && ci.Kind == check.CallAwait {
				found = true
			}
		}
		return true
	})
	return found
}

// hasDeferStmt reports whether a block registers a defer in its own body (not in the functions
// and async blocks inside it).
func hasDeferStmt(b *ast.Block) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.DeferStmt:
			found = true
		case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
			return false
		}
		return !found
	})
	return found
}
