package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// methodHook lowers a method of a builtin type whose Go is irregular: a Go operator or builtin
// (len, ==), a default argument, an rt function chosen by the element type.
func (l *lowerer) methodHook(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	arg := func(i int) ir.Expr { return l.builtinArgAs(b, e, ci, i, builtin.Plain) }
	recvT := ci.RecvType
	isEmpty := func(length ir.Expr) ir.Expr { return &ir.Binary{Op: "==", X: length, Y: &ir.Lit{Text: "0"}} }
	switch ci.Builtin {
	case builtin.ArrayConcat:
		x, y := l.recvExpr(b, ci), arg(0)
		if arr, ok := types.Resolve(ci.Ret).(*types.Array); ok && types.IsAny(arr.Elem) {
			// One side typed, the other dynamic (check's dynamicConcat): both as dynamic values.
			if ra, ok := types.Resolve(recvT).(*types.Array); ok && !types.IsAny(ra.Elem) {
				x = rtCall("ToValues", x)
			}
			if pa, ok := types.Resolve(ci.Params[0]).(*types.Array); ok && !types.IsAny(pa.Elem) {
				y = rtCall("ToValues", y)
			}
		}
		return rtCall("ArrConcat", x, y)
	case builtin.ThreadPoolMap:
		name := "ThreadPoolMap"
		if arr, ok := types.Resolve(ci.Ret).(*types.Array); ok && types.IsUnit(arr.Elem) {
			name = "ThreadPoolMapUnit" // (functions of () are Go funcs with no result)
		}
		return rtCall(name, l.recvExpr(b, ci), arg(0), l.pos(e))
	case builtin.ValueToString:
		return l.toStr(l.recvExpr(b, ci), recvT)
	// Tuples: their length is known, and so is the field of first and last.
	case builtin.TupleLen:
		return l.length(l.recvExpr(b, ci), recvT, e)
	case builtin.TupleIsEmpty:
		return isEmpty(l.length(l.recvExpr(b, ci), recvT, e))
	case builtin.TupleFirst, builtin.TupleLast:
		x := l.recvExpr(b, ci)
		slot := 0
		if ci.Builtin == builtin.TupleLast {
			slot = len(recvT.(*types.Tuple).Elems) - 1
		}
		return &ir.Sel{X: x, Name: "F" + ir.Itoa(slot)}
	case builtin.TupleToArray:
		x := l.spill(b, l.recvExpr(b, ci), l.goTypeOf(recvT))
		elem := builtin.TupleArrayElem(recvT)
		arr := &ir.Composite{Type: l.goTypeOf(&types.Array{Elem: elem})}
		for i, t := range recvT.(*types.Tuple).Elems {
			v := ir.Expr(&ir.Sel{X: x, Name: "F" + ir.Itoa(i)})
			if types.IsAny(elem) {
				v = l.toAny(v, t)
			}
			arr.Elems = append(arr.Elems, v)
		}
		return arr
	// Arrays.
	case builtin.ArrayLen:
		return l.length(l.recvExpr(b, ci), recvT, e)
	case builtin.ArrayIsEmpty:
		return isEmpty(&ir.Call{Fun: &ir.Ident{Name: "len"}, Args: []ir.Expr{l.recvExpr(b, ci)}})
	case builtin.ArraySort:
		x := l.recvExpr(b, ci)
		elem := recvT.(*types.Array).Elem
		if len(e.Args) == 0 {
			if types.IsNumeric(elem) || types.IsBasic(elem, types.String) || types.IsBasic(elem, types.Char) {
				return rtCall("ArrSort", x)
			}
			return rtCall("ArrSortBy", x, &ir.Ident{Pkg: "rt", Name: "Less"})
		}
		cmp := l.funcArg(b, e.Args[0], paramAt(ci, 0), false)
		if ft, ok := funcTypeAt(e.Args[0], paramAt(ci, 0)).(*types.Func); ok && len(ft.Params) == 2 && !types.IsNumeric(ft.Ret) {
			// A comparator that gives a dynamic value (`(a, b) => a.n - b.n` over records) is
			// read as a number, as JavaScript reads it.
			cmp = l.convertAt(cmp, ft, &types.Func{Params: ft.Params, Ret: types.F64}, e.Args[0])
		}
		return rtCall("ArrSortCmp", x, cmp)
	case builtin.ArrayContains, builtin.ArrayIndexOf:
		x := l.recvExpr(b, ci)
		v := arg(0)
		simple := simpleEq(recvT.(*types.Array).Elem)
		switch {
		case ci.Builtin == builtin.ArrayContains && simple:
			return rtCall("ArrContains", x, v)
		case ci.Builtin == builtin.ArrayContains:
			return rtCall("ArrContainsEqual", x, v)
		case simple:
			return rtCall("ArrIndexOf", x, v)
		}
		return rtCall("ArrIndexOfEqual", x, v)
	case builtin.ArrayJoin:
		x := l.recvExpr(b, ci)
		var sep ir.Expr = &ir.Lit{Text: `","`}
		if len(e.Args) > 0 {
			sep = arg(0)
		}
		return rtCall("ArrJoin", x, sep)
	case builtin.ArrayFold:
		x := l.recvExpr(b, ci)
		init := arg(0)
		return rtCall("ArrReduce", x, l.funcArg(b, e.Args[1], paramAt(ci, 1), true), init)
	case builtin.ArraySlice:
		x := l.recvExpr(b, ci)
		lo := l.builtinArgAs(b, e, ci, 0, builtin.Int64)
		var hi ir.Expr = &ir.Conv{Type: tInt64, X: &ir.Call{Fun: &ir.Ident{Name: "len"}, Args: []ir.Expr{x}}}
		if len(e.Args) > 1 {
			hi = l.builtinArgAs(b, e, ci, 1, builtin.Int64)
		}
		return rtCall("ArrSlice", x, lo, hi, l.pos(e))
	case builtin.ArraySum, builtin.ArrayMin, builtin.ArrayMax:
		return l.arrayFold(l.recvExpr(b, ci), ci, e)
	// Maps.
	case builtin.MapLen:
		return &ir.Conv{Type: tInt64, X: &ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: "Len"}}}
	case builtin.MapIsEmpty:
		return isEmpty(&ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: "Len"}})
	// Sets.
	case builtin.SetLen:
		return &ir.Conv{Type: tInt64, X: &ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: "Len"}}}
	case builtin.SetIsEmpty:
		return isEmpty(&ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: "Len"}})
	// Optionals and results.
	case builtin.OptionIsSome:
		return &ir.Sel{X: l.recvExpr(b, ci), Name: "Some"}
	case builtin.OptionIsNone:
		return &ir.Unary{Op: "!", X: &ir.Sel{X: l.recvExpr(b, ci), Name: "Some"}}
	case builtin.ResultIsOk:
		return &ir.Sel{X: l.recvExpr(b, ci), Name: "IsOk"}
	case builtin.ResultIsErr:
		return &ir.Unary{Op: "!", X: &ir.Sel{X: l.recvExpr(b, ci), Name: "IsOk"}}
	// Numbers: the predeclared function of the method's name.
	case builtin.NumberAbs:
		return rtCall("Abs", l.typedLit(l.recvExpr(b, ci), recvT))
	case builtin.NumberPow, builtin.NumberSqrt, builtin.NumberFloor, builtin.NumberCeil, builtin.NumberRound, builtin.NumberMin, builtin.NumberMax:
		x := l.recvExpr(b, ci)
		var y ir.Expr
		if len(e.Args) > 0 {
			y = arg(0)
		}
		return l.mathCall(builtin.Predeclared(builtin.Name(ci.Builtin)), x, recvT, y, e)
	// Strings.
	case builtin.StringIsEmpty:
		return &ir.Binary{Op: "==", X: l.recvExpr(b, ci), Y: &ir.Lit{Text: `""`}}
	case builtin.StringSubstring:
		x := l.recvExpr(b, ci)
		var hi ir.Expr = rtCall("StrLen", x)
		from := arg(0)
		if len(e.Args) > 1 {
			hi = arg(1)
		}
		return rtCall("Substring", x, from, hi)
	case builtin.StringPadStart, builtin.StringPadEnd:
		x := l.recvExpr(b, ci)
		n := arg(0)
		var pad ir.Expr = &ir.Lit{Text: `" "`}
		if len(e.Args) > 1 {
			pad = arg(1)
		}
		if ci.Builtin == builtin.StringPadEnd {
			return rtCall("PadEnd", x, n, pad)
		}
		return rtCall("PadStart", x, n, pad)
	}
	return l.handleHook(b, e, ci)
}

