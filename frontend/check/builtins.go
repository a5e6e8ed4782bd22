package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/types"
)

func fn(params []types.Type, ret types.Type) *types.Func {
	return &types.Func{Params: params, Ret: ret}
}
func ts(t ...types.Type) []types.Type { return t }

// builtinCall checks a call of a predeclared function: by the signature of its row, or by the
// rules of the functions whose types come from elsewhere.
func (c *checker) builtinCall(e *ast.Call, b types.Builtin, expected types.Type) types.Type {
	ci := &CallInfo{Kind: CallBuiltin, Builtin: b}
	if opts := PrintOptions(e, b); opts != nil {
		return c.printWithOptions(e, ci, opts)
	}
	switch {
	case b == builtin.FnSetTimeout && c.awaitedCall == e:
		// `await setTimeout(f, ms)` gives f's value (EVERYDAY §5): a promise of it.
		value := c.newVar()
		params := ts(fn(nil, value), types.I64)
		c.args(e, params, 1, nil)
		ci.Params, ci.Ret = params, &types.Handle{Kind: types.PromiseH, Elem: c.defaultUnit(value)}
		return c.recordCall(e, ci)
	case b == builtin.FnSleep && c.statementCall == e && (c.fn == c.info.Main || !c.fn.Async):
		// A `sleep(ms);` statement outside an async fn blocks the thread, as the interpreter's
		// does, instead of starting a timer nothing waits for.
		ci.Params, ci.Ret = ts(types.I64), types.UnitType
		c.args(e, ci.Params, 1, nil)
		return c.recordCall(e, ci)
	}
	if row := builtin.Of(b); row.Sig != nil {
		return c.signatureCall(e, ci, row.Sig(c.builderIn(nil)))
	}
	ret := func(t types.Type) types.Type { ci.Ret = t; return c.recordCall(e, ci) }
	argT := func(i int) types.Type {
		if i < len(e.Args) {
			return c.typeOf(e.Args[i])
		}
		return types.InvalidType
	}
	switch b {
	case builtin.FnLen:
		c.args(e, ts(nil), 1, nil)
		switch types.Resolve(argT(0)).(type) {
		case *types.Array, *types.MapT, *types.SetT, *types.Tuple:
		default:
			if !types.IsBasic(argT(0), types.String) && !types.IsAny(argT(0)) && !types.IsInvalid(argT(0)) {
				c.errorf(e, "`len` needs a string, an array, a map or a set, found `%s`", typeString(argT(0)))
			}
		}
		return ret(types.I64)
	case builtin.FnJoin:
		c.args(e, nil, 1, nil0)
		tt := &types.Tuple{}
		for _, a := range e.Args {
			tt.Elems = append(tt.Elems, c.awaitable(a))
		}
		if len(tt.Elems) > 4 {
			c.errorf(e, "`join` takes at most 4 futures; use `join_all` for more")
		}
		if len(tt.Elems) == 1 {
			return ret(&types.Future{Elem: tt.Elems[0], Src: builtin.SrcJoin})
		}
		return ret(&types.Future{Elem: tt, Src: builtin.SrcJoin})
	case builtin.FnJoinAll:
		elem := c.newVar()
		c.args(e, ts(nil), 1, nil)
		if a, ok := types.Resolve(argT(0)).(*types.Array); ok && types.IsFuture(a.Elem) {
			c.unify(elem, types.AwaitResult(a.Elem))
		} else if !types.IsInvalid(argT(0)) {
			c.errorf(e, "`join_all` needs an array of futures, found `%s`", typeString(argT(0)))
		}
		return ret(&types.Future{Elem: &types.Array{Elem: c.defaultType(elem)}, Src: builtin.SrcJoinAll})
	case builtin.FnSelect:
		c.args(e, nil, 1, nil0)
		var elem types.Type
		for _, a := range e.Args {
			t := c.awaitable(a)
			if elem == nil {
				elem = t
			} else if !c.unify(elem, t) {
				c.errorf(a, "the futures of `select` must give the same type: `%s` and `%s`", typeString(elem), typeString(t))
			}
		}
		return ret(&types.Future{Elem: elem, Src: builtin.SrcSelect})
	case builtin.FnTimeout:
		c.args(e, ts(types.I64, nil), 2, nil)
		elem := types.Type(types.InvalidType)
		if len(e.Args) > 0 {
			elem = c.awaitable(e.Args[min(1, len(e.Args)-1)])
		}
		return ret(&types.Future{Elem: &types.Result{Ok: elem, Err: types.ErrorType}, Src: builtin.SrcTimeout})
	case builtin.FnScope:
		elem := c.newVar()
		if exp, ok := types.Resolve(expected).(*types.Future); ok {
			c.unify(elem, exp.Elem)
		}
		body := fn(ts(&types.Handle{Kind: types.ScopeH}), &types.Future{Elem: elem})
		c.args(e, ts(body), 1, nil)
		return ret(&types.Future{Elem: c.defaultType(elem), Src: builtin.SrcScope})
	case builtin.FnSpawnBlocking:
		elem := c.newVar()
		c.args(e, ts(fn(nil, elem)), 1, nil)
		return ret(&types.Handle{Kind: types.JoinHandleH, Elem: c.defaultType(elem)})
	case builtin.FnChannel:
		elem := types.Type(nil)
		if len(e.TypeArgs) > 1 {
			c.errorf(e, "a channel takes 1 type argument, found %d", len(e.TypeArgs))
		}
		if len(e.TypeArgs) == 1 {
			elem = c.typeExpr(e.TypeArgs[0])
		} else if h := types.HandleOf(expected, types.ChannelH); h != nil {
			elem = h.Elem
		} else {
			elem = c.newVar()
		}
		c.args(e, ts(types.I64), 0, nil)
		return ret(&types.Handle{Kind: types.ChannelH, Elem: elem})
	case builtin.FnOk, builtin.FnErr:
		r, ok := types.Resolve(expected).(*types.Result)
		if !ok {
			r = &types.Result{Ok: c.newVar(), Err: c.newVar()}
		}
		want := r.Ok
		if b == builtin.FnErr {
			want = r.Err
		}
		if len(e.Args) == 0 && b == builtin.FnOk {
			c.unify(want, types.UnitType)
		} else {
			c.args(e, ts(want), 1, nil)
		}
		return ret(r)
	case builtin.FnSome:
		var elem types.Type = c.newVar()
		if o, ok := types.Resolve(expected).(*types.Optional); ok {
			elem = o.Elem
		}
		c.args(e, ts(elem), 1, nil)
		return ret(&types.Optional{Elem: elem})
	case builtin.FnNone:
		c.errorf(e, "`None` is a value, not a function")
		return ret(types.NullType)
	case builtin.FnSet:
		return ret(c.setCall(e, expected))
	case builtin.FnKeys, builtin.FnValues, builtin.FnHasKey:
		return ret(c.keysCall(e, b))
	case builtin.FnSizeOf:
		c.args(e, ts(nil), 1, nil)
		if t := types.Resolve(argT(0)); !types.IsInvalid(t) && types.IsSettled(t) && types.SizeOf(t) == 0 {
			c.errorf(e, "unsupported: `sizeof` of a value of type `%s` (only numbers, bool and char have a size)", typeString(t))
		}
		return ret(types.I64)
	case builtin.FnAbs, builtin.FnSqrt, builtin.FnFloor, builtin.FnCeil, builtin.FnRound:
		c.args(e, ts(nil), 1, nil)
		t := argT(0)
		if !types.IsNumeric(t) && !types.IsAny(t) && !types.IsInvalid(t) {
			c.errorf(e, "`%s` needs a number, found `%s`", builtin.Name(b), typeString(t))
		}
		if b == builtin.FnSqrt {
			return ret(types.F64)
		}
		return ret(t)
	case builtin.FnMin, builtin.FnMax, builtin.FnPow:
		c.args(e, ts(nil, nil), 2, nil)
		x, y := argT(0), argT(1)
		if c.linkLiteralOperands(x, y) { // as for `total + x`
			return ret(types.Resolve(x))
		}
		if len(e.Args) == 2 && c.numbersNothingTyped(x, y) { // as for `a - b`
			return ret(x)
		}
		if len(e.Args) == 2 && (types.IsAny(x) || types.IsAny(y)) {
			// A dynamic operand makes the result dynamic, as it does for `+` (§7): the other
			// may be any number, checked when the program runs.
			for _, t := range []types.Type{x, y} {
				if !types.IsNumeric(t) && !types.IsAny(t) && !types.IsInvalid(t) && types.IsSettled(t) {
					c.errorf(e, "`%s` needs numbers, found `%s`", builtin.Name(b), typeString(t))
				}
			}
			return ret(types.AnyType)
		}
		if !types.IsNumeric(x) && !types.IsAny(x) && !types.IsInvalid(x) {
			c.errorf(e, "`%s` needs numbers, found `%s`", builtin.Name(b), typeString(x))
		} else if len(e.Args) == 2 && !c.unify(x, y) && !types.IsInvalid(y) {
			if isLiteralish(e.Args[1]) {
				c.expr(e.Args[1], x)
			} else if isLiteralish(e.Args[0]) {
				c.expr(e.Args[0], y)
				x = y
			} else if w := types.WiderNumber(x, y); w != nil {
				x = w // `Math.min(f, i)`: the narrower widens, as in arithmetic (lower converts)
			} else {
				c.errorf(e, "mismatched types in `%s`: `%s` and `%s`", builtin.Name(b), typeString(x), typeString(y))
			}
		}
		return ret(x)
	case builtin.FnTupleCtor:
		// Tuple(a, b, …) is the tuple literal (a, b, …); of one value or none, a tuple whose
		// length only the running program knows (a dynamic value).
		c.args(e, nil, 0, nil0)
		if n := len(e.Args); n >= 2 && n <= 6 {
			tt := &types.Tuple{}
			for _, a := range e.Args {
				tt.Elems = append(tt.Elems, c.typeOf(a))
			}
			return ret(tt)
		}
		return ret(types.AnyType)
	case builtin.PromiseObj:
		return c.promiseCtor(e, ci, expected)
	case builtin.MapObj:
		if len(e.Args) == 0 {
			return ret(c.emptyMapType(e, expected))
		}
	}
	c.errorf(e, "`%s` cannot be called like this", builtin.Name(b))
	c.argsUnchecked(e)
	return types.InvalidType
}

