package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// awaitInto lowers `await e` to an Await node and returns the expression of its value.
func (l *lowerer) awaitInto(b *builder, e *ast.Await, _ ir.Expr) ir.Expr {
	return l.awaitValue(b, e, e.X, nil)
}

// awaitDiscard lowers an await whose value is not used (`await h;`).
func (l *lowerer) awaitDiscard(b *builder, e *ast.Await) {
	t := e.X.TypeOf()
	if types.IsAny(t) {
		b.add(l.awaitDynamic(b, e, e.X))
		return
	}
	if call, ci := l.blockingGoCall(e.X); ci != nil {
		l.awaitGoCall(b, e, call, ci)
		return
	}
	if !types.IsFuture(t) {
		l.discard(b, l.expr(b, e.X), t)
		return
	}
	fut, futT := l.futureOf(b, e.X, true)
	b.add(&ir.Await{Future: fut, FutType: futT, Result: l.valueType(types.AwaitResult(t)), Site: l.site(e), Line: l.line(e)})
}

// awaitValue lowers an await of x (from `await x` or `x.await()`); awaiting a value that is not
// a future gives the value itself.
func (l *lowerer) awaitValue(b *builder, n ast.Node, x ast.Expr, derefs []types.Type) ir.Expr {
	t := x.TypeOf()
	if types.IsAny(t) && len(derefs) == 0 {
		return l.awaitResult(b, l.awaitDynamic(b, n, x))
	}
	if call, ci := l.blockingGoCall(x); ci != nil && len(derefs) == 0 {
		return l.awaitGoCall(b, n, call, ci)
	}
	if !types.IsFuture(t) {
		return l.expr(b, x)
	}
	fut, futT := l.futureOf(b, x, true)
	fut = l.derefAll(fut, derefs)
	res := types.AwaitResult(t)
	aw := &ir.Await{Future: fut, FutType: futT, Result: l.valueType(res), Site: l.site(n), Line: l.line(n)}
	if types.IsUnit(res) || types.IsNever(res) {
		b.add(aw)
		return &ir.Composite{Type: tUnit}
	}
	return l.awaitResult(b, aw)
}

// joinValue lowers `h.join()` in async code of a handle whose function gives () or a dynamic
// value: the task suspends as `await h` does, and the value is rt.JoinValue's (the error
// object if the function threw).
func (l *lowerer) joinValue(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	return l.awaitResult(b, l.joinValueAwait(b, e, ci))
}

// joinValueAwait is the await of joinValue; a statement `h.join();` adds it alone.
func (l *lowerer) joinValueAwait(b *builder, e *ast.Call, ci *check.CallInfo) *ir.Await {
	h := types.HandleOf(ci.RecvType, types.JoinHandleH)
	elem := []ir.Type{l.valueType(h.Elem)}
	fut := rtCallT("JoinValue", elem, l.derefAll(l.expr(b, ci.Recv), ci.Derefs))
	return &ir.Await{Future: fut, FutType: rtType("JoinValueFuture", elem...), Result: l.valueType(types.AnyType), Site: l.site(e), Line: l.line(e)}
}

// awaitResult adds aw, storing its value in a new temporary, and gives the temporary.
func (l *lowerer) awaitResult(b *builder, aw *ir.Await) ir.Expr {
	dst := l.temp("aw", aw.Result)
	dst.Reads++
	aw.Dst = &ir.Ref{V: dst}
	b.add(&ir.Define{V: dst}, aw)
	return &ir.Ref{V: dst}
}

