package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// try lowers `x?`: an Err (or a null) leaves the function at once, returning it when the
// function returns a Result (an optional), and throwing it otherwise.
func (l *lowerer) try(b *builder, e *ast.Try) ir.Expr {
	xt := e.X.TypeOf()
	if types.IsAny(xt) || types.IsInvalid(xt) {
		return l.expr(b, e.X)
	}
	t := l.temp("t", l.goTypeOf(xt))
	t.Reads += 3
	b.add(&ir.Define{V: t, Value: l.expr(b, e.X)})
	fail := &builder{line: b.line}
	ret := l.fn.ret
	switch u := xt.(type) {
	case *types.Result:
		if r, ok := ret.(*types.Result); ok {
			errV := l.convertAt(&ir.Sel{X: &ir.Ref{V: t}, Name: "Err"}, u.Err, r.Err, e)
			l.emitReturn(fail, []ir.Expr{rtCallT("Err", []ir.Type{l.valueType(r.Ok), l.goTypeOf(r.Err)}, errV)})
		} else {
			fail.add(throwStmt(l.toError(&ir.Sel{X: &ir.Ref{V: t}, Name: "Err"}, u.Err), l.pos(e), nil))
		}
		b.add(&ir.If{Cond: &ir.Unary{Op: "!", X: &ir.Sel{X: &ir.Ref{V: t}, Name: "IsOk"}}, Then: &ir.Block{Stmts: fail.stmts}})
		return &ir.Sel{X: &ir.Ref{V: t}, Name: "Val"}
	case *types.Optional:
		if o, ok := ret.(*types.Optional); ok {
			l.emitReturn(fail, []ir.Expr{rtCallT("None", []ir.Type{l.goTypeOf(o.Elem)})})
		} else {
			fail.add(throwStmt(rtCall("NewError", &ir.Lit{Text: `"unexpected null"`}), l.pos(e), nil))
		}
		b.add(&ir.If{Cond: &ir.Unary{Op: "!", X: &ir.Sel{X: &ir.Ref{V: t}, Name: "Some"}}, Then: &ir.Block{Stmts: fail.stmts}})
		return &ir.Sel{X: &ir.Ref{V: t}, Name: "Val"}
	}
	l.fail(e, "`?` on a value that is neither a Result nor an optional")
	return nil
}
