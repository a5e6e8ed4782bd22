package adesh2go_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/frontend"
	"adesh2go/gobuild"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// specDir holds the language's own examples; it exists beside the repository in CI, not in a
// user's clone.
const specDir = "../shared/examples/spec"

// program is one AdeshLang program of a run test.
type program struct {
	name   string // unique: "run/NAME" or "spec/NAME"
	entry  string // the entry .adesh file
	out    string // expected stdout file
	stderr string // expected stderr file (then the exit status must be 1), or ""
	stdin  string // the file given as standard input (NAME.in), or ""
	golden string // the golden of its Go source, or "" (spec examples have none)
}

// runPrograms lists testdata/run: NAME.adesh, or NAME/main.adesh for a program of several files.
func runPrograms(t *testing.T) []program {
	var ps []program
	entries, err := os.ReadDir("testdata/run")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".adesh")
		entry := filepath.Join("testdata/run", e.Name())
		switch {
		case e.IsDir():
			entry = filepath.Join(entry, "main.adesh")
			name = e.Name()
		case !strings.HasSuffix(e.Name(), ".adesh"):
			continue
		}
		p := program{name: "run/" + name, entry: entry, out: filepath.Join("testdata/run", name+".out"),
			golden: filepath.Join("golden/run", name+".go")}
		if _, err := os.Stat(filepath.Join("testdata/run", name+".stderr")); err == nil {
			p.stderr = filepath.Join("testdata/run", name+".stderr")
		}
		if _, err := os.Stat(filepath.Join("testdata/run", name+".in")); err == nil {
			p.stdin = filepath.Join("testdata/run", name+".in")
		}
		ps = append(ps, p)
	}
	return ps
}

// examplePrograms lists examples/NAME.adesh with their NAME.out.
func examplePrograms(t *testing.T) []program {
	files, _ := filepath.Glob("examples/*.adesh")
	var ps []program
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".adesh")
		ps = append(ps, program{name: "examples/" + name, entry: f, out: strings.TrimSuffix(f, ".adesh") + ".out"})
	}
	return ps
}

// allPrograms are the run tests', the spec examples' (where they exist) and the examples'.
func allPrograms(t *testing.T) []program {
	return append(append(runPrograms(t), specPrograms(t)...), examplePrograms(t)...)
}

func specPrograms(t *testing.T) []program {
	files, _ := filepath.Glob(filepath.Join(specDir, "*.adesh"))
	if len(files) == 0 {
		t.Logf("skipping the spec examples: %s does not exist here", specDir)
		return nil
	}
	var ps []program
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".adesh")
		ps = append(ps, program{name: "spec/" + name, entry: f, out: strings.TrimSuffix(f, ".adesh") + ".out"})
	}
	return ps
}

// compileProgram turns a program into Go source, failing the test on any diagnostic error.
func compileProgram(t *testing.T, p program) []byte {
	t.Helper()
	prog := frontend.Load(p.entry)
	if prog.Diags.HasErrors() {
		var b bytes.Buffer
		prog.Diags.WriteText(&b)
		t.Fatalf("%s does not compile:\n%s", p.entry, b.String())
	}
	src, err := adesh2go.GoSource(prog)
	if err != nil {
		t.Fatalf("%s: %v", p.entry, err)
	}
	return src
}

// checkGolden compares got with a golden file, or rewrites it with -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden %s (run `go test ./... -update` and read the diff)", path)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from its golden; run `go test ./... -update` and read the diff\n%s", path, firstDiff(string(want), string(got)))
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, wl, gl)
		}
	}
	return ""
}

// TestRun compiles every program of testdata/run (and the spec examples, where they exist),
// compares the Go it emits with its golden, builds them all in one module, vets them, and runs
// each with 1 and with 4 workers: stdout must equal the .out file both times. The one binary is
// built with the race detector, so that a race the checker lets through is found here rather
// than by a user; a build without it would compile the same Go a second time (the longest part
// of the test) and find nothing more.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	progs := allPrograms(t)
	dir := t.TempDir()
	srcs := map[string][]byte{}
	for _, p := range progs {
		src := compileProgram(t, p)
		srcs[p.name] = src
		if p.golden != "" {
			checkGolden(t, p.golden, src)
		}
	}
	if err := writeOneBinaryModule(dir, srcs); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "programs")
	goCmd(t, dir, "build", "-race", "-trimpath", "-o", exe, "./cmd/programs")
	goCmd(t, dir, "vet", "./progs/...")
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for _, p := range progs {
		for _, workers := range []string{"1", "4"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				runOne(t, exe, p, workers, true)
			}()
		}
	}
	wg.Wait()
}

