package adesh2go

import (
	"os"
	"runtime/debug"
)

// CompilerGC sets the garbage collector up for one compile in a short-lived process: a compile
// allocates about 14 KB per AdeshLang line and keeps most of it (the AST, the types, the IR)
// until the end, so the default GOGC of 100 collects over and over for little. GOGC 800 lets
// the heap grow eight times past what is live before collecting, and the soft memory limit
// brings collections back before a very large program takes more than 1 GiB. (esbuild
// switches its collector off for the same reason.) An explicit GOGC or GOMEMLIMIT in the
// environment wins.
func CompilerGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(800)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(1 << 30)
	}
}
