package lower

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// The builtin library (frontend/builtin's table). A row that says how it lowers (an rt function,
// a method of the rt type, an I/O future) lowers from the row alone, in builtinRow; the others,
// whose Go is irregular, by their ID (builtin_funcs.go, builtin_methods.go).

// builtinCall lowers a call of a predeclared function, a method of a builtin type or a static
// member of a type object.
func (l *lowerer) builtinCall(b *builder, e *ast.Call, ci *check.CallInfo) ir.Expr {
	lo := builtin.Of(ci.Builtin).Lower
	switch {
	case lo.How == builtin.IOFuture:
		return l.ioValue(b, e, ci)
	case lo.How != builtin.Hook:
		if (ci.Builtin == builtin.JoinHandleJoin || ci.Builtin == builtin.JoinHandleGet) && types.IsAny(ci.Ret) {
			lo.Name += "Value" // the value or the error object (builtin.DynamicJoin)
		}
		if lo.Bare != "" && len(e.Args) == 0 {
			lo.Name = lo.Bare // no optional argument given: another rt function
		}
		return l.builtinRow(b, e, ci, lo)
	case ci.Kind == check.CallBuiltin:
		return l.funcHook(b, e, ci)
	case ci.Kind == check.CallStatic:
		return l.staticHook(b, e, ci)
	}
	return l.methodHook(b, e, ci)
}

// builtinRow lowers a call the way its row says: rt.Name(receiver, args…), rt.Name(&receiver,
// args…) or receiver.Name(args…), with the call's position last if the row asks for it.
func (l *lowerer) builtinRow(b *builder, e *ast.Call, ci *check.CallInfo, lo builtin.Lowering) ir.Expr {
	var recv ir.Expr
	switch {
	case ci.Kind != check.CallBuiltinMethod:
	case lo.How == builtin.RTFuncPlace:
		recv = l.place(b, ci)
	default:
		recv = l.recvExpr(b, ci)
	}
	args := make([]ir.Expr, 0, len(e.Args)+2)
	for i := range e.Args {
		args = append(args, l.builtinArgAs(b, e, ci, i, lo.ArgMode(i)))
	}
	for i := len(e.Args); i < len(lo.Defaults) && lo.Defaults[i] != ""; i++ {
		args = append(args, &ir.Lit{Text: lo.Defaults[i]}) // a parameter left out: its default
	}
	if lo.Pos {
		args = append(args, l.pos(e))
	}
	if lo.How == builtin.GoMethod {
		if sites, held := l.heldAtLock(e, ci); len(held) > 0 {
			// A lock taken while the function may hold other guards: rt's lock-order check
			// learns, if the call has to sleep, where it waits and what it holds.
			args = append([]ir.Expr{l.pos(e), &ir.Lit{Text: quote(lockName(ci.Recv))}, &ir.Lit{Text: quote(sites)}}, held...)
			return &ir.Call{Fun: &ir.Sel{X: recv, Name: lo.Name + "At"}, Args: args}
		}
		return &ir.Call{Fun: &ir.Sel{X: recv, Name: lo.Name}, Args: args}
	}
	if recv != nil {
		args = append([]ir.Expr{recv}, args...)
	}
	if lo.ElemTypeArg {
		ret := ci.Ret
		if tup, ok := types.Resolve(ret).(*types.Tuple); ok {
			ret = tup.Elems[0] // a pair of handles (thread.Channel's)
		}
		return rtCallT(lo.Name, []ir.Type{l.goTypeOf(types.Resolve(ret).(*types.Handle).Elem)}, args...)
	}
	if lo.OperandTypeArg && len(ci.Params) > 0 {
		return rtCallT(lo.Name, []ir.Type{l.goTypeOf(ci.Params[0])}, args...)
	}
	return rtCall(lo.Name, args...)
}

// builtinArgAs lowers the argument i of a builtin call as mode says.
func (l *lowerer) builtinArgAs(b *builder, e *ast.Call, ci *check.CallInfo, i int, mode builtin.Arg) ir.Expr {
	a := e.Args[i]
	switch mode {
	case builtin.Owned:
		return l.builtinArg(l.owned(b, a), a, paramAt(ci, i))
	case builtin.Int64:
		return l.toInt64(l.builtinArg(l.expr(b, a), a, paramAt(ci, i)), a.TypeOf(), a)
	case builtin.Millis:
		if types.IsInteger(a.TypeOf()) {
			return l.toInt64(l.expr(b, a), a.TypeOf(), a)
		}
		return rtCall("Millis", l.toAny(l.expr(b, a), a.TypeOf()), l.pos(a)) // (check's durationArg)
	case builtin.Func:
		return l.funcArg(b, a, paramAt(ci, i), false)
	case builtin.FuncResult:
		return l.funcArg(b, a, paramAt(ci, i), true)
	case builtin.Predicate:
		return l.predicateArg(b, a, paramAt(ci, i))
	}
	return l.builtinArg(l.expr(b, a), a, paramAt(ci, i))
}