// raceExitCode is the status a race-detector build exits with when it reported a race.
const raceExitCode = 66

// programEnv selects which program the test binary runs.
const programEnv = "ADESH_TEST_PROGRAM"

// writeOneBinaryModule lays out a module in which every program is a package of its own (its
// `main` renamed `Main`) and one command runs the program programEnv names: linking one binary
// instead of one per program is most of the time a run test takes.
func writeOneBinaryModule(dir string, srcs map[string][]byte) error {
	files := map[string][]emitgo.File{}
	for name, src := range srcs {
		files[name] = []emitgo.File{{Name: "main.go", Src: src}}
	}
	return writeOneBinaryModuleFiles(dir, files)
}

// writeOneBinaryModuleFiles is writeOneBinaryModule for programs of several packages, each
// split with PartsPath progsPath(name).
func writeOneBinaryModuleFiles(dir string, srcs map[string][]emitgo.File) error {
	if err := writeTestModule(dir, nil); err != nil {
		return err
	}
	if err := requireTestdataModules(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(srcs))
	for n := range srcs {
		names = append(names, n)
	}
	sort.Strings(names)
	var imports, table strings.Builder
	for i, name := range names {
		pkg := "p" + strconv.Itoa(i)
		for _, f := range srcs[name] {
			src := string(f.Src)
			if f.Name == "main.go" {
				if !strings.Contains(src, "\npackage main\n") || !strings.Contains(src, "\nfunc main() {") {
					return fmt.Errorf("the Go of %s has no package main and func main", name)
				}
				src = strings.Replace(src, "\npackage main\n", "\npackage "+pkg+"\n", 1)
				src = strings.Replace(src, "\nfunc main() {", "\nfunc Main() {", 1)
			}
			p := filepath.Join(dir, "progs", exeName(name), filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(&imports, "\t%s %q\n", pkg, progsPath(name))
		fmt.Fprintf(&table, "\t%q: %s.Main,\n", name, pkg)
	}
	main := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\n" + imports.String() + ")\n\n" +
		"var programs = map[string]func(){\n" + table.String() + "}\n\n" +
		"func main() {\n\tp, ok := programs[os.Getenv(\"" + programEnv + "\")]\n\tif !ok {\n\t\tfmt.Fprintln(os.Stderr, \"unknown program\")\n\t\tos.Exit(2)\n\t}\n\tp()\n}\n"
	p := filepath.Join(dir, "cmd", "programs", "main.go")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(main), 0o644)
}

