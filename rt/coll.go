package rt

import (
	"strings"
	"sync"
)

// The Collections module's objects (EVERYDAY.md §7.2): Vec, Queue, Stack, VecDeque, BinaryHeap,
// PriorityQueue, RingBuffer, HashSet, BTreeSet, OrderedSet, HashMap, BTreeMap, OrderedMap, BitSet
// and Slice. Each is shared by reference (generated code holds a pointer) and safe to share across
// threads: every method takes the object's lock, and none calls out while holding it (printing
// formats a copy of the contents). An empty read (pop, peek, get…) gives null.

// seq is the locked list under the sequences: Vec, Queue, Stack, VecDeque, RingBuffer, BinaryHeap.
type seq[T any] struct {
	mu    sync.Mutex
	items []T
}

// Len is the number of elements.
func (s *seq[T]) Len() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.items))
}

// IsEmpty reports whether there are none.
func (s *seq[T]) IsEmpty() bool { return s.Len() == 0 }

// Clear removes every element.
func (s *seq[T]) Clear() {
	s.mu.Lock()
	s.items = nil
	s.mu.Unlock()
}

// ToArray is a copy of the elements, front to back.
func (s *seq[T]) ToArray() []T {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]T{}, s.items...)
}

func (s *seq[T]) pushBack(v T) {
	s.mu.Lock()
	s.items = append(s.items, v)
	s.mu.Unlock()
}

func (s *seq[T]) pushFront(v T) {
	s.mu.Lock()
	s.items = append(s.items, v)
	copy(s.items[1:], s.items)
	s.items[0] = v
	s.mu.Unlock()
}

// at is the element i (negative from the back), or null.
func (s *seq[T]) at(i int) Option[T] {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i < 0 {
		i += len(s.items)
	}
	if i < 0 || i >= len(s.items) {
		return Option[T]{}
	}
	return Some(s.items[i])
}

func (s *seq[T]) popFront() Option[T] {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.items) == 0 {
		return Option[T]{}
	}
	v := s.items[0]
	var zero T
	s.items[0] = zero
	s.items = s.items[1:]
	return Some(v)
}

func (s *seq[T]) popBack() Option[T] {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.items) == 0 {
		return Option[T]{}
	}
	v := s.items[len(s.items)-1]
	var zero T
	s.items[len(s.items)-1] = zero
	s.items = s.items[:len(s.items)-1]
	return Some(v)
}

// formatCollection prints a collection as its name and its elements in its order, `Queue["a",
// "b"]`, from a copy taken under its lock; open and close are "[" "]" or "{" "}".
func formatCollection[T any](b *strings.Builder, name, open, close string, items []T) {
	b.WriteString(name)
	b.WriteString(open)
	for i, x := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		Format(b, x, true)
	}
	b.WriteString(close)
}

// collectionTypeInfo is typeInfo(): the interpreter's spelling, `Queue<string>`.
func collectionTypeInfo[T any](name string) string { return name + "<" + TypeNameFor[T]() + ">" }

// forInWalker is a collection `for x in c` walks when c is a dynamic value: what its iter()
// gives (a map's keys), as check's collectionIter has it for typed code.
type forInWalker interface{ forInValues() []Value }

func (v *Vec[T]) forInValues() []Value      { return ToValues(v.ToArray()) }
func (d *VecDeque[T]) forInValues() []Value { return ToValues(d.ToArray()) }
func (s *Slice[T]) forInValues() []Value    { return ToValues(s.ToArray()) }
func (s *TextSet[T]) forInValues() []Value  { return ToValues(s.Values()) }
func (m *TextMap[V]) forInValues() []Value  { return ToValues(m.Keys()) }
