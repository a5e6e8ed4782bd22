package rt

import "sync"

// The thread module's cells and queue (EVERYDAY.md §7.3): thread.Once, thread.Lazy,
// thread.ThreadLocal and thread.ConcurrentQueue. A value they give is a copy (CloneT), as a
// thread.RwLock's read is: the threads that share the object share no array through it.

// Once is thread.Once (= OnceCell): call_once(f) runs f on the first call that gets there and
// gives its value to that call and every later one; calls made meanwhile wait for it. If f
// throws, the throw goes to its caller and the next call runs its own function.
type Once[T any] struct {
	mu   sync.Mutex
	done bool
	val  T
}

// NewOnce is thread.Once.new().
func NewOnce[T any]() *Once[T] { return &Once[T]{} }

// CallOnce is o.call_once(f).
func (o *Once[T]) CallOnce(f func() T) T {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done {
		o.val = f()
		o.done = true
	}
	return CloneT(o.val)
}

// IsCompleted is o.is_completed(): whether a call_once has given a value.
func (o *Once[T]) IsCompleted() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.done
}

// AdeshMethod gives dynamic code call_once and is_completed.
func (o *Once[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "call_once":
		wantArgs(name, args, 1, pos)
		f := args[0]
		return o.CallOnce(func() T { return DynTo[T](DynCall(f, pos), pos) }), true
	case "is_completed":
		wantArgs(name, args, 0, pos)
		return o.IsCompleted(), true
	}
	return nil, false
}

// Lazy is thread.Lazy.new(f): get() gives f's value, f run by the first get.
type Lazy[T any] struct {
	once Once[T]
	f    func() T
}

// NewLazy is thread.Lazy.new(f).
func NewLazy[T any](f func() T) *Lazy[T] { return &Lazy[T]{f: f} }

// Get is l.get().
func (l *Lazy[T]) Get() T { return l.once.CallOnce(l.f) }

// AdeshMethod gives dynamic code get.
func (l *Lazy[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	if name == "get" {
		wantArgs(name, args, 0, pos)
		return l.Get(), true
	}
	return nil, false
}

// ThreadLocal is thread.ThreadLocal.new(init): each thread has its own value, a copy of init
// until it sets one. A thread's values live in its threadInfo and go with it; the code that is
// not on a thread of the module shares the main thread's, on any worker: mu orders its uses.
type ThreadLocal[T any] struct {
	mu   sync.Mutex
	init T
}

// NewThreadLocal is thread.ThreadLocal.new(init).
func NewThreadLocal[T any](init T) *ThreadLocal[T] { return &ThreadLocal[T]{init: init} }

// slot is the calling thread's value, made from init on its first use.
func (tl *ThreadLocal[T]) slot() *T {
	_, ti := currentThread()
	if p, ok := ti.locals.Load(tl); ok {
		return p.(*T)
	}
	v := CloneT(tl.init)
	p, _ := ti.locals.LoadOrStore(tl, &v)
	return p.(*T)
}

// Get is tl.get(): the calling thread's value.
func (tl *ThreadLocal[T]) Get() T {
	p := tl.slot()
	tl.mu.Lock()
	defer tl.mu.Unlock()
	return CloneT(*p)
}

// Set is tl.set(v): the calling thread's value becomes v.
func (tl *ThreadLocal[T]) Set(v T) {
	p := tl.slot()
	tl.mu.Lock()
	*p = v
	tl.mu.Unlock()
}

// ThreadLocalWith is tl.with(f): f of the calling thread's value.
func ThreadLocalWith[T, U any](tl *ThreadLocal[T], f func(T) U) U { return f(tl.Get()) }

// AdeshMethod gives dynamic code get, set and with.
func (tl *ThreadLocal[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "get":
		wantArgs(name, args, 0, pos)
		return tl.Get(), true
	case "set":
		wantArgs(name, args, 1, pos)
		tl.Set(DynTo[T](args[0], pos))
		return Unit{}, true
	case "with":
		wantArgs(name, args, 1, pos)
		return DynCall(args[0], pos, tl.Get()), true
	}
	return nil, false
}

// ConcurrentQueue is thread.ConcurrentQueue.new(): first in, first out, shared by threads.
type ConcurrentQueue[T any] struct {
	mu    sync.Mutex
	items []T
	head  int
}

// NewConcurrentQueue is thread.ConcurrentQueue.new().
func NewConcurrentQueue[T any]() *ConcurrentQueue[T] { return &ConcurrentQueue[T]{} }

// Push is q.push(v).
func (q *ConcurrentQueue[T]) Push(v T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.head > 0 && q.head*2 >= len(q.items) { // reuse the taken half
		n := copy(q.items, q.items[q.head:])
		clear(q.items[n:])
		q.items, q.head = q.items[:n], 0
	}
	q.items = append(q.items, v)
}

// Pop is q.pop(): {ok: true, value: v} with the oldest value, or the `empty` object.
func (q *ConcurrentQueue[T]) Pop() Value {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.head == len(q.items) {
		return errRecord(queueEmpty)
	}
	v := q.items[q.head]
	var zero T
	q.items[q.head] = zero
	q.head++
	return okRecord(v)
}

const queueEmpty = "queue empty"

// Len is q.len().
func (q *ConcurrentQueue[T]) Len() int64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	return int64(len(q.items) - q.head)
}

// AdeshMethod gives dynamic code push, pop and len.
func (q *ConcurrentQueue[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "push":
		wantArgs(name, args, 1, pos)
		q.Push(DynTo[T](args[0], pos))
		return Unit{}, true
	case "pop":
		wantArgs(name, args, 0, pos)
		return q.Pop(), true
	case "len":
		wantArgs(name, args, 0, pos)
		return q.Len(), true
	}
	return nil, false
}
