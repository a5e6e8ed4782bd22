//go:build linux && !adesh_futex_table

package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

func TestFutexSyscallWaitReturnsWhenTheWordDiffers(t *testing.T) {
	word := uint32(1)
	futexWait(&word, 0) // EAGAIN: must not sleep
	if n := futexWake(&word, 1); n != 0 {
		t.Fatalf("woke %d with nobody asleep", n)
	}
}

func TestFutexSyscallPingPong(t *testing.T) {
	const rounds = 2000
	var turn uint32
	var wakes atomic.Int64
	var wg sync.WaitGroup
	for me := range uint32(2) {
		wg.Go(func() {
			runtime.LockOSThread() // as a worker is
			defer runtime.UnlockOSThread()
			for range rounds {
				for {
					cur := atomic.LoadUint32(&turn)
					if cur == me {
						break
					}
					futexWait(&turn, cur)
				}
				atomic.StoreUint32(&turn, 1-me)
				wakes.Add(int64(futexWake(&turn, 1)))
			}
		})
	}
	wg.Wait()
	t.Logf("%d of %d handovers woke a sleeper", wakes.Load(), 2*rounds)
}
