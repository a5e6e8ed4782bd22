package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The portable futex table is what non-Linux systems sleep in; it is tested here on every system.

func TestFutexTableWaitReturnsWhenTheWordDiffers(t *testing.T) {
	word := uint32(1)
	tableWait(&word, 0) // must not sleep
	if n := tableWake(&word, 1); n != 0 {
		t.Fatalf("woke %d with nobody asleep", n)
	}
}

func TestFutexTableWakesAtMostN(t *testing.T) {
	var word, other uint32
	const sleepers = 4
	var woken atomic.Int32
	var wg sync.WaitGroup
	for range sleepers {
		wg.Go(func() {
			for atomic.LoadUint32(&word) == 0 {
				tableWait(&word, 0)
			}
			woken.Add(1)
		})
	}
	for tableSleeping.Load() < sleepers {
		runtime.Gosched()
	}
	if n := tableWake(&other, sleepers); n != 0 {
		t.Fatalf("a wake on another word woke %d", n)
	}
	if n := tableWake(&word, 1); n != 1 {
		t.Fatalf("wake(1) woke %d", n)
	}
	// The woken sleeper sees the word unchanged and sleeps again.
	for tableSleeping.Load() < sleepers {
		runtime.Gosched()
	}
	atomic.StoreUint32(&word, 1)
	if n := tableWake(&word, 100); n != sleepers {
		t.Fatalf("wake(100) woke %d, want %d", n, sleepers)
	}
	wg.Wait()
	if woken.Load() != sleepers {
		t.Fatalf("%d sleepers left, want %d", woken.Load(), sleepers)
	}
}

// TestFutexTablePingPong passes a turn back and forth through one word many times: a wake lost
// between a sleeper's check and its sleep would hang the test.
func TestFutexTablePingPong(t *testing.T) {
	const rounds = 5000
	var turn uint32 // whose turn: 0 or 1
	var wg sync.WaitGroup
	for me := range uint32(2) {
		wg.Go(func() {
			for range rounds {
				for {
					cur := atomic.LoadUint32(&turn)
					if cur == me {
						break
					}
					tableWait(&turn, cur)
				}
				atomic.StoreUint32(&turn, 1-me)
				tableWake(&turn, 1)
			}
		})
	}
	wg.Wait()
	if tableSleeping.Load() != 0 {
		t.Fatalf("%d sleepers left", tableSleeping.Load())
	}
}

// TestFutexTableWaitForTimesOut: a timed sleeper nobody wakes returns after its time and leaves
// its bucket; a later wake finds nobody.
func TestFutexTableWaitForTimesOut(t *testing.T) {
	var word uint32
	start := time.Now()
	tableWaitFor(&word, 0, 20*time.Millisecond)
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Fatalf("returned after %v, before its time", d)
	}
	if n := tableSleeping.Load(); n != 0 {
		t.Fatalf("%d sleepers left", n)
	}
	if n := tableWake(&word, 1); n != 0 {
		t.Fatalf("woke %d after the timeout", n)
	}
}
