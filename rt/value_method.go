package rt

import (
	"reflect"
	"strconv"
)

// DynMethod calls the method name on the dynamic value v: the string, array and map methods of
// LANGUAGE.md §6 (with their JavaScript spellings where those are common: includes, indexOf,
// forEach, some, every, toUpperCase…), the set methods of EVERYDAY.md §3, a record field holding
// a function, a MethodCaller's methods, and to_string/clone on anything. Methods that change an array's length (push, pop,
// insert, remove, clear, extend) need the variable holding it: use DynMethodRef for those.
//
// Each spelling is mapped to its method's canonical name by the tables of zz_builtin_aliases.go,
// generated from the compiler's table of the builtin library; the switches below name canonical
// names only.
func DynMethod(v Value, name, pos string, args ...Value) Value {
	return dynMethod(&v, false, name, pos, args)
}

// DynChainMethod is `d?.name(args)`, JavaScript's optional chaining: null when d is null.
func DynChainMethod(v Value, name, pos string, args ...Value) Value {
	if v == nil {
		return nil
	}
	return DynMethod(v, name, pos, args...)
}

// DynMethodRef is DynMethod on the value in the variable *recv, which methods that change an
// array's length update: `xs.push(1)` compiles to DynMethodRef(&xs, "push", pos, 1).
func DynMethodRef(recv *Value, name, pos string, args ...Value) Value {
	return dynMethod(recv, true, name, pos, args)
}

