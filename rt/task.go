package rt

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
)

// A task's lifecycle lives in one atomic word, changed only by compare-and-swap:
//
//	bits 0-2   lifecycle: idle, scheduled, running, notified, complete, cancelled
//	bit  3     cancel requested (JoinHandle.Cancel, a failing scope sibling, a deadlock)
//	bit  4     detached: the JoinHandle was dropped without awaiting
//	bit  5     observed: an await has delivered the task's failure
//	bits 6-9   what the task is, set once before it is adopted or just after: a started future
//	           (dropping its handle cancels it), a thread pool's job, a thread, a scope's child
//	bits 10-15 a count of polls, wrapping (lets DumpTasks detect a poll under way)
//	bits 16+   1 + index of the worker that last polled the task (0: never polled)
//
// The transitions: a wake moves idle→scheduled (and queues the task: exactly one queue entry
// per scheduled task) or running→notified (the worker re-queues it after the poll); a worker
// moves scheduled→running, then running→idle (Pending), notified→scheduled (woken during the
// poll) or →complete/cancelled (final).
const (
	stateIdle uint32 = iota
	stateScheduled
	stateRunning
	stateNotified
	stateComplete
	stateCancelled

	stateMask    uint32 = 7
	flagCancel   uint32 = 1 << 3
	flagDetached uint32 = 1 << 4
	flagObserved uint32 = 1 << 5
	// kindDropCancels: dropping the handle cancels the task (a started future, see Start)
	// rather than detaching it.
	kindDropCancels uint32 = 1 << 6
	kindPoolJob     uint32 = 1 << 7 // a thread pool's job (thread_pool.go), which h.get() waits for
	kindThread      uint32 = 1 << 8 // a thread.spawn thread's (thread.go), which h.join() waits for
	kindScoped      uint32 = 1 << 9 // a scope's child: its body is a scopedTask
	kindMask        uint32 = kindDropCancels | kindPoolJob | kindThread | kindScoped
	runCountOne     uint32 = 1 << 10
	runCountMask    uint32 = 0x3f << 10
	workerShift            = 16
	workerBitMask   uint32 = 0xffff << workerShift
)

// maxWorkers is what the worker field of the state word can name.
const maxWorkers = 0xffff - 1

var stateNames = [...]string{"idle", "scheduled", "running", "notified", "complete", "cancelled"}

// taskBody is the typed half of a task (its future and result slot): see JoinHandle.
type taskBody interface {
	// pollBody polls the future once and reports whether it completed (its value stored).
	pollBody(cx *Context) bool
	// dropBody drops the future: cancellation, or cleanup after its Poll panicked.
	dropBody()
}

// task is the untyped header of a spawned future, the unit the scheduler queues. It is 80
// bytes: a suspended task is this, its value and its future (bench/README.md, issue 34), so
// what only some tasks need lives elsewhere: the kind in the state word, a scope child's scope
// in its body (scopedTask), and the failure in the body's place once the task is final.
type task struct {
	state atomic.Uint32
	// id numbers the tasks of a run, for messages and DumpTasks: in spawn order on one worker,
	// in each worker's spawn order on more (see adopt); it wraps after 2^32 spawns (it sits in
	// the padding after state).
	id    uint32
	sched *scheduler
	// body is the task's future and result slot while it is live; once the state is final it
	// is the failure (a *failedBody), or nil.
	body taskBody
	// site is where the task last suspended ("file.adesh:LINE"), set by Context.SuspendedAt.
	site string
	// joinWaker is the task awaiting this one through its JoinHandle.
	joinWaker atomic.Pointer[task]
	// queueNext links the task in an inbox or in the injection queue (it is in one at a time).
	queueNext *task
	// regPrev and regNext link the task in its registry shard while it is live.
	regPrev, regNext *task
}

// failedBody is a final task's failure, kept in its body's place.
type failedBody Thrown

func (*failedBody) pollBody(*Context) bool { panic("rt: poll of a finished task") }
func (*failedBody) dropBody()              {}

// failure is a final task's failure (its throw, panic or cancellation), or nil.
func (t *task) failure() *Thrown {
	if f, ok := t.body.(*failedBody); ok {
		return (*Thrown)(f)
	}
	return nil
}

// is reports whether t is of the given kind (kindDropCancels…).
func (t *task) is(kind uint32) bool { return t.state.Load()&kind != 0 }

// scope is the scope t is a child of, or nil; t must be live.
func (t *task) scope() *Scope {
	if !t.is(kindScoped) {
		return nil
	}
	return t.body.(interface{ taskScope() *Scope }).taskScope()
}

func (t *task) lifecycle() uint32 { return t.state.Load() & stateMask }

func (t *task) isFinal() bool { return t.lifecycle() >= stateComplete }

// wake schedules t. w is the worker the caller runs on, or nil when unknown.
func (t *task) wake(w *worker) {
	for {
		s := t.state.Load()
		switch s & stateMask {
		case stateIdle:
			if t.state.CompareAndSwap(s, s&^stateMask|stateScheduled) {
				t.sched.schedule(t, w, int(s>>workerShift)-1)
				return
			}
		case stateRunning:
			if t.state.CompareAndSwap(s, s&^stateMask|stateNotified) {
				return
			}
		default: // already queued or re-queued, or finished
			return
		}
	}
}

