package rt

import "reflect"

// A Share in a dynamic value is reached through: dynamic code reads and sets the fields of the
// value it holds and calls its methods, so that a class instance (a Share of its struct) held in
// an `any` (a base class's type, an array of several classes' instances) works as the instance.

// AdeshField gives a field of the shared value.
func (s *Share[T]) AdeshField(name string) (any, bool) {
	if g, ok := any(s.Get()).(FieldGetter); ok {
		return g.AdeshField(name)
	}
	return nil, false
}

// AdeshSetField sets a field of the shared value (see DynSetField).
func (s *Share[T]) AdeshSetField(name string, x any, pos string) bool {
	if f, ok := any(s.Get()).(FieldSetter); ok {
		return f.AdeshSetField(name, x, pos)
	}
	return setStructField(reflect.ValueOf(s.Get()), name, x, pos)
}

// AdeshMethod calls a method of the shared value.
func (s *Share[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	if m, ok := any(s.Get()).(MethodCaller); ok {
		return m.AdeshMethod(name, pos, args)
	}
	return nil, false
}

// DynArgs fails at pos unless a dynamic call of the method name passes it n arguments.
func DynArgs(name string, args []Value, n int, pos string) {
	wantArgs(name, args, n, pos)
}
