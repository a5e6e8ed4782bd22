package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// Deep recursion. Go grows a goroutine's stack up to 1 GB and then stops the process with a
// fatal error and a trace of every frame, which an AdeshLang program must never show (and its
// buffered output would be lost). So every synchronous function that can call itself, directly
// or through others (it lies on a cycle of the static call graph), counts how deep it runs: its
// body is emitted as `nameDepth_(params..., depth_ int32)`, which raises a run-time error once
// depth_ passes rt.MaxCallDepth, and its calls to such functions pass depth_+1. The function
// keeps its own name and signature as a wrapper that starts the count at 0, so function values,
// lambdas and calls from outside a recursive function are unchanged. Recursion through a
// function value or a lambda is not counted.
//
// An async fn nests on the stack only through the futures it awaits: Poll calls the awaited
// future's Poll. So an async fn that awaits itself (directly or through others: the cycles that
// lower boxes, see sameCycle) keeps its depth in its state struct, and only those awaits pass it
// on; a spawned call starts its own task and its own count.

// findRecursive marks the declared synchronous functions and methods that lie on a cycle of
// direct calls.
func (l *lowerer) findRecursive() {
	l.recursive = map[*types.Object]bool{}
	calls := map[*types.Object][]*types.Object{}
	var nodes []*types.Object
	for _, fi := range l.info.Funcs {
		fd, ok := fi.Node.(*ast.FuncDecl)
		if !ok || !l.countsDepth(fd) {
			continue
		}
		nodes = append(nodes, fd.Obj)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Lambda, *ast.AsyncBlock, *ast.FuncDecl:
				return false // its own frames, called from wherever it goes
			case *ast.Call:
				if callee := l.directCallee(n); callee != nil {
					calls[fd.Obj] = append(calls[fd.Obj], callee.Obj)
				}
			}
			return true
		})
	}
	// A component of two or more functions, or one that calls itself, is recursive.
	for _, comp := range ir.Components(nodes, func(v *types.Object) []*types.Object { return calls[v] }) {
		if len(comp) > 1 {
			for _, w := range comp {
				l.recursive[w] = true
			}
			continue
		}
		for _, w := range calls[comp[0]] {
			if w == comp[0] {
				l.recursive[w] = true
			}
		}
	}
	for _, fi := range l.info.Funcs {
		if fd, ok := fi.Node.(*ast.FuncDecl); ok && fi.Async && fd.Obj != nil && (fd.Recv != nil || fd.Obj.Global) && l.awaitsItself(fd) {
			l.recursive[fd.Obj] = true
		}
	}
}

// awaitsItself reports whether an async fn awaits itself, directly or through others.
func (l *lowerer) awaitsItself(fd *ast.FuncDecl) bool {
	if l.awaits == nil {
		l.awaits = l.awaitGraph()
	}
	for _, m := range l.awaits[fd] {
		if l.sameCycle(fd, m) {
			return true
		}
	}
	return false
}

// countsDepth reports whether fd is a synchronous function lowered as a package-level function
// or method, the kind findRecursive considers.
func (l *lowerer) countsDepth(fd *ast.FuncDecl) bool {
	if fd.Obj == nil || fd.Body == nil || fd.Obj.Sig == nil || fd.Obj.Sig.Async {
		return false
	}
	return fd.Recv != nil || fd.Obj.Global
}

// directCallee is the declared synchronous function or method a call calls by name, or nil.
func (l *lowerer) directCallee(e *ast.Call) *ast.FuncDecl {
	ci := l.info.Calls[e]
	if ci == nil || ci.Kind != check.CallFunc && ci.Kind != check.CallMethod || ci.Obj == nil {
		return nil
	}
	if fd, ok := ci.Obj.Decl.(*ast.FuncDecl); ok && l.countsDepth(fd) {
		return fd
	}
	return nil
}

// localDepth is the depth counting of a local fn that calls itself: the closure that does the
// work takes the depth as its last parameter (param); the local variable keeps a wrapper with
// the fn's own signature that starts the count at 0.
type localDepth struct {
	fd    *ast.FuncDecl
	fn    *ir.Local // the closure that takes the depth
	param *ir.Local
}

// callsItself reports whether a local fn calls itself directly in its body.
func callsItself(info *check.Info, fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Lambda, *ast.AsyncBlock, *ast.FuncDecl:
			return false
		case *ast.Call:
			if ci := info.Calls[n]; ci != nil && ci.Obj == fd.Obj {
				found = true
			}
		}
		return !found
	})
	return found
}

