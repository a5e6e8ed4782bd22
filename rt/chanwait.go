package rt

// waiter is a future blocked on a channel, linked into the channel's queue. It is embedded in
// the RecvFuture or SendFuture (which stays in place while it is queued), so waiting
// allocates nothing. val carries the value: handed to a receiver, or offered by a sender.
type waiter[T any] struct {
	prev, next *waiter[T]
	task       *task
	val        T
	queued     bool
	// filled: a sender handed this receiver a value, or a receiver took this sender's value.
	filled bool
}

// waitQueue is a FIFO of waiters; the channel's lock guards it.
type waitQueue[T any] struct {
	head, tail *waiter[T]
}

func (q *waitQueue[T]) empty() bool { return q.head == nil }

func (q *waitQueue[T]) pushBack(w *waiter[T]) {
	w.prev, w.next = q.tail, nil
	if q.tail == nil {
		q.head = w
	} else {
		q.tail.next = w
	}
	q.tail = w
	w.queued = true
}

func (q *waitQueue[T]) remove(w *waiter[T]) {
	if w.prev == nil {
		q.head = w.next
	} else {
		w.prev.next = w.next
	}
	if w.next == nil {
		q.tail = w.prev
	} else {
		w.next.prev = w.prev
	}
	w.prev, w.next = nil, nil
	w.queued = false
}

func (q *waitQueue[T]) popFront() *waiter[T] {
	w := q.head
	if w != nil {
		q.remove(w)
	}
	return w
}

// ring is a growable FIFO buffer.
type ring[T any] struct {
	items []T
	head  int
	count int
}

func (r *ring[T]) pushBack(v T) {
	if r.count == len(r.items) {
		r.grow()
	}
	r.items[(r.head+r.count)%len(r.items)] = v
	r.count++
}

func (r *ring[T]) pushFront(v T) {
	if r.count == len(r.items) {
		r.grow()
	}
	r.head = (r.head + len(r.items) - 1) % len(r.items)
	r.items[r.head] = v
	r.count++
}

func (r *ring[T]) popFront() T {
	var zero T
	v := r.items[r.head]
	r.items[r.head] = zero
	r.head = (r.head + 1) % len(r.items)
	r.count--
	return v
}

func (r *ring[T]) grow() {
	items := make([]T, max(8, 2*len(r.items)))
	for i := 0; i < r.count; i++ {
		items[i] = r.items[(r.head+i)%len(r.items)]
	}
	r.items = items
	r.head = 0
}
