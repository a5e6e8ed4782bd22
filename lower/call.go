package lower

import (
	"strconv"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// call lowers a call expression in value position. A call of an async fn starts it at once
// (rt.Start, §8) and gives its handle as an rt.Future; awaits take the state struct by value
// instead (see futureOf), and a recursive await boxes it to poll it in place.
func (l *lowerer) call(b *builder, e *ast.Call) ir.Expr {
	ci := l.info.Calls[e]
	if ci == nil {
		l.fail(e, "a call the checker did not record")
	}
	switch ci.Kind {
	case check.CallFunc, check.CallMethod:
		x := l.funcCall(b, e, ci)
		if ci.Sig.Async && (ci.Kind == check.CallMethod || l.locals[ci.Obj] == nil) {
			// The instantiated result: a generic async fn's signature says T.
			res := l.valueType(types.AwaitResult(e.TypeOf()))
			if l.nestedAwait == e || l.inPlace[e] {
				return rtCallT("Box", []ir.Type{res}, x) // a recursive await, polled in place
			}
			return rtCallT("Start", []ir.Type{res}, l.cx(), x)
		}
		return x
	case check.CallValue:
		xs := l.exprList(b, append([]ast.Expr{e.Fun}, e.Args...))
		args := l.convertArgs(xs[1:], e.Args, ci.Params)
		for range ci.Params[len(args):] { // `resolve()`: the unit arguments left out
			args = append(args, &ir.Composite{Type: tUnit})
		}
		return &ir.Call{Fun: xs[0], Args: args}
	case check.CallBuiltin, check.CallBuiltinMethod, check.CallStatic:
		return l.builtinCall(b, e, ci)
	case check.CallVariant:
		args := l.ownedList(b, e.Args)
		n := ci.Ret.(*types.Named)
		return l.variantValue(ci.Variant, n, l.convertArgs(args, e.Args, ci.Params))
	case check.CallDynamic:
		xs := l.exprList(b, append([]ast.Expr{e.Fun}, e.Args...))
		args := []ir.Expr{xs[0], l.pos(e)}
		for i, a := range e.Args {
			args = append(args, l.toAny(xs[i+1], a.TypeOf()))
		}
		return rtCall("DynCall", args...)
	case check.CallDynMethod:
		if builtin.DynamicMutatesArray(ci.Name) && isLvalue(ci.Recv) {
			// `xs.push(v)` on a dynamic array changes the place that holds it (a field of a
			// record, an element of a map, written back, see placeOf).
			recv := l.placeOf(b, ci.Recv)
			xs := l.ownedList(b, e.Args) // what a dynamic method keeps (a pushed share) it owns
			args := []ir.Expr{&ir.Unary{Op: "&", X: recv}, &ir.Lit{Text: strconv.Quote(ci.Name)}, l.pos(e)}
			for i, a := range e.Args {
				args = append(args, l.toAny(xs[i], a.TypeOf()))
			}
			return rtCall("DynMethodRef", args...)
		}
		recv := l.expr(b, ci.Recv)
		xs := l.ownedList(b, e.Args) // a dynamic method may keep what it is given (a share it stores)
		args := []ir.Expr{recv, &ir.Lit{Text: strconv.Quote(ci.Name)}, l.pos(e)}
		for i, a := range e.Args {
			args = append(args, l.toAny(xs[i], a.TypeOf()))
		}
		if isDynamicChain(ci.Recv) {
			return rtCall("DynChainMethod", args...) // `d?.m()`: null when d is
		}
		return rtCall("DynMethod", args...)
	case check.CallAwait:
		if ci.JoinValue {
			return l.joinValue(b, e, ci)
		}
		return l.awaitValue(b, e, ci.Recv, ci.Derefs)
	case check.CallGo:
		return l.goCall(b, e, ci)
	}
	l.fail(e, "a call the checker did not classify")
	return nil
}

// convertArgs adapts lowered arguments to the parameter types.
func (l *lowerer) convertArgs(xs []ir.Expr, args []ast.Expr, params []types.Type) []ir.Expr {
	out := make([]ir.Expr, len(xs))
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
func (l *lowerer) funcCall(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	fd := ci.Obj.Decl.(*ast.FuncDecl)
	var recv ir.Expr
	var exprs []ast.Expr
	if ci.Kind == check.CallMethod {
		exprs = append(exprs, ci.Recv)
	}
	exprs = append(exprs, e.Args...)
	var xs []ir.Expr
	if ci.Kind == check.CallMethod && ci.Sig.SelfMut && !ci.Sig.Async && len(ci.Derefs) == 0 && isLvalue(ci.Recv) {
		// The method changes the place it is called on (a map's element is written back).
		xs = append([]ir.Expr{l.placeOf(b, ci.Recv)}, l.exprList(b, e.Args)...)
	} else if ci.Kind == check.CallMethod && ci.Sig.SelfMut && l.awaitedCall == e && len(ci.Derefs) == 0 && isLvalue(ci.Recv) {
		// So does an async one awaited where it is called: its future holds the place until
		// the await completes. (A future kept or spawned gets a copy of the receiver instead:
		// it may run while the caller uses the place.)
		xs = append([]ir.Expr{l.placeOf(b, ci.Recv)}, l.asyncArgs(b, e.Args, false)...)
	} else if ci.Sig.Async {
		xs = l.asyncArgs(b, exprs, ci.Kind == check.CallMethod && len(ci.Derefs) > 0)
	} else {
		xs = l.exprList(b, exprs)
	}
	var instance *ir.Local // a fluent method's receiver: the call gives it (check's Fluent)
	if ci.Fluent {
		instance = l.temp("inst", l.goTypeOf(ci.Derefs[0]))
		b.add(&ir.Define{V: instance, Value: xs[0]})
		xs[0] = &ir.Ref{V: instance}
	}
	if ci.Kind == check.CallMethod {
		recv = l.derefAll(xs[0], ci.Derefs)
		if ci.Sig.SelfMut && !addressable(recv) {
			recv = l.spill(b, recv, l.goTypeOf(ci.RecvType))
			if _, ok := recv.(*ir.Ref); !ok {
				v := l.temp("t", l.goTypeOf(ci.RecvType))
				b.add(&ir.Define{V: v, Value: recv})
				recv = &ir.Ref{V: v}
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
	var targs []ir.Type
	if v := l.locals[ci.Obj]; v != nil && ci.Kind != check.CallMethod {
		if d := l.localDepths[ci.Obj]; d != nil && l.fn.depth == d.param {
			// A local fn calling itself: one level deeper (recursion.go).
			return &ir.Call{Fun: &ir.Ref{V: d.fn}, Args: append(args, &ir.Binary{Op: "+", X: &ir.Ref{V: d.param}, Y: &ir.Lit{Text: "1"}})}
		}
		v.Reads++
		return &ir.Call{Fun: &ir.Ref{V: v}, Args: args}
	}
	name, methodName := l.funcName(fd), methodName(fd.Name.Name)
	if depth := l.callDepth(e, fd); depth != nil {
		name, methodName = l.depthName(fd), l.depthName(fd)
		args = append(args, depth)
	}
	if ci.Kind == check.CallMethod && l.methodIsFunc(fd) {
		if n, ok := ci.RecvType.(*types.Named); ok {
			targs = append(targs, l.goTypes(n.Args)...)
		}
		targs = append(targs, l.goTypes(ci.TypeArgs)...)
		if ci.Sig.SelfMut {
			recv = &ir.Unary{Op: "&", X: recv}
		}
		return &ir.Call{Fun: &ir.Ident{Name: name}, TypeArgs: targs, Args: append([]ir.Expr{recv}, args...)}
	}
	if ci.Kind == check.CallMethod {
		call := &ir.Call{Fun: &ir.Sel{X: recv, Name: methodName}, Args: args}
		if instance != nil {
			b.add(&ir.ExprStmt{X: call, Line: b.line})
			return &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: instance}, Name: "Clone"}}
		}
		return call
	}
	return &ir.Call{Fun: &ir.Ident{Name: name}, TypeArgs: l.goTypes(ci.TypeArgs), Args: args}
}

// addressable reports whether Go can take the address of x (for pointer-receiver methods).
func addressable(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Ref:
		return true
	case *ir.Sel:
		return addressable(x.X)
	case *ir.Index:
		return true
	case *ir.Unary:
		return x.Op == "*"
	case *ir.Paren:
		return addressable(x.X)
	}
	return false
}
