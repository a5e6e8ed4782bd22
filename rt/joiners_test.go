package rt

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestATaskAwaitedByManyWakesEveryAwaiter: a task awaited by several tasks at once (a future
// also used as a promise) wakes each of them when it finishes, at 1 and 4 workers; an awaiter
// that comes after the finish gets the value at once.
func TestATaskAwaitedByManyWakesEveryAwaiter(t *testing.T) {
	for _, n := range []int{1, 4} {
		gate := PendingPromise[int]()
		got := mustRun(t, n, &pollFn[[]int]{poll: func() func(cx *Context) Poll[[]int] {
			var target *JoinHandle[int]
			var all *awaitAll[int]
			var wg sync.WaitGroup
			return func(cx *Context) Poll[[]int] {
				if target == nil {
					target = Spawn[int](cx, gate)
					all = &awaitAll[int]{}
					for range 3 {
						all.hs = append(all.hs, Spawn[int](cx, &pollFn[int]{poll: func(cx *Context) Poll[int] { return target.Poll(cx) }}))
					}
					release := KeepAlive()
					wg.Add(1)
					go func() {
						defer wg.Done()
						defer release()
						time.Sleep(20 * time.Millisecond) // every awaiter has polled the target by now
						gate.Resolve(7)
					}()
				}
				r := all.Poll(cx)
				if !r.Ready {
					return Pending[[]int]()
				}
				wg.Wait()
				return Ready(append(r.Value, target.Poll(cx).Value))
			}
		}()})
		if fmt.Sprint(got) != "[7 7 7 7]" {
			t.Errorf("%d workers: %v, want [7 7 7 7]", n, got)
		}
	}
}
