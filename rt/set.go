package rt

import (
	"iter"
	"reflect"
	"strings"
	"unsafe"
)

// Set is AdeshLang's Set<T> (EVERYDAY.md §3): a hash set that iterates and prints in insertion
// order, `{1, 2, 3}`. It is a handle, as Map is: copies of a *Set share one set. It is a Map
// from the elements to nothing, so it keeps Map's rules: Add, Has and Remove are O(1), an element
// added again keeps its place, one removed and added again goes to the end, and an iteration
// running while the loop body changes the set visits the elements present when it began that
// are still there.
//
// Reading methods accept a nil *Set as an empty set. A Set[Value] needs elements Go can hash
// (numbers, strings, bools, chars, null, handles); the dynamic operations check that and fail
// with a position, the static methods leave it to the compiler's types.
type Set[T comparable] struct {
	m Map[T, struct{}]
}

// NewSet makes an empty set.
func NewSet[T comparable]() *Set[T] {
	return &Set[T]{m: Map[T, struct{}]{index: map[T]int{}}}
}

// SetOf makes a set of the elements of xs, in their order; a repeated element keeps its first
// place. It is the set literal `{a, b, c}` and `set([a, b, c])`.
func SetOf[T comparable](xs []T) *Set[T] {
	s := &Set[T]{m: Map[T, struct{}]{index: make(map[T]int, len(xs)), entries: make([]mapEntry[T, struct{}], 0, len(xs))}}
	for _, x := range xs {
		s.m.Set(x, struct{}{})
	}
	return s
}

// Len is the number of elements.
func (s *Set[T]) Len() int {
	if s == nil {
		return 0
	}
	return s.m.Len()
}

// Add puts x in the set (last, unless it is there already).
func (s *Set[T]) Add(x T) { s.m.Set(x, struct{}{}) }

// Has reports whether x is in the set.
func (s *Set[T]) Has(x T) bool { return s != nil && s.m.Has(x) }

// Remove takes x out of the set and reports whether it was there; the others keep their order.
func (s *Set[T]) Remove(x T) bool { return s != nil && s.m.Delete(x) }

// Clear removes every element.
func (s *Set[T]) Clear() { s.m.Clear() }

// All iterates in insertion order; `for x in s` compiles to `for x := range s.All()`.
func (s *Set[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		if s == nil {
			return
		}
		for x := range s.m.All() {
			if !yield(x) {
				return
			}
		}
	}
}

// Values gives the elements in insertion order, as an array.
func (s *Set[T]) Values() []T {
	out := make([]T, 0, s.Len())
	for x := range s.All() {
		out = append(out, x)
	}
	return out
}

// Keys is Values: the compiled `for x in s` iterates over it where the loop body suspends.
func (s *Set[T]) Keys() []T { return s.Values() }

// Clone gives a new set of the same elements.
func (s *Set[T]) Clone() *Set[T] { return SetOf(s.Values()) }

// Union is a new set of the elements of s, then those of o that s does not have.
func (s *Set[T]) Union(o *Set[T]) *Set[T] {
	u := s.Clone()
	for x := range o.All() {
		u.Add(x)
	}
	return u
}

// Intersection is a new set of the elements of s that o has too, in s's order.
func (s *Set[T]) Intersection(o *Set[T]) *Set[T] {
	out := NewSet[T]()
	for x := range s.All() {
		if o.Has(x) {
			out.Add(x)
		}
	}
	return out
}

// Difference is a new set of the elements of s that o does not have, in s's order.
func (s *Set[T]) Difference(o *Set[T]) *Set[T] {
	out := NewSet[T]()
	for x := range s.All() {
		if !o.Has(x) {
			out.Add(x)
		}
	}
	return out
}

// AdeshFormat prints `{a, b, c}` in insertion order, the elements in nested form; the empty set
// prints `{}`, as the empty map does.
func (s *Set[T]) AdeshFormat(b *strings.Builder, _ bool) {
	if !enterFormat(b, unsafe.Pointer(s)) {
		return
	}
	defer leaveFormat(b)
	b.WriteByte('{')
	first := true
	for x := range s.All() {
		if !first {
			b.WriteString(", ")
		}
		first = false
		Format(b, x, true)
	}
	b.WriteByte('}')
}

