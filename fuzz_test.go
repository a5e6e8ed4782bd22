package adesh2go_test

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/frontend/diag"
)

// fuzzFile is the name every fuzzed program is loaded under.
const fuzzFile = "fuzz.adesh"

// FuzzCompile runs the pipeline as far as it goes without the go command: parse and check, then
// lower and emit when the checker accepts the program. Nothing may panic or hang; a refused
// program carries at least one error, and every diagnostic points into the file; a program the
// checker accepts lowers and emits without error (the checker is the only judge of a program),
// and its Go is gofmt-formatted.
//
// Seeds: every .adesh under testdata/, examples/ and the spec examples, their mutations, the
// programs of fuzzMutations and a few generated programs (genprog_test.go).
func FuzzCompile(f *testing.F) {
	for _, src := range seedPrograms(f) {
		f.Add(src)
		for _, m := range mutate(src) {
			f.Add(m)
		}
	}
	for _, src := range fuzzMutations {
		f.Add([]byte(src))
	}
	// Generated programs pass the checker and reach deep into the lowering: mutations of them
	// test what the hand-written seeds seldom reach.
	for seed := int64(1); seed <= 12; seed++ {
		f.Add([]byte(generateProgram(seed).source()))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		compileChecked(t, src)
	})
}

// seedPrograms reads every AdeshLang file the repository (and the spec beside it) holds.
func seedPrograms(tb testing.TB) [][]byte {
	var srcs [][]byte
	roots := []string{"testdata", "examples", specDir}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) && path == root {
					return filepath.SkipDir // the spec lives beside the repository only in CI
				}
				return err
			}
			if d.IsDir() || !strings.HasSuffix(path, ".adesh") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			srcs = append(srcs, src)
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	if len(srcs) == 0 {
		tb.Fatal("no seed programs found")
	}
	return srcs
}

// compileChecked compiles src and fails t on a crash, a hang, a refusal without a positioned
// error, an accepted program that does not lower or emit, or malformed output.
func compileChecked(t *testing.T, src []byte) {
	t.Helper()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			// A panic in another goroutine ends the process: the fuzzer then keeps the input.
			panic(fmt.Sprintf("the compiler did not finish within 20s on %q", src))
		}
	}()

	prog := frontend.LoadSource(fuzzFile, src)
	checkDiagnostics(t, prog, len(src))
	if prog.Diags.HasErrors() {
		return
	}
	if prog.Info == nil {
		t.Fatal("the checker accepted the program but produced no Info")
	}
	out, err := adesh2go.GoSource(prog)
	if err != nil {
		t.Fatalf("the checker accepted the program, but it does not compile: %v", err)
	}
	formatted, err := format.Source(out)
	if err != nil {
		t.Fatalf("the emitted Go does not parse: %v\n%s", err, out)
	}
	if !bytes.Equal(formatted, out) {
		t.Fatalf("the emitted Go is not gofmt-formatted; %s", firstDiff(string(formatted), string(out)))
	}
}

// checkDiagnostics fails t unless every diagnostic is worded and points into the file, and a
// program that is refused has at least one error.
func checkDiagnostics(t *testing.T, prog *frontend.Program, size int) {
	t.Helper()
	file := prog.Fset.Files[0]
	errors := 0
	for _, d := range prog.Diags.Items {
		if d.Message == "" {
			t.Fatalf("a diagnostic without a message at %d", d.Pos)
		}
		if strings.Contains(d.Message, "internal error") || strings.Contains(d.Message, "%!") {
			t.Fatalf("a diagnostic not worded for a user: %s", d.Message)
		}
		if !file.Contains(d.Pos) {
			t.Fatalf("diagnostic %q at %d lies outside the file (base %d, %d bytes)", d.Message, d.Pos, file.Base, size)
		}
		if d.End.IsValid() && (d.End < d.Pos || !file.Contains(d.End)) {
			t.Fatalf("diagnostic %q ends at %d, before its start %d or outside the file", d.Message, d.End, d.Pos)
		}
		for _, n := range d.Notes {
			if n.Pos.IsValid() && !file.Contains(n.Pos) {
				t.Fatalf("a note %q of %q lies outside the file", n.Message, d.Message)
			}
		}
		if d.Severity == diag.Error {
			errors++
		}
	}
	if prog.Diags.HasErrors() && errors == 0 {
		t.Fatal("the program is refused, but no error is reported")
	}
	prog.Diags.WriteText(io.Discard)
	if err := prog.Diags.WriteJSON(io.Discard); err != nil {
		t.Fatal(err)
	}
}
