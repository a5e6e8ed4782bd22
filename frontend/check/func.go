package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// ensureBody checks a declared function's body if that has not happened yet. A call of a
// function whose result type is inferred checks the callee first; a recursive function whose
// result is not yet known by then must be annotated.
func (c *checker) ensureBody(fi *FuncInfo) {
	if fi.checked || fi.checking {
		return
	}
	fd, ok := fi.Node.(*ast.FuncDecl)
	if !ok || fd.Recv == nil && fd.Obj != nil && !fd.Obj.Global {
		return // lambdas, blocks and local functions are checked where they appear
	}
	scope := c.fileScope[c.fileOfDecl(fd)]
	if fi.Sig.Recv != nil {
		scope = c.recvScope(scope, fi.Sig.Recv, fd.Recv)
	}
	c.checkBody(fi, scope)
}

// recvScope declares the receiver type's parameters under the names the extend block uses.
func (c *checker) recvScope(parent *types.Scope, def *types.TypeDef, ext *ast.ExtendDecl) *types.Scope {
	s := types.NewScope(parent)
	nt, _ := ext.Target.(*ast.NamedType)
	for i, tp := range def.TypeParams {
		name := tp.Name
		if nt != nil && i < len(nt.Args) {
			if a, ok := nt.Args[i].(*ast.NamedType); ok && len(a.Args) == 0 && a.Pkg == nil {
				name = a.Name.Name
			}
		}
		s.Insert(&types.Object{Name: name, Kind: types.ObjType, Type: tp})
	}
	return s
}

// checkBody checks the parameters and body of a declared function or method.
func (c *checker) checkBody(fi *FuncInfo, parent *types.Scope) {
	fd := fi.Node.(*ast.FuncDecl)
	fi.checking = true
	scope := c.typeParamScope(parent, fi.Sig.TypeParams)
	c.withFunc(fi, types.NewScope(scope), func() {
		if fi.Sig.Recv != nil {
			self := &ast.Ident{Name: "self"}
			self.Span = fd.Name.Span
			fi.Self = c.declare(self, types.ObjParam, selfType(fi.Sig.Recv), fd)
		}
		for i, p := range fd.Params {
			p.Obj = c.declare(p.Name, types.ObjParam, fi.Sig.Params[i], p)
			if p.Default != nil {
				t := c.expr(p.Default, fi.Sig.Params[i])
				c.expectAssignable(p.Default, t, fi.Sig.Params[i], " as a default value")
				c.defaultUsesNoParam(fd, p)
			}
		}
		c.body(fi, fd.Body, fd.Ret == nil)
	})
	fi.checking = false
	fi.checked = true
	if fi.Sig.Recv != nil && fi.Self != nil && fi.Self.Mutated {
		fi.Sig.SelfMut = true
	}
}

// body checks a function body and settles its result type: an inferred result that no return
// statement fixed is (); a declared non-unit result must be returned on every path.
func (c *checker) body(fi *FuncInfo, b *ast.Block, inferred bool) {
	c.openScope()
	c.stmts(b.Stmts)
	c.closeScope()
	ret := types.Resolve(fi.Ret)
	reachesEnd := !c.ends(b)
	if inferred && c.probing && reachesEnd && valueReturns(b) > 0 && !givesNull(ret) {
		// It returns a value, and null where it reaches its end: its result is optional. (The
		// value may be an untyped parameter's, whose type this pass does not know yet.)
		c.noteDynResult(fi.Node, ret, types.NullType)
	}
	if v, ok := ret.(*types.Var); ok && c.hintOf(v) == nil { // (a parameter's: settled with it)
		if h := c.returnedHint(fi.Node); h != nil {
			v.Bound = h.v // it returns only its untyped parameter: of that parameter's type
		} else {
			c.bindVar(v, types.UnitType)
		}
		ret = types.Resolve(v)
	}
	fi.Ret = ret
	if fi.Sig != nil {
		fi.Sig.Ret = ret
	}
	if reachesEnd && !givesNull(ret) && !types.IsUnit(ret) && !types.IsNever(ret) && !types.IsInvalid(ret) {
		switch {
		case !inferred:
			c.diags.Errorf(b.End-1, b.End, "E0705", "missing return: this function must return `%s` on every path", typeString(ret))
		case !c.probing:
			c.diags.Errorf(b.End-1, b.End, "E0705", "missing return: this function returns `%s` and can also reach its end; end it with a return", typeString(ret))
		}
	}
}

// givesNull reports whether a function of result t gives null where it reaches its end: an
// optional or a dynamic result.
func givesNull(t types.Type) bool {
	_, opt := t.(*types.Optional)
	return opt || types.IsAny(t)
}

