package rt

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// A thread's identity and park token (EVERYDAY.md §7.3). A thread's id is its handle's task id
// (as error messages name it), the main program's the main task's; a name is optional, and the
// main program's is "main". What a running thread has lives in threadInfo, reached from its
// handle through threadDone and from the thread itself through its goroutine's waiter slot;
// when it ends its name moves into its task's site, which a thread does not otherwise use.

// threadInfo is a running thread's (or the main program's) identity and park token.
type threadInfo struct {
	done chan struct{} // closed when the thread ends (nil for the main program)
	name atomic.Pointer[string]
	park chan struct{} // the token: one buffered value at most
	// locals holds the thread's thread.ThreadLocal values: *ThreadLocal[T] → *T. Only the
	// thread itself uses a thread's; the main thread's is shared by the code not on a thread.
	locals sync.Map
}

func newThreadInfo(name *string) *threadInfo {
	ti := &threadInfo{done: make(chan struct{}), park: make(chan struct{}, 1)}
	ti.name.Store(name)
	return ti
}

// unpark gives the token; a second unpark before a park does nothing more.
func (ti *threadInfo) unpark() {
	select {
	case ti.park <- struct{}{}:
	default:
	}
}

// mainThread is the main program's: code that is not on a thread of the module (the main
// task, other tasks, blocking jobs) is it.
var mainThread = func() *threadInfo {
	ti := &threadInfo{park: make(chan struct{}, 1)}
	main := "main"
	ti.name.Store(&main)
	return ti
}()

// currentThread gives the task and info of the thread the calling goroutine runs, or nil and
// mainThread.
func currentThread() (*task, *threadInfo) {
	if v, ok := lockWaitSlots.Load(goroutineID()); ok {
		if slot := v.(*waiterSlot); slot.kind == "thread" && slot.t != nil {
			if ti, ok := threadDone.Load(slot.t); ok {
				return slot.t, ti.(*threadInfo)
			}
		}
	}
	return nil, mainThread
}

// mainThreadID is the main task's id, or 0 outside a run.
func mainThreadID() int64 {
	if t := currentScheduler().mainTask; t != nil {
		return int64(t.id)
	}
	return 0
}

func threadRecord(id int64, name *string) Value {
	var n Value
	if name != nil {
		n = *name
	}
	return NewRecord(threadFields, id, n)
}

var threadFields = []string{"id", "name"}

// ThreadCurrent is thread.current(): {id, name}.
func ThreadCurrent() Value {
	t, ti := currentThread()
	if t == nil {
		return threadRecord(mainThreadID(), ti.name.Load())
	}
	return threadRecord(int64(t.id), ti.name.Load())
}

// ThreadCurrentID is thread.id().
func ThreadCurrentID() int64 {
	if t, _ := currentThread(); t != nil {
		return int64(t.id)
	}
	return mainThreadID()
}

// ThreadCurrentName is thread.name(), the calling thread's name or null, and thread.name(s),
// which renames it (and gives null).
func ThreadCurrentName(s ...string) Value {
	_, ti := currentThread()
	if len(s) > 0 {
		ti.name.Store(&s[0])
		return nil
	}
	if n := ti.name.Load(); n != nil {
		return *n
	}
	return nil
}

// ThreadList is thread.list(): the main program's {id, name}, then every running thread's, by id.
func ThreadList() Value {
	type entry struct {
		id   int64
		name *string
	}
	var es []entry
	threadDone.Range(func(k, v any) bool {
		ti := v.(*threadInfo)
		select {
		case <-ti.done: // ended (and maybe joined) before its entry went
		default:
			es = append(es, entry{int64(k.(*task).id), ti.name.Load()})
		}
		return true
	})
	slices.SortFunc(es, func(a, b entry) int { return int(a.id - b.id) })
	out := []Value{threadRecord(mainThreadID(), mainThread.name.Load())}
	for _, e := range es {
		out = append(out, threadRecord(e.id, e.name))
	}
	return out
}

// ThreadPark is thread.park(ms?): it waits until the calling thread's token is given, and takes
// it; with ms, at most ms milliseconds.
func ThreadPark(ms ...int64) {
	_, ti := currentThread()
	if len(ms) == 0 {
		<-ti.park
		return
	}
	t := time.NewTimer(time.Duration(max(ms[0], 0)) * time.Millisecond)
	defer t.Stop()
	select {
	case <-ti.park:
	case <-t.C:
	}
}

// ThreadUnpark is thread.unpark(id): it gives the token of the thread id, if it runs.
func ThreadUnpark(id int64) {
	if id == mainThreadID() {
		mainThread.unpark()
		return
	}
	threadDone.Range(func(k, v any) bool {
		if int64(k.(*task).id) == id {
			v.(*threadInfo).unpark()
			return false
		}
		return true
	})
}

// ThreadSleepUntil is thread.sleep_until(epoch_ms).
func ThreadSleepUntil(epochMs int64) { time.Sleep(time.Until(time.UnixMilli(epochMs))) }

// ThreadHandleID is h.id().
func ThreadHandleID[T any](h *JoinHandle[T]) int64 { return int64(h.id) }

// ThreadHandleName is h.name(): the thread's name, or null (also for a task's handle).
func ThreadHandleName[T any](h *JoinHandle[T]) Value {
	if ti, running := threadDone.Load(&h.task); running {
		if n := ti.(*threadInfo).name.Load(); n != nil {
			return *n
		}
		return nil
	}
	if h.is(kindThread) && h.site != "" {
		return h.site // (the thread has ended: see threadEnded)
	}
	return nil
}

// ThreadHandleUnpark is h.unpark(): it gives the thread's token, if it runs.
func ThreadHandleUnpark[T any](h *JoinHandle[T]) {
	if ti, running := threadDone.Load(&h.task); running {
		ti.(*threadInfo).unpark()
	}
}

// ThreadDetach is h.detach(): the handle is given up, as when it is dropped (a failure is then
// reported when it happens), but a started future is not cancelled.
func ThreadDetach[T any](h *JoinHandle[T]) { h.detach() }

// threadEnded keeps the name of the thread t, which has ended, in its task (a thread's site is
// otherwise unused), before its info goes.
func threadEnded(t *task, ti *threadInfo) {
	if n := ti.name.Load(); n != nil {
		t.site = *n
	}
	threadDone.Delete(t)
}

// ThreadBuilder is thread.builder(): the name and stack size of the thread its spawn starts.
// A goroutine's stack grows as it needs, so the size is checked and not used.
type ThreadBuilder struct {
	name *string
}

// NewThreadBuilder is thread.builder() and thread.ThreadBuilder.new().
func NewThreadBuilder() *ThreadBuilder { return &ThreadBuilder{} }

// Name is b.name(s).
func (b *ThreadBuilder) Name(s string) *ThreadBuilder { b.name = &s; return b }

// StackSize is b.stack_size(bytes).
func (b *ThreadBuilder) StackSize(bytes int64, pos string) *ThreadBuilder {
	if bytes < 16*1024 {
		Fail(pos, "stack_size must be at least 16 KiB")
	}
	return b
}

// ThreadBuilderSpawn is b.spawn(f).
func ThreadBuilderSpawn[T any](b *ThreadBuilder, f func() T) *JoinHandle[T] {
	return spawnThread(b.name, f)
}