// builtinArgs lowers the arguments of a builtin call, each converted to its parameter's type.
func (l *lowerer) builtinArgs(b *builder, e *ast.Call, ci *check.CallInfo) []ir.Expr {
	xs := make([]ir.Expr, len(e.Args))
	for i := range e.Args {
		xs[i] = l.builtinArgAs(b, e, ci, i, builtin.Plain)
	}
	return xs
}

// builtinArg converts an argument of a builtin method to its parameter's type. A typed value
// passed where the method takes `any` (`xs.push(n)` on an `[any]`) is converted explicitly:
// the rt helpers are generic, and Go infers their element type from every argument.
func (l *lowerer) builtinArg(x ir.Expr, arg ast.Expr, param types.Type) ir.Expr {
	if _, isLit := x.(*ir.Lit); isLit && param == nil {
		// An argument of any type (a row's nil parameter): a constant keeps its checked type
		// (2 is an int64, never Go's int) wherever rt takes it.
		return l.toAny(x, arg.TypeOf())
	}
	x = l.convertAt(x, arg.TypeOf(), param, arg)
	if types.IsAny(param) && !types.IsAny(arg.TypeOf()) {
		if id, isIdent := x.(*ir.Ident); !isIdent || id.Name != "nil" {
			return &ir.Conv{Type: rtType("Value"), X: x}
		}
	}
	return x
}

// recvExpr lowers the receiver of a builtin method call, through its shares and guards.
func (l *lowerer) recvExpr(b *builder, ci *check.CallInfo) ir.Expr {
	x := l.derefAll(l.expr(b, ci.Recv), ci.Derefs)
	if ci.Promised != nil {
		return l.convertAt(x, ci.Promised, ci.RecvType, ci.Recv) // `compute(1).then(…)`
	}
	return x
}

// place lowers the receiver of a method that changes it (push on an array): a pointer to it.
func (l *lowerer) place(b *builder, ci *check.CallInfo) ir.Expr {
	if len(ci.Derefs) == 0 && isLvalue(ci.Recv) {
		return &ir.Unary{Op: "&", X: l.placeOf(b, ci.Recv)}
	}
	if len(ci.Derefs) > 0 {
		x := l.expr(b, ci.Recv)
		for i, t := range ci.Derefs {
			if i == len(ci.Derefs)-1 {
				return l.ptrThrough(x, t)
			}
			x = l.deref(x, t)
		}
	}
	// A temporary array: changing it changes nothing anyone sees.
	v := l.temp("t", l.goTypeOf(ci.RecvType))
	b.add(&ir.Define{V: v, Value: l.expr(b, ci.Recv)})
	return &ir.Unary{Op: "&", X: &ir.Ref{V: v}}
}

// ptrThrough is the pointer to the value behind a share or a guard.
func (l *lowerer) ptrThrough(x ir.Expr, t types.Type) ir.Expr {
	h := t.(*types.Handle)
	if h.Kind == types.ShareH {
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "Get"}}
	}
	return &ir.Call{Fun: &ir.Sel{X: x, Name: "Ptr"}}
}

// predicateArg lowers the predicate of filter, find, any and all. A lambda there that gives a
// dynamic value is read with the condition rule (§7's truthiness, as `if` reads it), so that
// `mixed.filter(x => x)` keeps the truthy elements instead of failing on the first non-bool.
func (l *lowerer) predicateArg(b *builder, e ast.Expr, param types.Type) ir.Expr {
	if lam, ok := ast.Unparen(e).(*ast.Lambda); ok {
		if l.predicates == nil {
			l.predicates = map[ast.Node]bool{}
		}
		l.predicates[lam] = true
		return l.funcArg(b, e, param, false)
	}
	f := l.funcArg(b, e, param, false)
	ft, ok := funcTypeAt(e, param).(*types.Func)
	if !ok || types.IsBasic(ft.Ret, types.Bool) {
		return f
	}
	// A function of another result: a wrapper reads it by its truthiness.
	params, args := l.forwardParams(ft.Params)
	call := &ir.Call{Fun: l.spill(b, f, l.goTypeOf(ft)), Args: args}
	return &ir.FuncLit{Params: params, Results: []ir.Type{tBool},
		Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{l.predicateTruth(call, ft.Ret)}}}}}
}

