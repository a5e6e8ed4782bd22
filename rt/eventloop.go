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

	mu     sync.Mutex
	micro  callbackQueue
	macro  callbackQueue
	queued atomic.Int64
}

// callbackQueue is a FIFO of callbacks.
type callbackQueue struct {
	items []func()
	head  int
}

func (q *callbackQueue) push(fn func()) { q.items = append(q.items, fn) }

func (q *callbackQueue) pop() func() {
	if q.head == len(q.items) {
		return nil
	}
	fn := q.items[q.head]
	q.items[q.head] = nil
	q.head++
	if q.head == len(q.items) {
		q.items, q.head = q.items[:0], 0
	}
	return fn
}

// loopTurnLimit bounds the callbacks one turn runs, so that a chain of reactions that keeps
// queueing more cannot keep the worker from its tasks for ever.
const loopTurnLimit = 256

// post queues a callback: a microtask (a promise reaction) or a macrotask (a timer's). The
// callback keeps the run alive until it has run.
func (s *scheduler) post(fn func(), micro bool) {
	s.hold()
	l := &s.loop
	l.mu.Lock()
	if micro {
		l.micro.push(fn)
	} else {
		l.macro.push(fn)
	}
	l.queued.Add(1)
	l.mu.Unlock()
	if !l.busy.Load() {
		s.notify()
	}
}

// hasCallbacks reports whether callbacks wait that a worker could run now.
func (l *eventLoop) hasCallbacks() bool { return l.queued.Load() != 0 && !l.busy.Load() }

// next takes the next callback in JavaScript's order, or nil.
func (l *eventLoop) next() func() {
	l.mu.Lock()
	fn := l.micro.pop()
	if fn == nil {
		fn = l.macro.pop()
	}
	if fn != nil {
		l.queued.Add(-1)
	}
	l.mu.Unlock()
	return fn
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
		fn := l.next()
		if fn == nil {
			break
		}
		ran = true
		runOneCallback(fn)
		s.release()
	}
	// What is posted from now on, or was left over, is seen at this worker's next look (it
	// does not park while hasCallbacks holds).
	l.release()
	return ran
}

// runOneCallback runs fn; a throw or a panic in it is reported as a failure no one awaits.
func runOneCallback(fn func()) {
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
	fn()
}