// arrayFold lowers sum, min and max; dynamic elements are compared and added with the run-time
// rules of < and +.
func (l *lowerer) arrayFold(x ir.Expr, ci *check.CallInfo, e *ast.Call) ir.Expr {
	dynamic := types.IsAny(ci.RecvType.(*types.Array).Elem)
	switch {
	case ci.Builtin == builtin.ArraySum && dynamic:
		return rtCall("ArrSumDyn", x, l.pos(e))
	case ci.Builtin == builtin.ArraySum:
		return rtCall("ArrSum", x)
	case ci.Builtin == builtin.ArrayMin && dynamic:
		return rtCall("ArrMinBy", x, rtCall("LessAt", l.pos(e)))
	case ci.Builtin == builtin.ArrayMin:
		return rtCall("ArrMin", x)
	case dynamic:
		return rtCall("ArrMaxBy", x, rtCall("LessAt", l.pos(e)))
	}
	return rtCall("ArrMax", x)
}

// handleHook lowers the irregular methods of the handles: the clone of a reference, a channel's
// send, recv and len, a promise's then, a scope's spawn, a condition variable's wait.
func (l *lowerer) handleHook(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	switch ci.Builtin {
	case builtin.MutexClone, builtin.RwLockClone, builtin.ChannelClone:
		return l.recvExpr(b, ci)
	case builtin.CondvarWait: // cv.wait(guard) with the call's position, or the flag's cv.wait()
		x := l.recvExpr(b, ci)
		if len(e.Args) == 0 {
			return &ir.Call{Fun: &ir.Sel{X: x, Name: "WaitFlag"}}
		}
		return rtCall("CondvarWait", x, l.builtinArgAs(b, e, ci, 0, builtin.Plain), l.pos(e))
	case builtin.ChannelSend:
		x := l.recvExpr(b, ci)
		v := l.builtinArgAs(b, e, ci, 0, builtin.Owned)
		return rtCallT("Box", []ir.Type{tUnit}, &ir.Call{Fun: &ir.Sel{X: x, Name: "Send"}, Args: []ir.Expr{v}})
	case builtin.ChannelRecv:
		elem := types.AwaitResult(ci.Ret).(*types.Optional).Elem
		return rtCallT("Box", []ir.Type{rtType("Option", l.goTypeOf(elem))}, &ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: "Recv"}})
	case builtin.ChannelLen:
		return &ir.Conv{Type: tInt64, X: &ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: "Len"}}}
	case builtin.PromiseThen:
		if len(e.Args) == 2 && isNullLit(e.Args[0]) {
			return l.promiseCatch(b, e, ci) // then(null, f) is catch(f)
		}
		p := l.recvExpr(b, ci)
		f := l.funcArg(b, e.Args[0], paramAt(ci, 0), true)
		if len(e.Args) > 1 {
			return l.thenEither(b, e, ci, p, f, l.funcArg(b, e.Args[1], paramAt(ci, 1), true))
		}
		var then ir.Expr = rtCall("Then", p, f)
		// A callback that gives a promise or a future: settle as that one does.
		if fn, ok := e.Args[0].TypeOf().(*types.Func); ok {
			if types.HandleOf(fn.Ret, types.PromiseH) != nil {
				return rtCall("FlattenPromise", then)
			}
			if _, isFuture := fn.Ret.(*types.Future); isFuture {
				return rtCall("FlattenFuture", then)
			}
		}
		return then
	case builtin.PromiseCatch:
		return l.promiseCatch(b, e, ci)
	case builtin.ScopeSpawn:
		s := l.recvExpr(b, ci)
		fut := l.futureArgs(b, e.Args[:1])[0] // it starts as the child task, not before
		return rtCall("ScopeSpawn", l.cx(), s, fut)
	}
	return l.noLowering(e, ci)
}

