package rt

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

func TestRunWorkersReturnsMainValue(t *testing.T) {
	for _, n := range []int{1, 2, 4} {
		got := mustRun(t, n, ready(func(*Context) int { return 42 }))
		if got != 42 {
			t.Errorf("%d workers: got %d, want 42", n, got)
		}
	}
}

func TestRunWorkersTwiceAndZeroWorkers(t *testing.T) {
	for i := 0; i < 3; i++ {
		if got := mustRun(t, 0, ready(func(cx *Context) int { return cx.WorkerID() })); got != 0 {
			t.Errorf("run %d: main ran on worker %d, want 0", i, got)
		}
	}
}

// spawnLogger is the compiler's shape for
//
//	async fn main() { for i in range(0, 4) { spawn(async move { log(i) }); } log("main"); await yield_now(); log("end") }
type spawnLogger struct {
	state int
	log   *syncLog
	y     YieldFuture
}

func (f *spawnLogger) Poll(cx *Context) Poll[Unit] {
	for {
		switch f.state {
		case 0:
			for i := 0; i < 4; i++ {
				i := i
				Spawn[Unit](cx, ready(func(*Context) Unit { f.log.add(fmt.Sprint(i)); return Unit{} })).Drop()
			}
			f.log.add("main")
			f.y = YieldNow()
			f.state = 1
		case 1:
			if !f.y.Poll(cx).Ready {
				return Pending[Unit]()
			}
			f.log.add("end")
			f.state = 2
			return Ready(Unit{})
		}
	}
}

func (f *spawnLogger) Drop() {}

func TestOneWorkerRunsInSpawnOrder(t *testing.T) {
	for i := 0; i < 3; i++ {
		log := &syncLog{}
		mustRun(t, 1, &spawnLogger{log: log})
		if got, want := log.String(), "main 0 1 2 3 end"; got != want {
			t.Fatalf("one worker ran %q, want %q", got, want)
		}
	}
}

func TestSpawnedTasksAllFinishBeforeRunReturns(t *testing.T) {
	for _, n := range []int{1, 3} {
		var done atomic.Int64
		mustRun(t, n, ready(func(cx *Context) Unit {
			for i := 0; i < 100; i++ {
				// Each child spawns a grandchild and is detached: the run still waits for all.
				Spawn[Unit](cx, ready(func(cx *Context) Unit {
					Spawn[Unit](cx, ready(func(*Context) Unit { done.Add(1); return Unit{} })).Drop()
					done.Add(1)
					return Unit{}
				})).Drop()
			}
			return Unit{}
		}))
		if done.Load() != 200 {
			t.Errorf("%d workers: %d of 200 tasks ran before RunWorkers returned", n, done.Load())
		}
	}
}

func TestSpawnBeforeRunJoinsTheNextRun(t *testing.T) {
	var ran atomic.Bool
	h := Spawn[int](nil, ready(func(*Context) int { ran.Store(true); return 7 }))
	got := mustRun(t, 2, &pollFn[int]{poll: h.Poll})
	if got != 7 || !ran.Load() {
		t.Fatalf("task spawned before the run: got %d (ran %v)", got, ran.Load())
	}
}

func TestPanicFailsOnlyItsTask(t *testing.T) {
	for _, n := range []int{1, 2} {
		var id uint64
		msg := mustRun(t, n, &pollFn[string]{poll: func() func(cx *Context) Poll[string] {
			var h *JoinHandle[int]
			return func(cx *Context) Poll[string] {
				if h == nil {
					h = Spawn[int](cx, ready(func(*Context) int {
						var xs []int
						return xs[3] // a Go panic: index out of range
					}))
					id = h.ID()
				}
				var p Poll[int]
				th := catchThrown(func() { p = h.Poll(cx) })
				if th == nil && !p.Ready {
					return Pending[string]()
				}
				if th == nil {
					return Ready("no failure")
				}
				return Ready(th.Err.Message)
			}
		}()})
		want := fmt.Sprintf("panic in task %d: runtime error: index out of range", id)
		if !strings.HasPrefix(msg, want) {
			t.Errorf("%d workers: await of a panicking task gave %q, want prefix %q", n, msg, want)
		}
	}
}

func TestThrowInMainIsTheRunFailure(t *testing.T) {
	_, err := runChecked(t, 2, ready(func(*Context) int {
		Throw(NewError("boom"), "main.adesh:3:5")
		return 0
	}))
	if err == nil || err.Err.Message != "boom" || err.Pos != "main.adesh:3:5" {
		t.Fatalf("run failure = %v, want boom at main.adesh:3:5", err)
	}
	if got := FailureText(err); got != "error: boom\n    at main.adesh:3:5\n" {
		t.Errorf("FailureText = %q", got)
	}
}

func TestDetachedFailureIsReported(t *testing.T) {
	out := captureFailures(t)
	mustRun(t, 1, ready(func(cx *Context) Unit {
		Spawn[Unit](cx, ready(func(*Context) Unit { Fail("x.adesh:2:1", "lost"); return Unit{} })).Drop()
		return Unit{}
	}))
	if got := out.String(); !strings.Contains(got, "failed and was not awaited: lost") || !strings.Contains(got, "at x.adesh:2:1") {
		t.Fatalf("report of a detached failure = %q", got)
	}
}

func TestDeadlockFailsMainAndRunsDefers(t *testing.T) {
	for _, n := range []int{1, 3} {
		var dropped atomic.Int64
		ch := NewChannel[int](0)
		_, err := runChecked(t, n, &pollFn[Option[int]]{
			poll: func() func(cx *Context) Poll[Option[int]] {
				var r RecvFuture[int]
				started := false
				return func(cx *Context) Poll[Option[int]] {
					if !started {
						started = true
						// A child waiting forever too: cancelled, its Drop runs.
						Spawn[Unit](cx, &pollFn[Unit]{
							poll: func(*Context) Poll[Unit] { return Pending[Unit]() },
							drop: func() { dropped.Add(1) },
						}).Drop()
						r = ch.Recv()
					}
					return r.Poll(cx)
				}
			}(),
			drop: func() { dropped.Add(1) },
		})
		if err == nil || err.Err.Message != deadlockMessage {
			t.Fatalf("%d workers: deadlocked run gave %v, want the deadlock error", n, err)
		}
		if dropped.Load() != 2 {
			t.Errorf("%d workers: %d of 2 stuck futures dropped", n, dropped.Load())
		}
	}
}
