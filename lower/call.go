package lower

import (
	"strconv"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// call lowers a call expression in value position. A call of an async fn gives its future boxed
// as an rt.Future (awaits take the state struct by value instead, see futureOf).
func (l *lowerer) call(b *builder, e *ast.Call) Expr {
	ci := l.info.Calls[e]
	if ci == nil {
		l.fail(e, "internal: unchecked call")
	}
	switch ci.Kind {
	case check.CallFunc, check.CallMethod:
		x := l.funcCall(b, e, ci)
		if ci.Sig.Async && (ci.Kind == check.CallMethod || l.locals[ci.Obj] == nil) {
			// The instantiated result: a generic async fn's signature says T.
			return rtCallT("Box", []Type{l.valueType(types.AwaitResult(e.TypeOf()))}, x)
		}
		return x
	case check.CallValue:
		xs := l.exprList(b, append([]ast.Expr{e.Fun}, e.Args...))
		args := l.convertArgs(xs[1:], e.Args, ci.Params)
		return &Call{Fun: xs[0], Args: args}
	case check.CallBuiltin:
		return l.builtinCall(b, e, ci)
	case check.CallBuiltinMethod:
		return l.builtinMethod(b, e, ci)
	case check.CallStatic:
		return l.staticCall(b, e, ci)
	case check.CallVariant:
		args := l.ownedList(b, e.Args)
		n := types.Resolve(ci.Ret).(*types.Named)
		return l.variantValue(ci.Variant, n, l.convertArgs(args, e.Args, ci.Params))
	case check.CallDynamic:
		xs := l.exprList(b, append([]ast.Expr{e.Fun}, e.Args...))
		args := []Expr{xs[0], l.pos(e)}
		for i, a := range e.Args {
			args = append(args, l.toAny(xs[i+1], a.TypeOf()))
		}
		return rtCall("DynCall", args...)
	case check.CallDynMethod:
		if dynMutators[ci.Name] && isLvalue(ci.Recv) {
			// `xs.push(v)` on a dynamic array changes the place that holds it (a field of a
			// record, an element of a map, written back, see placeOf).
			recv := l.placeOf(b, ci.Recv)
			xs := l.exprList(b, e.Args)
			args := []Expr{&Unary{Op: "&", X: recv}, &Lit{Text: strconv.Quote(ci.Name)}, l.pos(e)}
			for i, a := range e.Args {
				args = append(args, l.toAny(xs[i], a.TypeOf()))
			}
			return rtCall("DynMethodRef", args...)
		}
		xs := l.exprList(b, append([]ast.Expr{ci.Recv}, e.Args...))
		args := []Expr{xs[0], &Lit{Text: strconv.Quote(ci.Name)}, l.pos(e)}
		for i, a := range e.Args {
			args = append(args, l.toAny(xs[i+1], a.TypeOf()))
		}
		return rtCall("DynMethod", args...)
	case check.CallAwait:
		return l.awaitValue(b, e, ci.Recv, ci.Derefs)
	}
	l.fail(e, "unsupported call")
	return nil
}

// dynMutators are the array methods that change their receiver, which a dynamic call reaches
// through rt.DynMethodRef and the place that holds the array.
var dynMutators = map[string]bool{"push": true, "pop": true, "insert": true, "remove": true, "clear": true,
	"sort": true, "sort_by": true, "reverse": true}

// convertArgs adapts lowered arguments to the parameter types.
func (l *lowerer) convertArgs(xs []Expr, args []ast.Expr, params []types.Type) []Expr {
	out := make([]Expr, len(xs))
	for i, x := range xs {
		if i < len(params) {
			out[i] = l.convertAt(x, args[i].TypeOf(), params[i], args[i])
		} else {
			out[i] = x
		}
	}
	return out
}

// funcCall lowers a call of a declared function or method: for an async fn, the call of its
// constructor, which gives the state struct by value.
func (l *lowerer) funcCall(b *builder, e *ast.Call, ci *check.CallInfo) Expr {
	fd := ci.Obj.Decl.(*ast.FuncDecl)
	var recv Expr
	var exprs []ast.Expr
	if ci.Kind == check.CallMethod {
		exprs = append(exprs, ci.Recv)
	}
	exprs = append(exprs, e.Args...)
	var xs []Expr
	if ci.Kind == check.CallMethod && ci.Sig.SelfMut && !ci.Sig.Async && len(ci.Derefs) == 0 && isLvalue(ci.Recv) {
		// The method changes the place it is called on (a map's element is written back).
		xs = append([]Expr{l.placeOf(b, ci.Recv)}, l.exprList(b, e.Args)...)
	} else if ci.Kind == check.CallMethod && ci.Sig.SelfMut && l.awaitedCall == e && len(ci.Derefs) == 0 && isLvalue(ci.Recv) {
		// So does an async one awaited where it is called: its future holds the place until
		// the await completes. (A future kept or spawned gets a copy of the receiver instead:
		// it may run while the caller uses the place.)
		xs = append([]Expr{l.placeOf(b, ci.Recv)}, l.asyncArgs(b, e.Args, false)...)
	} else if ci.Sig.Async {
		xs = l.asyncArgs(b, exprs, ci.Kind == check.CallMethod && len(ci.Derefs) > 0)
	} else {
		xs = l.exprList(b, exprs)
	}
	if ci.Kind == check.CallMethod {
		recv = l.derefAll(xs[0], ci.Derefs)
		if ci.Sig.SelfMut && !addressable(recv) {
			recv = l.spill(b, recv, l.goTypeOf(ci.RecvType))
			if _, ok := recv.(*Ref); !ok {
				v := l.temp("t", l.goTypeOf(ci.RecvType))
				b.add(&Define{V: v, Value: recv})
				recv = &Ref{V: v}
			}
		}
		xs = xs[1:]
	}
	args := l.convertArgs(xs, e.Args, ci.Params)
	// Default values of omitted parameters.
	for i := len(args); i < len(ci.Params); i++ {
		if d, ok := ci.Sig.Defaults[i].(ast.Expr); ok && d != nil {
			args = append(args, l.convertAt(l.expr(b, d), d.TypeOf(), ci.Params[i], d))
		}
	}
	var targs []Type
	if v := l.locals[ci.Obj]; v != nil && ci.Kind != check.CallMethod {
		if d := l.localDepths[ci.Obj]; d != nil && l.fn.depth == d.param {
			// A local fn calling itself: one level deeper (recursion.go).
			return &Call{Fun: &Ref{V: d.fn}, Args: append(args, &Binary{Op: "+", X: &Ref{V: d.param}, Y: &Lit{Text: "1"}})}
		}
		v.Reads++
		return &Call{Fun: &Ref{V: v}, Args: args}
	}
	name, methodName := l.funcName(fd), methodName(fd.Name.Name)
	if depth := l.callDepth(e, fd); depth != nil {
		name, methodName = l.depthName(fd), l.depthName(fd)
		args = append(args, depth)
	}
	if ci.Kind == check.CallMethod && l.methodIsFunc(fd) {
		if n, ok := types.Resolve(ci.RecvType).(*types.Named); ok {
			targs = append(targs, l.goTypes(n.Args)...)
		}
		targs = append(targs, l.goTypes(ci.TypeArgs)...)
		if ci.Sig.SelfMut {
			recv = &Unary{Op: "&", X: recv}
		}
		return &Call{Fun: &Ident{Name: name}, TypeArgs: targs, Args: append([]Expr{recv}, args...)}
	}
	if ci.Kind == check.CallMethod {
		return &Call{Fun: &Sel{X: recv, Name: methodName}, Args: args}
	}
	return &Call{Fun: &Ident{Name: name}, TypeArgs: l.goTypes(ci.TypeArgs), Args: args}
}

// addressable reports whether Go can take the address of x (for pointer-receiver methods).
func addressable(x Expr) bool {
	switch x := x.(type) {
	case *Ref:
		return true
	case *Sel:
		return addressable(x.X)
	case *Index:
		return true
	case *Unary:
		return x.Op == "*"
	case *Paren:
		return addressable(x.X)
	}
	return false
}

// recvExpr lowers the receiver of a builtin method call, through its shares and guards.
func (l *lowerer) recvExpr(b *builder, ci *check.CallInfo) Expr {
	return l.derefAll(l.expr(b, ci.Recv), ci.Derefs)
}

// place lowers the receiver of a method that changes it (push on an array): a pointer to it.
func (l *lowerer) place(b *builder, ci *check.CallInfo) Expr {
	if len(ci.Derefs) == 0 && isLvalue(ci.Recv) {
		return &Unary{Op: "&", X: l.placeOf(b, ci.Recv)}
	}
	if len(ci.Derefs) > 0 {
		x := l.expr(b, ci.Recv)
		for i, t := range ci.Derefs {
			if i == len(ci.Derefs)-1 {
				return l.ptrThrough(x, t)
			}
			x = l.deref(x, t)
		}
	}
	// A temporary array: changing it changes nothing anyone sees.
	v := l.temp("t", l.goTypeOf(ci.RecvType))
	b.add(&Define{V: v, Value: l.expr(b, ci.Recv)})
	return &Unary{Op: "&", X: &Ref{V: v}}
}

// ptrThrough is the pointer to the value behind a share or a guard.
func (l *lowerer) ptrThrough(x Expr, t types.Type) Expr {
	h := types.Resolve(t).(*types.Handle)
	if h.Kind == types.ShareH {
		return &Call{Fun: &Sel{X: x, Name: "Get"}}
	}
	return &Call{Fun: &Sel{X: x, Name: "Ptr"}}
}

// predicateArg lowers the predicate of filter, find, any and all. A lambda there that gives a
// dynamic value is read with the condition rule (§7's truthiness, as `if` reads it), so that
// `mixed.filter(x => x)` keeps the truthy elements instead of failing on the first non-bool.
func (l *lowerer) predicateArg(b *builder, e ast.Expr) Expr {
	if lam, ok := unparen(e).(*ast.Lambda); ok {
		if l.predicates == nil {
			l.predicates = map[ast.Node]bool{}
		}
		l.predicates[lam] = true
		return l.funcArg(b, e, false)
	}
	f := l.funcArg(b, e, false)
	ft, ok := types.Resolve(e.TypeOf()).(*types.Func)
	if !ok || types.IsBasic(types.Resolve(ft.Ret), types.Bool) {
		return f
	}
	// A function of another result: a wrapper reads it by its truthiness.
	params, args := l.forwardParams(ft.Params)
	call := &Call{Fun: l.spill(b, f, l.goTypeOf(ft)), Args: args}
	return &FuncLit{Params: params, Results: []Type{tBool},
		Body: &Block{Stmts: []Stmt{&Return{Results: []Expr{l.predicateTruth(call, ft.Ret)}}}}}
}

// predicateTruth is the truthiness of a predicate's result, as a condition reads it (truthy);
// a value of another type, which a condition would not take, by its dynamic truthiness (§7).
func (l *lowerer) predicateTruth(x Expr, t types.Type) Expr {
	if _, opt := types.Resolve(t).(*types.Optional); opt || types.IsBasic(types.Resolve(t), types.Bool) || types.IsAny(t) {
		return l.truthy(x, t)
	}
	return rtCall("DynTruthy", l.toAny(x, t))
}

// funcArg lowers a function argument given to the runtime: a lambda is lowered as a Go function
// literal; when the runtime needs a result from a unit function (Then, SpawnBlocking) it returns
// rt.Unit{}.
func (l *lowerer) funcArg(b *builder, e ast.Expr, needResult bool) Expr {
	if lam, ok := unparen(e).(*ast.Lambda); ok {
		return l.lambdaForce(lam, needResult)
	}
	x := l.expr(b, e)
	ft, ok := types.Resolve(e.TypeOf()).(*types.Func)
	if !ok || !needResult || (ft.Ret != nil && !types.IsUnit(ft.Ret)) {
		return x
	}
	// Wrap a unit function value so that it returns rt.Unit.
	f := l.spill(b, x, l.goTypeOf(ft))
	params, args := l.forwardParams(ft.Params)
	return &FuncLit{Params: params, Results: []Type{tUnit}, Body: &Block{Stmts: []Stmt{
		&ExprStmt{X: &Call{Fun: f, Args: args}}, &Return{Results: []Expr{&Composite{Type: tUnit}}}}}}
}

// builtinCall lowers a call of a predeclared function.
func (l *lowerer) builtinCall(b *builder, e *ast.Call, ci *check.CallInfo) Expr {
	switch ci.Builtin {
	case check.BPrint, check.BPrintln, check.BEprint:
		xs := l.exprList(b, e.Args)
		for i, a := range e.Args {
			xs[i] = l.toAny(xs[i], a.TypeOf())
		}
		name := "Print"
		if ci.Builtin == check.BEprint {
			name = "Eprint"
		}
		return rtCall(name, xs...)
	case check.BLen:
		x := l.expr(b, e.Args[0])
		return l.length(x, e.Args[0].TypeOf(), e)
	case check.BStr:
		return l.toStr(l.expr(b, e.Args[0]), e.Args[0].TypeOf())
	case check.BTypeOf:
		return l.typeOf(b, e.Args[0])
	case check.BRange:
		xs := l.exprList(b, e.Args)
		if len(xs) == 1 {
			return rtCall("RangeArray", &Conv{Type: l.goTypeOf(e.Args[0].TypeOf()), X: &Lit{Text: "0"}}, l.typedLit(xs[0], e.Args[0].TypeOf()), &Lit{Text: "false"})
		}
		return rtCall("RangeArray", l.typedLit(xs[0], e.Args[0].TypeOf()), l.typedLit(xs[1], e.Args[1].TypeOf()), &Lit{Text: "false"})
	case check.BSleep, check.BYieldNow, check.BJoin, check.BJoinAll, check.BSelect, check.BTimeout, check.BScope:
		x, _ := l.builtinFuture(b, e, ci)
		return rtCallT("Box", []Type{l.valueType(types.AwaitResult(ci.Ret))}, x)
	case check.BSpawnBlocking:
		return rtCall("SpawnBlocking", l.funcArg(b, e.Args[0], true))
	case check.BSetTimeout, check.BSetInterval:
		f := l.funcArg(b, e.Args[0], false)
		var ms Expr = &Lit{Text: "0"}
		if len(e.Args) > 1 {
			ms = l.expr(b, e.Args[1])
		}
		name := "SetTimeout"
		if ci.Builtin == check.BSetInterval {
			name = "SetInterval"
		}
		return rtCall(name, f, ms)
	case check.BClearTimeout:
		return rtCall("ClearTimeout", l.expr(b, e.Args[0]))
	case check.BClearInterval:
		return rtCall("ClearInterval", l.expr(b, e.Args[0]))
	case check.BChannel:
		h := types.HandleOf(ci.Ret, types.ChannelH)
		var n Expr = &Lit{Text: "0"}
		if len(e.Args) > 0 {
			n = &Conv{Type: tInt, X: l.expr(b, e.Args[0])}
		}
		return rtCallT("NewChannel", []Type{l.goTypeOf(h.Elem)}, n)
	case check.BError:
		return rtCall("NewError", l.expr(b, e.Args[0]))
	case check.BOk, check.BErr:
		r := types.Resolve(ci.Ret).(*types.Result)
		targs := []Type{l.valueType(r.Ok), l.goTypeOf(r.Err)}
		if ci.Builtin == check.BOk {
			if len(e.Args) == 0 {
				return rtCallT("Ok", targs, &Composite{Type: tUnit})
			}
			return rtCallT("Ok", targs, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), r.Ok, e.Args[0]))
		}
		return rtCallT("Err", targs, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), r.Err, e.Args[0]))
	case check.BSome:
		o := types.Resolve(ci.Ret).(*types.Optional)
		return rtCallT("Some", []Type{l.goTypeOf(o.Elem)}, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), o.Elem, e.Args[0]))
	case check.BAssert:
		xs := l.exprList(b, e.Args)
		var msg Expr = &Lit{Text: `"assertion failed"`}
		if len(xs) > 1 {
			msg = xs[1]
		}
		return rtCall("Assert", xs[0], msg, l.pos(e))
	case check.BArgs:
		return rtCall("Args")
	case check.BEnv:
		return rtCall("Env", l.expr(b, e.Args[0]))
	case check.BExit:
		var code Expr = &Lit{Text: "0"}
		if len(e.Args) > 0 {
			code = &Conv{Type: tInt, X: l.expr(b, e.Args[0])}
		}
		return rtCall("Exit", code)
	case check.BParseInt:
		return rtCall("ParseInt", l.expr(b, e.Args[0]))
	case check.BParseFloat:
		return rtCall("ParseFloat", l.expr(b, e.Args[0]))
	case check.BAbs, check.BSqrt, check.BFloor, check.BCeil, check.BRound:
		return l.mathCall(ci.Builtin, l.expr(b, e.Args[0]), e.Args[0].TypeOf(), nil, e)
	case check.BMin, check.BMax, check.BPow:
		xs := l.exprList(b, e.Args)
		return l.mathCall(ci.Builtin, xs[0], e.Args[0].TypeOf(), xs[1], e)
	case check.BMapType:
		mt := types.Resolve(ci.Ret).(*types.MapT)
		return rtCallT("NewMap", []Type{l.goTypeOf(mt.Key), l.goTypeOf(mt.Val)})
	}
	l.fail(e, "this builtin is not supported yet")
	return nil
}

