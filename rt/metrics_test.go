package rt

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestDumpTasksShowsWhereTasksWait(t *testing.T) {
	var dump string
	ch := NewChannel[int](0)
	mustRun(t, 1, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
		var h *JoinHandle[Unit]
		var y YieldFuture
		step := 0
		return func(cx *Context) Poll[Unit] {
			switch step {
			case 0:
				h = Spawn[Unit](cx, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
					r := ch.Recv()
					return func(cx *Context) Poll[Unit] {
						if !r.Poll(cx).Ready {
							cx.SuspendedAt("dump.adesh:7")
							return Pending[Unit]()
						}
						return Ready(Unit{})
					}
				}()})
				y = YieldNow()
				step = 1
				fallthrough
			case 1:
				if !y.Poll(cx).Ready { // the child runs and suspends meanwhile
					return Pending[Unit]()
				}
				var b bytes.Buffer
				DumpTasks(&b)
				dump = b.String()
				ch.Close()
				step = 2
				fallthrough
			default:
				return h.Poll(cx)
			}
		}
	}()})
	want := fmt.Sprintf("rt: 2 live tasks\n  task 1: running (worker 0)\n  task 2: idle (worker 0) at dump.adesh:7\n")
	if dump != want {
		t.Fatalf("dump:\n%s\nwant:\n%s", dump, want)
	}
}

func TestWriteMetricsAfterARun(t *testing.T) {
	mustRun(t, 2, ready(func(cx *Context) Unit {
		for i := 0; i < 10; i++ {
			Spawn[Unit](cx, ready(func(*Context) Unit { return Unit{} })).Drop()
		}
		return Unit{}
	}))
	var b bytes.Buffer
	WriteMetrics(&b)
	out := b.String()
	for _, want := range []string{"rt scheduler (finished): 2 workers, 11 tasks spawned, 0 live", "worker 0: polls=", "worker 1: polls=", "total:    polls=11 ready=11 pending=0"} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %q:\n%s", want, out)
		}
	}
}

// TestMain turns the test binary into the program the Main tests run as a subprocess when
// RT_MAIN_HELPER says which.
func TestMain(m *testing.M) {
	if mode := os.Getenv("RT_MAIN_HELPER"); mode != "" {
		mainHelper(mode)
	}
	os.Exit(m.Run())
}

func mainHelper(mode string) {
	AtExit(func() { fmt.Println("exit hooks ran") })
	switch mode {
	case "fail":
		Main(ready(func(*Context) Unit { Throw(NewError("boom"), "m.adesh:1:2"); return Unit{} }))
	case "ok":
		Main(ready(func(cx *Context) Unit {
			fmt.Println("workers", len(cx.worker.sched.workers))
			return Unit{}
		}))
	case "exit":
		Main(ready(func(*Context) Unit { Exit(3); return Unit{} }))
	case "panic":
		Main(ready(func(*Context) Unit { panic("go panic") }))
	case "sleepy":
		sleepyMain()
	}
	panic("unknown RT_MAIN_HELPER mode " + mode)
}

func runMainHelper(t *testing.T, mode string, env ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append(env, "RT_MAIN_HELPER="+mode)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestMainReportsFailureAndExitCodes(t *testing.T) {
	out, errs, code := runMainHelper(t, "fail", "ADESH_WORKERS=1")
	if code != 1 || errs != "error: boom\n    at m.adesh:1:2\n" || !strings.Contains(out, "exit hooks ran") {
		t.Errorf("failing main: exit %d, stderr %q, stdout %q", code, errs, out)
	}
	out, errs, code = runMainHelper(t, "ok", "ADESH_WORKERS=3", "ADESH_TRACE_ASYNC=1")
	if code != 0 || !strings.HasPrefix(out, "workers 3\n") || !strings.Contains(errs, "rt scheduler (finished): 3 workers") {
		t.Errorf("main with trace: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	_, errs, code = runMainHelper(t, "ok", "ADESH_WORKERS=lots")
	if code != 2 || !strings.Contains(errs, `ADESH_WORKERS must be a whole number from 1 to`) {
		t.Errorf("bad ADESH_WORKERS: exit %d, stderr %q", code, errs)
	}
	out, _, code = runMainHelper(t, "exit", "ADESH_WORKERS=2")
	if code != 3 || !strings.Contains(out, "exit hooks ran") {
		t.Errorf("exit(3): exit %d, stdout %q", code, out)
	}
	_, errs, code = runMainHelper(t, "exit", "ADESH_WORKERS=2", "ADESH_TRACE_ASYNC=1")
	if code != 3 || !strings.Contains(errs, "rt scheduler") || !strings.Contains(errs, "2 workers") {
		t.Errorf("exit(3) with trace: exit %d, stderr %q", code, errs)
	}
	_, errs, code = runMainHelper(t, "panic", "ADESH_WORKERS=1")
	if code != 1 || errs != "error: panic in task 1: go panic\n" {
		t.Errorf("go panic in main: exit %d, stderr %q", code, errs)
	}
	_, errs, code = runMainHelper(t, "panic", "ADESH_WORKERS=1", "ADESH_TRACEBACK=1")
	if code != 2 || !strings.Contains(errs, "panic: go panic") || !strings.Contains(errs, "rt.mainHelper") {
		t.Errorf("go panic with ADESH_TRACEBACK=1: exit %d, stderr %q", code, errs)
	}
}

// sleepyMain is a program that looks stuck: its only task sleeps for a minute.
func sleepyMain() {
	Main(ready(func(cx *Context) Unit {
		Spawn[Unit](cx, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
			s := Sleep(60_000)
			return func(cx *Context) Poll[Unit] {
				if !s.Poll(cx).Ready {
					cx.SuspendedAt("sleepy.adesh:4")
					return Pending[Unit]()
				}
				return Ready(Unit{})
			}
		}()}).Drop()
		os.Stdout.WriteString("ready\n") // the SIGQUIT handler is in place
		return Unit{}
	}))
}
