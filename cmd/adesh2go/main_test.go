package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"adesh2go"
)

// cli runs the command line in-process and returns stdout, stderr and the exit status.
func cli(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return cliWithInput(t, "", args...)
}

// cliWithInput is cli with a standard input.
func cliWithInput(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	root := newRoot(&stdout, &stderr)
	root.SetIn(strings.NewReader(stdin))
	root.SetArgs(args)
	err := root.Execute()
	code := 0
	var ee *exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.code
		if ee.msg != "" {
			stderr.WriteString("adesh2go: " + ee.msg + "\n")
		}
	default:
		code = 2
		stderr.WriteString("adesh2go: " + err.Error() + "\n")
	}
	return stdout.String(), stderr.String(), code
}

func writeFile(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVersion(t *testing.T) {
	out, _, code := cli(t, "version")
	if code != 0 || !strings.HasPrefix(out, "adesh2go ") {
		t.Fatalf("version: %q, status %d", out, code)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	dir := t.TempDir()
	ok := writeFile(t, dir, "ok.adesh", "print(1);\n")
	for _, args := range [][]string{
		{"run"},
		{"build", ok, ok},
		{"check"},
		{"check", "--format", "xml", ok},
		{"run", filepath.Join(dir, "missing.adesh")},
		{"frobnicate"},
		{"run", "--workers", "x", ok},
	} {
		_, stderr, code := cli(t, args...)
		if code != 2 {
			t.Errorf("%v: exit status %d, want 2; stderr %q", args, code, stderr)
		}
	}
}

func TestCheckReportsAllErrorsWithCaret(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.adesh", "let a: i64 = \"x\";\nlet b: string = 1;\nprint(nope);\n")
	_, stderr, code := cli(t, "check", bad)
	if code != 1 {
		t.Fatalf("exit status %d, want 1", code)
	}
	for _, want := range []string{"bad.adesh:1:14: error[E0705]", "bad.adesh:2:17: error[E0705]", "bad.adesh:3:7: error[E0705]: unknown name `nope`", "      ^^^^"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("missing %q in:\n%s", want, stderr)
		}
	}
}

func TestCheckJSON(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.adesh", "async fn f(): i64 { return 1; }\nfn g(): i64 {\n    return await f();\n}\n")
	out, _, code := cli(t, "check", "--format", "json", bad)
	if code != 1 {
		t.Fatalf("exit status %d, want 1", code)
	}
	var d struct {
		File, Severity, Code, Message, Help string
		Line, Col                           int
		Notes                               []struct {
			Line    int
			Message string
		}
	}
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &d); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if d.Code != "E0700" || d.Line != 3 || d.Col != 12 || d.Severity != "error" || d.Help == "" || len(d.Notes) != 1 || d.Notes[0].Line != 2 {
		t.Errorf("unexpected diagnostic %+v", d)
	}
}

// Malformed inputs get a positioned diagnostic and exit status 1, never a crash.
func TestMalformedInputs(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"unterminated.adesh": "let s = \"abc;\n",
		"template.adesh":     "let s = `a ${b`;\n",
		"brace.adesh":        "}\n",
		"semicolon.adesh":    "let a = 1\nlet b = 2;\n",
		"keyword.adesh":      "let match = 1;\n",
		"utf8.adesh":         "let s = \"\xff\xfe\";\nprint(s\xff);\n",
		"longline.adesh":     "let x = " + strings.Repeat("1 + ", 250000) + "1 +;\n",
	}
	for name, src := range cases {
		p := writeFile(t, dir, name, src)
		_, stderr, code := cli(t, "check", p)
		if code != 1 || !strings.Contains(stderr, name+":") || strings.Contains(stderr, "goroutine ") {
			t.Errorf("%s: status %d, stderr %.300q", name, code, stderr)
		}
	}
	empty := writeFile(t, dir, "empty.adesh", "")
	if _, stderr, code := cli(t, "check", empty); code != 0 {
		t.Errorf("an empty file is a valid program: status %d, %s", code, stderr)
	}
}

// ir prints an async body with its Await before the state-machine pass, and with --after
// machine the Poll switch whose cases replaced it.
func TestIRBeforeAndAfterMachine(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "p.adesh", "async fn twice(x: i64): i64 { await sleep(1); return x * 2; }\nprint(await twice(21));\n")
	out, stderr, code := cli(t, "ir", p)
	if code != 0 || !strings.Contains(out, "twiceFuture, before the state-machine pass:") || !strings.Contains(out, "- Await") || strings.Contains(out, "Poll") {
		t.Errorf("ir: status %d %s, output:\n%s", code, stderr, out)
	}
	out, stderr, code = cli(t, "ir", "--after", "machine", p)
	if code != 0 || strings.Contains(out, "Await\n") || !strings.Contains(out, `Name: "Poll"`) || !strings.Contains(out, "Comment: \"after the await at p.adesh:1\"") {
		t.Errorf("ir --after machine: status %d %s, output:\n%s", code, stderr, out)
	}
	if _, _, code := cli(t, "ir", "--after", "parse", p); code != 2 {
		t.Errorf("ir --after parse: status %d, want 2", code)
	}
}

func TestParsePrintsTree(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "p.adesh", "fn f(x: i64): i64 { return x + 1; }\n")
	out, _, code := cli(t, "parse", p)
	if code != 0 || !strings.Contains(out, "FuncDecl") || !strings.Contains(out, "Binary") {
		t.Errorf("parse: status %d, output:\n%s", code, out)
	}
}