// length is len(x) for a string (characters), an array, a map or a dynamic value.
func (l *lowerer) length(x Expr, t types.Type, n ast.Node) Expr {
	switch types.Resolve(t).(type) {
	case *types.Array:
		return &Conv{Type: tInt64, X: &Call{Fun: &Ident{Name: "len"}, Args: []Expr{x}}}
	case *types.MapT:
		return &Conv{Type: tInt64, X: &Call{Fun: &Sel{X: x, Name: "Len"}}}
	}
	if types.IsBasic(t, types.String) {
		return rtCall("StrLen", x)
	}
	return rtCall("DynLen", x, l.pos(n))
}

func (l *lowerer) mathCall(bi types.Builtin, x Expr, t types.Type, y Expr, n ast.Node) Expr {
	if types.IsAny(t) {
		x = rtCall("AsFloat", x, l.pos(n))
		t = types.F64
		if y != nil {
			y = rtCall("AsFloat", y, l.pos(n))
		}
	}
	switch bi {
	case check.BAbs:
		// A constant argument gets its AdeshLang type: Go would make `rt.Abs(-7)` an int.
		return rtCall("Abs", l.typedLit(x, t))
	case check.BSqrt:
		return &Call{Fun: &Ident{Pkg: "math", Name: "Sqrt"}, Args: []Expr{&Conv{Type: tF64, X: x}}}
	case check.BFloor, check.BCeil, check.BRound:
		if types.IsInteger(t) {
			return x
		}
		name := map[types.Builtin]string{check.BFloor: "Floor", check.BCeil: "Ceil", check.BRound: "Round"}[bi]
		return rtCall(name, l.typedLit(x, t))
	case check.BMin:
		return &Call{Fun: &Ident{Name: "min"}, Args: []Expr{x, y}}
	case check.BMax:
		return &Call{Fun: &Ident{Name: "max"}, Args: []Expr{x, y}}
	case check.BPow:
		if types.IsInteger(t) {
			return rtCall("IntPow", l.typedLit(x, t), &Conv{Type: tInt64, X: y}, l.pos(n))
		}
		return &Conv{Type: l.goTypeOf(t), X: &Call{Fun: &Ident{Pkg: "math", Name: "Pow"}, Args: []Expr{&Conv{Type: tF64, X: x}, &Conv{Type: tF64, X: y}}}}
	}
	return x
}

