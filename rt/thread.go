package rt

import (
	"runtime"
	"strconv"
	"strings"
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

// ThreadJoinValue is h.join() of a thread whose function gives () or a dynamic value
// (EVERYDAY.md §7.3): its value (null for ()), or, if it threw, the error object {ok: false,
// kind: "error", message}, not a throw; stderr gets the interpreter's line for it.
func ThreadJoinValue[T any](h *JoinHandle[T], pos string) Value {
	if !h.is(kindThread) {
		Fail(pos, "join of a task that is not a thread: await its handle instead")
	}
	if h.is(flagDetached) {
		Fail(pos, detachedJoin)
	}
	if d := threadEnd(&h.task); d != nil {
		<-d
	}
	return joinedValue(h)
}

// joinedValue is the value of a finished thread or job h for a join that gives the error object
// for a failure. The first join of a thread's failure writes the interpreter's line on stderr,
// `[thread 'NAME' (id=N) error]: message` ('unnamed' without a name).
func joinedValue[T any](h *JoinHandle[T]) Value {
	first := !h.is(flagObserved)
	h.state.Or(flagObserved)
	if err := h.failure(); err != nil {
		if first && h.is(kindThread) {
			name := "unnamed"
			if n, ok := ThreadHandleName(h).(string); ok {
				name = n
			}
			reportFailure("[thread '" + name + "' (id=" + strconv.FormatInt(ThreadHandleID(h), 10) + ") error]: " + err.Err.Message + "\n")
		}
		return NewRecord(errFields, false, "error", err.Err.Message)
	}
	if _, unit := any(h.val).(Unit); unit {
		return nil
	}
	return h.val
}

// JoinValueFuture is `h.join()` in async code of a handle whose function gives () or a dynamic
// value: it suspends the task as `await h` does, and gives what ThreadJoinValue gives.
type JoinValueFuture[T any] struct{ H *JoinHandle[T] }

// JoinValue is the future of h.join() in async code (see JoinValueFuture).
func JoinValue[T any](h *JoinHandle[T]) JoinValueFuture[T] { return JoinValueFuture[T]{H: h} }

// Poll polls the handle; its failure is the error object.
func (f *JoinValueFuture[T]) Poll(cx *Context) Poll[Value] {
	if !f.H.finished(cx) {
		return Pending[Value]()
	}
	return Ready(joinedValue(f.H))
}

// Drop drops the handle.
func (f *JoinValueFuture[T]) Drop() {
	if f.H != nil {
		f.H.Drop()
	}
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

// Watchdog is thread.watchdog(ms): it ends the program with an error if it still runs ms
// milliseconds from now, unless it is disarmed first.
type Watchdog struct{ timer *time.Timer }

// watchdogs are the armed watchdogs, which thread.disarm_watchdog() disarms.
var watchdogs struct {
	sync.Mutex
	armed map[*Watchdog]struct{}
}

// NewWatchdog is thread.watchdog(ms): a watchdog armed for ms milliseconds from now.
func NewWatchdog(ms int64, pos string) *Watchdog {
	w := &Watchdog{}
	watchdogs.Lock()
	defer watchdogs.Unlock()
	w.timer = time.AfterFunc(time.Duration(ms)*time.Millisecond, func() {
		reportFailure(pos + ": error: watchdog: the program still runs after " + strconv.FormatInt(ms, 10) + " ms\n")
		exitNow(1)
	})
	if watchdogs.armed == nil {
		watchdogs.armed = map[*Watchdog]struct{}{}
	}
	watchdogs.armed[w] = struct{}{}
	return w
}

// Disarm is w.disarm(): the watchdog will not fire (again does nothing).
func (w *Watchdog) Disarm() {
	watchdogs.Lock()
	defer watchdogs.Unlock()
	w.timer.Stop()
	delete(watchdogs.armed, w)
}

// DisarmWatchdogs is thread.disarm_watchdog(): every armed watchdog is disarmed.
func DisarmWatchdogs() {
	watchdogs.Lock()
	defer watchdogs.Unlock()
	for w := range watchdogs.armed {
		w.timer.Stop()
	}
	clear(watchdogs.armed)
}

// AdeshMethod gives dynamic code the watchdog's disarm().
func (w *Watchdog) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	if name == "disarm" {
		wantArgs(name, args, 0, pos)
		w.Disarm()
		return Unit{}, true
	}
	return nil, false
}

// AdeshFormat prints a watchdog as Watchdog.
func (w *Watchdog) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("Watchdog") }

// AdeshTypeName is a watchdog's typeof.
func (*Watchdog) AdeshTypeName() string { return "thread.Watchdog" }
