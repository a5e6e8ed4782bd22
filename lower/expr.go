package lower

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

var (
	rtCall  = ir.RTCall
	rtCallT = ir.RTCallT
)

// cx is the task context in scope: the Poll's `cx`, or nil in synchronous code and closures.
func (l *lowerer) cx() ir.Expr {
	if l.fn != nil && l.fn.async && l.fn.closure == 0 {
		return &ir.Ident{Name: "cx"}
	}
	return &ir.Ident{Name: "nil"}
}

// isPure reports whether x is a literal, a name or a variable: evaluating it has no effect, so
// it needs no temporary to be evaluated again or later.
func isPure(x ir.Expr) bool {
	switch x.(type) {
	case *ir.Lit, *ir.Ident, *ir.Ref:
		return true
	}
	return false
}

// spill stores x in a temporary so that later statements cannot change what it is.
func (l *lowerer) spill(b *builder, x ir.Expr, t ir.Type) ir.Expr {
	if isPure(x) {
		return x
	}
	v := l.temp("t", t)
	b.add(&ir.Define{V: v, Value: x})
	return &ir.Ref{V: v}
}

// exprList lowers expressions left to right; when a later one needs statements (an await, a
// match), the earlier ones are first stored in temporaries so that they keep their order.
func (l *lowerer) exprList(b *builder, es []ast.Expr) []ir.Expr {
	return l.exprListWith(b, es, func(sb *builder, _ int, e ast.Expr) ir.Expr { return l.expr(sb, e) })
}

// exprListWith is exprList with the lowering of each expression given (how an argument is kept).
func (l *lowerer) exprListWith(b *builder, es []ast.Expr, lowerOne func(sb *builder, i int, e ast.Expr) ir.Expr) []ir.Expr {
	out := make([]ir.Expr, len(es))
	var pending []int
	for i, e := range es {
		sb := &builder{line: b.line}
		x := lowerOne(sb, i, e)
		if len(sb.stmts) > 0 {
			awaits := ir.HasAwait(sb.stmts)
			for _, j := range pending {
				// A variable is read now too: the statements may change it (`f(n, g() ?? h())`).
				// A compiler temporary is assigned once and keeps its value.
				if r, isRef := out[j].(*ir.Ref); isRef && !r.V.Temp || !isPure(out[j]) {
					v := l.temp("t", l.goTypeOf(es[j].TypeOf()))
					b.add(&ir.Define{V: v, Value: out[j]})
					out[j] = &ir.Ref{V: v}
					if awaits && needsRelease(es[j].TypeOf()) {
						// The value moves on to where the list goes: the temporary, a field of the
						// state machine across the await, must not release it again.
						out[j] = rtCall("Take", &ir.Unary{Op: "&", X: &ir.Ref{V: v}})
					}
				}
			}
			pending = pending[:0]
			b.add(sb.stmts...)
		}
		if len(sb.stmts) == 0 && len(pending) > 0 {
			// Go reads a variable operand after the calls beside it: one that x changes
			// through its address (`print(a, a.pop())`) is read first, into a temporary.
			ir.WalkExpr(x, func(e ir.Expr) {
				u, ok := e.(*ir.Unary)
				if !ok || u.Op != "&" {
					return
				}
				for _, j := range pending {
					if r, isRef := out[j].(*ir.Ref); isRef && sameLocal(u.X, r.V) {
						// A copy: what x does may change the elements too (pop clears the slot).
						t := es[j].TypeOf()
						v := l.temp("t", l.goTypeOf(t))
						value := ir.Expr(out[j])
						if _, handle := t.(*types.Handle); !handle {
							value = l.deepCopy(value, t)
						}
						b.add(&ir.Define{V: v, Value: value})
						out[j] = &ir.Ref{V: v}
					}
				}
			})
		}
		b.post = append(b.post, sb.post...)
		out[i] = x
		pending = append(pending, i)
	}
	return out
}

// sameLocal reports whether x is a use of the local v.
func sameLocal(x ir.Expr, v *ir.Local) bool {
	r, ok := x.(*ir.Ref)
	return ok && r.V == v
}

// isLvalue reports whether e names a place (a variable, a field, an element): a copy of an
// array or a share read from a place must be taken.
func isLvalue(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x.Obj != nil && (x.Obj.Kind == types.ObjVar || x.Obj.Kind == types.ObjParam || x.Obj.Kind == types.ObjConst)
	case *ast.Selector, *ast.Index:
		return true
	case *ast.Unary:
		return x.Op == "*"
	}
	return false
}

// owned lowers e for a place that keeps the value (a binding, a field, a return): a value read
// from a place is copied (arrays have value semantics; a share gets a new count), a fresh value
// is taken as it is.
func (l *lowerer) owned(b *builder, e ast.Expr) ir.Expr {
	if !isLvalue(e) {
		x := l.kept(b, e)
		if l.readsPlace(e) {
			// What a builtin reads out of a container (`o.unwrap()`, `xs.first()`): the
			// container keeps its count (or, a temporary, gives it back when the statement
			// ends), so the binding takes one of its own.
			return l.copyValue(x, e.TypeOf())
		}
		if l.aliasesPlace(e) {
			return l.deepCopy(x, e.TypeOf())
		}
		return x
	}
	x := l.expr(b, e)
	if isLvalue(e) {
		return l.copyValue(x, e.TypeOf())
	}
	return x
}

// copyValue copies a value read from a place.
func (l *lowerer) copyValue(x ir.Expr, t types.Type) ir.Expr {
	if u, ok := t.(*types.Handle); ok {
		switch u.Kind {
		case types.ShareH, types.WeakH:
			return &ir.Call{Fun: &ir.Sel{X: x, Name: "Clone"}}
		}
		return x
	}
	return l.deepCopy(x, t)
}

// expr lowers an expression whose value is used and not kept. Statements it needs go to b. A
// fresh share, weak reference or guard (`m.lock()`, `w.upgrade()`) is a temporary: it is kept in
// a variable and released when the statement ends (b.post), as Rust drops temporaries.
func (l *lowerer) expr(b *builder, e ast.Expr) ir.Expr {
	x := l.expr1(b, e)
	// (A builtin's read of what a place holds, `xs.first()`, is no new value: it has no count
	// of its own to release.)
	if needsRelease(e.TypeOf()) && !isLvalue(e) && isFresh(x) && !l.aliasesPlace(e) {
		t := l.temp("tmp", l.goTypeOf(e.TypeOf()))
		t.Reads++
		b.add(&ir.Define{V: t, Value: x})
		l.holdOwned(b, t) // released by an error too
		b.post = append(b.post, releaseStmt(t))
		return &ir.Ref{V: t}
	}
	return x
}

// isFresh reports whether x makes a new value (a call), rather than reading one.
func isFresh(x ir.Expr) bool {
	_, ok := x.(*ir.Call)
	return ok
}

// exprAs lowers e for a slot of type to (a parameter of a builtin, a loop's bound, a timer's
// delay): through convertAt, which converts a dynamic value to a static type and back.
func (l *lowerer) exprAs(b *builder, e ast.Expr, to types.Type) ir.Expr {
	return l.convertAt(l.expr(b, e), e.TypeOf(), to, e)
}

// kept lowers e for a place that takes what the value holds (a binding, a field, an argument
// of an async fn): a fresh share is not a temporary there.
func (l *lowerer) kept(b *builder, e ast.Expr) ir.Expr { return l.expr1(b, e) }