// promiseCatch lowers p.catch(f). A handler whose result differs from p's value makes a promise
// of either (check's eitherValue), each converted to the derived promise's type.
func (l *lowerer) promiseCatch(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	p := l.recvExpr(b, ci)
	arg := e.Args[len(e.Args)-1] // catch(f), then(null, f)
	f := l.funcArg(b, arg, paramAt(ci, len(e.Args)-1), true)
	from := types.HandleOf(ci.RecvType, types.PromiseH).Elem
	to := types.HandleOf(ci.Ret, types.PromiseH).Elem
	handler, _ := arg.TypeOf().(*types.Func)
	if handler != nil && isPromiseOrFuture(handler.Ret) {
		// `.catch(e => Promise.resolve(…))`: the derived promise adopts the handler's.
		x := &ir.Param{Name: "x_", Type: l.valueType(from)}
		identity := &ir.FuncLit{Params: []*ir.Param{x}, Results: []ir.Type{x.Type}, Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{&ir.Ident{Name: x.Name}}}}}}
		return rtCall("ThenAdopt", p, identity, f, l.toPromise(from, to, e), l.toPromise(handler.Ret, to, e))
	}
	if handler == nil || types.Identical(from, to) && (types.IsNever(handler.Ret) || types.Identical(types.OrUnit(handler.Ret), to)) {
		return rtCall("Catch", p, f)
	}
	return rtCall("CatchEither", p, l.converter(from, to, e), f, l.converter(types.OrUnit(handler.Ret), to, e))
}

