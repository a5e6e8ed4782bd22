package rt

// Context is what a future's Poll receives: the task being polled (whose waker a pending future
// registers) and the worker polling it. A worker owns one Context and reuses it for every poll, so
// polling allocates nothing. Futures must not keep a *Context past the Poll call.
type Context struct {
	task   *task
	worker *worker
	// budget counts the leaf operations this poll may still complete before the task must yield
	// (cooperative scheduling, as in Tokio): a loop over an always-ready channel cannot starve
	// the other tasks of its worker.
	budget int32
}

// pollBudget is the number of ready leaf operations one poll of a task may perform.
const pollBudget = 128

// Waker returns the waker of the task being polled. On a nil Context (a future polled outside any
// task) it returns the zero Waker, whose Wake does nothing.
func (cx *Context) Waker() Waker {
	if cx == nil {
		return Waker{}
	}
	return Waker{t: cx.task}
}

// SuspendedAt records where the task is about to suspend ("file.adesh:LINE"), for DumpTasks.
// Generated code calls it just before returning Pending; it is a plain field store.
func (cx *Context) SuspendedAt(site string) {
	if cx != nil && cx.task != nil {
		cx.task.site = site
	}
}

// WorkerID is the index of the worker running the poll (0 … n-1), or -1 outside a worker.
func (cx *Context) WorkerID() int {
	if cx == nil || cx.worker == nil {
		return -1
	}
	return cx.worker.index
}

// TaskID is the id of the task being polled (the one error messages and DumpTasks use), or 0.
func (cx *Context) TaskID() uint64 {
	if cx == nil || cx.task == nil {
		return 0
	}
	return uint64(cx.task.id)
}

// consumeBudget reports whether a leaf future that is ready may complete now. When the poll's
// budget is spent it wakes the task instead (so it runs again after the others) and returns
// false: the leaf then returns Pending without consuming anything.
func (cx *Context) consumeBudget() bool {
	if cx == nil || cx.task == nil {
		return true
	}
	if cx.budget <= 0 {
		cx.task.wake(cx.worker)
		return false
	}
	cx.budget--
	return true
}

// wake wakes t from the code polled with cx: on a worker, t goes straight onto its run queue.
func (cx *Context) wake(t *task) {
	if t == nil {
		return
	}
	if cx == nil {
		t.wake(nil)
		return
	}
	t.wake(cx.worker)
}

// Waker wakes one task. It is a small value: copying it clones it. Wake may be called from any
// goroutine, any number of times; waking a task that is already scheduled does nothing, so a
// double wake schedules it once.
type Waker struct {
	t *task
}

// Wake schedules the task to be polled again.
func (w Waker) Wake() {
	if w.t != nil {
		w.t.wake(nil)
	}
}

// WakeFrom is Wake called from inside a poll: on a worker the task goes onto that worker's own
// run queue, which is cheaper than a wake from an unknown goroutine.
func (w Waker) WakeFrom(cx *Context) { cx.wake(w.t) }

// IsZero reports whether w wakes nothing.
func (w Waker) IsZero() bool { return w.t == nil }

// WillWake reports whether w and other wake the same task.
func (w Waker) WillWake(other Waker) bool { return w.t == other.t }
