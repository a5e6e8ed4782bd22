package builtin

import "adesh2go/frontend/types"

// The methods of [T] (docs/language.md §14, Arrays).

// pred is a predicate's type: any result, read by its truthiness as a condition reads a dynamic
// value (`names.filter(n => n.len())`), as JavaScript does; a bool is read as it is.
func pred(x In) *types.Func { return fn(x.Fresh(), x.Elem) }

var (
	ArrayPush = method(Arrays, "push|append", Mutates|Resizes|Stores,
		func(x In) Sig { return sig(unit, x.Elem) }, rtPlace("ArrPush", Owned))
	ArrayPop = method(Arrays, "pop", Mutates|Resizes,
		func(x In) Sig { return sig(optional(x.Elem)) }, rtPlace("ArrPop"))
	// shift() and unshift(v) are pop and push at the front (JavaScript's).
	ArrayShift = method(Arrays, "shift", Mutates|Resizes,
		func(x In) Sig { return sig(optional(x.Elem)) }, rtPlace("ArrShift"))
	ArrayUnshift = method(Arrays, "unshift", Mutates|Resizes|Stores,
		func(x In) Sig { return sig(unit, x.Elem) }, rtPlace("ArrUnshift", Owned))
	ArrayInsert = method(Arrays, "insert", Mutates|Resizes|Stores,
		func(x In) Sig { return sig(unit, i64, x.Elem) }, rtPlace("ArrInsert", Int64, Owned).withPos())
	ArrayRemove = method(Arrays, "remove", Mutates|Resizes,
		func(x In) Sig { return sig(x.Elem, i64) }, rtPlace("ArrRemove", Int64).withPos())
	ArrayExtend = method(Arrays, "extend", Mutates|Resizes|Stores,
		func(x In) Sig { return sig(unit, arrayOf(x.Elem)) }, rtPlace("ArrExtend"))
	ArrayClear   = method(Arrays, "clear", Mutates|Resizes, fixed(sig(unit)), rtPlace("ArrClear"))
	ArrayReverse = method(Arrays, "reverse", Mutates, fixed(sig(unit)), rtFn("ArrReverse"))
	// sort() needs ordered elements; sort(cmp) takes a JavaScript comparator, which returns any
	// number (the checker refuses another result).
	ArraySort = method(Arrays, "sort|sort_by", Mutates|Ordered,
		func(x In) Sig { return sig(unit, fn(x.Fresh(), x.Elem, x.Elem)).opt(1) }, hook)

	ArrayLen      = method(Arrays, "len|length", 0, fixed(sig(i64)), hook)
	ArrayIsEmpty  = method(Arrays, "is_empty", 0, fixed(sig(boolean)), hook)
	ArrayContains = method(Arrays, "contains|includes", 0,
		func(x In) Sig { return sig(boolean, x.Elem) }, hook)
	ArrayIndexOf = method(Arrays, "index_of|indexOf", 0,
		func(x In) Sig { return sig(i64, x.Elem) }, hook)
	ArrayFirst = method(Arrays, "first", Aliases,
		func(x In) Sig { return sig(optional(x.Elem)) }, rtFn("ArrFirst"))
	ArrayLast = method(Arrays, "last", Aliases,
		func(x In) Sig { return sig(optional(x.Elem)) }, rtFn("ArrLast"))
	ArrayMin = method(Arrays, "min", Ordered, func(x In) Sig { return sig(optional(x.Elem)) }, hook)
	ArrayMax = method(Arrays, "max", Ordered, func(x In) Sig { return sig(optional(x.Elem)) }, hook)
	ArraySum = method(Arrays, "sum", Numeric, func(x In) Sig { return sig(x.Elem) }, hook)
	// join() joins with ",".
	ArrayJoin  = method(Arrays, "join", 0, fixed(sig(str, str).opt(1)), hook)
	ArraySlice = method(Arrays, "slice", 0,
		func(x In) Sig { return sig(arrayOf(x.Elem), i64, i64).opt(1) }, hook)
	ArrayConcat = method(Arrays, "concat", 0,
		func(x In) Sig { return sig(arrayOf(x.Elem), arrayOf(x.Elem)) }, hook) // (check's dynamicConcat)
	ArrayClone = method(Arrays, "clone|copy|toArray|to_array", 0,
		func(x In) Sig { return sig(arrayOf(x.Elem)) }, rtFn("ArrClone"))
	ArrayReversed = method(Arrays, "reversed", 0,
		func(x In) Sig { return sig(arrayOf(x.Elem)) }, rtFn("ArrReversed"))

	ArrayMap = method(Arrays, "map", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(arrayOf(u), fn(u, x.Elem))
	}, rtFn("ArrMap", FuncResult))
	ArrayFilter = method(Arrays, "filter", 0,
		func(x In) Sig { return sig(arrayOf(x.Elem), pred(x)) }, rtFn("ArrFilter", Predicate))
	ArrayFind = method(Arrays, "find", Aliases,
		func(x In) Sig { return sig(optional(x.Elem), pred(x)) }, rtFn("ArrFind", Predicate))
	ArrayFindIndex = method(Arrays, "find_index|findIndex", 0,
		func(x In) Sig { return sig(i64, pred(x)) }, rtFn("ArrFindIndex", Predicate))
	ArrayAny = method(Arrays, "any|some", 0,
		func(x In) Sig { return sig(boolean, pred(x)) }, rtFn("ArrAny", Predicate))
	ArrayAll = method(Arrays, "all|every", 0,
		func(x In) Sig { return sig(boolean, pred(x)) }, rtFn("ArrAll", Predicate))
	ArrayForEach = method(Arrays, "for_each|forEach", 0,
		func(x In) Sig { return sig(unit, fn(unit, x.Elem)) }, rtFn("ArrForEach", Func))
	// reduce(f, init) in JavaScript's order, fold(init, f) in Rust's.
	ArrayReduce = method(Arrays, "reduce", 0, func(x In) Sig {
		acc := x.Fresh()
		return sig(acc, fn(acc, acc, x.Elem), acc)
	}, rtFn("ArrReduce", FuncResult))
	ArrayFold = method(Arrays, "fold", 0, func(x In) Sig {
		acc := x.Fresh()
		return sig(acc, acc, fn(acc, acc, x.Elem))
	}, hook)
)
