package rt

import (
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
)

func TestSleepsWakeInDeadlineOrder(t *testing.T) {
	for _, n := range []int{1, 2} {
		log := &syncLog{}
		mustRun(t, n, ready(func(cx *Context) Unit {
			for _, ms := range []int64{30, 10, 20, 0} {
				ms := ms
				Spawn[Unit](cx, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
					s := Sleep(ms)
					return func(cx *Context) Poll[Unit] {
						if !s.Poll(cx).Ready {
							return Pending[Unit]()
						}
						log.add(fmt.Sprint(ms))
						return Ready(Unit{})
					}
				}()}).Drop()
			}
			return Unit{}
		}))
		got := log.String()
		if n > 1 { // two workers may run two woken tasks in either order
			got = strings.Join(sortedFields(got), " ")
		}
		if got != "0 10 20 30" {
			t.Errorf("%d workers: sleeps finished in order %q", n, got)
		}
	}
}

func TestSetTimeoutKeepsTheRunAliveAndClearTimeoutCancels(t *testing.T) {
	for _, n := range []int{1, 3} {
		var fired, cleared atomic.Int32
		mustRun(t, n, ready(func(cx *Context) Unit {
			SetTimeout(func() { fired.Add(1) }, 15)
			id := SetTimeout(func() { cleared.Add(1) }, 5)
			ClearTimeout(id)
			ClearTimeout(id)    // twice is harmless
			ClearTimeout(12345) // unknown ids are ignored
			return Unit{}
		}))
		if fired.Load() != 1 || cleared.Load() != 0 {
			t.Errorf("%d workers: timeout fired %d times, cleared one %d times", n, fired.Load(), cleared.Load())
		}
	}
}

func TestSetIntervalRunsUntilCleared(t *testing.T) {
	var ticks atomic.Int32
	var id int64
	mustRun(t, 2, ready(func(cx *Context) Unit {
		id = SetInterval(func() {
			if ticks.Add(1) == 3 {
				ClearInterval(id)
			}
		}, 1)
		return Unit{}
	}))
	if ticks.Load() != 3 {
		t.Fatalf("interval ticked %d times, want 3", ticks.Load())
	}
}

func TestSetTimeoutBeforeTheRunFiresInIt(t *testing.T) {
	var fired atomic.Bool
	SetTimeout(func() { fired.Store(true) }, 1)
	mustRun(t, 1, ready(func(*Context) Unit { return Unit{} }))
	if !fired.Load() {
		t.Fatal("a timeout set before the run did not fire in it")
	}
}

func TestTimeoutGivesErrAndDropsTheSlowFuture(t *testing.T) {
	for _, n := range []int{1, 2} {
		var dropped atomic.Bool
		got := mustRun(t, n, &pollFn[string]{poll: func() func(cx *Context) Poll[string] {
			var slow, fast *TimeoutFuture[int]
			var out string
			return func(cx *Context) Poll[string] {
				if slow == nil {
					s := Sleep(10_000)
					to := Timeout[int](5, &pollFn[int]{
						poll: func(cx *Context) Poll[int] {
							if !s.Poll(cx).Ready {
								return Pending[int]()
							}
							return Ready(1)
						},
						drop: func() { s.Drop(); dropped.Store(true) },
					})
					slow = &to
					s2 := Sleep(1)
					to2 := Timeout[int](10_000, &pollFn[int]{poll: func(cx *Context) Poll[int] {
						if !s2.Poll(cx).Ready {
							return Pending[int]()
						}
						return Ready(2)
					}})
					fast = &to2
				}
				if out == "" {
					p := slow.Poll(cx)
					if !p.Ready {
						return Pending[string]()
					}
					out = fmt.Sprintf("%v/%s", p.Value.IsOk, p.Value.Err.Message)
				}
				p := fast.Poll(cx)
				if !p.Ready {
					return Pending[string]()
				}
				if n := schedulerOf(cx).timers.length(); n != 0 {
					return Ready(fmt.Sprintf("%d timers left", n))
				}
				return Ready(fmt.Sprintf("%s %v/%d", out, p.Value.IsOk, p.Value.Val))
			}
		}()})
		if got != "false/timed out true/2" || !dropped.Load() {
			t.Errorf("%d workers: timeouts gave %q (slow future dropped: %v)", n, got, dropped.Load())
		}
	}
}

func sortedFields(s string) []string {
	f := strings.Fields(s)
	sort.Slice(f, func(i, j int) bool { return len(f[i]) < len(f[j]) || len(f[i]) == len(f[j]) && f[i] < f[j] })
	return f
}