// builtinFuture lowers a builtin that makes a future (sleep, join, timeout, …): the runtime's
// future by value, and its Go type.
func (l *lowerer) builtinFuture(b *builder, e *ast.Call, ci *check.CallInfo) (Expr, Type) {
	res := types.AwaitResult(ci.Ret)
	switch ci.Builtin {
	case check.BSleep:
		return rtCall("Sleep", l.expr(b, e.Args[0])), rtType("SleepFuture")
	case check.BYieldNow:
		return rtCall("YieldNow"), rtType("YieldFuture")
	case check.BJoin:
		xs := l.futureArgs(b, e.Args)
		if len(xs) == 1 {
			return xs[0], rtType("Future", l.valueType(res))
		}
		tt := types.Resolve(res).(*types.Tuple)
		name := "Join" + itoa(len(xs))
		return rtCall(name, xs...), rtType(name+"Future", l.valueTypes(tt.Elems)...)
	case check.BJoinAll:
		elem := types.Resolve(res).(*types.Array).Elem
		xs := l.expr(b, e.Args[0])
		arr := types.Resolve(e.Args[0].TypeOf()).(*types.Array)
		if _, isFut := types.Resolve(arr.Elem).(*types.Future); !isFut {
			xs = rtCallT("AsFutures", []Type{l.valueType(elem)}, xs)
		}
		return rtCall("JoinAll", xs), rtType("JoinAllFuture", l.valueType(elem))
	case check.BSelect:
		xs := l.futureArgs(b, e.Args)
		return rtCallT("Select", []Type{l.valueType(res)}, xs...), rtType("SelectFuture", l.valueType(res))
	case check.BTimeout:
		ms := l.expr(b, e.Args[0])
		fut := l.futureArgs(b, e.Args[1:2])[0]
		inner := types.Resolve(res).(*types.Result).Ok
		return rtCall("Timeout", ms, fut), rtType("TimeoutFuture", l.valueType(inner))
	case check.BScope:
		body := l.funcArg(b, e.Args[0], false)
		return rtCall("RunScope", body), rtType("ScopeFuture", l.valueType(res))
	}
	l.fail(e, "internal: not a builtin future")
	return nil, nil
}

