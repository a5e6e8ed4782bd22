package lower

import (
	gotypes "go/types"

	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// The Go side of GOINTEROP.md §2's mapping: the Go types of Go values (goIR), and the
// conversions between a value as AdeshLang holds it and as Go wants it (toGo, fromGo). Where
// both are the same Go type (string, int64, []string, a Go named type) the value passes as it
// is: `slices.Sort(names)` sorts names.

// goIR is the IR of a Go type, its packages imported under goPkg's names.
func (l *lowerer) goIR(t gotypes.Type) ir.Type {
	switch u := t.(type) {
	case *gotypes.Alias:
		return l.goIR(gotypes.Unalias(u))
	case *gotypes.Basic:
		switch u.Kind() {
		case gotypes.UntypedBool:
			return tBool
		case gotypes.UntypedInt:
			return tInt64
		case gotypes.UntypedRune:
			return goType("rune")
		case gotypes.UntypedFloat:
			return tF64
		case gotypes.UntypedString:
			return tString
		case gotypes.UnsafePointer:
			return &ir.TName{Pkg: "unsafe", Name: "Pointer"}
		}
		return goType(u.Name())
	case *gotypes.Named:
		obj := u.Obj()
		if obj.Pkg() == nil {
			return goType(obj.Name()) // error, comparable
		}
		n := &ir.TName{Pkg: l.goPkg(obj.Pkg()), Name: obj.Name()}
		for i := 0; i < u.TypeArgs().Len(); i++ {
			n.Args = append(n.Args, l.goIR(u.TypeArgs().At(i)))
		}
		return n
	case *gotypes.Pointer:
		return &ir.TPtr{Elem: l.goIR(u.Elem())}
	case *gotypes.Slice:
		return &ir.TSlice{Elem: l.goIR(u.Elem())}
	case *gotypes.Array:
		return &ir.TArray{Len: u.Len(), Elem: l.goIR(u.Elem())}
	case *gotypes.Map:
		return &ir.TMap{Key: l.goIR(u.Key()), Val: l.goIR(u.Elem())}
	case *gotypes.Chan:
		return &ir.TChan{Dir: int(u.Dir()), Elem: l.goIR(u.Elem())}
	case *gotypes.Signature:
		ft := &ir.TFunc{}
		for i := 0; i < u.Params().Len(); i++ {
			p := l.goIR(u.Params().At(i).Type())
			if u.Variadic() && i == u.Params().Len()-1 {
				p = &ir.TVariadic{Elem: p.(*ir.TSlice).Elem}
			}
			ft.Params = append(ft.Params, p)
		}
		for i := 0; i < u.Results().Len(); i++ {
			ft.Results = append(ft.Results, l.goIR(u.Results().At(i).Type()))
		}
		return ft
	case *gotypes.Interface:
		if u.Empty() {
			return tAnyGo
		}
		it := &ir.TInterface{}
		for i := 0; i < u.NumEmbeddeds(); i++ {
			it.Embeds = append(it.Embeds, l.goIR(u.EmbeddedType(i)))
		}
		for i := 0; i < u.NumExplicitMethods(); i++ {
			m := u.ExplicitMethod(i)
			sig := l.goIR(m.Type()).(*ir.TFunc)
			it.Methods = append(it.Methods, &ir.IfaceMethod{Name: m.Name(), Params: sig.Params, Results: sig.Results})
		}
		return it
	case *gotypes.Struct:
		st := &ir.TStruct{}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			name := f.Name()
			if f.Embedded() {
				name = ""
			}
			st.Fields = append(st.Fields, &ir.FieldDecl{Name: name, Type: l.goIR(f.Type())})
		}
		return st
	}
	return tAnyGo
}

func (l *lowerer) goIRList(ts []gotypes.Type) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = l.goIR(t)
	}
	return out
}

// toGo converts x, an AdeshLang value of type from, to the Go type to.
func (l *lowerer) toGo(x ir.Expr, from types.Type, to gotypes.Type) ir.Expr {
	from = types.Resolve(from)
	if l.sameGo(from, to) {
		return x
	}
	switch u := to.Underlying().(type) {
	case *gotypes.Basic:
		return &ir.Conv{Type: l.goIR(to), X: x} // int(n), rune(c), a literal as time.Duration
	case *gotypes.Slice:
		if types.IsBasic(from, types.String) {
			return &ir.Conv{Type: l.goIR(to), X: x} // []byte(s)
		}
		if a, ok := from.(*types.Array); ok {
			return l.convertSlice(x, a.Elem, u.Elem(), true)
		}
	case *gotypes.Map:
		if m, ok := from.(*types.MapT); ok {
			return rtCallT("GoMapOf", []ir.Type{l.goTypeOf(m.Key), l.goTypeOf(m.Val), l.goIR(u.Key()), l.goIR(u.Elem())},
				x, l.elemConv(m.Key, u.Key(), true), l.elemConv(m.Val, u.Elem(), true))
		}
	case *gotypes.Interface:
		if types.IsBasic(from, types.ErrorKind) {
			return &ir.Call{Fun: &ir.Sel{X: x, Name: "GoError"}}
		}
		if u.Empty() {
			return x // an AdeshLang value as it is: numbers, strings, bools are Go's
		}
	case *gotypes.Signature:
		if f, ok := from.(*types.Func); ok {
			return l.funcToGo(x, f, to)
		}
	}
	return x
}

