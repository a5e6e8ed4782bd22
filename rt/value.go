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

// TypeNamer is implemented by generated types whose Go name differs from their AdeshLang name,
// so that run-time errors name the type as the user wrote it.
type TypeNamer interface {
	AdeshTypeName() string
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

// TypeName is the AdeshLang name of v's type, for messages: i64, f64, string, [any], Map<string,
// i64>, Config, …
func TypeName(v Value) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case int64:
		return "i64"
	case float64:
		return "f64"
	case bool:
		return "bool"
	case string:
		return "string"
	case Char:
		return "char"
	case []Value:
		return "[any]"
	case TypeNamer:
		return x.AdeshTypeName()
	}
	return typeNameOf(reflect.TypeOf(v))
}

// isFutureType reports whether t (or a pointer to it) is a generated state machine: a type of
// the program with a `Poll(*Context)` method.
func isFutureType(t reflect.Type) bool {
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if base.PkgPath() == rtPkgPath {
		return false // a Promise, a JoinHandle, a SleepFuture: named as themselves
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		t = reflect.PointerTo(t)
	}
	m, ok := t.MethodByName("Poll")
	return ok && m.Type.NumIn() == 2 && m.Type.In(1) == reflect.TypeFor[*Context]()
}

// typeNameOf is the AdeshLang name of a Go type.
func typeNameOf(t reflect.Type) string {
	if t.Implements(reflect.TypeFor[TypeNamer]()) && t.Kind() != reflect.Interface && t.Kind() != reflect.Pointer {
		return reflect.Zero(t).Interface().(TypeNamer).AdeshTypeName()
	}
	if t.PkgPath() == rtPkgPath {
		if name, ok := rtTypeName(t); ok {
			return name
		}
	}
	if isFutureType(t) {
		return "Future"
	}
	switch t.Kind() {
	case reflect.Int64, reflect.Int:
		return "i64"
	case reflect.Int8:
		return "i8"
	case reflect.Int16:
		return "i16"
	case reflect.Int32:
		return "i32"
	case reflect.Uint8:
		return "u8"
	case reflect.Uint16:
		return "u16"
	case reflect.Uint32:
		return "u32"
	case reflect.Uint64, reflect.Uint:
		return "u64"
	case reflect.Float32:
		return "f32"
	case reflect.Float64:
		return "f64"
	case reflect.Bool:
		return "bool"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "[" + typeNameOf(t.Elem()) + "]"
	case reflect.Interface:
		return "any"
	case reflect.Func:
		return "fn"
	case reflect.Pointer:
		if t.Elem().PkgPath() == rtPkgPath {
			if name, ok := rtTypeName(t.Elem()); ok {
				return name
			}
		}
		return typeNameOf(t.Elem())
	}
	name, _, _ := strings.Cut(t.Name(), "[")
	if name == "" {
		return t.String()
	}
	return name
}

// rtTypeName names this package's own types, whose type arguments reflect only shows in Go
// syntax: the arguments are read back from the types of their fields.
func rtTypeName(t reflect.Type) (string, bool) {
	generic, _, _ := strings.Cut(t.Name(), "[")
	switch generic {
	case "Unit":
		return "()", true
	case "Char":
		return "char", true
	case "Error":
		return "Error", true
	case "Record":
		return "record", true
	case "Option":
		return typeNameOf(t.Field(1).Type) + "?", true
	case "Result":
		return "Result<" + typeNameOf(t.Field(1).Type) + ", " + typeNameOf(t.Field(2).Type) + ">", true
	case "Map":
		key := t.Field(0).Type.Key()
		val := t.Field(1).Type.Elem().Field(1).Type
		return "Map<" + typeNameOf(key) + ", " + typeNameOf(val) + ">", true
	case "Tuple2", "Tuple3", "Tuple4", "Tuple5", "Tuple6":
		parts := make([]string, t.NumField())
		for i := range parts {
			parts[i] = typeNameOf(t.Field(i).Type)
		}
		return "(" + strings.Join(parts, ", ") + ")", true
	}
	return "", false
}

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
	return TypeName(v) + " " + shown
}

func isFunc(v Value) bool {
	if _, ok := v.(DynFunc); ok {
		return true
	}
	return reflect.TypeOf(v).Kind() == reflect.Func
}
