package rt

import "sync/atomic"

// Mutex is AdeshLang's Mutex<T>: a lock and the value it guards. It is a handle: generated code
// holds a *Mutex, and AdeshLang copies of a mutex share the lock. The layout is part of the
// contract with the language: the state word at offset 0 and the value at offset 8.
//
// A contended lock spins briefly and then sleeps on the state word: in the kernel on Linux (the
// futex system call, which blocks the worker's OS thread rather than parking a goroutine), in the
// portable futex table elsewhere.
type Mutex[T any] struct {
	state uint32 // mutexUnlocked, mutexLocked or mutexContended; the futex word
	_     uint32
	value T
}

// The states of a mutex word (Drepper, "Futexes Are Tricky", mutex 3).
const (
	mutexUnlocked  = 0
	mutexLocked    = 1
	mutexContended = 2 // locked, and a locker may be asleep on the word
)

// NewMutex makes an unlocked mutex holding v.
func NewMutex[T any](v T) *Mutex[T] {
	return &Mutex[T]{value: v}
}

// Lock waits for the lock and returns the guard that holds it.
func (m *Mutex[T]) Lock() MutexGuard[T] {
	if m == nil || !atomic.CompareAndSwapUint32(&m.state, mutexUnlocked, mutexLocked) {
		m.lockSlow()
	}
	return MutexGuard[T]{m: m}
}

// lockSlow keeps Lock small enough to inline: one call for everything but the first try.
func (m *Mutex[T]) lockSlow() {
	if m == nil {
		failMisuse("lock of a null Mutex<" + TypeNameFor[T]() + ">")
	}
	mutexLockContendedWait(&m.state, nil)
}

// TryLock takes the lock if it is free: the guard and true, or a guard that holds nothing and false.
func (m *Mutex[T]) TryLock() (MutexGuard[T], bool) {
	if m == nil {
		failMisuse("try_lock of a null Mutex<" + TypeNameFor[T]() + ">")
	}
	if atomic.CompareAndSwapUint32(&m.state, mutexUnlocked, mutexLocked) {
		return MutexGuard[T]{m: m}, true
	}
	return MutexGuard[T]{}, false
}

// With calls f with the value under the lock and stores f's result. If f throws, the value is
// left as it was and the lock is released.
func (m *Mutex[T]) With(f func(T) T) {
	g := m.Lock()
	defer g.Drop()
	m.value = f(m.value)
}

// unlock releases the lock, waking one sleeper if any may be asleep.
func (m *Mutex[T]) unlock() {
	if old := atomic.SwapUint32(&m.state, mutexUnlocked); old != mutexLocked {
		mutexUnlockSlow(&m.state, old)
	}
}

// mutexLockContendedWait takes a mutex word that was not free at the first try. It follows Rust's
// futex mutex: spin while the holder runs; once lockers sleep, mark the word contended and sleep
// too. w, if not nil, is the lock-order check's record of the call (lockwait.go), told before
// the first sleep.
func mutexLockContendedWait(state *uint32, w *lockWait) {
	s := mutexSpinWhileLocked(state)
	if s == mutexUnlocked {
		// Free again already: take it without marking it contended.
		if atomic.CompareAndSwapUint32(state, mutexUnlocked, mutexLocked) {
			return
		}
		s = atomic.LoadUint32(state)
	}
	for {
		// Mark the word contended so that the unlock wakes a sleeper. Whoever takes the lock from
		// here takes it as contended: it cannot know whether other sleepers remain. A word already
		// contended is left alone, which spares its cache line a write.
		if s != mutexContended && atomic.SwapUint32(state, mutexContended) == mutexUnlocked {
			return
		}
		w.sleeping()
		sleepOn(state, mutexContended)
		s = mutexSpinWhileLocked(state)
	}
}

// mutexSpinWhileLocked watches the word, without writing it, while it is locked with nobody asleep,
// and returns it once it changes or the spin runs out.
func mutexSpinWhileLocked(state *uint32) uint32 {
	for round := range lockSpinLimit {
		if s := atomic.LoadUint32(state); s != mutexLocked {
			return s
		}
		lockSpinPause(round)
	}
	return atomic.LoadUint32(state)
}

// mutexUnlockSlow finishes an unlock that found the word in state old rather than mutexLocked. It is
// not generic, which keeps the inlined unlock small.
func mutexUnlockSlow(state *uint32, old uint32) {
	if old == mutexUnlocked {
		failMisuse("unlock of a Mutex that is not locked")
	}
	wakeOn(state, 1)
}