func (l *lowerer) valueTypes(ts []types.Type) []Type {
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = l.valueType(t)
	}
	return out
}

// futureArgs lowers arguments that must be rt.Futures.
func (l *lowerer) futureArgs(b *builder, args []ast.Expr) []Expr {
	xs := l.exprList(b, args)
	return xs
}

// builtinArg converts an argument of a builtin method to its parameter's type. A typed value
// passed where the method takes `any` (`xs.push(n)` on an `[any]`) is converted explicitly:
// the rt helpers are generic, and Go infers their element type from every argument.
func (l *lowerer) builtinArg(x Expr, arg ast.Expr, param types.Type) Expr {
	x = l.convertAt(x, arg.TypeOf(), param, arg)
	if types.IsAny(types.Resolve(param)) && !types.IsAny(types.Resolve(arg.TypeOf())) {
		if id, isIdent := x.(*Ident); !isIdent || id.Name != "nil" {
			return &Conv{Type: rtType("Value"), X: x}
		}
	}
	return x
}

// builtinMethod lowers a method of a builtin type.
func (l *lowerer) builtinMethod(b *builder, e *ast.Call, ci *check.CallInfo) Expr {
	name := ci.Name
	arg := func(i int) Expr {
		return l.builtinArg(l.expr(b, e.Args[i]), e.Args[i], ci.Params[i])
	}
	ownedArg := func(i int) Expr {
		return l.builtinArg(l.owned(b, e.Args[i]), e.Args[i], ci.Params[i])
	}
	recvT := ci.RecvType
	switch name {
	case "any.to_string", "any.toString":
		return l.toStr(l.recvExpr(b, ci), recvT)
	// Arrays.
	case "Array.push", "Array.append":
		p := l.place(b, ci)
		return rtCall("ArrPush", p, ownedArg(0))
	case "Array.pop":
		return rtCall("ArrPop", l.place(b, ci))
	case "Array.insert":
		p := l.place(b, ci)
		return rtCall("ArrInsert", p, l.toInt64(arg(0), e.Args[0].TypeOf(), e.Args[0]), ownedArg(1), l.pos(e))
	case "Array.remove":
		p := l.place(b, ci)
		return rtCall("ArrRemove", p, l.toInt64(arg(0), e.Args[0].TypeOf(), e.Args[0]), l.pos(e))
	case "Array.clear":
		p := l.place(b, ci)
		return rtCall("ArrClear", p)
	case "Array.extend":
		p := l.place(b, ci)
		return rtCall("ArrExtend", p, arg(0))
	case "Array.reverse":
		return rtCall("ArrReverse", l.recvExpr(b, ci))
	case "Array.sort":
		x := l.recvExpr(b, ci)
		elem := types.Resolve(recvT).(*types.Array).Elem
		if len(e.Args) == 0 {
			if types.IsNumeric(elem) || types.IsBasic(elem, types.String) || types.IsBasic(elem, types.Char) {
				return rtCall("ArrSort", x)
			}
			return rtCall("ArrSortBy", x, &Ident{Pkg: "rt", Name: "Less"})
		}
		return rtCall("ArrSortCmp", x, l.funcArg(b, e.Args[0], false))
	case "Array.len", "Array.length":
		return l.length(l.recvExpr(b, ci), recvT, e)
	case "Array.is_empty":
		return &Binary{Op: "==", X: &Call{Fun: &Ident{Name: "len"}, Args: []Expr{l.recvExpr(b, ci)}}, Y: &Lit{Text: "0"}}
	case "Array.contains", "Array.includes", "Array.index_of", "Array.indexOf":
		x := l.recvExpr(b, ci)
		v := arg(0)
		elem := types.Resolve(recvT).(*types.Array).Elem
		fn := "ArrContains"
		if name == "Array.index_of" || name == "Array.indexOf" {
			fn = "ArrIndexOf"
		}
		if !simpleEq(elem) {
			fn += "Equal"
		}
		return rtCall(fn, x, v)
	case "Array.join":
		x := l.recvExpr(b, ci)
		var sep Expr = &Lit{Text: `","`}
		if len(e.Args) > 0 {
			sep = arg(0)
		}
		return rtCall("ArrJoin", x, sep)
	case "Array.map":
		x := l.recvExpr(b, ci)
		return rtCall("ArrMap", x, l.funcArg(b, e.Args[0], true))
	case "Array.filter":
		return rtCall("ArrFilter", l.recvExpr(b, ci), l.predicateArg(b, e.Args[0]))
	case "Array.for_each", "Array.forEach":
		return rtCall("ArrForEach", l.recvExpr(b, ci), l.funcArg(b, e.Args[0], false))
	case "Array.find":
		return rtCall("ArrFind", l.recvExpr(b, ci), l.predicateArg(b, e.Args[0]))
	case "Array.any", "Array.some":
		return rtCall("ArrAny", l.recvExpr(b, ci), l.predicateArg(b, e.Args[0]))
	case "Array.all", "Array.every":
		return rtCall("ArrAll", l.recvExpr(b, ci), l.predicateArg(b, e.Args[0]))
	case "Array.reduce":
		x := l.recvExpr(b, ci)
		f := l.funcArg(b, e.Args[0], true)
		return rtCall("ArrReduce", x, f, arg(1))
	case "Array.fold":
		x := l.recvExpr(b, ci)
		init := arg(0)
		return rtCall("ArrReduce", x, l.funcArg(b, e.Args[1], true), init)
	case "Array.slice":
		x := l.recvExpr(b, ci)
		lo := l.toInt64(arg(0), e.Args[0].TypeOf(), e.Args[0])
		var hi Expr = &Conv{Type: tInt64, X: &Call{Fun: &Ident{Name: "len"}, Args: []Expr{x}}}
		if len(e.Args) > 1 {
			hi = l.toInt64(arg(1), e.Args[1].TypeOf(), e.Args[1])
		}
		return rtCall("ArrSlice", x, lo, hi, l.pos(e))
	case "Array.concat":
		return rtCall("ArrConcat", l.recvExpr(b, ci), arg(0))
	case "Array.clone", "Array.copy":
		return rtCall("ArrClone", l.recvExpr(b, ci))
	case "Array.first":
		return rtCall("ArrFirst", l.recvExpr(b, ci))
	case "Array.last":
		return rtCall("ArrLast", l.recvExpr(b, ci))
	case "Array.sum", "Array.min", "Array.max":
		x := l.recvExpr(b, ci)
		fn := "ArrSum"
		switch name {
		case "Array.min":
			fn = "ArrMin"
		case "Array.max":
			fn = "ArrMax"
		}
		if types.IsAny(types.Resolve(recvT).(*types.Array).Elem) {
			// Dynamic elements: compared and added with the run-time rules of < and +.
			if name == "Array.sum" {
				return rtCall("ArrSumDyn", x, l.pos(e))
			}
			return rtCall(fn+"By", x, rtCall("LessAt", l.pos(e)))
		}
		return rtCall(fn, x)
	// Maps.
	case "Map.get":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "Get"}, Args: []Expr{arg(0)}}
	case "Map.set", "Map.insert":
		x := l.recvExpr(b, ci)
		return &Call{Fun: &Sel{X: x, Name: "Set"}, Args: []Expr{arg(0), ownedArg(1)}}
	case "Map.has", "Map.contains_key", "Map.contains":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "Has"}, Args: []Expr{arg(0)}}
	case "Map.delete", "Map.remove":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "Delete"}, Args: []Expr{arg(0)}}
	case "Map.len", "Map.size":
		return &Conv{Type: tInt64, X: &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "Len"}}}
	case "Map.is_empty":
		return &Binary{Op: "==", X: &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "Len"}}, Y: &Lit{Text: "0"}}
	case "Map.keys", "Map.values", "Map.entries", "Map.clear":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: exportName(name[4:])}}
	// Optionals and Results.
	case "Option.unwrap", "Result.unwrap":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "Unwrap"}, Args: []Expr{l.pos(e)}}
	case "Option.expect", "Result.expect":
		return rtCall("Expect", l.recvExpr(b, ci), arg(0), l.pos(e))
	case "Option.unwrap_or", "Result.unwrap_or":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "UnwrapOr"}, Args: []Expr{arg(0)}}
	case "Option.is_some":
		return &Sel{X: l.recvExpr(b, ci), Name: "Some"}
	case "Option.is_none":
		return &Unary{Op: "!", X: &Sel{X: l.recvExpr(b, ci), Name: "Some"}}
	case "Result.is_ok":
		return &Sel{X: l.recvExpr(b, ci), Name: "IsOk"}
	case "Result.is_err":
		return &Unary{Op: "!", X: &Sel{X: l.recvExpr(b, ci), Name: "IsOk"}}
	case "Result.unwrap_err":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "UnwrapErr"}, Args: []Expr{l.pos(e)}}
	case "Result.ok":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: "OkValue"}}
	// Numbers and chars.
	case "num.abs":
		return rtCall("Abs", l.typedLit(l.recvExpr(b, ci), recvT))
	case "num.pow", "num.sqrt", "num.floor", "num.ceil", "num.round", "num.min", "num.max":
		bi := map[string]types.Builtin{"num.pow": check.BPow, "num.sqrt": check.BSqrt, "num.floor": check.BFloor,
			"num.ceil": check.BCeil, "num.round": check.BRound, "num.min": check.BMin, "num.max": check.BMax}[name]
		x := l.recvExpr(b, ci)
		var y Expr
		if len(e.Args) > 0 {
			y = arg(0)
		}
		return l.mathCall(bi, x, recvT, y, e)
	}
	if x := l.stringMethod(b, e, ci, name, arg); x != nil {
		return x
	}
	if x := l.handleMethod(b, e, ci, name, arg, ownedArg); x != nil {
		return x
	}
	if x := l.ioMethod(b, e, ci); x != nil {
		return x
	}
	l.fail(e, "the method `%s` is not supported yet", name)
	return nil
}

