package rt

// The interpreter's view of optionals, Results and enum values (EVERYDAY.md §3): `.tag` names
// the variant, `.value` gives what it carries.

// Tag is "Some" or "None".
func (o Option[T]) Tag() string {
	if o.Some {
		return "Some"
	}
	return "None"
}

// Tag is "Ok" or "Err".
func (r Result[T, E]) Tag() string {
	if r.IsOk {
		return "Ok"
	}
	return "Err"
}

// ToValue is what the Result carries, the Ok value or the error, for dynamic code.
func (r Result[T, E]) ToValue() Value {
	if r.IsOk {
		return r.Val
	}
	return r.Err
}

// ResultValue is what a Result whose two sides have one type carries.
func ResultValue[T any](r Result[T, T]) T {
	if r.IsOk {
		return r.Val
	}
	return r.Err
}

// VariantName is the name of an enum value's variant: names lists them in tag order.
func VariantName(tag int, names ...string) string {
	return names[tag]
}