// builderIn is what a signature builder takes for a receiver of type recv (nil for none).
func (c *checker) builderIn(recv types.Type) builtin.In {
	in := builtin.In{Recv: recv}
	if recv != nil {
		_, in, _ = builtin.Receiver(recv)
	}
	in.Fresh = func() types.Type { return c.newVar() }
	return in
}

// builtinArgs checks the arguments of a builtin's call against its signature. A char is a
// string of one character to the library, as to the interpreter ("aeiou".contains(c) with c
// from a string): lower converts it where a string is taken.
func (c *checker) builtinArgs(e *ast.Call, id types.Builtin, sig builtin.Sig) {
	c.charIsString = true               // read and cleared by args
	c.millisArgs = builtin.Of(id).Lower // (the same)
	c.args(e, sig.Params, sig.Min(), sig.Variadic)
}

// signatureCall checks the arguments of a call against a builtin's signature and records it.
func (c *checker) signatureCall(e *ast.Call, ci *CallInfo, sig builtin.Sig) types.Type {
	c.builtinArgs(e, ci.Builtin, sig)
	ci.Params = sig.Params
	if sig.Variadic != nil {
		// A parameter per argument beyond them, which lower converts each argument to.
		ci.Params = append([]types.Type(nil), sig.Params...)
		for len(ci.Params) < len(e.Args) {
			ci.Params = append(ci.Params, sig.Variadic)
		}
	}
	ci.Ret = sig.Ret
	return c.recordCall(e, ci)
}

