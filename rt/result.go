package rt

import "strings"

// AdeshFormat prints `Ok(payload)` or `Err(payload)`, the payload in nested form.
func (r Result[T, E]) AdeshFormat(b *strings.Builder, _ bool) {
	if r.IsOk {
		b.WriteString("Ok(")
		Format(b, r.Val, true)
	} else {
		b.WriteString("Err(")
		Format(b, r.Err, true)
	}
	b.WriteByte(')')
}

// IsErr reports whether the Result is an Err.
func (r Result[T, E]) IsErr() bool { return !r.IsOk }

// Unwrap gives the Ok value. On an Err it throws the error itself when it is an Error (so a
// catch sees the original message) and fails at pos otherwise.
func (r Result[T, E]) Unwrap(pos string) T {
	if !r.IsOk {
		if e, ok := any(r.Err).(Error); ok {
			Throw(e, pos)
		}
		Fail(pos, "unwrap on Err("+Quote(r.Err)+")")
	}
	return r.Val
}

// UnwrapErr gives the Err value, or fails at pos on an Ok.
func (r Result[T, E]) UnwrapErr(pos string) E {
	if r.IsOk {
		Fail(pos, "unwrap_err on Ok("+Quote(r.Val)+")")
	}
	return r.Err
}

// UnwrapOr gives the Ok value, or def on an Err.
func (r Result[T, E]) UnwrapOr(def T) T {
	if !r.IsOk {
		return def
	}
	return r.Val
}

// OkValue is Rust's ok(): the Ok value, or null.
func (r Result[T, E]) OkValue() Option[T] {
	return Option[T]{Some: r.IsOk, Val: r.Val}
}

// ErrValue is Rust's err(): the Err value, or null.
func (r Result[T, E]) ErrValue() Option[E] {
	return Option[E]{Some: !r.IsOk, Val: r.Err}
}

// AdeshMethod gives dynamic code the methods of a Result.
func (r Result[T, E]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case name == "is_ok" && len(args) == 0:
		return r.IsOk, true
	case name == "is_err" && len(args) == 0:
		return !r.IsOk, true
	case name == "unwrap" && len(args) == 0:
		return r.Unwrap(pos), true
	case name == "unwrap_err" && len(args) == 0:
		return r.UnwrapErr(pos), true
	case name == "unwrap_or" && len(args) == 1:
		if r.IsOk {
			return r.Val, true
		}
		return args[0], true
	case name == "ok" && len(args) == 0:
		return r.OkValue().ToValue(), true
	case name == "err" && len(args) == 0:
		return r.ErrValue().ToValue(), true
	}
	return nil, false
}