var stringMethods = map[string]string{
	"byte_len": "StrByteLen", "chars": "Chars", "split": "Split", "lines": "Lines", "trim": "Trim",
	"trim_start": "TrimStart", "trim_end": "TrimEnd", "to_upper": "ToUpper", "to_uppercase": "ToUpper",
	"toUpperCase": "ToUpper", "to_lower": "ToLower", "to_lowercase": "ToLower", "toLowerCase": "ToLower",
	"contains": "StrContains", "includes": "StrContains", "starts_with": "StartsWith",
	"startsWith": "StartsWith", "ends_with": "EndsWith", "endsWith": "EndsWith",
	"replace": "Replace", "replace_all": "Replace", "replaceAll": "Replace", "index_of": "StrIndexOf",
	"indexOf": "StrIndexOf", "find": "StrIndexOf", "parse_int": "ParseInt", "parse_float": "ParseFloat",
	"reverse": "StrReverse", "is_digit": "CharIsDigit", "is_alpha": "CharIsAlpha",
	"is_alphabetic": "CharIsAlpha", "is_whitespace": "CharIsWhitespace", "is_upper": "CharIsUpper",
	"is_lower": "CharIsLower", "is_alphanumeric": "CharIsAlphanumeric",
}

func (l *lowerer) stringMethod(b *builder, e *ast.Call, ci *check.CallInfo, name string, arg func(int) Expr) Expr {
	kind, m := splitName(name)
	if kind != "string" && kind != "char" {
		return nil
	}
	x := l.recvExpr(b, ci)
	switch m {
	case "len", "length":
		return rtCall("StrLen", x)
	case "is_empty":
		return &Binary{Op: "==", X: x, Y: &Lit{Text: `""`}}
	case "repeat":
		return rtCall("Repeat", x, arg(0), l.pos(e))
	case "substring", "slice", "substr":
		var hi Expr = rtCall("StrLen", x)
		if len(e.Args) > 1 {
			hi = arg(1)
		}
		return rtCall("Substring", x, arg(0), hi)
	case "char_at", "charAt":
		return rtCall("CharAt", x, arg(0), l.pos(e))
	case "to_upper", "to_lower", "to_uppercase", "to_lowercase":
		if kind == "char" {
			if m == "to_upper" || m == "to_uppercase" {
				return rtCall("CharToUpper", x)
			}
			return rtCall("CharToLower", x)
		}
	}
	if fn, ok := stringMethods[m]; ok {
		args := []Expr{x}
		for i := range e.Args {
			args = append(args, arg(i))
		}
		return rtCall(fn, args...)
	}
	return nil
}

