package rt

import (
	"strings"
	"time"
)

// programStart is when the program started, for clock().
var programStart = time.Now()

// Clock is clock(): the seconds since the program started.
func Clock() float64 { return time.Since(programStart).Seconds() }

// AssertEq is assert_eq(a, b): a run-time error showing both values unless they are equal.
func AssertEq(a, b Value, pos string) {
	if !DynEq(a, b) {
		Fail(pos, "Test failed: Assertion failed: left != right\n  left: "+shown(a)+"\n right: "+shown(b))
	}
}

// AssertNe is assert_ne(a, b): a run-time error showing the value unless they differ. The
// messages are the interpreter's (EVERYDAY.md §7.7).
func AssertNe(a, b Value, pos string) {
	if DynEq(a, b) {
		Fail(pos, "Test failed: Assertion failed: left == right (expected not equal)\n  both values: "+shown(a))
	}
}

// shown is v as a value nested in an array prints: a string in quotes, so that "1" and 1 differ.
func shown(v Value) string {
	var b strings.Builder
	Format(&b, v, true)
	return b.String()
}