// fromGo converts x, a Go value of type from, to the AdeshLang type to.
func (l *lowerer) fromGo(x ir.Expr, from gotypes.Type, to types.Type) ir.Expr {
	to = types.Resolve(to)
	if l.sameGo(to, from) {
		return x
	}
	switch u := from.Underlying().(type) {
	case *gotypes.Basic:
		return &ir.Conv{Type: l.goTypeOf(to), X: x}
	case *gotypes.Slice:
		if a, ok := to.(*types.Array); ok {
			return l.convertSlice(x, a.Elem, u.Elem(), false)
		}
	case *gotypes.Map:
		if m, ok := to.(*types.MapT); ok {
			return rtCallT("MapFromGo", []ir.Type{l.goIR(u.Key()), l.goIR(u.Elem()), l.goTypeOf(m.Key), l.goTypeOf(m.Val)},
				x, l.elemConv(m.Key, u.Key(), false), l.elemConv(m.Val, u.Elem(), false))
		}
	case *gotypes.Interface:
		if types.IsBasic(to, types.ErrorKind) {
			return rtCall("FromGoError", x)
		}
	case *gotypes.Signature:
		if f, ok := to.(*types.Func); ok {
			return l.funcFromGo(x, from, f)
		}
	}
	return x
}

// sameGo reports whether a value of AdeshLang type a is held as the Go type g: no conversion.
func (l *lowerer) sameGo(a types.Type, g gotypes.Type) bool {
	if gt, ok := a.(*types.GoT); ok {
		return gotypes.Identical(gt.T, g)
	}
	return irTypeString(l.goTypeOf(a)) == irTypeString(l.goIR(g))
}

// convertSlice converts a slice element by element (a copy): []int ↔ [i64].
func (l *lowerer) convertSlice(x ir.Expr, adesh types.Type, g gotypes.Type, toGo bool) ir.Expr {
	from, to := l.goTypeOf(adesh), l.goIR(g)
	if !toGo {
		from, to = to, from
	}
	return rtCallT("ConvertSlice", []ir.Type{from, to}, x, l.elemConv(adesh, g, toGo))
}

// elemConv is a Go function converting one element (of a slice, a map) between its AdeshLang
// type adesh and its Go type g, in the direction toGo says.
func (l *lowerer) elemConv(adesh types.Type, g gotypes.Type, toGo bool) ir.Expr {
	from, to := l.goTypeOf(adesh), l.goIR(g)
	v := &ir.Ident{Name: "e_"}
	var conv ir.Expr
	if toGo {
		conv = l.toGo(v, adesh, g)
	} else {
		from, to = to, from
		conv = l.fromGo(v, g, adesh)
	}
	return &ir.FuncLit{Params: []*ir.Param{{Name: "e_", Type: from}}, Results: []ir.Type{to},
		Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{conv}}}}}
}

// funcToGo wraps an AdeshLang function value for a Go func type whose parameters or results
// are other Go types (a func(int) bool given a fn(i64): bool).
func (l *lowerer) funcToGo(x ir.Expr, f *types.Func, to gotypes.Type) ir.Expr {
	sig := to.Underlying().(*gotypes.Signature)
	var params []*ir.Param
	var args []ir.Expr
	for i := 0; i < sig.Params().Len(); i++ {
		name := "p" + ir.Itoa(i) + "_"
		params = append(params, &ir.Param{Name: name, Type: l.goIR(sig.Params().At(i).Type())})
		args = append(args, l.fromGo(&ir.Ident{Name: name}, sig.Params().At(i).Type(), f.Params[i]))
	}
	call := &ir.Call{Fun: &ir.Ident{Name: "f_"}, Args: args}
	var body ir.Stmt = &ir.ExprStmt{X: call}
	var results []ir.Type
	if sig.Results().Len() == 1 {
		rt := sig.Results().At(0).Type()
		results = []ir.Type{l.goIR(rt)}
		body = &ir.Return{Results: []ir.Expr{l.toGo(call, f.Ret, rt)}}
	}
	wrapper := &ir.FuncLit{Params: params, Results: results, Body: &ir.Block{Stmts: []ir.Stmt{body}}}
	return l.wrapFunc(x, l.goTypeOf(f), l.goIR(to), wrapper)
}

// funcFromGo wraps a Go func value as an AdeshLang function of type f.
func (l *lowerer) funcFromGo(x ir.Expr, from gotypes.Type, f *types.Func) ir.Expr {
	sig := from.Underlying().(*gotypes.Signature)
	params, _ := l.forwardParams(f.Params)
	var args []ir.Expr
	for i, p := range params {
		args = append(args, l.toGo(&ir.Ident{Name: p.Name}, f.Params[i], sig.Params().At(i).Type()))
	}
	call := &ir.Call{Fun: &ir.Ident{Name: "f_"}, Args: args}
	var body ir.Stmt = &ir.ExprStmt{X: call}
	if sig.Results().Len() == 1 {
		body = &ir.Return{Results: []ir.Expr{l.fromGo(call, sig.Results().At(0).Type(), f.Ret)}}
	}
	wrapper := &ir.FuncLit{Params: params, Results: l.resultTypes(f.Ret), Body: &ir.Block{Stmts: []ir.Stmt{body}}}
	return l.wrapFunc(x, l.goIR(from), l.goTypeOf(f), wrapper)
}

// wrapFunc is `func(f_ from) to { return wrapper }(x)`: x evaluated once, wrapped.
func (l *lowerer) wrapFunc(x ir.Expr, from, to ir.Type, wrapper *ir.FuncLit) ir.Expr {
	make_ := &ir.FuncLit{Params: []*ir.Param{{Name: "f_", Type: from}}, Results: []ir.Type{to},
		Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{wrapper}}}}}
	return &ir.Call{Fun: make_, Args: []ir.Expr{x}}
}

// irTypeString writes an IR type, to compare two.
func irTypeString(t ir.Type) string { return ir.TypeString(t) }
