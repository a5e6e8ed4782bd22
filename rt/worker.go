package rt

// How a worker runs (the design, as Tokio's worker.rs opens with its own).
//
// A run has n workers, each a goroutine locked to an OS thread. A worker owns a deque (the
// owner end: it pushes and pops the bottom; the other workers hold the thief end and take the
// top), an inbox (a lock-free stack for wakes from other goroutines), a LIFO slot (one task)
// and a list of yielded tasks. The scheduler has a global queue (a locked list) besides.
//
// Where a task goes: a spawn from a worker onto that worker's deque, where an idle worker can
// steal it at once; a wake from a poll on a worker into that worker's LIFO slot (the task it
// displaces goes onto the deque), so that a receiver runs next while what it was sent is in
// cache; a wake from elsewhere (a timer thread, I/O, a thread of the thread module) into the
// inbox of the worker that polled the task last; anything with no worker to go to, and the
// older half of a full deque, into the global queue. A task woken during its own poll (a
// yield, a spent budget) waits in the yielded list.
//
// Each turn a worker takes one task (next) and polls it once (run):
//   - every 61st turn (globalCheckInterval) it first fires due timers, polls the reactor
//     without blocking, puts the yielded tasks back on its deque and takes the global queue's
//     oldest task, else its own deque's oldest: no task waits forever behind a busy pair;
//   - otherwise the LIFO slot, then the inbox (moved onto the deque in wake order) and the
//     deque's newest task, then a batch from the global queue (its share: length / workers + 1),
//     then the oldest yielded task.
//
// With nothing local the worker fires due timers, then searches, if fewer than half the
// workers already do: the older half of another worker's deque, the global queue, the inbox
// of a worker busy in a long poll, and last another worker's LIFO slot, which it takes only if
// the slot still holds the same task after lifoGrace (3 µs, as Go's runnext): the owner comes
// back for its slot at the end of any short poll. Queueing work wakes a parked worker as a
// searcher (notify) only when no worker searches already; the last searcher to find work wakes
// the next one, so workers ramp up one at a time.
//
// A worker that found nothing parks: it puts itself on the idle list, then looks at every
// queue again (a task queued before it registered is seen, one queued after finds it parked
// and signals it). The last worker to park checks for a deadlock. One parked worker is the
// driver: it sleeps until the next timer or in the reactor; the others wait for a signal.
//
// On one worker (fifo) there is no slot and no stealing: the deque runs from its top, so tasks
// run in the order they were spawned or woken, which programs' output may depend on.

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"
)

// globalCheckInterval is how many polls a worker makes between looks at the global injection
// queue (and the top of its own deque, and the timers) ahead of its LIFO work: a prime, as in
// Go's runtime and Tokio, so that it does not fall into step with a program's own periods.
const globalCheckInterval = 61

// worker is one scheduler thread: a goroutine locked to an OS thread, with its own deque and
// inbox. Fields without a comment saying otherwise belong to the worker's goroutine.
type worker struct {
	index int
	sched *scheduler
	// local is this worker's end of its deque; other workers steal from stealer.
	local   dequeOwner
	stealer dequeThief
	// inbox receives wakes from other goroutines for tasks this worker ran last: a lock-free
	// stack (newest first) linked through task.queueNext, drained into the deque.
	inbox atomic.Pointer[task]
	cx    Context
	tick  uint32
	rng   uint64
	// idNext is the last task id this worker gave out of its block (idNext, idEnd] (see adopt).
	idNext, idEnd uint32
	// credits are task counts this worker holds of sched.outstanding: it takes creditBlock at a
	// time, spends one per task it spawns and gets one back per task it finishes, and gives
	// them all back before it parks, so the count cannot reach zero while it holds any. One
	// counter written by every spawn and every finish on every worker cost the tree of
	// bench/README.md a twentieth of its time on two workers.
	credits int64
	// yielded holds, oldest first, the tasks that were woken during their own poll (yield_now,
	// a spent budget): they go back on the deque once it and the global queue are empty, or at
	// the next fairness tick.
	yieldedHead, yieldedTail *task
	// lifo holds the task last woken by this worker's own polls (the receiver a send woke, the
	// awaiter of a task that finished): it runs next, while what it was woken for is in cache.
	// Other workers take it only from a worker that does not come back for it at once: one
	// busy with a long poll (stealWork). It is empty whenever the worker is parked.
	lifo atomic.Pointer[task]

	searching bool
	// searchOnWake is set (under sched.idleMu) by notify when it takes this worker off the idle
	// list on behalf of a new task: the worker wakes up counted as searching.
	searchOnWake bool
	parked       atomic.Bool
	wakeCh       chan struct{}
	parkTimer    *time.Timer
	// inReactor is set while the worker, as the driver, may block in the reactor: a signal
	// must then interrupt the reactor's wait as well.
	inReactor atomic.Bool

	stats     [numStats]uint64
	published [numStats]atomic.Uint64

	// Scratch for timers.fire and the reactor.
	firedTasks     []*task
	firedCallbacks []func()
	ioEvents       []readyEvent
	ioReady        []*task
	// ioBuf is where socket reads land before they become strings (see TcpStream).
	ioBuf []byte
}