func (l *lowerer) expr1(b *builder, e ast.Expr) ir.Expr {
	l.at = e
	switch e := e.(type) {
	case *ast.Ident:
		return l.ident(e)
	case *ast.IntLit:
		if isBig(e.TypeOf()) {
			return bigLit(e.Raw)
		}
		return &ir.Lit{Text: strconv.FormatUint(e.Value, 10)}
	case *ast.BigIntLit:
		return bigLit(e.Raw)
	case *ast.FloatLit:
		if types.IsInteger(e.TypeOf()) {
			return &ir.Lit{Text: strconv.FormatInt(int64(e.Value), 10)}
		}
		return floatExpr(e.Value, types.BasicKind(e.TypeOf()))
	case *ast.StringLit:
		return &ir.Lit{Text: strconv.Quote(e.Value)}
	case *ast.CharLit:
		return &ir.Lit{Text: strconv.QuoteRune(e.Value)}
	case *ast.BoolLit:
		return &ir.Lit{Text: strconv.FormatBool(e.Value)}
	case *ast.NullLit:
		if o, ok := e.TypeOf().(*types.Optional); ok {
			return rtCallT("None", []ir.Type{l.goTypeOf(o.Elem)})
		}
		return &ir.Ident{Name: "nil"}
	case *ast.Template:
		return l.template(b, e)
	case *ast.ArrayLit:
		elem := e.TypeOf().(*types.Array).Elem
		xs := l.ownedList(b, e.Elems)
		for i, x := range xs {
			xs[i] = l.convertAt(x, e.Elems[i].TypeOf(), elem, e.Elems[i])
		}
		return &ir.Composite{Type: &ir.TSlice{Elem: l.goTypeOf(elem)}, Elems: xs}
	case *ast.MapLit:
		if sl := l.info.RecordStructs[e]; sl != nil {
			return l.expr(b, sl) // an object literal of a record alias
		}
		if types.IsAny(e.TypeOf()) {
			return l.recordLit(b, e)
		}
		if st, ok := e.TypeOf().(*types.SetT); ok { // `{}` where a set is expected
			return rtCallT("NewSet", []ir.Type{l.goTypeOf(st.Elem)})
		}
		mt := e.TypeOf().(*types.MapT)
		kt, vt := l.goTypeOf(mt.Key), l.goTypeOf(mt.Val)
		if len(e.Keys) == 0 {
			return rtCallT("NewMap", []ir.Type{kt, vt})
		}
		all := append(append([]ast.Expr{}, e.Keys...), e.Values...)
		xs := l.ownedList(b, all)
		keys := &ir.Composite{Type: &ir.TSlice{Elem: kt}}
		vals := &ir.Composite{Type: &ir.TSlice{Elem: vt}}
		for i := range e.Keys {
			keys.Elems = append(keys.Elems, l.convertAt(xs[i], e.Keys[i].TypeOf(), mt.Key, e.Keys[i]))
			vals.Elems = append(vals.Elems, l.convertAt(xs[len(e.Keys)+i], e.Values[i].TypeOf(), mt.Val, e.Values[i]))
		}
		return rtCallT("MapOf", []ir.Type{kt, vt}, keys, vals)
	case *ast.SetLit:
		elem := e.TypeOf().(*types.SetT).Elem
		xs := l.ownedList(b, e.Elems)
		for i, x := range xs {
			xs[i] = l.convertAt(x, e.Elems[i].TypeOf(), elem, e.Elems[i])
		}
		et := l.goTypeOf(elem)
		return rtCallT("SetOf", []ir.Type{et}, &ir.Composite{Type: &ir.TSlice{Elem: et}, Elems: xs})
	case *ast.StructLit:
		if g := types.GoOf(e.TypeOf()); g != nil {
			return l.goStructLit(b, e, g)
		}
		n := e.TypeOf().(*types.Named)
		fields := types.FieldsOf(n)
		vals := make([]ast.Expr, len(e.Fields))
		for i, f := range e.Fields {
			vals[i] = f.Value
		}
		xs := l.ownedList(b, vals)
		c := &ir.Composite{Type: l.goTypeOf(n), Fields: []*ir.KeyValue{}}
		for i, f := range e.Fields {
			var ft types.Type = types.AnyType
			for _, fd := range fields {
				if fd.Name == f.Name.Name {
					ft = fd.Type
				}
			}
			c.Fields = append(c.Fields, &ir.KeyValue{Key: fieldName(f.Name.Name), Value: l.convertAt(xs[i], f.Value.TypeOf(), ft, f.Value)})
		}
		return c
	case *ast.TupleLit:
		if len(e.Elems) == 0 {
			return &ir.Composite{Type: tUnit}
		}
		if len(e.Elems) == 1 {
			return l.expr(b, e.Elems[0])
		}
		return l.tupleValue(e.TypeOf().(*types.Tuple), e.Elems, l.ownedList(b, e.Elems))
	case *ast.Paren:
		return l.expr(b, e.X)
	case *ast.Unary:
		return l.unary(b, e)
	case *ast.Binary:
		return l.binary(b, e)
	case *ast.Cond:
		return l.ternary(b, e)
	case *ast.Call:
		x := l.call(b, e)
		if types.IsUnit(e.TypeOf()) && isFresh(x) {
			// A call of a function that returns nothing, used as a value (`print(log())`): Go
			// has no value for it, so it runs as a statement and the value is ().
			b.add(&ir.ExprStmt{X: x, Line: b.line})
			return &ir.Composite{Type: tUnit}
		}
		return x
	case *ast.Selector:
		return l.selector(b, e)
	case *ast.Index:
		return l.index(b, e)
	case *ast.Try:
		return l.try(b, e)
	case *ast.Await:
		return l.awaitInto(b, e, nil)
	case *ast.Spawn:
		return l.spawn(b, e.X)
	case *ast.Share:
		inner := l.owned(b, e.X)
		h := types.HandleOf(e.TypeOf(), types.ShareH)
		return rtCallT("NewShare", []ir.Type{l.goTypeOf(h.Elem)}, l.convertAt(inner, e.X.TypeOf(), h.Elem, e.X))
	case *ast.Cast:
		return l.cast(l.expr(b, e.X), e.X.TypeOf(), e.TypeOf(), e)
	case *ast.Range:
		elem := rangeElem(e.TypeOf(), e.Lo.TypeOf())
		lo, hi := l.exprAs(b, e.Lo, elem), l.exprAs(b, e.Hi, elem)
		return rtCall("RangeArray", l.typedLit(lo, elem), l.typedLit(hi, elem), &ir.Lit{Text: strconv.FormatBool(e.Inclusive)})
	case *ast.Lambda:
		return l.lambda(e)
	case *ast.AsyncBlock:
		res := l.valueType(types.AwaitResult(e.TypeOf()))
		if l.inPlace[e] || l.borrowsLocals(l.info.FuncOf[e], e.Move) {
			// It uses the caller's variables in place: it runs only while the caller awaits
			// it, never beside it.
			return rtCallT("Box", []ir.Type{res}, l.asyncBlockValue(e))
		}
		return rtCallT("Start", []ir.Type{res}, l.cx(), l.asyncBlockValue(e))
	case *ast.Match:
		return l.matchExpr(b, e)
	case *ast.Assign, *ast.IncDec:
		l.assignment(b, e)
		return &ir.Composite{Type: tUnit}
	case *ast.BlockExpr:
		b.add(l.block(e.Block.Stmts))
		return &ir.Composite{Type: tUnit}
	}
	l.fail(e, "an expression of a kind lower does not know")
	return nil
}

// recordLit builds a dynamic record from an object literal whose fields differ in type.
func (l *lowerer) recordLit(b *builder, e *ast.MapLit) ir.Expr {
	names := &ir.Composite{Type: &ir.TSlice{Elem: tString}}
	for _, k := range e.Keys {
		names.Elems = append(names.Elems, &ir.Lit{Text: strconv.Quote(k.(*ast.StringLit).Value)})
	}
	args := []ir.Expr{names}
	for i, v := range l.ownedList(b, e.Values) {
		args = append(args, l.toAny(v, e.Values[i].TypeOf()))
	}
	// A dynamic value is an rt.Value to Go: a generic helper given it (rt.ArrPush of an [any])
	// infers its type argument from it.
	return &ir.Conv{Type: rtType("Value"), X: rtCall("NewRecord", args...)}
}

