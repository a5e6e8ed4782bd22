package lower

import (
	"strconv"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

func quote(s string) string { return strconv.Quote(s) }

// fnCtx is the state of the function being lowered.
type fnCtx struct {
	parent  *fnCtx
	info    *check.FuncInfo
	names   *namer
	async   bool // lowered into a state machine: awaits allowed, `cx` in scope
	closure int  // > 0 inside a Go function literal of this function (cx is not usable there)
	ret     types.Type
	// predicate: a lambda given to filter, find, any or all; a dynamic result is truthy or not.
	predicate bool
	locals    []*ir.Local
	scopes    []*scopeCtx
	loops     []*loopCtx
	// deferred holds the bindings referenced by a defer: they are released when the function
	// exits, after the defers ran, not at the end of their block.
	deferred map[*types.Object]bool
	self     *ir.Local
	// owns lists the parameters a state machine owns (a Share passed to an async fn).
	owns []*ir.Local
	// tryDepth counts enclosing try blocks in a synchronous function, where a return must go
	// through the closure that catches.
	tries []*tryCtx
	// switches counts the Go switch statements being built around the current statement.
	switches int
	// depth is the parameter counting the nested calls of a recursive function (recursion.go).
	depth *ir.Local
	// held is the rt.Held of a synchronous function that binds lock guards (held.go), and
	// holding says whether the code being lowered has one: always in a synchronous function,
	// only inside a try closure in a state machine.
	held    *ir.Local
	holding bool
}

type loopCtx struct {
	label    string    // set when a branch needs to name the loop
	scope    int       // len(scopes) when the loop body started
	switches int       // fnCtx.switches when the loop started: a branch inside a Go switch needs the label
	carry    []ir.Stmt // run before each `continue` and at the end of the body (stmt.go, iterVar)
}

type tryCtx struct {
	scope int
	loops int // len(loops) when the try started: loops outside are reached by branch codes
	codes []*tryExit
	ret   *ir.Local // where a return inside the try stores its value
}

// tryExit is a way out of a try closure: a return, or a break/continue of an outer loop.
type tryExit struct {
	code int
	kind string // "return", "break", "continue"
	loop *loopCtx
}

// newFn starts lowering a function.
func (l *lowerer) newFn(fi *check.FuncInfo, async bool, ret types.Type) *fnCtx {
	fc := &fnCtx{parent: l.fn, info: fi, names: newNamer(l.pkg), async: async, ret: ret, deferred: map[*types.Object]bool{}, holding: !async}
	if fi != nil && fi.Defers > 0 {
		fc.deferred = deferReferenced(fi.Node)
	}
	return fc
}

// deferReferenced finds the variables used inside the defers of a function body.
func deferReferenced(n ast.Node) map[*types.Object]bool {
	out := map[*types.Object]bool{}
	if n == nil {
		return out
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.Lambda, *ast.AsyncBlock:
			return x == n
		case *ast.FuncDecl:
			return x == n
		case *ast.DeferStmt:
			ast.Inspect(x.Body, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && id.Obj != nil {
					out[id.Obj] = true
				}
				return true
			})
			return false
		}
		return true
	})
	return out
}

// local makes the Go variable of a local object.
func (l *lowerer) local(obj *types.Object, t types.Type) *ir.Local {
	v := &ir.Local{Name: l.fn.names.user(obj.Name), Type: l.goTypeOf(t)}
	l.locals[obj] = v
	l.fn.locals = append(l.fn.locals, v)
	return v
}

// temp makes a compiler temporary of Go type t.
func (l *lowerer) temp(base string, t ir.Type) *ir.Local {
	v := &ir.Local{Name: l.fn.names.temp(base), Type: t, Temp: true}
	l.fn.locals = append(l.fn.locals, v)
	return v
}

