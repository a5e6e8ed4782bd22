package rt

import (
	"reflect"
	"strings"
)

// TypeNamer is implemented by types whose Go name is not their AdeshLang name: the generated
// structs and enums (`Box<[string]>`, not `Box[[]string]`) and this package's handles.
// AdeshTypeName must not read its receiver: to name a type without a value at hand (an array's
// element type, a type argument), the runtime calls it on a zero value or a nil pointer.
type TypeNamer interface {
	AdeshTypeName() string
}

// enumTypeMethod is the method every variant of a generated enum, and the enum's interface
// itself, has: its result is a zero-size type whose AdeshTypeName names the enum. An interface
// type has no value to call a method on, so the name travels in the method's result type.
const enumTypeMethod = "AdeshEnumType"

var (
	typeNamerType = reflect.TypeFor[TypeNamer]()
	unitType      = reflect.TypeFor[Unit]()
)

// TypeName is `typeof(v)` of a dynamic value, and names values in messages: the AdeshLang name
// of the type of what v holds: i64, [Shape], Map<string, i64>, Box<[string]>, Future<i64>, …
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

// TypeNameFor is the AdeshLang name of the Go type T: generated types name their type
// arguments with it.
func TypeNameFor[T any]() string { return typeNameOf(reflect.TypeFor[T]()) }

// typeNameOf is the AdeshLang name of a Go type.
func typeNameOf(t reflect.Type) string {
	if name, ok := selfNamed(t); ok {
		return name
	}
	if name, ok := enumName(t); ok {
		return name
	}
	if t.PkgPath() == rtPkgPath {
		if name, ok := rtTypeName(t); ok {
			return name
		}
	}
	if elem, ok := futureElem(t); ok {
		return "Future<" + typeNameOf(elem) + ">"
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
		return funcTypeName(t)
	case reflect.Pointer:
		if t.Elem().PkgPath() == rtPkgPath {
			if name, ok := rtTypeName(t.Elem()); ok {
				return name
			}
		}
		return typeNameOf(t.Elem())
	}
	name, _, _ := strings.Cut(adeshName(t.Name()), "[")
	if name == "" {
		return t.String()
	}
	return name
}

// selfNamed asks a TypeNamer for its name, on a zero value of t.
func selfNamed(t reflect.Type) (string, bool) {
	switch {
	case t.Kind() == reflect.Interface:
		return "", false
	case t.Kind() == reflect.Pointer && t.Elem().Implements(typeNamerType):
		t = t.Elem() // a value method: a nil pointer cannot call it
	case !t.Implements(typeNamerType):
		return "", false
	}
	return reflect.Zero(t).Interface().(TypeNamer).AdeshTypeName(), true
}

// enumName names a generated enum from its interface type or one of its variants.
func enumName(t reflect.Type) (string, bool) {
	m, ok := t.MethodByName(enumTypeMethod)
	if !ok || m.Type.NumOut() != 1 || !m.Type.Out(0).Implements(typeNamerType) {
		return "", false
	}
	return reflect.Zero(m.Type.Out(0)).Interface().(TypeNamer).AdeshTypeName(), true
}

// futureElem is T for a future of T: any type, generated or of this package, with a
// `Poll(*Context) Poll[T]` method.
func futureElem(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		t = reflect.PointerTo(t) // Poll has a pointer receiver
	}
	m, ok := t.MethodByName("Poll")
	if !ok {
		return nil, false
	}
	in := m.Type.NumIn()
	if t.Kind() != reflect.Interface {
		in-- // the receiver
	}
	if in != 1 || m.Type.In(m.Type.NumIn()-1) != reflect.TypeFor[*Context]() || m.Type.NumOut() != 1 {
		return nil, false
	}
	poll := m.Type.Out(0)
	if poll.PkgPath() != rtPkgPath || !strings.HasPrefix(poll.Name(), "Poll[") {
		return nil, false
	}
	field, ok := poll.FieldByName("Value")
	return field.Type, ok
}

// funcTypeName is `fn(A, B): R`, or `fn(A, B)` for a function that gives nothing; a dynamic
// function, which takes any arguments, is `fn`.
func funcTypeName(t reflect.Type) string {
	if t.IsVariadic() {
		return "fn"
	}
	params := make([]string, t.NumIn())
	for i := range params {
		params[i] = typeNameOf(t.In(i))
	}
	name := "fn(" + strings.Join(params, ", ") + ")"
	if t.NumOut() == 1 && t.Out(0) != unitType {
		name += ": " + typeNameOf(t.Out(0))
	}
	return name
}

// isFutureType reports whether t (or a pointer to it) is a generated state machine: a type of
// the program with a `Poll(*Context)` method.
func isFutureType(t reflect.Type) bool {
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if base.PkgPath() == rtPkgPath {
		return false // a Promise, a JoinHandle, a SleepFuture: printed as themselves
	}
	_, ok := futureElem(t)
	return ok
}

// rtTypeName names this package's own value types, whose type arguments reflect only shows in
// Go syntax: the arguments are read back from the types of their fields.
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

// DynTypeOf is `typeof(v)` of a dynamic value: the interpreter's names where it has its own
// ("boolean", "object" for records and maps, "set", "function", "promise", "tuple", a class
// instance's class without type arguments), else TypeName's (i64, f64, string, [any]).
func DynTypeOf(v Value) string {
	if _, ok := v.(bool); ok {
		return "boolean"
	}
	name := TypeName(v)
	if name == "()" {
		return name // the unit value, not a tuple
	}
	if sh, ok := v.(interface{ holdsStruct() bool }); ok && sh.holdsStruct() {
		// A class instance is a share of its struct (syntax/class.go): its class's name.
		inner := strings.TrimPrefix(name, "Share<")
		class, _, _ := strings.Cut(inner, "<")
		return strings.TrimSuffix(class, ">")
	}
	for _, k := range interpreterKinds {
		if strings.HasPrefix(name, k.prefix) {
			return k.name
		}
	}
	return name
}

// interpreterKinds name the kinds of value the interpreter's typeof names by kind, by the
// prefix of their TypeName.
var interpreterKinds = []struct{ prefix, name string }{
	{"record", "object"}, {"Map<", "object"}, {"Set<", "set"}, {"fn(", "function"},
	{"Promise<", "promise"}, {"(", "tuple"}, {"Future<", "promise"},
}