// lambda checks `(x) => …`, `fn(x) { … }` and `async (x) => { … }`. Parameter and result types
// come from the annotations, else from the function type the context expects.
func (c *checker) lambda(e *ast.Lambda, expected types.Type) types.Type {
	exp, _ := types.Resolve(expected).(*types.Func)
	sig := &types.Signature{Async: e.Async, Decl: e}
	for i, p := range e.Params {
		var t types.Type
		switch {
		case p.Type != nil:
			t = c.typeExpr(p.Type)
		case exp != nil && i < len(exp.Params):
			t = exp.Params[i]
		case literalDefault(p) != nil:
			t = c.expr(p.Default, nil) // `(a, b = 2) => a + b`: the default says what b is
		default:
			// Its calls (`let f = x => …; f(1)`) and its uses in the body say what it is, as for
			// an untyped parameter of a function.
			t = c.untypedParamOr(p, "a lambda parameter without a type, in a place that does not say what it receives")
		}
		if exp != nil && i < len(exp.Params) && p.Type != nil {
			c.expectAssignable(p, exp.Params[i], t, " for this parameter")
		}
		sig.Params = append(sig.Params, t)
		sig.ParamNames = append(sig.ParamNames, p.Name.Name)
		sig.Defaults = append(sig.Defaults, nil)
	}
	if exp != nil && len(e.Params) > len(exp.Params) {
		c.errorf(e, "this lambda takes %d parameters, but %d are passed to it", len(e.Params), len(exp.Params))
	}
	// A lambda may ignore the last arguments it is passed, as in JavaScript
	// (`p.then(() => print("done"))`): it takes them, unnamed.
	for i := len(e.Params); exp != nil && i < len(exp.Params); i++ {
		sig.Params = append(sig.Params, exp.Params[i])
		sig.ParamNames = append(sig.ParamNames, "_")
		sig.Defaults = append(sig.Defaults, nil)
	}
	var expRet types.Type
	if exp != nil {
		expRet = exp.Ret
		if e.Async {
			if f, ok := types.Resolve(expRet).(*types.Future); ok {
				expRet = f.Elem
			} else {
				expRet = nil
			}
		}
	}
	hint, hinted := c.resultHints[e]
	switch {
	case e.Ret != nil:
		sig.Ret = c.typeExpr(e.Ret)
	case hinted:
		sig.Ret = c.newVar() // its body says; the hint only guides the body's literals
	case expRet != nil && !types.HasUnbound(expRet):
		sig.Ret = expRet
	case c.dynResults[e] != (dynResult{}):
		sig.Ret = c.dynResultType(e.Pos(), "the lambda's result", c.dynResults[e])
	default:
		v := c.newVar()
		if expRet != nil {
			c.unify(v, expRet)
		}
		sig.Ret = v
	}
	fi := c.newFuncInfo(e, "lambda", sig, c.fn)
	fi.Async = e.Async
	c.withFunc(fi, types.NewScope(c.scope), func() {
		for i, p := range e.Params {
			p.Obj = c.declare(p.Name, types.ObjParam, sig.Params[i], p)
		}
		if e.ExprBody != nil {
			want := sig.Ret
			if hinted {
				want = hint
			}
			t := c.expr(e.ExprBody, want)
			if v, ok := types.Resolve(sig.Ret).(*types.Var); ok {
				if types.IsBasic(t, types.Null) {
					t = &types.Optional{Elem: c.newVar()}
				}
				c.bindVar(v, t)
			} else if !types.IsUnit(sig.Ret) {
				c.expectAssignable(e.ExprBody, t, sig.Ret, " as the lambda's result")
			}
			fi.Ret = types.Resolve(sig.Ret)
			sig.Ret = fi.Ret
		} else {
			c.body(fi, e.Body, e.Ret == nil)
			sig.Ret = fi.Ret
		}
	})
	fi.checked = true
	ret := sig.Ret
	if e.Async {
		ret = &types.Future{Elem: ret, Src: e}
	}
	return &types.Func{Params: sig.Params, Ret: ret}
}

// asyncBlock checks `async { … }` and `async move { … }`: a future of what the block returns.
func (c *checker) asyncBlock(e *ast.AsyncBlock, expected types.Type) types.Type {
	var ret types.Type = c.newVar()
	if f, ok := types.Resolve(expected).(*types.Future); ok {
		c.unify(ret, f.Elem)
	}
	fi := c.newFuncInfo(e, "async block", &types.Signature{Async: true, Decl: e, Ret: ret}, c.fn)
	fi.Async = true
	c.withFunc(fi, types.NewScope(c.scope), func() {
		c.body(fi, e.Body, true)
	})
	fi.checked = true
	return &types.Future{Elem: fi.Ret, Src: e}
}

// defaultUsesNoParam refuses a default value that reads a parameter (or self): the caller
// evaluates it, where the function's parameters do not exist.
func (c *checker) defaultUsesNoParam(fd *ast.FuncDecl, param *ast.Param) {
	ast.Inspect(param.Default, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Obj == nil || id.Obj.Kind != types.ObjParam {
			return true
		}
		for _, p := range fd.Params {
			if p.Obj == id.Obj {
				c.errorf(id, "a default value cannot use the parameter `%s`: it is evaluated where the function is called", id.Name).
					WithHelp("give `%s` an optional type and a null default, and set it in the body: `if %s == null { … }`", param.Name.Name, param.Name.Name)
				return true
			}
		}
		if id.Name == "self" {
			c.errorf(id, "a default value cannot use `self`: it is evaluated where the method is called")
		}
		return true
	})
}
