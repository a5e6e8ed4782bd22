package rt

import "strconv"

// MaxCallDepth is how deeply recursive AdeshLang functions may nest on one stack. The compiler
// gives each function that can call itself a depth argument (lower/recursion.go) and checks it
// against this bound at entry, so runaway recursion is an AdeshLang run-time error, catchable
// and reported at the function, instead of Go's fatal "goroutine stack exceeds" crash. A
// million frames of the usual few hundred bytes stay well inside Go's 1 GB stack limit.
const MaxCallDepth = 1_000_000

// StackOverflow raises the error of a recursive function fn (declared at pos) called more than
// MaxCallDepth deep.
func StackOverflow(fn, pos string) {
	Fail(pos, "stack overflow: `"+fn+"` nested more than "+strconv.Itoa(MaxCallDepth)+" calls deep (infinite recursion?)")
}
