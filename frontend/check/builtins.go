package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// BuiltinFuture marks a Future produced by a builtin (sleep, join, timeout, …).
type BuiltinFuture struct{ Name string }

var (
	srcSleep   = &BuiltinFuture{"sleep"}
	srcYield   = &BuiltinFuture{"yield_now"}
	srcJoin    = &BuiltinFuture{"join"}
	srcJoinAll = &BuiltinFuture{"join_all"}
	srcSelect  = &BuiltinFuture{"select"}
	srcTimeout = &BuiltinFuture{"timeout"}
	srcScope   = &BuiltinFuture{"scope"}
	srcRecv    = &BuiltinFuture{"recv"}
	srcIO      = &BuiltinFuture{"io"}
)

func fn(params []types.Type, ret types.Type) *types.Func {
	return &types.Func{Params: params, Ret: ret}
}
func ts(t ...types.Type) []types.Type { return t }

// builtinCall checks a call of a predeclared function.
func (c *checker) builtinCall(e *ast.Call, b types.Builtin, expected types.Type) types.Type {
	ci := &CallInfo{Kind: CallBuiltin, Builtin: b}
	ret := func(t types.Type) types.Type { ci.Ret = t; return c.recordCall(e, ci) }
	argT := func(i int) types.Type {
		if i < len(e.Args) {
			return e.Args[i].TypeOf()
		}
		return types.InvalidType
	}
	switch b {
	case BPrint, BPrintln, BEprint:
		c.args(e, nil, 0, types.AnyType)
		return ret(types.UnitType)
	case BLen:
		c.args(e, ts(nil), 1, nil)
		switch types.Resolve(argT(0)).(type) {
		case *types.Array, *types.MapT:
		default:
			if !types.IsBasic(argT(0), types.String) && !types.IsAny(argT(0)) && !types.IsInvalid(argT(0)) {
				c.errorf(e, "`len` needs a string, an array or a map, found `%s`", typeString(argT(0)))
			}
		}
		return ret(types.I64)
	case BStr, BTypeOf:
		c.args(e, ts(nil), 1, nil)
		return ret(types.StringType)
	case BRange:
		c.args(e, ts(types.I64, types.I64), 1, nil)
		return ret(&types.Array{Elem: types.I64})
	case BSleep:
		c.args(e, ts(types.I64), 1, nil)
		return ret(&types.Future{Elem: types.UnitType, Src: srcSleep})
	case BYieldNow:
		c.args(e, nil, 0, nil)
		return ret(&types.Future{Elem: types.UnitType, Src: srcYield})
	case BJoin:
		c.args(e, nil, 1, nil0)
		tt := &types.Tuple{}
		for _, a := range e.Args {
			tt.Elems = append(tt.Elems, c.awaitable(a))
		}
		if len(tt.Elems) > 4 {
			c.errorf(e, "`join` takes at most 4 futures; use `join_all` for more")
		}
		if len(tt.Elems) == 1 {
			return ret(&types.Future{Elem: tt.Elems[0], Src: srcJoin})
		}
		return ret(&types.Future{Elem: tt, Src: srcJoin})
	case BJoinAll:
		elem := c.newVar()
		c.args(e, ts(nil), 1, nil)
		if a, ok := types.Resolve(argT(0)).(*types.Array); ok && types.IsFuture(a.Elem) {
			c.unify(elem, types.AwaitResult(a.Elem))
		} else if !types.IsInvalid(argT(0)) {
			c.errorf(e, "`join_all` needs an array of futures, found `%s`", typeString(argT(0)))
		}
		return ret(&types.Future{Elem: &types.Array{Elem: c.defaultType(elem)}, Src: srcJoinAll})
	case BSelect:
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
		return ret(&types.Future{Elem: elem, Src: srcSelect})
	case BTimeout:
		c.args(e, ts(types.I64, nil), 2, nil)
		elem := types.Type(types.InvalidType)
		if len(e.Args) > 0 {
			elem = c.awaitable(e.Args[min(1, len(e.Args)-1)])
		}
		return ret(&types.Future{Elem: &types.Result{Ok: elem, Err: types.ErrorType}, Src: srcTimeout})
	case BScope:
		elem := c.newVar()
		if exp, ok := types.Resolve(expected).(*types.Future); ok {
			c.unify(elem, exp.Elem)
		}
		body := fn(ts(&types.Handle{Kind: types.ScopeH}), &types.Future{Elem: elem})
		c.args(e, ts(body), 1, nil)
		return ret(&types.Future{Elem: c.defaultType(elem), Src: srcScope})
	case BSpawnBlocking:
		elem := c.newVar()
		c.args(e, ts(fn(nil, elem)), 1, nil)
		return ret(&types.Handle{Kind: types.JoinHandleH, Elem: c.defaultType(elem)})
	case BSetTimeout, BSetInterval:
		c.args(e, ts(fn(nil, types.UnitType), types.I64), 1, nil)
		return ret(types.I64)
	case BClearTimeout, BClearInterval:
		c.args(e, ts(types.I64), 1, nil)
		return ret(types.UnitType)
	case BChannel:
		elem := types.Type(nil)
		if len(e.TypeArgs) == 1 {
			elem = c.typeExpr(e.TypeArgs[0])
		} else if h := types.HandleOf(expected, types.ChannelH); h != nil {
			elem = h.Elem
		} else {
			elem = c.newVar()
		}
		c.args(e, ts(types.I64), 0, nil)
		return ret(&types.Handle{Kind: types.ChannelH, Elem: elem})
	case BError:
		c.args(e, ts(types.StringType), 1, nil)
		return ret(types.ErrorType)
	case BOk, BErr:
		r, ok := types.Resolve(expected).(*types.Result)
		if !ok {
			r = &types.Result{Ok: c.newVar(), Err: c.newVar()}
		}
		want := r.Ok
		if b == BErr {
			want = r.Err
		}
		if len(e.Args) == 0 && b == BOk {
			c.unify(want, types.UnitType)
		} else {
			c.args(e, ts(want), 1, nil)
		}
		return ret(r)
	case BSome:
		var elem types.Type = c.newVar()
		if o, ok := types.Resolve(expected).(*types.Optional); ok {
			elem = o.Elem
		}
		c.args(e, ts(elem), 1, nil)
		return ret(&types.Optional{Elem: elem})
	case BNoneVal:
		c.errorf(e, "`None` is a value, not a function")
		return ret(types.NullType)
	case BAssert:
		c.args(e, ts(types.BoolType, types.StringType), 1, nil)
		return ret(types.UnitType)
	case BArgs:
		c.args(e, nil, 0, nil)
		return ret(&types.Array{Elem: types.StringType})
	case BEnv:
		c.args(e, ts(types.StringType), 1, nil)
		return ret(&types.Optional{Elem: types.StringType})
	case BExit:
		c.args(e, ts(types.I64), 0, nil)
		return ret(types.NeverType)
	case BParseInt:
		c.args(e, ts(types.StringType), 1, nil)
		return ret(&types.Optional{Elem: types.I64})
	case BParseFloat:
		c.args(e, ts(types.StringType), 1, nil)
		return ret(&types.Optional{Elem: types.F64})
	case BAbs, BSqrt, BFloor, BCeil, BRound:
		c.args(e, ts(nil), 1, nil)
		t := argT(0)
		if !types.IsNumeric(t) && !types.IsAny(t) && !types.IsInvalid(t) {
			c.errorf(e, "`%s` needs a number, found `%s`", BuiltinName(b), typeString(t))
		}
		if b == BSqrt {
			return ret(types.F64)
		}
		return ret(t)
	case BMin, BMax, BPow:
		c.args(e, ts(nil, nil), 2, nil)
		x, y := argT(0), argT(1)
		if !types.IsNumeric(x) && !types.IsAny(x) && !types.IsInvalid(x) {
			c.errorf(e, "`%s` needs numbers, found `%s`", BuiltinName(b), typeString(x))
		} else if len(e.Args) == 2 && !c.unify(x, y) && !types.IsInvalid(y) {
			if isLiteralish(e.Args[1]) {
				c.expr(e.Args[1], x)
			} else if isLiteralish(e.Args[0]) {
				c.expr(e.Args[0], y)
				x = y
			} else {
				c.errorf(e, "mismatched types in `%s`: `%s` and `%s`", BuiltinName(b), typeString(x), typeString(y))
			}
		}
		return ret(x)
	case BMutexType, BRwLockType, BShareType, BPromiseType, BMapType, BChannelType, BNet, BHTTP, BFS:
		if b == BPromiseType {
			return c.promiseCtor(e, ci, expected)
		}
		if b == BMapType && len(e.Args) == 0 {
			return ret(c.emptyMapType(e, expected))
		}
	}
	c.errorf(e, "`%s` cannot be called like this", BuiltinName(b))
	c.argsUnchecked(e)
	return types.InvalidType
}

