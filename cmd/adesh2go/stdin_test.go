package main

import (
	"debug/elf"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"adesh2go"
)

// `--version` says what `version` says.
func TestVersionFlag(t *testing.T) {
	out, _, code := cli(t, "--version")
	want, _, _ := cli(t, "version")
	if code != 0 || out != want || out != "adesh2go "+adesh2go.Version+"\n" {
		t.Errorf("--version: status %d, %q; version: %q", code, out, want)
	}
}

// `check -` and `run -` read the program from the standard input; diagnostics name it <stdin>.
func TestStandardInputPrograms(t *testing.T) {
	_, errs, code := cliWithInput(t, "let x = 1;\nprint(y);\n", "check", "-")
	if code != 1 || !strings.Contains(errs, "<stdin>:2:7") {
		t.Errorf("check - of a program with an error: status %d, stderr:\n%s", code, errs)
	}
	out, errs, code := cliWithInput(t, "let x = 1;\nprint(x + 1);\n", "check", "--format", "json", "-")
	if code != 0 || out != "" || errs != "" {
		t.Errorf("check - of a good program: status %d, %q %q", code, out, errs)
	}
	out, errs, code = cliWithInput(t, "async fn main() { await sleep(1); print(\"from stdin\"); }\n", "run", "-")
	if code != 0 || out != "from stdin\n" {
		t.Errorf("run -: status %d, stdout %q, stderr:\n%s", code, out, errs)
	}
	if _, errs, code := cliWithInput(t, "print(1);\n", "build", "-"); code != 2 || !strings.Contains(errs, "-o OUT") {
		t.Errorf("build - without -o: status %d, stderr %q", code, errs)
	}
}

// `build --debug` keeps what a debugger needs and `run --debug` runs that build; a build
// without it has no DWARF.
func TestDebugBuilds(t *testing.T) {
	dir := t.TempDir()
	prog := writeFile(t, dir, "prog.adesh", "async fn main() { let n = 2; await sleep(1); print(n * 21); }\n")
	out, errs, code := cli(t, "run", "--debug", prog)
	if code != 0 || out != "42\n" {
		t.Fatalf("run --debug: status %d, stdout %q, stderr:\n%s", code, out, errs)
	}
	if runtime.GOOS != "linux" {
		return // the executables are ELF files only there
	}
	for _, debug := range []bool{true, false} {
		exe := filepath.Join(dir, "release")
		args := []string{"build", "-o", exe, prog}
		if debug {
			exe = filepath.Join(dir, "debug")
			args = []string{"build", "--debug", "-o", exe, prog}
		}
		if _, errs, code := cli(t, args...); code != 0 {
			t.Fatalf("%v: status %d:\n%s", args, code, errs)
		}
		f, err := elf.Open(exe)
		if err != nil {
			t.Fatal(err)
		}
		hasDWARF := f.Section(".debug_info") != nil
		f.Close()
		if hasDWARF != debug {
			t.Errorf("%v: DWARF %v", args, hasDWARF)
		}
	}
}
