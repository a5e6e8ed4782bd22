package rt

import "reflect"

// A Collections object held in a dynamic value (passed to an untyped parameter) is called by
// the names of the compiler's table (collectionMethodNames, generated): each dynamic argument
// converts to the Go method's parameter, as DynCall converts a typed function's.

// collectionGoMethod is the Go method a spelling calls, and whether it takes the position last.
type collectionGoMethod struct {
	name string
	pos  bool
}

// callCollection calls the method spelled name of the object obj, of the kind kind.
func callCollection(obj any, kind, name, pos string, args []Value) (Value, bool) {
	m, ok := collectionMethodNames[kind][name]
	if !ok {
		return nil, false
	}
	f := reflect.ValueOf(obj).MethodByName(m.name)
	if m.pos {
		args = append(append([]Value{}, args...), pos)
	}
	r := DynCall(f.Interface(), pos, args...)
	if o, ok := r.(interface{ ToValue() Value }); ok {
		return o.ToValue(), true // an optional result: its value or null
	}
	return r, true
}

func (q *Queue[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(q, "Queue", name, pos, args)
}
func (s *Stack[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(s, "Stack", name, pos, args)
}
func (d *VecDeque[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(d, "VecDeque", name, pos, args)
}
func (r *RingBuffer[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(r, "RingBuffer", name, pos, args)
}
func (h *BinaryHeap[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(h, "BinaryHeap", name, pos, args)
}
func (q *PriorityQueue[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(q, "PriorityQueue", name, pos, args)
}
func (s *TextSet[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(s, s.name, name, pos, args)
}
func (m *TextMap[V]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(m, m.name, name, pos, args)
}
func (s *BitSetObj) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(s, "BitSet", name, pos, args)
}
func (s *Slice[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(s, "Slice", name, pos, args)
}
func (v *Vec[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	return callCollection(v, "Vec", name, pos, args)
}
