package rt

import (
	"strconv"
	"strings"
)

// The tuple operations of EVERYDAY.md §7.6 on any tuple (the generated Tuple2…Tuple6 and
// DynTuple): t[i] with a computed index, get, contains, indexOf, slice, and tuple(xs).

// DynTuple is a tuple whose length only the running program knows: tuple(xs), t.slice(…),
// Tuple(v). It prints as the interpreter prints tuples: `()`, `(42,)`, `(1, "a")`.
type DynTuple []Value

func (t DynTuple) items() []Value { return t }

// AdeshFormat prints the tuple; one element has a trailing comma.
func (t DynTuple) AdeshFormat(b *strings.Builder, _ bool) {
	if len(t) == 1 {
		b.WriteByte('(')
		Format(b, t[0], true)
		b.WriteString(",)")
		return
	}
	formatTuple(b, t...)
}

// AdeshTypeName is the interpreter's name: its length is not part of a type.
func (DynTuple) AdeshTypeName() string { return "tuple" }

// AdeshEqual compares the elements with any tuple's.
func (t DynTuple) AdeshEqual(other any) bool {
	o, ok := other.(tupleItems)
	return ok && valuesEqual([]Value(t), o.items(), 0)
}

// AdeshField gives element "0" … "9" (t.0 of a dynamic value).
func (t DynTuple) AdeshField(name string) (any, bool) {
	i, ok := tupleField(name, len(t))
	if !ok {
		return nil, false
	}
	return t[i], true
}

// NewDynTuple is Tuple(v) and Tuple(): a tuple of the values.
func NewDynTuple(items ...Value) Value { return DynTuple(items) }

// TupleLen is the number of elements of t.
func TupleLen(t tupleItems) int64 { return int64(len(t.items())) }

// TupleAt is t[i]: negative counts from the end, out of range gives null.
func TupleAt(t tupleItems, i int64) Value {
	items := t.items()
	if i < 0 {
		i += int64(len(items))
	}
	if i < 0 || i >= int64(len(items)) {
		return nil
	}
	return items[i]
}

// TupleGet is t.get(i): null out of range, and a negative i fails.
func TupleGet(t tupleItems, i int64, pos string) Value {
	if i < 0 {
		Fail(pos, "expected a non-negative integer, found "+strconv.FormatInt(i, 10))
	}
	return TupleAt(t, i)
}

// TupleContains is t.contains(v), by ==.
func TupleContains(t tupleItems, v Value) bool { return TupleIndexOf(t, v) >= 0 }

// TupleIndexOf is the index of the first element == v, or -1.
func TupleIndexOf(t tupleItems, v Value) int64 {
	for i, x := range t.items() {
		if DynEq(x, v) {
			return int64(i)
		}
	}
	return -1
}

// TupleSlice is t.slice(start?, end?): a tuple of the elements between the bounds, which are
// clamped (negative ones count from the end).
func TupleSlice(t tupleItems, bounds ...int64) Value {
	items := t.items()
	n := int64(len(items))
	from, to := int64(0), n
	if len(bounds) > 0 {
		from = clampBound(bounds[0], n)
	}
	if len(bounds) > 1 {
		to = clampBound(bounds[1], n)
	}
	if from >= to {
		return DynTuple{}
	}
	return DynTuple(append([]Value(nil), items[from:to]...))
}

func clampBound(i, n int64) int64 {
	if i < 0 {
		i += n
	}
	return max(0, min(i, n))
}

// TupleOf is tuple(xs): a tuple of the elements of an array, a set or a tuple.
func TupleOf(xs Value, pos string) Value {
	if t, ok := xs.(tupleItems); ok {
		return DynTuple(append([]Value(nil), t.items()...))
	}
	switch xs.(type) {
	case nil, string, Char, int64, float64, bool:
		Fail(pos, "tuple() needs an array, a set or a tuple, found "+describe(xs))
	}
	return DynTuple(DynIter(xs, pos))
}
