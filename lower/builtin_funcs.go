package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
	"strconv"
)

// funcHook lowers a call of a predeclared function whose Go is irregular.
func (l *lowerer) funcHook(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	switch ci.Builtin {
	case builtin.FnTupleCtor:
		if tt, ok := ci.Ret.(*types.Tuple); ok {
			return l.tupleValue(tt, e.Args, l.ownedList(b, e.Args))
		}
		xs := l.exprList(b, e.Args)
		for i, a := range e.Args {
			xs[i] = l.toAny(xs[i], a.TypeOf())
		}
		return rtCall("NewDynTuple", xs...)
	case builtin.FnPrint, builtin.FnEprint:
		if opts := check.PrintOptions(e, ci.Builtin); opts != nil {
			return l.printStyled(b, e, ci.Builtin == builtin.FnEprint, opts)
		}
		xs := l.exprList(b, e.Args)
		for i, a := range e.Args {
			xs[i] = l.toAny(xs[i], a.TypeOf())
		}
		if ci.Builtin == builtin.FnEprint {
			return rtCall("Eprint", xs...)
		}
		return rtCall("Print", xs...)
	case builtin.FnLen:
		x := l.expr(b, e.Args[0])
		return l.length(x, e.Args[0].TypeOf(), e)
	case builtin.FnStr:
		return l.toStr(l.expr(b, e.Args[0]), e.Args[0].TypeOf())
	case builtin.FnInt, builtin.FnFloat, builtin.FnBool:
		return l.convertFn(ci.Builtin, l.expr(b, e.Args[0]), e.Args[0].TypeOf(), e)
	case builtin.FnTypeOf:
		return l.typeOf(b, e.Args[0])
	case builtin.FnKeys, builtin.FnValues, builtin.FnHasKey:
		return l.keysCall(b, e, ci.Builtin)
	case builtin.FnSizeOf:
		l.discard(b, l.expr(b, e.Args[0]), e.Args[0].TypeOf())
		return &ir.Lit{Text: strconv.FormatInt(types.SizeOf(types.DefaultUnbound(e.Args[0].TypeOf())), 10)}
	case builtin.FnRange:
		elem := rangeElem(ci.Ret, e.Args[0].TypeOf())
		var xs []ir.Expr
		for _, a := range e.Args {
			xs = append(xs, l.typedLit(l.exprAs(b, a, elem), elem))
		}
		if len(xs) == 1 {
			return rtCall("RangeArray", &ir.Conv{Type: l.goTypeOf(elem), X: &ir.Lit{Text: "0"}}, xs[0], &ir.Lit{Text: "false"})
		}
		return rtCall("RangeArray", xs[0], xs[1], &ir.Lit{Text: "false"})
	case builtin.FnSleep, builtin.FnYieldNow, builtin.FnJoin, builtin.FnJoinAll, builtin.FnSelect, builtin.FnTimeout, builtin.FnScope:
		if ci.Builtin == builtin.FnSleep && types.IsUnit(ci.Ret) {
			return rtCall("ThreadSleep", l.exprAs(b, e.Args[0], types.I64)) // a blocking `sleep(ms);` (check)
		}
		x, _ := l.builtinFuture(b, e, ci)
		return rtCallT("Box", []ir.Type{l.valueType(types.AwaitResult(ci.Ret))}, x)
	case builtin.FnSetTimeout, builtin.FnSetInterval:
		p := types.HandleOf(ci.Ret, types.PromiseH) // `await setTimeout(f, ms)`: a promise of f's value
		var f ir.Expr
		if p != nil {
			f = l.funcArg(b, e.Args[0], paramAt(ci, 0), true)
		} else {
			f = l.convertAt(l.funcArg(b, e.Args[0], paramAt(ci, 0), false), funcTypeAt(e.Args[0], paramAt(ci, 0)), ci.Params[0], e.Args[0])
		}
		var ms ir.Expr = &ir.Lit{Text: "0"}
		if len(e.Args) > 1 {
			ms = l.exprAs(b, e.Args[1], types.I64)
		}
		if p != nil {
			return rtCallT("TimeoutPromise", []ir.Type{l.valueType(p.Elem)}, f, ms)
		}
		if ci.Builtin == builtin.FnSetInterval {
			return rtCall("SetInterval", f, ms)
		}
		return rtCall("SetTimeout", f, ms)
	case builtin.FnChannel:
		h := types.HandleOf(ci.Ret, types.ChannelH)
		var n ir.Expr = &ir.Lit{Text: "0"}
		if len(e.Args) > 0 {
			n = &ir.Conv{Type: tInt, X: l.exprAs(b, e.Args[0], types.I64)}
		}
		return rtCallT("NewChannel", []ir.Type{l.goTypeOf(h.Elem)}, n)
	case builtin.FnOk, builtin.FnErr:
		r := ci.Ret.(*types.Result)
		targs := []ir.Type{l.valueType(r.Ok), l.goTypeOf(r.Err)}
		if ci.Builtin == builtin.FnOk {
			if len(e.Args) == 0 {
				return rtCallT("Ok", targs, &ir.Composite{Type: tUnit})
			}
			return rtCallT("Ok", targs, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), r.Ok, e.Args[0]))
		}
		return rtCallT("Err", targs, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), r.Err, e.Args[0]))
	case builtin.FnSome:
		o := ci.Ret.(*types.Optional)
		return rtCallT("Some", []ir.Type{l.goTypeOf(o.Elem)}, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), o.Elem, e.Args[0]))
	case builtin.FnAssert:
		xs := l.builtinArgs(b, e, ci)
		var msg ir.Expr = &ir.Lit{Text: `"Assertion failed: condition is false"`}
		if len(xs) > 1 {
			msg = xs[1]
		}
		return rtCall("Assert", xs[0], msg, l.pos(e))
	case builtin.FnExit:
		var code ir.Expr = &ir.Lit{Text: "0"}
		if len(e.Args) > 0 {
			code = &ir.Conv{Type: tInt, X: l.expr(b, e.Args[0])}
		}
		return rtCall("Exit", code)
	case builtin.FnAbs, builtin.FnSqrt, builtin.FnFloor, builtin.FnCeil, builtin.FnRound:
		return l.mathCall(ci.Builtin, l.expr(b, e.Args[0]), e.Args[0].TypeOf(), nil, e)
	case builtin.FnMin, builtin.FnMax, builtin.FnPow:
		if types.IsAny(ci.Ret) {
			// An operand is dynamic (the checker made the result so): both are taken as
			// dynamic values and the runtime compares or raises them.
			name := map[types.Builtin]string{builtin.FnMin: "DynMin", builtin.FnMax: "DynMax", builtin.FnPow: "DynPow"}[ci.Builtin]
			return rtCall(name, l.exprAs(b, e.Args[0], types.AnyType), l.exprAs(b, e.Args[1], types.AnyType), l.pos(e))
		}
		xs := l.exprList(b, e.Args)
		xt := e.Args[0].TypeOf()
		if w := types.WiderNumber(xt, e.Args[1].TypeOf()); w != nil && ci.Builtin != builtin.FnPow {
			// Two number types meet in the wider (check).
			xs[0], xs[1], xt = l.widen(xs[0], xt, w), l.widen(xs[1], e.Args[1].TypeOf(), w), w
		}
		return l.mathCall(ci.Builtin, xs[0], xt, xs[1], e)
	case builtin.MapObj:
		mt := ci.Ret.(*types.MapT)
		return rtCallT("NewMap", []ir.Type{l.goTypeOf(mt.Key), l.goTypeOf(mt.Val)})
	case builtin.FnSet:
		return l.setCall(b, e, ci.Ret.(*types.SetT))
	}
	return l.noLowering(e, ci)
}

