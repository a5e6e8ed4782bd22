package rt

import (
	"testing"
	"time"
)

// Threads share a Mutex and an Atomic; join gives each thread's value. Run under -race by
// make test, this is what keeps the thread module's objects free of data races.
func TestThreadsShareMutexAndAtomic(t *testing.T) {
	m := NewMutex[int64](0)
	a := NewAtomic[int64](0)
	hs := make([]*JoinHandle[int64], 4)
	for i := range hs {
		hs[i] = SpawnThread(func() int64 {
			for range 1000 {
				m.With(func(v int64) int64 { return v + 1 })
				a.FetchAdd(1)
			}
			return int64(i)
		})
	}
	var ids int64
	for _, h := range hs {
		ids += ThreadJoin(h, "test")
	}
	g := m.Lock()
	if got := g.Get(); got != 4000 || a.Load() != 4000 || ids != 6 {
		t.Fatalf("mutex %d, atomic %d, ids %d; want 4000, 4000, 6", got, a.Load(), ids)
	}
	busy := SpawnThread(func() Value { return ThreadLockTimeout(m, 5) })
	if r := ThreadJoin(busy, "test").(*Record); !recordIs(r, false, "kind", "timeout") {
		t.Fatalf("lock_timeout of a held mutex gave %v", r)
	}
	if r := ThreadTryLock(m).(*Record); !recordIs(r, false, "kind", "would_block") {
		t.Fatalf("try_lock of a held mutex gave %v", r)
	}
	g.Unlock()
	r := ThreadTryLock(m).(*Record)
	if ok, _ := r.Get("ok"); ok != true {
		t.Fatalf("try_lock of a free mutex gave %v", r)
	}
	guard, _ := r.Get("value")
	DynMethod(guard, "unlock", "test")
}

func recordIs(r *Record, ok bool, field string, want Value) bool {
	gotOK, _ := r.Get("ok")
	got, _ := r.Get(field)
	return gotOK == ok && got == want
}

// A thread's throw reaches the one that joins it.
func TestThreadJoinRethrows(t *testing.T) {
	h := SpawnThread(func() int64 { panic(&Thrown{Err: Error{Message: "boom"}}) })
	defer func() {
		th, ok := recover().(*Thrown)
		if !ok || th.Err.Message != "boom" {
			t.Fatalf("join of a failed thread: %v", th)
		}
	}()
	ThreadJoin(h, "test")
	t.Fatal("join of a failed thread returned")
}

func TestAtomicBool(t *testing.T) {
	b := NewAtomic(false)
	first, second := b.CompareExchange(false, true), b.CompareExchange(false, true)
	if Str(first) != "{ ok: true, value: false }" || !b.Load() || b.Swap(false) != true || b.Load() {
		t.Fatalf("AtomicBool: %s", Str(first))
	}
	if Str(second) != `{ ok: false, kind: "mismatch", message: "found true" }` {
		t.Fatalf("a compare_exchange that finds another value gave %s", Str(second))
	}
}

// A thread that ended leaves nothing behind in threadDone, and joining it (again) still gives
// its value.
func TestEndedThreadsLeaveNoEntry(t *testing.T) {
	var hs []*JoinHandle[int64]
	for i := range 50 {
		hs = append(hs, SpawnThread(func() int64 { return int64(i) }))
	}
	for i, h := range hs {
		if got := ThreadJoin(h, "t"); got != int64(i) {
			t.Fatalf("join %d gave %d", i, got)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		left := 0
		for _, h := range hs {
			if _, ok := threadDone.Load(&h.task); ok {
				left++
			}
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d ended threads still in threadDone", left)
		}
		time.Sleep(time.Millisecond)
	}
	if got := ThreadJoin(hs[3], "t"); got != 3 {
		t.Fatalf("a second join gave %d", got)
	}
}