// nil0 stands for "any number of arguments, each checked by the caller".
var nil0 types.Type = types.InvalidType

// awaitable checks an argument that must be a future and returns what awaiting it gives.
func (c *checker) awaitable(a ast.Expr) types.Type {
	t := c.typeOf(a)
	if t == nil {
		t = c.expr(a, nil)
	}
	if types.IsFuture(t) {
		return types.AwaitResult(t)
	}
	if !types.IsInvalid(t) {
		c.errorf(a, "expected a future, found `%s`", typeString(t))
	}
	return types.InvalidType
}

func (c *checker) emptyMapType(e *ast.Call, expected types.Type) types.Type {
	if len(e.TypeArgs) == 2 {
		return &types.MapT{Key: c.typeExpr(e.TypeArgs[0]), Val: c.typeExpr(e.TypeArgs[1])}
	}
	if len(e.TypeArgs) > 0 {
		c.errorf(e, "a map takes 2 type arguments (`<K, V>`), found %d", len(e.TypeArgs))
	}
	if m, ok := types.Resolve(expected).(*types.MapT); ok {
		return m
	}
	return &types.MapT{Key: c.newVar(), Val: c.newVar()}
}

// setCall checks `set(xs)`, `Set(xs)`, `new Set(xs)` and `set()`, with or without a type
// argument: a set of the elements of an array (or of another set, or of a dynamic value).
func (c *checker) setCall(e *ast.Call, expected types.Type) types.Type {
	var elem types.Type
	switch st, ok := types.Resolve(expected).(*types.SetT); {
	case len(e.TypeArgs) == 1:
		elem = c.typeExpr(e.TypeArgs[0])
		c.setElemOK(e.TypeArgs[0], elem)
	case len(e.TypeArgs) > 1:
		c.errorf(e, "`set` takes 1 type argument, found %d", len(e.TypeArgs))
		elem = types.InvalidType
	case ok:
		elem = st.Elem
	}
	if len(e.Args) == 0 {
		if elem == nil {
			elem = c.newVar()
		}
		return &types.SetT{Elem: elem}
	}
	var want types.Type
	if elem != nil {
		want = &types.Array{Elem: elem}
	}
	c.args(e, ts(want), 1, nil)
	if elem != nil {
		return &types.SetT{Elem: elem}
	}
	switch u := types.Resolve(c.typeOf(e.Args[0])).(type) {
	case *types.Array:
		elem = u.Elem
	case *types.SetT:
		elem = u.Elem
	case *types.Basic:
		if u.Kind == types.Any || u.Kind == types.Invalid {
			elem = u
		}
	}
	if elem == nil {
		c.errorf(e.Args[0], "`set` needs an array, found `%s`", typeString(c.typeOf(e.Args[0])))
		return types.InvalidType
	}
	c.setElemOK(e.Args[0], elem)
	return &types.SetT{Elem: elem}
}

