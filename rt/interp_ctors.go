package rt

import "reflect"

// The interpreter's container constructors (EVERYDAY.md §7.5), on dynamic values: Array(…),
// List(…), Set(…), Dict(…) and Map(…).

// InterpArray is Array(): [] for none, n nulls for one whole number n, a copy of an array's or a
// set's elements for one of those, [v] for any other v, and the arguments for several.
func InterpArray(args ...Value) Value {
	const pos = "" // (the interpreter's constructors fail without a position)
	if len(args) == 1 {
		if n := toNum(args[0]); n.kind == signedNum || n.kind == unsignedNum {
			count := n.int()
			if count < 0 {
				Fail(pos, "Array() needs a non-negative length")
			}
			return make([]Value, count)
		}
	}
	return interpList(pos, args)
}

// InterpList is List(): as Array(), but List(3) is [3].
func InterpList(args ...Value) Value { return interpList("", args) }

func interpList(pos string, args []Value) Value {
	switch len(args) {
	case 0:
		return []Value{}
	case 1:
		if iterable(args[0]) {
			return append([]Value{}, DynIter(args[0], pos)...)
		}
		return []Value{args[0]}
	}
	return append([]Value{}, args...)
}

// InterpDict is Dict() and Map(): an empty dictionary (a string-keyed object, as `{}`), or a copy
// of one.
func InterpDict(args ...Value) Value {
	const pos = ""
	m := NewMap[Value, Value]()
	if len(args) == 1 {
		switch args[0].(type) {
		case dynMap, *Record:
			for _, kv := range DynIter(args[0], pos) {
				pair := kv.(Tuple2[Value, Value])
				m.Set(pair.F0, pair.F1)
			}
			return m
		}
	}
	if len(args) > 0 {
		Fail(pos, "Dict() takes no value, or a dictionary to copy")
	}
	return m
}

// iterable reports whether v is an array or a set, whose elements a constructor takes.
func iterable(v Value) bool {
	switch v.(type) {
	case []Value, dynSet:
		return true
	}
	return v != nil && reflect.ValueOf(v).Kind() == reflect.Slice
}
