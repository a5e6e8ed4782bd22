package gobuild

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"adesh2go"
)

// TestThirdPartyModuleBuilds builds a program that imports third-party packages (a module
// that imports another, both local folders the program's go.mod replaces them with) through
// the build `run` uses, runs it at 1 and 4 workers, and builds it again after an edit of the
// module's source: the edit reaches the executable although the program did not change. The
// module `emit` writes for it builds with the go command.
func TestThirdPartyModuleBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	dir := filepath.Join(t.TempDir(), "prog")
	if err := os.CopyFS(dir, os.DirFS("../testdata/run/go_08_third_party_module")); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../testdata/run/go_08_third_party_module.out")
	if err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join(dir, "main.adesh")
	text, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	build := func() string {
		exe, err := CachedBinaryWith(goFilesOf(t, entry, string(text), adesh2go.EmitOptions{}), BuildSettings{ProgramDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		return exe
	}
	exe := build()
	for _, workers := range []string{"1", "4"} {
		if got := runExe(t, exe, workers); got != string(want) {
			t.Errorf("at %s workers it printed:\n%s\nwant:\n%s", workers, got, want)
		}
	}
	// emit's module requires the modules and replaces them as the program's go.mod does.
	mod := filepath.Join(t.TempDir(), "emitted")
	if err := WriteModule(mod, goFilesOf(t, entry, string(text), adesh2go.EmitOptions{}), dir); err != nil {
		t.Fatal(err)
	}
	if out, err := GoCommand(mod, "build", "-o", "prog", ".").CombinedOutput(); err != nil {
		t.Fatalf("go build of the emitted module: %v\n%s", err, out)
	}
	if got := runExe(t, filepath.Join(mod, "prog"), "2"); got != string(want) {
		t.Errorf("the emitted module's build printed:\n%s\nwant:\n%s", got, want)
	}
	lib := filepath.Join(dir, "shapes", "shapes.go")
	b, err := os.ReadFile(lib)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(b), `strings.Join(names, "+")`, `strings.Join(names, "-")`, 1)
	if err := os.WriteFile(lib, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := runExe(t, build(), "1"); !strings.Contains(got, "\nA-B-C\n") {
		t.Errorf("after the module's edit it printed:\n%s", got)
	}
}

func runExe(t *testing.T, exe, workers string) string {
	t.Helper()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "ADESH_WORKERS="+workers)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, out)
	}
	return string(out)
}
