package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// methodFuncValue lowers `x.method` used as a value when Go's method value will not do: the
// method is emitted as a plain function (an enum's method, see methodIsFunc), or it is async, so
// that calling it gives a state struct where the function value gives an rt.Future. The value is
// a function literal bound to the receiver, which is evaluated once, now, as Go does for a
// method value. (The checker refuses a generic method used as a value.)
func (l *lowerer) methodFuncValue(b *builder, e *ast.Selector, x Expr, fd *ast.FuncDecl, si *check.SelInfo) Expr {
	sig := fd.Obj.Sig
	if len(sig.TypeParams) > 0 {
		l.fail(e, "a generic method used as a value")
	}
	var subst map[*types.TypeParam]types.Type
	var targs []Type
	if n, ok := si.Recv.(*types.Named); ok {
		subst = n.Subst()
		targs = l.goTypes(n.Args)
	}
	recvT := l.goTypeOf(si.Recv)
	var recv Expr
	if sig.SelfMut && addressable(x) {
		p := l.temp("recv", &TPtr{Elem: recvT})
		p.Reads++
		b.add(&Define{V: p, Value: &Unary{Op: "&", X: x}})
		recv = &Ref{V: p}
	} else {
		v := l.temp("recv", recvT)
		v.Reads++
		b.add(&Define{V: v, Value: x})
		recv = &Ref{V: v}
		if sig.SelfMut {
			recv = &Unary{Op: "&", X: recv}
		}
	}
	lit := &FuncLit{}
	var args []Expr
	for i, p := range sig.Params {
		name := "a" + itoa(i) + "_"
		lit.Params = append(lit.Params, &Param{Name: name, Type: l.goTypeOf(types.Subst(p, subst))})
		args = append(args, &Ident{Name: name})
	}
	var call Expr = &Call{Fun: &Sel{X: recv, Name: methodName(fd.Name.Name)}, Args: args}
	if l.methodIsFunc(fd) {
		call = &Call{Fun: &Ident{Name: l.funcName(fd)}, TypeArgs: targs, Args: append([]Expr{recv}, args...)}
	}
	ret := types.Subst(sig.Ret, subst)
	if fd.Async {
		lit.Results = []Type{rtType("Future", l.valueType(ret))}
		call = rtCallT("Start", []Type{l.valueType(ret)}, &Ident{Name: "nil"}, call)
	} else {
		lit.Results = l.resultTypes(ret)
	}
	if len(lit.Results) > 0 {
		lit.Body = &Block{Stmts: []Stmt{&Return{Results: []Expr{call}}}}
	} else {
		lit.Body = &Block{Stmts: []Stmt{&ExprStmt{X: call}}}
	}
	return lit
}