// funcDecl lowers a declared function or method.
func (l *lowerer) funcDecl(fi *check.FuncInfo, fd *ast.FuncDecl) {
	if fi.Async {
		l.asyncFunc(fi, fd)
		return
	}
	fc := l.newFn(fi, false, fi.Ret)
	l.fn = fc
	fn := &ir.Func{Name: l.funcName(fd), Line: l.line(fd), Results: l.resultTypes(fi.Ret)}
	fn.TypeParams = l.funcTypeParams(fi)
	recv, params := l.params(fi, fd)
	if recv != nil && !l.methodIsFunc(fd) {
		fn.Recv = recv
	} else if recv != nil {
		fn.Params = append(fn.Params, recv)
	}
	fn.Params = append(fn.Params, params...)
	b := &builder{}
	if l.recursive[fd.Obj] {
		fc.depth = &ir.Local{Name: fc.names.fresh("depth_"), Type: goType("int32"), Param: true}
		b.add(l.depthCheck(fd, &ir.Ref{V: fc.depth}))
	}
	l.copyMutatedParams(b, fd)
	l.openScope()
	l.ownShareParams(b, fd)
	l.stmtList(b, fd.Body.Stmts)
	l.closeScope(b, !ir.Terminates(b.stmts))
	fn.Body = l.finishSync(b.stmts, fi.Ret)
	l.fn = fc.parent
	if fc.depth != nil {
		l.prog.Decls = append(l.prog.Decls, fn)
		fn = l.splitDepth(fn, fd, fc.depth)
	}
	l.prog.Decls = append(l.prog.Decls, fn)
}

// methodIsFunc reports whether a method must be emitted as a plain function taking its receiver
// first: Go methods cannot have their own type parameters, and an enum is a Go interface, which
// cannot have methods declared on it.
func (l *lowerer) methodIsFunc(fd *ast.FuncDecl) bool {
	if fd.Recv == nil {
		return false
	}
	if len(fd.TypeParams) > 0 {
		return true
	}
	return fd.Obj != nil && fd.Obj.Sig != nil && fd.Obj.Sig.Recv != nil && fd.Obj.Sig.Recv.Enum
}

// funcName is the Go name of a declared function or method.
func (l *lowerer) funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil {
		if n, ok := l.objNames[fd.Obj]; ok {
			return n
		}
	}
	sig := fd.Obj.Sig
	if l.methodIsFunc(fd) {
		name, ok := l.objNames[fd.Obj]
		if !ok {
			name = l.pkg.fresh(l.typeName(sig.Recv) + "_" + fd.Name.Name)
			l.objNames[fd.Obj] = name
		}
		return name
	}
	return methodName(fd.Name.Name)
}

// methodName is the Go name of a method. Methods and fields share their type's namespace with
// the generated AdeshFormat, AdeshField, AdeshClone and AdeshCloneAny: a user name with that
// prefix gets a `_` (which no generated name ends in).
func methodName(name string) string {
	if strings.HasPrefix(name, "Adesh") && !strings.HasSuffix(name, "_") {
		return name + "_"
	}
	return goName(name)
}

// fieldName is the Go name of a struct field (see methodName).
func fieldName(name string) string { return methodName(name) }

// funcTypeParams are the Go type parameters of a function: the receiver type's (for methods
// emitted as functions) and its own.
func (l *lowerer) funcTypeParams(fi *check.FuncInfo) []*ir.TypeParam {
	var out []*ir.TypeParam
	fd, _ := fi.Node.(*ast.FuncDecl)
	if fi.Sig.Recv != nil && fd != nil && l.methodIsFunc(fd) {
		for _, tp := range fi.Sig.Recv.TypeParams {
			out = append(out, &ir.TypeParam{Name: l.typeParamName(tp), Constraint: l.constraint(tp)})
		}
	}
	for _, tp := range fi.Sig.TypeParams {
		out = append(out, &ir.TypeParam{Name: l.typeParamName(tp), Constraint: l.constraint(tp)})
	}
	return out
}

