package rt

import (
	"runtime"
	"strconv"
	"sync"
	"time"
)

// The thread module (EVERYDAY.md §6): work on OS threads of its own, beside the async workers.
// A thread is a JoinHandle like a task's, so that async code awaits it (suspending, not blocking
// its worker); sync code and other threads join it, which blocks until it ends.

// threadDone maps the handle of a running thread to its threadInfo (thread_ident.go), whose done
// channel is closed when it ends; the entry goes when the thread has ended (a join that finds
// none finds the thread ended).
var threadDone sync.Map // *task → *threadInfo

// SpawnThread runs f on a thread of its own and returns its handle. A throw or panic in f fails
// the handle as it fails a task's. The thread is a goroutine, which Go runs on an OS thread
// (as many at once as GOMAXPROCS, beside the async workers; one blocked in the kernel has an OS
// thread to itself). It is not locked to one: four CPU-bound threads on two cores took 0.69–0.79
// of the sequential time locked and 0.50 unlocked (bench BenchmarkThreadsParallel), the locked
// goroutines waiting for the Ps to be handed between their OS threads.
func SpawnThread[T any](f func() T) *JoinHandle[T] { return spawnThread(nil, f) }

// spawnThread starts a thread named name (nil: unnamed).
func spawnThread[T any](name *string, f func() T) *JoinHandle[T] {
	h := &JoinHandle[T]{}
	s := currentScheduler()
	h.state.Store(kindThread)
	s.adopt(&h.task, stateRunning, nil) // never queued: wakes do nothing, Cancel only sets the flag
	s.external.Add(1)                   // a thread that runs holds off the deadlock check
	ti := newThreadInfo(name)
	threadDone.Store(&h.task, ti)
	go func() {
		defer threadEnded(&h.task, ti) // after the close: a join that missed it sees the end
		defer close(ti.done)
		slot := &waiterSlot{kind: "thread"}
		defer registerSlot(slot)()
		runBlocking(h, f, slot)
	}()
	return h
}

// SpawnThreadNamed is thread.spawn_named: h.name() and thread.name() in the thread give name.
func SpawnThreadNamed[T any](name string, f func() T) *JoinHandle[T] { return spawnThread(&name, f) }

// threadEnd is the channel closed when the thread t ends, or nil when it has ended.
func threadEnd(t *task) chan struct{} {
	if ti, running := threadDone.Load(t); running {
		return ti.(*threadInfo).done
	}
	return nil
}

// ThreadScope is the `s` of thread.scope(fn(s) { … }): the threads started through it are joined
// before scope returns.
type ThreadScope struct {
	mu      sync.Mutex
	threads []*task
}

// ThreadScopeRun is thread.scope(f): it calls f with a scope, then joins every thread started
// through it, even those started by its threads, ignoring their failures, and gives f's value.
// They are joined also when f throws.
func ThreadScopeRun[T any](f func(*ThreadScope) T) T {
	s := &ThreadScope{}
	defer s.joinAll()
	return f(s)
}

func (s *ThreadScope) joinAll() {
	for {
		s.mu.Lock()
		threads := s.threads
		s.threads = nil
		s.mu.Unlock()
		if len(threads) == 0 {
			return
		}
		for _, t := range threads {
			if d := threadEnd(t); d != nil {
				<-d
			}
		}
	}
}

// ThreadScopeSpawn is s.spawn(f): thread.spawn, joined when the scope ends.
func ThreadScopeSpawn[T any](s *ThreadScope, f func() T) *JoinHandle[T] { return scopeSpawn(s, nil, f) }

func scopeSpawn[T any](s *ThreadScope, name *string, f func() T) *JoinHandle[T] {
	h := spawnThread(name, f)
	// Its failure is the scope's to ignore (EVERYDAY.md §7.3), not one no one awaited; a join
	// of the handle still throws it.
	h.state.Or(flagObserved)
	s.mu.Lock()
	s.threads = append(s.threads, &h.task)
	s.mu.Unlock()
	return h
}

// ThreadScopeSpawnNamed is s.spawn_named(name, f).
func ThreadScopeSpawnNamed[T any](s *ThreadScope, name string, f func() T) *JoinHandle[T] {
	return scopeSpawn(s, &name, f)
}

// detachedJoin is the error of a join of a thread after h.detach() (an await too).
const detachedJoin = "cannot join a detached thread"

// ThreadJoin is h.join(): it waits for the thread and gives its value, or throws what it threw.
func ThreadJoin[T any](h *JoinHandle[T], pos string) T {
	if !h.is(kindThread) {
		Fail(pos, "join of a task that is not a thread: await its handle instead")
	}
	if h.is(flagDetached) {
		Fail(pos, detachedJoin)
	}
	if d := threadEnd(&h.task); d != nil {
		<-d
	}
	h.state.Or(flagObserved)
	if err := h.failure(); err != nil {
		panic(err)
	}
	return h.val
}

// ThreadJoinTimeout is h.join_timeout(ms): the thread's value if it ends within ms, else the
// timeout object {ok: false, kind: "timeout", message}; the thread goes on, and a later join
// gives its value.
func ThreadJoinTimeout[T any](h *JoinHandle[T], ms int64, pos string) Value {
	if !h.is(kindThread) {
		Fail(pos, "join_timeout of a task that is not a thread: await its handle instead")
	}
	if h.is(flagDetached) {
		Fail(pos, detachedJoin)
	}
	if d := threadEnd(&h.task); d != nil {
		select {
		case <-d:
		case <-time.After(time.Duration(max(ms, 0)) * time.Millisecond):
			return NewRecord(errFields, false, "timeout", "join timed out after "+strconv.FormatInt(ms, 10)+" ms")
		}
	}
	return ThreadJoin(h, pos)
}

// ThreadSleep is thread.sleep(ms): it blocks the calling thread.
func ThreadSleep(ms int64) { time.Sleep(time.Duration(ms) * time.Millisecond) }

// HardwareConcurrency is the number of CPUs the program may use.
func HardwareConcurrency() int64 { return int64(runtime.GOMAXPROCS(0)) }

// ThreadYield is thread.yield(): other goroutines run before the calling thread goes on.
func ThreadYield() { runtime.Gosched() }

// Watchdog ends the program with an error if it still runs ms milliseconds from now.
func Watchdog(ms int64, pos string) {
	time.AfterFunc(time.Duration(ms)*time.Millisecond, func() {
		reportFailure(pos + ": error: watchdog: the program still runs after " + strconv.FormatInt(ms, 10) + " ms\n")
		exitNow(1)
	})
}
