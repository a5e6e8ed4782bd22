package adesh2go_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"adesh2go/frontend"
	"adesh2go/gobuild"
)

// buildTolerant builds the programs of srcs (name → the Go of a main package) into one
// executable in dir, as TestRun does (writeOneBinaryModule), for the generated-program tests: a
// program whose Go does not compile does not hide the others. It is left out, and broken maps
// its name to what the go command said about it.
func buildTolerant(t *testing.T, dir string, srcs map[string][]byte) (exe string, broken map[string]string) {
	t.Helper()
	broken = map[string]string{}
	left := map[string][]byte{}
	byPkg := map[string]string{}
	for name, src := range srcs {
		left[name] = src
		byPkg[progsPath(name)] = name
	}
	exe = filepath.Join(dir, "programs")
	for len(left) > 0 {
		for _, sub := range []string{"progs", "cmd"} {
			if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
				t.Fatal(err)
			}
		}
		if err := writeOneBinaryModule(dir, left); err != nil {
			t.Fatal(err)
		}
		out, err := gobuild.GoCommand(dir, "build", "-trimpath", "-o", exe, "./cmd/programs").CombinedOutput()
		if err == nil {
			return exe, broken
		}
		found := 0
		for pkg, msg := range goErrorsByPackage(string(out)) {
			if name, ok := byPkg[pkg]; ok && left[name] != nil {
				broken[name] = msg
				delete(left, name)
				found++
			}
		}
		if found == 0 {
			t.Fatalf("go build failed, and not in a program's package: %v\n%s", err, out)
		}
	}
	return "", broken
}

// goErrorsByPackage splits the go command's output into the errors of each package, which it
// heads with "# PACKAGE".
func goErrorsByPackage(out string) map[string]string {
	errs := map[string]string{}
	pkg := ""
	for _, line := range strings.Split(out, "\n") {
		if p, ok := strings.CutPrefix(line, "# "); ok {
			pkg = p
			continue
		}
		if pkg != "" && line != "" {
			errs[pkg] += line + "\n"
		}
	}
	return errs
}

// programRun is what one run of a program of the shared executable gave.
type programRun struct {
	stdout, stderr string
	code           int
	timedOut       bool
}

// runProgram runs the program name of the executable exe with the given workers, in a
// directory of its own, with nothing on standard input and a Go panic left as a crash
// (ADESH_TRACEBACK=1): it is not turned into the task's failure.
func runProgram(t *testing.T, exe, name, workers string, limit time.Duration) programRun {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	dir := t.TempDir()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ADESH_WORKERS="+workers, programEnv+"="+name, "TMPDIR="+dir, "ADESH_TRACEBACK=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := programRun{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Errorf("%s: %v", name, err)
	}
	r.timedOut = ctx.Err() != nil
	return r
}

// adeshError is how a run-time error of AdeshLang begins: "error: …", or "FILE:L:C: error: …"
// for those reported where they happen (a watchdog).
var adeshError = regexp.MustCompile(`(?m)^(\S+:\d+:\d+: )?error: `)

// goLevelFailure says why a run is not a program's own outcome but a failure of the compiler or
// the runtime: a Go panic, a crash, a run that does not end, or an exit status a program does
// not give. An AdeshLang run-time error ("error: …", status 1) is the program's own; "" then.
func (r programRun) goLevelFailure() string {
	switch {
	case r.timedOut:
		return "it does not end"
	case strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine "):
		return "a Go panic"
	case strings.Contains(r.stderr, "internal error") || strings.Contains(r.stderr, "panic in task"):
		return "an internal error"
	case r.code == 1 && !adeshError.MatchString(r.stderr):
		return "status 1 without an AdeshLang error"
	case r.code != 0 && r.code != 1:
		return "exit status " + strconv.Itoa(r.code)
	}
	return ""
}

// runAll runs every program of srcs but the broken ones with the given workers, two at a time
// (the machines that run the tests have few cores), and gives each one's run by name.
func runAll(t *testing.T, exe string, srcs map[string][]byte, broken map[string]string, workers string) map[string]programRun {
	t.Helper()
	runs := map[string]programRun{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for name := range srcs {
		if _, ok := broken[name]; ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r := runProgram(t, exe, name, workers, 60*time.Second)
			mu.Lock()
			runs[name] = r
			mu.Unlock()
		}()
	}
	wg.Wait()
	return runs
}

// checkKnown holds a generated test's list of known failures to the truth: a listed program
// that was run and did not fail is reported, so that the list only ever shrinks.
// failures maps the name of every program that failed to its symptom.
func checkKnown(t *testing.T, test string, known, failures map[string]string, ran []string) {
	t.Helper()
	for _, name := range ran {
		if bug, listed := known[name]; listed {
			if _, failed := failures[name]; !failed {
				t.Errorf("%s: %s passes now: take it out of the known failures (it was listed for: %s)", test, name, bug)
			}
		}
	}
}

// typeNamedTwice gives the diagnostics of prog that name one type twice ("expected `Point`,
// found `Point`"), which issue 35 forbids whatever else is wrong with the program.
func typeNamedTwice(prog *frontend.Program) []string {
	var out []string
	for _, d := range prog.Diags.Items {
		m := sameTypeTwice.FindStringSubmatch(d.Message)
		if m != nil && m[1] == m[2] {
			out = append(out, d.Message)
		}
	}
	return out
}

// sameTypeTwice finds the two types of a diagnostic that names two ("expected `A`, found
// `B`", "cannot compare `A` with `B`"); typeNamedTwice then compares them.
var sameTypeTwice = regexp.MustCompile("`([^`]+)`[^`]*(?:found|with|and|to) `([^`]+)`")