// promiseCtor checks `new Promise((resolve, reject) => { … })` and `Promise(fn(resolve, reject) { … })`.
func (c *checker) promiseCtor(e *ast.Call, ci *CallInfo, expected types.Type) types.Type {
	var elem types.Type
	if len(e.TypeArgs) > 1 {
		c.errorf(e, "a promise takes 1 type argument, found %d", len(e.TypeArgs))
	}
	if len(e.TypeArgs) == 1 {
		elem = c.typeExpr(e.TypeArgs[0])
	} else if h := types.HandleOf(expected, types.PromiseH); h != nil {
		elem = h.Elem
	} else {
		v := c.newVar()
		c.promiseElems[v] = true
		elem = v
	}
	resolve := fn(ts(elem), types.UnitType)
	reject := fn(ts(types.AnyType), types.UnitType)
	executor := fn(ts(resolve, reject), types.UnitType)
	c.args(e, ts(executor), 1, nil)
	// (An untyped parameter's or literal let's variable, `resolve(g)` in the silent pass, is
	// what the promise holds: its own uses type it.)
	if v, ok := types.Resolve(elem).(*types.Var); ok && c.hintOf(v) == nil {
		switch named, withNull := resolveUses(e); {
		case withNull:
			// `resolve(null)` and nothing else says what it holds: a promise of null (a
			// dynamic value, as null has no type of its own).
			c.fallback(e.Pos(), "Promise", "its executor resolves it with null")
			c.bindVar(v, types.AnyType)
		case named:
			// No resolve call said what the promise holds: it resolves with nothing.
			c.bindVar(v, types.UnitType)
		}
		// An executor that never resolves (it only rejects) says nothing: the code around the
		// promise does, as for Promise.reject (`Promise.all([ok, failing])`), or it is `any`.
	}
	ci.Kind = CallStatic
	ci.Builtin = builtin.PromiseNew
	ci.Params = ts(executor)
	ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: types.Resolve(elem)}
	if inner := adoptedElem(elem); inner != nil {
		// `resolve(p)` of a promise or a future adopts it: a promise of what p gives.
		ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: inner}
	}
	return c.recordCall(e, ci)
}

