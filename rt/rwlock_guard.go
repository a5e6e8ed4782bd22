package rt

// ReadGuard holds a shared read lock of an RwLock. Like MutexGuard it is a small value that must
// not be copied while it holds the lock; the zero ReadGuard holds nothing.
type ReadGuard[T any] struct {
	l *RwLock[T] // nil once unlocked
}

// Ptr points at the guarded value for reading fields and calling methods; writing through it
// under a read lock is a bug the compiler does not emit.
func (g *ReadGuard[T]) Ptr() *T {
	if g.l == nil {
		g.failUnheld("used")
	}
	return &g.l.value
}

// Get returns the guarded value (`*g`).
func (g *ReadGuard[T]) Get() T {
	if g.l == nil {
		g.failUnheld("used")
	}
	return g.l.value
}

// Unlock is the user's `g.unlock()`. Unlocking a guard that no longer holds the lock is an error.
func (g *ReadGuard[T]) Unlock() {
	l := g.l
	if l == nil {
		g.failUnheld("unlocked")
	}
	g.l = nil
	if !l.words.readUnlock() {
		g.failNotReadLocked()
	}
}

// Drop unlocks at scope end unless the guard was already unlocked; safe to call more than once.
func (g *ReadGuard[T]) Drop() {
	if l := g.l; l != nil {
		g.l = nil
		if !l.words.readUnlock() {
			g.failNotReadLocked()
		}
	}
}

func (g *ReadGuard[T]) failNotReadLocked() {
	failMisuse("read unlock of an RwLock<" + TypeNameFor[T]() + "> that is not read-locked")
}

func (g *ReadGuard[T]) failUnheld(what string) {
	failMisuse("ReadGuard<" + TypeNameFor[T]() + "> " + what + " after it was unlocked")
}

// WriteGuard holds the exclusive write lock of an RwLock; see MutexGuard.
type WriteGuard[T any] struct {
	l *RwLock[T] // nil once unlocked
}

// Ptr points at the guarded value, for `*g += 1`, `g.field` and `g.method()`.
func (g *WriteGuard[T]) Ptr() *T {
	if g.l == nil {
		g.failUnheld("used")
	}
	return &g.l.value
}

// Get returns the guarded value (`*g`).
func (g *WriteGuard[T]) Get() T {
	if g.l == nil {
		g.failUnheld("used")
	}
	return g.l.value
}

// Set replaces the guarded value (`*g = v`).
func (g *WriteGuard[T]) Set(v T) {
	if g.l == nil {
		g.failUnheld("used")
	}
	g.l.value = v
}

// Unlock is the user's `g.unlock()`. Unlocking a guard that no longer holds the lock is an error.
func (g *WriteGuard[T]) Unlock() {
	l := g.l
	if l == nil {
		g.failUnheld("unlocked")
	}
	g.l = nil
	if !l.words.writeUnlock() {
		g.failNotWriteLocked()
	}
}

// Drop unlocks at scope end unless the guard was already unlocked; safe to call more than once.
func (g *WriteGuard[T]) Drop() {
	if l := g.l; l != nil {
		g.l = nil
		if !l.words.writeUnlock() {
			g.failNotWriteLocked()
		}
	}
}

func (g *WriteGuard[T]) failNotWriteLocked() {
	failMisuse("write unlock of an RwLock<" + TypeNameFor[T]() + "> that is not write-locked")
}

func (g *WriteGuard[T]) failUnheld(what string) {
	failMisuse("WriteGuard<" + TypeNameFor[T]() + "> " + what + " after it was unlocked")
}

// Take moves a read guard out of its variable (see MutexGuard.Take).
func (g *ReadGuard[T]) Take() ReadGuard[T] {
	out := *g
	g.l = nil
	return out
}

// Take moves a write guard out of its variable (see MutexGuard.Take).
func (g *WriteGuard[T]) Take() WriteGuard[T] {
	out := *g
	g.l = nil
	return out
}
