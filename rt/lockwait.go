package rt

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Lock order. A lock call that the compiler sees made while the same function holds other
// guards is generated as LockAt (ReadAt, WriteAt): it names its position, the lock as written,
// and the guards that may be held (their locks, from the guards' Held). Nothing of this costs
// anything while the lock is free: only a call that is about to sleep on the lock registers what
// it waits for and what it holds in lockWaits, and then looks for a cycle through itself — a
// waiter whose lock is held by a waiter whose lock is held by … the first. Every member of such a
// cycle is asleep in a lock and holds a lock another member waits for, so none will ever wake:
// the run fails at once with a report of each lock and the lines that hold and wait for it
// (exit status 1, as for the deadlock of waiting tasks). A lock taken again by the task that
// holds it (reached by another name, which E0708 cannot see) is the cycle of one.
//
// A lock taken in a function called while its caller holds a guard is not seen with the caller's
// guards, so a cycle through such a call is not found; nothing is ever reported that is not a
// deadlock.

// LockRef is the lock a guard holds (nil once it is unlocked), as a LockAt call passes it:
// one word, so that a call's list of them costs a few stores.
type LockRef struct{ p unsafe.Pointer }

// Held is the lock the guard holds, for a LockAt call made while it may be held.
func (g *MutexGuard[T]) Held() LockRef { return LockRef{unsafe.Pointer(g.m)} }

// Held is the lock the guard holds, for a LockAt call made while it may be held.
func (g *ReadGuard[T]) Held() LockRef { return LockRef{unsafe.Pointer(g.l)} }

// Held is the lock the guard holds, for a LockAt call made while it may be held.
func (g *WriteGuard[T]) Held() LockRef { return LockRef{unsafe.Pointer(g.l)} }

// heldLock is a guard that a waiting call holds: its lock, whether it is a read guard, and
// where and how it was taken.
type heldLock struct {
	lock      unsafe.Pointer
	read      bool
	pos, name string
}

// LockAt is Lock for a call at pos, which names the lock name, made while the caller may hold
// the guards whose locks are held. sites describes those guards, one line each, in order:
// "POS\tNAME", and "\tr" after a read guard. The fast path is Lock's; only a call on its way to
// sleep reads the rest, for the lock-order check.
func (m *Mutex[T]) LockAt(pos, name, sites string, held ...LockRef) MutexGuard[T] {
	if m == nil || !atomic.CompareAndSwapUint32(&m.state, mutexUnlocked, mutexLocked) {
		mutexLockSlowAt(unsafe.Pointer(m), pos, name, sites, held)
	}
	return MutexGuard[T]{m: m}
}

// mutexLockSlowAt is the slow path of LockAt; not generic, which keeps LockAt small enough to
// inline. The state word is at offset 0, so the mutex's address is the word's.
func mutexLockSlowAt(m unsafe.Pointer, pos, name, sites string, held []LockRef) {
	if m == nil {
		failMisuse("lock of a null Mutex")
	}
	w := newLockWait(m, false, pos, name, sites, held)
	mutexLockContendedWait((*uint32)(m), w)
	w.done()
}

// ReadAt is Read with the lock-order check (see LockAt).
func (l *RwLock[T]) ReadAt(pos, name, sites string, held ...LockRef) ReadGuard[T] {
	if l == nil || !l.words.readOnce() {
		l.readSlowAt(pos, name, sites, held)
	}
	return ReadGuard[T]{l: l}
}

func (l *RwLock[T]) readSlowAt(pos, name, sites string, held []LockRef) {
	if l == nil {
		failMisuse("read of a null RwLock<" + TypeNameFor[T]() + ">")
	}
	w := newLockWait(unsafe.Pointer(l), true, pos, name, sites, held)
	l.words.readContendedWait(w)
	w.done()
}

// WriteAt is Write with the lock-order check (see LockAt).
func (l *RwLock[T]) WriteAt(pos, name, sites string, held ...LockRef) WriteGuard[T] {
	if l == nil || !atomic.CompareAndSwapUint32(&l.words.state, 0, rwWriteLocked) {
		l.writeSlowAt(pos, name, sites, held)
	}
	return WriteGuard[T]{l: l}
}