// tupleValue builds the tuple of a literal from its lowered elements.
func (l *lowerer) tupleValue(tt *types.Tuple, elems []ast.Expr, xs []ir.Expr) ir.Expr {
	c := &ir.Composite{Type: l.goTypeOf(tt), Fields: []*ir.KeyValue{}}
	for i, x := range xs {
		c.Fields = append(c.Fields, &ir.KeyValue{Key: "F" + ir.Itoa(i), Value: l.convertAt(x, elems[i].TypeOf(), tt.Elems[i], elems[i])})
	}
	return c
}

// isGuardValue reports whether t is a lock guard or an optional one.
func isGuardValue(t types.Type) bool {
	if o, ok := t.(*types.Optional); ok {
		t = o.Elem
	}
	return types.IsGuard(t)
}

// ownedList lowers the values a literal (or an enum variant) takes in, left to right: each is
// moved into it, so a fresh share or guard belongs to the value built, not to the statement.
func (l *lowerer) ownedList(b *builder, es []ast.Expr) []ir.Expr {
	return l.exprListWith(b, es, func(sb *builder, _ int, e ast.Expr) ir.Expr {
		if isGuardValue(e.TypeOf()) {
			return l.expr(sb, e) // a lock is not kept in a value: unlocked as the statement ends
		}
		return l.owned(sb, e)
	})
}

// floatLit writes a float constant so that Go reads it as a float.
func floatLit(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "math.Inf(1)"
	case math.IsNaN(f):
		return "math.NaN()"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// ident lowers a name: a local, a global, a function, `None`.
func (l *lowerer) ident(e *ast.Ident) ir.Expr {
	obj := e.Obj
	if obj == nil {
		l.fail(e, "the name `%s` was not resolved", e.Name)
	}
	switch obj.Kind {
	case types.ObjVar, types.ObjParam, types.ObjConst:
		v := l.locals[obj]
		if v == nil {
			l.fail(e, "no variable for `%s`", e.Name)
		}
		v.Reads++
		var x ir.Expr = &ir.Ref{V: v}
		if _, opt := obj.Type.(*types.Optional); opt {
			if _, still := e.TypeOf().(*types.Optional); !still && !types.IsAny(e.TypeOf()) {
				x = &ir.Sel{X: x, Name: "Val"} // narrowed by `!= null`
			}
		}
		return x
	case types.ObjFunc:
		if fd, ok := obj.Decl.(*ast.FuncDecl); ok {
			if v := l.locals[obj]; v != nil {
				v.Reads++
				return &ir.Ref{V: v}
			}
			if fd.Async {
				return l.asyncFuncValue(fd)
			}
			return &ir.Ident{Name: l.funcName(fd), TypeArgs: l.goTypes(l.info.FuncValueArgs[e])}
		}
	case types.ObjBuiltin:
		return &ir.Ident{Name: "nil"}
	}
	l.fail(e, "`%s` used as a value", e.Name)
	return nil
}

// asPromises converts a future or a join handle into a promise of its result, or an array of
// them into an array of promises (check's promises); ok is false for any other conversion.
func (l *lowerer) asPromises(x ir.Expr, from, to types.Type) (ir.Expr, bool) {
	fa, fromArray := from.(*types.Array)
	ta, toArray := to.(*types.Array)
	if fromArray && toArray {
		from, to = fa.Elem, ta.Elem
	}
	p := types.HandleOf(to, types.PromiseH)
	if _, ok := types.PromisedElem(from); p == nil || !ok {
		return nil, false
	}
	elem := l.valueType(p.Elem)
	if fromArray {
		return rtCallT("PromisesOf", []ir.Type{elem, l.goTypeOf(from)}, x), true
	}
	return rtCallT("PromiseOf", []ir.Type{elem}, x), true
}

// passUnits adapts x, a function of type from, to the type to, which passes fewer arguments:
// the ones left out are `()` (check's leavesOutUnits). x is evaluated once, as the argument of
// the function that makes the wrapper.
func (l *lowerer) passUnits(x ir.Expr, from, to *types.Func) ir.Expr {
	params, args := l.forwardParams(to.Params)
	for range from.Params[len(to.Params):] {
		args = append(args, &ir.Composite{Type: tUnit})
	}
	call := &ir.Call{Fun: &ir.Ident{Name: "f_"}, Args: args}
	var body ir.Stmt = &ir.ExprStmt{X: call}
	if l.resultTypes(to.Ret) != nil {
		body = &ir.Return{Results: []ir.Expr{call}}
	}
	wrapper := &ir.FuncLit{Params: params, Results: l.resultTypes(to.Ret), Body: &ir.Block{Stmts: []ir.Stmt{body}}}
	make_ := &ir.FuncLit{Params: []*ir.Param{{Name: "f_", Type: l.goTypeOf(from)}}, Results: []ir.Type{l.goTypeOf(to)},
		Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{wrapper}}}}}
	return &ir.Call{Fun: make_, Args: []ir.Expr{x}}
}

// forwardParams are the parameters of a wrapper function and the arguments that pass them on.
func (l *lowerer) forwardParams(ts []types.Type) ([]*ir.Param, []ir.Expr) {
	var params []*ir.Param
	var args []ir.Expr
	for i, p := range ts {
		name := "a" + ir.Itoa(i) + "_"
		params = append(params, &ir.Param{Name: name, Type: l.goTypeOf(p)})
		args = append(args, &ir.Ident{Name: name})
	}
	return params, args
}

// asyncFuncValue wraps an async fn used as a function value: a Go func returning rt.Future.
func (l *lowerer) asyncFuncValue(fd *ast.FuncDecl) ir.Expr {
	sig := fd.Obj.Sig
	params, args := l.forwardParams(sig.Params)
	ret := l.valueType(sig.Ret)
	body := &ir.Return{Results: []ir.Expr{rtCallT("Start", []ir.Type{ret}, &ir.Ident{Name: "nil"}, &ir.Call{Fun: &ir.Ident{Name: l.funcName(fd)}, Args: args})}}
	return &ir.FuncLit{Params: params, Results: []ir.Type{rtType("Future", ret)}, Body: &ir.Block{Stmts: []ir.Stmt{body}}}
}

// template lowers an f-string or a backtick template to a string concatenation.
func (l *lowerer) template(b *builder, e *ast.Template) ir.Expr {
	var exprs []ast.Expr
	for _, p := range e.Parts {
		if p.Expr != nil {
			exprs = append(exprs, p.Expr)
		}
	}
	xs := l.exprList(b, exprs)
	var out ir.Expr
	i := 0
	add := func(x ir.Expr) {
		if out == nil {
			out = x
		} else {
			out = &ir.Binary{Op: "+", X: out, Y: x}
		}
	}
	for _, p := range e.Parts {
		if p.Expr == nil {
			if p.Lit != "" {
				add(&ir.Lit{Text: strconv.Quote(p.Lit)})
			}
			continue
		}
		add(l.toStr(xs[i], p.Expr.TypeOf()))
		i++
	}
	if out == nil {
		return &ir.Lit{Text: `""`}
	}
	if _, ok := out.(*ir.Binary); !ok {
		if lit, ok := out.(*ir.Lit); ok {
			return lit
		}
	}
	return out
}

// toStr converts a value to its top-level printed form.
func (l *lowerer) toStr(x ir.Expr, t types.Type) ir.Expr {
	if types.IsBasic(t, types.String) {
		return x
	}
	return rtCall("Str", l.toAny(x, t))
}

// toAny converts a value to a Go interface without losing its AdeshLang type (a literal gets
// its Go type written out).
func (l *lowerer) toAny(x ir.Expr, t types.Type) ir.Expr {
	switch types.Resolve(t).(type) {
	case *types.MapT, *types.Array, *types.SetT:
		if types.HasUnbound(t) {
			// `new Map()` in a dynamic field: nothing fixed its element types, so it is the
			// dynamic map, which takes any key (it was a map of () that refused "x").
			return rtCall("DynUntyped", x)
		}
	}
	if _, ok := x.(*ir.Lit); ok {
		switch types.BasicKind(t) {
		case types.String, types.Bool:
			return x
		}
		return &ir.Conv{Type: l.goTypeOf(t), X: x}
	}
	return x
}

