package rt

import (
	"fmt"
	"sync"
	"testing"
)

// awaitValue awaits f and renders its value, or its throw as "threw MESSAGE".
type awaitValue[T any] struct {
	f Future[T]
}

func (a *awaitValue[T]) Poll(cx *Context) Poll[string] {
	var p Poll[T]
	if th := catchThrown(func() { p = a.f.Poll(cx) }); th != nil {
		return Ready("threw " + th.Err.Message)
	}
	if !p.Ready {
		return Pending[string]()
	}
	return Ready(fmt.Sprint(p.Value))
}

func (a *awaitValue[T]) Drop() { a.f.Drop() }

func TestPromiseSettlesOnce(t *testing.T) {
	p := NewPromise(func(resolve func(string), reject func(Error)) {
		resolve("hello")
		resolve("again")
		reject(NewError("late"))
	})
	if got := mustRun(t, 1, &awaitValue[string]{f: p}); got != "hello" {
		t.Errorf("resolve once: %q", got)
	}
	failing := NewPromise(func(resolve func(int), reject func(Error)) { reject(NewError("boom")); resolve(1) })
	if got := mustRun(t, 1, &awaitValue[int]{f: failing}); got != "threw boom" {
		t.Errorf("reject: %q", got)
	}
	throwing := NewPromise(func(func(int), func(Error)) { Throw(NewError("in executor"), "") })
	if got := mustRun(t, 1, &awaitValue[int]{f: throwing}); got != "threw in executor" {
		t.Errorf("executor throw: %q", got)
	}
}

func TestPromiseThenCatchChains(t *testing.T) {
	for _, n := range []int{1, 2} {
		chained := Then(Resolved("hello"), func(v string) string { return v + " world" })
		if got := mustRun(t, n, &awaitValue[string]{f: chained}); got != "hello world" {
			t.Errorf("%d workers: then: %q", n, got)
		}
		caught := Catch(Then(Rejected[int](NewError("no")), func(v int) int { return v + 1 }),
			func(e Error) int { return len(e.Message) })
		if got := mustRun(t, n, &awaitValue[int]{f: caught}); got != "2" {
			t.Errorf("%d workers: catch after then: %q", n, got)
		}
		throwing := Then(Resolved(1), func(int) int { Throw(NewError("cb"), ""); return 0 })
		if got := mustRun(t, n, &awaitValue[int]{f: throwing}); got != "threw cb" {
			t.Errorf("%d workers: a throwing callback: %q", n, got)
		}
		both := ThenElse(Rejected[int](NewError("e")), func(int) string { return "ok" }, func(e Error) string { return "err " + e.Message })
		if got := mustRun(t, n, &awaitValue[string]{f: both}); got != "err e" {
			t.Errorf("%d workers: then with onErr: %q", n, got)
		}
	}
}

func TestPromiseCallbacksRunAfterTheCurrentCode(t *testing.T) {
	log := &syncLog{}
	mustRun(t, 1, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
		var p *Promise[Unit]
		return func(cx *Context) Poll[Unit] {
			if p == nil {
				p = Then(Resolved(1), func(int) Unit { log.add("callback"); return Unit{} })
				log.add("sync")
			}
			return p.Poll(cx)
		}
	}()})
	if got := log.String(); got != "sync callback" {
		t.Fatalf("order %q: a then-callback must run after the code that attached it", got)
	}
}

func TestPromiseAllRaceAny(t *testing.T) {
	all := PromiseAll([]*Promise[int]{Resolved(1), Resolved(2), Resolved(3)})
	if got := mustRun(t, 1, &awaitValue[[]int]{f: all}); got != "[1 2 3]" {
		t.Errorf("all: %q", got)
	}
	allFail := PromiseAll([]*Promise[int]{Resolved(1), Rejected[int](NewError("x"))})
	if got := mustRun(t, 1, &awaitValue[[]int]{f: allFail}); got != "threw x" {
		t.Errorf("all with a rejection: %q", got)
	}
	if got := mustRun(t, 1, &awaitValue[[]int]{f: PromiseAll[int](nil)}); got != "[]" {
		t.Errorf("all of none: %q", got)
	}
	slow := PendingPromise[int]()
	race := PromiseRace([]*Promise[int]{slow, Rejected[int](NewError("fast"))})
	if got := mustRun(t, 1, &awaitValue[int]{f: race}); got != "threw fast" {
		t.Errorf("race: %q", got)
	}
	anyOf := PromiseAny([]*Promise[int]{Rejected[int](NewError("a")), Resolved(5)})
	if got := mustRun(t, 1, &awaitValue[int]{f: anyOf}); got != "5" {
		t.Errorf("any: %q", got)
	}
	none := PromiseAny([]*Promise[int]{Rejected[int](NewError("a")), Rejected[int](NewError("b"))})
	if got := mustRun(t, 1, &awaitValue[int]{f: none}); got != "threw "+AllRejected {
		t.Errorf("any, all rejected: %q", got)
	}
}

func TestPromiseResolvedFromAPlainGoroutineWakesTasks(t *testing.T) {
	for _, n := range []int{1, 2, 4} {
		const awaiters = 8
		p := PendingPromise[int]()
		got := mustRun(t, n, &pollFn[[]string]{poll: func() func(cx *Context) Poll[[]string] {
			var all *awaitAll[string]
			var wg sync.WaitGroup
			return func(cx *Context) Poll[[]string] {
				if all == nil {
					all = &awaitAll[string]{}
					for i := 0; i < awaiters; i++ {
						all.hs = append(all.hs, Spawn[string](cx, &awaitValue[int]{f: p}))
					}
					release := KeepAlive() // the goroutine below is invisible to the workers
					wg.Add(1)
					go func() {
						defer wg.Done()
						defer release()
						p.Resolve(9)
					}()
				}
				r := all.Poll(cx)
				if r.Ready {
					wg.Wait()
				}
				return r
			}
		}()})
		if fmt.Sprint(got) != "[9 9 9 9 9 9 9 9]" {
			t.Errorf("%d workers: awaiters got %v", n, got)
		}
	}
}
