package rt

import (
	"sync"
	"testing"
	"unsafe"
)

// The suspended-task memory targets (bench/README.md: issue 34 wants ≤ 190 bytes per task
// waiting on a channel, header included: task, value and a future around a RecvFuture fit the
// 160-byte size class) rest on these sizes.
func TestTaskAndLeafFutureSizes(t *testing.T) {
	sizes := []struct {
		name        string
		size, limit uintptr // limit 0: reported only
	}{
		{"task", unsafe.Sizeof(task{}), 80},
		{"JoinHandle[int64]", unsafe.Sizeof(JoinHandle[int64]{}), 88},
		{"RecvFuture[int64]", unsafe.Sizeof(RecvFuture[int64]{}), 48},
		{"SendFuture[int64]", unsafe.Sizeof(SendFuture[int64]{}), 0},
		{"SleepFuture", unsafe.Sizeof(SleepFuture{}), 72},
		{"YieldFuture", unsafe.Sizeof(YieldFuture{}), 0},
		{"TimeoutFuture[int64]", unsafe.Sizeof(TimeoutFuture[int64]{}), 0},
		{"Promise[int64]", unsafe.Sizeof(Promise[int64]{}), 48},
		{"thenPromise[int64, int64]", unsafe.Sizeof(thenPromise[int64, int64]{}), 64}, // a pending .then
		{"thenElsePromise[int64, int64]", unsafe.Sizeof(thenElsePromise[int64, int64]{}), 0},
	}
	for _, s := range sizes {
		t.Logf("%-26s %3d bytes", s.name, s.size)
		if s.limit != 0 && s.size > s.limit {
			t.Errorf("%s is %d bytes, more than %d", s.name, s.size, s.limit)
		}
	}
}

func TestConcurrentRunsAreSerialized(t *testing.T) {
	var wg sync.WaitGroup
	results := make([]int, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = mustRunQuiet(t, 2, ready(func(cx *Context) int {
				return len(cx.worker.sched.workers) + i*10
			}))
		}()
	}
	wg.Wait()
	for i, got := range results {
		if got != 2+i*10 {
			t.Errorf("run %d gave %d", i, got)
		}
	}
}

// mustRunQuiet is RunWorkers without the leak check (which counts the whole process's
// goroutines, so it cannot run beside other runs).
func mustRunQuiet[T any](t *testing.T, n int, main Future[T]) T {
	v, err := RunWorkers(n, main)
	if err != nil {
		t.Errorf("run failed: %v", err)
	}
	return v
}

// The counters every spawn writes share no cache line with the words the workers read on every
// turn (bench/README.md, issue 34: the tree on two workers).
func TestSpawnCountersHaveTheirOwnCacheLine(t *testing.T) {
	var s scheduler
	lo := unsafe.Offsetof(s.nextID) // (the offsets of promoted fields are within s)
	hi := unsafe.Offsetof(s.outstanding) + unsafe.Sizeof(s.outstanding)
	if hi-lo > cacheLine {
		t.Fatalf("nextID and outstanding span %d bytes", hi-lo)
	}
	for name, off := range map[string]uintptr{
		"workers": unsafe.Offsetof(s.workers), "fifo": unsafe.Offsetof(s.fifo),
		"joiners": unsafe.Offsetof(s.joiners) + unsafe.Sizeof(s.joiners) - 1,
		"started": unsafe.Offsetof(s.started), "done": unsafe.Offsetof(s.done),
		"nSearching": unsafe.Offsetof(s.nSearching), "nParked": unsafe.Offsetof(s.nParked),
		"mainTask": unsafe.Offsetof(s.mainTask),
	} {
		if off+cacheLine > lo && off < hi+cacheLine {
			t.Errorf("%s (offset %d) is within a cache line of the spawn counters (%d–%d)", name, off, lo, hi)
		}
	}
}
