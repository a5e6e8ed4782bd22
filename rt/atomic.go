package rt

import "sync/atomic"

// Atomic is thread.Atomic.AtomicI64 and AtomicBool: one word that threads and tasks change
// without a lock. A bool is kept as 0 or 1.
type Atomic[T int64 | bool] struct{ v atomic.Int64 }

func atomicBits[T int64 | bool](v T) int64 {
	switch x := any(v).(type) {
	case int64:
		return x
	case bool:
		if x {
			return 1
		}
	}
	return 0
}

func atomicValue[T int64 | bool](bits int64) T {
	var out T
	switch p := any(&out).(type) {
	case *int64:
		*p = bits
	case *bool:
		*p = bits != 0
	}
	return out
}

// NewAtomic makes an atomic holding v.
func NewAtomic[T int64 | bool](v T) *Atomic[T] {
	a := &Atomic[T]{}
	a.v.Store(atomicBits(v))
	return a
}

func (a *Atomic[T]) Load() T                { return atomicValue[T](a.v.Load()) }
func (a *Atomic[T]) Store(v T)              { a.v.Store(atomicBits(v)) }
func (a *Atomic[T]) Swap(v T) T             { return atomicValue[T](a.v.Swap(atomicBits(v))) }
func (a *Atomic[T]) FetchAdd(n int64) int64 { return a.v.Add(n) - n }
func (a *Atomic[T]) FetchSub(n int64) int64 { return a.v.Add(-n) + n }

// CompareExchange stores v if the atomic holds old, and reports whether it did.
func (a *Atomic[T]) CompareExchange(old, v T) bool {
	return a.v.CompareAndSwap(atomicBits(old), atomicBits(v))
}
