package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// lambda lowers a lambda in value position.
func (l *lowerer) lambda(e *ast.Lambda) ir.Expr { return l.lambdaForce(e, false) }

// lambdaForce lowers a lambda; forceResult makes a unit lambda return rt.Unit{} (for runtime
// functions that need a result type).
func (l *lowerer) lambdaForce(e *ast.Lambda, forceResult bool) ir.Expr {
	fi := l.info.FuncOf[e]
	if fi == nil {
		l.fail(e, "a lambda the checker did not record")
	}
	if e.Async {
		return l.asyncLambda(e, fi)
	}
	body := e.Body
	if body == nil {
		// `x => expr`: a body that returns the expression (or evaluates it, for unit).
		ret := &ast.ReturnStmt{Value: e.ExprBody}
		ret.Span = ast.Span{Start: e.ExprBody.Pos(), End: e.ExprBody.EndPos()}
		if types.IsUnit(fi.Ret) {
			st := &ast.ExprStmt{X: e.ExprBody}
			st.Span = ret.Span
			body = &ast.Block{Stmts: []ast.Stmt{st}}
		} else {
			body = &ast.Block{Stmts: []ast.Stmt{ret}}
		}
		body.Span = ret.Span
	}
	var force ir.Type
	if forceResult && (fi.Ret == nil || types.IsUnit(fi.Ret)) {
		force = tUnit
	}
	return l.funcLit(fi, e.Params, body, force, nil)
}

// funcLit lowers a synchronous function body as a Go function literal. Captured variables are
// Go's own closure captures (by reference, like AdeshLang's lambdas).
//
// depth is given for a local fn that calls itself (recursion.go): the literal then takes it as
// its last parameter and checks it first.
func (l *lowerer) funcLit(fi *check.FuncInfo, params []*ast.Param, body *ast.Block, forceResult ir.Type, depth *localDepth) *ir.FuncLit {
	outer := l.fn
	fc := l.newFn(fi, false, fi.Ret)
	fc.names = newNamer(outer.names)
	fc.parent = outer
	fc.predicate = l.predicates[fi.Node]
	l.fn = fc
	ret := fi.Ret
	if fc.predicate {
		// A predicate gives a bool, whatever its body returns (returnStmt reads it by its
		// truthiness); reaching the end gives false, as JavaScript's undefined is.
		ret = types.BoolType
		fc.ret = ret
	}
	lit := &ir.FuncLit{Results: l.resultTypes(ret)}
	for i, p := range params {
		v := l.local(p.Obj, fi.Sig.Params[i])
		v.Param = true
		lit.Params = append(lit.Params, &ir.Param{Name: v.Name, Type: v.Type})
	}
	lit.Params = append(lit.Params, l.ignoredParams(fi, len(params))...)
	b := &builder{}
	if depth != nil {
		fc.depth = depth.param
		lit.Params = append(lit.Params, &ir.Param{Name: depth.param.Name, Type: depth.param.Type})
		b.add(l.depthCheck(depth.fd, &ir.Ref{V: depth.param}))
	}
	l.funcBody(b, body)
	stmts := b.stmts
	if forceResult != nil {
		lit.Results = []ir.Type{forceResult}
		stmts = addUnitReturns(stmts)
	}
	if fc.predicate && !goTerminates(stmts) {
		stmts = append(stmts, &ir.Return{Results: []ir.Expr{&ir.Lit{Text: "false"}}})
	}
	lit.Body = l.finishSync(stmts, ret)
	l.fn = outer
	return lit
}

// addUnitReturns makes a unit function return rt.Unit{} on every path.
func addUnitReturns(stmts []ir.Stmt) []ir.Stmt {
	unit := []ir.Expr{&ir.Composite{Type: tUnit}}
	var walk func([]ir.Stmt) []ir.Stmt
	walk = func(list []ir.Stmt) []ir.Stmt {
		for _, s := range list {
			switch s := s.(type) {
			case *ir.Return:
				if len(s.Results) == 0 {
					s.Results = unit
				}
			case *ir.Block:
				s.Stmts = walk(s.Stmts)
			case *ir.If:
				s.Then.Stmts = walk(s.Then.Stmts)
				if blk, ok := s.Else.(*ir.Block); ok {
					blk.Stmts = walk(blk.Stmts)
				} else if inner, ok := s.Else.(*ir.If); ok {
					walk([]ir.Stmt{inner})
				}
			case *ir.For:
				s.Body.Stmts = walk(s.Body.Stmts)
			case *ir.ForRange:
				s.Body.Stmts = walk(s.Body.Stmts)
			case *ir.Switch:
				for _, c := range s.Cases {
					c.Body = walk(c.Body)
				}
			case *ir.TypeSwitch:
				for _, c := range s.Cases {
					c.Body = walk(c.Body)
				}
			case *ir.Try:
				s.Body.Stmts = walk(s.Body.Stmts)
				if s.Catch != nil {
					s.Catch.Stmts = walk(s.Catch.Stmts)
				}
			}
		}
		return list
	}
	stmts = walk(stmts)
	if !goTerminates(stmts) {
		stmts = append(stmts, &ir.Return{Results: unit})
	}
	return stmts
}

// variantValue builds an enum value: the variant's struct (an interface value of the enum).
func (l *lowerer) variantValue(v *types.VariantDef, n *types.Named, args []ir.Expr) ir.Expr {
	c := &ir.Composite{Type: &ir.TName{Name: l.variants[v], Args: l.goTypes(n.Args)}, Fields: []*ir.KeyValue{}}
	for i, a := range args {
		c.Fields = append(c.Fields, &ir.KeyValue{Key: "F" + ir.Itoa(i), Value: a})
	}
	return &ir.Conv{Type: l.goTypeOf(n), X: c}
}

// ignoredParams are the parameters a lambda takes past the n it names (it ignores the last
// arguments it is passed, as in JavaScript: `p.then(() => …)`).
func (l *lowerer) ignoredParams(fi *check.FuncInfo, n int) []*ir.Param {
	var ps []*ir.Param
	for _, t := range fi.Sig.Params[n:] {
		ps = append(ps, &ir.Param{Name: "_", Type: l.goTypeOf(t)})
	}
	return ps
}
