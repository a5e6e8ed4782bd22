package lower

import (
	"sort"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// callsMethodsByName reports whether the program calls a method of a dynamic value: only then
// do its classes need methodDispatch (a typed program pays nothing for it).
func (l *lowerer) callsMethodsByName() bool {
	if l.dynMethodCalls == 0 {
		l.dynMethodCalls = -1
		for _, ci := range l.info.Calls {
			if ci.Kind == check.CallDynMethod {
				l.dynMethodCalls = 1
				break
			}
		}
	}
	return l.dynMethodCalls > 0
}

// methodDispatch is a class's AdeshMethod (rt.MethodCaller): dynamic code calls its methods by
// name, so that an instance held in an `any` (a base class's type, an array of several classes'
// instances) answers `x.area()` with its own class's method. Each case checks the number of
// arguments, converts them to the parameters' types and gives the result as a dynamic value
// (an async method's future, which `await` awaits).
func (l *lowerer) methodDispatch(def *types.TypeDef, self *ir.TName) ir.Decl {
	names := make([]string, 0, len(def.Methods))
	for name := range def.Methods {
		names = append(names, name)
	}
	sort.Strings(names)
	v, pos, args := &ir.Ident{Name: "v"}, &ir.Ident{Name: "pos"}, &ir.Ident{Name: "args"}
	cases := &ir.Switch{Tag: &ir.Ident{Name: "name"}}
	for _, name := range names {
		fd, ok := def.Methods[name].(*ast.FuncDecl)
		if !ok || fd.Obj == nil || fd.Obj.Sig == nil {
			continue
		}
		sig := fd.Obj.Sig
		generic := l.methodIsFunc(fd)
		if generic && (len(def.TypeParams) > 0 || len(sig.TypeParams) == 0) {
			continue // an enum's methods; a generic class's are not called by name
		}
		// A generic method is called with its type parameters dynamic: `a.id(2)` on an `any`.
		dynamic := map[*types.TypeParam]types.Type{}
		for _, tp := range sig.TypeParams {
			dynamic[tp] = types.AnyType
		}
		quoted := &ir.Lit{Text: quote(name)}
		body := []ir.Stmt{&ir.ExprStmt{X: rtCall("DynArgs", quoted, args, &ir.Lit{Text: ir.Itoa(len(sig.Params))}, pos)}}
		var xs []ir.Expr
		for i, p := range sig.Params {
			arg := &ir.Index{X: args, Index: &ir.Lit{Text: ir.Itoa(i)}}
			xs = append(xs, rtCallT("DynTo", []ir.Type{l.goTypeOf(types.Subst(p, dynamic))}, arg, pos))
		}
		call := &ir.Call{Fun: &ir.Sel{X: v, Name: methodName(name)}, Args: xs}
		if generic {
			var recv ir.Expr = &ir.Unary{Op: "*", X: v}
			if sig.SelfMut {
				recv = v
			}
			targs := make([]ir.Type, len(sig.TypeParams))
			for i := range targs {
				targs[i] = tValue
			}
			call = &ir.Call{Fun: &ir.Ident{Name: l.funcName(fd)}, TypeArgs: targs, Args: append([]ir.Expr{recv}, xs...)}
		}
		if fd.ReturnsSelf {
			// `return this`: the instance it was called on, which the share gives (rt.Receiver).
			body = append(body, &ir.ExprStmt{X: call}, &ir.Return{Results: []ir.Expr{&ir.Ident{Pkg: "rt", Name: "Receiver"}, &ir.Lit{Text: "true"}}})
		} else if !sig.Async && types.IsUnit(types.OrUnit(sig.Ret)) {
			body = append(body, &ir.ExprStmt{X: call}, &ir.Return{Results: []ir.Expr{&ir.Ident{Name: "nil"}, &ir.Lit{Text: "true"}}})
		} else {
			body = append(body, &ir.Return{Results: []ir.Expr{call, &ir.Lit{Text: "true"}}})
		}
		cases.Cases = append(cases.Cases, &ir.Case{Exprs: []ir.Expr{quoted}, Body: body})
	}
	var stmts []ir.Stmt
	if len(cases.Cases) > 0 {
		stmts = append(stmts, cases)
	}
	stmts = append(stmts, &ir.Return{Results: []ir.Expr{&ir.Ident{Name: "nil"}, &ir.Lit{Text: "false"}}})
	return &ir.Func{Name: "AdeshMethod", Recv: &ir.Param{Name: "v", Type: &ir.TPtr{Elem: self}},
		Params:  []*ir.Param{{Name: "name", Type: tString}, {Name: "pos", Type: tString}, {Name: "args", Type: &ir.TSlice{Elem: tValue}}},
		Results: []ir.Type{tValue, tBool}, Body: &ir.Block{Stmts: stmts}}
}
