package rt

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// thread.ThreadPool.new(n) (EVERYDAY.md §6): n OS threads that take jobs from one unbounded
// thread channel (thread_channel.go). A job is a JoinHandle run as a spawn_blocking job is
// (runBlocking): submit gives the handle, which `h.get()` waits for from any thread and async code
// awaits (`await h` suspends, its worker runs other tasks); execute detaches it, so that a job
// that throws is reported on stderr and the program exits with status 1, as for a detached task.
// A job that is queued or running holds off the end of the run and its deadlock check, as a
// spawn_blocking job does; idle threads hold nothing, so a pool that is never shut down does not
// keep the program alive.

// maxPoolThreads bounds ThreadPool.new's count.
const maxPoolThreads = 4096

// ThreadPool is a pool of OS threads.
type ThreadPool struct {
	tx      *ThreadSender[func(*waiterSlot)]
	threads int
	mu      sync.Mutex // guards the fields below
	shut    bool
	pending int     // jobs queued or running
	idle    parkers // join_timeout calls waiting for pending to reach 0
}

// poolJobDone maps the handle of a submitted job that has not finished to the channel closed
// when it does (h.get() waits on it). A finished job's entry is gone: get then finds the handle
// final.
var poolJobDone sync.Map // *task → chan struct{}

// NewThreadPool is thread.ThreadPool.new(n); n must be from 1 to 4096 (a run-time error at pos).
func NewThreadPool(n int64, pos string) *ThreadPool {
	if n < 1 || n > maxPoolThreads {
		Fail(pos, "thread.ThreadPool.new: a pool has from 1 to "+strconv.Itoa(maxPoolThreads)+" threads, got "+strconv.FormatInt(n, 10))
	}
	pair := ThreadChannelUnbounded[func(*waiterSlot)]()
	p := &ThreadPool{tx: pair.F0, threads: int(n)}
	rx := pair.F1
	for range n {
		go func() {
			runtime.LockOSThread()
			slot := &waiterSlot{kind: "thread pool job"}
			defer registerSlot(slot)()
			for {
				job, why := rx.recv(true, false, time.Time{})
				if why != "" {
					return // shut down and drained
				}
				job(slot)
			}
		}()
	}
	return p
}

// NewThreadPoolCPUs is thread.ThreadPool.new(): as many threads as the program may use CPUs.
func NewThreadPoolCPUs(pos string) *ThreadPool {
	return NewThreadPool(min(HardwareConcurrency(), maxPoolThreads), pos)
}

// Size is pool.size(): its threads.
func (p *ThreadPool) Size() int64 { return int64(p.threads) }

// enqueue queues the job of h; after shutdown it is a run-time error at pos.
func poolEnqueue[T any](p *ThreadPool, h *JoinHandle[T], f func() T, done chan struct{}, what, pos string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shut {
		Fail(pos, what+" on a thread pool that was shut down")
	}
	s := currentScheduler()
	h.state.Store(kindPoolJob)
	s.adopt(&h.task, stateRunning, nil) // never queued: wakes do nothing, Cancel only sets the flag
	s.external.Add(1)                   // a queued or running job holds off the deadlock check
	p.pending++
	p.tx.send(func(slot *waiterSlot) {
		defer p.jobFinished()
		if done != nil {
			defer func() {
				close(done)
				poolJobDone.Delete(&h.task)
			}()
		}
		runBlocking(h, f, slot)
	}, false, false, time.Time{}) // unbounded and open: never refused
}

func (p *ThreadPool) jobFinished() {
	p.mu.Lock()
	p.pending--
	var woken parkers
	if p.pending == 0 {
		woken = p.idle.take()
	}
	p.mu.Unlock()
	woken.wakeAll()
}

// ThreadPoolSubmit is pool.submit(f): f runs on one of the pool's threads; the handle gives its
// value (h.get(), await h) or throws what it threw.
func ThreadPoolSubmit[T any](p *ThreadPool, f func() T, pos string) *JoinHandle[T] {
	h := &JoinHandle[T]{}
	done := make(chan struct{})
	poolJobDone.Store(&h.task, done)
	defer func() {
		if r := recover(); r != nil { // shut down: the handle was never queued
			poolJobDone.Delete(&h.task)
			panic(r)
		}
	}()
	poolEnqueue(p, h, f, done, "submit", pos)
	return h
}

