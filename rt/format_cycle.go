package rt

import (
	"strings"
	"sync"
	"unsafe"
)

// Printing a value that contains itself (a map stored in itself, Shares that point at each
// other) must end: each handle whose printing reaches into what it holds (a Map, a Share, a
// record) marks itself while its contents print, and one met again on the way down prints
// `[Circular]`, as Node.js prints it. The marks are kept per output buffer, since tasks on
// several workers print at once.
var (
	formatMu    sync.Mutex
	formatPaths = map[*strings.Builder][]unsafe.Pointer{}
)

// enterFormat marks the handle h as printing into b; false means it already is: a cycle, for
// which it wrote `[Circular]`.
func enterFormat(b *strings.Builder, h unsafe.Pointer) bool {
	formatMu.Lock()
	defer formatMu.Unlock()
	path := formatPaths[b]
	for _, p := range path {
		if p == h {
			b.WriteString("[Circular]")
			return false
		}
	}
	formatPaths[b] = append(path, h)
	return true
}

// leaveFormat unmarks the handle entered last into b.
func leaveFormat(b *strings.Builder) {
	formatMu.Lock()
	defer formatMu.Unlock()
	path := formatPaths[b]
	if len(path) <= 1 {
		delete(formatPaths, b)
		return
	}
	formatPaths[b] = path[:len(path)-1]
}