func (l *RwLock[T]) writeSlowAt(pos, name, sites string, held []LockRef) {
	if l == nil {
		failMisuse("write of a null RwLock<" + TypeNameFor[T]() + ">")
	}
	w := newLockWait(unsafe.Pointer(l), false, pos, name, sites, held)
	l.words.writeContendedWait(w)
	w.done()
}

// lockWait is one lock call on its way to sleep: what it waits for and what it holds.
type lockWait struct {
	lock      unsafe.Pointer
	read      bool // waits for a read lock
	pos, name string
	held      []heldLock // only those that hold a lock
	who       string     // "task 3", or "a thread" off the workers
	order     uint64     // the task's id, for the order of the report (threads last)
	entered   bool
}

// newLockWait makes the record of a call on its way to sleep, with the guards that hold a lock
// (the caller's argument list does not escape).
func newLockWait(lock unsafe.Pointer, read bool, pos, name, sites string, held []LockRef) *lockWait {
	w := &lockWait{lock: lock, read: read, pos: pos, name: name}
	lines := strings.Split(sites, "\n")
	for i, h := range held {
		if h.p == nil {
			continue
		}
		hl := heldLock{lock: h.p, pos: "?", name: "?"}
		if i < len(lines) {
			f := strings.Split(lines[i], "\t")
			hl.pos = f[0]
			if len(f) > 1 {
				hl.name = f[1]
			}
			hl.read = len(f) > 2 && f[2] == "r"
		}
		w.held = append(w.held, hl)
	}
	return w
}

// sleeping runs before each sleep of the call: the first time it registers the wait and looks
// for a cycle.
func (w *lockWait) sleeping() {
	if w == nil || w.entered {
		return
	}
	w.entered = true
	w.who, w.order = currentWaiter()
	lockWaits.enter(w)
}

// done runs once the call has the lock.
func (w *lockWait) done() {
	if w.entered {
		lockWaits.leave(w)
	}
}

// lockWaitTable is the set of registered waits.
type lockWaitTable struct {
	mu    sync.Mutex
	waits map[*lockWait]struct{}
}

var lockWaits = lockWaitTable{waits: map[*lockWait]struct{}{}}

// lockCycleFound is what a cycle does: write the report and end the run (a variable for tests).
var lockCycleFound = func(report string) {
	reportFailure(report)
	exitNow(1)
}

func (t *lockWaitTable) enter(w *lockWait) {
	t.mu.Lock()
	t.waits[w] = struct{}{}
	cycle := t.cycleThrough(w)
	var report string
	if cycle != nil {
		report = lockCycleReport(cycle)
		delete(t.waits, w) // it does not wait on (lockCycleFound ends the run, or in tests unwinds)
		w.entered = false
	}
	t.mu.Unlock()
	if cycle != nil {
		lockCycleFound(report)
	}
}

func (t *lockWaitTable) leave(w *lockWait) {
	t.mu.Lock()
	delete(t.waits, w)
	t.mu.Unlock()
}

// holders lists the registered waits that hold the lock w waits for in a mode that excludes it,
// with the guard by which each holds it.
func (t *lockWaitTable) holders(w *lockWait) (out []*lockWait, guards []heldLock) {
	for o := range t.waits {
		for _, h := range o.held {
			if h.lock == w.lock && !(h.read && w.read) {
				out = append(out, o)
				guards = append(guards, h)
				break
			}
		}
	}
	return out, guards
}

// lockCycleStep is one member of a cycle: its wait, and the guard by which it holds the lock the
// member before it waits for.
type lockCycleStep struct {
	w     *lockWait
	holds heldLock
}