// localDepthFunc declares the closure of a local fn that calls itself, and returns the wrapper
// that the fn's variable v holds.
func (l *lowerer) localDepthFunc(b *builder, fd *ast.FuncDecl, fi *check.FuncInfo, v *ir.Local) ir.Expr {
	d := &localDepth{fd: fd, param: &ir.Local{Name: "depth_", Type: goType("int32"), Param: true}}
	d.fn = l.temp(v.Name+"Depth", nil)
	l.localDepths[fd.Obj] = d
	inner := l.funcLit(fi, fd.Params, fd.Body, nil, d)
	d.fn.Type = &ir.TFunc{Params: paramTypes(inner.Params), Results: inner.Results}
	d.fn.Reads++
	b.add(&ir.Define{V: d.fn}, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: d.fn}}, Op: "=", Rhs: []ir.Expr{inner}})
	params, args := passOn(inner.Params[:len(inner.Params)-1])
	wrapper := &ir.FuncLit{Params: params, Results: inner.Results}
	wrapper.Body = forwardBody(&ir.Call{Fun: &ir.Ref{V: d.fn}, Args: append(args, &ir.Lit{Text: "0"})}, inner.Results)
	return wrapper
}

func paramTypes(ps []*ir.Param) []ir.Type {
	out := make([]ir.Type, len(ps))
	for i, p := range ps {
		out[i] = p.Type
	}
	return out
}

// callDepth is the depth argument of the call e of fd from the function being lowered: one more
// than its own when both count their depth, or nil when the call goes through fd's wrapper. The
// call of an async fn counts only as the operand of a boxed recursive await (l.nestedAwait).
func (l *lowerer) callDepth(e *ast.Call, fd *ast.FuncDecl) ir.Expr {
	if l.fn == nil || l.fn.depth == nil || !l.recursive[fd.Obj] || fd.Obj.Sig.Async && l.nestedAwait != e {
		return nil
	}
	return &ir.Binary{Op: "+", X: &ir.Ref{V: l.fn.depth}, Y: &ir.Lit{Text: "1"}}
}

// depthName is the Go name of the body of a recursive function, the one that takes the depth.
// Generated names end in one `_` after a word no user name mangles to (see goName).
func (l *lowerer) depthName(fd *ast.FuncDecl) string {
	if fd.Recv != nil && !l.methodIsFunc(fd) {
		return methodName(fd.Name.Name) + "Depth_"
	}
	if name, ok := l.depthNames[fd.Obj]; ok {
		return name
	}
	name := l.pkg.fresh(l.funcName(fd) + "Depth_")
	l.depthNames[fd.Obj] = name
	return name
}

// depthCheck is the first statement of a recursive function's body (or of an async fn's
// constructor), given its depth.
func (l *lowerer) depthCheck(fd *ast.FuncDecl, depth ir.Expr) ir.Stmt {
	tooDeep := rtCall("StackOverflow", &ir.Lit{Text: quote(fd.Name.Name)}, l.pos(fd.Name))
	return &ir.If{
		Cond: &ir.Binary{Op: ">", X: depth, Y: &ir.Ident{Pkg: "rt", Name: "MaxCallDepth"}},
		Then: &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: tooDeep}}},
	}
}

// splitDepth turns the lowered recursive function fn into the wrapper that keeps its name and
// signature, and returns the function that does the work under depthName, with the depth last.
func (l *lowerer) splitDepth(fn *ir.Func, fd *ast.FuncDecl, depth *ir.Local) *ir.Func {
	inner := *fn
	inner.Name = l.depthName(fd)
	inner.Params = append(append([]*ir.Param(nil), fn.Params...), &ir.Param{Name: depth.Name, Type: depth.Type})
	params, args := passOn(fn.Params)
	args = append(args, &ir.Lit{Text: "0"})
	var targs []ir.Type
	for _, tp := range fn.TypeParams {
		targs = append(targs, goType(tp.Name))
	}
	var fun ir.Expr = &ir.Ident{Name: inner.Name}
	if fn.Recv != nil {
		fun = &ir.Sel{X: &ir.Ident{Name: fn.Recv.Name}, Name: inner.Name}
		targs = nil // a method's type parameters are its receiver's
	}
	fn.Params, fn.ResultName = params, ""
	fn.Body = forwardBody(&ir.Call{Fun: fun, TypeArgs: targs, Args: args}, fn.Results)
	return &inner
}

// passOn gives a wrapper the parameters ps and the arguments that pass them on; a `_` is named.
func passOn(ps []*ir.Param) ([]*ir.Param, []ir.Expr) {
	params := make([]*ir.Param, len(ps))
	args := make([]ir.Expr, len(ps))
	for i, p := range ps {
		name := p.Name
		if name == "_" {
			name = "a" + ir.Itoa(i) + "_"
		}
		params[i] = &ir.Param{Name: name, Type: p.Type}
		args[i] = &ir.Ident{Name: name}
	}
	return params, args
}

// forwardBody is the body of a wrapper that passes its call on: `return call` or `call`.
func forwardBody(call *ir.Call, results []ir.Type) *ir.Block {
	if len(results) > 0 {
		return &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{call}}}}
	}
	return &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: call}}}
}
