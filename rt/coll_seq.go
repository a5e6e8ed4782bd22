package rt

import (
	"slices"
	"strings"
)

// Queue is Collections.Queue: first in, first out.
type Queue[T any] struct{ seq[T] }

// NewQueue makes an empty queue.
func NewQueue[T any](_ ...string) *Queue[T] { return &Queue[T]{} }

func (q *Queue[T]) Enqueue(v T)         { q.pushBack(v) }
func (q *Queue[T]) Dequeue() Option[T]  { return q.popFront() }
func (q *Queue[T]) Front() Option[T]    { return q.at(0) }
func (q *Queue[T]) Back() Option[T]     { return q.at(-1) }
func (q *Queue[T]) TypeInfo() string    { return collectionTypeInfo[T]("Queue") }
func (*Queue[T]) AdeshTypeName() string { return "Collections.Queue<" + TypeNameFor[T]() + ">" }
func (q *Queue[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "Queue", "[", "]", q.ToArray())
}

// Stack is Collections.Stack: last in, first out.
type Stack[T any] struct{ seq[T] }

// NewStack makes an empty stack.
func NewStack[T any](_ ...string) *Stack[T] { return &Stack[T]{} }

func (s *Stack[T]) Push(v T)            { s.pushBack(v) }
func (s *Stack[T]) Pop() Option[T]      { return s.popBack() }
func (s *Stack[T]) Peek() Option[T]     { return s.at(-1) }
func (s *Stack[T]) TypeInfo() string    { return collectionTypeInfo[T]("Stack") }
func (*Stack[T]) AdeshTypeName() string { return "Collections.Stack<" + TypeNameFor[T]() + ">" }
func (s *Stack[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "Stack", "[", "]", s.ToArray())
}

// VecDeque is Collections.VecDeque: a list that grows and shrinks at both ends.
type VecDeque[T any] struct{ seq[T] }

// NewVecDeque makes an empty deque.
func NewVecDeque[T any](_ ...string) *VecDeque[T] { return &VecDeque[T]{} }

func (d *VecDeque[T]) PushBack(v T)        { d.pushBack(v) }
func (d *VecDeque[T]) PushFront(v T)       { d.pushFront(v) }
func (d *VecDeque[T]) PopBack() Option[T]  { return d.popBack() }
func (d *VecDeque[T]) PopFront() Option[T] { return d.popFront() }
func (d *VecDeque[T]) Front() Option[T]    { return d.at(0) }
func (d *VecDeque[T]) Back() Option[T]     { return d.at(-1) }

// Get is the element i from the front, or null out of range (a negative i too).
func (d *VecDeque[T]) Get(i int64) Option[T] {
	if i < 0 {
		return Option[T]{}
	}
	return d.at(int(min(i, 1<<31)))
}
func (d *VecDeque[T]) TypeInfo() string    { return collectionTypeInfo[T]("VecDeque") }
func (*VecDeque[T]) AdeshTypeName() string { return "Collections.VecDeque<" + TypeNameFor[T]() + ">" }
func (d *VecDeque[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "VecDeque", "[", "]", d.ToArray())
}

// RingBuffer is Collections.RingBuffer(cap): when full, push overwrites the oldest.
type RingBuffer[T any] struct {
	seq[T]
	capacity int
}

// NewRingBuffer makes an empty ring buffer of the capacity; capacity < 1 fails.
func NewRingBuffer[T any](capacity int64, pos string) *RingBuffer[T] {
	if capacity < 1 {
		Fail(pos, "RingBuffer capacity must be > 0, found "+Str(capacity))
	}
	return &RingBuffer[T]{capacity: int(min(capacity, 1<<31))}
}

// Push adds v and gives the value it evicted, or null.
func (r *RingBuffer[T]) Push(v T) Option[T] {
	r.mu.Lock()
	defer r.mu.Unlock()
	var evicted Option[T]
	if len(r.items) == r.capacity {
		evicted = Some(r.items[0])
		r.items = r.items[1:]
	}
	r.items = append(r.items, v)
	return evicted
}

