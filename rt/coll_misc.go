package rt

import (
	"math/bits"
	"strings"
	"sync"
)

// BitSetObj is Collections.BitSet: bits by index, growing on demand.
type BitSetObj struct {
	mu    sync.Mutex
	words []uint64
}

// NewBitSet makes an empty bit set.
func NewBitSet() *BitSetObj { return &BitSetObj{} }

func bitIndex(i int64, pos string) (int, uint64) {
	nonNegative(i, pos)
	return int(i / 64), 1 << uint(i%64)
}

// Set sets bit i.
func (s *BitSetObj) Set(i int64, pos string) {
	w, m := bitIndex(i, pos)
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.words) <= w {
		s.words = append(s.words, 0)
	}
	s.words[w] |= m
}

// Clear clears bit i.
func (s *BitSetObj) Clear(i int64, pos string) {
	w, m := bitIndex(i, pos)
	s.mu.Lock()
	defer s.mu.Unlock()
	if w < len(s.words) {
		s.words[w] &^= m
	}
}

// Test reports whether bit i is set (false past the end).
func (s *BitSetObj) Test(i int64, pos string) bool {
	w, m := bitIndex(i, pos)
	s.mu.Lock()
	defer s.mu.Unlock()
	return w < len(s.words) && s.words[w]&m != 0
}

// indexes are the set bits, lowest first.
func (s *BitSetObj) indexes() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int64
	for w, word := range s.words {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			out = append(out, int64(w*64+b))
			word &^= 1 << uint(b)
		}
	}
	return out
}

func (*BitSetObj) TypeInfo() string      { return "BitSet" }
func (*BitSetObj) AdeshTypeName() string { return "Collections.BitSet" }
func (s *BitSetObj) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "BitSet", "{", "}", s.indexes())
}

// Slice is Collections.Slice(xs, start?, end?): a copy of xs[start..end] (empty for a bad range).
type Slice[T any] struct{ items []T }

// NewSlice copies the elements of xs between the bounds.
func NewSlice[T any](xs []T, bounds ...int64) *Slice[T] {
	from, to := int64(0), int64(len(xs))
	if len(bounds) > 0 {
		from = bounds[0]
	}
	if len(bounds) > 1 {
		to = bounds[1]
	}
	if from < 0 || to > int64(len(xs)) || from > to {
		return &Slice[T]{}
	}
	return &Slice[T]{items: append([]T{}, xs[from:to]...)}
}

func (s *Slice[T]) Len() int64    { return int64(len(s.items)) }
func (s *Slice[T]) IsEmpty() bool { return len(s.items) == 0 }

// Get is the element i, or null out of range.
func (s *Slice[T]) Get(i int64) Option[T] {
	if i < 0 || i >= int64(len(s.items)) {
		return Option[T]{}
	}
	return Some(s.items[i])
}
func (s *Slice[T]) First() Option[T] { return s.Get(0) }
func (s *Slice[T]) Last() Option[T]  { return s.Get(int64(len(s.items)) - 1) }

// Contains reports whether an element == v.
func (s *Slice[T]) Contains(v T) bool {
	for _, x := range s.items {
		if DynEq(x, v) {
			return true
		}
	}
	return false
}
func (s *Slice[T]) ToArray() []T        { return append([]T{}, s.items...) }
func (s *Slice[T]) TypeInfo() string    { return collectionTypeInfo[T]("Slice") }
func (*Slice[T]) AdeshTypeName() string { return "Collections.Slice<" + TypeNameFor[T]() + ">" }
func (s *Slice[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "Slice", "[", "]", s.items)
}
