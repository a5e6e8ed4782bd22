package rt

import "strings"

// AdeshFormat prints an optional as its value, or `null` when empty.
func (o Option[T]) AdeshFormat(b *strings.Builder, nested bool) {
	if !o.Some {
		b.WriteString("null")
		return
	}
	Format(b, o.Val, nested)
}

// IsNone reports whether the optional is null.
func (o Option[T]) IsNone() bool { return !o.Some }

// Unwrap gives the value, or fails at pos when the optional is null.
func (o Option[T]) Unwrap(pos string) T {
	if !o.Some {
		Fail(pos, "unwrap on null")
	}
	return o.Val
}

// UnwrapOr gives the value, or def when the optional is null.
func (o Option[T]) UnwrapOr(def T) T {
	if !o.Some {
		return def
	}
	return o.Val
}

// OrElse gives the value, or what orElse returns when the optional is null: `a ?? b` with b
// evaluated only when needed.
func (o Option[T]) OrElse(orElse func() T) T {
	if !o.Some {
		return orElse()
	}
	return o.Val
}

// ToValue converts the optional for dynamic code, where null is nil.
func (o Option[T]) ToValue() Value {
	if !o.Some {
		return nil
	}
	return o.Val
}

// dynamicPayload lets dynamic equality see an Option as the value it holds, or null.
func (o Option[T]) dynamicPayload() Value { return o.ToValue() }

// fromDynamic builds an Option[T] from a dynamic value: nil is null, anything else must
// convert to T.
func (Option[T]) fromDynamic(v Value, pos string) any {
	switch x := v.(type) {
	case nil:
		return Option[T]{}
	case Option[T]:
		return x
	}
	return Some(DynTo[T](v, pos))
}

// AdeshMethod gives dynamic code the methods of an optional.
func (o Option[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case name == "is_some" && len(args) == 0:
		return o.Some, true
	case name == "is_none" && len(args) == 0:
		return !o.Some, true
	case name == "unwrap" && len(args) == 0:
		return o.Unwrap(pos), true
	case name == "unwrap_or" && len(args) == 1:
		if o.Some {
			return o.Val, true
		}
		return args[0], true
	}
	return nil, false
}