// staticHook lowers Mutex::new, Promise.resolve, Map::new and their kin.
func (l *lowerer) staticHook(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	elem := func() ir.Type {
		if h, ok := ci.Ret.(*types.Handle); ok {
			return l.valueType(h.Elem)
		}
		return tUnit
	}
	switch ci.Builtin {
	case builtin.MutexNew, builtin.RwLockNew, builtin.ShareNew:
		h := ci.Ret.(*types.Handle)
		v := l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), h.Elem, e.Args[0])
		ctor := map[types.Builtin]string{builtin.MutexNew: "NewMutex", builtin.RwLockNew: "NewRwLock", builtin.ShareNew: "NewShare"}[ci.Builtin]
		return rtCallT(ctor, []ir.Type{l.goTypeOf(h.Elem)}, v)
	case builtin.PromiseNew:
		if resolved := executorResolves(e.Args[0].TypeOf()); isPromiseOrFuture(resolved) {
			// resolve(p) of a promise or a future: the promise adopts what it is resolved with.
			p := rtCallT("NewPromise", []ir.Type{l.valueType(resolved)}, l.promiseExecutor(b, e.Args[0], resolved))
			if types.HandleOf(resolved, types.PromiseH) != nil {
				return rtCall("FlattenPromise", p)
			}
			return rtCall("FlattenFuture", p)
		}
		return rtCallT("NewPromise", []ir.Type{elem()}, l.promiseExecutor(b, e.Args[0], types.HandleOf(ci.Ret, types.PromiseH).Elem))
	case builtin.PromiseResolve:
		if len(e.Args) == 0 {
			return rtCallT("Resolved", []ir.Type{elem()}, &ir.Composite{Type: tUnit})
		}
		h := types.HandleOf(ci.Ret, types.PromiseH)
		at := e.Args[0].TypeOf()
		if types.HandleOf(at, types.PromiseH) != nil {
			return l.expr(b, e.Args[0]) // it adopts the promise: it is that promise
		}
		if _, isFuture := at.(*types.Future); isFuture {
			// It adopts the future: a promise that settles as the future ends.
			return rtCall("FlattenFuture", rtCallT("Resolved", []ir.Type{rtType("Future", elem())}, l.expr(b, e.Args[0])))
		}
		return rtCallT("Resolved", []ir.Type{elem()}, l.convertAt(l.owned(b, e.Args[0]), at, h.Elem, e.Args[0]))
	case builtin.PromiseReject:
		return rtCallT("Rejected", []ir.Type{elem()}, l.toError(l.expr(b, e.Args[0]), e.Args[0].TypeOf()))
	case builtin.MapNew:
		mt := ci.Ret.(*types.MapT)
		return rtCallT("NewMap", []ir.Type{l.goTypeOf(mt.Key), l.goTypeOf(mt.Val)})
	case builtin.ParallelSum:
		return l.collectionsHook(b, e, ci)
	case builtin.ChannelNew:
		var n ir.Expr = &ir.Lit{Text: "0"}
		if len(e.Args) > 0 {
			n = &ir.Conv{Type: tInt, X: l.exprAs(b, e.Args[0], types.I64)}
		}
		return rtCallT("NewChannel", []ir.Type{elem()}, n)
	}
	return l.noLowering(e, ci)
}

