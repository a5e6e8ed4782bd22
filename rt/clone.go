package rt

import "reflect"

// Arrays have value semantics in AdeshLang, and so has every value built of arrays: a struct
// with an array field, a tuple, an optional or a Result holding one. The compiler copies such a
// value when it is read from a place into another (a binding, a field, an element); the helpers
// below copy the nested parts. ArrClone (array.go) copies an array of plain elements.
//
// Enum values are never changed in place (a payload is only read, and a pattern binding takes a
// copy), so they are shared, not copied. Maps, shares, locks and channels are handles: copying
// one shares what it refers to, by design.

// ArrCloneWith copies an array whose elements need copies of their own.
func ArrCloneWith[T any](xs []T, clone func(T) T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = clone(x)
	}
	return out
}

// ArrCloneT copies an array of a type parameter's values: elements that are themselves arrays
// or structs with arrays are copied too.
func ArrCloneT[T any](xs []T) []T {
	if plainType(reflect.TypeFor[T]()) {
		return ArrClone(xs)
	}
	return ArrCloneWith(xs, CloneT[T])
}

// OptionClone copies the value of an optional.
func OptionClone[T any](o Option[T], clone func(T) T) Option[T] {
	if o.Some {
		o.Val = clone(o.Val)
	}
	return o
}

// ResultClone copies the value or the error of a Result; a nil function copies nothing.
func ResultClone[T, E any](r Result[T, E], ok func(T) T, err func(E) E) Result[T, E] {
	if r.IsOk && ok != nil {
		r.Val = ok(r.Val)
	} else if !r.IsOk && err != nil {
		r.Err = err(r.Err)
	}
	return r
}

// TupleClone2 copies the elements of a tuple; a nil function copies nothing.
func TupleClone2[A, B any](t Tuple2[A, B], a func(A) A, b func(B) B) Tuple2[A, B] {
	t.F0, t.F1 = cloneWith(t.F0, a), cloneWith(t.F1, b)
	return t
}

// TupleClone3 is TupleClone2 for three elements.
func TupleClone3[A, B, C any](t Tuple3[A, B, C], a func(A) A, b func(B) B, c func(C) C) Tuple3[A, B, C] {
	t.F0, t.F1, t.F2 = cloneWith(t.F0, a), cloneWith(t.F1, b), cloneWith(t.F2, c)
	return t
}

// TupleClone4 is TupleClone2 for four elements.
func TupleClone4[A, B, C, D any](t Tuple4[A, B, C, D], a func(A) A, b func(B) B, c func(C) C, d func(D) D) Tuple4[A, B, C, D] {
	t.F0, t.F1, t.F2, t.F3 = cloneWith(t.F0, a), cloneWith(t.F1, b), cloneWith(t.F2, c), cloneWith(t.F3, d)
	return t
}

// TupleClone5 is TupleClone2 for five elements.
func TupleClone5[A, B, C, D, E any](t Tuple5[A, B, C, D, E], a func(A) A, b func(B) B, c func(C) C, d func(D) D, e func(E) E) Tuple5[A, B, C, D, E] {
	t.F0, t.F1, t.F2, t.F3, t.F4 = cloneWith(t.F0, a), cloneWith(t.F1, b), cloneWith(t.F2, c), cloneWith(t.F3, d), cloneWith(t.F4, e)
	return t
}

// TupleClone6 is TupleClone2 for six elements.
func TupleClone6[A, B, C, D, E, F any](t Tuple6[A, B, C, D, E, F], a func(A) A, b func(B) B, c func(C) C, d func(D) D, e func(E) E, f func(F) F) Tuple6[A, B, C, D, E, F] {
	t.F0, t.F1, t.F2, t.F3, t.F4, t.F5 = cloneWith(t.F0, a), cloneWith(t.F1, b), cloneWith(t.F2, c), cloneWith(t.F3, d), cloneWith(t.F4, e), cloneWith(t.F5, f)
	return t
}

func cloneWith[T any](v T, clone func(T) T) T {
	if clone == nil {
		return v
	}
	return clone(v)
}

// AnyCloner is a value that copies itself: the generated structs that hold arrays implement it,
// for generic code, which knows their type only at run time.
type AnyCloner interface{ AdeshCloneAny() any }

// CloneT copies a value of a type parameter of generic code.
func CloneT[T any](v T) T {
	c := cloneAny(any(v))
	if c == nil {
		return v
	}
	return c.(T)
}

// cloneAny copies what a value holds in arrays, whatever its type.
func cloneAny(v any) any {
	switch x := v.(type) {
	case nil, int64, float64, string, bool, Char:
		return v
	case AnyCloner:
		return x.AdeshCloneAny()
	case []Value:
		return DynClone(x)
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice {
		return v
	}
	out := reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
	if plainType(rv.Type().Elem()) {
		reflect.Copy(out, rv)
		return out.Interface()
	}
	for i := 0; i < rv.Len(); i++ {
		if e := cloneAny(rv.Index(i).Interface()); e != nil {
			out.Index(i).Set(reflect.ValueOf(e))
		}
	}
	return out.Interface()
}

// plainType reports whether values of t hold no array that a copy would share.
func plainType(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String, reflect.Pointer, reflect.Func, reflect.Chan, reflect.Map:
		return true
	}
	return false
}

// AdeshCloneAny copies the value of an optional (for generic code).
func (o Option[T]) AdeshCloneAny() any { return OptionClone(o, CloneT[T]) }

// AdeshCloneAny copies the value or the error of a Result (for generic code).
func (r Result[T, E]) AdeshCloneAny() any { return ResultClone(r, CloneT[T], CloneT[E]) }

// AdeshCloneAny copies the elements of a tuple (for generic code).
func (t Tuple2[A, B]) AdeshCloneAny() any { return TupleClone2(t, CloneT[A], CloneT[B]) }

// AdeshCloneAny copies the elements of a tuple (for generic code).
func (t Tuple3[A, B, C]) AdeshCloneAny() any {
	return TupleClone3(t, CloneT[A], CloneT[B], CloneT[C])
}

// AdeshCloneAny copies the elements of a tuple (for generic code).
func (t Tuple4[A, B, C, D]) AdeshCloneAny() any {
	return TupleClone4(t, CloneT[A], CloneT[B], CloneT[C], CloneT[D])
}

// AdeshCloneAny copies the elements of a tuple (for generic code).
func (t Tuple5[A, B, C, D, E]) AdeshCloneAny() any {
	return TupleClone5(t, CloneT[A], CloneT[B], CloneT[C], CloneT[D], CloneT[E])
}

// AdeshCloneAny copies the elements of a tuple (for generic code).
func (t Tuple6[A, B, C, D, E, F]) AdeshCloneAny() any {
	return TupleClone6(t, CloneT[A], CloneT[B], CloneT[C], CloneT[D], CloneT[E], CloneT[F])
}
