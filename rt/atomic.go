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

// Every operation takes an optional memory ordering last (EVERYDAY.md §7.3), checked by name and
// otherwise ignored: each is sequentially consistent, and no value a program sees depends on it.

func (a *Atomic[T]) Load(order ...Value) T {
	checkOrder(order)
	return atomicValue[T](a.v.Load())
}

func (a *Atomic[T]) Store(v T, order ...Value) {
	checkOrder(order)
	a.v.Store(atomicBits(v))
}

func (a *Atomic[T]) Swap(v T, order ...Value) T {
	checkOrder(order)
	return atomicValue[T](a.v.Swap(atomicBits(v)))
}

func (a *Atomic[T]) FetchAdd(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.v.Add(n) - n
}

func (a *Atomic[T]) FetchSub(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.v.Add(-n) + n
}

func (a *Atomic[T]) FetchAnd(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.v.And(n)
}

func (a *Atomic[T]) FetchOr(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.v.Or(n)
}

func (a *Atomic[T]) FetchXor(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.update(func(old int64) int64 { return old ^ n })
}

func (a *Atomic[T]) FetchMin(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.update(func(old int64) int64 { return min(old, n) })
}

func (a *Atomic[T]) FetchMax(n int64, order ...Value) int64 {
	checkOrder(order)
	return a.update(func(old int64) int64 { return max(old, n) })
}

// update stores f(old) in one step and gives old.
func (a *Atomic[T]) update(f func(int64) int64) int64 {
	for {
		old := a.v.Load()
		if a.v.CompareAndSwap(old, f(old)) {
			return old
		}
	}
}

// checkOrder checks a memory ordering argument: a name (Relaxed, Acquire, Release, AcqRel,
// SeqCst, in any case, or seq_cst, acq_rel) or a number (EVERYDAY.md §7.3).
func checkOrder(order []Value) {
	for _, o := range order {
		switch o := o.(type) {
		case string:
			switch strings.ToLower(strings.ReplaceAll(o, "_", "")) {
			case "relaxed", "acquire", "release", "acqrel", "seqcst":
			default:
				throwHere(Error{Message: "unknown memory order '" + o + "'"})
			}
		default:
			if n := toNum(o); n.kind != signedNum && n.kind != unsignedNum && n.kind != floatNum {
				throwHere(Error{Message: "memory order must be a string or number"})
			}
		}
	}
}

// CompareExchange stores v if the atomic holds old: {ok: true, value: old}, or the mismatch
// object {ok: false, kind: "mismatch", message: "found N"} with the value it holds (EVERYDAY.md
// §7.3).
func (a *Atomic[T]) CompareExchange(old, v T, orders ...Value) Value {
	checkOrder(orders)
	for {
		if a.v.CompareAndSwap(atomicBits(old), atomicBits(v)) {
			return okRecord(old)
		}
		if cur := a.v.Load(); cur != atomicBits(old) {
			return mismatchRecord(atomicValue[T](cur))
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
		wantArgRange(name, args, 0, 1, pos)
		return a.Load(args...), true
	case "store":
		wantArgRange(name, args, 1, 2, pos)
		a.Store(DynTo[T](args[0], pos), args[1:]...)
		return Unit{}, true
	case "swap":
		wantArgRange(name, args, 1, 2, pos)
		return a.Swap(DynTo[T](args[0], pos), args[1:]...), true
	case "compare_exchange", "compare_exchange_weak":
		wantArgRange(name, args, 2, 4, pos)
		return a.CompareExchange(DynTo[T](args[0], pos), DynTo[T](args[1], pos), args[2:]...), true
	case "fetch_add", "fetch_sub", "fetch_and", "fetch_or", "fetch_xor", "fetch_min", "fetch_max":
		if _, isInt := any(a.Load()).(int64); !isInt {
			return nil, false
		}
		wantArgRange(name, args, 0, 2, pos)
		n, order := intArgOr(args, 0, 1, pos), args[min(len(args), 1):]
		switch name {
		case "fetch_add":
			return a.FetchAdd(n, order...), true
		case "fetch_sub":
			return a.FetchSub(n, order...), true
		case "fetch_and":
			return a.FetchAnd(n, order...), true
		case "fetch_or":
			return a.FetchOr(n, order...), true
		case "fetch_xor":
			return a.FetchXor(n, order...), true
		case "fetch_min":
			return a.FetchMin(n, order...), true
		}
		return a.FetchMax(n, order...), true
	}
	return nil, false
}

// AtomicU64 is thread.Atomic.AtomicU8 … AtomicU64 (EVERYDAY.md §7.3): 64 unsigned bits with
// load, store, fetch_add (wrapping) and compare_exchange, each taking an ordering last.
type AtomicU64 struct{ v atomic.Uint64 }

// NewAtomicU64 makes an unsigned atomic holding v.
func NewAtomicU64(v uint64) *AtomicU64 {
	a := &AtomicU64{}
	a.v.Store(v)
	return a
}

func (a *AtomicU64) Load(order ...Value) uint64 {
	checkOrder(order)
	return a.v.Load()
}

func (a *AtomicU64) Store(v uint64, order ...Value) {
	checkOrder(order)
	a.v.Store(v)
}

func (a *AtomicU64) FetchAdd(n uint64, order ...Value) uint64 {
	checkOrder(order)
	return a.v.Add(n) - n
}

// CompareExchange is Atomic's: {ok: true, value: old} or the mismatch object.
func (a *AtomicU64) CompareExchange(old, v uint64, orders ...Value) Value {
	checkOrder(orders)
	for {
		if a.v.CompareAndSwap(old, v) {
			return okRecord(old)
		}
		if cur := a.v.Load(); cur != old {
			return mismatchRecord(cur)
		}
	}
}

// AdeshFormat prints the atomic as `Atomic(value)`.
func (a *AtomicU64) AdeshFormat(b *strings.Builder, nested bool) {
	b.WriteString("Atomic(")
	Format(b, a.Load(), true)
	b.WriteString(")")
}

// AdeshMethod gives dynamic code the four methods.
func (a *AtomicU64) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "load":
		wantArgRange(name, args, 0, 1, pos)
		return a.Load(args...), true
	case "store":
		wantArgRange(name, args, 1, 2, pos)
		a.Store(DynTo[uint64](args[0], pos), args[1:]...)
		return Unit{}, true
	case "fetch_add":
		if wantArgRange(name, args, 0, 2, pos) == 0 {
			return a.FetchAdd(1), true
		}
		return a.FetchAdd(DynTo[uint64](args[0], pos), args[1:]...), true
	case "compare_exchange":
		wantArgRange(name, args, 2, 4, pos)
		return a.CompareExchange(DynTo[uint64](args[0], pos), DynTo[uint64](args[1], pos), args[2:]...), true
	}
	return nil, false
}
