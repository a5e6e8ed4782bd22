package lower

import (
	gotypes "go/types"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// Calls into Go packages (GOINTEROP.md). A call is a function literal called at once, so that a
// Go panic in it is an AdeshLang run-time error at the call (rt.GoPanic) and several results can
// be put together into a tuple or a Result:
//
//	func(a0_ string, a1_ int) (r_ rt.Result[int64, rt.Error]) {
//		defer rt.GoPanic("prog.adesh:3:9")
//		v0_, err_ := strconv.Atoi(a0_)
//		…
//	}(s, int(n))
//
// The arguments are evaluated outside it, in the AdeshLang order, and converted to the Go types
// of the parameters (gomap.go); the results are converted back.

// goCall lowers a call of a Go function or method.
func (l *lowerer) goCall(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	gc := ci.Go
	if gc.Conv != nil {
		return &ir.Conv{Type: l.goIR(gc.Conv), X: l.expr(b, e.Args[0])}
	}
	var recv ir.Expr
	args := e.Args
	if gc.Pkg == "" { // a method: the receiver first
		sel := ast.Unparen(e.Fun).(*ast.Selector)
		args = append([]ast.Expr{sel.X}, e.Args...)
	}
	xs := l.exprList(b, args)
	if gc.Pkg == "" {
		recv, xs = xs[0], xs[1:]
	}
	var params []*ir.Param
	var callArgs, passed []ir.Expr
	if recv != nil {
		// The receiver as it is held, or its address for a pointer method of a variable's value
		// (the checker allowed only that), so that the method changes the variable.
		held := types.GoOf(ast.Unparen(e.Fun).(*ast.Selector).X.TypeOf()).T
		t := l.goIR(held)
		_, heldPtr := held.Underlying().(*gotypes.Pointer)
		if _, ptrMethod := gc.Sig.Recv().Type().(*gotypes.Pointer); ptrMethod && !heldPtr {
			t, recv = &ir.TPtr{Elem: t}, &ir.Unary{Op: "&", X: recv}
		}
		params = append(params, &ir.Param{Name: "recv_", Type: t})
		passed = append(passed, recv)
	}
	for i, x := range xs {
		a := e.Args[i]
		want := ci.Params[i]
		x = l.convertAt(x, a.TypeOf(), want, a)
		x = l.toGo(x, want, gc.Params[i])
		name := "a" + ir.Itoa(i) + "_"
		params = append(params, &ir.Param{Name: name, Type: l.goIR(gc.Params[i])})
		passed = append(passed, x)
		callArgs = append(callArgs, &ir.Ident{Name: name})
	}
	var fun ir.Expr
	if recv != nil {
		fun = &ir.Sel{X: &ir.Ident{Name: "recv_"}, Name: gc.Func.Name()}
	} else {
		fun = &ir.Ident{Pkg: l.goPkg(gc.Func.Pkg()), Name: gc.Func.Name()}
	}
	call := &ir.Call{Fun: fun, Args: callArgs}
	if gc.TypeArgs != nil {
		call.TypeArgs = l.goIRList(gc.TypeArgs)
	}
	body := []ir.Stmt{&ir.GoDefer{Call: rtCall("GoPanic", l.pos(e))}}
	if gc.Blocks {
		body = append(body, &ir.ExprStmt{X: rtCall("BeforeGoCall")})
	}
	body = append(body, l.goResults(call, gc.Sig.Results(), ci.Ret)...)
	var results []ir.Type
	if !types.IsUnit(ci.Ret) {
		results = []ir.Type{l.goTypeOf(ci.Ret)}
	}
	return &ir.Call{Fun: &ir.FuncLit{Params: params, Results: results, Body: &ir.Block{Stmts: body}}, Args: passed}
}

// goResults are the statements that call a Go function and return its results as the
// AdeshLang value ret: nothing, a value, a tuple, a Result.
func (l *lowerer) goResults(call ir.Expr, res *gotypes.Tuple, ret types.Type) []ir.Stmt {
	n := res.Len()
	if n == 0 {
		return []ir.Stmt{&ir.ExprStmt{X: call}}
	}
	if n == 1 && !types.IsUnit(ret) {
		if _, isResult := ret.(*types.Result); !isResult {
			return []ir.Stmt{&ir.Return{Results: []ir.Expr{l.fromGo(call, res.At(0).Type(), ret)}}}
		}
	}
	names := make([]ir.Expr, n)
	for i := range names {
		names[i] = &ir.Ident{Name: "v" + ir.Itoa(i) + "_"}
	}
	stmts := []ir.Stmt{&ir.Assign{Lhs: names, Op: ":=", Rhs: []ir.Expr{call}}}
	val := ret
	r, isResult := ret.(*types.Result)
	if isResult {
		val = r.Ok
		n--
	}
	var value ir.Expr
	switch {
	case n == 0:
		value = &ir.Composite{Type: tUnit}
	case n == 1:
		value = l.fromGo(names[0], res.At(0).Type(), val)
	default:
		tt := val.(*types.Tuple)
		tuple := &ir.Composite{Type: l.goTypeOf(tt)}
		for i := range n {
			tuple.Fields = append(tuple.Fields, &ir.KeyValue{Key: "F" + ir.Itoa(i), Value: l.fromGo(names[i], res.At(i).Type(), tt.Elems[i])})
		}
		value = tuple
	}
	if !isResult {
		if types.IsUnit(ret) {
			return stmts
		}
		return append(stmts, &ir.Return{Results: []ir.Expr{value}})
	}
	targs := []ir.Type{l.valueType(r.Ok), tError}
	errX := names[len(names)-1]
	return append(stmts,
		&ir.If{Cond: &ir.Binary{Op: "!=", X: errX, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: []ir.Stmt{
			&ir.Return{Results: []ir.Expr{rtCallT("Err", targs, rtCall("FromGoError", errX))}}}}},
		&ir.Return{Results: []ir.Expr{rtCallT("Ok", targs, value)}})
}

// goValue lowers `pkg.Name` used as a value: a constant, a variable, a function.
func (l *lowerer) goValue(e *ast.Selector, si *check.SelInfo) ir.Expr {
	obj := si.GoObj
	x := &ir.Ident{Pkg: l.goPkg(obj.Pkg()), Name: obj.Name()}
	switch o := obj.(type) {
	case *gotypes.Const:
		if b, ok := o.Type().(*gotypes.Basic); ok && b.Info()&gotypes.IsUntyped != 0 {
			return &ir.Conv{Type: l.goTypeOf(e.TypeOf()), X: x} // math.Pi as the f64 it is here
		}
		return l.fromGo(x, o.Type(), e.TypeOf())
	case *gotypes.Func:
		return l.fromGo(x, o.Type(), e.TypeOf())
	}
	return l.fromGo(x, obj.Type(), e.TypeOf())
}

// goPkg is the name generated code reaches a Go package by: its import path, for which the
// emitter writes an import under goImportName's name.
func (l *lowerer) goPkg(pkg *gotypes.Package) string {
	if l.prog.GoImports == nil {
		l.prog.GoImports = map[string]string{}
	}
	if _, ok := l.prog.GoImports[pkg.Path()]; !ok {
		l.prog.GoImports[pkg.Path()] = goImportName(pkg.Path(), pkg.Name())
	}
	return pkg.Path()
}

// goImportName is the name a Go package is imported under in generated code: one no AdeshLang
// name becomes (goName appends `_` to a user name only when it is reserved), and the packages
// generated code uses itself keep their names.
func goImportName(path, name string) string {
	switch path {
	case "strings", "math", "cmp":
		return path
	}
	if reserved[name] {
		return name + "_go_"
	}
	return name + "_"
}

// goStructLit lowers `pkg.T { Field: v }`, a Go struct value.
func (l *lowerer) goStructLit(b *builder, e *ast.StructLit, g *types.GoT) ir.Expr {
	st := g.T.Underlying().(*gotypes.Struct)
	vals := make([]ast.Expr, len(e.Fields))
	for i, f := range e.Fields {
		vals[i] = f.Value
	}
	xs := l.exprList(b, vals)
	lit := &ir.Composite{Type: l.goIR(g.T)}
	for i, f := range e.Fields {
		for j := 0; j < st.NumFields(); j++ {
			if field := st.Field(j); field.Name() == f.Name.Name {
				want := check.FromGo(field.Type())
				x := l.convertAt(xs[i], f.Value.TypeOf(), want, f.Value)
				lit.Fields = append(lit.Fields, &ir.KeyValue{Key: field.Name(), Value: l.toGo(x, want, field.Type())})
			}
		}
	}
	return lit
}

// blockingGoCall gives x as a call of a Go function that may block, if it is one (an await
// of a pure Go call runs it in place).
func (l *lowerer) blockingGoCall(x ast.Expr) (*ast.Call, *check.CallInfo) {
	call, ok := ast.Unparen(x).(*ast.Call)
	if !ok {
		return nil, nil
	}
	if ci := l.info.Calls[call]; ci != nil && ci.Kind == check.CallGo && ci.Go.Blocks {
		return call, ci
	}
	return nil, nil
}

// awaitGoCall lowers `await goCall(…)` of a call that may block: the call runs on rt's blocking
// pool (rt.SpawnBlocking) and the task awaits its handle, as it awaits any task's: its worker
// runs other tasks meanwhile. Its arguments are evaluated first, on the task.
func (l *lowerer) awaitGoCall(b *builder, n ast.Node, e *ast.Call, ci *check.CallInfo) ir.Expr {
	call := l.goCall(b, e, ci).(*ir.Call)
	res := l.valueType(ci.Ret)
	for i, x := range call.Args {
		call.Args[i] = l.spill(b, x, call.Fun.(*ir.FuncLit).Params[i].Type)
	}
	var body ir.Stmt = &ir.Return{Results: []ir.Expr{call}}
	if types.IsUnit(ci.Ret) {
		body = &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: call}, &ir.Return{Results: []ir.Expr{&ir.Composite{Type: tUnit}}}}}
	}
	job := &ir.FuncLit{Results: []ir.Type{res}, Body: &ir.Block{Stmts: []ir.Stmt{body}}}
	handle := &types.Handle{Kind: types.JoinHandleH, Elem: types.OrUnit(ci.Ret)}
	aw := &ir.Await{Future: rtCallT("SpawnBlocking", []ir.Type{res}, job), FutType: l.goTypeOf(handle), Result: res, Site: l.site(n), Line: l.line(n)}
	if types.IsUnit(ci.Ret) {
		b.add(aw)
		return &ir.Composite{Type: tUnit}
	}
	return l.awaitResult(b, aw)
}
