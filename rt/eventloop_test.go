package rt

import (
	"fmt"
	"testing"
)

// The callbacks of a run share one event loop: none runs while the main task's poll does, they
// run one at a time (count is a plain int: the race detector sees any overlap), every queued
// reaction runs before the next timer callback, and timers due together fire in the order set.
func TestCallbacksRunOneAtATimeInJavaScriptOrder(t *testing.T) {
	for _, n := range []int{1, 4} {
		log := &syncLog{}
		count := 0
		seenByMain := -1
		mustRun(t, n, ready(func(cx *Context) Unit {
			for i := 1; i <= 3; i++ {
				SetTimeout(func() {
					log.add(fmt.Sprint("timer", i))
					if i == 1 {
						Then(Resolved(0), func(int) Unit { log.add("reaction"); return Unit{} })
					}
				}, 20)
			}
			p := Resolved(1)
			for range 1000 {
				Then(p, func(int) Unit { count++; return Unit{} })
			}
			seenByMain = count
			return Unit{}
		}))
		if seenByMain != 0 || count != 1000 {
			t.Errorf("%d workers: main saw %d reactions run, %d ran in all", n, seenByMain, count)
		}
		if got := log.String(); got != "timer1 reaction timer2 timer3" {
			t.Errorf("%d workers: callbacks ran as %q", n, got)
		}
	}
}

// Start runs the body on the caller up to its first suspension; it then goes on by itself and
// its handle gives its value.
func TestStartRunsTheBodyAtOnce(t *testing.T) {
	for _, n := range []int{1, 4} {
		log := &syncLog{}
		var started Future[int]
		got := mustRun(t, n, &pollFn[int]{poll: func(cx *Context) Poll[int] {
			if started == nil {
				sleep := Sleep(5)
				started = Start[int](cx, pollFn[int]{poll: func(cx *Context) Poll[int] {
					if !sleep.Poll(cx).Ready {
						log.add("body suspends")
						return Pending[int]()
					}
					log.add("body ends")
					return Ready(7)
				}})
				log.add("caller goes on")
			}
			return started.Poll(cx)
		}})
		if got != 7 || log.String() != "body suspends caller goes on body ends" {
			t.Errorf("%d workers: gave %d, ran as %q", n, got, log.String())
		}
	}
}
