package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
	"adesh2go/lower/machine"
)

// asyncFunc lowers an async fn to its state struct, its constructor, Poll and Drop.
func (l *lowerer) asyncFunc(fi *check.FuncInfo, fd *ast.FuncDecl) {
	name := l.futNames[fd]
	fc := l.newFn(fi, true, fi.Ret)
	l.fn = fc
	recv, params := l.params(fi, fd)
	var fields []*ir.Local
	if l.fn.self != nil {
		fields = append(fields, l.fn.self)
	}
	for _, p := range fd.Params {
		fields = append(fields, l.locals[p.Obj])
	}
	if l.recursive[fd.Obj] {
		// Right after the uint32 state tag, where it takes no room of its own on 64-bit.
		fc.depth = &ir.Local{Name: fc.names.fresh("depth_"), Type: goType("int32"), Param: true, Reads: 1}
		fields = append([]*ir.Local{fc.depth}, fields...)
	}
	for _, v := range fields {
		v.Field = true
	}
	b := &builder{}
	l.openScope()
	// The future owns the shares passed to it: they are released when it completes.
	for _, p := range fd.Params {
		if needsRelease(p.Obj.Type) && !types.IsGuard(p.Obj.Type) {
			l.bindRelease(b, p.Obj, l.locals[p.Obj])
		}
	}
	l.copyMutatedParams(b, fd)
	l.localCapturedParams(b, fd)
	l.stmtList(b, fd.Body.Stmts)
	l.closeScope(b, !ir.Terminates(b.stmts))
	tps := l.funcTypeParams(fi)
	if fi.Sig.Recv != nil && !l.methodIsFunc(fd) {
		// The state struct of a method of a generic type is generic in the type's parameters.
		var recvTPs []*ir.TypeParam
		for _, tp := range fi.Sig.Recv.TypeParams {
			recvTPs = append(recvTPs, &ir.TypeParam{Name: l.typeParamName(tp), Constraint: l.constraint(tp)})
		}
		tps = append(recvTPs, tps...)
	}
	spec := &machine.Spec{Name: name, TypeParams: tps, Fields: fields, Body: b.stmts, Ret: fi.Ret, Line: l.line(fd),
		Doc: name + " is the state machine of `" + fd.Name.Name + "`.", What: "`" + fd.Name.Name + "`", Pos: l.pos(fd.Name)}
	if self := l.fn.self; self != nil && self.Boxed {
		spec.ByPointer = map[*ir.Local]bool{self: true}
	}
	futT := l.buildStateMachine(spec)
	// The constructor: calling the async fn makes the future and runs nothing.
	ctor := &ir.Func{Name: l.funcName(fd), TypeParams: l.funcTypeParams(fi), Results: []ir.Type{futT}, Line: l.line(fd)}
	if recv != nil && !l.methodIsFunc(fd) {
		ctor.Recv = recv
	} else if recv != nil {
		ctor.Params = append(ctor.Params, recv)
	}
	ctor.Params = append(ctor.Params, params...)
	lit := &ir.Composite{Type: futT, Fields: []*ir.KeyValue{}}
	for _, v := range fields {
		lit.Fields = append(lit.Fields, &ir.KeyValue{Key: v.Name, Value: &ir.Ident{Name: v.Name}})
	}
	ctor.Body = &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{lit}}}}
	if fc.depth != nil {
		// The constructor of a future that awaits itself takes the depth it is awaited at.
		ctor.Body.Stmts = append([]ir.Stmt{l.depthCheck(fd, &ir.Ident{Name: fc.depth.Name})}, ctor.Body.Stmts...)
		l.prog.Decls = append(l.prog.Decls, ctor)
		ctor = l.splitDepth(ctor, fd, fc.depth)
	}
	l.prog.Decls = append(l.prog.Decls, ctor)
	l.fn = fc.parent
}

// asyncBlockValue lowers an async block where it appears: the value of its state struct, with
// the variables it captures (copied for `async move` and for the captures the checker made
// copies, by pointer otherwise).
func (l *lowerer) asyncBlockValue(e *ast.AsyncBlock) ir.Expr {
	fi := l.info.FuncOf[e]
	futT := l.lowerBlockMachine(fi, e, nil, e.Body, e.Move)
	return l.captureLiteral(fi, futT, e.Move)
}

