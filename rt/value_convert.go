package rt

import (
	"reflect"
	"strconv"
	"strings"
)

// Conversions between dynamic and static values. Going to a static type checks: the value must
// already have that type, or convert without loss of meaning: an integer to a float or to a
// narrower integer type it fits in, an array element by element, null to an empty optional, a
// map entry by entry (into a new map), a function by wrapping it.

// AsInt gives v as an i64: any integer that fits; fails at pos otherwise.
func AsInt(v Value, pos string) int64 {
	if x, ok := v.(int64); ok {
		return x
	}
	switch n := toNum(v); n.kind {
	case signedNum:
		return n.i
	case unsignedNum:
		if n.u <= 1<<63-1 {
			return int64(n.u)
		}
	}
	failExpected("i64", v, pos)
	return 0
}

// AsFloat gives v as an f64: any number (an integer converts).
func AsFloat(v Value, pos string) float64 {
	if x, ok := v.(float64); ok {
		return x
	}
	if n := toNum(v); n.kind != notNum {
		return n.float()
	}
	failExpected("f64", v, pos)
	return 0
}

// AsBool gives v as a bool.
func AsBool(v Value, pos string) bool {
	x, ok := v.(bool)
	if !ok {
		failExpected("bool", v, pos)
	}
	return x
}

// AsString gives v as a string.
func AsString(v Value, pos string) string {
	x, ok := v.(string)
	if !ok {
		failExpected("string", v, pos)
	}
	return x
}

// AsChar gives v as a char.
func AsChar(v Value, pos string) Char {
	x, ok := v.(Char)
	if !ok {
		failExpected("char", v, pos)
	}
	return x
}

// DynTo gives v as a T, converting as described above, and fails at pos with
// `expected T, found <type> <value>` when it cannot.
func DynTo[T any](v Value, pos string) T {
	if x, ok := v.(T); ok {
		return x
	}
	var zero T
	if c, ok := any(zero).(dynConverter); ok {
		x, _ := c.fromDynamic(v, pos).(T)
		return x
	}
	t := reflect.TypeFor[T]()
	if rv, ok := convertTo(v, t, pos); ok {
		x, _ := rv.Interface().(T)
		return x
	}
	failExpected(typeNameOf(t), v, pos)
	return zero
}

func failExpected(want string, v Value, pos string) {
	Fail(pos, "expected "+want+", found "+describe(v))
}

