package rt

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// eventLoop runs a run's callbacks (promise reactions, timer and interval callbacks) one at a
// time, in JavaScript's order (LANGUAGE.md §8): every queued reaction (a microtask) before the
// next timer callback, each queue in the order it was filled. Whichever worker takes the turn
// runs them; tasks meanwhile run in parallel on the other workers. The main task's polls (the
// top-level code) take the same turn, so no callback runs while the top-level code does.
type eventLoop struct {
	// turn is held by the worker running callbacks or polling the main task.
	turn sync.Mutex
	// busy mirrors turn, readable without it: a parked worker does not wake for callbacks that
	// must wait for the turn (its holder runs them when it lets go).
	busy atomic.Bool

	mu sync.Mutex
	// micro holds reactions, some of which are their own callbacks (thenPromise); macro holds
	// timer callbacks, plain functions (8 bytes a slot, not an interface's 16).
	micro  callbackQueue[callback]
	macro  callbackQueue[func()]
	queued atomic.Int64
}

// callback is what the event loop runs: a function (callbackFunc), or a reaction that is its
// own callback (thenPromise), which saves a closure per reaction.
type callback interface{ runCallback() }

// callbackFunc is a function as a callback.
type callbackFunc func()

func (f callbackFunc) runCallback() { f() }

// callbackQueue is a FIFO of callbacks.
type callbackQueue[C any] struct {
	items []C
	head  int
}

func (q *callbackQueue[C]) push(c C) { q.items = append(q.items, c) }

// pop takes the oldest callback; ok is false when there is none.
func (q *callbackQueue[C]) pop() (c C, ok bool) {
	if q.head == len(q.items) {
		return c, false
	}
	var zero C
	c = q.items[q.head]
	q.items[q.head] = zero
	q.head++
	if q.head == len(q.items) {
		q.items, q.head = q.items[:0], 0
	}
	return c, true
}

// loopTurnLimit bounds the callbacks one turn runs, so that a chain of reactions that keeps
// queueing more cannot keep the worker from its tasks for ever.
const loopTurnLimit = 256

// postMicro queues a microtask (a promise reaction), postMacro a macrotask (a timer's
// callback). The callback keeps the run alive until it has run.
func (s *scheduler) postMicro(c callback) {
	s.hold()
	l := &s.loop
	l.mu.Lock()
	l.micro.push(c)
	s.posted()
}

func (s *scheduler) postMacro(fn func()) {
	s.hold()
	l := &s.loop
	l.mu.Lock()
	l.macro.push(fn)
	s.posted()
}

// posted ends a post: it counts the callback, lets go of the queues' lock and wakes a worker
// for it.
func (s *scheduler) posted() {
	l := &s.loop
	l.queued.Add(1)
	l.mu.Unlock()
	if !l.busy.Load() {
		s.notify()
	}
}

// hasCallbacks reports whether callbacks wait that a worker could run now.
func (l *eventLoop) hasCallbacks() bool { return l.queued.Load() != 0 && !l.busy.Load() }

// next takes the next callback in JavaScript's order, or nil.
func (l *eventLoop) next() callback {
	l.mu.Lock()
	c, ok := l.micro.pop()
	if !ok {
		var fn func()
		if fn, ok = l.macro.pop(); ok {
			c = callbackFunc(fn)
		}
	}
	if ok {
		l.queued.Add(-1)
	}
	l.mu.Unlock()
	return c
}

func (l *eventLoop) acquire() {
	l.turn.Lock()
	l.busy.Store(true)
}

func (l *eventLoop) release() {
	l.busy.Store(false)
	l.turn.Unlock()
}

// runCallbacks takes the turn, if no one holds it, and runs the queued callbacks. It reports
// whether it ran any.
func (w *worker) runCallbacks() bool {
	s := w.sched
	l := &s.loop
	if l.queued.Load() == 0 || !l.turn.TryLock() {
		return false
	}
	l.busy.Store(true)
	ran := false
	for i := 0; i < loopTurnLimit; i++ {
		c := l.next()
		if c == nil {
			break
		}
		ran = true
		runOneCallback(c)
		s.release()
	}
	// What is posted from now on, or was left over, is seen at this worker's next look (it
	// does not park while hasCallbacks holds).
	l.release()
	return ran
}

// runOneCallback runs c; a throw or a panic in it is reported as a failure no one awaits.
func runOneCallback(c callback) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*exitRequest); ok {
				exitNow(e.code)
			}
			th, ok := r.(*Thrown)
			if !ok {
				if rawPanics {
					crashWithStack(r)
				}
				th = &Thrown{Err: Error{Message: fmt.Sprintf("panic in callback: %v", r)}}
			}
			failedUnawaited.Store(true)
			reportFailure(FailureText(&Thrown{Err: Error{Message: "uncaught in a callback: " + th.Err.Message}, Pos: th.Pos}))
		}
	}()
	c.runCallback()
}