func (l *lowerer) unary(b *builder, e *ast.Unary) ir.Expr {
	x := l.expr(b, e.X)
	t := e.X.TypeOf()
	switch e.Op {
	case "!":
		if types.IsAny(t) {
			return rtCall("DynNot", x)
		}
		return ir.Not(l.truthy(x, t))
	case "-":
		if types.IsAny(t) {
			return rtCall("DynNeg", x, l.pos(e))
		}
		if isBig(t) {
			return rtCall("BigNeg", x)
		}
		if f := foldUnary("-", x, e.TypeOf()); f != nil {
			return f
		}
		return &ir.Unary{Op: "-", X: x}
	case "~":
		if types.IsAny(t) {
			return rtCall("DynBitNot", x, l.pos(e))
		}
		if isBig(t) {
			return rtCall("BigNot", x)
		}
		if f := foldUnary("~", x, e.TypeOf()); f != nil {
			return f
		}
		return &ir.Unary{Op: "^", X: x}
	case "*":
		return l.deref(x, t)
	case "&":
		return x
	}
	l.fail(e, "the unary operator `%s`", e.Op)
	return nil
}

// deref reads through a share or a guard: `*g`, `g.field`, `s.method()`.
func (l *lowerer) deref(x ir.Expr, t types.Type) ir.Expr {
	if _, loose := t.(*types.Optional); loose { // check's loose optional: null fails here
		return rtCall("Present", x)
	}
	h, ok := t.(*types.Handle)
	if !ok {
		return x
	}
	switch h.Kind {
	case types.ShareH:
		return &ir.Unary{Op: "*", X: &ir.Call{Fun: &ir.Sel{X: x, Name: "Get"}}}
	case types.MutexGuardH, types.ReadGuardH, types.WriteGuardH:
		return &ir.Unary{Op: "*", X: &ir.Call{Fun: &ir.Sel{X: x, Name: "Ptr"}}}
	}
	return x
}

func (l *lowerer) binary(b *builder, e *ast.Binary) ir.Expr {
	switch e.Op {
	case "instanceof":
		return l.instanceOf(b, e)
	case "&&", "||":
		return l.logical(b, e)
	case "??":
		return l.coalesce(b, e)
	}
	if missing, ok := l.mapKeyMissing(b, e); ok {
		return missing
	}
	xs := l.exprList(b, []ast.Expr{e.X, e.Y})
	x, y := xs[0], xs[1]
	xt, yt := e.X.TypeOf(), e.Y.TypeOf()
	if (e.Op == "==" || e.Op == "!=") && (isNullLit(e.X) || isNullLit(e.Y)) {
		if isNullLit(e.X) {
			xt = types.NullType
		} else {
			yt = types.NullType
		}
		// x == null, x != null
		other, ot := x, xt
		if types.IsBasic(xt, types.Null) {
			other, ot = y, yt
		}
		var isNull ir.Expr
		_, optional := types.Resolve(ot).(*types.Optional)
		switch {
		case types.IsAny(ot):
			isNull = &ir.Binary{Op: "==", X: other, Y: &ir.Ident{Name: "nil"}}
		case types.IsBasic(ot, types.Null):
			isNull = &ir.Lit{Text: "true"}
		case optional:
			isNull = &ir.Unary{Op: "!", X: &ir.Sel{X: other, Name: "Some"}}
		default:
			l.discard(b, other, ot) // a value that is never null (check's nullComparable)
			isNull = &ir.Lit{Text: "false"}
		}
		if e.Op == "!=" {
			return ir.Not(isNull)
		}
		return isNull
	}
	if types.IsAny(xt) || types.IsAny(yt) {
		if (e.Op == "+") && (types.IsBasic(xt, types.String) || types.IsBasic(yt, types.String)) {
			return &ir.Binary{Op: "+", X: l.toStr(x, xt), Y: l.toStr(y, yt)}
		}
		return l.dynBinary(e, l.toAny(x, xt), l.toAny(y, yt))
	}
	if isBig(xt) || isBig(yt) {
		return l.bigBinary(e.Op, x, y, xt, yt, e)
	}
	if w := types.WiderNumber(xt, yt); w != nil && e.Op != "<<" && e.Op != ">>" && e.Op != "**" {
		// Two number types meet in the wider (check): the narrower side converts.
		x, y = l.widen(x, xt, w), l.widen(y, yt, w)
		xt, yt = w, w
	}
	if f := foldBinary(e.Op, x, y, e.TypeOf(), yt); f != nil {
		return f
	}
	switch e.Op {
	case "+":
		if types.IsBasic(xt, types.String) || types.IsBasic(yt, types.String) {
			return &ir.Binary{Op: "+", X: l.toStr(x, xt), Y: l.toStr(y, yt)}
		}
	case "/", "%":
		if types.IsInteger(xt) {
			name := "Div"
			if e.Op == "%" {
				name = "Mod"
			}
			if lit, ok := y.(*ir.Lit); ok && lit.Text != "0" && !strings.HasPrefix(lit.Text, "-") {
				return &ir.Binary{Op: e.Op, X: x, Y: y}
			}
			return rtCall(name, l.typedLit(x, xt), l.typedLit(y, xt), l.pos(e))
		}
		if e.Op == "%" {
			return &ir.Conv{Type: l.goTypeOf(xt), X: &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Mod"}, Args: []ir.Expr{&ir.Conv{Type: tF64, X: x}, &ir.Conv{Type: tF64, X: y}}}}
		}
	case "**":
		if types.IsInteger(xt) {
			return rtCall("IntPow", l.typedLit(x, xt), &ir.Conv{Type: tInt64, X: y}, l.pos(e))
		}
		return &ir.Conv{Type: l.goTypeOf(xt), X: &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Pow"}, Args: []ir.Expr{&ir.Conv{Type: tF64, X: x}, &ir.Conv{Type: tF64, X: y}}}}
	case "<<", ">>":
		name := "Shl"
		if e.Op == ">>" {
			name = "Shr"
		}
		if c, ok := intBits(y, types.Uint64); ok && !strings.HasPrefix(y.(*ir.Lit).Text, "-") && c < intWidth(types.BasicKind(xt)) {
			return &ir.Binary{Op: e.Op, X: x, Y: y}
		}
		return rtCall(name, l.typedLit(x, xt), l.typedLit(y, yt), l.pos(e))
	case "==", "!=":
		if types.CharAndString(xt, yt) {
			eq := charIsString(x, xt, y)
			if e.Op == "!=" {
				return ir.Not(eq)
			}
			return eq
		}
		if !simpleEq(xt) {
			eq := rtCall("Equal", x, l.convertAt(y, yt, xt, e.Y))
			if e.Op == "!=" {
				return ir.Not(eq)
			}
			return eq
		}
		y = l.convertAt(y, yt, xt, e.Y)
	}
	return &ir.Binary{Op: e.Op, X: x, Y: y}
}

// charIsString compares a char with a string (either side first): 'a' == "a".
func charIsString(x ir.Expr, xt types.Type, y ir.Expr) ir.Expr {
	if types.IsBasic(xt, types.Char) {
		return rtCall("CharIsString", x, y)
	}
	return rtCall("CharIsString", y, x)
}

func isNullLit(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.NullLit)
	return ok
}

// simpleEq reports whether Go's == means AdeshLang's == for t.
func simpleEq(t types.Type) bool {
	switch u := t.(type) {
	case *types.Basic:
		return u.Kind != types.ErrorKind // an Error may wrap any thrown value: rt.Equal compares messages
	case *types.Handle:
		return u.Kind != types.ShareH
	}
	return false
}

var dynOps = map[string]string{
	"+": "DynAdd", "-": "DynSub", "*": "DynMul", "/": "DynDiv", "%": "DynMod", "**": "DynPow", "&": "DynBitAnd",
	"|": "DynBitOr", "^": "DynBitXor", "<<": "DynShl", ">>": "DynShr", "<": "DynLess",
	"<=": "DynLessEq", ">": "DynGreater", ">=": "DynGreaterEq",
}

func (l *lowerer) dynBinary(e *ast.Binary, x, y ir.Expr) ir.Expr {
	switch e.Op {
	case "==":
		return rtCall("DynEq", x, y)
	case "!=":
		return ir.Not(rtCall("DynEq", x, y))
	}
	return rtCall(dynOps[e.Op], x, y, l.pos(e))
}

// logical lowers && and ||, keeping the right side unevaluated when it is not needed.
func (l *lowerer) logical(b *builder, e *ast.Binary) ir.Expr {
	x := l.truthy(l.expr(b, e.X), e.X.TypeOf())
	rb := &builder{line: b.line}
	y := l.truthy(l.expr(rb, e.Y), e.Y.TypeOf())
	if len(rb.stmts) == 0 && len(rb.post) == 0 {
		return &ir.Binary{Op: e.Op, X: x, Y: y}
	}
	t := l.temp("t", tBool)
	b.add(&ir.Define{V: t, Value: x})
	cond := ir.Expr(&ir.Ref{V: t})
	if e.Op == "||" {
		cond = ir.Not(cond)
	}
	then := append(rb.stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: t}}, Op: "=", Rhs: []ir.Expr{y}})
	then = append(then, rb.post...)
	b.add(&ir.If{Cond: cond, Then: &ir.Block{Stmts: then}})
	t.Reads++
	return &ir.Ref{V: t}
}