// Pop takes the oldest value, or null.
func (r *RingBuffer[T]) Pop() Option[T]   { return r.popFront() }
func (r *RingBuffer[T]) Capacity() int64  { return int64(r.capacity) }
func (r *RingBuffer[T]) IsFull() bool     { return r.Len() == int64(r.capacity) }
func (r *RingBuffer[T]) TypeInfo() string { return collectionTypeInfo[T]("RingBuffer") }
func (*RingBuffer[T]) AdeshTypeName() string {
	return "Collections.RingBuffer<" + TypeNameFor[T]() + ">"
}
func (r *RingBuffer[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "RingBuffer", "[", "]", r.ToArray())
}

// Vec is Collections.Vec: a growable list shared by reference, as the interpreter's is (the
// language's own [T] has value semantics).
type Vec[T any] struct{ seq[T] }

// NewVec makes an empty Vec.
func NewVec[T any](_ ...string) *Vec[T] { return &Vec[T]{} }

func (v *Vec[T]) Push(x T)            { v.pushBack(x) }
func (v *Vec[T]) Pop() Option[T]      { return v.popBack() }
func (v *Vec[T]) First() Option[T]    { return v.at(0) }
func (v *Vec[T]) Last() Option[T]     { return v.at(-1) }
func (v *Vec[T]) TypeInfo() string    { return collectionTypeInfo[T]("Vec") }
func (*Vec[T]) AdeshTypeName() string { return "Collections.Vec<" + TypeNameFor[T]() + ">" }
func (v *Vec[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "Vec", "[", "]", v.ToArray())
}

// Get is the element i, or null out of range (a negative i too).
func (v *Vec[T]) Get(i int64) Option[T] {
	if i < 0 {
		return Option[T]{}
	}
	return v.at(int(min(i, 1<<31)))
}

// Set replaces the element i and reports whether i was in range.
func (v *Vec[T]) Set(i int64, x T) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if i < 0 || i >= int64(len(v.items)) {
		return false
	}
	v.items[i] = x
	return true
}

// Insert puts x before the element i (at the end for i == len); past the end it fails.
func (v *Vec[T]) Insert(i int64, x T, pos string) {
	v.mu.Lock()
	n := len(v.items)
	if i < 0 || i > int64(n) {
		v.mu.Unlock()
		Fail(pos, "insertion index (is "+Str(i)+") should be <= len (is "+Str(int64(n))+")")
		return
	}
	v.items = slices.Insert(v.items, int(i), x)
	v.mu.Unlock()
}

// Remove takes out the element i and gives it, or null out of range.
func (v *Vec[T]) Remove(i int64) Option[T] {
	v.mu.Lock()
	defer v.mu.Unlock()
	if i < 0 || i >= int64(len(v.items)) {
		return Option[T]{}
	}
	x := v.items[i]
	v.items = slices.Delete(v.items, int(i), int(i)+1)
	return Some(x)
}

// SwapRemove takes out the element i, putting the last in its place, or gives null.
func (v *Vec[T]) SwapRemove(i int64) Option[T] {
	v.mu.Lock()
	defer v.mu.Unlock()
	n := len(v.items)
	if i < 0 || i >= int64(n) {
		return Option[T]{}
	}
	x := v.items[i]
	v.items[i] = v.items[n-1]
	var zero T
	v.items[n-1] = zero
	v.items = v.items[:n-1]
	return Some(x)
}

// IndexOf is the index of the first element == x, or -1.
func (v *Vec[T]) IndexOf(x T) int64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	for i, y := range v.items {
		if DynEq(y, x) {
			return int64(i)
		}
	}
	return -1
}

// Contains reports whether an element == x.
func (v *Vec[T]) Contains(x T) bool { return v.IndexOf(x) >= 0 }

// Capacity is the room the Vec has before it grows.
func (v *Vec[T]) Capacity() int64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return int64(cap(v.items))
}

// Sort orders the elements in place: numbers by value, strings by text (others keep their
// order), as BinaryHeap compares them.
func (v *Vec[T]) Sort() {
	v.mu.Lock()
	defer v.mu.Unlock()
	slices.SortStableFunc(v.items, func(a, b T) int {
		switch {
		case heapLess(a, b):
			return -1
		case heapLess(b, a):
			return 1
		}
		return 0
	})
}