// borrowsLocals reports whether the block or lambda fi uses a local of its maker in place (a
// capture by reference of a variable that is not top-level): such a future is not started at
// once, since it would then run beside the code whose variables it uses.
func (l *lowerer) borrowsLocals(fi *check.FuncInfo, move bool) bool {
	if move {
		return false
	}
	for _, obj := range l.captured(fi, false) {
		if ov := l.locals[obj]; ov != nil && !ov.Global {
			return true
		}
	}
	return false
}

// captureLiteral builds the state struct value of a block or lambda with its captures.
func (l *lowerer) captureLiteral(fi *check.FuncInfo, futT ir.Type, move bool) ir.Expr {
	lit := &ir.Composite{Type: futT, Fields: []*ir.KeyValue{}}
	for _, obj := range l.captured(fi, move) {
		ov := l.locals[obj]
		if ov == nil || ov.Global && !move {
			continue // a borrowing block reads a top-level variable in place
		}
		ov.Reads++
		var val ir.Expr
		if move || fi.Copied[obj] {
			val = l.copyValue(&ir.Ref{V: ov}, obj.Type)
		} else if ov.Boxed {
			val = &ir.Ref{V: &ir.Local{Name: ov.Name, Type: ov.Type, Field: ov.Field}}
		} else {
			val = &ir.Unary{Op: "&", X: &ir.Ref{V: ov}}
		}
		lit.Fields = append(lit.Fields, &ir.KeyValue{Key: l.captureName(obj), Value: val})
	}
	return lit
}

func (l *lowerer) captureName(obj *types.Object) string { return goName(obj.Name) }

// captured lists what a block or lambda captures. The checker leaves out the top-level
// variables, which code reads in place; but a moving block copies those it reads, and a block
// inside it then captures that copy like any local.
func (l *lowerer) captured(fi *check.FuncInfo, move bool) []*types.Object {
	objs := append([]*types.Object(nil), fi.Captures...)
	seen := map[*types.Object]bool{}
	for _, obj := range objs {
		seen[obj] = true
	}
	ast.Inspect(fi.Node, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Obj == nil || !id.Obj.Global || id.Obj.Kind != types.ObjVar || seen[id.Obj] {
			return true
		}
		if v := l.locals[id.Obj]; v != nil && (move || !v.Global) {
			seen[id.Obj] = true
			objs = append(objs, id.Obj)
		}
		return true
	})
	return objs
}

// lowerBlockMachine lowers the body of an async block or async lambda to its state machine
// (once) and returns the Go type of its state struct.
func (l *lowerer) lowerBlockMachine(fi *check.FuncInfo, node ast.Node, params []*ast.Param, body *ast.Block, move bool) ir.Type {
	name := l.futNames[node]
	tps := l.enclosingTypeParams()
	var targs []ir.Type
	for _, tp := range tps {
		targs = append(targs, goType(tp.Name))
	}
	futT := &ir.TName{Name: name, Args: targs}
	if l.done[node] {
		return futT
	}
	l.done[node] = true
	outer := l.fn
	fc := l.newFn(fi, true, fi.Ret)
	fc.parent = outer
	l.fn = fc
	saved := map[*types.Object]*ir.Local{}
	var fields []*ir.Local
	for _, obj := range l.captured(fi, move) {
		ov := l.locals[obj]
		if ov == nil || ov.Global && !move {
			continue
		}
		saved[obj] = ov
		// The value's type: a boxed local (itself a borrowed capture) has a pointer type.
		t := ov.Type
		if ov.Boxed {
			t = l.goTypeOf(obj.Type)
		}
		byValue := move || fi.Copied[obj] // a capture by copy is a field of its own
		v := &ir.Local{Name: l.captureName(obj), Type: t, Field: true, Boxed: !byValue}
		fc.names.used[v.Name] = true
		if !byValue {
			v.Type = &ir.TPtr{Elem: t}
		}
		l.locals[obj] = v
		fields = append(fields, v)
	}
	for _, p := range params {
		v := l.local(p.Obj, p.Obj.Type)
		v.Field, v.Param = true, true
		fields = append(fields, v)
	}
	b := &builder{}
	l.openScope()
	if move {
		// A moved share belongs to the block: released when it completes.
		for _, obj := range l.captured(fi, move) {
			if v := l.locals[obj]; v != nil && !v.Global && needsRelease(obj.Type) && !types.IsGuard(obj.Type) {
				l.bindRelease(b, obj, v)
			}
		}
	}
	l.stmtList(b, body.Stmts)
	l.closeScope(b, !ir.Terminates(b.stmts))
	what := "async block"
	if _, ok := node.(*ast.Lambda); ok {
		what = "async lambda"
	}
	l.buildStateMachine(&machine.Spec{Name: name, TypeParams: tps, Fields: fields, Body: b.stmts, Ret: fi.Ret,
		Line: l.line(node), Doc: name + " is the state machine of the " + what + " at " + l.site(node) + ".",
		What: "the " + what, Pos: l.pos(node)})
	for obj, ov := range saved {
		l.locals[obj] = ov
	}
	l.fn = outer
	return futT
}

