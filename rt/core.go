package rt

// Poll is the result of one step of a future: Ready with a Value, or not yet.
type Poll[T any] struct {
	Ready bool
	Value T
}

// Ready makes a ready Poll.
func Ready[T any](v T) Poll[T] { return Poll[T]{Ready: true, Value: v} }

// Pending makes a not-ready Poll.
func Pending[T any]() Poll[T] { return Poll[T]{} }

// Future is anything that can be awaited. Poll is called by one goroutine at a time; when it
// returns Pending it has arranged for cx's waker to be woken when progress is possible.
type Future[T any] interface {
	Poll(cx *Context) Poll[T]
	// Drop abandons the future before it completes: it drops the sub-future it is awaiting, runs
	// its pending defers and releases what it holds. Drop after completion, or twice, does nothing.
	Drop()
}

// Unit is the value of AdeshLang's unit type `()`, the result of a function with no return type.
type Unit struct{}

// Error is AdeshLang's built-in Error struct. Value is the value a `throw v` or a `reject(v)`
// gave when it was not an Error (EVERYDAY §5): the error then prints, and joins strings, as that
// value (`"caught: " + e` with `reject("oops")` is `caught: oops`), and Message is its text.
type Error struct {
	Message string
	Value   any
}

// NewError makes an Error with a message.
func NewError(msg string) Error { return Error{Message: msg} }

// Error lets an rt.Error travel as a Go error.
func (e Error) Error() string { return e.Message }

// Thrown is the panic value that carries an AdeshLang error up the Go stack: from `throw`, from a
// failed run-time check (index out of range, missing key, assert), from a rejected promise or a
// cancelled task being awaited. Pos is "file.adesh:line:col" of where it was raised, or "".
type Thrown struct {
	Err Error
	Pos string
}

func (t *Thrown) Error() string {
	if t.Pos == "" {
		return t.Err.Message
	}
	return t.Err.Message + " (at " + t.Pos + ")"
}

// Throw raises err at the AdeshLang position pos.
func Throw(err Error, pos string) {
	panic(&Thrown{Err: err, Pos: pos})
}

// throwHere raises err, an error that arose inside rt (a send on a closed channel, an await of
// a cancelled task or a rejected promise, an I/O error), at the AdeshLang position of the
// generated code that called into rt: the //line directives make it the await or the call.
func throwHere(err Error) {
	panic(&Thrown{Err: err, Pos: callerOutsideRT()})
}

// Fail raises a run-time error with a message at pos.
func Fail(pos, msg string) {
	panic(&Thrown{Err: Error{Message: msg}, Pos: pos})
}

// Cancelled is the message of the error a cancelled task's await gives.
const Cancelled = "cancelled"

// Option is AdeshLang's `T?` and `Option<T>`: a value or null.
type Option[T any] struct {
	Some bool
	Val  T
}

// Some makes a present optional.
func Some[T any](v T) Option[T] { return Option[T]{Some: true, Val: v} }

// None makes an empty optional (null).
func None[T any]() Option[T] { return Option[T]{} }

// Result is AdeshLang's `Result<T, E>`: Ok(Val) or Err(Err).
type Result[T, E any] struct {
	IsOk bool
	Val  T
	Err  E
}

// Ok makes a successful Result.
func Ok[T, E any](v T) Result[T, E] { return Result[T, E]{IsOk: true, Val: v} }

// Err makes a failed Result.
func Err[T, E any](e E) Result[T, E] { return Result[T, E]{Err: e} }

// Tuples of two to six elements: AdeshLang's `(A, B, …)`.
type (
	Tuple2[A, B any] struct {
		F0 A
		F1 B
	}
	Tuple3[A, B, C any] struct {
		F0 A
		F1 B
		F2 C
	}
	Tuple4[A, B, C, D any] struct {
		F0 A
		F1 B
		F2 C
		F3 D
	}
	Tuple5[A, B, C, D, E any] struct {
		F0 A
		F1 B
		F2 C
		F3 D
		F4 E
	}
	Tuple6[A, B, C, D, E, F any] struct {
		F0 A
		F1 B
		F2 C
		F3 D
		F4 E
		F5 F
	}
)

// Char is AdeshLang's `char`: a distinct type so that it prints as a character, not a number.
type Char rune

var exitHooks []func()

// AtExit registers f to run, last registered first, before the program exits through Exit
// (flushing buffered output, printing metrics). Call it from init functions only.
func AtExit(f func()) { exitHooks = append(exitHooks, f) }

// RunExitHooks runs the exit hooks once; Exit calls it.
func RunExitHooks() {
	hooks := exitHooks
	exitHooks = nil
	for i := len(hooks) - 1; i >= 0; i-- {
		hooks[i]()
	}
}
