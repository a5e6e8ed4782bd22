package rt

import (
	"reflect"
	"strconv"
)

// Indexing, fields, length, iteration and calls on dynamic values.

// DynIndex is v[i]: an array or string element (integer i), a map's value for key i, a record's
// field named i, or a tuple's element.
func DynIndex(v, i Value, pos string) Value {
	switch x := v.(type) {
	case []Value:
		return x[Index(indexArg(i, pos), len(x), pos)]
	case string:
		return CharAt(x, indexArg(i, pos), pos)
	case dynMap:
		val, ok := x.dynGet(i)
		if !ok {
			Fail(pos, "key "+Quote(i)+" not found")
		}
		return val
	case *Record:
		name, ok := i.(string)
		if !ok {
			failExpected("string field name", i, pos)
		}
		return DynField(x, name, pos)
	case tupleItems:
		return TupleAt(x, indexArg(i, pos)) // negative from the end, null out of range
	case nil:
		Fail(pos, "cannot index null")
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array {
		rv = addressable(rv)
		e := readable(rv.Index(Index(indexArg(i, pos), rv.Len(), pos)))
		if e.CanInterface() {
			return e.Interface()
		}
	}
	Fail(pos, "cannot index "+describe(v))
	return nil
}

// DynLookup is DynIndex on the left of `??` (`d[k] ?? fallback`): a key a map does not have, or
// a field a record does not have, is null there, as in JavaScript.
func DynLookup(v, i Value, pos string) Value {
	switch x := v.(type) {
	case dynMap:
		val, _ := x.dynGet(i)
		return val
	case *Record:
		if name, ok := i.(string); ok {
			if val, ok := x.Get(name); ok {
				return val
			}
			return nil
		}
	}
	return DynIndex(v, i, pos)
}

// DynChainField is `d?.name`, JavaScript's optional chaining: null when d is null.
func DynChainField(v Value, name string, pos string) Value {
	if v == nil {
		return nil
	}
	return DynField(v, name, pos)
}

// DynFieldOrNull is DynField on the left of `??` (`d.email ?? fallback`): a field a record
// does not have, or a key a map does not have, is null there.
func DynFieldOrNull(v Value, name string, pos string) Value {
	switch v.(type) {
	case *Record, dynMap:
		return DynLookup(v, name, pos)
	}
	return DynField(v, name, pos)
}

// indexArg gives an index operand as an i64, failing at pos unless it is an integer.
func indexArg(i Value, pos string) int64 {
	if x, ok := i.(int64); ok {
		return x
	}
	switch n := toNum(i); n.kind {
	case signedNum:
		return n.i
	case unsignedNum:
		return int64(min(n.u, 1<<63-1))
	}
	failExpected("an integer index", i, pos)
	return 0
}

// DynSetIndex is v[i] = x for an array (the element converts to a typed array's element type),
// a map or a record.
func DynSetIndex(v, i, x Value, pos string) {
	switch c := v.(type) {
	case []Value:
		c[Index(indexArg(i, pos), len(c), pos)] = x
		return
	case dynMap:
		c.dynSet(i, x, pos)
		return
	case *Record:
		name, ok := i.(string)
		if !ok {
			failExpected("string field name", i, pos)
		}
		c.Set(name, x)
		return
	case string:
		Fail(pos, "cannot assign to a character of a string")
	case nil:
		Fail(pos, "cannot index null")
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice {
		at := Index(indexArg(i, pos), rv.Len(), pos)
		elem := rv.Type().Elem()
		cv, ok := convertTo(x, elem, pos)
		if !ok {
			failExpected(typeNameOf(elem), x, pos)
		}
		rv.Index(at).Set(cv)
		return
	}
	Fail(pos, "cannot assign to an index of "+describe(v))
}

// DynField is v.name: a record's or struct's field, an Error's message, a tuple's element "0"…,
// or the length of an array or string for JavaScript's `.length`.
func DynField(v Value, name, pos string) Value {
	if v == nil {
		Fail(pos, "cannot read field "+name+" of null")
	}
	if f, ok := fieldOf(v, name); ok {
		return f
	}
	failNoField(v, name, pos)
	return nil
}

// fieldOf is DynField without the failure: false when v has no field name.
func fieldOf(v Value, name string) (Value, bool) {
	switch x := v.(type) {
	case FieldGetter:
		return x.AdeshField(name)
	case nil:
		return nil, false
	case string, []Value:
		if name == "length" {
			return DynLen(v, ""), true
		}
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Struct:
		if isVocabularyType(rv.Type()) {
			break // their Go fields are not AdeshLang fields
		}
		if f := structField(rv, name); f.IsValid() {
			if f = readable(addressableField(rv, name)); f.CanInterface() {
				return f.Interface(), true
			}
		}
	case reflect.Slice, reflect.Array:
		if name == "length" {
			return int64(rv.Len()), true
		}
	}
	return nil, false
}

// isVocabularyType reports whether t is one of this package's generic value types, whose fields
// dynamic code must not reach by reflection.
func isVocabularyType(t reflect.Type) bool {
	if t.PkgPath() != rtPkgPath {
		return false
	}
	switch genericName(t) {
	case "Option", "Result", "Map", "Set", "Record":
		return true
	}
	return false
}

func failNoField(v Value, name, pos string) {
	msg := "no field " + name + " on " + describe(v)
	if r, ok := v.(*Record); ok {
		if near := closestName(name, r.names); near != "" {
			msg += " (did you mean " + near + "?)"
		}
	}
	Fail(pos, msg)
}

// closestName is the name of names nearest to name by edit distance, within a third of its
// length (at least one edit); "" when none is that close. (The compiler's diag.Closest, for the
// fields of a dynamic record.)
func closestName(name string, names []string) string {
	best, bestD := "", max(1, len(name)/3)+1
	for _, n := range names {
		if n == name {
			continue
		}
		a, b := []rune(name), []rune(n)
		prev := make([]int, len(b)+1)
		for j := range prev {
			prev[j] = j
		}
		for i := 1; i <= len(a); i++ {
			cur := make([]int, len(b)+1)
			cur[0] = i
			for j := 1; j <= len(b); j++ {
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			}
			prev = cur
		}
		if d := prev[len(b)]; d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// addressableField gives a struct's field from an addressable copy of the struct, so that an
// unexported field can be read.
func addressableField(rv reflect.Value, name string) reflect.Value {
	return structField(addressable(rv), name)
}

// DynSetField is v.name = x for a record (adding the field when new), a FieldSetter, or a
// pointer to a struct with that field (x converts to the field's type).
func DynSetField(v Value, name string, x Value, pos string) {
	switch r := v.(type) {
	case *Record:
		r.Set(name, x)
		return
	case FieldSetter:
		if r.AdeshSetField(name, x, pos) {
			return
		}
	case nil:
		Fail(pos, "cannot set field "+name+" of null")
	}
	if setStructField(reflect.ValueOf(v), name, x, pos) {
		return
	}
	Fail(pos, "cannot set field "+name+" on "+describe(v))
}

// setStructField sets the field name of the struct rv points at to x (converted to the field's
// type), and reports false when rv is not a pointer to a struct with that field.
func setStructField(rv reflect.Value, name string, x Value, pos string) bool {
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct || isVocabularyType(rv.Elem().Type()) {
		return false
	}
	f := structField(rv.Elem(), name)
	if !f.IsValid() {
		return false
	}
	f = readable(f)
	cv, ok := convertTo(x, f.Type(), pos)
	if !ok {
		failExpected(typeNameOf(f.Type()), x, pos)
	}
	f.Set(cv)
	return true
}

// DynLen is len(v) for a string (in characters), an array, a map, a set or a record.
func DynLen(v Value, pos string) int64 {
	switch x := v.(type) {
	case string:
		return StrLen(x)
	case []Value:
		return int64(len(x))
	case dynMap:
		return int64(x.dynLen())
	case dynSet:
		return int64(x.dynLen())
	case *Record:
		return int64(x.Len())
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array {
		return int64(rv.Len())
	}
	Fail(pos, describe(v)+" has no length")
	return 0
}

// DynIter gives the elements `for x in v` visits: an array's elements, a string's characters,
// a map's or record's entries as (key, value) tuples (Tuple2[Value, Value]), a set's elements
// in insertion order, a tuple's elements.
func DynIter(v Value, pos string) []Value {
	return dynIter(v, pos, true)
}

// DynIterKeys is what `for k in d` takes from a dynamic value: the keys of a map or the field
// names of a record, as JavaScript's for-in gives them (`for (k, v) in d` takes DynIter's
// pairs); the elements of anything else.
func DynIterKeys(v Value, pos string) []Value {
	return dynIter(v, pos, false)
}

func dynIter(v Value, pos string, pairs bool) []Value {
	switch x := v.(type) {
	case []Value:
		return x
	case string:
		out := make([]Value, 0, len(x))
		for _, r := range x {
			out = append(out, Char(r))
		}
		return out
	case dynMap:
		keys, vals := x.dynKeys(), x.dynValues()
		if !pairs {
			return keys
		}
		out := make([]Value, len(keys))
		for i, k := range keys {
			out[i] = Tuple2[Value, Value]{k, vals[i]}
		}
		return out
	case dynSet:
		return x.dynValues()
	case *Record:
		out := make([]Value, len(x.names))
		for i, n := range x.names {
			if !pairs {
				out[i] = n
				continue
			}
			out[i] = Tuple2[Value, Value]{n, x.vals[i]}
		}
		return out
	case tupleItems:
		return x.items()
	case forInWalker:
		return x.forInValues()
	case nil:
		Fail(pos, "cannot iterate over null")
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array {
		rv = addressable(rv)
		out := make([]Value, rv.Len())
		for i := range out {
			if e := readable(rv.Index(i)); e.CanInterface() {
				out[i] = e.Interface()
			}
		}
		return out
	}
	Fail(pos, "cannot iterate over "+describe(v))
	return nil
}

// DynUnpack destructures v into exactly n parts, `let (a, b) = v`: a tuple or an array of
// length n.
func DynUnpack(v Value, n int, pos string) []Value {
	var parts []Value
	switch x := v.(type) {
	case tupleItems:
		parts = x.items()
	case []Value:
		parts = x
	default:
		if rv := reflect.ValueOf(v); v != nil && (rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array) {
			parts = DynIter(v, pos)
		} else {
			Fail(pos, "cannot destructure "+describe(v)+" into "+strconv.Itoa(n)+" values")
		}
	}
	if len(parts) != n {
		Fail(pos, "cannot destructure "+plural(len(parts), "value")+" into "+strconv.Itoa(n))
	}
	return parts
}

// DynCall calls the function f with args. A DynFunc is called directly; a typed Go function is
// called by reflection, each argument converting to its parameter's type. A function without a
// result gives ().
func DynCall(f Value, pos string, args ...Value) Value {
	if fn, ok := f.(DynFunc); ok {
		return fn(args...)
	}
	if f == nil {
		Fail(pos, "cannot call null")
	}
	rv := reflect.ValueOf(f)
	if rv.Kind() != reflect.Func {
		Fail(pos, "cannot call "+describe(f))
	}
	t := rv.Type()
	n := t.NumIn()
	if t.IsVariadic() {
		if len(args) < n-1 {
			Fail(pos, "expected at least "+plural(n-1, "argument")+", found "+strconv.Itoa(len(args)))
		}
	} else if len(args) != n {
		Fail(pos, "expected "+plural(n, "argument")+", found "+strconv.Itoa(len(args)))
	}
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		pt := paramType(t, i)
		cv, ok := convertTo(a, pt, pos)
		if !ok {
			failExpected(typeNameOf(pt)+" for argument "+strconv.Itoa(i+1), a, pos)
		}
		in[i] = cv
	}
	out := rv.Call(in)
	switch len(out) {
	case 0:
		return Unit{}
	case 1:
		return out[0].Interface()
	}
	results := make([]Value, len(out))
	for i, o := range out {
		results[i] = o.Interface()
	}
	return results
}

func paramType(t reflect.Type, i int) reflect.Type {
	if t.IsVariadic() && i >= t.NumIn()-1 {
		return t.In(t.NumIn() - 1).Elem()
	}
	return t.In(i)
}