// enclosingTypeParams are the type parameters in scope: those of the enclosing generic
// function (and its receiver type).
func (l *lowerer) enclosingTypeParams() []*ir.TypeParam {
	for fc := l.fn; fc != nil; fc = fc.parent {
		if fc.info == nil {
			continue
		}
		if fd, ok := fc.info.Node.(*ast.FuncDecl); ok && fd.Obj != nil && fd.Obj.Sig != nil {
			tps := l.funcTypeParams(fc.info)
			if fc.info.Sig.Recv != nil && !l.methodIsFunc(fd) {
				var recvTPs []*ir.TypeParam
				for _, tp := range fc.info.Sig.Recv.TypeParams {
					recvTPs = append(recvTPs, &ir.TypeParam{Name: l.typeParamName(tp), Constraint: l.constraint(tp)})
				}
				tps = append(recvTPs, tps...)
			}
			return tps
		}
	}
	return nil
}

// asyncLambda lowers `async (x) => { … }`: a Go function that makes the lambda's future.
func (l *lowerer) asyncLambda(e *ast.Lambda, fi *check.FuncInfo) ir.Expr {
	body := e.Body
	if body == nil {
		ret := &ast.ReturnStmt{Value: e.ExprBody}
		ret.Span = ast.Span{Start: e.ExprBody.Pos(), End: e.ExprBody.EndPos()}
		body = &ast.Block{Stmts: []ast.Stmt{ret}}
		body.Span = ret.Span
	}
	return l.asyncFuncLit(e, fi, e.Params, body)
}

// asyncFuncLit lowers an async lambda or a local async fn (node) to a Go function that makes
// its state machine, boxed as an rt.Future.
func (l *lowerer) asyncFuncLit(node ast.Node, fi *check.FuncInfo, params []*ast.Param, body *ast.Block) ir.Expr {
	futT := l.lowerBlockMachine(fi, node, params, body, false)
	lit := l.captureLiteral(fi, futT, false).(*ir.Composite)
	fn := &ir.FuncLit{Results: []ir.Type{rtType("Future", l.valueType(fi.Ret))}}
	for i, p := range params {
		name := goName(p.Name.Name)
		fn.Params = append(fn.Params, &ir.Param{Name: name, Type: l.goTypeOf(fi.Sig.Params[i])})
		lit.Fields = append(lit.Fields, &ir.KeyValue{Key: l.locals[p.Obj].Name, Value: &ir.Ident{Name: name}})
	}
	fn.Params = append(fn.Params, l.ignoredParams(fi, len(params))...)
	// A call starts it at once, unless it uses its maker's variables in place: it then runs only
	// while awaited, never beside its maker.
	made := rtCallT("Start", []ir.Type{l.valueType(fi.Ret)}, &ir.Ident{Name: "nil"}, lit)
	if l.borrowsLocals(fi, false) {
		made = rtCallT("Box", []ir.Type{l.valueType(fi.Ret)}, lit)
	}
	fn.Body = &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{made}}}}
	return fn
}