// nil0 stands for "any number of arguments, each checked by the caller".
var nil0 types.Type = types.InvalidType

// awaitable checks an argument that must be a future and returns what awaiting it gives.
func (c *checker) awaitable(a ast.Expr) types.Type {
	t := a.TypeOf()
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
	if m, ok := types.Resolve(expected).(*types.MapT); ok {
		return m
	}
	return &types.MapT{Key: c.newVar(), Val: c.newVar()}
}

// promiseCtor checks `new Promise((resolve, reject) => { … })` and `Promise(fn(resolve, reject) { … })`.
func (c *checker) promiseCtor(e *ast.Call, ci *CallInfo, expected types.Type) types.Type {
	var elem types.Type
	if len(e.TypeArgs) == 1 {
		elem = c.typeExpr(e.TypeArgs[0])
	} else if h := types.HandleOf(expected, types.PromiseH); h != nil {
		elem = h.Elem
	} else {
		elem = c.newVar()
	}
	resolve := fn(ts(elem), types.UnitType)
	reject := fn(ts(types.AnyType), types.UnitType)
	c.args(e, ts(fn(ts(resolve, reject), types.UnitType)), 1, nil)
	if v, ok := types.Resolve(elem).(*types.Var); ok {
		// No resolve call said what the promise holds: it resolves with nothing.
		c.bindVar(v, types.UnitType)
	}
	ci.Kind = CallStatic
	ci.Name = "Promise.new"
	ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: types.Resolve(elem)}
	return c.recordCall(e, ci)
}