// coalesce lowers `x ?? y`.
func (l *lowerer) coalesce(b *builder, e *ast.Binary) ir.Expr {
	x := l.expr(b, e.X)
	xt := e.X.TypeOf()
	rt := e.TypeOf()
	if types.IsAny(xt) {
		xt2 := l.spill(b, x, tValue)
		res := l.temp("t", l.goTypeOf(rt))
		yb := &builder{}
		y := l.convertAt(l.owned(yb, e.Y), e.Y.TypeOf(), rt, e.Y)
		b.add(&ir.Define{V: res})
		b.add(&ir.If{Cond: &ir.Binary{Op: "!=", X: xt2, Y: &ir.Ident{Name: "nil"}},
			Then: &ir.Block{Stmts: []ir.Stmt{&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{l.convertAt(xt2, types.AnyType, rt, e)}}}},
			Else: &ir.Block{Stmts: append(yb.stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{y}})}})
		res.Reads++
		return &ir.Ref{V: res}
	}
	opt := l.temp("t", l.goTypeOf(xt))
	b.add(&ir.Define{V: opt, Value: x})
	res := l.temp("t", l.goTypeOf(rt))
	yb := &builder{}
	y := l.convertAt(l.owned(yb, e.Y), e.Y.TypeOf(), rt, e.Y)
	var some ir.Expr = &ir.Sel{X: &ir.Ref{V: opt}, Name: "Val"}
	if _, resOpt := rt.(*types.Optional); resOpt {
		some = &ir.Ref{V: opt}
	}
	b.add(&ir.Define{V: res})
	b.add(&ir.If{Cond: &ir.Sel{X: &ir.Ref{V: opt}, Name: "Some"},
		Then: &ir.Block{Stmts: []ir.Stmt{&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{some}}}},
		Else: &ir.Block{Stmts: append(append(yb.stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{y}}), yb.post...)}})
	opt.Reads += 2
	res.Reads++
	return &ir.Ref{V: res}
}

func (l *lowerer) ternary(b *builder, e *ast.Cond) ir.Expr {
	cond := l.condExpr(b, e.C)
	ab, bb := &builder{line: b.line}, &builder{line: b.line}
	t := e.TypeOf()
	a := l.widen(l.convertAt(l.owned(ab, e.A), e.A.TypeOf(), t, e.A), e.A.TypeOf(), t)
	c := l.widen(l.convertAt(l.owned(bb, e.B), e.B.TypeOf(), t, e.B), e.B.TypeOf(), t)
	if len(ab.stmts)+len(bb.stmts)+len(ab.post)+len(bb.post) == 0 && isPure(a) && isPure(c) {
		if (untypedConst(a) || untypedConst(c)) && !types.IsBasic(t, types.String) && !types.IsBasic(t, types.Bool) {
			// Go would instantiate rt.Cond at int or float64, or at the other branch's type
			// beside a nil, not at the AdeshLang type.
			return rtCallT("Cond", []ir.Type{l.goTypeOf(t)}, cond, a, c)
		}
		return rtCall("Cond", cond, a, c)
	}
	res := l.temp("t", l.goTypeOf(t))
	b.add(&ir.Define{V: res})
	then := append(append(ab.stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{a}}), ab.post...)
	els := append(append(bb.stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{c}}), bb.post...)
	b.add(&ir.If{Cond: cond, Then: &ir.Block{Stmts: then}, Else: &ir.Block{Stmts: els}})
	res.Reads++
	return &ir.Ref{V: res}
}

// widen converts a number of type from to the wider number type to (check's WiderNumber).
func (l *lowerer) widen(x ir.Expr, from, to types.Type) ir.Expr {
	if types.IsNumeric(from) && types.IsNumeric(to) && !types.Identical(from, to) {
		return &ir.Conv{Type: l.goTypeOf(to), X: x}
	}
	return x
}

// untypedConst reports whether x is a Go constant expression (or nil) with no type of its own.
func untypedConst(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Lit:
		return true
	case *ir.Ident:
		return x.Pkg == "" && x.Name == "nil"
	case *ir.Paren:
		return untypedConst(x.X)
	case *ir.Unary:
		return untypedConst(x.X)
	case *ir.Binary:
		return untypedConst(x.X) && untypedConst(x.Y)
	}
	return false
}

// selector lowers `x.name` used as a value.
func (l *lowerer) selector(b *builder, e *ast.Selector) ir.Expr {
	si := l.info.Sels[e]
	if si == nil {
		l.fail(e, "a selector the checker did not record")
	}
	switch si.Kind {
	case check.SelConstant:
		return &ir.Lit{Text: si.Name}
	case check.SelImport:
		obj := si.Obj
		if fd, ok := obj.Decl.(*ast.FuncDecl); ok {
			return &ir.Ident{Name: l.funcName(fd), TypeArgs: l.goTypes(l.info.FuncValueArgs[e.Name])}
		}
		for g, v := range l.locals {
			if g.Decl == obj.Decl && v.Global {
				v.Reads++
				return &ir.Ref{V: v}
			}
		}
		l.fail(e, "an imported member without its variable")
	case check.SelVariant:
		n := e.TypeOf().(*types.Named)
		return l.variantValue(si.Variant, n, nil)
	case check.SelGo:
		return l.goValue(e, si)
	}
	x := l.expr(b, e.X)
	x = l.derefAll(x, si.Derefs)
	switch si.Kind {
	case check.SelField:
		return &ir.Sel{X: x, Name: fieldName(si.Field.Name)}
	case check.SelTupleField:
		return &ir.Sel{X: x, Name: "F" + ir.Itoa(si.Index)}
	case check.SelGoField:
		return l.fromGo(&ir.Sel{X: x, Name: si.GoObj.Name()}, si.GoObj.Type(), e.TypeOf())
	case check.SelErrorMessage:
		return &ir.Sel{X: x, Name: "Message"}
	case check.SelBuiltinProp:
		return &ir.Sel{X: x, Name: exportName(si.Name)}
	case check.SelLength:
		return l.length(x, si.Recv, e)
	case check.SelMethodValue:
		if fd, ok := si.Obj.Decl.(*ast.FuncDecl); ok && (l.methodIsFunc(fd) || fd.Async) {
			return l.methodFuncValue(b, e, x, fd, si)
		}
		return &ir.Sel{X: x, Name: methodName(si.Obj.Name)}
	case check.SelTag:
		if n, ok := si.Recv.(*types.Named); ok {
			args := []ir.Expr{&ir.Call{Fun: &ir.Sel{X: x, Name: "AdeshTag"}}}
			for _, v := range n.Def.Variants {
				args = append(args, &ir.Lit{Text: strconv.Quote(v.Name)})
			}
			return rtCall("VariantName", args...)
		}
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "Tag"}}
	case check.SelValue:
		if r, ok := si.Recv.(*types.Result); ok {
			if types.Identical(r.Ok, r.Err) {
				return rtCall("ResultValue", x)
			}
			return &ir.Call{Fun: &ir.Sel{X: x, Name: "ToValue"}}
		}
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "Unwrap"}, Args: []ir.Expr{l.pos(e)}}
	case check.SelDynamic:
		if isDynamicChain(e.X) {
			return rtCall("DynChainField", x, &ir.Lit{Text: strconv.Quote(e.Name.Name)}, l.pos(e)) // `d?.f`: null when d is
		}
		if l.info.Lookups[e] {
			return rtCall("DynFieldOrNull", x, &ir.Lit{Text: strconv.Quote(e.Name.Name)}, l.pos(e)) // `d.f ?? x`
		}
		return rtCall("DynField", x, &ir.Lit{Text: strconv.Quote(e.Name.Name)}, l.pos(e))
	}
	l.fail(e, "a member access the checker did not classify")
	return nil
}