// noLowering reports a builtin without a rule here: the table and the hooks disagree.
func (l *lowerer) noLowering(e *ast.Call, ci *check.CallInfo) ir.Expr {
	l.fail(e, "no lowering for the builtin `%s`", builtin.Name(ci.Builtin))
	return nil
}

// length is len(x) for a string (characters), an array, a map, a set or a dynamic value.
func (l *lowerer) length(x ir.Expr, t types.Type, n ast.Node) ir.Expr {
	switch t.(type) {
	case *types.Array:
		return &ir.Conv{Type: tInt64, X: &ir.Call{Fun: &ir.Ident{Name: "len"}, Args: []ir.Expr{x}}}
	case *types.MapT, *types.SetT:
		return &ir.Conv{Type: tInt64, X: &ir.Call{Fun: &ir.Sel{X: x, Name: "Len"}}}
	case *types.Tuple:
		return rtCall("TupleLen", x)
	}
	if types.IsBasic(t, types.String) {
		return rtCall("StrLen", x)
	}
	return rtCall("DynLen", x, l.pos(n))
}

func (l *lowerer) mathCall(bi types.Builtin, x ir.Expr, t types.Type, y ir.Expr, n ast.Node) ir.Expr {
	if types.IsAny(t) {
		x = rtCall("AsFloat", x, l.pos(n))
		t = types.F64
		if y != nil {
			y = rtCall("AsFloat", y, l.pos(n))
		}
	}
	switch bi {
	case builtin.FnAbs:
		// A constant argument gets its AdeshLang type: Go would make `rt.Abs(-7)` an int.
		return rtCall("Abs", l.typedLit(x, t))
	case builtin.FnSqrt:
		return &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Sqrt"}, Args: []ir.Expr{&ir.Conv{Type: tF64, X: x}}}
	case builtin.FnFloor, builtin.FnCeil, builtin.FnRound:
		if types.IsInteger(t) {
			return x
		}
		name := map[types.Builtin]string{builtin.FnFloor: "Floor", builtin.FnCeil: "Ceil", builtin.FnRound: "Round"}[bi]
		return rtCall(name, l.typedLit(x, t))
	case builtin.FnMin:
		return &ir.Call{Fun: &ir.Ident{Name: "min"}, Args: []ir.Expr{x, y}}
	case builtin.FnMax:
		return &ir.Call{Fun: &ir.Ident{Name: "max"}, Args: []ir.Expr{x, y}}
	case builtin.FnPow:
		if types.IsInteger(t) {
			return rtCall("IntPow", l.typedLit(x, t), &ir.Conv{Type: tInt64, X: y}, l.pos(n))
		}
		return &ir.Conv{Type: l.goTypeOf(t), X: &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Pow"}, Args: []ir.Expr{&ir.Conv{Type: tF64, X: x}, &ir.Conv{Type: tF64, X: y}}}}
	}
	return x
}

// builtinFuture lowers a builtin that makes a future (sleep, join, timeout, …): the runtime's
// future by value, and its Go type.
func (l *lowerer) builtinFuture(b *builder, e *ast.Call, ci *check.CallInfo) (ir.Expr, ir.Type) {
	res := types.AwaitResult(ci.Ret)
	switch ci.Builtin {
	case builtin.FnSleep:
		return rtCall("Sleep", l.exprAs(b, e.Args[0], types.I64)), rtType("SleepFuture")
	case builtin.FnYieldNow:
		return rtCall("YieldNow"), rtType("YieldFuture")
	case builtin.FnJoin:
		xs := l.futureArgs(b, e.Args)
		if len(xs) == 1 {
			return xs[0], rtType("Future", l.valueType(res))
		}
		elems := l.valueTypes(res.(*types.Tuple).Elems)
		switch len(xs) {
		case 2:
			return rtCall("Join2", xs...), rtType("Join2Future", elems...)
		case 3:
			return rtCall("Join3", xs...), rtType("Join3Future", elems...)
		}
		return rtCall("Join4", xs...), rtType("Join4Future", elems...)
	case builtin.FnJoinAll:
		elem := res.(*types.Array).Elem
		xs := l.expr(b, e.Args[0])
		arr := e.Args[0].TypeOf().(*types.Array)
		if _, isFut := arr.Elem.(*types.Future); !isFut {
			xs = rtCallT("AsFutures", []ir.Type{l.valueType(elem)}, xs)
		}
		return rtCall("JoinAll", xs), rtType("JoinAllFuture", l.valueType(elem))
	case builtin.FnSelect:
		xs := l.futureArgs(b, e.Args)
		return rtCallT("Select", []ir.Type{l.valueType(res)}, xs...), rtType("SelectFuture", l.valueType(res))
	case builtin.FnTimeout:
		ms := l.expr(b, e.Args[0])
		fut := l.futureArgs(b, e.Args[1:2])[0]
		inner := res.(*types.Result).Ok
		return rtCall("Timeout", ms, fut), rtType("TimeoutFuture", l.valueType(inner))
	case builtin.FnScope:
		body := l.funcArg(b, e.Args[0], paramAt(ci, 0), false)
		if ok := scopeBodyResult(res, e.Args[0].TypeOf()); ok != nil {
			// `await scope(…)?` or a match on it: the checker made the scope's value a Result
			// of what the body gives; the failure is its Err.
			return rtCall("ScopeResult", rtCall("RunScope", body)), rtType("ScopeResultFuture", l.valueType(ok))
		}
		return rtCall("RunScope", body), rtType("ScopeFuture", l.valueType(res))
	}
	l.fail(e, "a builtin that makes no future")
	return nil, nil
}

// scopeBodyResult is T when scope(body)'s value res is a Result<T, Error> that the body does
// not give itself (the body's future gives T): the checker's reading of `await scope(…)?`.
func scopeBodyResult(res, bodyT types.Type) types.Type {
	if _, isResult := res.(*types.Result); !isResult {
		return nil
	}
	f, ok := bodyT.(*types.Func)
	if !ok {
		return nil
	}
	fut, ok := f.Ret.(*types.Future)
	if !ok {
		return nil
	}
	if _, isResult := fut.Elem.(*types.Result); isResult {
		return nil
	}
	return fut.Elem
}

func (l *lowerer) valueTypes(ts []types.Type) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = l.valueType(t)
	}
	return out
}