// staticCall checks `Mutex::new(v)`, `Promise.all([…])`, `net.listen(addr)` and the like.
func (c *checker) staticCall(e *ast.Call, sel *ast.Selector, b types.Builtin, expected types.Type) types.Type {
	name := sel.Name.Name
	ci := &CallInfo{Kind: CallStatic, Builtin: b}
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
	switch b {
	case BMutexType, BRwLockType, BShareType:
		kind := map[types.Builtin]types.HandleKind{BMutexType: types.MutexH, BRwLockType: types.RwLockH, BShareType: types.ShareH}[b]
		if name == "new" {
			ci.Name = kind.String() + ".new"
			elem := elemOf(kind)
			c.args(e, ts(elem), 1, nil)
			return ret(&types.Handle{Kind: kind, Elem: types.Resolve(elem)})
		}
	case BPromiseType:
		ci.Name = "Promise." + name
		switch name {
		case "resolve":
			elem := elemOf(types.PromiseH)
			if len(e.Args) == 0 {
				c.unify(elem, types.UnitType)
			}
			c.args(e, ts(elem), 0, nil)
			return ret(&types.Handle{Kind: types.PromiseH, Elem: types.Resolve(elem)})
		case "reject":
			elem := elemOf(types.PromiseH)
			c.args(e, ts(types.AnyType), 1, nil)
			return ret(&types.Handle{Kind: types.PromiseH, Elem: c.defaultType(elem)})
		case "all", "race", "any":
			elem := c.newVar()
			c.args(e, ts(&types.Array{Elem: &types.Handle{Kind: types.PromiseH, Elem: elem}}), 1, nil)
			out := types.Type(c.defaultType(elem))
			if name == "all" {
				out = &types.Array{Elem: out}
			}
			return ret(&types.Handle{Kind: types.PromiseH, Elem: out})
		case "new":
			return c.promiseCtor(e, ci, expected)
		}
	case BMapType:
		if name == "new" {
			ci.Name = "Map.new"
			c.args(e, nil, 0, nil)
			return ret(c.emptyMapType(e, expected))
		}
	case BChannelType:
		if name == "new" {
			ci.Name = "Channel.new"
			c.args(e, ts(types.I64), 0, nil)
			return ret(&types.Handle{Kind: types.ChannelH, Elem: elemOf(types.ChannelH)})
		}
	case BNet, BHTTP, BFS:
		if t := c.ioCall(e, b, name, ci); t != nil {
			return t
		}
	}
	c.errorf(sel.Name, "`%s` has no member `%s`", BuiltinName(b), name)
	c.argsUnchecked(e)
	return types.InvalidType
}

