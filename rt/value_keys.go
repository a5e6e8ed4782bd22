package rt

// keys(o), values(o) and hasKey(o, k) on a dynamic value (EVERYDAY.md §3): a map's keys and
// values, or a record's field names and values, in their order.

// DynKeys gives the keys of a map or the field names of a record.
func DynKeys(v Value, pos string) []Value {
	switch x := v.(type) {
	case dynMap:
		return x.dynKeys()
	case *Record:
		out := make([]Value, len(x.names))
		for i, n := range x.names {
			out[i] = n
		}
		return out
	}
	Fail(pos, "keys needs a map or an object, found "+describe(v))
	return nil
}

// DynValues gives the values of a map or of a record's fields.
func DynValues(v Value, pos string) []Value {
	switch x := v.(type) {
	case dynMap:
		return x.dynValues()
	case *Record:
		return append([]Value(nil), x.vals...)
	}
	Fail(pos, "values needs a map or an object, found "+describe(v))
	return nil
}

// DynHasKey reports whether a map has the key k, or a record the field named k.
func DynHasKey(v, k Value, pos string) bool {
	switch x := v.(type) {
	case dynMap:
		_, ok := x.dynGet(k)
		return ok
	case *Record:
		name, ok := k.(string)
		if !ok {
			return false
		}
		_, ok = x.Get(name)
		return ok
	}
	Fail(pos, "hasKey needs a map or an object, found "+describe(v))
	return false
}
