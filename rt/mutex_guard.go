package rt

// MutexGuard holds a Mutex's lock. It is a small value: generated code keeps it in a local or a
// state-struct field and calls its pointer methods there; it must not be copied while it holds
// the lock. The zero MutexGuard holds nothing.
type MutexGuard[T any] struct {
	m *Mutex[T] // nil once unlocked
}

// Ptr points at the guarded value, for `*g += 1`, `g.field` and `g.method()`.
func (g *MutexGuard[T]) Ptr() *T {
	if g.m == nil {
		g.failUnheld("used")
	}
	return &g.m.value
}

// Get returns the guarded value (`*g`).
func (g *MutexGuard[T]) Get() T {
	if g.m == nil {
		g.failUnheld("used")
	}
	return g.m.value
}

// Set replaces the guarded value (`*g = v`).
func (g *MutexGuard[T]) Set(v T) {
	if g.m == nil {
		g.failUnheld("used")
	}
	g.m.value = v
}

// Unlock is the user's `g.unlock()`. Unlocking a guard that no longer holds the lock is an error.
func (g *MutexGuard[T]) Unlock() {
	m := g.m
	if m == nil {
		g.failUnheld("unlocked")
	}
	g.m = nil
	m.unlock()
}

// Drop is what generated code calls when the guard's scope ends: it unlocks unless the guard was
// already unlocked (by hand, or by a `defer g.unlock()`), so it is safe to call more than once.
func (g *MutexGuard[T]) Drop() {
	if m := g.m; m != nil {
		g.m = nil
		m.unlock()
	}
}

func (g *MutexGuard[T]) failUnheld(what string) {
	failMisuse("MutexGuard<" + TypeNameFor[T]() + "> " + what + " after it was unlocked")
}

// Take is `return g`: the guard moves to the caller, and the variable no longer unlocks.
func (g *MutexGuard[T]) Take() MutexGuard[T] {
	out := *g
	g.m = nil
	return out
}
