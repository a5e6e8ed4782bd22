package rt

import (
	"strconv"
	"strings"
)

// Box puts a future stored by value (a state struct, a SleepFuture) behind the Future interface,
// for the places that need a dynamic future: a variable, an argument, a spawned task.
//
//	rt.Box[string](fetch(url))
func Box[T any, F any, PF interface {
	*F
	Future[T]
}](f F) Future[T] {
	p := PF(new(F))
	*p = f
	return p
}

// Defers are the pending defers of a function or state machine. A defer runs when the block that
// holds it ends (LANGUAGE.md §4): a block records Len before its first defer and calls RunTo
// with it where control leaves the block (its end, a break or continue out of it, a catch of
// what was thrown inside it); what is left runs when the function returns, fails or is dropped.
type Defers []func()

// Push registers a deferred statement.
func (d *Defers) Push(f func()) { *d = append(*d, f) }

// Len is the number of pending defers: the mark a block gives RunTo.
func (d *Defers) Len() int { return len(*d) }

// Run runs and forgets every pending defer, last first. A defer that panics does not stop the
// others; the first panic is raised again once all have run.
func (d *Defers) Run() { d.RunTo(0) }

// RunTo runs and forgets the defers registered after the first mark, last first, as Run does.
func (d *Defers) RunTo(mark int) {
	var first any
	for len(*d) > mark {
		n := len(*d) - 1
		f := (*d)[n]
		*d = (*d)[:n]
		func() {
			defer func() {
				if r := recover(); r != nil && first == nil {
					first = r
				}
			}()
			f()
		}()
	}
	if first != nil {
		panic(first)
	}
}

// RangeArray materialises a range used as a value: `let xs = 0..5;`.
func RangeArray[T Integer](lo, hi T, inclusive bool) []T {
	if hi < lo || hi == lo && !inclusive {
		return []T{}
	}
	// hi ≥ lo, so the span fits in a uint64 whatever T is.
	if span := uint64(hi) - uint64(lo); span >= MaxArrayLen {
		Fail(callerOutsideRT(), "range too large: "+strconv.FormatUint(span, 10)+" elements (an array holds at most "+strconv.Itoa(MaxArrayLen)+")")
	}
	// Counting up to hi, never past it: hi may be the largest value of T (`250u8...255u8`).
	out := make([]T, 0, int(hi-lo)+1)
	for i := lo; i != hi; i++ {
		out = append(out, i)
	}
	if inclusive {
		out = append(out, hi)
	}
	return out
}

// BoolToInt converts a bool with `as`.
func BoolToInt[T Integer](b bool) T {
	if b {
		return 1
	}
	return 0
}

// ToError turns a thrown or rejected value into an Error (§11: a value that is not an Error is
// wrapped as Error(str(v))).
func ToError(v any) Error {
	if e, ok := v.(Error); ok {
		return e
	}
	if m, ok := fieldOf(v, "message"); ok {
		if text, ok := m.(string); ok { // an instance of a class that extends Error, a record
			return Error{Message: text, Value: v}
		}
	}
	return Error{Message: Str(v), Value: v}
}

// Present is the value of an optional that must not be null: a field of what an untyped
// function found, or null (the checker's loose optional), is read through it.
func Present[T any](o Option[T]) T {
	if !o.Some {
		throwHere(Error{Message: "cannot read a field of null"})
	}
	return o.Val
}

// ThrownValue is, for an Error that wraps a thrown value, that value (the instance of a class
// that extends Error, for `e instanceof C`); any other value as it is.
func ThrownValue(v Value) Value {
	if e, ok := v.(Error); ok && e.Value != nil {
		return e.Value
	}
	return v
}

// TryCatch runs body and returns the error it threw, or nil. Only AdeshLang errors (*Thrown) are
// caught; anything else is a bug and keeps unwinding.
func TryCatch(body func()) *Thrown {
	_, caught := TryCatchCode(func() int { body(); return 0 })
	return caught
}

// TryCatchCode is TryCatch for a try body that can leave early: it returns the body's exit code (0 for
// falling off the end) and the error thrown, if any.
func TryCatchCode(body func() int) (code int, caught *Thrown) {
	defer func() {
		if r := recover(); r != nil {
			t, ok := r.(*Thrown)
			if !ok {
				panic(r)
			}
			caught = t
		}
	}()
	return body(), nil
}

// Releaser is anything a binding releases at scope end (a Share, a Weak).
type Releaser interface{ Release() }

// ReleaseOption releases the value of an optional Share or Weak, or unlocks the guard of an
// optional guard (`m.try_lock()`), if it holds one.
func ReleaseOption[T any](o Option[T]) {
	if !o.Some {
		return
	}
	if r, ok := any(o.Val).(Releaser); ok {
		r.Release()
	} else if g, ok := any(&o.Val).(interface{ Drop() }); ok {
		g.Drop()
	}
}

// ArrPush appends to an array in place: `xs.push(v)`.
func ArrPush[T any](xs *[]T, v T) { *xs = append(*xs, v) }

