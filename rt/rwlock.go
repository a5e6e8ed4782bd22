package rt

import "sync/atomic"

// RwLock is AdeshLang's RwLock<T>: many readers or one writer. Like Mutex it is a handle (a
// *RwLock), its lock words come first and its value sits at offset 8.
type RwLock[T any] struct {
	words rwWords
	value T
}

// rwWords is the lock itself, shared by every RwLock[T]. The algorithm is that of Rust's
// futex-based std RwLock: the state word counts readers and carries two waiting bits; writers
// sleep on a separate notification counter so that waking one writer does not wake the readers.
// Waiting writers have priority: once one is waiting, new readers wait too, so a stream of
// readers cannot starve a writer.
type rwWords struct {
	state        uint32 // readers (or rwWriteLocked) in the low 30 bits, plus the waiting bits
	writerNotify uint32 // bumped on every writer wake-up; writers sleep on it
}

const (
	rwMask           = 1<<30 - 1
	rwWriteLocked    = rwMask     // the count field when a writer holds the lock
	rwMaxReaders     = rwMask - 1 // the most readers the count field can hold
	rwReadersWaiting = 1 << 30
	rwWritersWaiting = 1 << 31
)

func rwUnlocked(s uint32) bool      { return s&rwMask == 0 }
func rwWriteLockedBy(s uint32) bool { return s&rwMask == rwWriteLocked }
func rwReadersWait(s uint32) bool   { return s&rwReadersWaiting != 0 }
func rwWritersWait(s uint32) bool   { return s&rwWritersWaiting != 0 }
func rwReachedMax(s uint32) bool    { return s&rwMask == rwMaxReaders }
func rwReadLockable(s uint32) bool {
	// Fewer than the most readers, and nobody waiting (the waiting bits are above the count, so
	// one comparison checks both). Waiting readers are refused too: they only wait while a
	// writer is waiting or while the last unlocker is about to wake the writers first.
	return s < rwMaxReaders
}

// NewRwLock makes an unlocked RwLock holding v.
func NewRwLock[T any](v T) *RwLock[T] {
	return &RwLock[T]{value: v}
}

// Read waits until no writer holds or waits for the lock and returns a read guard.
func (l *RwLock[T]) Read() ReadGuard[T] {
	if l == nil || !l.words.readOnce() {
		l.readSlow()
	}
	return ReadGuard[T]{l: l}
}

// readSlow keeps Read small enough to inline: one call for everything but the first try.
func (l *RwLock[T]) readSlow() {
	if l == nil {
		failMisuse("read of a null RwLock<" + TypeNameFor[T]() + ">")
	}
	l.words.readContendedWait(nil)
}

// TryRead takes a read lock if that needs no waiting.
func (l *RwLock[T]) TryRead() (ReadGuard[T], bool) {
	if l == nil {
		failMisuse("try_read of a null RwLock<" + TypeNameFor[T]() + ">")
	}
	w := &l.words
	for s := atomic.LoadUint32(&w.state); rwReadLockable(s); s = atomic.LoadUint32(&w.state) {
		if atomic.CompareAndSwapUint32(&w.state, s, s+1) {
			return ReadGuard[T]{l: l}, true
		}
	}
	return ReadGuard[T]{}, false
}

// Write waits until the lock is free and returns the write guard that holds it alone.
func (l *RwLock[T]) Write() WriteGuard[T] {
	if l == nil || !atomic.CompareAndSwapUint32(&l.words.state, 0, rwWriteLocked) {
		l.writeSlow()
	}
	return WriteGuard[T]{l: l}
}

// writeSlow keeps Write small enough to inline.
func (l *RwLock[T]) writeSlow() {
	if l == nil {
		failMisuse("write of a null RwLock<" + TypeNameFor[T]() + ">")
	}
	l.words.writeContendedWait(nil)
}

// TryWrite takes the write lock if it is free.
func (l *RwLock[T]) TryWrite() (WriteGuard[T], bool) {
	if l == nil {
		failMisuse("try_write of a null RwLock<" + TypeNameFor[T]() + ">")
	}
	w := &l.words
	for s := atomic.LoadUint32(&w.state); rwUnlocked(s); s = atomic.LoadUint32(&w.state) {
		if atomic.CompareAndSwapUint32(&w.state, s, s+rwWriteLocked) {
			return WriteGuard[T]{l: l}, true
		}
	}
	return WriteGuard[T]{}, false
}

// readOnce is the first try of a read lock: one compare-and-swap if the lock is read-lockable.
func (w *rwWords) readOnce() bool {
	s := atomic.LoadUint32(&w.state)
	return rwReadLockable(s) && atomic.CompareAndSwapUint32(&w.state, s, s+1)
}

// readUnlock drops one reader; the last one out wakes a waiting writer. It reports false, leaving
// the word as it was, if the lock was not read-locked.
func (w *rwWords) readUnlock() bool {
	s := atomic.AddUint32(&w.state, ^uint32(0))
	if s&^rwMask == 0 && s&rwMask < rwMaxReaders {
		return true // nobody waits, and the count was a reader count
	}
	return w.readUnlockSlow(s)
}

