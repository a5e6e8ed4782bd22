package rt

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
)

var monoBase = time.Now()

// monoNow is the monotonic clock in nanoseconds.
func monoNow() int64 { return int64(time.Since(monoBase)) }

const noDeadline = math.MaxInt64

// timerQueue is the one timer structure of a run: a binary min-heap of deadlines under a
// mutex, shared by the workers. Workers fire due timers between polls (every
// globalCheckInterval polls) and when they run out of work; a parked worker, the timer driver,
// sleeps until the earliest deadline. There is no goroutine per timer, and removing a timer
// (a dropped Sleep, clearTimeout) takes it out of the heap, so it no longer keeps the run alive.
type timerQueue struct {
	sched *scheduler
	mu    sync.Mutex
	heap  []*timerEntry
	seq   uint64
	// next is the earliest deadline (noDeadline when empty), readable without the lock.
	next  atomic.Int64
	count atomic.Int64
	// callbacks are the setTimeout/setInterval timers by id.
	callbacks map[int64]*callbackTimer
	lastID    int64
}

// timerEntry is one deadline in the heap. A Sleep embeds its entry (no allocation).
type timerEntry struct {
	when  int64
	seq   uint64 // equal deadlines fire in the order they were set
	index int32  // position in the heap, -1 when not in it
	fired atomic.Bool
	waker Waker          // a Sleep's task
	cb    *callbackTimer // or a setTimeout/setInterval callback
}

type callbackTimer struct {
	entry  timerEntry
	fn     func()
	period int64 // 0 for a timeout
	id     int64
}

func (q *timerQueue) init(s *scheduler) {
	q.sched = s
	q.next.Store(noDeadline)
	q.callbacks = make(map[int64]*callbackTimer)
}

func (q *timerQueue) due() bool     { return monoNow() >= q.next.Load() }
func (q *timerQueue) pending() bool { return q.count.Load() != 0 }
func (q *timerQueue) length() int64 { return q.count.Load() }

func (q *timerQueue) nextDeadline() (int64, bool) {
	d := q.next.Load()
	return d, d != noDeadline
}

// add puts e in the heap (the caller set e.when) and wakes the timer driver if e is now first.
func (q *timerQueue) add(e *timerEntry) {
	q.mu.Lock()
	q.pushAndKickUnlock(e)
}

// pushAndKickUnlock pushes e, releases mu, and wakes the timer driver if e is now the earliest.
func (q *timerQueue) pushAndKickUnlock(e *timerEntry) {
	q.push(e)
	first := q.heap[0] == e
	q.mu.Unlock()
	if first {
		q.sched.kickTimerDriver()
	}
}

// remove takes e out of the heap if it is there.
func (q *timerQueue) remove(e *timerEntry) {
	q.mu.Lock()
	if e.index >= 0 {
		q.removeAt(int(e.index))
	}
	q.mu.Unlock()
}

// setWaker changes the task a registered Sleep wakes.
func (q *timerQueue) setWaker(e *timerEntry, w Waker) {
	q.mu.Lock()
	e.waker = w
	q.mu.Unlock()
}

// fire runs every due timer: wakes the sleeping tasks (onto w's deque) and spawns the due
// callbacks as tasks. It reports whether anything was due.
func (q *timerQueue) fire(w *worker) bool {
	now := monoNow()
	if now < q.next.Load() {
		return false
	}
	wakers, callbacks := w.firedTasks[:0], w.firedCallbacks[:0]
	finished := 0
	q.mu.Lock()
	for len(q.heap) > 0 && q.heap[0].when <= now {
		e := q.heap[0]
		q.removeAt(0)
		if cb := e.cb; cb != nil {
			if cb.period > 0 {
				// The next tick is armed when this one's callback has run, as in JavaScript,
				// where a tick's callback always runs before the next tick can fire.
				callbacks = append(callbacks, func() {
					defer q.rearm(cb, e.when)
					cb.fn()
				})
			} else {
				callbacks = append(callbacks, cb.fn)
				delete(q.callbacks, cb.id)
				finished++
			}
			continue
		}
		e.fired.Store(true)
		if e.waker.t != nil {
			wakers = append(wakers, e.waker.t)
		}
	}
	q.mu.Unlock()
	for _, t := range wakers {
		t.wake(w)
	}
	for _, fn := range callbacks {
		q.sched.postMacro(fn) // in deadline order, equal deadlines in the order they were set
	}
	clear(wakers)
	clear(callbacks)
	w.firedTasks, w.firedCallbacks = wakers, callbacks // reused: no garbage per firing
	for ; finished > 0; finished-- {
		q.sched.release() // after the posts: the queued callbacks now hold the run
	}
	return true
}