// ioCall checks the I/O surface of §12: net.listen/connect, http.get/post, fs.read_file/write_file.
func (c *checker) ioCall(e *ast.Call, b types.Builtin, name string, ci *CallInfo) types.Type {
	res := func(t types.Type) types.Type { return &types.Result{Ok: t, Err: types.ErrorType} }
	fut := func(t types.Type) types.Type { return &types.Future{Elem: t, Src: srcIO} }
	key := BuiltinName(b) + "." + name
	ci.Name = key
	switch key {
	case "net.listen":
		c.args(e, ts(types.StringType), 1, nil)
		ci.Ret = fut(types.Typ[types.TcpListener])
	case "net.connect":
		c.args(e, ts(types.StringType, types.I64), 1, nil)
		ci.Ret = fut(types.Typ[types.TcpStream])
	case "http.get":
		c.args(e, ts(types.StringType), 1, nil)
		ci.Ret = fut(res(types.Typ[types.Response]))
	case "http.post":
		c.args(e, ts(types.StringType, types.StringType), 2, nil)
		ci.Ret = fut(res(types.Typ[types.Response]))
	case "fs.read_file":
		c.args(e, ts(types.StringType), 1, nil)
		ci.Ret = fut(res(types.StringType))
	case "fs.write_file":
		c.args(e, ts(types.StringType, types.StringType), 2, nil)
		ci.Ret = fut(res(types.UnitType))
	case "fs.remove":
		c.args(e, ts(types.StringType), 1, nil)
		ci.Ret = fut(res(types.UnitType))
	default:
		return nil
	}
	return c.recordCall(e, ci)
}

// builtinMethod checks a method of a builtin type; nil when the type has no such method.
func (c *checker) builtinMethod(e *ast.Call, sel *ast.Selector, recv types.Type, derefs []types.Type, expected types.Type) types.Type {
	name := sel.Name.Name
	sig := c.builtinMethodSig(recv, name, e)
	if sig == nil {
		return nil
	}
	c.args(e, sig.params, sig.min, sig.variadic)
	ci := &CallInfo{Kind: CallBuiltinMethod, Name: sig.kind + "." + name, Recv: sel.X, RecvType: recv, Derefs: derefs, Params: sig.params}
	if sig.ret != nil {
		ci.Ret = c.settle(sig.ret)
	}
	if ci.Name == "Promise.catch" && len(e.Args) == 1 {
		c.catchDropsValue(e.Args[0], recv)
	}
	if ci.Name == "Promise.then" {
		// A callback that gives a promise or a future: the promise settles as that one does.
		if inner := thenFlattens(ci.Ret); inner != nil {
			ci.Ret = &types.Handle{Kind: types.PromiseH, Elem: inner}
		}
	}
	if sig.mutates {
		c.markMutated(sel.X)
		c.refuseReadGuardWrite(e, sel.X, true)
	}
	return c.recordCall(e, ci)
}