// staticCall checks `Mutex::new(v)`, `Promise.all([…])`, `net.listen(addr)` and the like, the
// static members of the type object obj.
func (c *checker) staticCall(e *ast.Call, sel *ast.Selector, obj types.Builtin, expected types.Type) types.Type {
	id := builtin.Member(builtin.TypeObject(obj), sel.Name.Name)
	if id == 0 {
		var members []string
		for _, row := range builtin.All() {
			if row.Static && row.Of == builtin.Of(obj).Module {
				members = append(members, row.Name)
				members = append(members, row.Aliases...)
			}
		}
		c.errorf(sel.Name, "`%s` has no member `%s`", builtin.Name(obj), sel.Name.Name).DidYouMean(sel.Name.Name, members)
		c.argsUnchecked(e)
		return types.InvalidType
	}
	if builtin.Of(id).Lower.How == builtin.Constant {
		c.errorf(e, "`%s.%s` is a constant, not a function", builtin.Name(obj), sel.Name.Name)
		c.argsUnchecked(e)
		return types.InvalidType
	}
	if same := builtin.Of(id).Same; same != 0 {
		if !builtin.Of(same).Static {
			return c.builtinCall(e, same, expected) // Math.sqrt(x) is sqrt(x)
		}
		id = same // Collections.HashMap<K, V>() is Map.new<K, V>()
	}
	ci := &CallInfo{Kind: CallStatic, Builtin: id}
	if row := builtin.Of(id); row.Sig != nil {
		return c.signatureCall(e, ci, row.Sig(c.builderIn(nil)))
	}
	ret := func(t types.Type) types.Type { ci.Ret = t; return c.recordCall(e, ci) }
	elemOf := func(kind types.HandleKind) types.Type {
		if h := types.HandleOf(expected, kind); h != nil {
			return h.Elem
		}
		if len(e.TypeArgs) == 1 {
			return c.typeExpr(e.TypeArgs[0])
		}
		return c.newVar()
	}
	args := func(params []types.Type, min int) {
		c.args(e, params, min, nil)
		ci.Params = params
	}
	switch id {
	case builtin.MutexNew, builtin.RwLockNew, builtin.ShareNew:
		kind := map[types.Builtin]types.HandleKind{builtin.MutexNew: types.MutexH, builtin.RwLockNew: types.RwLockH, builtin.ShareNew: types.ShareH}[id]
		elem := elemOf(kind)
		args(ts(elem), 1)
		return ret(&types.Handle{Kind: kind, Elem: types.Resolve(elem)})
	case builtin.PromiseResolve:
		elem := elemOf(types.PromiseH)
		if len(e.Args) == 0 {
			c.unify(elem, types.UnitType)
		}
		args(ts(elem), 0)
		// `Promise.resolve(p)` adopts p, a promise or a future: a promise of what p gives.
		if inner := adoptedElem(elem); inner != nil {
			return ret(&types.Handle{Kind: types.PromiseH, Elem: inner})
		}
		return ret(&types.Handle{Kind: types.PromiseH, Elem: types.Resolve(elem)})
	case builtin.PromiseReject:
		// A promise that only rejects has no value of its own: its type is what the code around
		// it says (`.catch(e => 0)` makes it a Promise<i64>), or `any` when nothing does.
		elem := elemOf(types.PromiseH)
		args(ts(types.AnyType), 1)
		return ret(&types.Handle{Kind: types.PromiseH, Elem: elem})
	case builtin.PromiseAll, builtin.PromiseRace, builtin.PromiseAny, builtin.PromiseAllSettled:
		elem := c.newVar()
		args(ts(&types.Array{Elem: &types.Handle{Kind: types.PromiseH, Elem: elem}}), 1)
		out := types.Type(c.defaultType(elem))
		switch id {
		case builtin.PromiseAll:
			out = &types.Array{Elem: out}
		case builtin.PromiseAllSettled:
			out = &types.Array{Elem: types.AnyType} // records of status and value or reason
		}
		return ret(&types.Handle{Kind: types.PromiseH, Elem: out})
	case builtin.PromiseNew:
		return c.promiseCtor(e, ci, expected)
	case builtin.MapNew:
		args(nil, 0)
		return ret(c.emptyMapType(e, expected))
	case builtin.ChannelNew:
		args(ts(types.I64), 0)
		return ret(&types.Handle{Kind: types.ChannelH, Elem: elemOf(types.ChannelH)})
	}
	if shape, ok := builtin.BitIntrinsic(id); ok {
		return c.bitsCall(e, ci, shape)
	}
	if coll, ok := builtin.CollectionOf(id); ok {
		return c.collectionNew(e, ci, coll, expected)
	}
	panic("check: no rule for the static member " + builtin.Name(obj) + "." + builtin.Name(id))
}

