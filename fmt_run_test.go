package adesh2go_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/frontend/format"
)

// formatted returns the canonical layout of a program's entry file.
func formatted(t *testing.T, entry string) []byte {
	t.Helper()
	src, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	out, err := format.Source(entry, src)
	if err != nil {
		t.Fatalf("fmt %s: %v", entry, err)
	}
	return out
}

// TestFormattedProgramsRun checks that `adesh2go fmt` keeps what programs do: a sample of the
// run tests and every example, formatted, are built and run, and must print their .out files.
func TestFormattedProgramsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	var sample []program
	for i, p := range runPrograms(t) {
		if i%8 == 0 && filepath.Base(p.entry) != "main.adesh" {
			sample = append(sample, p)
		}
	}
	sample = append(sample, examplePrograms(t)...)
	srcs := map[string][]byte{}
	for i := range sample {
		p := &sample[i]
		prog := frontend.LoadSource(p.entry, formatted(t, p.entry))
		if prog.Diags.HasErrors() {
			var b bytes.Buffer
			prog.Diags.WriteText(&b)
			t.Fatalf("%s, formatted, does not compile:\n%s", p.entry, b.String())
		}
		src, err := adesh2go.GoSource(prog)
		if err != nil {
			t.Fatalf("%s: %v", p.entry, err)
		}
		p.name = "fmt/" + p.name
		srcs[p.name] = src
	}
	dir := t.TempDir()
	if err := writeOneBinaryModule(dir, srcs); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "programs")
	goCmd(t, dir, "build", "-o", exe, "./cmd/programs")
	for _, p := range sample {
		runOne(t, exe, p, "1", false)
	}
	t.Logf("%d formatted programs run", len(sample))
}