func exportName(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// derefAll dereferences the shares and guards a member access passes through.
func (l *lowerer) derefAll(x ir.Expr, derefs []types.Type) ir.Expr {
	for _, t := range derefs {
		x = l.deref(x, t)
	}
	return x
}

// mapKeyMissing lowers `m[k] == null` and `m[k] != null` on a map whose values are never null:
// whether k is missing, as the interpreter (and JavaScript) reads it, where m[k] alone fails.
func (l *lowerer) mapKeyMissing(b *builder, e *ast.Binary) (ir.Expr, bool) {
	if e.Op != "==" && e.Op != "!=" {
		return nil, false
	}
	side := e.X
	if isNullLit(e.X) {
		side = e.Y
	} else if !isNullLit(e.Y) {
		return nil, false
	}
	ix, ok := ast.Unparen(side).(*ast.Index)
	if !ok {
		return nil, false
	}
	m, ok := ix.X.TypeOf().(*types.MapT)
	if !ok {
		return nil, false
	}
	if _, optional := m.Val.(*types.Optional); optional || types.IsAny(m.Val) {
		return nil, false
	}
	xs := l.exprList(b, []ast.Expr{ix.X, ix.Index})
	key := l.convertAt(xs[1], ix.Index.TypeOf(), m.Key, ix.Index)
	var missing ir.Expr = ir.Not(&ir.Call{Fun: &ir.Sel{X: xs[0], Name: "Has"}, Args: []ir.Expr{key}})
	if e.Op == "!=" {
		missing = ir.Not(missing)
	}
	return missing, true
}

func (l *lowerer) index(b *builder, e *ast.Index) ir.Expr {
	xs := l.exprList(b, []ast.Expr{e.X, e.Index})
	x, i := xs[0], xs[1]
	xt := e.X.TypeOf()
	if inner := derefInner(xt); inner != nil {
		x = l.deref(x, xt)
		xt = inner
	}
	switch u := xt.(type) {
	case *types.Array:
		x = l.spill(b, x, l.goTypeOf(u))
		return &ir.Index{X: x, Index: rtCall("Index", l.toInt64(i, e.Index.TypeOf(), e.Index), &ir.Call{Fun: &ir.Ident{Name: "len"}, Args: []ir.Expr{x}}, l.pos(e))}
	case *types.MapT:
		key := l.convertAt(i, e.Index.TypeOf(), u.Key, e.Index)
		if l.info.Lookups[e] { // `m[k] ?? d`
			if _, opt := u.Val.(*types.Optional); opt {
				return rtCall("LookupOptional", x, key)
			}
			return &ir.Call{Fun: &ir.Sel{X: x, Name: "Get"}, Args: []ir.Expr{key}}
		}
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "At"}, Args: []ir.Expr{key, l.pos(e)}}
	case *types.Tuple:
		if k, ok := ast.ConstIndex(e.Index); ok {
			if slot, in := ast.TupleSlot(k, len(u.Elems)); in {
				return &ir.Sel{X: x, Name: "F" + ir.Itoa(slot)}
			}
		}
		return rtCall("TupleAt", x, l.toInt64(i, e.Index.TypeOf(), e.Index))
	case *types.Basic:
		if u.Kind == types.String {
			return rtCall("CharAt", x, l.toInt64(i, e.Index.TypeOf(), e.Index), l.pos(e))
		}
		if l.info.Lookups[e] {
			return rtCall("DynLookup", x, l.toAny(i, e.Index.TypeOf()), l.pos(e))
		}
		return rtCall("DynIndex", x, l.toAny(i, e.Index.TypeOf()), l.pos(e))
	}
	l.fail(e, "an index into a value that has none")
	return nil
}

func derefInner(t types.Type) types.Type {
	if h, ok := t.(*types.Handle); ok && (h.Kind == types.ShareH || h.Kind.IsGuard()) {
		return h.Elem
	}
	return nil
}

// toInt64 converts an index (n) of any integer type, or a dynamic one, to int64.
func (l *lowerer) toInt64(x ir.Expr, t types.Type, n ast.Node) ir.Expr {
	if types.IsBasic(t, types.Int64) {
		return x
	}
	if _, ok := x.(*ir.Lit); ok {
		return x
	}
	if types.IsAny(t) {
		return rtCall("AsInt", x, l.pos(n))
	}
	return &ir.Conv{Type: tInt64, X: x}
}

// lvalue lowers an assignment target.
func (l *lowerer) lvalue(b *builder, e ast.Expr) ir.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := l.locals[x.Obj]
		if v == nil {
			l.fail(e, "no variable for `%s`", x.Name)
		}
		return &ir.Ref{V: v}
	case *ast.Selector:
		si := l.info.Sels[x]
		base := l.lvalueBase(b, x.X)
		base = l.derefAll(base, si.Derefs)
		switch si.Kind {
		case check.SelField:
			return &ir.Sel{X: base, Name: fieldName(si.Field.Name)}
		case check.SelTupleField:
			return &ir.Sel{X: base, Name: "F" + ir.Itoa(si.Index)}
		case check.SelDynamic:
			v := l.spillUnstable(b, base, tValue)
			name, pos := &ir.Lit{Text: strconv.Quote(x.Name.Name)}, l.pos(x)
			return &slot{
				get: func() ir.Expr { return rtCall("DynField", v, name, pos) },
				set: func(val ir.Expr) ir.Expr { return rtCall("DynSetField", v, name, val, pos) },
			}
		}
	case *ast.Index:
		base := l.lvalueBase(b, x.X)
		xt := x.X.TypeOf()
		if inner := derefInner(xt); inner != nil {
			base = l.deref(base, xt)
			xt = inner
		}
		i := l.expr(b, x.Index)
		switch u := xt.(type) {
		case *types.Array:
			return &ir.Index{X: base, Index: rtCall("Index", l.toInt64(i, x.Index.TypeOf(), x.Index), &ir.Call{Fun: &ir.Ident{Name: "len"}, Args: []ir.Expr{base}}, l.pos(x))}
		case *types.MapT:
			m := l.spillUnstable(b, base, l.goTypeOf(u))
			k := l.spillUnstable(b, l.convertAt(i, x.Index.TypeOf(), u.Key, x.Index), l.goTypeOf(u.Key))
			pos := l.pos(x)
			return &slot{
				get: func() ir.Expr { return &ir.Call{Fun: &ir.Sel{X: m, Name: "At"}, Args: []ir.Expr{k, pos}} },
				set: func(v ir.Expr) ir.Expr { return &ir.Call{Fun: &ir.Sel{X: m, Name: "Set"}, Args: []ir.Expr{k, v}} },
			}
		case *types.Basic:
			if u.Kind == types.Any {
				v := l.spillUnstable(b, base, tValue)
				k := l.spillUnstable(b, l.toAny(i, x.Index.TypeOf()), tValue)
				pos := l.pos(x)
				return &slot{
					get: func() ir.Expr { return rtCall("DynIndex", v, k, pos) },
					set: func(val ir.Expr) ir.Expr { return rtCall("DynSetIndex", v, k, val, pos) },
				}
			}
		}
	case *ast.Unary:
		if x.Op == "*" {
			return l.deref(l.expr(b, x.X), x.X.TypeOf())
		}
	}
	l.fail(e, "an assignment to what is not a place")
	return nil
}

