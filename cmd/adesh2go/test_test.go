package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTestCommand runs `adesh2go test` on the programs of testdata/tests and checks what it
// prints and its exit status: one line per test in declaration order, the failing assertion's
// values and position, thrown errors, async tests, groups, --run, tests that only pass when
// they run at once, and a run of the same file, which ignores the tests.
func TestTestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	t.Setenv("ADESH2GO_CACHE", filepath.Join(t.TempDir(), "cache"))
	t.Chdir("../..") // positions read testdata/tests/…, as a user in the repository sees them
	const basics = "testdata/tests/basics.adesh"
	cases := []struct {
		name   string
		args   []string
		stdout string
		stderr string
		code   int
	}{
		{
			name: "basics",
			args: []string{"test", basics},
			stdout: `top-level runs first
ok   passes
FAIL shows_both_values (testdata/tests/basics.adesh:20)
    Test failed: Assertion failed: left != right
      left: 22
     right: 21
FAIL throws (testdata/tests/basics.adesh:24)
    the parser gave up
ok   awaits
ok   Strings.upper
ok   Strings.slow_concat
FAIL Strings.fails_assert (testdata/tests/basics.adesh:44)
    Test failed: answer is 42
4 passed, 3 failed
`,
			code: 1,
		},
		{
			name: "run selects by name",
			args: []string{"test", "--run", "^pass|^Strings\\.(upper|slow)", basics},
			stdout: `top-level runs first
ok   passes
ok   Strings.upper
ok   Strings.slow_concat
3 passed, 0 failed
`,
		},
		{
			name:   "run selects a failing test",
			args:   []string{"test", "--workers", "1", "--run", "throws", basics},
			stdout: "top-level runs first\nFAIL throws (testdata/tests/basics.adesh:24)\n    the parser gave up\n0 passed, 1 failed\n",
			code:   1,
		},
		{
			name:   "run selects none",
			args:   []string{"test", "--run", "nothing", basics},
			stdout: "no tests in testdata/tests/basics.adesh match --run nothing\n",
		},
		{
			name:   "a normal run ignores the tests",
			args:   []string{"run", basics},
			stdout: "top-level runs first\nmain runs in a run, not in a test run\n",
		},
		{
			name:   "parallel on one worker",
			args:   []string{"test", "--workers", "1", "testdata/tests/parallel.adesh"},
			stdout: "ok   asks\nok   answers\nok   sync_too\n3 passed, 0 failed\n",
		},
		{
			name:   "parallel on four workers",
			args:   []string{"test", "--workers", "4", "testdata/tests/parallel.adesh"},
			stdout: "ok   asks\nok   answers\nok   sync_too\n3 passed, 0 failed\n",
		},
		{
			name: "deadlock",
			args: []string{"test", "testdata/tests/deadlock.adesh"},
			stdout: `ok   before
FAIL waits_forever (testdata/tests/deadlock.adesh:8)
    deadlock: the test waits for something that can never happen
1 passed, 1 failed
`,
			stderr: "error: deadlock: every task is waiting and nothing is left to wake them\n",
			code:   1,
		},
		{
			name:   "several files, one with no tests",
			args:   []string{"test", "testdata/tests/none.adesh", "testdata/tests/parallel.adesh"},
			stdout: "== testdata/tests/none.adesh\nno tests in testdata/tests/none.adesh\n== testdata/tests/parallel.adesh\nok   asks\nok   answers\nok   sync_too\n3 passed, 0 failed\n",
		},
		{
			name:   "a bad pattern",
			args:   []string{"test", "--run", "(", basics},
			stderr: "adesh2go: --run: error parsing regexp: missing closing ): `(`\n",
			code:   2,
		},
		{
			name: "no file",
			args: []string{"test"},
			code: 2,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := cli(t, c.args...)
			if stdout != c.stdout {
				t.Errorf("%v printed:\n%s\nwant:\n%s", c.args, stdout, c.stdout)
			}
			if c.stderr != "" && stderr != c.stderr || c.stderr == "" && c.code != 2 && stderr != "" {
				t.Errorf("%v wrote to stderr:\n%s\nwant:\n%s", c.args, stderr, c.stderr)
			}
			if code != c.code {
				t.Errorf("%v exited with %d, want %d; stderr:\n%s", c.args, code, c.code, stderr)
			}
		})
	}
}

// TestTestCommandFileWithErrors: a file that does not check is reported and counts as failed;
// the other files still run.
func TestTestCommandFileWithErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	t.Setenv("ADESH2GO_CACHE", filepath.Join(dir, "cache"))
	bad := writeFile(t, dir, "bad.adesh", "test fn takes(n: i64) { assert(n > 0); }\n")
	good := writeFile(t, dir, "good.adesh", "test fn fine() { assert_eq(1 + 1, 2); }\n")
	stdout, stderr, code := cli(t, "test", bad, good)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if !strings.Contains(stderr, "bad.adesh:1:15: error[E0705]: a test takes no parameters") {
		t.Errorf("stderr:\n%s", stderr)
	}
	if want := "== " + bad + "\n== " + good + "\nok   fine\n1 passed, 0 failed\n"; stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
}