// params makes the receiver and parameters of a declared function.
func (l *lowerer) params(fi *check.FuncInfo, fd *ast.FuncDecl) (*ir.Param, []*ir.Param) {
	var recv *ir.Param
	if fi.Self != nil {
		v := l.local(fi.Self, fi.Self.Type)
		v.Param = true
		l.fn.self = v
		rt := v.Type
		if fi.Sig.SelfMut {
			rt = &ir.TPtr{Elem: v.Type}
			v.Boxed = true
		}
		recv = &ir.Param{Name: v.Name, Type: rt}
	}
	var out []*ir.Param
	for i, p := range fd.Params {
		v := l.local(p.Obj, fi.Sig.Params[i])
		v.Param = true
		out = append(out, &ir.Param{Name: v.Name, Type: v.Type})
	}
	return recv, out
}

// copyMutatedParams gives arrays their value semantics in the callee: a parameter (holding an
// array) that the function changes in place is copied first, so the caller's value is untouched.
func (l *lowerer) copyMutatedParams(b *builder, fd *ast.FuncDecl) {
	for _, p := range fd.Params {
		if p.Obj == nil || !p.Obj.Mutated {
			continue
		}
		if l.needsCopy(p.Obj.Type) {
			v := l.locals[p.Obj]
			b.add(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: v}}, Op: "=", Rhs: []ir.Expr{l.deepCopy(&ir.Ref{V: v}, p.Obj.Type)}})
		}
	}
}

// localCapturedParams gives each parameter of an async fn that a lambda of its body captures a
// local of its own, which the body uses from here: the state machine gives such a local a cell
// that the lambda keeps (machine's capturedByFuncLit), so a lambda that outlives the future still
// sees the parameter (`return () => n`), though the future's struct is cleared.
func (l *lowerer) localCapturedParams(b *builder, fd *ast.FuncDecl) {
	for _, p := range fd.Params {
		if p.Obj == nil || l.locals[p.Obj] == nil || !capturedBelow(fd, p.Obj) {
			continue
		}
		param := l.locals[p.Obj]
		param.Reads++
		v := l.local(p.Obj, p.Obj.Type)
		b.add(&ir.Define{V: v, Value: &ir.Ref{V: param}})
		if _, ptr := param.Type.(*ir.TPtr); ptr && needsRelease(p.Obj.Type) {
			// The share moves to the lambda's cell: the future no longer releases it.
			b.add(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: param}}, Op: "=", Rhs: []ir.Expr{&ir.Ident{Name: "nil"}}})
		}
	}
}

// ownShareParams makes each Share parameter of a synchronous function a strong owner while the
// call runs (EVERYDAY.md §4: strong_count() in the callee is one more than outside): a count
// added at entry and given back at exit, as a local share's is. An async fn's future owns the
// shares passed to it already.
func (l *lowerer) ownShareParams(b *builder, fd *ast.FuncDecl) {
	for _, p := range fd.Params {
		if p.Obj == nil || l.locals[p.Obj] == nil || types.HandleOf(p.Obj.Type, types.ShareH) == nil {
			continue
		}
		v := l.locals[p.Obj]
		b.add(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: v}, Name: "Clone"}}})
		l.bindRelease(b, p.Obj, v)
	}
}

// funcBody lowers the statements of a function body (its outermost scope).
func (l *lowerer) funcBody(b *builder, body *ast.Block) {
	l.openScope()
	l.stmtList(b, body.Stmts)
	l.closeScope(b, !ir.Terminates(b.stmts))
}

// constraint is the Go constraint of a type parameter: what its uses in generic code need (the
// checker found them, and checked every instantiation against them). Equality of type
// parameter values goes through rt.Equal, which needs no constraint.
func (l *lowerer) constraint(tp *types.TypeParam) ir.Type {
	switch l.info.TypeParamNeeds[tp] {
	case check.NeedNumber:
		return rtType("Number")
	case check.NeedOrdered:
		return &ir.TName{Pkg: "cmp", Name: "Ordered"}
	case check.NeedComparable:
		return goType("comparable")
	}
	return tAnyGo
}