// ArrExtend appends another array in place: `xs.extend(ys)`.
func ArrExtend[T any](xs *[]T, ys []T) { *xs = append(*xs, ys...) }

// ArrClear empties an array in place.
func ArrClear[T any](xs *[]T) { *xs = (*xs)[:0:0] }

// Less orders two values of any type the way `<` does for dynamic values (for `sort()` on an
// array of records or tuples with no comparator).
func Less[T any](a, b T) bool { return DynLess(a, b, "") }

// LessAt is Less for dynamic values whose comparison may fail, at the AdeshLang position pos.
func LessAt(pos string) func(a, b Value) bool {
	return func(a, b Value) bool { return DynLess(a, b, pos) }
}

// Expect unwraps an optional or a Result, failing with msg.
func Expect[T interface{ Unwrap(string) V }, V any](x T, msg, pos string) (v V) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Thrown); ok {
				Fail(pos, msg)
			}
			panic(r)
		}
	}()
	return x.Unwrap(pos)
}

// Assert fails with msg when cond is false.
func Assert(cond bool, msg, pos string) {
	if !cond {
		Fail(pos, "Test failed: "+msg) // the interpreter's form (EVERYDAY.md §7.7)
	}
}

// Cond is `c ? a : b` for values that need no evaluation order.
func Cond[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// Upgrade is `w.upgrade()`: the share, if its value is still alive.
func Upgrade[T any](w *Weak[T]) Option[*Share[T]] {
	if s := w.Upgrade(); s != nil {
		return Some(s)
	}
	return None[*Share[T]]()
}

// TryLockOption is `m.try_lock()`: a guard, or null when the lock is held.
func TryLockOption[T any](m *Mutex[T]) Option[MutexGuard[T]] {
	if g, ok := m.TryLock(); ok {
		return Some(g)
	}
	return None[MutexGuard[T]]()
}

// AsFutures turns an array of join handles or promises into futures (for join_all).
func AsFutures[T any, F Future[T]](xs []F) []Future[T] {
	out := make([]Future[T], len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// ScopeFailure lets a scope child that returns Err fail its scope (§8): the scope cancels the
// other children and gives that error.
func (r Result[T, E]) ScopeFailure() (Error, bool) {
	if r.IsOk {
		return Error{}, false
	}
	return ToError(r.Err), true
}

// ResultFuture awaits a join handle of a Result with an Error, giving what the task threw (its
// cancellation, a panic) as Err rather than throwing it (§8: `await h` on a cancelled
// JoinHandle<Result<T, Error>> is an Err).
type ResultFuture[T any] struct {
	F Future[Result[T, Error]]
}

// AsResult wraps a handle's future as a ResultFuture.
func AsResult[T any](f Future[Result[T, Error]]) ResultFuture[T] { return ResultFuture[T]{F: f} }

// Poll polls the handle, catching what it throws.
func (f *ResultFuture[T]) Poll(cx *Context) (p Poll[Result[T, Error]]) {
	defer func() {
		if r := recover(); r != nil {
			t, ok := r.(*Thrown)
			if !ok {
				panic(r)
			}
			p = Ready(Err[T](t.Err))
		}
	}()
	return f.F.Poll(cx)
}

// Drop drops the handle.
func (f *ResultFuture[T]) Drop() {
	if f.F != nil {
		f.F.Drop()
	}
}

// AwaitedAgain raises the error of a future awaited (or polled) after it completed: what names
// it (`work`, the async block) and pos is where it is written. The error is at the await that
// polled it again, the AdeshLang code that called the future's Poll, when there is one (a task
// the scheduler polls has none: then at pos).
func AwaitedAgain(what, pos string) {
	if at := callerOutsideRTAt(3, 1); strings.HasSuffix(at[:max(strings.LastIndexByte(at, ':'), 0)], ".adesh") {
		pos = at
	}
	Fail(pos, "the future of "+what+" was awaited again after it completed: a future runs once (keep its result in a variable, or spawn it and await the handle, as often as needed)")
}

// Spawned is `spawn(f)` of a future kept in the variable *p: the task takes the future, and the
// variable keeps one that fails if it is awaited or spawned again (a future runs once: two tasks
// polling one future would race).
func Spawned[T any](p *Future[T], pos string) Future[T] {
	f := *p
	*p = &spentFuture[T]{spawnedAt: pos}
	return f
}

type spentFuture[T any] struct{ spawnedAt string }

func (s *spentFuture[T]) Poll(*Context) Poll[T] {
	at := callerOutsideRT() // the await; none when a second spawn polls it as a task
	if at == "" {
		at = s.spawnedAt
	}
	Fail(at, "this future was spawned at "+s.spawnedAt+" and runs as that task: await the handle spawn gave (a future runs once)")
	return Poll[T]{}
}

func (s *spentFuture[T]) Drop() {}

// Take gives what *p holds and leaves it zero: a temporary whose share or guard moves on to a
// call, so that the state machine it lives in does not release it again.
func Take[T any](p *T) T {
	v := *p
	var zero T
	*p = zero
	return v
}
