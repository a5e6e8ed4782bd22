package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// assignable reports whether a value of type v may be used where t is expected, binding
// inference variables on the way. The implicit conversions are: a value into an optional of
// its type, null into any optional, anything into `any` and `any` into anything (checked at run
// time), a future of a known async fn into the abstract Future<T>, and `never` into anything.
func (c *checker) assignable(v, t types.Type) bool {
	v, t = types.Resolve(v), types.Resolve(t)
	if v == nil || t == nil || types.IsInvalid(v) || types.IsInvalid(t) {
		return true // already reported
	}
	if tv, ok := t.(*types.Var); ok && types.IsAny(v) {
		if h := c.hintOf(tv); h != nil {
			// A call passes a dynamic value for an untyped parameter: it must be dynamic too.
			h.dynamic = true
			return true
		}
	}
	if hv, ht := c.hintVarOf(v), c.hintVarOf(t); hv != nil && ht != nil && hv != ht {
		// One untyped parameter's value passed for another's: if the first is dynamic, so is
		// the second (settleLinkedHints).
		c.hintOf(ht).sources = append(c.hintOf(ht).sources, c.hintOf(hv))
	}
	if c.unify(v, t) {
		return true
	}
	if types.IsAny(v) && !types.IsAny(t) {
		// A dynamic value fits any slot, checked when the program runs; what the slot's type
		// leaves unknown becomes dynamic too (`let ys = []; ys.extend(d);` holds any
		// elements, not elements of ()).
		c.unknownsDynamic(t)
		return true
	}
	if types.IsNever(v) || types.IsAny(t) || types.IsAny(v) {
		return true
	}
	if types.IsBasic(v, types.Null) {
		switch t.(type) {
		case *types.Optional:
			return true
		}
		return false
	}
	if o, ok := t.(*types.Optional); ok {
		if _, isOpt := v.(*types.Optional); !isOpt {
			return c.assignable(v, o.Elem)
		}
	}
	if c.promises(v, t) {
		return true
	}
	if vf, ok := v.(*types.Func); ok {
		if tf, ok := t.(*types.Func); ok && (c.leavesOutUnits(vf, tf) || c.consistentFuncs(vf, tf)) {
			return true
		}
	}
	if tf, ok := t.(*types.Future); ok {
		// A join handle or a promise is awaitable wherever a Future<T> is expected.
		if h, ok := v.(*types.Handle); ok && (h.Kind == types.JoinHandleH || h.Kind == types.PromiseH) {
			return c.unify(h.Elem, tf.Elem)
		}
	}
	return false
}

// promises reports whether v, a future or a join handle (or an array of them), may stand where
// t, a promise (or an array of promises), is expected: it is also a promise of its result.
func (c *checker) promises(v, t types.Type) bool {
	va, vArray := v.(*types.Array)
	ta, tArray := t.(*types.Array)
	if vArray && tArray {
		v, t = types.Resolve(va.Elem), types.Resolve(ta.Elem)
	}
	p, ok := t.(*types.Handle)
	if !ok || p.Kind != types.PromiseH {
		return false
	}
	elem, ok := types.PromisedElem(v)
	return ok && c.unify(elem, p.Elem)
}

// consistentFuncs reports whether a function of type v may stand where t is expected because
// their parameters and results differ only where one side is dynamic (an untyped function whose
// parameter became `any`, given to `ws.map`): lower wraps it to convert (adaptFunc).
func (c *checker) consistentFuncs(v, t *types.Func) bool {
	if len(v.Params) != len(t.Params) {
		return false
	}
	fits := func(a, b types.Type) bool {
		return c.unify(a, b) || types.IsAny(types.Resolve(a)) || types.IsAny(types.Resolve(b))
	}
	for i := range v.Params {
		if !fits(v.Params[i], t.Params[i]) {
			return false
		}
	}
	return fits(types.OrUnit(v.Ret), types.OrUnit(t.Ret))
}

// leavesOutUnits reports whether a function of type v may stand where t, which passes fewer
// arguments, is expected: the ones left out take `()` (`setTimeout(resolve, 10)`, where
// JavaScript passes undefined). The lowering passes `()` for them.
func (c *checker) leavesOutUnits(v, t *types.Func) bool {
	n := len(t.Params)
	if len(v.Params) <= n || c.unitTail(v.Params, n) != n {
		return false
	}
	return c.unifyList(v.Params[:n], t.Params) && c.unify(types.OrUnit(v.Ret), types.OrUnit(t.Ret))
}