func newWorker(s *scheduler, index int) *worker {
	w := &worker{
		index:  index,
		sched:  s,
		rng:    uint64(index)*0x9e3779b97f4a7c15 + 1,
		wakeCh: make(chan struct{}, 1),
	}
	w.local, w.stealer = newWorkDeque(dequeSlots)
	return w
}

// signal wakes the worker if it is parked (or makes its next park return at once).
func (w *worker) signal() {
	select {
	case w.wakeCh <- struct{}{}:
	default:
	}
	// After the send: a driver that checked the channel before it went into the reactor is
	// seen here as inReactor and interrupted (see waitInReactor).
	if w.inReactor.Load() {
		if r := loadedReactor.Load(); r != nil {
			r.interrupt()
		}
	}
}

func (w *worker) loop() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w.cx.worker = w
	defer registerSlot(&waiterSlot{w: w})() // for the lock-order check, which names the task a lock waits in
	s := w.sched
	for {
		if s.done.Load() {
			w.publish()
			return
		}
		w.runCallbacks()
		t := w.next()
		if t == nil && s.timers.fire(w) {
			t = w.next()
		}
		if t == nil && !s.fifo && w.startSearching() {
			t = w.stealWork()
		}
		if t == nil {
			w.park()
			continue
		}
		w.stopSearching()
		w.run(t)
	}
}

// next finds local work: now and then the global queue and the oldest local work first
// (fairness), else the inbox and deque, else the global queue, else the yielded tasks.
func (w *worker) next() *task {
	s := w.sched
	w.tick++
	if w.tick%globalCheckInterval == 0 {
		w.publish()
		s.timers.fire(w)
		w.pollIO()
		// A yielded task waits for the local queue to run dry, but no longer than this: the
		// tasks it left behind (the spawned subtrees of a fork-join, say) may be waiting on it.
		w.flushYielded()
		if t := s.inject.pop(); t != nil {
			w.stats[statInjectPops]++
			return t
		}
		if !s.fifo {
			// The oldest local task, so that two tasks waking each other at the bottom of the
			// deque cannot starve the rest of it.
			if t := w.local.popOldest(); t != nil {
				return t
			}
		}
	}
	if w.lifo.Load() != nil {
		if t := w.lifo.Swap(nil); t != nil {
			w.stats[statLIFOPolls]++
			return t
		}
	}
	w.drainInbox()
	if t := w.popLocal(); t != nil {
		return t
	}
	if t := w.popGlobal(); t != nil {
		return t
	}
	if w.yieldedHead != nil {
		w.flushYielded()
		return w.local.popOldest() // the oldest of them
	}
	return nil
}

// flushYielded moves the yielded tasks back onto the deque, oldest first, where idle workers
// can steal them.
func (w *worker) flushYielded() {
	head := w.yieldedHead
	if head == nil {
		return
	}
	w.yieldedHead, w.yieldedTail = nil, nil
	n := 0
	for head != nil {
		next := head.queueNext
		head.queueNext = nil
		w.pushLocal(head)
		head = next
		n++
	}
	if n > 1 {
		w.sched.notify()
	}
}

func (w *worker) popLocal() *task {
	if w.sched.fifo {
		return w.local.popOldest()
	}
	return w.local.pop()
}

// popGlobal takes this worker's share of the global queue in one batch (as Tokio does: the
// queue's length over the number of workers, plus one, at most half a deque). The oldest task
// runs now; the others go onto the deque, oldest first, where idle workers can steal them.
// The deque is empty when this is called.
func (w *worker) popGlobal() *task {
	s := w.sched
	n := s.inject.length.Load()
	if n == 0 {
		return nil
	}
	first, rest := s.inject.popBatch(min(int(n)/len(s.workers)+1, w.local.capacity()/2))
	if first == nil {
		return nil
	}
	w.stats[statInjectPops] += 1 + uint64(w.pushList(rest))
	if rest != nil {
		s.notify()
	}
	return first
}

