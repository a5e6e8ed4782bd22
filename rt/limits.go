package rt

import (
	"runtime/debug"
	"strconv"
)

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

// setMaxStack lets a goroutine's stack grow to 2 GB on 64-bit systems, the most Go allows (its
// default stops at 1 GB), so that MaxCallDepth calls of functions with frames up to about 2 KB
// end in the AdeshLang error rather than in Go's fatal one; larger frames (many big structs
// passed by value) can still exhaust the stack first. Only a stack that is used takes memory.
func setMaxStack() {
	if strconv.IntSize == 64 {
		debug.SetMaxStack(2_000_000_000)
	}
}

// MaxArrayLen and MaxStringBytes bound the arrays and strings a single operation builds at once
// (`range(n)`, `s.repeat(n)`): a size past them is an AdeshLang run-time error, where asking Go
// for it would stop the process with an out-of-memory crash. (JavaScript engines have such limits
// too: V8's strings stop at about 2^29 characters.)
const (
	MaxArrayLen    = 1 << 28
	MaxStringBytes = 1 << 30
)
