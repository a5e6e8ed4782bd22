package rt

// The reactor: readiness of sockets, so that a task waiting for I/O suspends and no thread ever
// blocks on a socket.
//
// Edge-triggered. Each descriptor is registered once, when it is created, for both directions
// (EPOLLIN|EPOLLOUT|EPOLLRDHUP|EPOLLET on Linux, EV_CLEAR on kqueue) and never re-armed: one
// epoll_ctl per socket instead of one per wait, as in Go's netpoller and Tokio. An operation
// always tries its system call first; only on EAGAIN does the task register with the
// descriptor's direction, and an edge that arrived after the attempt (counted in the
// direction's sequence number) makes it retry at once instead of waiting, so no edge is lost.
//
// The system calls come from the standard library's syscall package, not golang.org/x/sys/unix:
// rt is copied next to every generated program, which must build offline with the standard
// library only. Linux uses epoll and an eventfd (reactor_epoll.go), macOS and the BSDs kqueue and
// a pipe (reactor_kqueue.go). Elsewhere, or with the build tag adesh_portable_io, there is no
// reactor: sockets go through package net with a goroutine per blocked operation, bridged into
// the task by a OneShot (tcp_portable.go).
//
// Who waits: no goroutine of its own. A worker with nothing to run parks; while tasks wait for
// I/O (or timers are pending) one parked worker, the driver, blocks in the reactor with the next
// timer deadline as its timeout, and the other parked workers sleep on their channels. Waking
// the driver (new work, an earlier timer) writes the reactor's eventfd or pipe, which
// interrupts the wait. Busy workers also poll the reactor without blocking every
// globalCheckInterval polls, so I/O makes progress while every worker is busy. Readiness wakes
// exactly the tasks registered with that descriptor and direction; a dropped future (a
// cancelled task) takes its task off the descriptor.
//
// One reactor serves the process (runs are serialized, and a socket may outlive the run that
// opened it); the count of waiting tasks is per scheduler, for its deadlock check: a task
// waiting for I/O can be woken by the outside world, so the run is not deadlocked.

import (
	"sync"
	"sync/atomic"
)

const (
	dirRead = iota
	dirWrite
)

// readyEvent is one readiness report from the poller.
type readyEvent struct {
	fd          int32
	gen         uint32
	read, write bool
	// anyGen marks an event that does not know its descriptor's generation (kqueue).
	anyGen bool
	// wakeup marks the poller's own interrupt descriptor.
	wakeup bool
}

// reactor is the process's readiness poller and the table of its descriptors.
type reactor struct {
	poller
	mu    sync.RWMutex
	descs []*pollDesc // by descriptor number
	gen   uint32      // under mu: tells a reused descriptor number from its previous owner
	// wakePending is set while an interrupt is written and not yet drained: one write suffices.
	wakePending atomic.Bool
}

var (
	reactorOnce sync.Once
	reactorInst *reactor
	reactorErr  error
)

// theReactor is the process's reactor, made on first use.
func theReactor() (*reactor, error) {
	reactorOnce.Do(func() {
		r := &reactor{}
		if err := r.poller.init(); err != nil {
			reactorErr = err
			return
		}
		reactorInst = r
		loadedReactor.Store(r)
	})
	return reactorInst, reactorErr
}

// loadedReactor is the reactor once made, for the workers' lock-free look.
var loadedReactor atomic.Pointer[reactor]

// register makes fd's pollDesc and adds fd to the poller for both directions.
func (r *reactor) register(fd int) (*pollDesc, error) {
	r.mu.Lock()
	r.gen++
	d := &pollDesc{fd: fd, gen: r.gen, r: r}
	for fd >= len(r.descs) {
		r.descs = append(r.descs, nil)
	}
	r.descs[fd] = d
	r.mu.Unlock()
	if err := r.poller.add(fd, d.gen); err != nil {
		r.forget(d)
		return nil, err
	}
	return d, nil
}

// forget removes d from the table, before its descriptor is closed and its number reused.
func (r *reactor) forget(d *pollDesc) {
	r.mu.Lock()
	if d.fd < len(r.descs) && r.descs[d.fd] == d {
		r.descs[d.fd] = nil
	}
	r.mu.Unlock()
}

// interrupt makes a blocked wait return.
func (r *reactor) interrupt() {
	if r.wakePending.CompareAndSwap(false, true) {
		r.poller.interrupt()
	}
}

// poll waits up to timeout nanoseconds (0: do not block, < 0: no limit) and collects the tasks
// made ready into w.ioReady. Only the driver blocks, and only it drains the interrupt.
func (r *reactor) poll(w *worker, timeout int64) {
	blocking := timeout != 0
	events := w.ioEvents[:0]
	if cap(events) == 0 {
		events = make([]readyEvent, 0, 128)
	}
	events = r.poller.wait(timeout, events)
	r.mu.RLock()
	for _, ev := range events {
		if ev.wakeup {
			if blocking {
				// Drain, then allow the next write: an interrupt in between finds the flag
				// still set and writes nothing, but this driver is awake and looks at the
				// queues after this.
				r.poller.drainInterrupt()
				r.wakePending.Store(false)
			}
			continue
		}
		if int(ev.fd) >= len(r.descs) {
			continue
		}
		d := r.descs[ev.fd]
		if d == nil || d.gen != ev.gen && !ev.anyGen {
			continue // an event of a descriptor closed since
		}
		if ev.read {
			w.ioReady = d.ready(dirRead, w.ioReady)
		}
		if ev.write {
			w.ioReady = d.ready(dirWrite, w.ioReady)
		}
	}
	r.mu.RUnlock()
	w.ioEvents = events[:0]
}

