package rt

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The helpers generated async code relies on: optional guards released at scope end, a scope
// child's Err failing its scope, a cancelled JoinHandle<Result<T, Error>> awaited as Err, and
// exit(code) unwinding the current task.

func TestReleaseOptionUnlocksAGuard(t *testing.T) {
	m := NewMutex[int64](1)
	g := TryLockOption(m)
	if !g.Some {
		t.Fatal("try_lock of a free mutex failed")
	}
	if TryLockOption(m).Some {
		t.Fatal("try_lock of a held mutex succeeded")
	}
	ReleaseOption(g)
	again := TryLockOption(m)
	if !again.Some {
		t.Fatal("the guard of an optional was not unlocked by ReleaseOption")
	}
	ReleaseOption(again)
	ReleaseOption(None[MutexGuard[int64]]())
}

func TestReleaseOptionReleasesAShare(t *testing.T) {
	s := NewShare[int64](5)
	o := Some(s.Clone())
	if s.StrongCount() != 2 {
		t.Fatalf("strong count %d, want 2", s.StrongCount())
	}
	ReleaseOption(o)
	if s.StrongCount() != 1 {
		t.Fatalf("strong count %d after ReleaseOption, want 1", s.StrongCount())
	}
}

func TestResultScopeFailure(t *testing.T) {
	if _, failed := Ok[int, Error](1).ScopeFailure(); failed {
		t.Error("Ok fails its scope")
	}
	if e, failed := Err[int](NewError("bad")).ScopeFailure(); !failed || e.Message != "bad" {
		t.Errorf("Err(Error(bad)) gives %v, %v", e, failed)
	}
	if e, failed := Err[int]("text").ScopeFailure(); !failed || e.Message != "text" {
		t.Errorf("Err(\"text\") gives %v, %v", e, failed)
	}
}

// TestAsResultGivesCancellationAsErr awaits a cancelled task through AsResult: the
// cancellation is the value Err("cancelled"), not a throw.
func TestAsResultGivesCancellationAsErr(t *testing.T) {
	for _, n := range []int{1, 4} {
		ch := NewChannel[int](0)
		var waiter *JoinHandle[Result[int, Error]]
		var res ResultFuture[int]
		got := mustRun(t, n, &pollFn[Result[int, Error]]{poll: func(cx *Context) Poll[Result[int, Error]] {
			if waiter == nil {
				recv := ch.Recv()
				waiter = Spawn[Result[int, Error]](cx, &pollFn[Result[int, Error]]{poll: func(cx *Context) Poll[Result[int, Error]] {
					if p := recv.Poll(cx); p.Ready {
						return Ready(Ok[int, Error](p.Value.Val))
					}
					return Pending[Result[int, Error]]()
				}, drop: recv.Drop})
				waiter.Cancel()
				res = AsResult[int](waiter)
			}
			return res.Poll(cx)
		}})
		if got.IsOk || got.Err.Message != Cancelled {
			t.Errorf("%d workers: awaiting a cancelled handle gave %+v, want Err(cancelled)", n, got)
		}
	}
}

// TestExitRunsTheTaskDefers runs a program whose task calls Exit(4) inside a Go defer's scope:
// the defer runs as Exit unwinds the task, then the process ends with status 4.
func TestExitRunsTheTaskDefers(t *testing.T) {
	if os.Getenv("RT_EXIT_HELPER") != "" {
		t.Skip("helper process")
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestExitRunsTheTaskDefers$")
	cmd.Env = append(os.Environ(), "RT_EXIT_HELPER=1")
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 4 {
		t.Fatalf("exit status: %v, output:\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "defer ran\nexit hooks ran" {
		t.Errorf("output %q, want the defer, then the exit hooks", got)
	}
}

func init() {
	if os.Getenv("RT_EXIT_HELPER") == "" {
		return
	}
	AtExit(func() { fmt.Println("exit hooks ran") })
	Main(ready(func(*Context) Unit {
		defer fmt.Println("defer ran")
		Exit(4)
		return Unit{}
	}))
}