func splitName(name string) (kind, method string) {
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return name[:i], name[i+1:]
		}
	}
	return "", name
}

// handleMethod lowers the methods of Share, Weak, Mutex, RwLock, guards, Channel, JoinHandle,
// Promise and Scope.
func (l *lowerer) handleMethod(b *builder, e *ast.Call, ci *check.CallInfo, name string, arg, ownedArg func(int) Expr) Expr {
	kind, m := splitName(name)
	method := func(goName string, args ...Expr) Expr {
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: goName}, Args: args}
	}
	switch kind {
	case "Share":
		switch m {
		case "clone":
			return method("Clone")
		case "downgrade":
			return method("Downgrade")
		case "strong_count":
			return method("StrongCount")
		case "weak_count":
			return method("WeakCount")
		}
	case "Weak":
		switch m {
		case "upgrade":
			return rtCall("Upgrade", l.recvExpr(b, ci))
		case "clone":
			return method("Clone")
		}
	case "Mutex":
		switch m {
		case "lock":
			return method("Lock")
		case "try_lock":
			return rtCall("TryLockOption", l.recvExpr(b, ci))
		case "with":
			x := l.recvExpr(b, ci)
			return &Call{Fun: &Sel{X: x, Name: "With"}, Args: []Expr{l.funcArg(b, e.Args[0], false)}}
		case "clone":
			return l.recvExpr(b, ci)
		}
	case "RwLock":
		switch m {
		case "read":
			return method("Read")
		case "write":
			return method("Write")
		case "clone":
			return l.recvExpr(b, ci)
		}
	case "MutexGuard", "ReadGuard", "WriteGuard":
		if m == "unlock" || m == "drop" {
			return method("Unlock")
		}
	case "Channel":
		switch m {
		case "send":
			x := l.recvExpr(b, ci)
			return rtCallT("Box", []Type{tUnit}, &Call{Fun: &Sel{X: x, Name: "Send"}, Args: []Expr{ownedArg(0)}})
		case "recv":
			elem := types.Resolve(types.AwaitResult(ci.Ret)).(*types.Optional).Elem
			return rtCallT("Box", []Type{rtType("Option", l.goTypeOf(elem))}, method("Recv"))
		case "try_recv":
			return method("TryRecv")
		case "close":
			return method("Close")
		case "len":
			return &Conv{Type: tInt64, X: method("Len")}
		case "clone":
			return l.recvExpr(b, ci)
		}
	case "JoinHandle":
		switch m {
		case "cancel", "abort":
			return method("Cancel")
		case "is_finished":
			return method("IsFinished")
		}
	case "Promise":
		switch m {
		case "then":
			p := l.recvExpr(b, ci)
			f := l.funcArg(b, e.Args[0], true)
			var then Expr = rtCall("Then", p, f)
			if len(e.Args) > 1 {
				then = rtCall("ThenElse", p, f, l.funcArg(b, e.Args[1], true))
			}
			// A callback that gives a promise or a future: settle as that one does.
			if fn, ok := types.Resolve(e.Args[0].TypeOf()).(*types.Func); ok {
				if types.HandleOf(fn.Ret, types.PromiseH) != nil {
					return rtCall("FlattenPromise", then)
				}
				if _, isFuture := types.Resolve(fn.Ret).(*types.Future); isFuture {
					return rtCall("FlattenFuture", then)
				}
			}
			return then
		case "catch":
			p := l.recvExpr(b, ci)
			return rtCall("Catch", p, l.funcArg(b, e.Args[0], true))
		case "finally":
			p := l.recvExpr(b, ci)
			return rtCall("Finally", p, l.funcArg(b, e.Args[0], false))
		}
	case "Scope":
		if m == "spawn" {
			s := l.recvExpr(b, ci)
			fut := l.expr(b, e.Args[0])
			return rtCall("ScopeSpawn", l.cx(), s, fut)
		}
	}
	return nil
}

