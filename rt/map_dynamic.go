package rt

import "reflect"

// dynMap is what dynamic code uses of a map of any key and value types.
type dynMap interface {
	dynLen() int
	// dynGet looks k up; a key of the wrong type is absent.
	dynGet(k Value) (Value, bool)
	// dynSet converts k and v to the map's types, failing at pos when they do not convert.
	dynSet(k, v Value, pos string)
	dynDelete(k Value) bool
	dynClear()
	dynKeys() []Value
	dynValues() []Value
}

func (m *Map[K, V]) dynLen() int { return m.Len() }

func (m *Map[K, V]) dynGet(k Value) (Value, bool) {
	if !hashable(k) {
		return nil, false
	}
	key, ok := k.(K)
	if !ok {
		if k != nil {
			return nil, false
		}
		var zero K // a nil key is the zero of an interface key type
		if any(zero) != nil {
			return nil, false
		}
	}
	if o := m.Get(key); o.Some {
		return o.Val, true
	}
	return nil, false
}

func (m *Map[K, V]) dynSet(k, v Value, pos string) {
	if !hashable(k) {
		Fail(pos, "cannot use "+describe(k)+" as a map key")
	}
	m.Set(DynTo[K](k, pos), DynTo[V](v, pos))
}

func (m *Map[K, V]) dynDelete(k Value) bool {
	key, ok := k.(K)
	return ok && hashable(k) && m.Delete(key)
}

func (m *Map[K, V]) dynClear() { m.Clear() }

func (m *Map[K, V]) dynKeys() []Value {
	out := make([]Value, 0, m.Len())
	for k := range m.All() {
		out = append(out, k)
	}
	return out
}

func (m *Map[K, V]) dynValues() []Value {
	out := make([]Value, 0, m.Len())
	for _, v := range m.All() {
		out = append(out, v)
	}
	return out
}

// AdeshEqual compares maps by their entries, regardless of order and of the maps' Go types.
func (m *Map[K, V]) AdeshEqual(other any) bool { return m.equalAt(other, 0) }

func (m *Map[K, V]) equalAt(other any, depth int) bool {
	o, ok := other.(dynMap)
	if !ok || o.dynLen() != m.Len() {
		return false
	}
	for k, v := range m.All() {
		ov, ok := o.dynGet(k)
		if !ok || !valuesEqual(v, ov, depth+1) {
			return false
		}
	}
	return true
}

// fromDynamic converts another map to a new Map[K, V], converting every key and value.
func (*Map[K, V]) fromDynamic(v Value, pos string) any {
	src, ok := v.(dynMap)
	if !ok {
		failExpected(typeNameOf(reflect.TypeFor[*Map[K, V]]()), v, pos)
	}
	keys, vals := src.dynKeys(), src.dynValues()
	m := NewMap[K, V]()
	for i, k := range keys {
		m.Set(DynTo[K](k, pos), DynTo[V](vals[i], pos))
	}
	return m
}
