package check

import (
	gotypes "go/types"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
)

// A Go call runs on the thread that makes it: in async code, one that blocks (network, files,
// sleeping, locks, channels, writing to a pipe) would hold a worker, and every task queued on
// it, until it returns (GOINTEROP.md §3). `await goCall(…)` runs it on rt's blocking pool
// instead; without the await it is W0709. The calls of the pure packages below compute and
// return: they get no warning, and an await of one runs it in place.

// purePackages are the standard packages whose functions and methods do not block. (A function
// of one of them that takes an io.Reader or io.Writer may, and is not pure.)
var purePackages = map[string]bool{
	"strings": true, "strconv": true, "unicode": true, "unicode/utf8": true, "unicode/utf16": true,
	"math": true, "math/big": true, "math/bits": true, "math/cmplx": true, "math/rand": true, "math/rand/v2": true,
	"sort": true, "slices": true, "maps": true, "cmp": true, "bytes": true, "errors": true,
	"encoding/hex": true, "encoding/base64": true, "encoding/base32": true, "encoding/json": true,
	"encoding/binary": true, "encoding/csv": true, "encoding/xml": true, "encoding/pem": true,
	"encoding/ascii85": true, "encoding/asn1": true,
	"regexp": true, "regexp/syntax": true, "hash": true, "hash/crc32": true, "hash/crc64": true,
	"hash/fnv": true, "hash/adler32": true, "hash/maphash": true,
	"crypto/sha256": true, "crypto/sha1": true, "crypto/sha512": true, "crypto/md5": true,
	"crypto/hmac": true, "crypto/subtle": true,
	"container/list": true, "container/heap": true, "container/ring": true,
	"path": true, "html": true, "net/url": true, "text/tabwriter": false, "unique": true, "iter": true,
}

// pureFmt are fmt's functions that only format: the rest write to files or read from them.
var pureFmt = map[string]bool{"Sprint": true, "Sprintf": true, "Sprintln": true, "Errorf": true,
	"Append": true, "Appendf": true, "Appendln": true}

// blockingIn are the functions that may block of packages whose other functions do not: time's
// that wait (the rest is values and formatting), path/filepath's that read the file system
// (the rest is path arithmetic).
var blockingIn = map[string]map[string]bool{
	"time":          {"Sleep": true, "After": true, "Tick": true},
	"path/filepath": {"Abs": true, "Glob": true, "Walk": true, "WalkDir": true, "EvalSymlinks": true},
}

// pureAccessors are the methods without parameters that give what a value holds, in any
// package (a bufio.Scanner's Text, an http.Request's Context): they do not block.
var pureAccessors = map[string]bool{"String": true, "Text": true, "Bytes": true, "Err": true,
	"Error": true, "Len": true, "Cap": true, "Name": true, "Context": true, "Unwrap": true}

// goCallBlocks reports whether a call of fn (with signature sig) may block.
func goCallBlocks(fn *gotypes.Func, sig *gotypes.Signature) bool {
	pkg := fn.Pkg()
	if pkg == nil {
		return false // error.Error
	}
	switch pkg.Path() {
	case "fmt":
		return !pureFmt[fn.Name()]
	case "time", "path/filepath":
		if sig.Recv() != nil {
			return false // the methods of Time, Duration, Month; a Timer's Stop and Reset
		}
		return blockingIn[pkg.Path()][fn.Name()]
	}
	if sig.Recv() == nil && strings.HasPrefix(fn.Name(), "New") || sig.Recv() != nil && sig.Params().Len() == 0 && pureAccessors[fn.Name()] {
		return false // a constructor, or an accessor of what a value holds
	}
	if !purePackages[pkg.Path()] {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if mentionsIO(sig.Params().At(i).Type()) {
			return true
		}
	}
	return sig.Recv() != nil && mentionsIO(sig.Recv().Type()) || receiverDoesIO(sig)
}

// mentionsIO reports whether t is one of package io's interfaces (or a pointer to a type that
// holds one, as json.Decoder does: its methods read).
func mentionsIO(t gotypes.Type) bool {
	n, ok := gotypes.Unalias(t).(*gotypes.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "io"
}

// receiverDoesIO reports a method of an encoder or a decoder, which read or write a stream.
func receiverDoesIO(sig *gotypes.Signature) bool {
	if sig.Recv() == nil {
		return false
	}
	name := gotypes.TypeString(sig.Recv().Type(), nil)
	return strings.HasSuffix(name, "Encoder") || strings.HasSuffix(name, "Decoder") || strings.HasSuffix(name, "Reader") || strings.HasSuffix(name, "Writer")
}

// noteGoBlocking marks a Go call that may block and warns (W0709) when it is made in async code
// without an await.
func (c *checker) noteGoBlocking(e *ast.Call, gc *GoCall, shown string) {
	gc.Blocks = goCallBlocks(gc.Func, gc.Sig)
	gc.Awaited = c.awaitedCall == e
	if !gc.Blocks || gc.Awaited || c.fn == nil || !c.fn.Async || c.probing {
		return
	}
	c.diags.Warnf(e.Pos(), e.EndPos(), diag.GoCallBlocks, "this Go call may block a worker: `%s` is not in the packages listed as pure", shown).
		WithHelp("write `await` before it to run it off the workers, on the blocking pool")
}