// pushLIFO queues a task woken by this worker's poll in the LIFO slot; the task it displaces
// goes onto the deque. An idle worker is woken either way: the poll under way may go on for
// long (a producer that computes after its send), and the woken task must not wait for it
// while a worker idles; a thief that finds the slot still full after lifoGrace takes it. On
// one worker there is no slot: tasks run in the order they were woken.
func (w *worker) pushLIFO(t *task) {
	if w.sched.fifo {
		w.pushLocal(t)
		return
	}
	if prev := w.lifo.Swap(t); prev != nil {
		w.pushLocal(prev)
	}
	w.sched.notify()
}

// pushLocal queues t on this worker's deque, moving half of a full deque to the global queue.
func (w *worker) pushLocal(t *task) {
	if !w.local.push(t) {
		w.overflow(t)
	}
	if d := uint64(w.local.length()); d > w.stats[statMaxDepth] {
		w.stats[statMaxDepth] = d
	}
}

func (w *worker) overflow(t *task) {
	var head, tail *task
	n := 1
	for i := w.local.capacity() / 2; i > 0; i-- {
		old := w.local.popOldest() // the oldest first, so the global queue keeps their order
		if old == nil {
			break
		}
		old.queueNext = nil
		if tail == nil {
			head = old
		} else {
			tail.queueNext = old
		}
		tail = old
		n++
	}
	if tail == nil {
		head = t
	} else {
		tail.queueNext = t
	}
	w.stats[statOverflows]++
	w.sched.inject.pushList(head, t, n)
	w.sched.notify()
}

// pushInbox queues a task woken from an unknown goroutine. Any goroutine.
func (w *worker) pushInbox(t *task) {
	for {
		old := w.inbox.Load()
		t.queueNext = old
		if w.inbox.CompareAndSwap(old, t) {
			if w.parked.Load() {
				w.signal()
			} else if old != nil {
				// Work is piling up on a busy worker: let an idle one come and take some.
				w.sched.notify()
			}
			return
		}
	}
}

// drainInbox moves the inbox into the deque in the order of the wakes.
func (w *worker) drainInbox() {
	if w.inbox.Load() == nil {
		return
	}
	n := w.pushChain(w.inbox.Swap(nil))
	if n > 1 {
		w.sched.notify()
	}
}

// pushChain pushes a newest-first chain onto the deque, oldest first, and counts it.
func (w *worker) pushChain(head *task) int {
	var prev *task
	for head != nil {
		next := head.queueNext
		head.queueNext = prev
		prev = head
		head = next
	}
	return w.pushList(prev)
}

// pushList pushes a chain linked through queueNext onto the deque in its order, and counts it.
func (w *worker) pushList(head *task) int {
	n := 0
	for t := head; t != nil; {
		next := t.queueNext
		t.queueNext = nil
		w.pushLocal(t)
		t = next
		n++
	}
	return n
}

// startSearching makes the worker a searcher (a thief) unless half the workers already are.
func (w *worker) startSearching() bool {
	if w.searching {
		return true
	}
	s := w.sched
	if 2*int(s.nSearching.Load()) >= len(s.workers) {
		return false
	}
	s.nSearching.Add(1)
	w.searching = true
	return true
}

// stopSearching ends a successful search; the last searcher to find work wakes another worker,
// since where there was one task there may be more.
func (w *worker) stopSearching() {
	if !w.searching {
		return
	}
	w.searching = false
	if w.sched.nSearching.Add(-1) == 0 {
		w.sched.notify()
	}
}

// lifoGrace is how long a thief leaves a task in another worker's LIFO slot before it takes
// it: the owner runs it as soon as its poll ends, which is at once but for a long poll. (Go's
// scheduler waits 3 µs before it steals a runnext goroutine, for the same reason.)
const lifoGrace = 3000 // ns

// stealWork tries every other worker's deque from a random start, then the global queue, then
// as a last resort the inbox of a worker busy with a long poll, and the task in the LIFO slot
// of a worker that does not come back for it.
func (w *worker) stealWork() *task {
	s := w.sched
	n := len(s.workers)
	start := int(w.random() % uint64(n))
	for i := 0; i < n; i++ {
		v := s.workers[(start+i)%n]
		if v == w {
			continue
		}
		w.stats[statStealAttempts]++
		if t := w.stealHalf(v); t != nil {
			return t
		}
	}
	if t := w.popGlobal(); t != nil {
		return t
	}
	for i := 0; i < n; i++ {
		v := s.workers[(start+i)%n]
		if v == w || v.inbox.Load() == nil {
			continue
		}
		if head := v.inbox.Swap(nil); head != nil {
			w.stats[statSteals]++
			w.pushChain(head)
			return w.popLocal()
		}
	}
	for i := 0; i < n; i++ {
		v := s.workers[(start+i)%n]
		t := v.lifo.Load()
		if v == w || t == nil {
			continue
		}
		for deadline := monoNow() + lifoGrace; v.lifo.Load() == t && monoNow() < deadline; {
		}
		if v.lifo.CompareAndSwap(t, nil) {
			w.stats[statSteals]++
			return t
		}
	}
	return nil
}

