package rt

import (
	"reflect"
	"runtime"
	"strconv"
	"strings"
)

// Misuse of a lock, a guard or a share (unlocking twice, releasing below zero, using a null
// handle) is a run-time error at the AdeshLang position of the call into rt. The generated code
// carries //line directives, so the first caller outside this package is that position.

// failMisuse raises a run-time error with msg at the position of the outermost rt caller.
func failMisuse(msg string) {
	Fail(callerOutsideRT(), msg)
}

// rtFuncPrefix is how the names of this package's functions begin ("adesh2go/rt." here, or the
// path the runtime was copied to next to a generated program).
var rtFuncPrefix = func() string {
	pc, _, _, _ := runtime.Caller(0)
	name := runtime.FuncForPC(pc).Name() // "<path>/rt.init.func1" or similar
	dot := strings.LastIndexByte(name, '/') + 1
	dot += strings.IndexByte(name[dot:], '.')
	return name[:dot+1]
}()

// callerOutsideRT returns "file:line" of the innermost frame that is not in this package (nor in
// Go's runtime: a task's own frames), or "".
func callerOutsideRT() string {
	var pcs [32]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs[:])])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, rtFuncPrefix) && !strings.HasPrefix(f.Function, "runtime.") {
			return f.File + ":" + strconv.Itoa(f.Line)
		}
		if !more {
			return ""
		}
	}
}

// misuseTypeName names T in misuse messages (the callers add the angle brackets).
func misuseTypeName[T any]() string {
	return typeNameOf(reflect.TypeFor[T]())
}
