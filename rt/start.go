package rt

// Calling an async fn (or evaluating an async block) starts it at once, as in JavaScript: the
// body runs on the caller up to its first suspension, then goes on by itself as a task, awaited
// or not. Only a direct `await f(x)` polls the future inline in the caller's state struct
// instead (no task), and the direct operand of `spawn` starts as a new task on the scheduler.

// Start runs f now, on the caller, as a task of its own up to its first suspension, and gives
// the task's handle as the future of its result. cx is the caller's Context (nil from
// synchronous code). Dropping the future (a select's loser, the operand of a timeout that ran
// out, an awaiter that is cancelled) cancels the task, as dropping a lazy future did.
func Start[T any, F any, PF interface {
	*F
	Future[T]
}](cx *Context, f F) Future[T] {
	s := schedulerOf(cx)
	if !s.started.Load() {
		return Box[T, F, PF](f) // outside a run (a runtime test): nothing to start it on
	}
	cell := &valueTask[T, F, PF]{future: f}
	cell.handle.body = cell
	cell.handle.state.Store(kindDropCancels)
	startInline(cx, s, &cell.handle.task)
	return &cell.handle
}

// StartDetached is Start for a future no one awaits (an expression statement, W0706): it goes
// on by itself, and a failure is reported.
func StartDetached[T any, F any, PF interface {
	*F
	Future[T]
}](cx *Context, f F) {
	s := schedulerOf(cx)
	if !s.started.Load() {
		SpawnValue[T, F, PF](cx, f).Drop()
		return
	}
	cell := &valueTask[T, F, PF]{future: f}
	cell.handle.body = cell
	startInline(cx, s, &cell.handle.task)
	cell.handle.Drop()
}

// StartFuture is Start for a future held through an interface (an async lambda's).
func StartFuture[T any](cx *Context, f Future[T]) Future[T] {
	s := schedulerOf(cx)
	if !s.started.Load() {
		return f
	}
	h := newBoxedTask(f)
	h.state.Store(kindDropCancels)
	startInline(cx, s, &h.task)
	return h
}

// startInline registers t as running and makes its first poll here, on the caller's goroutine
// (on the caller's worker when cx names one, which then queues its wakes locally).
func startInline(cx *Context, s *scheduler, t *task) {
	var w *worker
	if cx != nil && cx.worker != nil && cx.worker.sched == s {
		w = cx.worker
	}
	initial := stateRunning | runCountOne
	if w != nil {
		initial |= uint32(w.index+1) << workerShift
	}
	s.adopt(t, initial, w)
	inner := Context{task: t, worker: w, budget: pollBudget}
	done, failure := pollTask(&inner, t)
	switch {
	case failure != nil:
		dropQuietly(t.body)
		t.finish(w, failure, stateComplete)
	case done:
		t.finish(w, nil, stateComplete)
	case t.suspend(): // woken during its first poll (yield_now): it waits behind the others
		if w != nil {
			w.requeueYielded(t)
		} else {
			s.inject.push(t)
			s.notify()
		}
	}
}
