package check

import (
	gotypes "go/types"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// goInstantiate infers the type arguments of a call of a generic Go function from its
// arguments, as Go infers them (`slices.Max(nums)`: S is []int64, so E is int64), or takes them
// as written (`slices.Repeat<[string]>(…)`), and instantiates its signature. It checks the
// arguments that say something about the type parameters (their types go to argTypes).
func (c *checker) goInstantiate(e *ast.Call, args []ast.Expr, argTypes []types.Type, sig *gotypes.Signature, shown string) (*gotypes.Signature, []gotypes.Type) {
	tparams := sig.TypeParams()
	bound := map[*gotypes.TypeParam]gotypes.Type{}
	if len(e.TypeArgs) > tparams.Len() {
		c.errorf(e, "`%s` takes %d type argument%s, found %d", shown, tparams.Len(), diag.Plural(tparams.Len()), len(e.TypeArgs))
		return nil, nil
	}
	for i, ta := range e.TypeArgs {
		t := c.typeExpr(ta)
		gt := goTypeFor(t)
		if gt == nil {
			c.errorf(ta, "`%s` has no Go type: it cannot be a type argument of the Go function `%s`", typeString(t), shown)
			return nil, nil
		}
		bound[tparams.At(i)] = gt
	}
	params := sig.Params()
	for i, a := range args {
		if isLambdaArg(a) {
			continue
		}
		var p gotypes.Type
		switch {
		case i < params.Len()-1 || !sig.Variadic() && i < params.Len():
			p = params.At(i).Type()
		case sig.Variadic():
			p = params.At(params.Len() - 1).Type().(*gotypes.Slice).Elem()
		default:
			continue // too many: reported with the count
		}
		if !mentionsGoTypeParam(p) {
			continue
		}
		argTypes[i] = c.expr(a, nil)
		if gt := goTypeFor(argTypes[i]); gt != nil {
			unifyGo(p, gt, bound)
		}
	}
	// A type parameter constrained to one type (`S ~[]E`) tells what the others are.
	for changed := true; changed; {
		changed = false
		for i := 0; i < tparams.Len(); i++ {
			tp := tparams.At(i)
			core, tilde := coreTerm(tp)
			if b, ok := bound[tp]; ok && core != nil {
				n := len(bound)
				if tilde {
					b = b.Underlying()
				}
				unifyGo(core, b, bound)
				changed = changed || len(bound) > n
			}
		}
	}
	targs := make([]gotypes.Type, tparams.Len())
	for i := range targs {
		tp := tparams.At(i)
		if targs[i] = bound[tp]; targs[i] == nil {
			c.errorf(e, "cannot infer the type parameter `%s` of the Go function `%s`; give it: `%s<…>(…)`", tp.Obj().Name(), goSignature(shown, sig), shown)
			return nil, nil
		}
	}
	inst, err := gotypes.Instantiate(nil, sig, targs, true)
	if err != nil {
		c.errorf(e, "cannot call `%s` with these arguments: %v", goSignature(shown, sig), err)
		return nil, nil
	}
	return inst.(*gotypes.Signature), targs
}

// goTypeFor is the Go type a value of AdeshLang type t is passed to Go as, or nil when it has
// none (a tuple, a user struct, a future).
func goTypeFor(t types.Type) gotypes.Type {
	switch u := types.Resolve(t).(type) {
	case *types.Basic:
		switch u.Kind {
		case types.Char:
			return gotypes.Universe.Lookup("rune").Type()
		case types.Any:
			return gotypes.Universe.Lookup("any").Type()
		case types.ErrorKind:
			return gotypes.Universe.Lookup("error").Type()
		}
		if u.Kind >= types.Bool && u.Kind <= types.String {
			return gotypes.Universe.Lookup(goBasicNames[u.Kind]).Type()
		}
	case *types.Array:
		if elem := goTypeFor(u.Elem); elem != nil {
			return gotypes.NewSlice(elem)
		}
	case *types.MapT:
		k, v := goTypeFor(u.Key), goTypeFor(u.Val)
		if k != nil && v != nil {
			return gotypes.NewMap(k, v)
		}
	case *types.GoT:
		return u.T
	}
	return nil
}

var goBasicNames = map[types.Kind]string{
	types.Bool: "bool", types.Int8: "int8", types.Int16: "int16", types.Int32: "int32", types.Int64: "int64",
	types.Uint8: "uint8", types.Uint16: "uint16", types.Uint32: "uint32", types.Uint64: "uint64",
	types.Float32: "float32", types.Float64: "float64", types.String: "string",
}

// unifyGo binds the type parameters p mentions so that p is a: the part of Go's inference
// that reads argument types.
func unifyGo(p, a gotypes.Type, bound map[*gotypes.TypeParam]gotypes.Type) {
	switch p := p.(type) {
	case *gotypes.TypeParam:
		if _, ok := bound[p]; !ok {
			bound[p] = a
		}
	case *gotypes.Slice:
		if s, ok := a.Underlying().(*gotypes.Slice); ok {
			unifyGo(p.Elem(), s.Elem(), bound)
		}
	case *gotypes.Array:
		if s, ok := a.Underlying().(*gotypes.Array); ok {
			unifyGo(p.Elem(), s.Elem(), bound)
		}
	case *gotypes.Pointer:
		if s, ok := a.Underlying().(*gotypes.Pointer); ok {
			unifyGo(p.Elem(), s.Elem(), bound)
		}
	case *gotypes.Chan:
		if s, ok := a.Underlying().(*gotypes.Chan); ok {
			unifyGo(p.Elem(), s.Elem(), bound)
		}
	case *gotypes.Map:
		if m, ok := a.Underlying().(*gotypes.Map); ok {
			unifyGo(p.Key(), m.Key(), bound)
			unifyGo(p.Elem(), m.Elem(), bound)
		}
	case *gotypes.Signature:
		if s, ok := a.Underlying().(*gotypes.Signature); ok && s.Params().Len() == p.Params().Len() && s.Results().Len() == p.Results().Len() {
			for i := 0; i < s.Params().Len(); i++ {
				unifyGo(p.Params().At(i).Type(), s.Params().At(i).Type(), bound)
			}
			for i := 0; i < s.Results().Len(); i++ {
				unifyGo(p.Results().At(i).Type(), s.Results().At(i).Type(), bound)
			}
		}
	case *gotypes.Named:
		if n, ok := a.(*gotypes.Named); ok && n.Origin() == p.Origin() && n.TypeArgs().Len() == p.TypeArgs().Len() {
			for i := 0; i < n.TypeArgs().Len(); i++ {
				unifyGo(p.TypeArgs().At(i), n.TypeArgs().At(i), bound)
			}
		}
	}
}

// coreTerm is the one type a type parameter's constraint allows (`[]E` of `S ~[]E`), and
// whether it allows the types of that underlying type too; nil if it allows more than one.
func coreTerm(tp *gotypes.TypeParam) (gotypes.Type, bool) {
	iface, ok := tp.Constraint().Underlying().(*gotypes.Interface)
	if !ok || iface.NumEmbeddeds() != 1 {
		return nil, false
	}
	switch u := iface.EmbeddedType(0).(type) {
	case *gotypes.Union:
		if u.Len() == 1 {
			return u.Term(0).Type(), u.Term(0).Tilde()
		}
	case *gotypes.Interface:
	default:
		return u, false
	}
	return nil, false
}

// mentionsGoTypeParam reports whether t mentions a type parameter.
func mentionsGoTypeParam(t gotypes.Type) bool {
	switch t := t.(type) {
	case *gotypes.TypeParam:
		return true
	case *gotypes.Slice:
		return mentionsGoTypeParam(t.Elem())
	case *gotypes.Array:
		return mentionsGoTypeParam(t.Elem())
	case *gotypes.Pointer:
		return mentionsGoTypeParam(t.Elem())
	case *gotypes.Chan:
		return mentionsGoTypeParam(t.Elem())
	case *gotypes.Map:
		return mentionsGoTypeParam(t.Key()) || mentionsGoTypeParam(t.Elem())
	case *gotypes.Signature:
		for i := 0; i < t.Params().Len(); i++ {
			if mentionsGoTypeParam(t.Params().At(i).Type()) {
				return true
			}
		}
		for i := 0; i < t.Results().Len(); i++ {
			if mentionsGoTypeParam(t.Results().At(i).Type()) {
				return true
			}
		}
	case *gotypes.Named:
		for i := 0; i < t.TypeArgs().Len(); i++ {
			if mentionsGoTypeParam(t.TypeArgs().At(i)) {
				return true
			}
		}
	}
	return false
}
