package rt

import (
	"sync"
	"sync/atomic"
)

// scheduler is one run of RunWorkers: its workers, queues, timers and live tasks.
type scheduler struct {
	workers []*worker
	// fifo is set on a single worker: it then runs its deque from the top, so tasks run in the
	// order they were spawned or woken (deterministic, and what a JavaScript user expects).
	fifo bool

	inject   injectQueue
	registry taskRegistry
	timers   timerQueue
	loop     eventLoop
	blocking blockingPool
	joiners  extraJoiners

	spawnCounters
	// external counts the subset of outstanding that no worker can see progress on: running
	// spawn_blocking jobs and KeepAlive holds. The deadlock check needs it to be zero.
	external atomic.Int64
	// started is set once main is adopted: before that, outstanding may drop to zero (a
	// timeout set and cleared before the run) without ending anything.
	started atomic.Bool
	done    atomic.Bool

	// Idle workers. nParked and nSearching are read without the lock on the hot path.
	idleMu     sync.Mutex
	idle       []*worker
	nParked    atomic.Int32
	nSearching atomic.Int32
	// driver is the parked worker waiting for the next timer deadline or I/O readiness (in the
	// reactor, if the process has one), if any.
	driver atomic.Pointer[worker]
	// ioWaiting counts the tasks registered with the reactor: the outside world can wake them.
	ioWaiting atomic.Int64

	mainTask   *task
	deadlocked atomic.Bool
	unhandled  unhandledSet  // rejections and failures to report at the end unless handled
	spawned    atomic.Uint64 // tasks spawned off the workers (see adopt)
}

// spawnCounters are the scheduler's words written by every spawn (and outstanding by every
// finish too), on a cache line of their own: beside them, the words each worker reads on each
// turn (done, started, the joiners, the idle counts) missed in its cache whenever another
// worker spawned or finished a task.
type spawnCounters struct {
	_ [cacheLine]byte
	// nextID is the last task id given out: one at a time on one worker and off the workers, a
	// block of idBlock at a time to a worker of a larger run (see adopt).
	nextID atomic.Uint32
	// outstanding counts what keeps the run alive: live tasks, pending setTimeout callbacks and
	// intervals, KeepAlive holds, and the credits the workers hold (see worker.credits). The
	// run ends when it drops to zero.
	outstanding atomic.Int64
	_           [cacheLine]byte
}

// cacheLine is the size of a cache line (x86-64 and most arm64).
const cacheLine = 64

// idBlock is how many task ids a worker of a run on more than one worker takes from nextID at
// a time, as each of Go's Ps takes goroutine ids in batches (runtime.newproc1, goidcache):
// one shared counter written by every spawn cost the tree of bench/README.md a tenth of its
// time on two workers, its cache line moving between them at each spawn.
const idBlock = 64

// creditBlock is how many task counts a worker takes from outstanding at a time (see
// worker.credits).
const creditBlock = 64

func newScheduler() *scheduler {
	s := &scheduler{}
	s.timers.init(s)
	s.blocking.init(s)
	return s
}

// adopt registers a new task in the given initial state (keeping the kind bits set before)
// and counts it as outstanding (a worker with one of its credits). w is the worker spawning
// it, or nil: a worker counts its spawns itself (see metrics).
//
// The task's id: on one worker, and off the workers, the next one (ids follow the spawns); a
// worker of a larger run gives its spawns the ids of a block it took (idBlock), so ids are
// unique and grow along each worker's spawns, but two workers' spawns interleave by blocks.
func (s *scheduler) adopt(t *task, initial uint32, w *worker) {
	t.sched = s
	if w != nil && !s.fifo {
		if w.idNext == w.idEnd {
			w.idEnd = s.nextID.Add(idBlock)
			w.idNext = w.idEnd - idBlock
		}
		w.idNext++
		t.id = w.idNext
	} else {
		t.id = s.nextID.Add(1)
	}
	t.state.Store(initial | t.state.Load()&kindMask)
	if w != nil {
		if w.credits == 0 {
			s.outstanding.Add(creditBlock)
			w.credits = creditBlock
		}
		w.credits--
		w.stats[statSpawned]++
	} else {
		s.outstanding.Add(1)
		s.spawned.Add(1)
	}
	s.registry.add(t)
}

// hold and release count what keeps the run alive (see outstanding).
func (s *scheduler) hold() { s.outstanding.Add(1) }

func (s *scheduler) release() { s.releaseN(1) }

func (s *scheduler) releaseN(n int64) {
	if s.outstanding.Add(-n) == 0 && s.started.Load() {
		s.shutdown()
	}
}

func (s *scheduler) shutdown() {
	s.done.Store(true)
	for _, w := range s.workers {
		w.signal()
	}
}

// schedule queues a task that was woken. w is the worker the caller runs on (nil if unknown);
// last is the index of the worker that last polled the task (-1 if none).
func (s *scheduler) schedule(t *task, w *worker, last int) {
	switch {
	case w != nil && w.sched == s:
		w.pushLIFO(t)
	case last >= 0 && last < len(s.workers):
		// A wake from an unknown goroutine (possibly that very worker) goes to the inbox of the
		// worker that ran the task last: no lock, and the task stays where its data is warm.
		s.workers[last].pushInbox(t)
	default:
		s.inject.push(t)
		s.notify()
	}
}

