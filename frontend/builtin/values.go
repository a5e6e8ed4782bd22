package builtin

// The methods every value has, and those of numbers, optionals (T?) and results.

var (
	ValueToString = method(Values, "to_string|toString", 0, fixed(sig(str)), hook)
	// ValueClone is rt's copy of any dynamic value.
	ValueClone = method(Values, "clone", DynamicOnly, nil, hook)

	// A number's methods are the predeclared functions of their names applied to it.
	NumberAbs   = method(Numbers, "abs", 0, func(x In) Sig { return sig(x.Elem) }, hook)
	NumberPow   = method(Numbers, "pow", 0, func(x In) Sig { return sig(x.Elem, x.Elem) }, hook)
	NumberSqrt  = method(Numbers, "sqrt", 0, fixed(sig(f64)), hook)
	NumberFloor = method(Numbers, "floor", 0, func(x In) Sig { return sig(x.Elem) }, hook)
	NumberCeil  = method(Numbers, "ceil", 0, func(x In) Sig { return sig(x.Elem) }, hook)
	NumberRound = method(Numbers, "round", 0, func(x In) Sig { return sig(x.Elem) }, hook)
	NumberMin   = method(Numbers, "min", 0, func(x In) Sig { return sig(x.Elem, x.Elem) }, hook)
	NumberMax   = method(Numbers, "max", 0, func(x In) Sig { return sig(x.Elem, x.Elem) }, hook)

	OptionUnwrap   = method(Options, "unwrap", Aliases, func(x In) Sig { return sig(x.Elem) }, goMethod("Unwrap").withPos())
	OptionExpect   = method(Options, "expect", Aliases, func(x In) Sig { return sig(x.Elem, str) }, rtFn("Expect").withPos())
	OptionUnwrapOr = method(Options, "unwrap_or", Aliases, func(x In) Sig { return sig(x.Elem, x.Elem) }, goMethod("UnwrapOr"))
	OptionIsSome   = method(Options, "is_some", 0, fixed(sig(boolean)), hook)
	OptionIsNone   = method(Options, "is_none", 0, fixed(sig(boolean)), hook)

	ResultUnwrap    = method(Results, "unwrap", Aliases, func(x In) Sig { return sig(x.Ok) }, goMethod("Unwrap").withPos())
	ResultExpect    = method(Results, "expect", Aliases, func(x In) Sig { return sig(x.Ok, str) }, rtFn("Expect").withPos())
	ResultUnwrapOr  = method(Results, "unwrap_or", Aliases, func(x In) Sig { return sig(x.Ok, x.Ok) }, goMethod("UnwrapOr"))
	ResultUnwrapErr = method(Results, "unwrap_err", Aliases, func(x In) Sig { return sig(x.Err) }, goMethod("UnwrapErr").withPos())
	ResultIsOk      = method(Results, "is_ok", 0, fixed(sig(boolean)), hook)
	ResultIsErr     = method(Results, "is_err", 0, fixed(sig(boolean)), hook)
	ResultOk        = method(Results, "ok", Aliases, func(x In) Sig { return sig(optional(x.Ok)) }, goMethod("OkValue"))
)