// lvalueBase lowers the container part of a field or index target (itself a place).
func (l *lowerer) lvalueBase(b *builder, e ast.Expr) ir.Expr {
	if isLvalue(e) {
		return l.placeOf(b, e)
	}
	return l.expr(b, e)
}

// placeOf is lvalue for a place that is changed in part (a field, an element, the receiver of a
// method that changes it). An element of a map (or of a dynamic value) is read into a
// temporary, which is written back when the statement ends: `m[k].x = v`, `m[k].push(v)`,
// `m[k][0] += 1` change the map's value.
func (l *lowerer) placeOf(b *builder, e ast.Expr) ir.Expr {
	x := l.lvalue(b, e)
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Obj != nil {
		if _, opt := id.Obj.Type.(*types.Optional); opt {
			if _, still := e.TypeOf().(*types.Optional); !still && !types.IsAny(e.TypeOf()) {
				return &ir.Sel{X: x, Name: "Val"} // narrowed by `!= null`: change the value it holds
			}
		}
	}
	s, ok := x.(*slot)
	if !ok {
		return x
	}
	elem := l.temp("elem", l.goTypeOf(e.TypeOf()))
	elem.Reads++
	b.add(&ir.Define{V: elem, Value: s.get()})
	b.post = append([]ir.Stmt{&ir.ExprStmt{X: s.set(&ir.Ref{V: elem})}}, b.post...)
	return &ir.Ref{V: elem}
}

// spillUnstable stores x in a temporary unless evaluating it twice reads the same place with no
// effect (a variable, a field of one, a literal).
func (l *lowerer) spillUnstable(b *builder, x ir.Expr, t ir.Type) ir.Expr {
	if stable(x) {
		return x
	}
	return l.spill(b, x, t)
}

func stable(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Lit, *ir.Ident, *ir.Ref:
		return true
	case *ir.Sel:
		return stable(x.X)
	case *ir.Paren:
		return stable(x.X)
	case *ir.Conv:
		return stable(x.X)
	case *ir.Unary:
		// *s.Get(), *g.Ptr(): the value behind a share or a guard.
		c, ok := x.X.(*ir.Call)
		if !ok || x.Op != "*" || len(c.Args) > 0 {
			return false
		}
		sel, ok := c.Fun.(*ir.Sel)
		return ok && (sel.Name == "Get" || sel.Name == "Ptr") && stable(sel.X)
	}
	return false
}

// slot is an assignment target that is no Go place: an entry of a map (read with At, written
// with Set) or an element or field of a dynamic value (rt.DynIndex/DynSetIndex,
// rt.DynField/DynSetField). Its operands are evaluated once, before it is used.
type slot struct {
	ir.PassLocal
	get func() ir.Expr
	set func(v ir.Expr) ir.Expr
}

func (l *lowerer) assign(b *builder, a *ast.Assign) {
	lhs := l.lvalue(b, a.X)
	target := declaredType(a.X)
	if a.Op == "=" {
		v := l.convertAt(l.owned(b, a.Y), a.Y.TypeOf(), target, a.Y)
		if s, ok := lhs.(*slot); ok {
			b.add(&ir.ExprStmt{X: s.set(v), Line: b.line})
			return
		}
		if needsRelease(target) {
			// The old value is released after the new one is stored.
			old := l.temp("old", l.goTypeOf(target))
			b.add(&ir.Define{V: old, Value: lhs}, &ir.Assign{Lhs: []ir.Expr{lhs}, Op: "=", Rhs: []ir.Expr{v}, Line: b.line}, releaseStmt(old))
			old.Reads++
			return
		}
		b.add(&ir.Assign{Lhs: []ir.Expr{lhs}, Op: "=", Rhs: []ir.Expr{v}, Line: b.line})
		return
	}
	op := a.Op[:len(a.Op)-1]
	y := l.expr(b, a.Y)
	yt := a.Y.TypeOf()
	if types.IsAny(yt) && !types.IsAny(target) {
		// `n += dyn`: the dynamic operand is checked at run time to be of n's type.
		y, yt = l.convertAt(y, yt, target, a.Y), target
	}
	if op != "<<" && op != ">>" && types.IsNumeric(target) && types.IsNumeric(yt) {
		y, yt = l.widen(y, yt, target), target // `f += i`: the narrower widens (check)
	}
	if s, ok := lhs.(*slot); ok {
		b.add(&ir.ExprStmt{X: s.set(l.arith(op, s.get(), y, target, yt, a)), Line: b.line})
		return
	}
	if types.IsAny(target) || isBig(target) || op == "/" && types.IsInteger(target) || op == "%" ||
		op == "+" && types.IsBasic(target, types.String) && !types.IsBasic(yt, types.String) ||
		(op == "<<" || op == ">>") {
		b.add(&ir.Assign{Lhs: []ir.Expr{lhs}, Op: "=", Rhs: []ir.Expr{l.arith(op, lhs, y, target, yt, a)}, Line: b.line})
		return
	}
	b.add(&ir.Assign{Lhs: []ir.Expr{lhs}, Op: a.Op, Rhs: []ir.Expr{y}, Line: b.line})
}