// futureArgs lowers the futures a combinator (join, select, timeout) or a scope's child task polls
// in place: a call of an
// async fn or an async block written there is not started on its own (rt.Start) but boxed, so
// that the combinator runs it, and dropping it (a select's loser, a timeout's operand) cancels
// it at once.
func (l *lowerer) futureArgs(b *builder, args []ast.Expr) []ir.Expr {
	for _, a := range args {
		switch a := ast.Unparen(a).(type) {
		case *ast.Call, *ast.AsyncBlock:
			l.inPlace[a] = true
		}
	}
	return l.exprList(b, args)
}

// promiseExecutor lowers the executor of `new Promise((resolve, reject) => …)`: resolve takes
// the promise's value, reject any value (wrapped as an Error).
// resolveTakesNothing reports whether an executor's resolve parameter is a function of no
// arguments (a Promise<()> resolved with `resolve()`), rather than of one ().
func resolveTakesNothing(executor types.Type) bool {
	ft, ok := executor.(*types.Func)
	if !ok || len(ft.Params) == 0 {
		return true
	}
	rf, ok := ft.Params[0].(*types.Func)
	return !ok || len(rf.Params) == 0
}

// isPromiseOrFuture reports whether t is a promise or a future type (a value a promise adopts).
func isPromiseOrFuture(t types.Type) bool {
	if t == nil {
		return false
	}
	_, isFuture := t.(*types.Future)
	return isFuture || types.HandleOf(t, types.PromiseH) != nil
}