// AdeshTypeName is `Set<T>`.
func (*Set[T]) AdeshTypeName() string { return "Set<" + TypeNameFor[T]() + ">" }

// dynSet is what dynamic code uses of a set of any element type.
type dynSet interface {
	dynLen() int
	dynHas(x Value) bool
	// dynAdd converts x to the set's element type, failing at pos when it does not convert.
	dynAdd(x Value, pos string)
	dynRemove(x Value) bool
	dynClear()
	dynValues() []Value
	// dynNew is an empty set of the same type.
	dynNew() dynSet
	dynClone() Value
}

func (s *Set[T]) dynLen() int { return s.Len() }

func (s *Set[T]) dynHas(x Value) bool {
	if !hashable(x) {
		return false
	}
	e, ok := x.(T)
	if !ok {
		if x != nil {
			return false
		}
		var zero T // a nil element is the zero of an interface element type
		if any(zero) != nil {
			return false
		}
	}
	return s.Has(e)
}

func (s *Set[T]) dynAdd(x Value, pos string) {
	if !hashable(x) {
		Fail(pos, "cannot put "+describe(x)+" in a set")
	}
	s.Add(DynTo[T](x, pos))
}

func (s *Set[T]) dynRemove(x Value) bool {
	e, ok := x.(T)
	return ok && hashable(x) && s.Remove(e)
}

func (s *Set[T]) dynClear() { s.Clear() }

func (s *Set[T]) dynValues() []Value {
	out := make([]Value, 0, s.Len())
	for x := range s.All() {
		out = append(out, x)
	}
	return out
}

func (s *Set[T]) dynNew() dynSet { return NewSet[T]() }

func (s *Set[T]) dynClone() Value { return s.Clone() }

// AdeshEqual compares sets by their elements, regardless of order and of the sets' Go types.
func (s *Set[T]) AdeshEqual(other any) bool { return s.equalAt(other, 0) }

func (s *Set[T]) equalAt(other any, _ int) bool {
	o, ok := other.(dynSet)
	if !ok || o.dynLen() != s.Len() {
		return false
	}
	for x := range s.All() {
		if !o.dynHas(x) {
			return false
		}
	}
	return true
}

// fromDynamic converts another set, or an array, to a new Set[T], converting every element.
func (*Set[T]) fromDynamic(v Value, pos string) any {
	var elems []Value
	switch src := v.(type) {
	case dynSet:
		elems = src.dynValues()
	default:
		if rv := reflect.ValueOf(v); v == nil || rv.Kind() != reflect.Slice {
			failExpected(typeNameOf(reflect.TypeFor[*Set[T]]()), v, pos)
		}
		elems = DynIter(v, pos)
	}
	s := NewSet[T]()
	for _, x := range elems {
		s.dynAdd(x, pos)
	}
	return s
}

// DynSetOf is `set(xs)` of a dynamic value: a set of an array's elements (or a copy of a set).
func DynSetOf(xs Value, pos string) *Set[Value] {
	return (*Set[Value])(nil).fromDynamic(xs, pos).(*Set[Value])
}

// dynSetCombine is union, intersection or difference of a dynamic set with another set (or
// an array, whose elements are taken as a set).
func dynSetCombine(s dynSet, method string, other Value, pos string) Value {
	var has func(Value) bool
	var elems []Value
	switch o := other.(type) {
	case dynSet:
		has, elems = o.dynHas, o.dynValues()
	default:
		tmp := DynSetOf(other, pos)
		has, elems = tmp.dynHas, tmp.dynValues()
	}
	out := s.dynNew()
	switch method {
	case "union":
		for _, x := range s.dynValues() {
			out.dynAdd(x, pos)
		}
		for _, x := range elems {
			out.dynAdd(x, pos)
		}
	case "intersection":
		for _, x := range s.dynValues() {
			if has(x) {
				out.dynAdd(x, pos)
			}
		}
	case "difference":
		for _, x := range s.dynValues() {
			if !has(x) {
				out.dynAdd(x, pos)
			}
		}
	}
	return out
}