// arith builds `x op y` with AdeshLang semantics (checked division, string concatenation,
// dynamic operands).
func (l *lowerer) arith(op string, x, y ir.Expr, xt, yt types.Type, n ast.Node) ir.Expr {
	if types.IsAny(xt) || types.IsAny(yt) {
		return rtCall(dynOps[op], l.toAny(x, xt), l.toAny(y, yt), l.pos(n))
	}
	if isBig(xt) || isBig(yt) {
		return l.bigBinary(op, x, y, xt, yt, n)
	}
	switch {
	case op == "+" && (types.IsBasic(xt, types.String) || types.IsBasic(yt, types.String)):
		return &ir.Binary{Op: "+", X: l.toStr(x, xt), Y: l.toStr(y, yt)}
	case (op == "/" || op == "%") && types.IsInteger(xt):
		name := "Div"
		if op == "%" {
			name = "Mod"
		}
		return rtCall(name, x, y, l.pos(n))
	case op == "%":
		return &ir.Conv{Type: l.goTypeOf(xt), X: &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Mod"}, Args: []ir.Expr{&ir.Conv{Type: tF64, X: x}, &ir.Conv{Type: tF64, X: y}}}}
	case op == "<<":
		return rtCall("Shl", x, y, l.pos(n))
	case op == ">>":
		return rtCall("Shr", x, y, l.pos(n))
	}
	return &ir.Binary{Op: op, X: x, Y: y}
}

// declaredType is the type an assignment target holds (a narrowed optional is still optional).
func declaredType(e ast.Expr) types.Type {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Obj != nil {
		return id.Obj.Type
	}
	return e.TypeOf()
}

// cast lowers `x as T`.
func (l *lowerer) cast(x ir.Expr, from, to types.Type, n ast.Node) ir.Expr {
	if f := foldCast(x, from, to); f != nil {
		return f
	}
	switch {
	case types.Identical(from, to):
		return x
	case types.IsBasic(to, types.String) && types.Identical(from, &types.Array{Elem: types.Typ[types.Uint8]}):
		return &ir.Conv{Type: tString, X: x} // bytes (from Go) decoded as UTF-8, as Go's string(b)
	case types.IsBasic(to, types.String):
		return l.toStr(x, from)
	case types.IsAny(from):
		return l.convertAt(x, from, to, n)
	case types.IsAny(to):
		// Explicitly, so that Go infers `any` wherever the value goes (`xs.push(1 as any)`).
		return &ir.Conv{Type: rtType("Value"), X: l.toAny(x, from)}
	case types.IsFloat(from) && types.IsInteger(to):
		return rtCallT("FloatToInt", []ir.Type{l.goTypeOf(to)}, &ir.Conv{Type: tF64, X: x})
	case types.IsBasic(from, types.Bool) && types.IsInteger(to):
		return rtCallT("BoolToInt", []ir.Type{l.goTypeOf(to)}, x)
	case types.IsNumeric(to) || types.IsBasic(to, types.Char) || types.GoOf(to) != nil:
		return &ir.Conv{Type: l.goTypeOf(to), X: x}
	}
	return l.convertAt(x, from, to, n)
}

// convertAt adapts a value of type from to a place of type to (see check's assignable); n is
// where, for the run-time errors of a dynamic value's conversion.
func (l *lowerer) convertAt(x ir.Expr, from, to types.Type, n ast.Node) ir.Expr {
	if to == nil || from == nil {
		return x
	}
	if types.IsNever(from) || types.IsInvalid(to) {
		return x
	}
	if types.IsAny(to) {
		if types.IsAny(from) {
			return x
		}
		if types.IsBasic(from, types.Null) {
			return &ir.Ident{Name: "nil"}
		}
		return l.toAny(x, from)
	}
	if types.IsAny(from) {
		var pos ir.Expr = &ir.Lit{Text: `""`}
		if n != nil {
			pos = l.pos(n)
		}
		return rtCallT("DynTo", []ir.Type{l.goTypeOf(to)}, x, pos)
	}
	if types.IsBasic(from, types.Char) && types.IsBasic(to, types.String) {
		return l.toStr(x, from) // a char given to a builtin that takes a string (check's builtinArgs)
	}
	if o, ok := to.(*types.Optional); ok {
		if types.IsBasic(from, types.Null) {
			return rtCallT("None", []ir.Type{l.goTypeOf(o.Elem)})
		}
		if _, already := from.(*types.Optional); !already {
			return rtCallT("Some", []ir.Type{l.goTypeOf(o.Elem)}, l.convertAt(x, from, o.Elem, n))
		}
		return x
	}
	if x, ok := l.asPromises(x, from, to); ok {
		return x
	}
	if ff, ok := from.(*types.Func); ok {
		if tf, ok := to.(*types.Func); ok && len(ff.Params) > len(tf.Params) {
			return l.passUnits(x, ff, tf)
		} else if ok && len(ff.Params) == len(tf.Params) && l.funcsDiffer(ff, tf) {
			return l.adaptFunc(x, ff, tf, n)
		}
	}
	if ft, ok := from.(*types.Future); ok && ft.Src != nil {
		if _, abstract := to.(*types.Future); abstract {
			return x // futures in value position are already boxed
		}
	}
	return x
}

// funcsDiffer reports whether a function of type from is another Go type than one of type to:
// a dynamic parameter or result on one side and a static one on the other (a comparator
// `(a, b) => a.n - b.n` over records gives `any` where sort wants a number).
func (l *lowerer) funcsDiffer(from, to *types.Func) bool {
	differ := func(a, b types.Type) bool {
		return ir.TypeString(l.valueType(a)) != ir.TypeString(l.valueType(b))
	}
	for i := range from.Params {
		if differ(from.Params[i], to.Params[i]) {
			return true
		}
	}
	return differ(types.OrUnit(from.Ret), types.OrUnit(to.Ret))
}

// adaptFunc wraps a function of type from as one of type to: each argument converts from to's
// parameter type to from's, the result from from's result type to to's, through convertAt.
// The function value is computed once, where the adapter is made.
func (l *lowerer) adaptFunc(x ir.Expr, from, to *types.Func, n ast.Node) ir.Expr {
	f := &ir.Param{Name: "f_", Type: l.goTypeOf(from)}
	params, args := l.forwardParams(to.Params)
	for i := range args {
		args[i] = l.convertAt(args[i], to.Params[i], from.Params[i], n)
	}
	call := &ir.Call{Fun: &ir.Ident{Name: f.Name}, Args: args}
	var body []ir.Stmt
	var results []ir.Type
	if types.IsUnit(types.OrUnit(to.Ret)) && types.IsUnit(types.OrUnit(from.Ret)) {
		body = []ir.Stmt{&ir.ExprStmt{X: call}}
	} else {
		results = []ir.Type{l.valueType(types.OrUnit(to.Ret))}
		body = []ir.Stmt{&ir.Return{Results: []ir.Expr{l.convertAt(call, types.OrUnit(from.Ret), types.OrUnit(to.Ret), n)}}}
	}
	adapter := &ir.FuncLit{Params: params, Results: results, Body: &ir.Block{Stmts: body}}
	return &ir.Call{Fun: &ir.FuncLit{Params: []*ir.Param{f}, Results: []ir.Type{l.goTypeOf(to)}, Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{adapter}}}}}, Args: []ir.Expr{x}}
}

// rangeElem is the integer type of a range's numbers: its array's element type, or the type of
// its bound when that is all the checker says.
func rangeElem(arrayT, bound types.Type) types.Type {
	if a, ok := types.Resolve(arrayT).(*types.Array); ok && !types.IsAny(a.Elem) {
		return a.Elem
	}
	if types.IsAny(bound) {
		return types.I64
	}
	return bound
}

// isDynamicChain reports whether x is `d?` of a dynamic value: `d?.f` and `d?.m()` are
// JavaScript's optional chaining there, null when d is (on a Result or an optional, `?` returns
// early instead, as Rust's does).
func isDynamicChain(x ast.Expr) bool {
	t, ok := ast.Unparen(x).(*ast.Try)
	return ok && types.IsAny(t.X.TypeOf())
}

// instanceOf lowers `x instanceof C`: a type switch on the value, true for C's Go type and for
// those of the classes that extend or implement C (ast.StructDecl.Supers).
func (l *lowerer) instanceOf(b *builder, e *ast.Binary) ir.Expr {
	name := l.info.InstanceOf[e]
	x := l.toAny(l.expr(b, e.X), e.X.TypeOf())
	var cases []ir.Type
	if name == "Error" {
		cases = append(cases, l.goTypeOf(types.ErrorType))
	} else if types.IsBasic(e.X.TypeOf(), types.ErrorKind) || types.IsAny(e.X.TypeOf()) {
		x = rtCall("ThrownValue", x) // a caught error is an instance of the class thrown
	}
	for _, def := range l.info.TypeDefs {
		d, ok := def.Decl.(*ast.StructDecl)
		if len(def.TypeParams) > 0 || (def.Name != name && !(ok && slices.Contains(d.Supers, name))) {
			continue
		}
		var t types.Type = &types.Named{Def: def}
		if ok && d.Class {
			t = &types.Handle{Kind: types.ShareH, Elem: t} // a class's instances are shares
		}
		cases = append(cases, l.goTypeOf(t))
	}
	if len(cases) == 0 {
		return &ir.Lit{Text: "false"}
	}
	v := &ir.Param{Name: "v_", Type: rtType("Value")}
	sw := &ir.TypeSwitch{X: &ir.Ident{Name: v.Name}, Cases: []*ir.TypeCase{{Types: cases, Body: []ir.Stmt{&ir.Return{Results: []ir.Expr{&ir.Lit{Text: "true"}}}}}}}
	body := []ir.Stmt{sw, &ir.Return{Results: []ir.Expr{&ir.Lit{Text: "false"}}}}
	return &ir.Call{Fun: &ir.FuncLit{Params: []*ir.Param{v}, Results: []ir.Type{tBool}, Body: &ir.Block{Stmts: body}}, Args: []ir.Expr{x}}
}