// predicateTruth is the truthiness of a predicate's result, as a condition reads it (truthy);
// a value of another type, which a condition would not take, by its dynamic truthiness (§7).
func (l *lowerer) predicateTruth(x ir.Expr, t types.Type) ir.Expr {
	if _, opt := t.(*types.Optional); opt || types.IsBasic(t, types.Bool) || types.IsAny(t) {
		return l.truthy(x, t)
	}
	return rtCall("DynTruthy", l.toAny(x, t))
}

// funcArg lowers a function argument given to the runtime: a lambda is lowered as a Go function
// literal; when the runtime needs a result from a unit function (Then, SpawnBlocking) it returns
// rt.Unit{}.
// funcValue lowers a function value given where a builtin takes a function of the type param:
// a dynamic value (`let f: any = …; xs.map(f)`) is converted to that type, once, here.
func (l *lowerer) funcValue(b *builder, e ast.Expr, param types.Type) (ir.Expr, types.Type) {
	x, t := l.expr(b, e), funcTypeAt(e, param)
	if t != e.TypeOf() {
		x = l.convertAt(x, e.TypeOf(), t, e)
	}
	return x, t
}

// paramAt is the type of the parameter i of a builtin call, or nil.
func paramAt(ci *check.CallInfo, i int) types.Type {
	if i < len(ci.Params) {
		return ci.Params[i]
	}
	return nil
}

// funcTypeAt is the type of a function value given where a function of the type param is
// taken: its own, or param's for a dynamic value.
func funcTypeAt(e ast.Expr, param types.Type) types.Type {
	t := e.TypeOf()
	pf, ok := param.(*types.Func)
	if !ok {
		return t
	}
	if types.IsAny(t) {
		return param
	}
	if tf, isFunc := t.(*types.Func); isFunc && len(tf.Params) == len(pf.Params) && !types.Identical(tf, pf) && !types.HasUnbound(pf) {
		return param // a function whose dynamic parameters or result the builtin's differ from
	}
	return t
}

func (l *lowerer) funcArg(b *builder, e ast.Expr, param types.Type, needResult bool) ir.Expr {
	if lam, ok := ast.Unparen(e).(*ast.Lambda); ok {
		return l.lambdaForce(lam, needResult)
	}
	x, t := l.funcValue(b, e, param)
	ft, ok := t.(*types.Func)
	if !ok || !needResult || (ft.Ret != nil && !types.IsUnit(ft.Ret)) {
		return x
	}
	// Wrap a unit function value so that it returns rt.Unit.
	f := l.spill(b, x, l.goTypeOf(ft))
	params, args := l.forwardParams(ft.Params)
	return &ir.FuncLit{Params: params, Results: []ir.Type{tUnit}, Body: &ir.Block{Stmts: []ir.Stmt{
		&ir.ExprStmt{X: &ir.Call{Fun: f, Args: args}}, &ir.Return{Results: []ir.Expr{&ir.Composite{Type: tUnit}}}}}}
}

// heldAtLock gives, for a call that waits for a lock, the guards the function may hold there:
// their sites for rt.LockAt ("POS\tNAME" a line, "\tr" after a read guard) and their locks
// (guard.Held()); nothing for other calls.
func (l *lowerer) heldAtLock(e *ast.Call, ci *check.CallInfo) (string, []ir.Expr) {
	switch ci.Builtin {
	case builtin.MutexLock, builtin.RwLockRead, builtin.RwLockWrite:
	default:
		return "", nil
	}
	var sites []string
	var held []ir.Expr
	for _, h := range l.info.LocksHeld[e] {
		ov := l.locals[h.Guard]
		if ov == nil {
			continue
		}
		ov.Reads++
		site := check.Pos(l.fset, h.At.Pos()) + "\t" + h.Name
		if types.HandleOf(h.Guard.Type, types.ReadGuardH) != nil {
			site += "\tr"
		}
		sites = append(sites, site)
		held = append(held, &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: ov}, Name: "Held"}})
	}
	return strings.Join(sites, "\n"), held
}

// lockName is a lock's receiver as written, for run-time reports: `m`, `self.accounts`.
func lockName(e ast.Expr) string {
	if n := lockPathName(e); n != "" {
		return n
	}
	return "the lock"
}

func lockPathName(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.Selector:
		if x := lockPathName(e.X); x != "" {
			return x + "." + e.Name.Name
		}
	}
	return ""
}