// staticCall lowers Mutex::new, Promise.all, Map::new and their kin.
func (l *lowerer) staticCall(b *builder, e *ast.Call, ci *check.CallInfo) Expr {
	elem := func() Type {
		if h, ok := types.Resolve(ci.Ret).(*types.Handle); ok {
			return l.valueType(h.Elem)
		}
		return tUnit
	}
	switch ci.Name {
	case "Mutex.new", "RwLock.new", "Share.new":
		h := types.Resolve(ci.Ret).(*types.Handle)
		v := l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), h.Elem, e.Args[0])
		ctor := map[string]string{"Mutex.new": "NewMutex", "RwLock.new": "NewRwLock", "Share.new": "NewShare"}[ci.Name]
		return rtCallT(ctor, []Type{l.goTypeOf(h.Elem)}, v)
	case "Promise.new":
		return rtCallT("NewPromise", []Type{elem()}, l.promiseExecutor(b, e.Args[0], types.HandleOf(ci.Ret, types.PromiseH).Elem))
	case "Promise.resolve":
		if len(e.Args) == 0 {
			return rtCallT("Resolved", []Type{elem()}, &Composite{Type: tUnit})
		}
		h := types.HandleOf(ci.Ret, types.PromiseH)
		return rtCallT("Resolved", []Type{elem()}, l.convertAt(l.owned(b, e.Args[0]), e.Args[0].TypeOf(), h.Elem, e.Args[0]))
	case "Promise.reject":
		return rtCallT("Rejected", []Type{elem()}, l.toError(l.expr(b, e.Args[0]), e.Args[0].TypeOf()))
	case "Promise.all":
		return rtCall("PromiseAll", l.expr(b, e.Args[0]))
	case "Promise.race":
		return rtCall("PromiseRace", l.expr(b, e.Args[0]))
	case "Promise.any":
		return rtCall("PromiseAny", l.expr(b, e.Args[0]))
	case "Map.new":
		mt := types.Resolve(ci.Ret).(*types.MapT)
		return rtCallT("NewMap", []Type{l.goTypeOf(mt.Key), l.goTypeOf(mt.Val)})
	case "Channel.new":
		var n Expr = &Lit{Text: "0"}
		if len(e.Args) > 0 {
			n = &Conv{Type: tInt, X: l.expr(b, e.Args[0])}
		}
		return rtCallT("NewChannel", []Type{elem()}, n)
	}
	if ci.Builtin == check.BNet || ci.Builtin == check.BHTTP || ci.Builtin == check.BFS {
		return l.ioValue(b, e, ci)
	}
	l.fail(e, "`%s` is not supported yet", ci.Name)
	return nil
}

