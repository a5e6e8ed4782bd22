package rt

// JoinHandle is a spawned task and the way to await its result: it is the task itself, and it
// lives in one object with the task's future (see boxedTask and valueTask). Awaiting it (Poll)
// gives the task's value, or panics with the task's *Thrown: its throw, its panic, or the
// "cancelled" error. Drop detaches: the task goes on.
type JoinHandle[T any] struct {
	task
	val T
}

// boxedTask is a handle and a future held through an interface (Spawn, a scope's spawn, the
// main task).
type boxedTask[T any] struct {
	handle JoinHandle[T]
	fut    Future[T]
}

func newBoxedTask[T any](f Future[T]) *JoinHandle[T] {
	cell := &boxedTask[T]{fut: f}
	cell.handle.body = cell
	return &cell.handle
}

func (b *boxedTask[T]) pollBody(cx *Context) bool {
	p := b.fut.Poll(cx)
	if !p.Ready {
		return false
	}
	b.fut = nil
	b.handle.val = p.Value
	return true
}

func (b *boxedTask[T]) dropBody() {
	if f := b.fut; f != nil {
		b.fut = nil
		f.Drop()
	}
}

// valueTask is a handle and a future held by value (SpawnValue): one allocation, and no
// interface in between.
type valueTask[T, F any, PF interface {
	*F
	Future[T]
}] struct {
	handle JoinHandle[T]
	future F
}

func (c *valueTask[T, F, PF]) pollBody(cx *Context) bool {
	p := PF(&c.future).Poll(cx)
	if !p.Ready {
		return false
	}
	c.handle.val = p.Value
	return true
}

// dropBody drops the future (which does nothing once it has completed).
func (c *valueTask[T, F, PF]) dropBody() { PF(&c.future).Drop() }

// Poll waits for the task to finish.
func (h *JoinHandle[T]) Poll(cx *Context) Poll[T] {
	if !h.finished(cx) {
		return Pending[T]()
	}
	if err := h.failure(); err != nil {
		h.state.Or(flagObserved)
		if err.Pos == "" { // cancelled: the error is where it is awaited
			panic(&Thrown{Err: err.Err, Pos: callerOutsideRT()})
		}
		panic(err)
	}
	return Ready(h.val)
}

// finished reports whether the task has finished; if not, cx's task is woken when it does.
func (h *JoinHandle[T]) finished(cx *Context) bool {
	if h.state.Load()&(kindThread|flagDetached) == kindThread|flagDetached {
		panic(&Thrown{Err: Error{Message: detachedJoin}, Pos: callerOutsideRT()})
	}
	if h.isFinal() {
		return true
	}
	if !cx.consumeBudget() {
		return false
	}
	waiter := cx.Waker().t
	for {
		other := h.joinWaker.Load()
		if other == nil && !h.joinWaker.CompareAndSwap(nil, waiter) {
			continue // another awaiter took the slot at this moment
		}
		if other == nil || other == waiter {
			// Re-check after publishing the waker: finish swaps the waker out after
			// making the state final, so either it sees this waker or this load sees the
			// final state.
			if !h.isFinal() {
				return false
			}
			h.joinWaker.CompareAndSwap(waiter, nil)
			return true
		}
		// Another task awaits this one already (a future also used as a promise). (The
		// slot is taken with a compare-and-swap: two awaiters storing into it at once on
		// two workers left one of them never woken.)
		h.sched.joiners.add(&h.task, waiter)
		if !h.isFinal() {
			return false
		}
		h.sched.joiners.forget(&h.task) // finished meanwhile: its finish may not have seen the entry
		return true
	}
}

// Drop detaches the handle: the task keeps running, and a failure it ends with is reported on
// stderr since nothing can await it any more.
func (h *JoinHandle[T]) Drop() {
	h.joinWaker.Store(nil)
	if h.is(kindDropCancels) {
		h.cancel()
	}
	h.detach()
}

// Cancel stops the task at its next suspension: its future is dropped (running its pending
// defers) and awaiting the handle then panics with the "cancelled" error. A finished task is
// not affected.
func (h *JoinHandle[T]) Cancel() { h.cancel() }

// IsFinished reports whether the task has completed, failed or been cancelled.
func (h *JoinHandle[T]) IsFinished() bool { return h.isFinal() }

// AdeshMethod gives dynamic code the methods of a join handle (awaiting it goes through
// DynAwait).
func (h *JoinHandle[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case (name == "cancel" || name == "abort") && len(args) == 0:
		h.Cancel()
		return Unit{}, true
	case name == "is_finished" && len(args) == 0:
		return h.IsFinished(), true
	case name == "id" && len(args) == 0:
		return ThreadHandleID(h), true
	case name == "name" && len(args) == 0:
		return ThreadHandleName(h), true
	case name == "detach" && len(args) == 0:
		ThreadDetach(h)
		return Unit{}, true
	case name == "unpark" && len(args) == 0:
		ThreadHandleUnpark(h)
		return Unit{}, true
	case name == "join" && len(args) == 0:
		if h.is(kindThread) {
			return ThreadJoinValue(h, pos), true // a throw gives the error object (§7.3)
		}
		return ThreadJoin(h, pos), true
	case name == "join_timeout" && len(args) == 1:
		return ThreadJoinTimeout(h, ToInt(args[0], pos), pos), true
	}
	return nil, false
}

// ID is the task's id, as error messages and DumpTasks show it.
func (h *JoinHandle[T]) ID() uint64 { return uint64(h.id) }

// Spawn starts f as a task and returns its handle at once. cx is the caller's Context, or nil
// from synchronous code or outside a worker (the task then goes through the global injection
// queue; before RunWorkers it waits for the next run).
func Spawn[T any](cx *Context, f Future[T]) *JoinHandle[T] {
	h := newBoxedTask(f)
	spawnTask(cx, &h.task)
	return h
}

// SpawnValue is Spawn for a future held by value: the task and the future share one
// allocation. F is the future's struct type, PF its pointer type implementing Future[T].
func SpawnValue[T any, F any, PF interface {
	*F
	Future[T]
}](cx *Context, f F) *JoinHandle[T] {
	cell := &valueTask[T, F, PF]{future: f}
	cell.handle.body = cell
	spawnTask(cx, &cell.handle.task)
	return &cell.handle
}

// scopeFailer is what the compiler's Result types implement so that a scope child returning
// Err fails its scope.
type scopeFailer interface {
	ScopeFailure() (Error, bool)
}

// spawnTask registers a new task with the scheduler of cx (or the current one) and queues it.
func spawnTask(cx *Context, t *task) {
	var w *worker
	var s *scheduler
	if cx != nil && cx.worker != nil {
		w = cx.worker
		s = w.sched
	} else {
		s = currentScheduler()
	}
	s.adopt(t, stateScheduled, w)
	s.scheduleSpawned(t, w)
}