// mainFunc lowers the top-level statements (and the call of `main`) to the program's main
// future, and writes Go's func main.
func (l *lowerer) mainFunc() {
	fi := l.info.Main
	fc := l.newFn(fi, true, types.UnitType)
	fc.deferred = map[*types.Object]bool{}
	for i := len(l.info.Files) - 1; i >= 0; i-- {
		for obj := range deferReferenced(l.info.Files[i]) {
			fc.deferred[obj] = true
		}
	}
	l.fn = fc
	b := &builder{}
	l.openScope()
	for i := len(l.info.Files) - 1; i >= 0; i-- {
		for _, it := range l.info.Files[i].Items {
			if s, ok := it.(ast.Stmt); ok {
				l.stmt(b, s)
			}
		}
	}
	if mf := l.info.MainFn; mf != nil && !l.opts.Tests {
		fd := mf.Decl.(*ast.FuncDecl)
		call := &ir.Call{Fun: &ir.Ident{Name: l.funcName(fd)}}
		if fd.Async {
			b.add(&ir.Await{Future: call, FutType: &ir.TName{Name: l.futNames[fd]}, Result: l.valueType(mf.Sig.Ret), Site: l.site(fd), Line: l.line(fd)})
		} else {
			b.add(&ir.ExprStmt{X: call, Line: l.line(fd)})
		}
	}
	l.closeScope(b, !ir.Terminates(b.stmts))
	name := l.pkg.fresh("programFuture")
	doc := name + " runs the top-level statements, then main."
	if l.opts.Tests {
		doc = name + " runs the top-level statements, before the tests."
	}
	futT := l.buildStateMachine(&machine.Spec{Name: name, Body: b.stmts, Ret: types.UnitType, Doc: doc})
	l.fn = nil
	if l.opts.Tests {
		l.prog.Decls = append(l.prog.Decls, l.testMain(futT))
	} else {
		l.prog.Decls = append(l.prog.Decls, &ir.Func{Name: "main", Body: &ir.Block{Stmts: []ir.Stmt{
			&ir.ExprStmt{X: rtCall("Main", &ir.Unary{Op: "&", X: &ir.Composite{Type: futT}})}}}})
	}
	l.finalize()
}

// asyncArgs lowers the receiver and arguments of an async fn's call, left to right: the future
// keeps them, so a fresh share is handed over rather than released at the end of the statement,
// and one read from a place is cloned (the future releases what it owns when it completes). A
// receiver reached through a share or a guard is read through it, not kept.
func (l *lowerer) asyncArgs(b *builder, es []ast.Expr, derefRecv bool) []ir.Expr {
	return l.exprListWith(b, es, func(sb *builder, i int, e ast.Expr) ir.Expr {
		switch {
		case i == 0 && derefRecv:
			return l.expr(sb, e)
		case isLvalue(e):
			return l.copyValue(l.expr(sb, e), e.TypeOf())
		}
		return l.kept(sb, e)
	})
}

// startDetached lowers a future statement (W0706) that calls an async fn or makes an async
// block that borrows nothing: it starts at once, on the caller (§8), and goes on by itself.
// It gives nil for the other futures, which are spawned.
func (l *lowerer) startDetached(b *builder, x ast.Expr) ir.Expr {
	switch e := ast.Unparen(x).(type) {
	case *ast.Call:
		ci := l.info.Calls[e]
		if ci == nil || !(ci.Kind == check.CallFunc || ci.Kind == check.CallMethod) || !ci.Sig.Async || l.locals[ci.Obj] != nil {
			return nil
		}
	case *ast.AsyncBlock:
		if l.borrowsLocals(l.info.FuncOf[e], e.Move) {
			return nil
		}
	default:
		return nil
	}
	fut, _ := l.futureOf(b, x, false)
	return rtCallT("StartDetached", []ir.Type{l.valueType(types.AwaitResult(x.TypeOf()))}, l.cx(), fut)
}

// spawn lowers `spawn(x)` (and a future statement spawned with W0706): the task of a future
// whose type is known statically shares one allocation with it (rt.SpawnValue); a dynamic
// future is spawned as it is; spawning a join handle gives the handle.
func (l *lowerer) spawn(b *builder, x ast.Expr) ir.Expr {
	t := x.TypeOf()
	if types.HandleOf(t, types.JoinHandleH) != nil {
		return l.expr(b, x)
	}
	res := l.valueType(types.AwaitResult(t))
	fut, futT := l.futureOf(b, x, false)
	if n, ok := futT.(*ir.TName); ok && !(n.Pkg == "rt" && n.Name == "Future") {
		return rtCallT("SpawnValue", []ir.Type{res}, l.cx(), fut)
	}
	if r, ok := fut.(*ir.Ref); ok {
		if _, isIdent := ast.Unparen(x).(*ast.Ident); isIdent {
			// `spawn(f)` of a future kept in a variable: the task takes it, and the variable
			// keeps one that fails, naming this spawn, if it is awaited or spawned again.
			fut = rtCall("Spawned", &ir.Unary{Op: "&", X: r}, l.pos(x))
		}
	}
	return rtCall("Spawn", l.cx(), fut)
}
