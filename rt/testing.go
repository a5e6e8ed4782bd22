package rt

import (
	"os"
	"strconv"
	"strings"
)

// Tests (EVERYDAY.md §4). `adesh2go test FILE` builds FILE's test program: its main is
// RunTests, given the top-level statements as a future and the file's tests in declaration
// order.

// Test is one test of a test program: its name (`name`, or `Group.name` in a group), where it
// is declared ("file.adesh:L"), and how it starts: an async test spawns its state machine
// (Async), a sync test is a function that a task of its own calls (Sync).
type Test struct {
	Name  string
	Pos   string
	Async func(cx *Context) *JoinHandle[Unit]
	Sync  func()
}

// TestsEnv is the environment variable that selects the tests a test program runs: their
// names, one a line (`adesh2go test --run` sets it). Unset, every test runs.
const TestsEnv = "ADESH_TESTS"

// RunTests is the main of a test program. As Main runs a program, it runs init, the top-level
// statements (so that the globals the tests use are set; a program's `fn main` is not called),
// then it starts every selected test as a task of its own, all at once, and prints one line
// per test, in the order of tests whatever order they finish in: `ok   NAME`, or
// `FAIL NAME (file.adesh:L)` and the failure's message indented on the lines after it (the
// position is the failing assert's or throw's, else the test's own). A summary line
// `N passed, N failed` ends the output, and the program exits at once with status 1 if a test
// failed (or a task failed with no one to await it), else 0: tasks a test left running do not
// hold it. A top-level statement that fails ends the program as it would end a run.
func RunTests(init Future[Unit], tests []Test) {
	Main(&testRun{init: init, tests: selectTests(tests)})
}

// selectTests keeps the tests TestsEnv names, in their order.
func selectTests(tests []Test) []Test {
	names, set := os.LookupEnv(TestsEnv)
	if !set {
		return tests
	}
	want := map[string]bool{}
	for _, n := range strings.Split(names, "\n") {
		want[n] = true
	}
	var out []Test
	for _, t := range tests {
		if want[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

// testRun is the main task of a test program: it runs init, spawns the tests, then awaits
// them in order, reporting each.
type testRun struct {
	init    Future[Unit]
	tests   []Test
	handles []*JoinHandle[Unit]
	next    int // the first test not reported yet
	passed  int
	failed  int
}

func (r *testRun) Poll(cx *Context) Poll[Unit] {
	if r.init != nil {
		if !r.init.Poll(cx).Ready {
			return Pending[Unit]()
		}
		r.init = nil
		r.handles = make([]*JoinHandle[Unit], len(r.tests))
		for i, t := range r.tests {
			if t.Async != nil {
				r.handles[i] = t.Async(cx)
			} else {
				r.handles[i] = Spawn[Unit](cx, &syncTest{f: t.Sync})
			}
		}
	}
	for r.next < len(r.tests) {
		done, failure := pollTest(cx, r.handles[r.next])
		if !done {
			return Pending[Unit]()
		}
		r.report(r.tests[r.next], failure)
		r.next++
	}
	r.finish()
	return Ready(Unit{})
}

// Drop runs when the run deadlocked (nothing else cancels the main task): the tests that had
// not finished are reported as deadlocked, then the main task fails with the deadlock error.
func (r *testRun) Drop() {
	if r.init != nil {
		r.init.Drop()
		r.init = nil
		return
	}
	for ; r.next < len(r.tests); r.next++ {
		h := r.handles[r.next]
		failure := &Thrown{Err: Error{Message: "deadlock: the test waits for something that can never happen"}}
		if h.isFinal() {
			if err := h.failure(); err == nil || err.Err.Message != Cancelled {
				h.state.Or(flagObserved)
				failure = err
			}
		}
		r.report(r.tests[r.next], failure)
	}
	r.summary()
}

// pollTest polls a test's handle, catching its failure.
func pollTest(cx *Context, h *JoinHandle[Unit]) (done bool, failure *Thrown) {
	defer func() {
		if x := recover(); x != nil {
			t, ok := x.(*Thrown)
			if !ok {
				panic(x)
			}
			done, failure = true, t
		}
	}()
	return h.Poll(cx).Ready, nil
}

// report prints a test's line, and its failure's message.
func (r *testRun) report(t Test, failure *Thrown) {
	if failure == nil {
		r.passed++
		stdio.print("ok   " + t.Name + "\n")
		return
	}
	r.failed++
	pos := t.Pos
	if failure.Pos != "" {
		pos = lineOf(failure.Pos)
	}
	var b strings.Builder
	b.WriteString("FAIL " + t.Name + " (" + pos + ")\n")
	for _, line := range strings.Split(failure.Err.Message, "\n") {
		b.WriteString("    " + line + "\n")
	}
	stdio.print(b.String())
}

// summary prints the line that ends a test run.
func (r *testRun) summary() {
	stdio.print(strconv.Itoa(r.passed) + " passed, " + strconv.Itoa(r.failed) + " failed\n")
}

// finish ends a test run once every test is reported: the summary, what failed unawaited, and
// the exit status.
func (r *testRun) finish() {
	r.summary()
	if s := currentScheduler(); s != nil {
		s.reportUnhandled()
	}
	if r.failed > 0 || failedUnawaited.Load() {
		exitNow(1)
	}
	exitNow(0)
}

// lineOf is "file.adesh:L" of a position "file.adesh:L:C".
func lineOf(pos string) string {
	i := strings.LastIndexByte(pos, ':')
	if i < 0 {
		return pos
	}
	if _, err := strconv.Atoi(pos[i+1:]); err != nil || strings.Count(pos, ":") < 2 {
		return pos
	}
	return pos[:i]
}

// syncTest is the future of a sync test: its one poll calls the test.
type syncTest struct{ f func() }

func (s *syncTest) Poll(cx *Context) Poll[Unit] {
	f := s.f
	s.f = nil
	if f != nil {
		f()
	}
	return Ready(Unit{})
}

func (s *syncTest) Drop() { s.f = nil }
