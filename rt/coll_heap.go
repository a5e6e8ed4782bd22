package rt

import (
	"slices"
	"strings"
)

// heapLess orders a heap's values as the interpreter does: numbers by value, strings by code
// points, any other pair as equal (their order is unspecified).
func heapLess(a, b Value) bool {
	if x, y := toNum(a), toNum(b); x.kind != notNum && y.kind != notNum {
		return DynLess(a, b, "")
	}
	if x, ok := a.(string); ok {
		if y, ok := b.(string); ok {
			return x < y
		}
	}
	return false
}

// heapSiftUp and heapSiftDown keep xs a max-heap by less.
func heapSiftUp[E any](xs []E, i int, less func(a, b E) bool) {
	for i > 0 {
		p := (i - 1) / 2
		if !less(xs[p], xs[i]) {
			return
		}
		xs[p], xs[i] = xs[i], xs[p]
		i = p
	}
}

func heapSiftDown[E any](xs []E, i int, less func(a, b E) bool) {
	for {
		top, l, r := i, 2*i+1, 2*i+2
		if l < len(xs) && less(xs[top], xs[l]) {
			top = l
		}
		if r < len(xs) && less(xs[top], xs[r]) {
			top = r
		}
		if top == i {
			return
		}
		xs[i], xs[top] = xs[top], xs[i]
		i = top
	}
}

// heapPop takes the largest element of the max-heap *xs.
func heapPop[E any](xs *[]E, less func(a, b E) bool) (E, bool) {
	s := *xs
	var zero E
	if len(s) == 0 {
		return zero, false
	}
	top := s[0]
	s[0] = s[len(s)-1]
	s[len(s)-1] = zero
	*xs = s[:len(s)-1]
	heapSiftDown(*xs, 0, less)
	return top, true
}

// BinaryHeap is Collections.BinaryHeap: a max-heap.
type BinaryHeap[T any] struct{ seq[T] }

// NewBinaryHeap makes an empty heap.
func NewBinaryHeap[T any](_ ...string) *BinaryHeap[T] { return &BinaryHeap[T]{} }

func lessOf[T any](a, b T) bool { return heapLess(a, b) }

func (h *BinaryHeap[T]) Push(v T) {
	h.mu.Lock()
	h.items = append(h.items, v)
	heapSiftUp(h.items, len(h.items)-1, lessOf[T])
	h.mu.Unlock()
}

// Pop takes the largest value, or null.
func (h *BinaryHeap[T]) Pop() Option[T] {
	h.mu.Lock()
	defer h.mu.Unlock()
	v, ok := heapPop(&h.items, lessOf[T])
	return Option[T]{Some: ok, Val: v}
}

func (h *BinaryHeap[T]) Peek() Option[T]  { return h.at(0) }
func (h *BinaryHeap[T]) TypeInfo() string { return collectionTypeInfo[T]("BinaryHeap") }
func (*BinaryHeap[T]) AdeshTypeName() string {
	return "Collections.BinaryHeap<" + TypeNameFor[T]() + ">"
}

// AdeshFormat prints the values largest first.
func (h *BinaryHeap[T]) AdeshFormat(b *strings.Builder, _ bool) {
	xs := h.ToArray()
	slices.SortStableFunc(xs, func(a, b T) int {
		if heapLess(b, a) {
			return -1
		}
		if heapLess(a, b) {
			return 1
		}
		return 0
	})
	formatCollection(b, "BinaryHeap", "[", "]", xs)
}

// prioritized is an item of a PriorityQueue with its priority; seq orders ties first in, first
// out among equal priorities.
type prioritized[T any] struct {
	item     T
	priority Value
	seq      uint64
}

func prioLess[T any](a, b prioritized[T]) bool {
	if heapLess(a.priority, b.priority) {
		return true
	}
	return !heapLess(b.priority, a.priority) && a.seq > b.seq
}

// PriorityQueue is Collections.PriorityQueue: push(item, priority); pop gives the item of the
// highest priority.
type PriorityQueue[T any] struct {
	seq[prioritized[T]]
	next uint64
}

// NewPriorityQueue makes an empty priority queue.
func NewPriorityQueue[T any](_ ...string) *PriorityQueue[T] { return &PriorityQueue[T]{} }

func (q *PriorityQueue[T]) Push(item T, priority Value) {
	q.mu.Lock()
	q.next++
	q.items = append(q.items, prioritized[T]{item, priority, q.next})
	heapSiftUp(q.items, len(q.items)-1, prioLess[T])
	q.mu.Unlock()
}

// Pop takes the item of the highest priority, or null.
func (q *PriorityQueue[T]) Pop() Option[T] {
	q.mu.Lock()
	defer q.mu.Unlock()
	p, ok := heapPop(&q.items, prioLess[T])
	return Option[T]{Some: ok, Val: p.item}
}

// Peek is the item of the highest priority, or null.
func (q *PriorityQueue[T]) Peek() Option[T] {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		return Option[T]{}
	}
	return Some(q.items[0].item)
}

// sortedItems are the items, highest priority first.
func (q *PriorityQueue[T]) sortedItems() []T {
	q.mu.Lock()
	ps := append([]prioritized[T]{}, q.items...)
	q.mu.Unlock()
	slices.SortStableFunc(ps, func(a, b prioritized[T]) int {
		if prioLess(b, a) {
			return -1
		}
		return 1
	})
	out := make([]T, len(ps))
	for i, p := range ps {
		out[i] = p.item
	}
	return out
}

func (q *PriorityQueue[T]) TypeInfo() string { return collectionTypeInfo[T]("PriorityQueue") }
func (*PriorityQueue[T]) AdeshTypeName() string {
	return "Collections.PriorityQueue<" + TypeNameFor[T]() + ">"
}
func (q *PriorityQueue[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, "PriorityQueue", "[", "]", q.sortedItems())
}