// cycleThrough returns a cycle of waits through start, each waiting for a lock the next holds,
// or nil. t.mu is held.
func (t *lockWaitTable) cycleThrough(start *lockWait) []lockCycleStep {
	seen := map[*lockWait]bool{}
	var path []lockCycleStep
	var visit func(w *lockWait) bool
	visit = func(w *lockWait) bool {
		hs, gs := t.holders(w)
		for i, h := range hs {
			if h == start {
				path = append(path, lockCycleStep{h, gs[i]})
				return true
			}
			if seen[h] {
				continue
			}
			seen[h] = true
			path = append(path, lockCycleStep{h, gs[i]})
			if visit(h) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	if !visit(start) {
		return nil
	}
	// path[i] holds what the wait before it waits for; the last is start itself. Each member is
	// reported with the lock it waits for and the one it holds that the member before waits for.
	return path
}

// lockCycleReport writes the report of a cycle, starting at its member with the lowest task id so
// that a program reports the same text whichever worker finds the cycle.
func lockCycleReport(path []lockCycleStep) string {
	n := len(path)
	// Member i waits for what member i+1 holds: path[i].w waits, and path[i].holds is how
	// path[i].w holds the lock that path[i-1].w waits for (path[-1] = path[n-1], the start).
	type member struct {
		w     *lockWait
		holds heldLock
	}
	ms := make([]member, n)
	for i := range path {
		ms[i] = member{path[i].w, path[i].holds}
	}
	first := 0
	for i := range ms {
		a, b := ms[i].w, ms[first].w
		if a.order < b.order || a.order == b.order && a.pos < b.pos {
			first = i
		}
	}
	var b strings.Builder
	if n == 1 {
		b.WriteString("error: deadlock: a lock is taken again by the task that holds it\n")
	} else {
		b.WriteString("error: deadlock: tasks wait for locks that each other hold\n")
	}
	// The holder of what ms[i] waits for is ms[i+1] (of what the last waits for, ms[0]): the
	// report reads "A waits for x, holding y; B waits for y, holding x".
	for k := range n {
		m := ms[(first+k)%n]
		holds := m.holds
		b.WriteString("    " + m.w.who + " waits for `" + m.w.name + "` at " + m.w.pos +
			", holding `" + holds.name + "` (locked at " + holds.pos + ")")
		if n == 1 {
			b.WriteString(": the same lock")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// lockWaitSlots maps the goroutine id of each worker, blocking-pool goroutine and thread to what
// it runs, so that a lock wait can name its task.
var lockWaitSlots sync.Map // uint64 → *waiterSlot

// waiterSlot is what one goroutine runs: a worker's current task (w.cx.task), or the handle of
// the blocking job or thread it runs (t, written and read by that goroutine only).
type waiterSlot struct {
	w    *worker
	t    *task
	kind string // "blocking job" or "thread"
}

// registerSlot enters the calling goroutine's slot; call the returned function when it ends.
func registerSlot(slot *waiterSlot) (unregister func()) {
	gid := goroutineID()
	lockWaitSlots.Store(gid, slot)
	return func() { lockWaitSlots.Delete(gid) }
}

// currentWaiter names the task (or blocking job, or thread) the calling goroutine runs.
func currentWaiter() (string, uint64) {
	if v, ok := lockWaitSlots.Load(goroutineID()); ok {
		slot := v.(*waiterSlot)
		kind, t := slot.kind, slot.t
		if slot.w != nil {
			kind, t = "task", slot.w.cx.task
		}
		if t != nil {
			return kind + " " + strconv.FormatUint(uint64(t.id), 10), uint64(t.id)
		}
	}
	return "a goroutine", ^uint64(0)
}

// goroutineID parses the id of the calling goroutine from its stack's header ("goroutine 12 [").
// It is slow (a stack walk): only waits and worker starts call it.
func goroutineID() uint64 {
	var buf [64]byte
	s := string(buf[:runtime.Stack(buf[:], false)])
	s = strings.TrimPrefix(s, "goroutine ")
	if i := strings.IndexByte(s, ' '); i >= 0 {
		s = s[:i]
	}
	id, _ := strconv.ParseUint(s, 10, 64)
	return id
}