// promiseExecutor lowers the executor of `new Promise((resolve, reject) => …)`: resolve takes
// the promise's value, reject any value (wrapped as an Error).
// resolveTakesNothing reports whether an executor's resolve parameter is a function of no
// arguments (a Promise<()> resolved with `resolve()`), rather than of one ().
func resolveTakesNothing(executor types.Type) bool {
	ft, ok := types.Resolve(executor).(*types.Func)
	if !ok || len(ft.Params) == 0 {
		return true
	}
	rf, ok := types.Resolve(ft.Params[0]).(*types.Func)
	return !ok || len(rf.Params) == 0
}

func (l *lowerer) promiseExecutor(b *builder, e ast.Expr, elem types.Type) Expr {
	f := l.funcArg(b, e, false)
	et := l.valueType(elem)
	res := &Param{Name: "resolve_", Type: &TFunc{Params: []Type{et}}}
	rej := &Param{Name: "reject_", Type: &TFunc{Params: []Type{tError}}}
	adapt := &FuncLit{Params: []*Param{{Name: "v_", Type: tValue}}, Body: &Block{Stmts: []Stmt{
		&ExprStmt{X: &Call{Fun: &Ident{Name: "reject_"}, Args: []Expr{rtCall("ToError", &Ident{Name: "v_"})}}}}}}
	resolveArg := Expr(&Ident{Name: "resolve_"})
	if types.IsUnit(elem) && resolveTakesNothing(e.TypeOf()) {
		// An AdeshLang resolve() of a Promise<()> takes nothing.
		resolveArg = &FuncLit{Body: &Block{Stmts: []Stmt{&ExprStmt{X: &Call{Fun: &Ident{Name: "resolve_"}, Args: []Expr{&Composite{Type: tUnit}}}}}}}
	}
	return &FuncLit{Params: []*Param{res, rej}, Body: &Block{Stmts: []Stmt{
		&ExprStmt{X: &Call{Fun: f, Args: []Expr{resolveArg, adapt}}}}}}
}