// requireTestdataModules adds to the module in dir what the run tests that live in a Go module
// of their own (testdata/run/NAME/go.mod, GOINTEROP.md §6) require, and their replaces, the
// replaced folders made absolute: their programs import third-party packages.
func requireTestdataModules(dir string) error {
	mods, err := filepath.Glob("testdata/run/*/go.mod")
	if err != nil || len(mods) == 0 {
		return err
	}
	type version struct{ Path, Version string }
	args := []string{"mod", "edit"}
	for _, m := range mods {
		b, err := gobuild.GoCommand(".", "mod", "edit", "-json", m).Output()
		if err != nil {
			return fmt.Errorf("go mod edit -json %s: %v", m, err)
		}
		var f struct {
			Require []version
			Replace []struct{ Old, New version }
		}
		if err := json.Unmarshal(b, &f); err != nil {
			return err
		}
		for _, r := range f.Require {
			args = append(args, "-require="+r.Path+"@"+r.Version)
		}
		for _, r := range f.Replace {
			to := r.New.Path
			switch {
			case r.New.Version != "":
				to += "@" + r.New.Version
			case !filepath.IsAbs(to):
				if to, err = filepath.Abs(filepath.Join(filepath.Dir(m), to)); err != nil {
					return err
				}
			}
			args = append(args, "-replace="+r.Old.Path+"="+to)
		}
	}
	if out, err := gobuild.GoCommand(dir, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

func exeName(name string) string { return strings.ReplaceAll(name, "/", "_") }

// progsPath is the import path of a program's package in the module of writeOneBinaryModule.
func progsPath(name string) string { return adesh2go.ModulePath + "/progs/" + exeName(name) }

// writeTestModule lays out one module holding every program as its own main package.
func writeTestModule(dir string, srcs map[string][]byte) error {
	if err := gobuild.WriteModule(dir, nil, "."); err != nil {
		return err
	}
	for name, src := range srcs {
		p := filepath.Join(dir, "progs", exeName(name), "main.go")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := gobuild.GoCommand(dir, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// runOne runs a built program and compares what it prints; a race build must also report no
// data race.
func runOne(t *testing.T, exe string, p program, workers string, race bool) {
	want, err := os.ReadFile(p.out)
	if err != nil {
		t.Errorf("%s: missing expected output %s", p.name, p.out)
		return
	}
	cmd := exec.Command(exe)
	cmd.Dir = filepath.Dir(p.entry)
	// Each run has its own TMPDIR: the same program runs at once at 1 and 4 workers, and a
	// program's files must not meet another run's.
	cmd.Env = append(os.Environ(), "ADESH_WORKERS="+workers, programEnv+"="+p.name, "TMPDIR="+t.TempDir())
	if race {
		// atexit_sleep_ms=0: the race runtime otherwise sleeps a second before every exit (for
		// goroutines still running to be checked), which was most of this test's time.
		cmd.Env = append(cmd.Env, "GORACE=exitcode="+strconv.Itoa(raceExitCode)+" atexit_sleep_ms=0")
		workers += " (race detector)"
	}
	if p.stdin != "" {
		in, err := os.Open(p.stdin)
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			return
		}
		defer in.Close()
		cmd.Stdin = in
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Errorf("%s: %v", p.name, err)
		return
	}
	if race && (code == raceExitCode || bytes.Contains(stderr.Bytes(), []byte("WARNING: DATA RACE"))) {
		t.Errorf("%s with %s workers has a data race:\n%s", p.name, workers, stderr.String())
		return
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("%s with %s workers printed:\n%s\nwant:\n%s\nstderr:\n%s", p.name, workers, stdout.String(), want, stderr.String())
	}
	wantCode := 0
	if p.stderr != "" {
		wantCode = 1
		wantErr, _ := os.ReadFile(p.stderr)
		if !bytes.Equal(stderr.Bytes(), wantErr) {
			t.Errorf("%s with %s workers wrote to stderr:\n%s\nwant:\n%s", p.name, workers, stderr.String(), wantErr)
		}
	}
	if code != wantCode {
		t.Errorf("%s with %s workers exited with %d, want %d; stderr:\n%s", p.name, workers, code, wantCode, stderr.String())
	}
}

// TestSpecFail checks that every program of the spec's fail/ folder is refused with the code and
// on the lines its .err file gives, and that nothing is emitted for it.
func TestSpecFail(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(specDir, "fail", "*.adesh"))
	if len(files) == 0 {
		t.Skipf("skipping: %s/fail does not exist here", specDir)
	}
	sort.Strings(files)
	for _, f := range files {
		spec, err := os.ReadFile(strings.TrimSuffix(f, ".adesh") + ".err")
		if err != nil {
			t.Fatal(err)
		}
		var code string
		var lo, hi int
		fields := strings.Fields(string(spec))
		if len(fields) != 2 {
			t.Fatalf("%s: cannot read %q", f, spec)
		}
		code = fields[0]
		if _, err := fmt.Sscanf(fields[1], "%d-%d", &lo, &hi); err != nil {
			fmt.Sscanf(fields[1], "%d", &lo)
			hi = lo
		}
		prog := frontend.Load(f)
		found := false
		for _, d := range prog.Diags.Items {
			line := prog.Fset.Position(d.Pos).Line
			if d.Code == code && line >= lo && line <= hi {
				found = true
			}
		}
		if !found || !prog.Diags.HasErrors() {
			var b bytes.Buffer
			prog.Diags.WriteText(&b)
			t.Errorf("%s: want %s on line %d-%d, got:\n%s", f, code, lo, hi, b.String())
		}
		if _, err := adesh2go.GoSource(prog); err == nil {
			t.Errorf("%s: Go source was emitted for a refused program", f)
		}
	}
}

// TestFail checks the diagnostics of every program of testdata/fail against golden/fail.
func TestFail(t *testing.T) {
	files, _ := filepath.Glob("testdata/fail/*.adesh")
	for _, f := range files {
		prog := frontend.Load(f)
		var b bytes.Buffer
		prog.Diags.WriteText(&b)
		if !prog.Diags.HasErrors() {
			t.Errorf("%s: was not refused:\n%s", f, b.String())
		}
		checkGolden(t, filepath.Join("golden/fail", strings.TrimSuffix(filepath.Base(f), ".adesh")+".err"), b.Bytes())
	}
}
