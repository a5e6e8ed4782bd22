package rt

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
)

// runMu makes runs one at a time: the current scheduler is process-wide (Spawn and the timer
// functions called from synchronous code find it there).
var runMu sync.Mutex

// RunWorkers runs main as the root task on n workers and returns when main is done and every
// other task has finished, with main's value or its failure. n = 1 is one thread and a
// deterministic order; n < 1 counts as 1. No goroutine it started outlives it. Runs are
// serialized: a second concurrent call waits for the first.
//
// If every task ends up waiting with nothing left to wake any of them (no timer, no queued
// task, no blocking job, no KeepAlive), the run is deadlocked: the waiting tasks are cancelled,
// which runs their pending defers, and if main was among them it fails with a deadlock error.
func RunWorkers[T any](n int, main Future[T]) (T, *Thrown) {
	runMu.Lock()
	defer runMu.Unlock()
	n = max(1, min(n, maxWorkers))

	schedMu.Lock()
	if nextSched == nil {
		nextSched = newScheduler()
	}
	s := nextSched
	s.fifo = n == 1
	s.workers = make([]*worker, n)
	for i := range s.workers {
		s.workers[i] = newWorker(s, i)
	}
	runningSched.Store(s)
	schedMu.Unlock()

	h := newBoxedTask(main)
	s.adopt(&h.task, stateScheduled, nil)
	s.mainTask = &h.task
	s.workers[0].local.push(&h.task) // before the workers start: main runs first
	s.started.Store(true)

	var wg sync.WaitGroup
	wg.Add(n)
	for _, w := range s.workers {
		go func() {
			defer wg.Done()
			w.loop()
		}()
	}
	wg.Wait()
	s.blocking.close()
	s.reportUnhandled()

	schedMu.Lock()
	nextSched = nil
	runningSched.Store(nil)
	lastSched.Store(s)
	schedMu.Unlock()

	if err := h.failure(); err != nil {
		var zero T
		return zero, err
	}
	return h.val, nil
}

// Main runs a generated program's main future and exits the process: status 0 on success; on
// failure it prints `error: MESSAGE` (and `    at file.adesh:L:C` when known) to stderr and
// exits 1, as it does when a task failed with no one left to await it. Exit hooks (the stdout flush) run first either way.
//
// Environment: ADESH_WORKERS sets the number of workers (default: the number of CPUs);
// ADESH_TRACE_ASYNC=1 prints the scheduler metrics to stderr at exit; SIGQUIT (Ctrl-\) dumps
// the live tasks and the metrics while running; ADESH_TRACEBACK=1 lets a Go panic that is not an
// AdeshLang error crash with its Go stack instead of failing its task, and leaves SIGQUIT to
// Go's goroutine dump.
func Main(main Future[Unit]) {
	n, err := workersFromEnv()
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(2)
	}
	rawPanics = os.Getenv("ADESH_TRACEBACK") == "1"
	setMaxStack()
	stopFlush := flushOnTermination()
	defer stopFlush()
	if !rawPanics {
		// Where a stuck program waits is what Ctrl-\ asks; ADESH_TRACEBACK=1 keeps Go's
		// goroutine dump, for a bug in the runtime.
		stop := dumpTasksOnQuit()
		defer stop()
	}
	if os.Getenv("ADESH_TRACE_ASYNC") == "1" {
		// An exit hook, so that exit() prints them too; after the program's own output.
		AtExit(func() {
			FlushOutput()
			WriteMetrics(os.Stderr)
		})
	}
	reportMainAtOnce.Store(true)
	_, failure := RunWorkers(n, main)
	RunExitHooks()
	if failure != nil {
		if !mainReported.Load() { // a deadlock: decided after the run
			fmt.Fprint(os.Stderr, FailureText(failure))
		}
		os.Exit(1)
	}
	if failedUnawaited.Load() {
		os.Exit(1) // reported when it happened
	}
	os.Exit(0)
}

// FailureText is how Main reports a failure: "error: MESSAGE\n" and, when the position is
// known, "    at file.adesh:L:C\n".
func FailureText(t *Thrown) string {
	s := "error: " + t.Err.Message + "\n"
	if t.Pos != "" {
		s += "    at " + t.Pos + "\n"
	}
	return s
}

// MaxWorkers is the most workers a program runs on (what a task's state word can name):
// ADESH_WORKERS is held to it here, and the command's --workers flag.
const MaxWorkers = maxWorkers

// workersFromEnv reads ADESH_WORKERS, defaulting to the number of CPUs.
func workersFromEnv() (int, error) {
	v := os.Getenv("ADESH_WORKERS")
	if v == "" {
		return runtime.NumCPU(), nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxWorkers {
		return 0, fmt.Errorf("ADESH_WORKERS must be a whole number from 1 to %d, got %q", maxWorkers, v)
	}
	return n, nil
}

// Exit is AdeshLang's `exit(code)`. During a run it unwinds the current task: each future on
// the way runs its pending defers (§12), and the worker then ends the process (see
// panicToThrown). Outside a run it runs the exit hooks and ends the process at once.
func Exit(code int) {
	if runningSched.Load() != nil {
		panic(&exitRequest{code: code})
	}
	exitNow(code)
}

// exitRequest is the panic value of Exit during a run.
type exitRequest struct{ code int }

func (e *exitRequest) String() string { return "exit(" + strconv.Itoa(e.code) + ")" }

// exitNow runs the exit hooks and ends the process.
func exitNow(code int) {
	RunExitHooks()
	os.Exit(code)
}