// catchDropsValue refuses `p.catch(e => value)` on a promise of (): the handler's value would be
// dropped silently, where JavaScript would give it.
func (c *checker) catchDropsValue(handler ast.Expr, promise types.Type) {
	p := types.HandleOf(promise, types.PromiseH)
	lam, ok := unparen(handler).(*ast.Lambda)
	if p == nil || !ok || lam.ExprBody == nil || !types.IsUnit(p.Elem) {
		return
	}
	if t := lam.ExprBody.TypeOf(); t != nil && !types.IsUnit(t) && !types.IsNever(t) && !types.IsInvalid(t) {
		c.errorf(lam.ExprBody, "this catch handler gives `%s`, but the promise it catches for gives `()`: the value would be lost", typeString(t)).
			WithHelp("make the promise give the same type (its then callback returns a value on every path), or use the value inside the handler")
	}
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

// settle replaces inference variables left unbound after a builtin call by `any`.
func (c *checker) settle(t types.Type) types.Type {
	if !types.HasUnbound(t) {
		return t
	}
	return types.Subst(t, nil)
}

type methodSig struct {
	kind     string // "Array", "Map", "string", …
	params   []types.Type
	min      int
	variadic types.Type
	ret      types.Type
	mutates  bool // changes the receiver (push on an array value)
}

func ms(kind string, ret types.Type, params ...types.Type) *methodSig {
	return &methodSig{kind: kind, params: params, min: len(params), ret: ret}
}

func (m *methodSig) opt(n int) *methodSig { m.min -= n; return m }
func (m *methodSig) mut() *methodSig      { m.mutates = true; return m }

// builtinMethodSig is the signature of a builtin type's method.
func (c *checker) builtinMethodSig(recv types.Type, name string, e *ast.Call) *methodSig {
	recv = types.Resolve(recv)
	i64, str, b, unit := types.I64, types.StringType, types.BoolType, types.UnitType
	if name == "to_string" || name == "toString" {
		return ms("any", str)
	}
	switch u := recv.(type) {
	case *types.Array:
		T := u.Elem
		A := "Array"
		switch name {
		case "push", "append":
			return ms(A, unit, T).mut()
		case "pop":
			return ms(A, &types.Optional{Elem: T}).mut()
		case "len", "length":
			return ms(A, i64)
		case "is_empty":
			return ms(A, b)
		case "insert":
			return ms(A, unit, i64, T).mut()
		case "remove":
			return ms(A, T, i64).mut()
		case "contains", "includes":
			return ms(A, b, T)
		case "index_of", "indexOf":
			return ms(A, i64, T)
		case "join":
			return ms(A, str, str).opt(1)
		case "sort":
			return ms(A, unit, fn(ts(T, T), i64)).opt(1).mut()
		case "reverse":
			return ms(A, unit).mut()
		case "clear":
			return ms(A, unit).mut()
		case "extend":
			return ms(A, unit, &types.Array{Elem: T}).mut()
		case "map":
			U := c.newVar()
			return ms(A, &types.Array{Elem: U}, fn(ts(T), U))
		case "filter":
			return ms(A, &types.Array{Elem: T}, fn(ts(T), c.predicateResult()))
		case "for_each", "forEach":
			return ms(A, unit, fn(ts(T), unit))
		case "find":
			return ms(A, &types.Optional{Elem: T}, fn(ts(T), c.predicateResult()))
		case "any", "some":
			return ms(A, b, fn(ts(T), c.predicateResult()))
		case "all", "every":
			return ms(A, b, fn(ts(T), c.predicateResult()))
		case "reduce", "fold":
			Acc := c.newVar()
			if name == "fold" {
				return ms(A, Acc, Acc, fn(ts(Acc, T), Acc))
			}
			return ms(A, Acc, fn(ts(Acc, T), Acc), Acc)
		case "slice":
			return ms(A, &types.Array{Elem: T}, i64, i64).opt(1)
		case "concat":
			return ms(A, &types.Array{Elem: T}, &types.Array{Elem: T})
		case "clone", "copy":
			return ms(A, &types.Array{Elem: T})
		case "first":
			return ms(A, &types.Optional{Elem: T})
		case "last":
			return ms(A, &types.Optional{Elem: T})
		case "sum":
			return ms(A, T)
		case "min", "max":
			return ms(A, &types.Optional{Elem: T})
		}
	case *types.MapT:
		K, V, M := u.Key, u.Val, "Map"
		switch name {
		case "get":
			return ms(M, &types.Optional{Elem: V}, K)
		case "set", "insert":
			return ms(M, unit, K, V).mut()
		case "has", "contains_key", "contains":
			return ms(M, b, K)
		case "delete", "remove":
			return ms(M, b, K).mut()
		case "len", "size":
			return ms(M, i64)
		case "is_empty":
			return ms(M, b)
		case "keys":
			return ms(M, &types.Array{Elem: K})
		case "values":
			return ms(M, &types.Array{Elem: V})
		case "entries":
			return ms(M, &types.Array{Elem: &types.Tuple{Elems: ts(K, V)}})
		case "clear":
			return ms(M, unit).mut()
		}
	case *types.Optional:
		T, O := u.Elem, "Option"
		switch name {
		case "unwrap":
			return ms(O, T)
		case "expect":
			return ms(O, T, str)
		case "unwrap_or":
			return ms(O, T, T)
		case "is_some":
			return ms(O, b)
		case "is_none":
			return ms(O, b)
		}
	case *types.Result:
		R := "Result"
		switch name {
		case "unwrap":
			return ms(R, u.Ok)
		case "expect":
			return ms(R, u.Ok, str)
		case "unwrap_or":
			return ms(R, u.Ok, u.Ok)
		case "unwrap_err":
			return ms(R, u.Err)
		case "is_ok":
			return ms(R, b)
		case "is_err":
			return ms(R, b)
		case "ok":
			return ms(R, &types.Optional{Elem: u.Ok})
		}
	case *types.Basic:
		switch u.Kind {
		case types.String:
			return stringMethod(name)
		case types.Char:
			C := "char"
			switch name {
			case "is_digit", "is_alpha", "is_alphabetic", "is_whitespace", "is_upper", "is_lower", "is_alphanumeric":
				return ms(C, b)
			case "to_upper", "to_lower", "to_uppercase", "to_lowercase":
				return ms(C, types.CharType)
			}
		case types.ErrorKind:
		case types.TcpListener:
			switch name {
			case "accept":
				return ms("TcpListener", &types.Future{Elem: types.Typ[types.TcpStream], Src: srcIO}, i64).opt(1)
			case "addr":
				return ms("TcpListener", str)
			case "close":
				return ms("TcpListener", unit)
			}
		case types.TcpStream:
			T := "TcpStream"
			switch name {
			case "read":
				return ms(T, &types.Future{Elem: str, Src: srcIO}, i64, i64).opt(1)
			case "read_line":
				return ms(T, &types.Future{Elem: &types.Optional{Elem: str}, Src: srcIO}, i64).opt(1)
			case "write":
				return ms(T, &types.Future{Elem: unit, Src: srcIO}, str)
			case "close":
				return ms(T, unit)
			case "addr":
				return ms(T, str)
			}
		default:
			if types.IsNumeric(u) {
				switch name {
				case "abs":
					return ms("num", u)
				case "pow":
					return ms("num", u, u)
				case "sqrt":
					return ms("num", types.F64)
				case "floor", "ceil", "round":
					return ms("num", u)
				case "min", "max":
					return ms("num", u, u)
				}
			}
		}
	case *types.Handle:
		return c.handleMethod(u, name, e)
	}
	return nil
}

func stringMethod(name string) *methodSig {
	i64, str, b, S := types.I64, types.StringType, types.BoolType, "string"
	strs := &types.Array{Elem: str}
	switch name {
	case "len", "length", "byte_len":
		return ms(S, i64)
	case "is_empty":
		return ms(S, b)
	case "chars":
		return ms(S, &types.Array{Elem: types.CharType})
	case "split":
		return ms(S, strs, str)
	case "lines":
		return ms(S, strs)
	case "trim", "trim_start", "trim_end", "to_upper", "to_lower", "to_uppercase", "to_lowercase", "toUpperCase", "toLowerCase":
		return ms(S, str)
	case "contains", "includes", "starts_with", "ends_with", "startsWith", "endsWith":
		return ms(S, b, str)
	case "replace", "replace_all", "replaceAll":
		return ms(S, str, str, str)
	case "index_of", "indexOf", "find":
		return ms(S, i64, str)
	case "repeat":
		return ms(S, str, i64)
	case "substring", "slice", "substr":
		return ms(S, str, i64, i64).opt(1)
	case "char_at", "charAt":
		return ms(S, types.CharType, i64)
	case "parse_int":
		return ms(S, &types.Optional{Elem: i64})
	case "parse_float":
		return ms(S, &types.Optional{Elem: types.F64})
	case "reverse":
		return ms(S, str)
	}
	return nil
}

// handleMethod is the signature of a method of Share, Weak, Mutex, RwLock, a guard, Channel,
// JoinHandle, Promise or Scope.
func (c *checker) handleMethod(h *types.Handle, name string, e *ast.Call) *methodSig {
	T, unit, i64, b := h.Elem, types.UnitType, types.I64, types.BoolType
	k := h.Kind.String()
	switch h.Kind {
	case types.ShareH:
		switch name {
		case "clone":
			return ms(k, h)
		case "downgrade":
			return ms(k, &types.Handle{Kind: types.WeakH, Elem: T})
		case "strong_count", "weak_count":
			return ms(k, i64)
		}
	case types.WeakH:
		switch name {
		case "upgrade":
			return ms(k, &types.Optional{Elem: &types.Handle{Kind: types.ShareH, Elem: T}})
		case "clone":
			return ms(k, h)
		}
	case types.MutexH:
		switch name {
		case "lock":
			return ms(k, &types.Handle{Kind: types.MutexGuardH, Elem: T})
		case "try_lock":
			return ms(k, &types.Optional{Elem: &types.Handle{Kind: types.MutexGuardH, Elem: T}})
		case "with":
			return ms(k, unit, fn(ts(T), T))
		case "clone":
			return ms(k, h)
		}
	case types.RwLockH:
		switch name {
		case "read":
			return ms(k, &types.Handle{Kind: types.ReadGuardH, Elem: T})
		case "write":
			return ms(k, &types.Handle{Kind: types.WriteGuardH, Elem: T})
		case "clone":
			return ms(k, h)
		}
	case types.MutexGuardH, types.ReadGuardH, types.WriteGuardH:
		if name == "unlock" || name == "drop" {
			return ms(k, unit)
		}
	case types.ChannelH:
		switch name {
		case "send":
			return ms(k, &types.Future{Elem: unit, Src: eagerSend}, T)
		case "recv":
			return ms(k, &types.Future{Elem: &types.Optional{Elem: T}, Src: srcRecv})
		case "try_recv":
			return ms(k, &types.Optional{Elem: T})
		case "close":
			return ms(k, unit)
		case "len":
			return ms(k, i64)
		case "clone":
			return ms(k, h)
		}
	case types.JoinHandleH:
		switch name {
		case "cancel", "abort":
			return ms(k, unit)
		case "is_finished":
			return ms(k, b)
		}
	case types.PromiseH:
		switch name {
		case "then":
			U := c.newVar()
			return &methodSig{kind: k, params: ts(fn(ts(T), U), fn(ts(types.ErrorType), U)), min: 1, ret: &types.Handle{Kind: types.PromiseH, Elem: U}}
		case "catch":
			return ms(k, h, fn(ts(types.ErrorType), T))
		case "finally":
			return ms(k, h, fn(nil, unit))
		}
	case types.ScopeH:
		if name == "spawn" {
			U := c.newVar()
			return ms(k, &types.Handle{Kind: types.JoinHandleH, Elem: U}, &types.Future{Elem: U})
		}
	}
	return nil
}

// predicateResult is the result type of the predicate of filter, find, any and all: any type,
// read by its truthiness as a condition reads a dynamic value (`names.filter(n => n.len())`,
// `rows.find(r => r.email)`), as JavaScript does; a bool is read as it is.
func (c *checker) predicateResult() types.Type { return c.newVar() }