// thenEither lowers p.then(f, g): each callback's value converted to the derived promise's
// (check's promiseThenElse), and a promise or a future a callback gives adopted.
func (l *lowerer) thenEither(b *builder, e *ast.Call, ci *check.CallInfo, p, f, g ir.Expr) ir.Expr {
	to := types.HandleOf(ci.Ret, types.PromiseH).Elem
	from := types.HandleOf(ci.RecvType, types.PromiseH).Elem
	ft, _ := e.Args[0].TypeOf().(*types.Func)
	gt, _ := e.Args[1].TypeOf().(*types.Func)
	if ft == nil || gt == nil {
		return rtCall("ThenElse", p, f, g)
	}
	if isPromiseOrFuture(ft.Ret) || isPromiseOrFuture(gt.Ret) {
		return rtCall("ThenAdopt", p, f, g, l.toPromise(ft.Ret, to, e), l.toPromise(gt.Ret, to, e))
	}
	f = l.convertAt(f, &types.Func{Params: ts(from), Ret: types.OrUnit(ft.Ret)}, &types.Func{Params: ts(from), Ret: to}, e.Args[0])
	g = l.convertAt(g, &types.Func{Params: ts(types.ErrorType), Ret: types.OrUnit(gt.Ret)}, &types.Func{Params: ts(types.ErrorType), Ret: to}, e.Args[1])
	return rtCall("ThenElse", p, f, g)
}

// toPromise is a Go function that turns a callback's result of type from into a promise of the
// derived promise's value to: a promise or a future settles it, a value resolves it.
func (l *lowerer) toPromise(from, to types.Type, at ast.Node) ir.Expr {
	from = types.OrUnit(from)
	x := &ir.Param{Name: "x_", Type: l.valueType(from)}
	var body ir.Expr
	switch {
	case types.HandleOf(from, types.PromiseH) != nil:
		inner := types.HandleOf(from, types.PromiseH).Elem
		body = rtCall("Then", &ir.Ident{Name: x.Name}, l.converter(inner, to, at))
	case types.IsFuture(from):
		inner := types.AwaitResult(from)
		body = rtCall("Then", rtCallT("PromiseOf", []ir.Type{l.valueType(inner)}, &ir.Ident{Name: x.Name}), l.converter(inner, to, at))
	default:
		body = rtCall("Resolved", l.convertAt(&ir.Ident{Name: x.Name}, from, to, at))
	}
	return &ir.FuncLit{Params: []*ir.Param{x}, Results: []ir.Type{&ir.TPtr{Elem: rtType("Promise", l.valueType(to))}}, Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{body}}}}}
}

func ts(t ...types.Type) []types.Type { return t }

// converter is a Go function that converts a value of type from to one of type to.
func (l *lowerer) converter(from, to types.Type, at ast.Node) ir.Expr {
	x := &ir.Param{Name: "x_", Type: l.valueType(from)}
	return &ir.FuncLit{Params: []*ir.Param{x}, Results: []ir.Type{l.goTypeOf(to)}, Body: &ir.Block{Stmts: []ir.Stmt{
		&ir.Return{Results: []ir.Expr{l.convertAt(&ir.Ident{Name: x.Name}, from, to, at)}}}}}
}