// pollDesc is one registered descriptor: its readiness per direction and the tasks waiting for
// it. Tasks register with wait and leave with unwait (or are taken off by ready and close).
type pollDesc struct {
	fd  int // -1 without a reactor
	gen uint32
	r   *reactor // nil without a reactor
	// sysSock is what the portable socket layer keeps (empty over the reactor).
	sysSock
	// use counts the operations using fd (low 32 bits) and records closing and destruction, so
	// that the descriptor is closed only once no system call uses its number any more.
	use atomic.Uint64
	// seq counts the readiness edges per direction.
	seq     [2]atomic.Uint64
	mu      sync.Mutex
	waiters [2][]*task
}

const (
	useRefs      = 1<<32 - 1
	useClosing   = 1 << 32
	useDestroyed = 1 << 33
)

// acquire takes a reference for a system call on fd; false once the descriptor is closing.
func (d *pollDesc) acquire() bool {
	for {
		u := d.use.Load()
		if u&useClosing != 0 {
			return false
		}
		if d.use.CompareAndSwap(u, u+1) {
			return true
		}
	}
}

// release drops a reference; the last one of a closing descriptor closes it.
func (d *pollDesc) release() {
	if u := d.use.Add(^uint64(0)); u&useClosing != 0 && u&useRefs == 0 {
		d.destroy()
	}
}

// closed reports whether close has been called.
func (d *pollDesc) closed() bool { return d.use.Load()&useClosing != 0 }

// close marks the descriptor closing, wakes every task waiting on it (their next attempt
// reports the close) and closes fd once no system call uses it. It reports whether this call
// closed it (false: it already was).
func (d *pollDesc) close() bool {
	for {
		u := d.use.Load()
		if u&useClosing != 0 {
			return false
		}
		if d.use.CompareAndSwap(u, u|useClosing) {
			var woken []*task
			woken = d.ready(dirRead, woken)
			woken = d.ready(dirWrite, woken)
			wakeIOTasks(nil, woken)
			if u&useRefs == 0 {
				d.destroy()
			}
			return true
		}
	}
}

func (d *pollDesc) destroy() {
	for {
		u := d.use.Load()
		if u&useDestroyed != 0 {
			return
		}
		if d.use.CompareAndSwap(u, u|useDestroyed) {
			break
		}
	}
	if d.r != nil {
		d.r.forget(d)
	}
	d.closeSock()
}

// readySeq is the number of edges seen in dir: take it before an attempt and hand it to wait.
func (d *pollDesc) readySeq(dir int) uint64 { return d.seq[dir].Load() }

// wait registers the task polled with cx for dir, unless an edge came after seq was taken (or
// the descriptor is closing): then it returns false and the caller tries again at once.
func (d *pollDesc) wait(cx *Context, dir int, seq uint64) bool {
	t := cx.Waker().t
	d.mu.Lock()
	if d.seq[dir].Load() != seq || d.closed() {
		d.mu.Unlock()
		return false
	}
	if t != nil && !containsTask(d.waiters[dir], t) {
		d.waiters[dir] = append(d.waiters[dir], t)
		t.sched.ioWaiting.Add(1)
	}
	d.mu.Unlock()
	return true
}

// unwait takes the task polled with cx off dir (a future that completes, times out or is
// dropped while registered).
func (d *pollDesc) unwait(cx *Context, dir int) {
	d.unwaitTask(cx.Waker().t, dir)
}

func (d *pollDesc) unwaitTask(t *task, dir int) {
	if t == nil {
		return
	}
	d.mu.Lock()
	ws := d.waiters[dir]
	for i, x := range ws {
		if x == t {
			last := len(ws) - 1
			ws[i] = ws[last]
			ws[last] = nil
			d.waiters[dir] = ws[:last]
			d.mu.Unlock()
			t.sched.ioWaiting.Add(-1)
			return
		}
	}
	d.mu.Unlock()
}

// ready records an edge in dir and moves the tasks waiting for it to out. The caller wakes
// them with wakeIOTasks, which also uncounts them: until then they count as waiting, so that no
// deadlock check runs in between.
func (d *pollDesc) ready(dir int, out []*task) []*task {
	d.seq[dir].Add(1)
	d.mu.Lock()
	ws := d.waiters[dir]
	out = append(out, ws...)
	clear(ws)
	d.waiters[dir] = ws[:0]
	d.mu.Unlock()
	return out
}

// waiting is the number of tasks registered with d in dir (for tests).
func (d *pollDesc) waiting(dir int) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.waiters[dir])
}

// wakeIOTasks wakes tasks taken off a descriptor, from worker w (nil if unknown), and then
// stops counting them as waiting for I/O.
func wakeIOTasks(w *worker, ts []*task) {
	for i, t := range ts {
		t.wake(w)
		t.sched.ioWaiting.Add(-1)
		ts[i] = nil
	}
}
