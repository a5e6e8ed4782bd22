package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// methodFuncValue lowers `x.method` used as a value when Go's method value will not do: the
// method is emitted as a plain function (an enum's method, see methodIsFunc), or it is async, so
// that calling it gives a state struct where the function value gives an rt.Future. The value is
// a function literal bound to the receiver, which is evaluated once, now, as Go does for a
// method value. (The checker refuses a generic method used as a value.)
func (l *lowerer) methodFuncValue(b *builder, e *ast.Selector, x ir.Expr, fd *ast.FuncDecl, si *check.SelInfo) ir.Expr {
	sig := fd.Obj.Sig
	if len(sig.TypeParams) > 0 {
		l.fail(e, "a generic method used as a value")
	}
	var subst map[*types.TypeParam]types.Type
	var targs []ir.Type
	if n, ok := si.Recv.(*types.Named); ok {
		subst = n.Subst()
		targs = l.goTypes(n.Args)
	}
	recvT := l.goTypeOf(si.Recv)
	var recv ir.Expr
	if sig.SelfMut && addressable(x) {
		p := l.temp("recv", &ir.TPtr{Elem: recvT})
		p.Reads++
		b.add(&ir.Define{V: p, Value: &ir.Unary{Op: "&", X: x}})
		recv = &ir.Ref{V: p}
	} else {
		v := l.temp("recv", recvT)
		v.Reads++
		b.add(&ir.Define{V: v, Value: x})
		recv = &ir.Ref{V: v}
		if sig.SelfMut {
			recv = &ir.Unary{Op: "&", X: recv}
		}
	}
	lit := &ir.FuncLit{}
	var args []ir.Expr
	for i, p := range sig.Params {
		name := "a" + ir.Itoa(i) + "_"
		lit.Params = append(lit.Params, &ir.Param{Name: name, Type: l.goTypeOf(types.Subst(p, subst))})
		args = append(args, &ir.Ident{Name: name})
	}
	var call ir.Expr = &ir.Call{Fun: &ir.Sel{X: recv, Name: methodName(fd.Name.Name)}, Args: args}
	if l.methodIsFunc(fd) {
		call = &ir.Call{Fun: &ir.Ident{Name: l.funcName(fd)}, TypeArgs: targs, Args: append([]ir.Expr{recv}, args...)}
	}
	ret := types.Subst(sig.Ret, subst)
	if fd.Async {
		lit.Results = []ir.Type{rtType("Future", l.valueType(ret))}
		call = rtCallT("Start", []ir.Type{l.valueType(ret)}, &ir.Ident{Name: "nil"}, call)
	} else {
		lit.Results = l.resultTypes(ret)
	}
	if len(lit.Results) > 0 {
		lit.Body = &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{call}}}}
	} else {
		lit.Body = &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: call}}}
	}
	return lit
}