// executorResolves is the type an executor's resolve parameter takes, or nil.
func executorResolves(executor types.Type) types.Type {
	if ft, ok := executor.(*types.Func); ok && len(ft.Params) > 0 {
		if rf, ok := ft.Params[0].(*types.Func); ok && len(rf.Params) == 1 {
			return rf.Params[0]
		}
	}
	return nil
}

func (l *lowerer) promiseExecutor(b *builder, e ast.Expr, elem types.Type) ir.Expr {
	f := l.funcArg(b, e, nil, false)
	et := l.valueType(elem)
	res := &ir.Param{Name: "resolve_", Type: &ir.TFunc{Params: []ir.Type{et}}}
	rej := &ir.Param{Name: "reject_", Type: &ir.TFunc{Params: []ir.Type{tError}}}
	// An rt adapter, not a closure here: the rejection's position is then its caller's.
	adapt := rtCall("RejectValues", &ir.Ident{Name: "reject_"})
	resolveArg := ir.Expr(&ir.Ident{Name: "resolve_"})
	if types.IsUnit(elem) && resolveTakesNothing(e.TypeOf()) {
		// An AdeshLang resolve() of a Promise<()> takes nothing.
		resolveArg = &ir.FuncLit{Body: &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "resolve_"}, Args: []ir.Expr{&ir.Composite{Type: tUnit}}}}}}}
	} else if h, ok := elem.(*types.Handle); ok && (h.Kind == types.ShareH || h.Kind == types.WeakH) {
		// The promise keeps the share it is resolved with: it takes a count of its own, as a
		// binding does (the caller's temporary, `resolve(new C())`, is released after the call).
		v := &ir.Local{Name: "v_", Type: et, Param: true}
		resolveArg = &ir.FuncLit{Params: []*ir.Param{{Name: v.Name, Type: et}}, Body: &ir.Block{Stmts: []ir.Stmt{
			&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "resolve_"}, Args: []ir.Expr{l.copyValue(&ir.Ref{V: v}, elem)}}}}}}
	}
	return &ir.FuncLit{Params: []*ir.Param{res, rej}, Body: &ir.Block{Stmts: []ir.Stmt{
		&ir.ExprStmt{X: &ir.Call{Fun: f, Args: []ir.Expr{resolveArg, adapt}}}}}}
}