// futureOf lowers the operand of an await: the future by value when its type is statically
// known (an async fn's state struct, a runtime future), so that the awaiting state struct stores
// it inline with no allocation; otherwise the dynamic future (an rt.Future, a join handle, a
// promise). inline says the future is stored in the current state struct: then one of the same
// cycle of awaits is boxed, or the struct would contain itself.
func (l *lowerer) futureOf(b *builder, x ast.Expr, inline bool) (ir.Expr, ir.Type) {
	switch e := ast.Unparen(x).(type) {
	case *ast.Call:
		if inline { // awaited here, not spawned
			outer := l.awaitedCall
			l.awaitedCall = e
			defer func() { l.awaitedCall = outer }()
		}
		ci := l.info.Calls[e]
		switch {
		case ci == nil:
		case (ci.Kind == check.CallFunc || ci.Kind == check.CallMethod) && ci.Sig.Async && l.locals[ci.Obj] == nil:
			fd := ci.Obj.Decl.(*ast.FuncDecl)
			if inline && l.sameCycle(l.fn.info.Node, fd) {
				// Recursion: box it, as Rust does; the callee's Poll will run inside this one's.
				outer := l.nestedAwait
				l.nestedAwait = e
				defer func() { l.nestedAwait = outer }()
				break
			}
			call := l.funcCall(b, e, ci)
			var targs []ir.Type
			if ci.Kind == check.CallMethod && !l.methodIsFunc(fd) {
				if n, ok := ci.RecvType.(*types.Named); ok {
					targs = append(targs, l.goTypes(n.Args)...)
				}
			} else if ci.Kind == check.CallMethod {
				if n, ok := ci.RecvType.(*types.Named); ok {
					targs = append(targs, l.goTypes(n.Args)...)
				}
			}
			targs = append(targs, l.goTypes(ci.TypeArgs)...)
			return call, &ir.TName{Name: l.futNames[fd], Args: targs}
		case ci.Kind == check.CallBuiltin:
			switch ci.Builtin {
			case builtin.FnSleep, builtin.FnYieldNow, builtin.FnJoin, builtin.FnJoinAll, builtin.FnSelect, builtin.FnTimeout, builtin.FnScope:
				return l.builtinFuture(b, e, ci)
			}
		case ci.Kind == check.CallBuiltinMethod && (ci.Builtin == builtin.ChannelSend || ci.Builtin == builtin.ChannelRecv):
			ch := l.recvExpr(b, ci)
			h := types.HandleOf(ci.RecvType, types.ChannelH)
			if ci.Builtin == builtin.ChannelSend {
				v := l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), h.Elem, e.Args[0])
				return &ir.Call{Fun: &ir.Sel{X: ch, Name: "Send"}, Args: []ir.Expr{v}}, rtType("SendFuture", l.goTypeOf(h.Elem))
			}
			return &ir.Call{Fun: &ir.Sel{X: ch, Name: "Recv"}}, rtType("RecvFuture", l.goTypeOf(h.Elem))
		case isIOFuture(ci):
			return l.ioFuture(b, e, ci)
		}
	case *ast.AsyncBlock:
		fi := l.info.FuncOf[e]
		futT := l.lowerBlockMachine(fi, e, nil, e.Body, e.Move)
		if !inline || !l.sameCycle(l.fn.info.Node, e) {
			return l.captureLiteral(fi, futT, e.Move), futT
		}
		return rtCallT("Box", []ir.Type{l.valueType(fi.Ret)}, l.captureLiteral(fi, futT, e.Move)), rtType("Future", l.valueType(fi.Ret))
	}
	if h := types.HandleOf(x.TypeOf(), types.JoinHandleH); h != nil {
		if r, ok := h.Elem.(*types.Result); ok && types.IsBasic(r.Err, types.ErrorKind) {
			// A task of a Result: its cancellation (or a panic) is an Err, not a throw.
			okT := l.valueType(r.Ok)
			return rtCallT("AsResult", []ir.Type{okT}, l.expr(b, x)), rtType("ResultFuture", okT)
		}
	}
	return l.expr(b, x), l.goTypeOf(x.TypeOf())
}

// sameCycle reports whether storing the future of to inside the state of from would make a
// struct contain itself: from and to await each other, directly or through others.
func (l *lowerer) sameCycle(from ast.Node, to ast.Node) bool {
	if from == nil {
		return false
	}
	if l.awaits == nil {
		l.awaits = l.awaitGraph()
	}
	// Does to reach from through direct awaits?
	seen := map[ast.Node]bool{}
	var reach func(n ast.Node) bool
	reach = func(n ast.Node) bool {
		if n == from {
			return true
		}
		if seen[n] {
			return false
		}
		seen[n] = true
		for _, m := range l.awaits[n] {
			if reach(m) {
				return true
			}
		}
		return false
	}
	return reach(to)
}

// awaitGraph maps each async fn and async block to the async fns and blocks it awaits directly
// (whose state it would store inline).
func (l *lowerer) awaitGraph() map[ast.Node][]ast.Node {
	g := map[ast.Node][]ast.Node{}
	for _, fi := range l.info.Funcs {
		if !fi.Async || fi.Node == nil {
			continue
		}
		owner := fi.Node
		var body ast.Node
		switch n := owner.(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.AsyncBlock:
			body = n.Body
		case *ast.Lambda:
			if n.Body != nil {
				body = n.Body
			} else {
				body = n.ExprBody
			}
		}
		if body == nil {
			continue
		}
		ast.Inspect(body, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.Lambda:
				return false
			case *ast.AsyncBlock:
				return false
			case *ast.Await:
				switch e := ast.Unparen(x.X).(type) {
				case *ast.Call:
					if ci := l.info.Calls[e]; ci != nil && (ci.Kind == check.CallFunc || ci.Kind == check.CallMethod) && ci.Sig.Async {
						if fd, ok := ci.Obj.Decl.(*ast.FuncDecl); ok {
							g[owner] = append(g[owner], fd)
						}
					}
				case *ast.AsyncBlock:
					g[owner] = append(g[owner], e)
				}
			}
			return true
		})
	}
	return g
}

// awaitDynamic is the await of a dynamic value: the future it may hold is found at run time
// (rt.DynAwait); a value that is no future is the result at once.
func (l *lowerer) awaitDynamic(b *builder, n ast.Node, x ast.Expr) *ir.Await {
	return &ir.Await{Future: rtCall("DynAwait", l.expr(b, x)), FutType: rtType("DynFuture"), Result: tValue, Site: l.site(n), Line: l.line(n)}
}
