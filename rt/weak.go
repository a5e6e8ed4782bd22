package rt

import "math"

// Weak is AdeshLang's Weak<T>: a reference to a Share that does not keep its value alive. A *Weak
// is the *Share it came from seen through a different set of methods, so a downgrade allocates
// nothing.
type Weak[T any] Share[T]

// Upgrade returns a new strong reference, or nil once the value has been dropped. It never takes
// the strong count from 0 to 1: a dropped value stays dropped.
func (w *Weak[T]) Upgrade() *Share[T] {
	if w == nil {
		w.fail("upgrade of a null")
	}
	s := (*Share[T])(w)
	for n := s.strong.Load(); ; n = s.strong.Load() {
		if n <= 0 {
			return nil
		}
		if n == math.MaxInt64 {
			w.fail("too many clones of a")
		}
		if s.strong.CompareAndSwap(n, n+1) {
			return s
		}
	}
}

// IsAlive is `w.is_alive()`: whether a strong reference still holds the value.
func (w *Weak[T]) IsAlive() bool {
	if w == nil {
		w.fail("is_alive of a null")
	}
	return (*Share[T])(w).strong.Load() > 0
}

// Release gives up the Weak reference. Releasing more Weaks than were made is an error.
func (w *Weak[T]) Release() {
	if w == nil {
		w.fail("release of a null")
	}
	old := w.weak.Add(-1) + 1
	// While strong references remain, one weak reference is theirs, not this Weak's.
	if old <= 0 || old == 1 && w.strong.Load() > 0 {
		w.weak.Add(1)
		w.fail("release below zero of a")
	}
}

func (w *Weak[T]) fail(what string) {
	failMisuse(what + " Weak<" + TypeNameFor[T]() + ">")
}
