package gobuild

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/frontend"
)

// goSourceOf compiles an AdeshLang program given as text.
func goSourceOf(t *testing.T, name, text string) []emitgo.File {
	t.Helper()
	return goFilesOf(t, filepath.Join(t.TempDir(), name), text, adesh2go.EmitOptions{})
}

// goFilesOf writes text to entry and compiles it with the options o.
func goFilesOf(t *testing.T, entry, text string, o adesh2go.EmitOptions) []emitgo.File {
	t.Helper()
	if err := os.WriteFile(entry, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := frontend.Load(entry)
	if prog.Diags.HasErrors() {
		var b bytes.Buffer
		prog.Diags.WriteText(&b)
		t.Fatalf("does not compile:\n%s", b.String())
	}
	src, err := adesh2go.GoFiles(prog, o)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// Runs of one program and of different programs at once, on a cache that is empty at first
// (so they also write the toolchain listing and the packages of a split program at once),
// each get a working executable, and no build directory is left behind.
func TestConcurrentBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	cache := t.TempDir()
	t.Setenv("ADESH2GO_CACHE", cache)
	progs := map[string][]emitgo.File{
		"one\n": goSourceOf(t, "one.adesh", "print(\"one\");\n"),
		"two\n": goSourceOf(t, "two.adesh", "async fn two(): string { await sleep(1); return \"two\"; }\nprint(await two());\n"),
		// Split into packages, which builds at once share through the cache (compileCached).
		"436 57\n": goFilesOf(t, filepath.Join(t.TempDir(), "split.adesh"), chainProgram(30, 5, "f4(x) + 5"), adesh2go.EmitOptions{PerPart: 8}),
	}
	var wg sync.WaitGroup
	for want, src := range progs {
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				exe, err := CachedBinary(src)
				if err != nil {
					t.Error(err)
					return
				}
				out, err := exec.Command(exe).Output()
				if err != nil || string(out) != want {
					t.Errorf("printed %q (%v), want %q", out, err, want)
				}
			}()
		}
	}
	wg.Wait()
	entries, _ := os.ReadDir(cache)
	listings := 0
	for _, e := range entries {
		if isToolchainListing(e.Name()) {
			listings++
		}
		if strings.HasPrefix(e.Name(), "build-") {
			t.Errorf("a build folder left behind: %s", e.Name())
		}
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("a temporary file left behind: %s", e.Name())
		}
	}
	if listings != 1 {
		t.Errorf("%d toolchain listings, want 1", listings)
	}
}

// A listing serves a build when it was asked for each of the build's imports (unsafe has no
// compiled package) and each compiled package is still in Go's cache.
func TestToolchainComplete(t *testing.T) {
	file := filepath.Join(t.TempDir(), "rt.a")
	if err := os.WriteFile(file, []byte("!<arch>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tc := &toolchain{ToolDir: "/go/pkg/tool", Packages: map[string]string{adesh2go.ModulePath + "/rt": file},
		Imports: []string{adesh2go.ModulePath + "/rt", "unsafe"}}
	if !tc.complete([]string{adesh2go.ModulePath + "/rt", "unsafe"}) {
		t.Error("a complete listing is judged incomplete")
	}
	if tc.complete([]string{"strings"}) {
		t.Error("a listing without an import is judged complete")
	}
	os.Remove(file)
	if tc.complete(nil) {
		t.Error("a listing whose compiled package is gone is judged complete")
	}
}
