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

// AdeshMethod calls a method of the shared value; a method that gives its receiver (a class's
// fluent method: Receiver) gives the share, the instance it was called on.
func (s *Share[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	if m, ok := any(s.Get()).(MethodCaller); ok {
		v, found := m.AdeshMethod(name, pos, args)
		if _, self := v.(receiverMark); self {
			return s, found
		}
		return v, found
	}
	return nil, false
}

// Receiver is what a method called by name gives when it returns the instance it was called on
// (a class's `return this`): the share around the instance gives itself in its place.
var Receiver Value = receiverMark{}

type receiverMark struct{}

// DynArgs fails at pos unless a dynamic call of the method name passes it n arguments.
func DynArgs(name string, args []Value, n int, pos string) {
	wantArgs(name, args, n, pos)
}