// builtinMethod checks a method of a builtin type; nil when the type has no such method.
func (c *checker) builtinMethod(e *ast.Call, sel *ast.Selector, recv types.Type, derefs []types.Type, expected types.Type) types.Type {
	id := methodOf(types.Resolve(recv), sel.Name.Name)
	var promised types.Type
	if elem, ok := types.PromisedElem(recv); ok && id == 0 {
		// `compute(1).then(…)`: a future or a task is also a promise of its result.
		if id = builtin.Method(builtin.Promises, sel.Name.Name); id != 0 {
			promised, recv = recv, &types.Handle{Kind: types.PromiseH, Elem: elem}
		}
	}
	if id == 0 {
		return nil
	}
	row := builtin.Of(id)
	ci := &CallInfo{Kind: CallBuiltinMethod, Builtin: id, Recv: sel.X, RecvType: recv, Derefs: derefs, Promised: promised}
	if id == builtin.PromiseCatch || id == builtin.PromiseThen && thenOnlyCatches(e) {
		return c.promiseCatch(e, ci, types.HandleOf(recv, types.PromiseH))
	}
	if id == builtin.PromiseThen && len(e.Args) == 2 {
		return c.promiseThenElse(e, ci, types.HandleOf(recv, types.PromiseH))
	}
	if id == builtin.ArrayConcat && len(e.Args) == 1 {
		if t, ok := c.dynamicConcat(e, ci); ok {
			return t
		}
	}
	sig := row.Sig(c.builderIn(types.Resolve(recv)))
	c.builtinArgs(e, id, sig)
	ci.Params = sig.Params
	ci.Ret = sig.Ret
	switch id {
	case builtin.ArraySort:
		if len(e.Args) == 1 {
			c.comparatorGivesNumber(e.Args[0], sig.Params[0].(*types.Func).Ret)
		}
	case builtin.ThreadRwLockWrite:
		if len(e.Args) == 0 {
			ci.Ret = types.HandleOf(recv, types.ThreadRwLockH).Elem // l.write() gives the value
		}
	case builtin.PromiseThen:
		// A callback that gives a promise or a future: the promise settles as that one does.
		if inner := thenFlattens(ci.Ret); inner != nil {
			ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: inner}
		}
	}
	if row.Flags&builtin.Mutates != 0 {
		c.markMutated(sel.X)
		c.refuseReadGuardWrite(e, sel.X, true)
	}
	return c.recordCall(e, ci)
}

// defaultUnit is t, or () when nothing said what t is.
func (c *checker) defaultUnit(t types.Type) types.Type {
	if v, ok := types.Resolve(t).(*types.Var); ok && c.hintOf(v) == nil {
		c.bindVar(v, types.UnitType)
	}
	return t
}

// methodOf is the builtin method spelled name of a value of the resolved type t: its kind's, or
// one every value has; 0 when there is none.
func methodOf(t types.Type, name string) types.Builtin {
	if of, _, ok := builtin.Receiver(t); ok {
		if id := builtin.Method(of, name); id != 0 {
			return id
		}
	}
	return builtin.Method(builtin.Values, name)
}

// scopeOutcome is the type of x, an operand of `?` or of `match` of type t: for `await
// scope(…)` whose body gives a T that is not a Result, Result<T, Error>, the scope's failure (a
// child's error, the body's throw) as its Err (§8: the scope gives that error), instead of a
// throw. It retypes the await and the call; lower sees the Result and catches the failure.
func (c *checker) scopeOutcome(x ast.Expr, t types.Type) types.Type {
	aw, ok := ast.Unparen(x).(*ast.Await)
	if !ok {
		return t
	}
	call, ok := ast.Unparen(aw.X).(*ast.Call)
	if !ok {
		return t
	}
	ci := c.info.Calls[call]
	if ci == nil || ci.Kind != CallBuiltin || ci.Builtin != builtin.FnScope {
		return t
	}
	switch types.Resolve(t).(type) {
	case *types.Result, *types.Optional:
		return t
	}
	if types.IsAny(t) || types.IsInvalid(t) {
		return t
	}
	r := &types.Result{Ok: t, Err: types.ErrorType}
	ci.Ret = &types.Future{Elem: r, Src: builtin.SrcScope}
	c.setType(call, ci.Ret)
	c.setType(aw, r)
	return r
}

// comparatorGivesNumber checks what a sort comparator returns: a number of any type, as in
// JavaScript (`(a, b) => a.price - b.price` on f64 prices); i64 when nothing says which.
func (c *checker) comparatorGivesNumber(cmp ast.Expr, ret types.Type) {
	r := types.Resolve(ret)
	if v, ok := r.(*types.Var); ok {
		c.bindVar(v, types.I64)
		return
	}
	if types.IsNumeric(r) || types.IsAny(r) || types.IsInvalid(r) || types.IsNever(r) {
		return
	}
	c.errorf(cmp, "a sort comparator returns a number, negative when `a` comes first, positive when `b` does; this one returns `%s`", typeString(r)).
		WithHelp("return `a - b` for numbers, or `-1`, `0` and `1`")
}