// stealHalf takes the older half of v's deque (rounded up), as Go's and Tokio's schedulers
// do: the oldest task runs now, the others go onto this worker's deque (empty: it is
// searching). A thief that took one task at a time came back for each.
func (w *worker) stealHalf(v *worker) *task {
	first := v.stealer.steal()
	if first == nil {
		return nil
	}
	w.stats[statSteals]++
	for more := min(v.stealer.length()/2, w.local.capacity()/2); more > 0; more-- {
		t := v.stealer.steal()
		if t == nil {
			break
		}
		w.pushLocal(t)
		w.stats[statSteals]++
	}
	return first
}

// random is xorshift64: cheap victim selection.
func (w *worker) random() uint64 {
	x := w.rng
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	w.rng = x
	return x
}

// park sleeps until there is work, a timer is due, or the run ends.
func (w *worker) park() {
	s := w.sched
	if c := w.credits; c != 0 {
		// An idle worker holds no credit, so that the count drops to zero (and the run ends)
		// once no task is left; this may be that moment, seen below as done.
		w.credits = 0
		s.releaseN(c)
	}
	s.idleMu.Lock()
	if w.searching {
		w.searching = false
		s.nSearching.Add(-1)
	}
	s.idle = append(s.idle, w)
	s.nParked.Add(1)
	w.parked.Store(true)
	s.idleMu.Unlock()
	w.publish()

	// Re-check after registering: a task queued before this point is seen here, one queued
	// after it finds this worker parked and wakes it.
	if s.done.Load() || s.workVisible() || s.timers.due() {
		w.unpark()
		return
	}
	if int(s.nParked.Load()) == len(s.workers) && s.checkDeadlock() {
		w.unpark()
		return
	}
	w.stats[statParks]++
	// Nothing to run: what the program printed goes out now, so a server's log lines appear
	// while it waits (stdout to a pipe or a file is buffered, not flushed line by line).
	stdio.flushIfWritten()
	r := loadedReactor.Load()
	deadline, timed := s.timers.nextDeadline()
	if (timed || r != nil && s.ioWaiting.Load() != 0) && s.driver.CompareAndSwap(nil, w) {
		if r != nil {
			// Once the process has a reactor the driver always waits in it, for timers too:
			// tasks may start waiting for I/O while it sleeps.
			w.waitInReactor(r, deadline, timed)
		} else {
			w.sleepUntil(deadline)
		}
		s.driver.CompareAndSwap(w, nil)
		if s.timers.pending() {
			// This worker goes back to work: hand the timers to a worker still parked, so a
			// long poll here cannot hold them up.
			s.wakeAnyParked()
		}
	} else {
		<-w.wakeCh
	}
	w.unpark()
	w.wakeIOReady()
}

// waitInReactor blocks in the reactor until I/O readiness, the deadline (if timed) or a
// signal, and keeps the tasks made ready in w.ioReady for after unpark.
func (w *worker) waitInReactor(r *reactor, deadline int64, timed bool) {
	w.inReactor.Store(true)
	select {
	case <-w.wakeCh: // signalled before inReactor was visible: do not block
		w.inReactor.Store(false)
		r.poll(w, 0)
		return
	default:
	}
	timeout := int64(-1)
	if timed {
		timeout = max(deadline-monoNow(), 0)
	}
	r.poll(w, timeout)
	w.inReactor.Store(false)
}

// pollIO collects ready I/O without blocking, from a busy worker, unless a driver is waiting
// in the reactor anyway.
func (w *worker) pollIO() {
	s := w.sched
	if s.ioWaiting.Load() == 0 || s.driver.Load() != nil {
		return
	}
	if r := loadedReactor.Load(); r != nil {
		r.poll(w, 0)
		w.wakeIOReady()
	}
}

func (w *worker) wakeIOReady() {
	if len(w.ioReady) != 0 {
		wakeIOTasks(w, w.ioReady)
		w.ioReady = w.ioReady[:0]
	}
}