// TestEmitBuildsOffline checks that `emit` writes a module the go command builds with no
// network and no module cache lookups, and that `build` and `run` work end to end.
func TestEmitBuildRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	t.Setenv("ADESH2GO_CACHE", filepath.Join(dir, "cache"))
	p := writeFile(t, dir, "prog.adesh", "async fn twice(x: i64): i64 { await sleep(1); return x * 2; }\nprint(await twice(21));\nexit(3);\n")
	mod := filepath.Join(dir, "mod")
	if _, stderr, code := cli(t, "emit", "-o", mod, p); code != 0 {
		t.Fatalf("emit: %d %s", code, stderr)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(dir, "prog"), ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of the emitted module: %v\n%s", err, out)
	}
	src, _ := os.ReadFile(filepath.Join(mod, "main.go"))
	if !strings.HasPrefix(string(src), "// Code generated by adesh2go. DO NOT EDIT.") {
		t.Errorf("main.go does not start with the generated-code header")
	}
	if !strings.Contains(string(src), "\n//line "+p+":1\n") {
		t.Errorf("main.go has no //line directive to %s:1:\n%s", p, src)
	}
	// --no-line: the same program without the directives.
	if _, stderr, code := cli(t, "emit", "--no-line", "-o", mod, p); code != 0 {
		t.Fatalf("emit --no-line: %d %s", code, stderr)
	}
	if src, _ := os.ReadFile(filepath.Join(mod, "main.go")); strings.Contains(string(src), "//line") || !strings.Contains(string(src), "func twice(") {
		t.Errorf("emit --no-line wrote:\n%s", src)
	}
	exe := filepath.Join(dir, "built")
	if _, stderr, code := cli(t, "build", "-o", exe, p); code != 0 {
		t.Fatalf("build: %d %s", code, stderr)
	}
	out, err := exec.Command(exe).Output()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 || string(out) != "42\n" {
		t.Errorf("built program: output %q, err %v", out, err)
	}
	_ = adesh2go.Version
}

// TestOutputsNeverReplaceTheUsersFiles: emit writes over an earlier emit only, and build does
// not overwrite its source; both leave what was there untouched.
func TestOutputsNeverReplaceTheUsersFiles(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("ADESH2GO_CACHE", filepath.Join(dir, "cache"))
	proj := filepath.Join(dir, "proj")
	if err := os.Mkdir(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	p := writeFile(t, proj, "app.adesh", "print(1);\n")
	for _, out := range []string{proj, p} {
		if _, stderr, code := cli(t, "emit", "-o", out, p); code == 0 || !strings.Contains(stderr, "choose another output directory") {
			t.Errorf("emit -o %s: status %d, stderr %q", out, code, stderr)
		}
	}
	if b, err := os.ReadFile(p); err != nil || string(b) != "print(1);\n" {
		t.Fatalf("the source was touched: %q %v", b, err)
	}
	mod := filepath.Join(dir, "mod")
	for range 2 { // an earlier output is written again
		if _, stderr, code := cli(t, "emit", "-o", mod, p); code != 0 {
			t.Fatalf("emit: %d %s", code, stderr)
		}
	}
	noSuffix := writeFile(t, dir, "hello", "print(2);\n")
	t.Chdir(dir)
	if _, stderr, code := cli(t, "build", noSuffix); code != 2 || !strings.Contains(stderr, "would overwrite") {
		t.Errorf("build of a file without .adesh: status %d, stderr %q", code, stderr)
	}
	if b, _ := os.ReadFile(noSuffix); string(b) != "print(2);\n" {
		t.Errorf("build overwrote its source: %q", b)
	}
}

// TestFileArguments: a directory or a missing file is a usage error that says which, and a
// file that starts with a UTF-8 byte order mark compiles.
func TestFileArguments(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range []string{"check", "parse", "run", "build", "emit"} {
		if _, stderr, code := cli(t, cmd, dir); code != 2 || !strings.Contains(stderr, "it is a directory") {
			t.Errorf("%s DIR: status %d, stderr %q", cmd, code, stderr)
		}
	}
	bom := writeFile(t, dir, "bom.adesh", "\xef\xbb\xbfprint(1);\n")
	if _, stderr, code := cli(t, "check", bom); code != 0 {
		t.Errorf("check of a file with a byte order mark: status %d, stderr %q", code, stderr)
	}
}

// TestExplainTypesJSON: with --format json the dynamic places come as JSON objects too, and the
// stream holds nothing but JSON.
func TestExplainTypesJSON(t *testing.T) {
	p := writeFile(t, t.TempDir(), "dyn.adesh", "fn show(x) { print(x); }\nshow(1);\nshow(\"s\");\n")
	out, _, code := cli(t, "check", "--format", "json", "--explain-types", p)
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil || obj["code"] != "dynamic" || obj["line"] != 1.0 {
			t.Errorf("not a JSON place of a dynamic value: %q (%v)", line, err)
		}
	}
}

// A --workers past the runtime's limit is the flag's usage error, not a bad ADESH_WORKERS.
func TestRunWorkersPastTheLimitNamesTheFlag(t *testing.T) {
	ok := writeFile(t, t.TempDir(), "ok.adesh", "print(1);\n")
	_, stderr, code := cli(t, "run", "--workers", "70000", ok)
	if code != 2 || !strings.Contains(stderr, "--workers must be from 1 to 65534") || strings.Contains(stderr, "ADESH_WORKERS must") {
		t.Errorf("exit status %d, stderr %q; want 2 and the --workers message", code, stderr)
	}
}
