package rt

import (
	"reflect"
	"strings"
	"unicode/utf8"
)

// Value is AdeshLang's `any` (§7): a dynamic value. It holds one of
//
//	int64, float64, bool, string, Char, Unit, nil (null), []Value (an array),
//	*Map[Value, Value] (a map), *Record (an object literal used as a record), Error,
//	DynFunc (a function), or any statically typed value that was passed in (another integer or
//	float type, a typed array, a generated struct or enum, an Option, a Result, a tuple, a handle).
//
// The Dyn… functions apply AdeshLang's operators and methods to Values with the same rules as
// typed code, checking at run time and failing with the AdeshLang position of the operation.
// Decisions where the static language has no rule, documented here and in the tests:
//   - `+` with a string on either side concatenates the other operand's top-level form.
//   - int op int stays an integer of that type (i64 when the two types differ), wrapping; any
//     float operand makes the result a float.
//   - `==` is deep; numbers compare by value across integer and float types (1 == 1.0); values of
//     other unlike types are unequal. `<` on unlike types, or on types without an order, fails.
//     Strings, chars, bools (false < true) and arrays (lexicographically) are ordered.
//   - Truthiness (`if v`, `!v`, `&&`): false, null, (), zero numbers, NaN and "" are false;
//     everything else, including an empty array, is true, as in JavaScript.
//   - A null-valued optional is nil and a present one is its value (Option.ToValue).
type Value = any

// DynFunc is a function of dynamic code: an untyped lambda or function value.
type DynFunc = func(args ...Value) Value

// FieldGetter is implemented by generated structs so that dynamic code can read their fields
// by AdeshLang name.
type FieldGetter interface {
	AdeshField(name string) (any, bool)
}

// FieldSetter is implemented by pointers to generated structs so that dynamic code can assign
// their fields; it reports false for an unknown field and may fail at pos for a value of the
// wrong type (DynTo does that).
type FieldSetter interface {
	AdeshSetField(name string, v any, pos string) bool
}

// MethodCaller is implemented by types whose methods dynamic code may call by name; ok is false
// when the type has no such method.
type MethodCaller interface {
	AdeshMethod(name, pos string, args []Value) (result Value, ok bool)
}

// Equaler is implemented by types whose AdeshLang equality is not the structural comparison of
// their Go representation: maps and records compare their entries regardless of order, and a
// handle may compare by identity.
type Equaler interface {
	AdeshEqual(other any) bool
}

// dynamicPayloader is an optional seen as a dynamic value: its payload or nil.
type dynamicPayloader interface {
	dynamicPayload() Value
}

// dynConverter builds a value of its own type from a dynamic one (Option[T], *Map[K, V]).
type dynConverter interface {
	fromDynamic(v Value, pos string) any
}

// tupleItems is implemented by the tuple types.
type tupleItems interface {
	items() []Value
}

var rtPkgPath = reflect.TypeFor[Unit]().PkgPath()

// describe names a value and shows it, for error messages: `string "x"`, `i64 3`, `null`.
func describe(v Value) string {
	switch v.(type) {
	case nil:
		return "null"
	case Unit:
		return "()"
	}
	if isFunc(v) {
		return "fn"
	}
	const maxShown = 60
	shown := Quote(v)
	if len(shown) > maxShown {
		cut := maxShown - 3
		for !utf8.RuneStart(shown[cut]) {
			cut--
		}
		shown = shown[:cut] + "..."
	}
	name := TypeName(v)
	if _, bare, _ := strings.Cut(name, "."); strings.HasPrefix(name, shown) || strings.HasPrefix(bare, shown) {
		return name // a handle printed as its kind (`JoinHandle`): its type says it all
	}
	return name + " " + shown
}

func isFunc(v Value) bool {
	if _, ok := v.(DynFunc); ok {
		return true
	}
	return reflect.TypeOf(v).Kind() == reflect.Func
}