func (w *worker) sleepUntil(deadline int64) {
	d := time.Duration(deadline - monoNow())
	if d <= 0 {
		return
	}
	if w.parkTimer == nil {
		w.parkTimer = time.NewTimer(d)
	} else {
		w.parkTimer.Reset(d)
	}
	select {
	case <-w.wakeCh:
		w.parkTimer.Stop()
	case <-w.parkTimer.C:
	}
}

func (w *worker) unpark() {
	s := w.sched
	w.parked.Store(false)
	s.idleMu.Lock()
	for i, x := range s.idle {
		if x == w {
			last := len(s.idle) - 1
			s.idle[i] = s.idle[last]
			s.idle = s.idle[:last]
			s.nParked.Add(-1)
			break
		}
	}
	if w.searchOnWake {
		w.searchOnWake = false
		w.searching = true
	}
	s.idleMu.Unlock()
	select { // a signal sent while we were getting up is spent
	case <-w.wakeCh:
	default:
	}
}

// run polls t once, or drops it if it was cancelled, and settles what follows.
func (w *worker) run(t *task) {
	if t.startRun(w) {
		w.cancelTask(t)
		return
	}
	w.stats[statPolls]++
	cx := &w.cx
	cx.task = t
	cx.budget = pollBudget
	var done bool
	var failure *Thrown
	if t == w.sched.mainTask {
		// The top-level code: no callback runs while it does (see eventLoop).
		w.sched.loop.acquire()
		done, failure = w.poll(t)
		w.sched.loop.release()
	} else {
		done, failure = w.poll(t)
	}
	cx.task = nil
	switch {
	case failure != nil:
		w.stats[statReady]++
		dropQuietly(t.body)
		t.finish(w, failure, stateComplete)
	case done:
		w.stats[statReady]++
		t.finish(w, nil, stateComplete)
	default:
		w.stats[statPending]++
		if t.suspend() {
			w.requeueYielded(t)
		}
	}
}

// poll calls the task's Poll, turning a panic into the task's failure.
func (w *worker) poll(t *task) (done bool, failure *Thrown) { return pollTask(&w.cx, t) }

// pollTask polls t's body with cx, turning a panic into the task's failure.
func pollTask(cx *Context, t *task) (done bool, failure *Thrown) {
	defer func() {
		if r := recover(); r != nil {
			failure = panicToThrown(t, r)
		}
	}()
	return t.body.pollBody(cx), nil
}

// rawPanics makes a panic that is not a *Thrown crash the process with its Go stack
// (ADESH_TRACEBACK=1) instead of failing the task.
var rawPanics bool

// crashWithStack ends the process as a Go panic does, status 2 and "panic: …" with the stack,
// from the deferred call that recovered r: the stack still has the frames that panicked. It
// exits at once: re-raising the panic ran the worker's other deferred calls first, which could
// let the program finish and exit 0 before Go printed the crash (once in about 100 runs).
func crashWithStack(r any) {
	fmt.Fprintf(os.Stderr, "panic: %v\n\n%s", r, debug.Stack())
	os.Exit(2)
}

func panicToThrown(t *task, r any) *Thrown {
	if e, ok := r.(*exitRequest); ok {
		exitNow(e.code) // exit(code): the task's futures ran their defers while it unwound
	}
	if th, ok := r.(*Thrown); ok {
		return th
	}
	if rawPanics {
		crashWithStack(r)
	}
	return &Thrown{Err: Error{Message: fmt.Sprintf("panic in task %d: %v", t.id, r)}}
}

// dropQuietly drops a failed or cancelled task's future; a panic in its cleanup is ignored
// (the task's outcome is already decided).
func dropQuietly(b taskBody) {
	defer func() {
		if r := recover(); r != nil && rawPanics {
			if _, ok := r.(*Thrown); !ok {
				crashWithStack(r)
			}
		}
	}()
	b.dropBody()
}

// requeueYielded queues a task woken during its own poll (yield_now, a spent budget, a wake
// racing the poll) behind the work already waiting.
func (w *worker) requeueYielded(t *task) {
	t.queueNext = nil
	if w.yieldedTail == nil {
		w.yieldedHead = t
	} else {
		w.yieldedTail.queueNext = t
	}
	w.yieldedTail = t
}

var cancelledThrown = Error{Message: Cancelled}

func (w *worker) cancelTask(t *task) {
	dropQuietly(t.body)
	err := &Thrown{Err: cancelledThrown}
	if t == t.sched.mainTask && t.sched.deadlocked.Load() {
		err = &Thrown{Err: Error{Message: deadlockMessage}}
	}
	t.finish(w, err, stateCancelled)
}

const deadlockMessage = "deadlock: every task is waiting and nothing is left to wake them"
