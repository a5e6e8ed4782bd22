package builtin

import "adesh2go/frontend/types"

// The builtins of EVERYDAY.md §4 that the interpreter's programs use for checks and timing:
// assert_eq, assert_ne and clock.

var (
	// assert_eq(a, b) fails, showing both values, unless a == b; assert_ne unless a != b.
	FnAssertEq = function("assert_eq", fixed(sig(unit, types.AnyType, types.AnyType)), rtFn("AssertEq").withPos())
	FnAssertNe = function("assert_ne", fixed(sig(unit, types.AnyType, types.AnyType)), rtFn("AssertNe").withPos())
	// clock() is the seconds since the program started.
	FnClock = function("clock", fixed(sig(f64)), rtFn("Clock"))
)

// input() reads a line of standard input; input(prompt) writes the prompt first.
var FnInput = function("input", fixed(sig(optional(str), str).opt(1)), rtFn("Input"))