// ThreadPoolExecute is pool.execute(f): submit without a handle. A throw in f is reported on
// stderr, and the program exits with status 1 once it has finished.
func ThreadPoolExecute(p *ThreadPool, f func(), pos string) {
	h := &JoinHandle[Unit]{}
	poolEnqueue(p, h, func() Unit { f(); return Unit{} }, nil, "execute", pos)
	h.Drop()
}

// ThreadPoolShutdown is pool.shutdown(): the pool takes no more jobs; its threads run the jobs
// already queued, then end. It does not wait for them (join_timeout does); a second shutdown does
// nothing.
func ThreadPoolShutdown(p *ThreadPool) {
	p.mu.Lock()
	if !p.shut {
		p.shut = true
		ThreadSenderClose(p.tx)
	}
	p.mu.Unlock()
}

// ThreadPoolJoinTimeout is pool.join_timeout(ms): it waits at most ms milliseconds for every job
// queued or running to finish, and says whether they did.
func ThreadPoolJoinTimeout(p *ThreadPool, ms int64) bool { return p.waitIdle(deadlineIn(ms), true) }

// ThreadPoolJoin is pool.join(): it shuts the pool down and waits for every job queued or running
// to finish.
func ThreadPoolJoin(p *ThreadPool) {
	ThreadPoolShutdown(p)
	p.waitIdle(time.Time{}, false)
}

// waitIdle waits (until deadline, when timed) for every job queued or running to finish, and
// says whether they did.
func (p *ThreadPool) waitIdle(deadline time.Time, timed bool) bool {
	for {
		p.mu.Lock()
		if p.pending == 0 {
			p.mu.Unlock()
			return true
		}
		w := &parker{}
		p.idle.add(w)
		p.mu.Unlock()
		if !w.wait(deadline, timed) {
			p.mu.Lock()
			p.idle.remove(w)
			done := p.pending == 0
			p.mu.Unlock()
			return done
		}
	}
}

// JobGet is h.get() of a pool job's handle (also of a thread's, as h.join()): it waits for the
// job and gives its value, or throws what it threw. get of a task's handle is a run-time error,
// whether or not the task has finished: it is awaited instead.
func JobGet[T any](h *JoinHandle[T], pos string) T {
	if !h.is(kindPoolJob) {
		if h.is(kindThread) {
			return ThreadJoin(h, pos)
		}
		Fail(pos, "get of a task's handle, which is not a pool job's: await it instead")
	}
	if d, ok := poolJobDone.Load(&h.task); ok {
		<-d.(chan struct{})
	}
	h.state.Or(flagObserved)
	if err := h.failure(); err != nil {
		panic(err)
	}
	return h.val
}

// JobGetValue is h.get() of a job (or a thread) whose function gives () or a dynamic value
// (EVERYDAY.md §7.3): its value, or the error object if it threw.
func JobGetValue[T any](h *JoinHandle[T], pos string) Value {
	if !h.is(kindPoolJob) {
		if h.is(kindThread) {
			return ThreadJoinValue(h, pos)
		}
		Fail(pos, "get of a task's handle, which is not a pool job's: await it instead")
	}
	if d, ok := poolJobDone.Load(&h.task); ok {
		<-d.(chan struct{})
	}
	return joinedValue(h)
}

// AdeshFormat prints the pool as ThreadPool(n).
func (p *ThreadPool) AdeshFormat(b *strings.Builder, _ bool) {
	b.WriteString("ThreadPool(" + strconv.Itoa(p.threads) + ")")
}

// ThreadPoolMap is pool.map([f1, f2, …]): each function runs as a job of the pool; it gives
// their results in order once every one has finished, and throws what the first that threw
// threw.
func ThreadPoolMap[T any](p *ThreadPool, fs []func() T, pos string) []T {
	hs := make([]*JoinHandle[T], len(fs))
	for i, f := range fs {
		hs[i] = ThreadPoolSubmit(p, f, pos)
	}
	out := make([]T, len(fs))
	var first any
	for i, h := range hs {
		func() {
			defer func() {
				if r := recover(); r != nil && first == nil {
					first = r
				}
			}()
			out[i] = JobGet(h, pos)
		}()
	}
	if first != nil {
		panic(first)
	}
	return out
}

// ThreadPoolMapUnit is ThreadPoolMap of functions that give nothing.
func ThreadPoolMapUnit(p *ThreadPool, fs []func(), pos string) []Unit {
	gs := make([]func() Unit, len(fs))
	for i, f := range fs {
		gs[i] = func() Unit { f(); return Unit{} }
	}
	return ThreadPoolMap(p, gs, pos)
}