// cancel asks t to stop at its next suspension: the worker that next picks it up drops its
// future instead of polling it. A task that completes in the poll under way completes normally.
func (t *task) cancel() {
	for {
		s := t.state.Load()
		if s&stateMask >= stateComplete || s&flagCancel != 0 {
			return
		}
		next := s | flagCancel
		switch s & stateMask {
		case stateIdle:
			next = next&^stateMask | stateScheduled
		case stateRunning:
			next = next&^stateMask | stateNotified
		}
		if t.state.CompareAndSwap(s, next) {
			if s&stateMask == stateIdle {
				t.sched.schedule(t, nil, int(s>>workerShift)-1)
			}
			return
		}
	}
}

// startRun moves a dequeued task to running on w and reports whether it is to be cancelled.
func (t *task) startRun(w *worker) (cancelRequested bool) {
	for {
		s := t.state.Load()
		if s&stateMask != stateScheduled {
			panic(fmt.Sprintf("rt: task %d dequeued in state %s", t.id, stateNames[s&stateMask]))
		}
		next := s&^(stateMask|workerBitMask|runCountMask) | stateRunning |
			uint32(w.index+1)<<workerShift | (s+runCountOne)&runCountMask
		if t.state.CompareAndSwap(s, next) {
			return s&flagCancel != 0
		}
	}
}

// suspend ends a poll that returned Pending. It reports whether the task was woken during the
// poll and is now scheduled again (the caller queues it).
func (t *task) suspend() (requeue bool) {
	for {
		s := t.state.Load()
		switch s & stateMask {
		case stateRunning:
			if t.state.CompareAndSwap(s, s&^stateMask|stateIdle) {
				return false
			}
		case stateNotified:
			if t.state.CompareAndSwap(s, s&^stateMask|stateScheduled) {
				return true
			}
		default:
			panic(fmt.Sprintf("rt: task %d suspended in state %s", t.id, stateNames[s&stateMask]))
		}
	}
}

// finish makes t final (complete or cancelled) with its failure err (nil on success), then
// wakes its awaiter, tells its scope, and releases its hold on the scheduler. w is the worker
// finishing it, or nil.
func (t *task) finish(w *worker, err *Thrown, final uint32) {
	scope := t.scope()
	// The future and everything it holds can be collected; the failure takes its place.
	if err != nil {
		t.body = (*failedBody)(err)
	} else {
		t.body = nil
	}
	var s uint32
	for {
		s = t.state.Load()
		if t.state.CompareAndSwap(s, s&^stateMask|final) {
			break
		}
	}
	sched := t.sched
	sched.registry.remove(t)
	if scope != nil {
		scope.childFinished(t, w, final)
	}
	if jw := t.joinWaker.Swap(nil); jw != nil {
		jw.wake(w)
	}
	sched.joiners.wake(t, w)
	if err != nil && final == stateComplete && scope == nil { // (a scope child's failure is the scope's, not lost)
		if s&flagDetached != 0 && s&flagObserved == 0 { // (observed: awaited, or a thread.scope's)
			reportUnawaited(t)
		} else if t != sched.mainTask && s&flagObserved == 0 {
			sched.trackFailedTask(t) // reported at the end of the run unless awaited by then
		}
	}
	if err != nil && t == sched.mainTask && reportMainAtOnce.Load() {
		// The program's error is printed now: the run goes on until its other tasks finish,
		// which may be never (a server's accept loop), or one of them may call exit().
		mainReported.Store(true)
		reportFailure(FailureText(err))
	}
	if w != nil && w.sched == sched {
		w.credits++ // (given back when w parks; the count stays above zero meanwhile)
		if w.credits > 2*creditBlock {
			w.credits -= creditBlock
			sched.outstanding.Add(-creditBlock)
		}
	} else {
		sched.release()
	}
}

// detach records that the task's handle was dropped: a later failure is reported, since no one
// can await it any more.
func (t *task) detach() {
	for {
		s := t.state.Load()
		if s&flagDetached != 0 {
			return
		}
		if t.state.CompareAndSwap(s, s|flagDetached) {
			if s&stateMask == stateComplete && t.failure() != nil && s&flagObserved == 0 && s&kindScoped == 0 {
				reportUnawaited(t)
			}
			return
		}
	}
}

// failureOutput is where failures of detached tasks are reported (a variable for tests).
var failureOutput io.Writer = os.Stderr

// reportMainAtOnce makes the failure of the main task print as it happens (Main sets it), and
// mainReported records that it did.
var reportMainAtOnce, mainReported atomic.Bool

// failedUnawaited records that a task failed with no one to await it: the program still ends
// with status 1 (as Node does for an unhandled rejection), after the others finished.
var failedUnawaited atomic.Bool

func reportUnawaited(t *task) {
	failedUnawaited.Store(true)
	err := t.failure()
	msg := fmt.Sprintf("task %d failed and was not awaited: %s", t.id, err.Err.Message)
	reportFailure(FailureText(&Thrown{Err: Error{Message: msg}, Pos: err.Pos}))
}

// reportFailure writes a failure report to stderr, after what the program printed before it.
func reportFailure(text string) {
	FlushOutput()
	io.WriteString(failureOutput, text)
}
