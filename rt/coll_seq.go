package rt

import "strings"

// Queue is Collections.Queue: first in, first out.
type Queue[T any] struct{ seq[T] }

// NewQueue makes an empty queue.
func NewQueue[T any]() *Queue[T] { return &Queue[T]{} }

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
func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

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
func NewVecDeque[T any]() *VecDeque[T] { return &VecDeque[T]{} }

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
