package rt

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

// Defers are the pending defers of a state machine, run last registered first when the future
// completes, fails or is dropped.
type Defers []func()

// Push registers a deferred statement.
func (d *Defers) Push(f func()) { *d = append(*d, f) }

// Run runs and forgets every pending defer, last first. A defer that panics does not stop the
// others; the first panic is raised again once all have run.
func (d *Defers) Run() {
	var first any
	for len(*d) > 0 {
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
	if inclusive {
		hi++
	}
	if hi <= lo {
		return []T{}
	}
	out := make([]T, 0, int(hi-lo))
	for i := lo; i < hi; i++ {
		out = append(out, i)
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
	return Error{Message: Str(v)}
}

// Catch runs body and returns the error it threw, or nil. Only AdeshLang errors (*Thrown) are
// caught; anything else is a bug and keeps unwinding.
func Catch(body func()) (caught *Thrown) {
	defer func() {
		if r := recover(); r != nil {
			t, ok := r.(*Thrown)
			if !ok {
				panic(r)
			}
			caught = t
		}
	}()
	body()
	return nil
}

// CatchCode is Catch for a try body that can leave early: it returns the body's exit code (0 for
// falling off the end) and the error thrown, if any.
func CatchCode(body func() int) (code int, caught *Thrown) {
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

// ReleaseOption releases the value of an optional Share or Weak, if it holds one.
func ReleaseOption[T Releaser](o Option[T]) {
	if o.Some {
		o.Val.Release()
	}
}
