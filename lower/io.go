package lower

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// The I/O surface of §12: net.listen/connect, http.get/post and fs.read_file/write_file, and
// the methods of TcpListener and TcpStream. Awaited directly, each gives its runtime future by
// value (rt.ListenFuture, rt.ReadLineFuture, …), stored inline in the state struct; the fs
// calls give the blocking pool's *rt.JoinHandle. An optional timeout argument selects the
// runtime's …Timeout variant.

// ioCalls maps an I/O call to its runtime constructor, the one taking a timeout, and the Go
// type of its future ("" for the join handle of a blocking job).
var ioCalls = map[string]struct{ fn, timeoutFn, future string }{
	"net.listen":          {"NetListen", "", "ListenFuture"},
	"net.connect":         {"NetConnect", "NetConnectTimeout", "ConnectFuture"},
	"http.get":            {"HTTPGet", "", "HTTPFuture"},
	"http.post":           {"HTTPPost", "", "HTTPFuture"},
	"fs.read_file":        {"ReadFile", "", ""},
	"fs.write_file":       {"WriteFile", "", ""},
	"fs.remove":           {"RemoveFile", "", ""},
	"TcpListener.accept":  {"Accept", "AcceptTimeout", "AcceptFuture"},
	"TcpStream.read":      {"Read", "ReadTimeout", "ReadFuture"},
	"TcpStream.read_line": {"ReadLine", "ReadLineTimeout", "ReadLineFuture"},
	"TcpStream.write":     {"Write", "", "WriteFuture"},
}

// ioParams are the parameter types of the I/O calls, for the conversion of their arguments
// (the checker records them for methods only).
var ioParams = map[string][]types.Type{
	"net.listen":    {types.StringType},
	"net.connect":   {types.StringType, types.I64},
	"http.get":      {types.StringType},
	"http.post":     {types.StringType, types.StringType},
	"fs.read_file":  {types.StringType},
	"fs.write_file": {types.StringType, types.StringType},
	"fs.remove":     {types.StringType},
}

// isIOMethod reports whether ci is a future-returning method of TcpListener or TcpStream.
func isIOMethod(ci *check.CallInfo) bool {
	_, ok := ioCalls[ci.Name]
	return ok && ci.Kind == check.CallBuiltinMethod
}

// ioFuture lowers an I/O call to its runtime future, by value, and the future's Go type.
func (l *lowerer) ioFuture(b *builder, e *ast.Call, ci *check.CallInfo) (Expr, Type) {
	io, ok := ioCalls[ci.Name]
	if !ok {
		l.fail(e, "`%s` is not supported yet", ci.Name)
		return nil, nil
	}
	params := ci.Params
	if ci.Kind != check.CallBuiltinMethod {
		params = ioParams[ci.Name]
	}
	args := make([]Expr, len(e.Args))
	for i, a := range e.Args {
		args[i] = l.convertAt(l.expr(b, a), a.TypeOf(), params[i], a)
	}
	fn := io.fn
	if io.timeoutFn != "" && len(e.Args) == len(params) {
		fn = io.timeoutFn
	}
	var call Expr
	if ci.Kind == check.CallBuiltinMethod {
		call = &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: fn}, Args: args}
	} else {
		call = rtCall(fn, args...)
	}
	res := l.valueType(types.AwaitResult(ci.Ret))
	if io.future == "" {
		return call, &TPtr{rtType("JoinHandle", res)}
	}
	return call, rtType(io.future)
}

// ioValue lowers an I/O call whose future is used as a value (stored, passed, spawned): the
// rt.Future interface, boxing the futures held by value.
func (l *lowerer) ioValue(b *builder, e *ast.Call, ci *check.CallInfo) Expr {
	x, t := l.ioFuture(b, e, ci)
	if _, isHandle := t.(*TPtr); isHandle {
		return x
	}
	return rtCallT("Box", []Type{l.valueType(types.AwaitResult(ci.Ret))}, x)
}

// ioMethod lowers the methods of TcpListener and TcpStream, or returns nil for other methods.
func (l *lowerer) ioMethod(b *builder, e *ast.Call, ci *check.CallInfo) Expr {
	if isIOMethod(ci) {
		return l.ioValue(b, e, ci)
	}
	kind, name := splitName(ci.Name)
	if kind != "TcpListener" && kind != "TcpStream" {
		return nil
	}
	switch name {
	case "addr", "close":
		return &Call{Fun: &Sel{X: l.recvExpr(b, ci), Name: strings.ToUpper(name[:1]) + name[1:]}}
	}
	return nil
}