// promiseCatch checks `p.catch(handler)`: a promise of p's value, or of the handler's result
// for a rejection. When the two differ it is a promise of either, as in JavaScript: an optional
// when one of them is null, else a dynamic value. The handler's context only suggests p's type
// (`p.catch(e => 0)` on a Promise<f64> gives 0.0).
func (c *checker) promiseCatch(e *ast.Call, ci *CallInfo, p *types.Handle) types.Type {
	var value types.Type = types.AnyType
	if p != nil {
		value = p.Elem
	}
	params := []types.Type{}
	if thenOnlyCatches(e) {
		params = append(params, types.AnyType) // the null of `then(null, f)`
	}
	if lam, ok := ast.Unparen(handlerArg(e)).(*ast.Lambda); ok && !lam.Async {
		c.resultHints[lam] = value
	}
	result := c.newVar()
	handler := fn(ts(types.ErrorType), result)
	params = append(params, handler)
	c.args(e, params, len(params), nil)
	ci.Params = params
	ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: c.eitherValue(e, value, adoptedOr(result))}
	return c.recordCall(e, ci)
}

// promiseThenElse checks p.then(f, onRejected): a promise of either callback's value, as
// catch's (eitherValue), where a callback that gives a promise or a future gives what that one
// settles with (adopted).
func (c *checker) promiseThenElse(e *ast.Call, ci *CallInfo, p *types.Handle) types.Type {
	var value types.Type = types.AnyType
	if p != nil {
		value = p.Elem
	}
	onValue, onError := c.newVar(), c.newVar()
	params := []types.Type{fn(ts(value), onValue), fn(ts(types.ErrorType), onError)}
	c.args(e, params, len(params), nil)
	ci.Params = params
	ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: c.eitherValue(e, adoptedOr(onValue), adoptedOr(onError))}
	return c.recordCall(e, ci)
}

// adoptedOr is what a promise resolved with a value of type t holds: t, or what t settles with
// when it is a promise or a future.
func adoptedOr(t types.Type) types.Type {
	if inner := adoptedElem(t); inner != nil {
		return inner
	}
	return t
}

// thenOnlyCatches reports whether e is `p.then(null, f)`, which is `p.catch(f)`.
func thenOnlyCatches(e *ast.Call) bool {
	if len(e.Args) != 2 {
		return false
	}
	_, null := ast.Unparen(e.Args[0]).(*ast.NullLit)
	return null
}

// handlerArg is the rejection handler of `p.catch(f)` or `p.then(null, f)`.
func handlerArg(e *ast.Call) ast.Expr {
	if len(e.Args) == 0 {
		return nil
	}
	return e.Args[len(e.Args)-1]
}

// eitherValue is the type of a value that is a value of a or of b (a settled promise's value, or
// its catch handler's).
func (c *checker) eitherValue(at ast.Node, a, b types.Type) types.Type {
	rb := types.Resolve(b)
	switch {
	case types.IsNever(rb) || types.IsInvalid(rb) || types.IsAny(types.Resolve(a)):
		return a
	case c.unify(a, b):
		return a
	}
	if o, ok := rb.(*types.Optional); ok && c.unify(o.Elem, a) {
		return rb // `.catch(e => null)`
	}
	if o, ok := types.Resolve(a).(*types.Optional); ok && c.assignableQuiet(rb, o) {
		return a
	}
	c.fallback(at.Pos(), "the promise", "its catch handler gives `"+typeString(rb)+"` where the promise it catches for gives `"+typeString(a)+"`")
	return types.AnyType
}

// thenFlattens is X when a `then` gives Promise<Promise<X>> or Promise<Future<X>>, else nil.
func thenFlattens(ret types.Type) types.Type {
	p := types.HandleOf(ret, types.PromiseH)
	if p == nil {
		return nil
	}
	if q := types.HandleOf(p.Elem, types.PromiseH); q != nil {
		return q.Elem
	}
	if f, ok := types.Resolve(p.Elem).(*types.Future); ok {
		return f.Elem
	}
	return nil
}