// ToValues gives a typed array as an array of dynamic values.
func ToValues[T any](xs []T) []Value {
	if vs, ok := any(xs).([]Value); ok {
		return vs
	}
	out := make([]Value, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// DynClone copies a dynamic array, and the arrays nested in it, so that the copy has value
// semantics; other values are returned as they are (maps and records are handles).
func DynClone(v Value) Value {
	xs, ok := v.([]Value)
	if !ok {
		return v
	}
	out := make([]Value, len(xs))
	for i, x := range xs {
		out[i] = DynClone(x)
	}
	return out
}

// convertTo converts v to the Go type t, reporting false when it cannot.
var promiseOfValue = reflect.TypeFor[*Promise[Value]]()

func convertTo(v Value, t reflect.Type, pos string) (reflect.Value, bool) {
	if v == nil {
		if t.Kind() == reflect.Interface {
			return reflect.Zero(t), true
		}
		if c, ok := converterOf(t); ok {
			return reflect.ValueOf(c.fromDynamic(nil, pos)), true
		}
		return reflect.Value{}, false
	}
	rv := reflect.ValueOf(v)
	if rv.Type().AssignableTo(t) {
		out := reflect.New(t).Elem()
		out.Set(rv)
		return out, true
	}
	if c, ok := converterOf(t); ok {
		return reflect.ValueOf(c.fromDynamic(v, pos)), true
	}
	if t == promiseOfValue {
		if _, awaitable := futureElem(rv.Type()); awaitable {
			// A future or a promise of another type in a dynamic array given to Promise.all:
			// a promise of its result, as a dynamic value.
			f := DynAwait(v)
			return reflect.ValueOf(PromiseOf[Value](&f)), true
		}
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		if n := toNum(v); n.kind != notNum {
			return reflect.ValueOf(n.float()).Convert(t), true
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n := toNum(v); t != reflect.TypeFor[Char]() && (n.kind == signedNum || n.kind == unsignedNum) {
			out := reflect.New(t).Elem()
			if n.kind == unsignedNum && n.u > 1<<63-1 || out.OverflowInt(n.int()) {
				return reflect.Value{}, false
			}
			out.SetInt(n.int())
			return out, true
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n := toNum(v); n.kind == unsignedNum || n.kind == signedNum && n.i >= 0 {
			out := reflect.New(t).Elem()
			u := n.u
			if n.kind == signedNum {
				u = uint64(n.i)
			}
			if out.OverflowUint(u) {
				return reflect.Value{}, false
			}
			out.SetUint(u)
			return out, true
		}
	case reflect.String:
		if c, ok := v.(Char); ok { // a char is the string of it, as in the interpreter
			return reflect.ValueOf(string(rune(c))).Convert(t), true
		}
	case reflect.Slice:
		if k := rv.Kind(); k == reflect.Slice || k == reflect.Array {
			return convertSlice(rv, t, pos)
		}
	case reflect.Struct:
		return convertStruct(rv, t, pos)
	case reflect.Func:
		if rv.Kind() == reflect.Func {
			return wrapFunc(v, t, pos)
		}
	}
	return reflect.Value{}, false
}

// converterOf gives the dynConverter of a type that has one (Option, *Map).
func converterOf(t reflect.Type) (dynConverter, bool) {
	if !t.Implements(reflect.TypeFor[dynConverter]()) || t.Kind() == reflect.Interface {
		return nil, false
	}
	c, ok := reflect.Zero(t).Interface().(dynConverter)
	return c, ok
}

func convertSlice(rv reflect.Value, t reflect.Type, pos string) (reflect.Value, bool) {
	rv = addressable(rv)
	out := reflect.MakeSlice(t, rv.Len(), rv.Len())
	for i := range rv.Len() {
		e := readable(rv.Index(i))
		if !e.CanInterface() {
			return reflect.Value{}, false
		}
		c, ok := convertTo(e.Interface(), t.Elem(), pos)
		if !ok {
			return reflect.Value{}, false
		}
		out.Index(i).Set(c)
	}
	return out, true
}

// convertStruct converts between instances of one generic struct of this package (a
// Tuple2[Value, Value] to a Tuple2[i64, string], a Result[Value, Value] to a Result[i64, Error]),
// field by field; a nil field becomes the zero value (the unused side of a Result).
func convertStruct(rv reflect.Value, t reflect.Type, pos string) (reflect.Value, bool) {
	from := rv.Type()
	if from.Kind() != reflect.Struct || from.PkgPath() != rtPkgPath || t.PkgPath() != rtPkgPath ||
		genericName(from) != genericName(t) || from.NumField() != t.NumField() {
		return reflect.Value{}, false
	}
	rv = addressable(rv)
	out := reflect.New(t).Elem()
	for i := range t.NumField() {
		f := readable(rv.Field(i))
		if !f.CanInterface() {
			return reflect.Value{}, false
		}
		fv := f.Interface()
		if fv == nil {
			continue
		}
		c, ok := convertTo(fv, t.Field(i).Type, pos)
		if !ok {
			return reflect.Value{}, false
		}
		out.Field(i).Set(c)
	}
	return out, true
}

func genericName(t reflect.Type) string {
	name, _, _ := strings.Cut(t.Name(), "[")
	return name
}

// wrapFunc makes a function of type t that calls the function f with dynamic arguments and
// converts its result to t's result type, failing at pos (the conversion's) when it does not
// convert.
func wrapFunc(f Value, t reflect.Type, pos string) (reflect.Value, bool) {
	if t.NumOut() > 1 {
		return reflect.Value{}, false
	}
	return reflect.MakeFunc(t, func(in []reflect.Value) []reflect.Value {
		var args []Value
		for i, a := range in {
			if t.IsVariadic() && i == len(in)-1 {
				for j := range a.Len() {
					args = append(args, a.Index(j).Interface())
				}
				break
			}
			args = append(args, a.Interface())
		}
		res := DynCall(f, pos, args...)
		if t.NumOut() == 0 {
			return nil
		}
		out, ok := convertTo(res, t.Out(0), pos)
		if !ok {
			failExpected(typeNameOf(t.Out(0)), res, pos)
		}
		return []reflect.Value{out}
	}), true
}

// hashable reports whether v can be a key of a Go map (not an array, map or function, nor
// something holding one).
func hashable(v Value) bool {
	switch v.(type) {
	case nil, int64, string, bool, Char, float64, Unit, Error:
		return true
	case []Value:
		return false
	}
	return hashableValue(reflect.ValueOf(v))
}

func hashableValue(rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Slice, reflect.Map, reflect.Func:
		return false
	case reflect.Array:
		for i := range rv.Len() {
			if !hashableValue(rv.Index(i)) {
				return false
			}
		}
	case reflect.Struct:
		for i := range rv.NumField() {
			if !hashableValue(rv.Field(i)) {
				return false
			}
		}
	case reflect.Interface:
		return rv.IsNil() || hashableValue(rv.Elem())
	}
	return true
}

// CheckArgs fails at pos unless a dynamic function received exactly n arguments.
func CheckArgs(args []Value, n int, pos string) {
	if len(args) != n {
		Fail(pos, "expected "+plural(n, "argument")+", found "+strconv.Itoa(len(args)))
	}
}

func plural(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	if n != 1 {
		s += "s"
	}
	return s
}

// DynUntyped is the dynamic value of a collection whose element types nothing in the program
// fixed (`new Map()` or `[]` kept in a dynamic field): the dynamic collection of the same kind,
// which takes any element. Such a collection is empty, nothing having been put in it.
func DynUntyped(v Value) Value {
	switch x := v.(type) {
	case interface{ untypedEmpty() Value }:
		return x.untypedEmpty()
	case []Unit:
		return make([]Value, 0, len(x))
	}
	return v
}

func (m *Map[K, V]) untypedEmpty() Value {
	if m.Len() > 0 {
		return m
	}
	return NewMap[Value, Value]()
}

func (s *Set[T]) untypedEmpty() Value {
	if s.Len() > 0 {
		return s
	}
	return NewSet[Value]()
}
