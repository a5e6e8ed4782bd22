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

// Error is AdeshLang's built-in Error struct.
type Error struct {
	Message string
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

// Fail raises a run-time error with a message at pos.
func Fail(pos, msg string) {
	panic(&Thrown{Err: Error{Message: msg}, Pos: pos})
}

// Cancelled is the message of the error a cancelled task's await gives.
const Cancelled = "cancelled"
