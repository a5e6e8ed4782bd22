package rt

import (
	"sync"
	"sync/atomic"
)

// Scope is a structured-concurrency scope: `scope(async (s) => { s.spawn(…); … })`. Its
// future completes only when its body and every child have. The first child that fails (throws,
// panics, or completes with a value whose ScopeFailure reports an error) cancels the other
// children wherever they run, and the scope then fails with that error. Children are counted
// atomically; the last to finish wakes the scope's task, whichever thread it finishes on.
type Scope struct {
	pending atomic.Int64           // children not yet finished
	failure atomic.Pointer[Thrown] // the first failure
	parent  atomic.Pointer[task]   // the task awaiting the scope

	mu       sync.Mutex
	children []*task // for cancellation; finished ones are pruned as it grows
}

// ScopeSpawn starts f as a child of s (`s.spawn(f)`). cx is the caller's Context.
func ScopeSpawn[T any](cx *Context, s *Scope, f Future[T]) *JoinHandle[T] {
	cell := &scopedTask[T]{scope: s}
	cell.fut = f
	cell.handle.body = cell
	cell.handle.state.Store(kindScoped)
	h := &cell.handle
	s.pending.Add(1)
	s.mu.Lock()
	if len(s.children) >= 32 && len(s.children) == cap(s.children) {
		s.pruneLocked()
	}
	s.children = append(s.children, &h.task)
	s.mu.Unlock()
	spawnTask(cx, &h.task)
	if s.failure.Load() != nil { // spawned after the scope failed: it does not get to run
		h.cancel()
	}
	return h
}

// scopedTask is a scope's child: a boxed task that knows its scope, which fails when the
// child's value says so (a scope child returning Err).
type scopedTask[T any] struct {
	boxedTask[T]
	scope *Scope
}

func (c *scopedTask[T]) pollBody(cx *Context) bool {
	if !c.boxedTask.pollBody(cx) {
		return false
	}
	if f, ok := any(c.handle.val).(scopeFailer); ok {
		if e, failed := f.ScopeFailure(); failed {
			c.scope.fail(&Thrown{Err: e}, cx.workerOrNil())
		}
	}
	return true
}

func (c *scopedTask[T]) taskScope() *Scope { return c.scope }

// pruneLocked forgets finished children (amortized: only when the slice would grow).
func (s *Scope) pruneLocked() {
	live := s.children[:0]
	for _, t := range s.children {
		if !t.isFinal() {
			live = append(live, t)
		}
	}
	clear(s.children[len(live):])
	s.children = live
}

// Failed reports whether the scope has failed (a child failed, or the body threw).
func (s *Scope) Failed() bool { return s.failure.Load() != nil }

// childFinished is called by a child's finish, on whatever thread that is.
func (s *Scope) childFinished(t *task, w *worker, final uint32) {
	if err := t.failure(); final == stateComplete && err != nil {
		s.fail(err, w)
	}
	if s.pending.Add(-1) == 0 {
		if p := s.parent.Load(); p != nil {
			p.wake(w)
		}
	}
}

// fail records the scope's first failure and cancels every child.
func (s *Scope) fail(err *Thrown, w *worker) {
	if !s.failure.CompareAndSwap(nil, err) {
		return
	}
	s.cancelChildren()
	if p := s.parent.Load(); p != nil {
		p.wake(w) // the body is dropped at once, not awaited to its end
	}
}

func (s *Scope) cancelChildren() {
	s.mu.Lock()
	children := append([]*task(nil), s.children...)
	s.mu.Unlock()
	for _, t := range children {
		t.cancel()
	}
}

// ScopeFuture is the future of a scope: see RunScope.
type ScopeFuture[T any] struct {
	body     func(s *Scope) Future[T]
	scope    *Scope
	inner    Future[T]
	val      T
	bodyDone bool
}

// RunScope makes the future of `scope(body)`: when first polled it creates the scope, calls body
// with it and awaits the future body returns, then every child. It gives the body's value, or
// panics with the first failure (of a child, or the body's own throw). If the scope fails while
// the body is still running, the body is dropped. Dropping the scope future cancels the body
// and the children (they stop at their next suspension; Drop cannot wait for them).
func RunScope[T any](body func(s *Scope) Future[T]) ScopeFuture[T] {
	return ScopeFuture[T]{body: body}
}

// Poll drives the body, then waits for the children.
func (f *ScopeFuture[T]) Poll(cx *Context) Poll[T] {
	if f.scope == nil {
		f.scope = &Scope{}
		f.scope.parent.Store(cx.Waker().t)
		body := f.body
		f.body = nil
		f.inner = body(f.scope)
	}
	s := f.scope
	if !f.bodyDone {
		if s.failure.Load() != nil {
			f.dropBody()
		} else if ready, v := f.pollBody(cx); ready {
			f.val = v
			f.bodyDone = true
			f.inner = nil
			if sf, ok := any(v).(scopeFailer); ok {
				if _, failed := sf.ScopeFailure(); failed {
					s.cancelChildren() // the body gave an error: its children's work is moot
				}
			}
		} else if s.failure.Load() == nil {
			return Pending[T]()
		} else {
			f.dropBody()
		}
	}
	s.parent.Store(cx.Waker().t)
	if s.pending.Load() != 0 {
		return Pending[T]()
	}
	if err := s.failure.Load(); err != nil {
		panic(err)
	}
	return Ready(f.val)
}

// pollBody polls the body; a throw fails the scope (and is re-raised once the children are
// done), any other panic cancels the children and propagates at once.
func (f *ScopeFuture[T]) pollBody(cx *Context) (ready bool, v T) {
	defer func() {
		if r := recover(); r != nil {
			th, ok := r.(*Thrown)
			if !ok {
				f.scope.cancelChildren()
				panic(r)
			}
			f.bodyDone = true
			f.inner = nil
			f.scope.fail(th, cx.workerOrNil())
		}
	}()
	p := f.inner.Poll(cx)
	return p.Ready, p.Value
}

func (f *ScopeFuture[T]) dropBody() {
	f.bodyDone = true
	if inner := f.inner; inner != nil {
		f.inner = nil
		inner.Drop()
	}
}

// Drop cancels the body and every child.
func (f *ScopeFuture[T]) Drop() {
	f.body = nil
	if f.scope == nil {
		return
	}
	f.dropBody()
	f.scope.cancelChildren()
}

func (cx *Context) workerOrNil() *worker {
	if cx == nil {
		return nil
	}
	return cx.worker
}
