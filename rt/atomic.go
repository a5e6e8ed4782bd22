package rt

import (
	"strings"
	"sync/atomic"
)

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

// CompareExchange stores v if the atomic holds old: {ok: true, value: old}, or the mismatch
// object {ok: false, kind: "mismatch", message: "found N"} with the value it holds (EVERYDAY.md
// §7.3).
func (a *Atomic[T]) CompareExchange(old, v T) Value {
	for {
		if a.v.CompareAndSwap(atomicBits(old), atomicBits(v)) {
			return okRecord(old)
		}
		if cur := a.v.Load(); cur != atomicBits(old) {
			return NewRecord(errFields, false, "mismatch", "found "+Str(atomicValue[T](cur)))
		}
	}
}

// AdeshFormat prints an atomic as `Atomic(value)`.
func (a *Atomic[T]) AdeshFormat(b *strings.Builder, nested bool) {
	b.WriteString("Atomic(")
	Format(b, a.Load(), true)
	b.WriteString(")")
}

// AdeshMethod gives dynamic code (an atomic kept in a record or an `any`) its methods.
func (a *Atomic[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "load":
		wantArgs(name, args, 0, pos)
		return a.Load(), true
	case "store":
		wantArgs(name, args, 1, pos)
		a.Store(DynTo[T](args[0], pos))
		return Unit{}, true
	case "swap":
		wantArgs(name, args, 1, pos)
		return a.Swap(DynTo[T](args[0], pos)), true
	case "compare_exchange":
		wantArgs(name, args, 2, pos)
		return a.CompareExchange(DynTo[T](args[0], pos), DynTo[T](args[1], pos)), true
	case "fetch_add", "fetch_sub":
		if _, isInt := any(a.Load()).(int64); !isInt {
			return nil, false
		}
		wantArgs(name, args, 1, pos)
		n := DynTo[int64](args[0], pos)
		if name == "fetch_sub" {
			return a.FetchSub(n), true
		}
		return a.FetchAdd(n), true
	}
	return nil, false
}
