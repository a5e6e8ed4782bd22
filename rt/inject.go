package rt

import (
	"sync"
	"sync/atomic"
)

// injectQueue is the global FIFO of tasks spawned from outside a worker, yielded by a task on a
// multi-worker run, or overflowing a full deque. Tasks are linked through queueNext, so it
// allocates nothing; length lets workers skip the lock when it is empty.
type injectQueue struct {
	mu         sync.Mutex
	head, tail *task
	length     atomic.Int64
}

func (q *injectQueue) push(t *task) {
	t.queueNext = nil
	q.mu.Lock()
	if q.tail == nil {
		q.head = t
	} else {
		q.tail.queueNext = t
	}
	q.tail = t
	q.length.Add(1)
	q.mu.Unlock()
}

// pushList appends a chain of n tasks linked through queueNext (first … last).
func (q *injectQueue) pushList(first, last *task, n int) {
	last.queueNext = nil
	q.mu.Lock()
	if q.tail == nil {
		q.head = first
	} else {
		q.tail.queueNext = first
	}
	q.tail = last
	q.length.Add(int64(n))
	q.mu.Unlock()
}

func (q *injectQueue) pop() *task {
	t, _ := q.popBatch(1)
	return t
}

// popBatch takes up to max tasks (max ≥ 1) under one lock: the oldest, and the others as a
// chain linked through queueNext, oldest first. It gives nil when the queue is empty.
func (q *injectQueue) popBatch(max int) (first, rest *task) {
	if q.length.Load() == 0 {
		return nil, nil
	}
	q.mu.Lock()
	first = q.head
	if first == nil {
		q.mu.Unlock()
		return nil, nil
	}
	last, n := first, 1
	for n < max && last.queueNext != nil {
		last = last.queueNext
		n++
	}
	q.head = last.queueNext
	if q.head == nil {
		q.tail = nil
	}
	last.queueNext = nil
	q.length.Add(-int64(n))
	q.mu.Unlock()
	rest = first.queueNext
	first.queueNext = nil
	return first, rest
}
