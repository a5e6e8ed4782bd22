package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// The I/O surface of §12: net.listen/connect, http.get/post and fs.read_file/write_file, and
// the methods of TcpListener and TcpStream, the rows of frontend/builtin that lower as an
// IOFuture. Awaited directly, each gives its runtime future by value (rt.ListenFuture,
// rt.ReadLineFuture, …), stored inline in the state struct; the fs calls give the blocking
// pool's *rt.JoinHandle. An optional timeout argument selects the runtime's …Timeout variant.

// isIOFuture reports whether ci is a call of an I/O builtin.
func isIOFuture(ci *check.CallInfo) bool {
	return (ci.Kind == check.CallBuiltinMethod || ci.Kind == check.CallStatic) && builtin.Of(ci.Builtin).Lower.How == builtin.IOFuture
}

// ioFuture lowers an I/O call to its runtime future, by value, and the future's Go type.
func (l *lowerer) ioFuture(b *builder, e *ast.Call, ci *check.CallInfo) (ir.Expr, ir.Type) {
	lo := builtin.Of(ci.Builtin).Lower
	args := make([]ir.Expr, len(e.Args))
	for i, a := range e.Args {
		args[i] = l.convertAt(l.expr(b, a), a.TypeOf(), ci.Params[i], a)
	}
	fn := lo.Name
	if lo.TimeoutName != "" && len(e.Args) == len(ci.Params) {
		fn = lo.TimeoutName
	}
	var call ir.Expr
	if ci.Kind == check.CallBuiltinMethod {
		call = &ir.Call{Fun: &ir.Sel{X: l.recvExpr(b, ci), Name: fn}, Args: args}
	} else {
		call = rtCall(fn, args...)
	}
	res := l.valueType(types.AwaitResult(ci.Ret))
	if lo.Future == "" {
		return call, &ir.TPtr{Elem: rtType("JoinHandle", res)}
	}
	return call, rtType(lo.Future)
}

// ioValue lowers an I/O call whose future is used as a value (stored, passed, spawned): the
// rt.Future interface, boxing the futures held by value.
func (l *lowerer) ioValue(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	x, t := l.ioFuture(b, e, ci)
	if _, isHandle := t.(*ir.TPtr); isHandle {
		return x
	}
	return rtCallT("Box", []ir.Type{l.valueType(types.AwaitResult(ci.Ret))}, x)
}