// setCallback registers a setTimeout (period 0) or setInterval callback and returns its id.
func (q *timerQueue) setCallback(fn func(), delay, period int64) int64 {
	cb := &callbackTimer{fn: fn, period: period}
	cb.entry.cb = cb
	cb.entry.when = monoNow() + delay
	q.sched.hold()
	q.mu.Lock()
	q.lastID++
	id := q.lastID
	cb.id = id
	q.callbacks[id] = cb
	q.pushAndKickUnlock(&cb.entry)
	return id
}

// rearm schedules an interval's next tick one period after the last (skipping the ticks
// missed meanwhile), unless it was cleared.
func (q *timerQueue) rearm(cb *callbackTimer, last int64) {
	now := monoNow()
	next := last + cb.period
	if next <= now {
		next = now + cb.period
	}
	q.mu.Lock()
	if q.callbacks[cb.id] != cb {
		q.mu.Unlock()
		return
	}
	cb.entry.when = next
	q.pushAndKickUnlock(&cb.entry)
}

// clearCallback cancels a setTimeout or setInterval by id; unknown or finished ids are ignored.
func (q *timerQueue) clearCallback(id int64) {
	q.mu.Lock()
	cb, ok := q.callbacks[id]
	if ok {
		delete(q.callbacks, id)
		if cb.entry.index >= 0 {
			q.removeAt(int(cb.entry.index))
		}
	}
	q.mu.Unlock()
	if ok {
		q.sched.release()
	}
}

// The heap proper; callers hold mu.

func (q *timerQueue) less(i, j int) bool {
	a, b := q.heap[i], q.heap[j]
	return a.when < b.when || a.when == b.when && a.seq < b.seq
}

func (q *timerQueue) swap(i, j int) {
	q.heap[i], q.heap[j] = q.heap[j], q.heap[i]
	q.heap[i].index = int32(i)
	q.heap[j].index = int32(j)
}

func (q *timerQueue) push(e *timerEntry) {
	q.seq++
	e.seq = q.seq
	e.index = int32(len(q.heap))
	q.heap = append(q.heap, e)
	q.up(len(q.heap) - 1)
	q.count.Store(int64(len(q.heap)))
	q.next.Store(q.heap[0].when)
}

func (q *timerQueue) removeAt(i int) {
	last := len(q.heap) - 1
	e := q.heap[i]
	if i != last {
		q.swap(i, last)
	}
	q.heap[last] = nil
	q.heap = q.heap[:last]
	if i != last {
		q.down(i)
		q.up(i)
	}
	e.index = -1
	q.count.Store(int64(len(q.heap)))
	if len(q.heap) == 0 {
		q.next.Store(noDeadline)
	} else {
		q.next.Store(q.heap[0].when)
	}
}

func (q *timerQueue) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !q.less(i, parent) {
			return
		}
		q.swap(i, parent)
		i = parent
	}
}

func (q *timerQueue) down(i int) {
	n := len(q.heap)
	for {
		child := 2*i + 1
		if child >= n {
			return
		}
		if r := child + 1; r < n && q.less(r, child) {
			child = r
		}
		if !q.less(child, i) {
			return
		}
		q.swap(i, child)
		i = child
	}
}

// kickTimerDriver makes a worker re-read the earliest deadline: the parked driver, or else any
// parked worker (which then parks again as the driver). Busy workers check timers on their own.
func (s *scheduler) kickTimerDriver() {
	if d := s.driver.Load(); d != nil {
		d.signal()
		return
	}
	s.wakeAnyParked()
}
