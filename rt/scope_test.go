package rt

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// spinThenSleep is a scope child that holds its worker until all its siblings have started
// (so they cannot share a worker), then sleeps for ten seconds, which it must not finish.
type spinThenSleep struct {
	started, sleeping *atomic.Int32
	siblings          int32
	workers           *[8]atomic.Bool
	cleaned           *atomic.Int32
	state             int
	sleep             SleepFuture
}

func (f *spinThenSleep) Poll(cx *Context) Poll[int] {
	switch f.state {
	case 0:
		f.workers[cx.WorkerID()].Store(true)
		f.started.Add(1)
		for f.started.Load() < f.siblings {
			runtime.Gosched()
		}
		f.sleep = Sleep(10_000)
		f.state = 1
		fallthrough
	case 1:
		if !f.sleep.Poll(cx).Ready {
			if f.sleeping.Add(1) > f.siblings {
				f.sleeping.Add(-1) // a spurious re-poll: counted once
			}
			return Pending[int]()
		}
		return Ready(1)
	}
	panic("unreachable")
}

func (f *spinThenSleep) Drop() {
	if f.state == 1 {
		f.sleep.Drop()
		f.cleaned.Add(1)
	}
	f.state = 2
}

// failWhenAllSleep throws once every sibling sleeps.
type failWhenAllSleep struct {
	sleeping *atomic.Int32
	siblings int32
	yield    YieldFuture
}

func (f *failWhenAllSleep) Poll(cx *Context) Poll[int] {
	for f.sleeping.Load() < f.siblings {
		f.yield = YieldNow()
		f.yield.Poll(cx)
		return Pending[int]()
	}
	Fail("scope.adesh:9:5", "child failed")
	return Ready(0)
}

func (f *failWhenAllSleep) Drop() {}

func TestScopeChildFailureCancelsSleepingSiblingsOnOtherWorkers(t *testing.T) {
	const siblings = 3
	var started, sleeping, cleaned atomic.Int32
	var workers [8]atomic.Bool
	var handles []*JoinHandle[int]
	var failure *Thrown
	mustRun(t, 4, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
		var scope *ScopeFuture[int]
		return func(cx *Context) Poll[Unit] {
			if scope == nil {
				sf := RunScope(func(s *Scope) Future[int] {
					return ready(func(cx *Context) int {
						for i := 0; i < siblings; i++ {
							handles = append(handles, ScopeSpawn[int](cx, s, &spinThenSleep{
								started: &started, sleeping: &sleeping, siblings: siblings,
								workers: &workers, cleaned: &cleaned,
							}))
						}
						ScopeSpawn[int](cx, s, &failWhenAllSleep{sleeping: &sleeping, siblings: siblings}).Drop()
						return 0
					})
				})
				scope = &sf
			}
			var p Poll[int]
			if failure = catchThrown(func() { p = scope.Poll(cx) }); failure == nil && !p.Ready {
				return Pending[Unit]()
			}
			if n := schedulerOf(cx).timers.length(); n != 0 {
				t.Errorf("%d sleep timers left after the scope failed", n)
			}
			return Ready(Unit{})
		}
	}()})
	if failure == nil || failure.Err.Message != "child failed" || failure.Pos != "scope.adesh:9:5" {
		t.Fatalf("scope gave %v, want the child's failure", failure)
	}
	if cleaned.Load() != siblings {
		t.Errorf("%d of %d sleeping siblings were dropped", cleaned.Load(), siblings)
	}
	distinct := 0
	for i := range workers {
		if workers[i].Load() {
			distinct++
		}
	}
	if distinct < siblings {
		t.Errorf("siblings ran on %d workers, want %d", distinct, siblings)
	}
	for i, h := range handles {
		if !h.IsFinished() {
			t.Errorf("sibling %d still live", i)
		}
		if th := catchThrown(func() { h.Poll(nil) }); th == nil || th.Err.Message != Cancelled {
			t.Errorf("sibling %d: await gave %v, want cancelled", i, th)
		}
	}
}

// errResult is a Result type as the compiler will emit it: Err fails a scope.
type errResult struct {
	ok  bool
	err Error
}

func (r errResult) ScopeFailure() (Error, bool) { return r.err, !r.ok }

func TestScopeWaitsForChildrenAndFailsOnErrValue(t *testing.T) {
	for _, n := range []int{1, 2} {
		var finished atomic.Int32
		got := mustRun(t, n, &pollFn[int]{poll: func() func(cx *Context) Poll[int] {
			var scope *ScopeFuture[int]
			return func(cx *Context) Poll[int] {
				if scope == nil {
					sf := RunScope(func(s *Scope) Future[int] {
						return ready(func(cx *Context) int {
							for i := 0; i < 5; i++ {
								ScopeSpawn[Unit](cx, s, &sleepThen{ms: int64(1 + i), done: &finished}).Drop()
							}
							return 10
						})
					})
					scope = &sf
				}
				return scope.Poll(cx)
			}
		}()})
		if got != 10 || finished.Load() != 5 {
			t.Errorf("%d workers: scope gave %d after %d of 5 children", n, got, finished.Load())
		}

		_, err := runChecked(t, n, &pollFn[int]{poll: func() func(cx *Context) Poll[int] {
			var scope *ScopeFuture[int]
			return func(cx *Context) Poll[int] {
				if scope == nil {
					sf := RunScope(func(s *Scope) Future[int] {
						return ready(func(cx *Context) int {
							ScopeSpawn[errResult](cx, s, ready(func(*Context) errResult {
								return errResult{err: NewError("bad config")}
							})).Drop()
							ScopeSpawn[Unit](cx, s, &sleepThen{ms: 10_000, done: &finished}).Drop()
							return 1
						})
					})
					scope = &sf
				}
				return scope.Poll(cx)
			}
		}()})
		if err == nil || err.Err.Message != "bad config" {
			t.Errorf("%d workers: a child returning Err gave %v, want bad config", n, err)
		}
	}
}

// sleepThen sleeps ms, then counts itself done.
type sleepThen struct {
	ms    int64
	done  *atomic.Int32
	sleep *SleepFuture
}

func (f *sleepThen) Poll(cx *Context) Poll[Unit] {
	if f.sleep == nil {
		s := Sleep(f.ms)
		f.sleep = &s
	}
	if !f.sleep.Poll(cx).Ready {
		return Pending[Unit]()
	}
	f.done.Add(1)
	return Ready(Unit{})
}

func (f *sleepThen) Drop() {
	if f.sleep != nil {
		f.sleep.Drop()
	}
}
