package rt

import (
	"runtime"
	"strings"
)

// Errors that arise inside rt (a misused lock, a send on a closed channel, an await of a
// cancelled task, a size past a limit) are reported at the AdeshLang position of the generated
// code that called into rt: it carries //line directives, so the first caller outside this
// package is that position.

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
func callerOutsideRT() string { return callerOutsideRTAt(3, 0) }

// callerOutsideRTAt is callerOutsideRT from skip frames up, passing over the first skipOuter
// frames outside rt: 1 for the code that polls a future whose own Poll called into rt.
func callerOutsideRTAt(skip, skipOuter int) string {
	var pcs [32]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(skip, pcs[:])])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, rtFuncPrefix) && !strings.HasPrefix(f.Function, "runtime.") {
			if skipOuter == 0 {
				return sourcePosition(f.File, f.Line)
			}
			skipOuter--
		}
		if !more {
			return ""
		}
	}
}
