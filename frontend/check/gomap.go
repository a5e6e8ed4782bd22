package check

import (
	"go/constant"
	gotypes "go/types"

	"adesh2go/frontend/types"
)

// The type mapping of GOINTEROP.md §2: what a Go type is on the AdeshLang side. Basic types
// map to AdeshLang's (int, uint and uintptr to i64 and u64, rune to char), slices to arrays,
// maps to maps, error to Error, any to the dynamic type, func types to function types; every
// other Go type (named types, structs, pointers, interfaces, chans, arrays) stays itself, a
// types.GoT. The lowering converts where the two sides' Go types differ (lower/gocall.go).

// fromGo is the AdeshLang type of a Go type's values.
func fromGo(t gotypes.Type) types.Type {
	switch u := gotypes.Unalias(t).(type) {
	case *gotypes.Basic:
		if b := basicFromGo(u); b != nil {
			return b
		}
	case *gotypes.Slice:
		return &types.Array{Elem: fromGo(u.Elem())}
	case *gotypes.Map:
		return &types.MapT{Key: fromGo(u.Key()), Val: fromGo(u.Elem())}
	case *gotypes.Interface:
		if u.Empty() {
			return types.AnyType
		}
	case *gotypes.Named:
		if isGoError(u) {
			return types.ErrorType
		}
	case *gotypes.Signature:
		if f := funcFromGo(u); f != nil {
			return f
		}
	}
	return &types.GoT{T: t}
}

// basicFromGo maps a Go basic type (or an untyped constant's) to AdeshLang's, or nil.
func basicFromGo(b *gotypes.Basic) types.Type {
	if b.Name() == "rune" {
		return types.CharType
	}
	switch b.Kind() {
	case gotypes.Bool, gotypes.UntypedBool:
		return types.BoolType
	case gotypes.String, gotypes.UntypedString:
		return types.StringType
	case gotypes.Int, gotypes.Int64, gotypes.UntypedInt:
		return types.I64
	case gotypes.Int8:
		return types.Typ[types.Int8]
	case gotypes.Int16:
		return types.Typ[types.Int16]
	case gotypes.Int32:
		return types.Typ[types.Int32]
	case gotypes.Uint, gotypes.Uint64, gotypes.Uintptr:
		return types.Typ[types.Uint64]
	case gotypes.Uint8:
		return types.Typ[types.Uint8]
	case gotypes.Uint16:
		return types.Typ[types.Uint16]
	case gotypes.Uint32:
		return types.Typ[types.Uint32]
	case gotypes.Float32:
		return types.Typ[types.Float32]
	case gotypes.Float64, gotypes.UntypedFloat:
		return types.F64
	case gotypes.UntypedRune:
		return types.CharType
	}
	return nil
}

// funcFromGo maps a Go func type whose parameters and results all map to an AdeshLang function
// type (a lambda can be given for it), or returns nil. Several results, or a variadic
// parameter, keep it a Go type.
func funcFromGo(sig *gotypes.Signature) *types.Func {
	if sig.Variadic() || sig.Results().Len() > 1 || sig.TypeParams().Len() > 0 {
		return nil
	}
	f := &types.Func{Ret: types.UnitType}
	for i := 0; i < sig.Params().Len(); i++ {
		f.Params = append(f.Params, fromGo(sig.Params().At(i).Type()))
	}
	if sig.Results().Len() == 1 {
		f.Ret = fromGo(sig.Results().At(0).Type())
	}
	return f
}

// isGoError reports whether t is Go's predeclared error.
func isGoError(t gotypes.Type) bool {
	return gotypes.Identical(t, gotypes.Universe.Lookup("error").Type())
}

// goResults is the AdeshLang type of a Go call's results (GOINTEROP.md §2): none is `()`, one
// is its value, several a tuple, and a last `error` makes the rest a Result<…, Error>.
func goResults(res *gotypes.Tuple) types.Type {
	n := res.Len()
	withErr := n > 0 && isGoError(res.At(n-1).Type())
	if withErr {
		n--
	}
	var val types.Type
	switch n {
	case 0:
		val = types.UnitType
	case 1:
		val = fromGo(res.At(0).Type())
	default:
		elems := make([]types.Type, n)
		for i := range n {
			elems[i] = fromGo(res.At(i).Type())
		}
		val = &types.Tuple{Elems: elems}
	}
	if withErr {
		return &types.Result{Ok: val, Err: types.ErrorType}
	}
	return val
}

// constFromGo is the AdeshLang type of a Go constant: a typed constant's type, an untyped
// integer's i64 (u64 when only that holds it), an untyped float's f64.
func constFromGo(k *gotypes.Const) types.Type {
	if b, ok := k.Type().(*gotypes.Basic); ok && b.Kind() == gotypes.UntypedInt {
		if _, exact := constant.Int64Val(k.Val()); !exact {
			return types.Typ[types.Uint64]
		}
	}
	return fromGo(k.Type())
}

// FromGo is the AdeshLang type of a Go type's values, for the lowering.
func FromGo(t gotypes.Type) types.Type { return fromGo(t) }