func (w *rwWords) readUnlockSlow(s uint32) bool {
	// A count that was 0 (or a writer's) wraps to rwMask (or rwMaxReaders) when decremented.
	if s&rwMask >= rwMaxReaders {
		atomic.AddUint32(&w.state, 1)
		return false
	}
	// A reader can only be waiting on a read-locked lock if a writer is waiting too, and then the
	// writer goes first.
	if rwUnlocked(s) && rwWritersWait(s) {
		w.wakeWriterOrReaders(s)
	}
	return true
}

// writeUnlock releases the write lock and wakes whoever waits. It reports false, leaving the
// word as it was, if the lock was not write-locked.
func (w *rwWords) writeUnlock() bool {
	s := atomic.AddUint32(&w.state, ^uint32(rwWriteLocked-1))
	if !rwUnlocked(s) {
		atomic.AddUint32(&w.state, rwWriteLocked)
		return false
	}
	if rwWritersWait(s) || rwReadersWait(s) {
		w.wakeWriterOrReaders(s)
	}
	return true
}

// readContendedWait waits for a read lock; lw, if not nil, is told before the first sleep (see
// mutexLockContendedWait).
func (w *rwWords) readContendedWait(lw *lockWait) {
	s := w.spinRead()
	for {
		if rwReadLockable(s) {
			if atomic.CompareAndSwapUint32(&w.state, s, s+1) {
				return
			}
			s = atomic.LoadUint32(&w.state)
			continue
		}
		if rwReachedMax(s) {
			failMisuse("too many readers of one RwLock")
		}
		// Make sure the readers-waiting bit is set before going to sleep.
		if !rwReadersWait(s) {
			if !atomic.CompareAndSwapUint32(&w.state, s, s|rwReadersWaiting) {
				s = atomic.LoadUint32(&w.state)
				continue
			}
		}
		lw.sleeping()
		sleepOn(&w.state, s|rwReadersWaiting)
		s = w.spinRead()
	}
}

// writeContendedWait waits for the write lock; lw as for readContendedWait.
func (w *rwWords) writeContendedWait(lw *lockWait) {
	s := w.spinWrite()
	// Once this writer has slept, others may be sleeping too: it keeps their bit when it locks.
	var otherWriters uint32
	for {
		if rwUnlocked(s) {
			if atomic.CompareAndSwapUint32(&w.state, s, s|rwWriteLocked|otherWriters) {
				return
			}
			s = atomic.LoadUint32(&w.state)
			continue
		}
		if !rwWritersWait(s) {
			if !atomic.CompareAndSwapUint32(&w.state, s, s|rwWritersWaiting) {
				s = atomic.LoadUint32(&w.state)
				continue
			}
		}
		otherWriters = rwWritersWaiting
		// Read the notification counter before rechecking the state, so that no wake-up between
		// the recheck and the sleep is missed.
		seq := atomic.LoadUint32(&w.writerNotify)
		s = atomic.LoadUint32(&w.state)
		if rwUnlocked(s) || !rwWritersWait(s) {
			continue
		}
		lw.sleeping()
		sleepOn(&w.writerNotify, seq)
		s = w.spinWrite()
	}
}

// wakeWriterOrReaders runs after an unlock left the lock free with someone waiting: one writer if
// any waits, otherwise every reader. If the lock is taken again meanwhile, its next unlock does it.
func (w *rwWords) wakeWriterOrReaders(s uint32) {
	if s == rwWritersWaiting {
		if atomic.CompareAndSwapUint32(&w.state, s, 0) {
			w.wakeWriter()
			return
		}
		s = atomic.LoadUint32(&w.state) // readers may have started waiting too
	}
	if s == rwReadersWaiting|rwWritersWaiting {
		// Leave the readers waiting and wake one writer.
		if !atomic.CompareAndSwapUint32(&w.state, s, rwReadersWaiting) {
			return // the lock was taken: its unlock takes over
		}
		if w.wakeWriter() {
			return
		}
		// No writer was asleep, so none may take the lock: wake the readers instead.
		s = rwReadersWaiting
	}
	if s == rwReadersWaiting {
		if atomic.CompareAndSwapUint32(&w.state, s, 0) {
			wakeOn(&w.state, 1<<31-1)
		}
	}
}

// wakeWriter wakes one sleeping writer and reports whether there was one.
func (w *rwWords) wakeWriter() bool {
	atomic.AddUint32(&w.writerNotify, 1)
	return wakeOn(&w.writerNotify, 1) > 0
}

// spinRead spins until the lock is not write-locked or someone waits, and returns the state.
func (w *rwWords) spinRead() uint32 {
	return w.spinUntil(func(s uint32) bool {
		return !rwWriteLockedBy(s) || rwReadersWait(s) || rwWritersWait(s)
	})
}

// spinWrite spins until the lock is free or a writer waits, and returns the state.
func (w *rwWords) spinWrite() uint32 {
	return w.spinUntil(func(s uint32) bool {
		return rwUnlocked(s) || rwWritersWait(s)
	})
}

func (w *rwWords) spinUntil(done func(uint32) bool) uint32 {
	for round := range lockSpinLimit {
		if s := atomic.LoadUint32(&w.state); done(s) {
			return s
		}
		lockSpinPause(round)
	}
	return atomic.LoadUint32(&w.state)
}