// resolveUses reports whether the executor of `Promise(executor)` names its resolve parameter,
// and whether it calls it with the literal null.
func resolveUses(e *ast.Call) (named, withNull bool) {
	if len(e.Args) != 1 {
		return true, false
	}
	lam, ok := ast.Unparen(e.Args[0]).(*ast.Lambda)
	if !ok {
		return true, false // a function value: it may resolve
	}
	if len(lam.Params) == 0 {
		return false, false
	}
	resolve := lam.Params[0].Name.Name
	ast.Inspect(lam, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			named = named || n.Name == resolve && n != lam.Params[0].Name
		case *ast.Call:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == resolve && len(n.Args) == 1 {
				_, null := ast.Unparen(n.Args[0]).(*ast.NullLit)
				withNull = withNull || null
			}
		}
		return !withNull
	})
	return named, withNull
}

// keysCall checks keys(o), values(o) and hasKey(o, k): o is a map, or a dynamic value holding
// a map or a record (EVERYDAY.md §3).
func (c *checker) keysCall(e *ast.Call, b types.Builtin) types.Type {
	n := 1
	if b == builtin.FnHasKey {
		n = 2
	}
	c.args(e, make([]types.Type, n), n, nil)
	if len(e.Args) != n {
		return types.InvalidType
	}
	t := c.typeOf(e.Args[0])
	switch u := types.Resolve(t).(type) {
	case *types.MapT:
		switch b {
		case builtin.FnKeys:
			return &types.Array{Elem: u.Key}
		case builtin.FnValues:
			return &types.Array{Elem: u.Val}
		}
		c.expectAssignable(e.Args[1], c.typeOf(e.Args[1]), u.Key, " as the map's key")
		return types.BoolType
	}
	if !types.IsAny(t) {
		if !types.IsInvalid(t) {
			c.errorf(e.Args[0], "`%s` needs a map or an object, found `%s`", builtin.Name(b), typeString(t))
		}
		return types.InvalidType
	}
	if b == builtin.FnHasKey {
		return types.BoolType
	}
	return &types.Array{Elem: types.AnyType}
}

// adoptedElem is what a promise resolved with a value of type t holds when t is itself a
// promise or a future (the promise adopts it, as JavaScript's does), or nil.
func adoptedElem(t types.Type) types.Type {
	t = types.Resolve(t)
	if h := types.HandleOf(t, types.PromiseH); h != nil {
		return types.Resolve(h.Elem)
	}
	if f, ok := t.(*types.Future); ok {
		return types.Resolve(f.Elem)
	}
	return nil
}

// durationArg reports whether a value of type t is a duration in one of the forms a
// millisecond argument of the thread module also takes (EVERYDAY.md §7.3): a BigInt of
// nanoseconds, an object with millis, seconds or nanos (a dynamic value), or a Go
// time.Duration. rt.Millis converts it, failing at run time on any other dynamic value.
func durationArg(t types.Type) bool {
	t = types.Resolve(t)
	if types.IsBasic(t, types.BigInt) || types.IsAny(t) {
		return true
	}
	if m, ok := t.(*types.MapT); ok {
		return types.IsBasic(m.Key, types.String)
	}
	if g := types.GoOf(t); g != nil {
		return g.String() == "time.Duration"
	}
	return false
}

// dynamicConcat checks `xs.concat(ys)` of a typed array xs: where one array is dynamic and the
// other is not (`[2].concat(dyn.map(f))`), as in JavaScript the result holds both, an array of
// dynamic values; otherwise ys must be an array of xs's elements. It reports false, having
// checked nothing, when xs's elements are not known yet (the signature then unifies them).
func (c *checker) dynamicConcat(e *ast.Call, ci *CallInfo) (types.Type, bool) {
	recv, ok := types.Resolve(ci.RecvType).(*types.Array)
	if !ok || types.HasUnbound(recv.Elem) {
		return nil, false
	}
	at := c.expr(e.Args[0], recv)
	if arg, ok := types.Resolve(at).(*types.Array); ok && !types.HasUnbound(arg.Elem) && types.IsAny(recv.Elem) != types.IsAny(arg.Elem) {
		ci.Params = []types.Type{arg}
		ci.Ret = &types.Array{Elem: types.AnyType}
		return c.recordCall(e, ci), true
	}
	c.expectAssignable(e.Args[0], at, recv, " in this argument")
	ci.Params = []types.Type{recv}
	ci.Ret = recv
	return c.recordCall(e, ci), true
}
