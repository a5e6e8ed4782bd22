package rt

import (
	"reflect"
	"sync/atomic"
)

// Share is AdeshLang's Share<T>: an atomically reference-counted value, the equivalent of Rust's
// Arc. Generated code holds a *Share; each strong reference it holds is one count, released
// exactly once at scope end. The layout is part of the contract with the language: the strong
// count at offset 0, the weak count at 8, the value at 16.
//
// The counting follows Arc. Go's atomics are sequentially consistent, which is at least as strong
// as each ordering Arc uses (a relaxed increment to clone, a release decrement to release, and an
// acquire fence before the drop), so the same argument about when the value may be dropped holds.
type Share[T any] struct {
	strong atomic.Int64 // strong references; the value is dropped when this reaches 0
	weak   atomic.Int64 // Weak references, plus one held on behalf of all strong ones together
	value  T
	drop   func(*T) // run once when strong reaches 0, or nil
}

// NewShare makes a share of v with one strong reference and no Weak.
func NewShare[T any](v T) *Share[T] {
	return NewShareWithDrop(v, nil)
}

// NewShareWithDrop is NewShare with a hook that runs exactly once, when the strong count reaches
// 0, to release what the value holds. A nil hook does nothing.
func NewShareWithDrop[T any](v T, drop func(*T)) *Share[T] {
	s := &Share[T]{value: v, drop: drop}
	s.strong.Store(1)
	s.weak.Store(1)
	return s
}

// Get points at the shared value.
// holdsStruct reports whether the share holds a struct: a class instance (typeof names it).
func (s *Share[T]) holdsStruct() bool {
	t := reflect.TypeFor[T]()
	return t.Kind() == reflect.Struct && t.PkgPath() != rtPkgPath
}

func (s *Share[T]) Get() *T {
	if s == nil {
		s.fail("use of a null")
	}
	return &s.value
}

// Clone adds a strong reference and returns the same share.
func (s *Share[T]) Clone() *Share[T] {
	// A new count of 1 or less means the old one was 0 (released) or the add wrapped around.
	if s == nil || s.strong.Add(1) <= 1 {
		s.cloneRefused()
	}
	return s
}

// cloneRefused undoes the increment of a Clone that found the count 0 or at its maximum, and fails.
func (s *Share[T]) cloneRefused() {
	if s == nil {
		s.fail("clone of a null")
	}
	if s.strong.Add(-1) <= 0 {
		s.fail("clone of a released")
	}
	s.fail("too many clones of a")
}

// Release gives up a strong reference; the last one drops the value (running the drop hook) and
// then gives up the weak reference all strong ones held together.
func (s *Share[T]) Release() {
	if s == nil || s.strong.Add(-1) <= 0 {
		s.releaseLast()
	}
}

// releaseLast follows a Release that took the count to 0 or below. Nothing but a misuse changes a
// count once it is 0 (Upgrade refuses to), so the count read back is the one the decrement made.
func (s *Share[T]) releaseLast() {
	if s == nil {
		s.fail("release of a null")
	}
	if s.strong.Load() < 0 {
		s.strong.Add(1)
		s.fail("release below zero of a")
	}
	s.dropValue()
}

// dropValue runs once, by the release that took the strong count from 1 to 0.
func (s *Share[T]) dropValue() {
	defer func() {
		var zero T
		s.value = zero // let the GC reclaim what the value held even while Weaks remain
		s.weakRef().Release()
	}()
	if s.drop != nil {
		s.drop(&s.value)
	}
}

// StrongCount is the number of strong references (`strong_count()`).
func (s *Share[T]) StrongCount() int64 {
	if s == nil {
		s.fail("strong_count of a null")
	}
	return s.strong.Load()
}

// WeakCount is the number of Weak references the program holds (`weak_count()`), not counting
// the one held on behalf of the strong references.
func (s *Share[T]) WeakCount() int64 {
	if s == nil {
		s.fail("weak_count of a null")
	}
	w := s.weak.Load()
	if s.strong.Load() == 0 {
		return w // the strong references' weak reference is already given up
	}
	return w - 1
}

// Downgrade makes a Weak reference to the share.
func (s *Share[T]) Downgrade() *Weak[T] {
	if s == nil {
		s.fail("downgrade of a null")
	}
	if s.weak.Add(1) <= 1 { // the count was 0 (all released) or the add wrapped around
		if s.weak.Add(-1) <= 0 {
			s.fail("downgrade of a released")
		}
		s.fail("too many Weaks of a")
	}
	return s.weakRef()
}

// weakRef views the share as a Weak: a Weak is the same object, reached through other methods.
func (s *Share[T]) weakRef() *Weak[T] {
	return (*Weak[T])(s)
}

func (s *Share[T]) fail(what string) {
	failMisuse(what + " Share<" + TypeNameFor[T]() + ">")
}
