package syntax

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/source"
)

// FuzzParse feeds arbitrary bytes to the parser: it must never panic (ParseFile turns a panic
// into an "internal error" diagnostic, which fails here), every diagnostic must point into the
// file, and the tree must be printable with positions inside the file.
// Seeds: testdata/fuzz/*.adesh and testdata/parse/*.adesh at the repository root.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{"../../testdata/fuzz", "../../testdata/parse"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.adesh"))
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, src []byte) {
		// A parse that does not finish is a failure too: the fuzzer then keeps the input.
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("the parser did not finish within 10s on %q", src))
			}
		}()
		defer close(done)
		file, fset, diags := parseSource("fuzz.adesh", src)
		base := fset.Files[0].Base
		for _, d := range diags.Items {
			if strings.Contains(d.Message, "internal error") {
				t.Fatalf("parser crashed: %s", d.Message)
			}
			if d.Pos < base || int(d.Pos-base) > len(src) {
				t.Fatalf("diagnostic %q at %d is outside the file (base %d, %d bytes)", d.Message, d.Pos, base, len(src))
			}
			if d.Message == "" {
				t.Fatalf("empty diagnostic message")
			}
		}
		checkPositions(t, file, fset, len(src))
		if err := ast.Fprint(io.Discard, fset, file); err != nil {
			t.Fatal(err)
		}
		diags.WriteText(&bytes.Buffer{})
	})
}

// checkPositions verifies that every node lies inside the file and starts before it ends.
func checkPositions(t *testing.T, file *ast.File, fset *source.FileSet, size int) {
	t.Helper()
	base := fset.Files[0].Base
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		start, end := n.Pos(), n.EndPos()
		if start < base || int(end-base) > size || end < start {
			t.Fatalf("%T has span %d..%d outside the file (base %d, %d bytes)", n, start, end, base, size)
		}
		return true
	})
}