func dynMethod(recv *Value, inVariable bool, name, pos string, args []Value) Value {
	v := *recv
	switch x := v.(type) {
	case string:
		if r, ok := stringMethod(x, name, pos, args); ok {
			return r
		}
	case []Value:
		if r, ok := arrayMethod(recv, x, inVariable, name, pos, args); ok {
			return r
		}
	case dynMap:
		if r, ok := mapMethod(x, name, pos, args); ok {
			return r
		}
	case dynSet:
		if r, ok := setMethod(x, name, pos, args); ok {
			return r
		}
	case *Record:
		if f, ok := x.Get(name); ok {
			return DynCall(f, pos, args...)
		}
	case tupleItems:
		if r, ok := tupleMethod(x, name, pos, args); ok {
			return r
		}
	case MethodCaller:
		if r, ok := x.AdeshMethod(name, pos, args); ok {
			return r
		}
	case nil:
		Fail(pos, "cannot call method "+name+" on null")
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice {
		if r, ok := typedArrayMethod(recv, rv, inVariable, name, pos, args); ok {
			return r
		}
	}
	if r, ok := valueMethod(v, name, pos, args); ok {
		return r
	}
	Fail(pos, "no method "+name+" on "+describe(v))
	return nil
}

// valueMethod is a method every value has.
func valueMethod(v Value, name, pos string, args []Value) (Value, bool) {
	switch valueMethodNames[name] {
	case "to_string":
		wantArgs(name, args, 0, pos)
		return Str(v), true
	case "clone":
		wantArgs(name, args, 0, pos)
		return DynClone(v), true
	}
	return nil, false
}

// typedArrayMethod applies an array method to a typed array held in a Value (an [i64] passed to
// an untyped parameter) by way of a []Value copy, writing changes back in the array's own type.
func typedArrayMethod(recv *Value, rv reflect.Value, inVariable bool, name, pos string, args []Value) (Value, bool) {
	elems := DynIter(*recv, pos)
	var copied Value = elems
	r, ok := arrayMethod(&copied, elems, inVariable, name, pos, args)
	if !ok {
		return nil, false
	}
	if changed := copied.([]Value); arrayMutators[arrayMethodNames[name]] {
		back, ok := convertSlice(reflect.ValueOf(changed), rv.Type(), pos)
		if !ok {
			failExpected(typeNameOf(rv.Type()), changed, pos)
		}
		if inVariable {
			*recv = back.Interface()
		} else {
			reflect.Copy(rv, back) // only methods that keep the length get here
		}
	}
	return r, true
}

func arrayMethod(recv *Value, xs []Value, inVariable bool, name, pos string, args []Value) (Value, bool) {
	method := arrayMethodNames[name]
	if arrayResizers[method] && !inVariable {
		Fail(pos, name+" needs an array held in a variable")
	}
	switch method {
	case "len":
		wantArgs(name, args, 0, pos)
		return int64(len(xs)), true
	case "is_empty":
		wantArgs(name, args, 0, pos)
		return len(xs) == 0, true
	case "push":
		*recv = append(xs, args...)
		return Unit{}, true
	case "pop":
		wantArgs(name, args, 0, pos)
		r := ArrPop(&xs)
		*recv = xs
		return r.ToValue(), true
	case "shift":
		wantArgs(name, args, 0, pos)
		r := ArrShift(&xs)
		*recv = xs
		return r.ToValue(), true
	case "unshift":
		wantArgs(name, args, 1, pos)
		ArrUnshift(&xs, args[0])
		*recv = xs
		return Unit{}, true
	case "insert":
		wantArgs(name, args, 2, pos)
		ArrInsert(&xs, indexArg(args[0], pos), args[1], pos)
		*recv = xs
		return Unit{}, true
	case "remove":
		wantArgs(name, args, 1, pos)
		r := ArrRemove(&xs, indexArg(args[0], pos), pos)
		*recv = xs
		return r, true
	case "clear":
		wantArgs(name, args, 0, pos)
		*recv = xs[:0:0]
		return Unit{}, true
	case "extend":
		wantArgs(name, args, 1, pos)
		*recv = append(xs, DynIter(args[0], pos)...)
		return Unit{}, true
	case "contains":
		wantArgs(name, args, 1, pos)
		return arrayIndexOf(xs, args[0]) >= 0, true
	case "index_of":
		wantArgs(name, args, 1, pos)
		return arrayIndexOf(xs, args[0]), true
	case "join":
		sep := ","
		if wantArgRange(name, args, 0, 1, pos) == 1 {
			sep = argString(name, args, 0, pos)
		}
		return ArrJoin(xs, sep), true
	case "sort":
		sortValues(xs, name, pos, args)
		return Unit{}, true
	case "reverse":
		wantArgs(name, args, 0, pos)
		ArrReverse(xs)
		return Unit{}, true
	case "reversed":
		wantArgs(name, args, 0, pos)
		return ArrReversed(xs), true
	case "map":
		f := argFunc(name, args, pos)
		return ArrMap(xs, func(x Value) Value { return DynCall(f, pos, x) }), true
	case "filter":
		f := argFunc(name, args, pos)
		return ArrFilter(xs, func(x Value) bool { return DynTruthy(DynCall(f, pos, x)) }), true
	case "find":
		f := argFunc(name, args, pos)
		return ArrFind(xs, func(x Value) bool { return DynTruthy(DynCall(f, pos, x)) }).ToValue(), true
	case "find_index":
		f := argFunc(name, args, pos)
		return ArrFindIndex(xs, func(x Value) bool { return DynTruthy(DynCall(f, pos, x)) }), true
	case "any":
		f := argFunc(name, args, pos)
		return ArrAny(xs, func(x Value) bool { return DynTruthy(DynCall(f, pos, x)) }), true
	case "all":
		f := argFunc(name, args, pos)
		return ArrAll(xs, func(x Value) bool { return DynTruthy(DynCall(f, pos, x)) }), true
	case "for_each":
		f := argFunc(name, args, pos)
		ArrForEach(xs, func(x Value) { DynCall(f, pos, x) })
		return Unit{}, true
	case "reduce":
		return reduceValues(name, xs, pos, args), true
	case "fold":
		// fold(init, f): reduce(f, init) in Rust's order.
		wantArgs(name, args, 2, pos)
		return reduceValues(name, xs, pos, []Value{args[1], args[0]}), true
	case "slice":
		from, to := sliceArgs(name, args, int64(len(xs)), pos)
		return ArrSlice(xs, from, to, pos), true
	case "concat":
		wantArgs(name, args, 1, pos)
		return ArrConcat(xs, DynIter(args[0], pos)), true
	case "clone":
		wantArgs(name, args, 0, pos)
		return DynClone(xs), true
	case "get":
		wantArgs(name, args, 1, pos)
		return ArrGet(xs, indexArg(args[0], pos)).ToValue(), true
	case "first":
		wantArgs(name, args, 0, pos)
		return ArrFirst(xs).ToValue(), true
	case "last":
		wantArgs(name, args, 0, pos)
		return ArrLast(xs).ToValue(), true
	case "sum":
		wantArgs(name, args, 0, pos)
		var sum Value = int64(0)
		for _, x := range xs {
			sum = DynAdd(sum, x, pos)
		}
		return sum, true
	case "min", "max":
		wantArgs(name, args, 0, pos)
		return extremeValue(xs, method == "max", pos), true
	}
	return nil, false
}

func arrayIndexOf(xs []Value, v Value) int64 {
	for i, x := range xs {
		if DynEq(x, v) {
			return int64(i)
		}
	}
	return -1
}

// sortValues sorts in place, stable: by DynCompare without an argument, otherwise by a function
// that is either a less-than (returns a bool) or a JavaScript comparator (returns a number,
// negative when a comes first).
func sortValues(xs []Value, name, pos string, args []Value) {
	if wantArgRange(name, args, 0, 1, pos) == 0 {
		ArrSortBy(xs, func(a, b Value) bool { return DynCompare(a, b, pos) < 0 })
		return
	}
	f := args[0]
	ArrSortBy(xs, func(a, b Value) bool {
		switch r := DynCall(f, pos, a, b).(type) {
		case bool:
			return r
		default:
			return DynLess(r, int64(0), pos)
		}
	})
}

// reduceValues is reduce(f, init), or reduce(f) starting from the first element as in
// JavaScript (failing on an empty array).
func reduceValues(name string, xs []Value, pos string, args []Value) Value {
	n := wantArgRange(name, args, 1, 2, pos)
	f := args[0]
	var acc Value
	if n == 2 {
		acc = args[1]
	} else {
		if len(xs) == 0 {
			Fail(pos, "reduce of an empty array with no initial value")
		}
		acc, xs = xs[0], xs[1:]
	}
	for _, x := range xs {
		acc = DynCall(f, pos, acc, x)
	}
	return acc
}

func extremeValue(xs []Value, wantMax bool, pos string) Value {
	if len(xs) == 0 {
		return nil
	}
	m := xs[0]
	for _, x := range xs[1:] {
		c := DynCompare(x, m, pos)
		if wantMax && c > 0 || !wantMax && c < 0 {
			m = x
		}
	}
	return m
}

func stringMethod(s, name, pos string, args []Value) (Value, bool) {
	switch stringMethodNames[name] {
	case "len":
		wantArgs(name, args, 0, pos)
		return StrLen(s), true
	case "byte_len":
		wantArgs(name, args, 0, pos)
		return StrByteLen(s), true
	case "is_empty":
		wantArgs(name, args, 0, pos)
		return s == "", true
	case "chars":
		wantArgs(name, args, 0, pos)
		return DynIter(s, pos), true
	case "split":
		wantArgs(name, args, 1, pos)
		return ToValues(Split(s, argString(name, args, 0, pos))), true
	case "split_whitespace":
		wantArgs(name, args, 0, pos)
		return ToValues(SplitWhitespace(s)), true
	case "lines":
		wantArgs(name, args, 0, pos)
		return ToValues(Lines(s)), true
	case "trim":
		wantArgs(name, args, 0, pos)
		return Trim(s), true
	case "trim_start":
		wantArgs(name, args, 0, pos)
		return TrimStart(s), true
	case "trim_end":
		wantArgs(name, args, 0, pos)
		return TrimEnd(s), true
	case "to_upper":
		wantArgs(name, args, 0, pos)
		return ToUpper(s), true
	case "to_lower":
		wantArgs(name, args, 0, pos)
		return ToLower(s), true
	case "contains":
		wantArgs(name, args, 1, pos)
		return StrContains(s, argString(name, args, 0, pos)), true
	case "starts_with":
		wantArgs(name, args, 1, pos)
		return StartsWith(s, argString(name, args, 0, pos)), true
	case "ends_with":
		wantArgs(name, args, 1, pos)
		return EndsWith(s, argString(name, args, 0, pos)), true
	case "replace":
		wantArgs(name, args, 2, pos)
		return Replace(s, argString(name, args, 0, pos), argString(name, args, 1, pos)), true
	case "index_of":
		wantArgs(name, args, 1, pos)
		return StrIndexOf(s, argString(name, args, 0, pos)), true
	case "repeat":
		wantArgs(name, args, 1, pos)
		return Repeat(s, AsInt(args[0], pos), pos), true
	case "reverse":
		wantArgs(name, args, 0, pos)
		return StrReverse(s), true
	case "parse_int":
		wantArgs(name, args, 0, pos)
		return ParseInt(s).ToValue(), true
	case "parse_float":
		wantArgs(name, args, 0, pos)
		return ParseFloat(s).ToValue(), true
	case "char_at":
		wantArgs(name, args, 1, pos)
		return CharAt(s, indexArg(args[0], pos), pos), true
	case "charAt":
		wantArgs(name, args, 1, pos)
		return CharAtString(s, indexArg(args[0], pos), pos), true
	case "substring":
		from, to := sliceArgs(name, args, StrLen(s), pos)
		return Substring(s, from, to), true
	case "pad_start":
		return PadStart(s, AsInt(args[0], pos), padArg(name, args, pos)), true
	case "pad_end":
		return PadEnd(s, AsInt(args[0], pos), padArg(name, args, pos)), true
	}
	return nil, false
}

// padArg checks pad_start's and pad_end's arguments (n) or (n, pad) and gives the padding.
func padArg(name string, args []Value, pos string) string {
	if wantArgRange(name, args, 1, 2, pos) == 2 {
		return argString(name, args, 1, pos)
	}
	return " "
}

func mapMethod(m dynMap, name, pos string, args []Value) (Value, bool) {
	switch mapMethodNames[name] {
	case "len":
		wantArgs(name, args, 0, pos)
		return int64(m.dynLen()), true
	case "is_empty":
		wantArgs(name, args, 0, pos)
		return m.dynLen() == 0, true
	case "get":
		wantArgs(name, args, 1, pos)
		v, _ := m.dynGet(args[0])
		return v, true
	case "set":
		wantArgs(name, args, 2, pos)
		m.dynSet(args[0], args[1], pos)
		return Unit{}, true
	case "has":
		wantArgs(name, args, 1, pos)
		_, ok := m.dynGet(args[0])
		return ok, true
	case "delete":
		wantArgs(name, args, 1, pos)
		return m.dynDelete(args[0]), true
	case "clear":
		wantArgs(name, args, 0, pos)
		m.dynClear()
		return Unit{}, true
	case "keys":
		wantArgs(name, args, 0, pos)
		return m.dynKeys(), true
	case "values":
		wantArgs(name, args, 0, pos)
		return m.dynValues(), true
	case "entries":
		wantArgs(name, args, 0, pos)
		return DynIter(m, pos), true
	case "getOr":
		wantArgs(name, args, 2, pos)
		if v, ok := m.dynGet(args[0]); ok {
			return v, true
		}
		return args[1], true
	case "merge":
		wantArgs(name, args, 1, pos)
		other, ok := args[0].(dynMap)
		if !ok {
			failExpected("a map to merge", args[0], pos)
		}
		out := NewMap[Value, Value]()
		for _, from := range []dynMap{m, other} {
			for _, k := range from.dynKeys() {
				v, _ := from.dynGet(k)
				out.Set(k, v)
			}
		}
		return out, true
	case "toArray":
		wantArgs(name, args, 0, pos)
		return m.dynValues(), true
	}
	return nil, false
}

// tupleMethod is a tuple's method (EVERYDAY.md §7.6), on any tuple.
func tupleMethod(t tupleItems, name, pos string, args []Value) (Value, bool) {
	items := t.items()
	switch tupleMethodNames[name] {
	case "len":
		wantArgs(name, args, 0, pos)
		return int64(len(items)), true
	case "isEmpty":
		wantArgs(name, args, 0, pos)
		return len(items) == 0, true
	case "first", "last":
		wantArgs(name, args, 0, pos)
		if tupleMethodNames[name] == "first" {
			return TupleAt(t, 0), true
		}
		return TupleAt(t, -1), true
	case "get":
		wantArgs(name, args, 1, pos)
		return TupleGet(t, indexArg(args[0], pos), pos), true
	case "contains":
		wantArgs(name, args, 1, pos)
		return TupleContains(t, args[0]), true
	case "indexOf":
		wantArgs(name, args, 1, pos)
		return TupleIndexOf(t, args[0]), true
	case "slice":
		bounds := make([]int64, len(args))
		for i, a := range args {
			bounds[i] = indexArg(a, pos)
		}
		return TupleSlice(t, bounds...), true
	case "toArray":
		wantArgs(name, args, 0, pos)
		return append([]Value(nil), items...), true
	}
	return nil, false
}

func setMethod(s dynSet, name, pos string, args []Value) (Value, bool) {
	switch method := setMethodNames[name]; method {
	case "len":
		wantArgs(name, args, 0, pos)
		return int64(s.dynLen()), true
	case "is_empty":
		wantArgs(name, args, 0, pos)
		return s.dynLen() == 0, true
	case "add":
		wantArgs(name, args, 1, pos)
		s.dynAdd(args[0], pos)
		return Unit{}, true
	case "has":
		wantArgs(name, args, 1, pos)
		return s.dynHas(args[0]), true
	case "remove":
		wantArgs(name, args, 1, pos)
		return s.dynRemove(args[0]), true
	case "clear":
		wantArgs(name, args, 0, pos)
		s.dynClear()
		return Unit{}, true
	case "values":
		wantArgs(name, args, 0, pos)
		return s.dynValues(), true
	case "clone":
		wantArgs(name, args, 0, pos)
		return s.dynClone(), true
	case "union", "intersection", "difference":
		wantArgs(name, args, 1, pos)
		return dynSetCombine(s, method, args[0], pos), true
	}
	return nil, false
}

// sliceArgs reads (from) or (from, to) with to defaulting to n.
func sliceArgs(name string, args []Value, n int64, pos string) (from, to int64) {
	to = n
	if wantArgRange(name, args, 1, 2, pos) == 2 {
		to = indexArg(args[1], pos)
	}
	return indexArg(args[0], pos), to
}

func wantArgs(name string, args []Value, n int, pos string) {
	if len(args) != n {
		Fail(pos, name+" expects "+plural(n, "argument")+", found "+strconv.Itoa(len(args)))
	}
}

// wantArgRange checks that lo ≤ len(args) ≤ hi and gives len(args).
func wantArgRange(name string, args []Value, lo, hi int, pos string) int {
	if len(args) < lo || len(args) > hi {
		Fail(pos, name+" expects "+strconv.Itoa(lo)+" to "+plural(hi, "argument")+", found "+strconv.Itoa(len(args)))
	}
	return len(args)
}

func argString(name string, args []Value, i int, pos string) string {
	s, ok := args[i].(string)
	if !ok {
		failExpected("a string argument to "+name, args[i], pos)
	}
	return s
}

func argFunc(name string, args []Value, pos string) Value {
	wantArgs(name, args, 1, pos)
	if args[0] == nil || !isFunc(args[0]) {
		failExpected("a function argument to "+name, args[0], pos)
	}
	return args[0]
}