// unify makes a and b the same type by binding inference variables; it reports whether that
// worked. Untyped-parameter variables are never bound by unify: they record what they met.
func (c *checker) unify(a, b types.Type) bool {
	a, b = types.Resolve(a), types.Resolve(b)
	if a == b {
		return true
	}
	if va, ok := a.(*types.Var); ok {
		return c.bindVar(va, b)
	}
	if vb, ok := b.(*types.Var); ok {
		return c.bindVar(vb, a)
	}
	switch x := a.(type) {
	case *types.Basic:
		y, ok := b.(*types.Basic)
		return ok && x.Kind == y.Kind
	case *types.Array:
		y, ok := b.(*types.Array)
		return ok && c.unify(x.Elem, y.Elem)
	case *types.MapT:
		y, ok := b.(*types.MapT)
		return ok && c.unify(x.Key, y.Key) && c.unify(x.Val, y.Val)
	case *types.SetT:
		y, ok := b.(*types.SetT)
		return ok && c.unify(x.Elem, y.Elem)
	case *types.Optional:
		y, ok := b.(*types.Optional)
		return ok && c.unify(x.Elem, y.Elem)
	case *types.Result:
		y, ok := b.(*types.Result)
		return ok && c.unify(x.Ok, y.Ok) && c.unify(x.Err, y.Err)
	case *types.Tuple:
		y, ok := b.(*types.Tuple)
		return ok && c.unifyList(x.Elems, y.Elems)
	case *types.Func:
		y, ok := b.(*types.Func)
		if !ok || len(x.Params) != len(y.Params) {
			return false
		}
		return c.unifyList(x.Params, y.Params) && c.unify(types.OrUnit(x.Ret), types.OrUnit(y.Ret))
	case *types.Future:
		y, ok := b.(*types.Future)
		return ok && c.unify(x.Elem, y.Elem)
	case *types.Handle:
		y, ok := b.(*types.Handle)
		return ok && x.Kind == y.Kind && (x.Elem == nil || c.unify(x.Elem, y.Elem))
	case *types.Named:
		y, ok := b.(*types.Named)
		return ok && x.Def == y.Def && c.unifyList(x.Args, y.Args)
	case *types.GoT:
		return types.Identical(x, b)
	}
	return false
}

func (c *checker) unifyList(a, b []types.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !c.unify(a[i], b[i]) {
			return false
		}
	}
	return true
}

// bindVar binds v to t unless that would make a cycle. Untyped-parameter variables only observe.
func (c *checker) bindVar(v *types.Var, t types.Type) bool {
	if h := c.hintOf(v); h != nil {
		if tv, ok := t.(*types.Var); ok {
			if other := c.hintOf(tv); other != nil {
				h.link(other)
			} else if c.promiseElems[tv] {
				// `resolve(p)`: the promise holds what p is, as when bound the other way. (A
				// function's result is not bound so: `return p; … return "s";` would make p a
				// string, where the result is what disagrees.)
				tv.Bound = v
			}
			return true
		}
		h.observe(t)
		return true
	}
	if tv, ok := t.(*types.Var); ok && tv == v {
		return true
	}
	if types.Mentions(t, func(x types.Type) bool { return x == v }) {
		return false
	}
	if types.IsBasic(t, types.Null) || types.IsNever(t) {
		return true // says nothing about v
	}
	v.Bound = t
	return true
}

// expectAssignable reports a mismatch of v against t at n.
func (c *checker) expectAssignable(n ast.Node, v, t types.Type, context string) {
	if c.assignable(v, t) {
		return
	}
	d := c.errorf(n, "mismatched types: expected `%s`, found `%s`%s", typeString(t), typeString(v), context)
	if types.IsInteger(v) && types.IsFloat(t) || types.IsFloat(v) && types.IsInteger(t) {
		d.WithHelp("convert explicitly with `as %s`", typeString(t))
	} else if o, ok := types.Resolve(v).(*types.Optional); ok && c.assignableQuiet(o.Elem, t) {
		d.WithHelp("the value may be null: check `!= null` first, or use `.unwrap()`")
	}
}

// assignableQuiet is assignable without binding inference variables.
func (c *checker) assignableQuiet(v, t types.Type) bool {
	if types.HasUnbound(v) || types.HasUnbound(t) {
		return false
	}
	return c.assignable(v, t)
}

// typeString prints a type for a diagnostic; unbound variables print as `_`.
func typeString(t types.Type) string {
	if t == nil {
		return "()"
	}
	return types.Resolve(t).String()
}

// defaultType settles what is still unknown about t: an unbound variable becomes `any`.
func (c *checker) defaultType(t types.Type) types.Type {
	t = types.Resolve(t)
	if v, ok := t.(*types.Var); ok {
		if c.hintOf(v) == nil {
			v.Bound = types.AnyType
		}
		return types.AnyType
	}
	return t
}

// join is the type of two branches that must agree (if/else values, match arms, ternaries):
// one of them, if the other is assignable to it.
func (c *checker) join(a, b types.Type) (types.Type, bool) {
	ra, rb := types.Resolve(a), types.Resolve(b)
	switch {
	case types.IsNever(ra):
		return b, true
	case types.IsNever(rb):
		return a, true
	case types.IsBasic(ra, types.Null):
		if _, ok := rb.(*types.Optional); ok {
			return b, true
		}
		if types.IsBasic(rb, types.Null) {
			return a, true
		}
		return &types.Optional{Elem: b}, true
	case types.IsBasic(rb, types.Null):
		if _, ok := ra.(*types.Optional); ok {
			return a, true
		}
		return &types.Optional{Elem: a}, true
	}
	if c.unify(a, b) {
		return a, true
	}
	if c.assignable(b, a) {
		return a, true
	}
	if c.assignable(a, b) {
		return b, true
	}
	return types.InvalidType, false
}

// TypeString renders a type as the diagnostics name it.
func TypeString(t types.Type) string { return typeString(t) }

// unknownsDynamic binds the inference variables t still leaves unbound (but an untyped
// parameter's, which settles on its own) to any.
func (c *checker) unknownsDynamic(t types.Type) {
	if !types.HasUnbound(t) {
		return
	}
	types.Replace(t, func(part types.Type) types.Type {
		if v, ok := part.(*types.Var); ok && v.Bound == nil && c.hintOf(v) == nil {
			c.bindVar(v, types.AnyType)
		}
		return nil
	})
}
