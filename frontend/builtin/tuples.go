package builtin

import "adesh2go/frontend/types"

// The methods of tuples (EVERYDAY.md §7.6) and tuple(xs), Tuple(a, b, …). A tuple's length is
// known where its type is: len, first, last and toArray lower to its fields; get, slice and a
// non-constant t[i] give dynamic values (null out of range), through rt's tuple functions, which
// also serve the tuples whose length only the running program knows (tuple(xs), t.slice(…)).

// tupleElem is the type of the element i of the tuple t (negative from the end).
func tupleElem(t types.Type, i int) types.Type {
	tt, ok := t.(*types.Tuple)
	if !ok || len(tt.Elems) == 0 {
		return types.AnyType
	}
	if i < 0 {
		i += len(tt.Elems)
	}
	return tt.Elems[i]
}

// TupleArrayElem is the element type of t.toArray(): the elements' type when they all have
// one, else any.
func TupleArrayElem(t types.Type) types.Type {
	tt, ok := t.(*types.Tuple)
	if !ok || len(tt.Elems) == 0 {
		return types.AnyType
	}
	for _, e := range tt.Elems[1:] {
		if !types.Identical(e, tt.Elems[0]) {
			return types.AnyType
		}
	}
	return tt.Elems[0]
}

var (
	TupleLen     = method(Tuples, "len|length", 0, fixed(sig(i64)), hook)
	TupleIsEmpty = method(Tuples, "isEmpty|is_empty", 0, fixed(sig(boolean)), hook)
	TupleFirst   = method(Tuples, "first", 0, func(x In) Sig { return sig(tupleElem(x.Recv, 0)) }, hook)
	TupleLast    = method(Tuples, "last", 0, func(x In) Sig { return sig(tupleElem(x.Recv, -1)) }, hook)
	// t.get(i) is null out of range; a negative i fails.
	TupleGet      = method(Tuples, "get", 0, fixed(sig(types.AnyType, i64)), rtFn("TupleGet", Int64).withPos())
	TupleContains = method(Tuples, "contains|includes", 0, fixed(sig(boolean, types.AnyType)), rtFn("TupleContains"))
	TupleIndexOf  = method(Tuples, "indexOf|index_of", 0, fixed(sig(i64, types.AnyType)), rtFn("TupleIndexOf"))
	// t.slice(start?, end?) is a tuple of the elements between the bounds, clamped.
	TupleSlice   = method(Tuples, "slice", 0, fixed(sig(types.AnyType, i64, i64).opt(2)), rtFn("TupleSlice", Int64, Int64))
	TupleToArray = method(Tuples, "toArray|to_array", 0,
		func(x In) Sig { return sig(arrayOf(TupleArrayElem(x.Recv))) }, hook)

	// tuple(xs) is a tuple of the elements of an array, a set or a tuple; Tuple(a, b, …) a
	// tuple of its arguments.
	FnTuple     = function("tuple", fixed(sig(types.AnyType, nil)), rtFn("TupleOf").withPos())
	FnTupleCtor = function("Tuple", nil, hook)
	// The interpreter's container constructors (EVERYDAY.md §7.5), of dynamic values.
	FnArrayCtor = function("Array", fixed(Sig{Variadic: types.AnyType, Ret: types.AnyType}), rtFn("InterpArray"))
	FnListCtor  = function("List", fixed(Sig{Variadic: types.AnyType, Ret: types.AnyType}), rtFn("InterpList"))
	FnDictCtor  = function("Dict", fixed(Sig{Variadic: types.AnyType, Ret: types.AnyType}), rtFn("InterpDict"))
)