// keysCall lowers keys(o), values(o) and hasKey(o, k): methods of a map, rt helpers of a
// dynamic value.
func (l *lowerer) keysCall(b *builder, e *ast.Call, bi types.Builtin) ir.Expr {
	xs := l.exprList(b, e.Args)
	t := e.Args[0].TypeOf()
	if mt, ok := t.(*types.MapT); ok {
		switch bi {
		case builtin.FnKeys:
			return &ir.Call{Fun: &ir.Sel{X: xs[0], Name: "Keys"}}
		case builtin.FnValues:
			return &ir.Call{Fun: &ir.Sel{X: xs[0], Name: "Values"}}
		}
		return &ir.Call{Fun: &ir.Sel{X: xs[0], Name: "Has"}, Args: []ir.Expr{l.convertAt(xs[1], e.Args[1].TypeOf(), mt.Key, e.Args[1])}}
	}
	switch bi {
	case builtin.FnKeys:
		return rtCall("DynKeys", xs[0], l.pos(e))
	case builtin.FnValues:
		return rtCall("DynValues", xs[0], l.pos(e))
	}
	return rtCall("DynHasKey", xs[0], l.toAny(xs[1], e.Args[1].TypeOf()), l.pos(e))
}

// setCall lowers set(xs), Set(xs), new Set(xs) and set(): a set of an array's elements, a copy of
// a set, or a set of a dynamic value's elements converted to st's element type.
func (l *lowerer) setCall(b *builder, e *ast.Call, st *types.SetT) ir.Expr {
	et := l.goTypeOf(st.Elem)
	if len(e.Args) == 0 {
		return rtCallT("NewSet", []ir.Type{et})
	}
	x := l.expr(b, e.Args[0])
	switch at := e.Args[0].TypeOf().(type) {
	case *types.SetT:
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "Clone"}}
	case *types.Array:
		return rtCallT("SetOf", []ir.Type{et}, l.convertAt(x, at, &types.Array{Elem: st.Elem}, e.Args[0]))
	}
	if types.IsAny(st.Elem) {
		return rtCall("DynSetOf", l.toAny(x, e.Args[0].TypeOf()), l.pos(e))
	}
	return rtCallT("DynTo", []ir.Type{l.goTypeOf(st)}, l.toAny(x, e.Args[0].TypeOf()), l.pos(e))
}

// convertFn lowers `int(x)`, `float(x)` and `bool(x)`: a Go conversion where x's type allows
// one, else the run-time conversion of a dynamic value.
func (l *lowerer) convertFn(id builtin.ID, x ir.Expr, t types.Type, n ast.Node) ir.Expr {
	switch id {
	case builtin.FnBool:
		if types.IsBasic(t, types.Bool) {
			return x
		}
		return rtCall("DynTruthy", l.toAny(x, t))
	case builtin.FnFloat:
		switch {
		case types.IsNumeric(t):
			return &ir.Conv{Type: tF64, X: x}
		case isBig(t):
			return &ir.Call{Fun: &ir.Sel{X: x, Name: "Float"}}
		}
		return rtCall("ToFloat", l.toAny(x, t), l.pos(n))
	}
	switch {
	case types.IsInteger(t):
		return &ir.Conv{Type: tInt64, X: x}
	case types.IsFloat(t):
		return rtCallT("FloatToInt", []ir.Type{tInt64}, &ir.Conv{Type: tF64, X: x})
	case isBig(t):
		return rtCall("BigToInt", x, l.pos(n))
	}
	return rtCall("ToInt", l.toAny(x, t), l.pos(n))
}