// scheduleSpawned queues a new task: on the deque of the worker that spawned it, where an idle
// worker can steal it (the parent may go on computing), or else in the global queue.
func (s *scheduler) scheduleSpawned(t *task, w *worker) {
	if w != nil && w.sched == s {
		w.pushLocal(t)
	} else {
		s.inject.push(t)
	}
	s.notify()
}

// notify wakes one parked worker to look for the work just queued, unless a worker is already
// searching (it will find the work, and wake another if it was the last searcher): at most
// one searching worker is woken per new task.
func (s *scheduler) notify() {
	if s.nSearching.Load() != 0 || s.nParked.Load() == 0 {
		return
	}
	s.idleMu.Lock()
	if s.nSearching.Load() != 0 {
		s.idleMu.Unlock()
		return
	}
	w := s.popIdleLocked()
	if w != nil {
		s.nSearching.Add(1)
		w.searchOnWake = true
	}
	s.idleMu.Unlock()
	if w != nil {
		w.signal()
	}
}

// wakeAnyParked wakes one parked worker whatever the searchers do (a timer needs a driver, a
// deadlock check needs redoing).
func (s *scheduler) wakeAnyParked() {
	if s.nParked.Load() == 0 {
		return
	}
	s.idleMu.Lock()
	w := s.popIdleLocked()
	s.idleMu.Unlock()
	if w != nil {
		w.signal()
	}
}

// popIdleLocked takes the most recently parked worker off the idle list, or returns nil.
func (s *scheduler) popIdleLocked() *worker {
	if len(s.idle) == 0 {
		return nil
	}
	w := s.idle[len(s.idle)-1]
	s.idle = s.idle[:len(s.idle)-1]
	s.nParked.Add(-1)
	return w
}

// workVisible reports whether any queue holds a task (a snapshot).
func (s *scheduler) workVisible() bool {
	if s.inject.length.Load() != 0 || s.loop.hasCallbacks() {
		return true
	}
	for _, w := range s.workers {
		// A LIFO slot counts: its owner may be in a long poll, and a searcher that parks after
		// its search passed the slot, but before the slot was filled, missed the notify.
		if w.stealer.length() != 0 || w.inbox.Load() != nil || w.lifo.Load() != nil {
			return true
		}
	}
	return false
}

// checkDeadlock runs on the last worker to park. If every worker is parked, no queue holds a
// task, no timer is pending and nothing outside the workers (a blocking job, a KeepAlive
// holder, a socket a task waits on) can wake a task, then every live task waits for something
// that will never happen: the run is deadlocked. The live tasks are cancelled, which runs their
// pending defers; if the main task was among them it fails with a deadlock error. It reports
// whether it cancelled.
func (s *scheduler) checkDeadlock() bool {
	if s.external.Load() != 0 || s.ioWaiting.Load() != 0 || s.timers.pending() || s.workVisible() || s.done.Load() {
		return false
	}
	s.idleMu.Lock()
	all := len(s.idle) == len(s.workers)
	s.idleMu.Unlock()
	if !all || s.workVisible() {
		return false
	}
	var stuck []*task
	s.registry.each(func(t *task) {
		if t.state.Load()&flagCancel == 0 {
			stuck = append(stuck, t)
		}
	})
	if len(stuck) == 0 {
		return false
	}
	if s.mainTask != nil && !s.mainTask.isFinal() {
		s.deadlocked.Store(true)
	}
	for _, t := range stuck {
		t.cancel()
	}
	return true
}

// KeepAlive tells the running scheduler (or the next one) that something outside its workers
// (a goroutine of your own, an I/O poller) will still wake tasks, so that the run neither ends
// nor is taken for deadlocked while it holds. Call the returned function once, when done.
func KeepAlive() (release func()) {
	s := currentScheduler()
	s.hold()
	s.external.Add(1)
	var once sync.Once
	return func() {
		once.Do(func() {
			s.external.Add(-1)
			s.wakeAnyParked() // the deadlock check this hold prevented may now succeed
			s.release()
		})
	}
}

var (
	schedMu sync.Mutex
	// nextSched is the scheduler of the current run, or the one the next run will use (so that
	// tasks spawned and timers set before RunWorkers run in it).
	nextSched *scheduler
	// runningSched is the scheduler of the run under way, nil between runs.
	runningSched atomic.Pointer[scheduler]
	// lastSched is the scheduler of the last run, for WriteMetrics after it.
	lastSched atomic.Pointer[scheduler]
)

// currentScheduler is the scheduler of the run under way, or of the next one.
func currentScheduler() *scheduler {
	if s := runningSched.Load(); s != nil {
		return s
	}
	schedMu.Lock() // nextSched stays set for the whole run, so this finds the running one too
	defer schedMu.Unlock()
	if nextSched == nil {
		nextSched = newScheduler()
	}
	return nextSched
}
