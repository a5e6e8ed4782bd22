package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

func TestRwLockLayout(t *testing.T) {
	var a RwLock[int64]
	var b RwLock[mutexTestRecord]
	for _, c := range []struct {
		name                 string
		state, notify, value uintptr
		size, wantSize       uintptr
	}{
		{"int64", unsafe.Offsetof(a.words.state), unsafe.Offsetof(a.words.writerNotify), unsafe.Offsetof(a.value), unsafe.Sizeof(a), 16},
		{"record", unsafe.Offsetof(b.words.state), unsafe.Offsetof(b.words.writerNotify), unsafe.Offsetof(b.value), unsafe.Sizeof(b), 8 + unsafe.Sizeof(mutexTestRecord{})},
	} {
		if c.state != 0 || c.notify != 4 || c.value != 8 || c.size != c.wantSize {
			t.Errorf("RwLock[%s]: state %d, writerNotify %d, value %d, size %d; want 0, 4, 8, %d",
				c.name, c.state, c.notify, c.value, c.size, c.wantSize)
		}
	}
}

func TestRwLockReadersShareWritersExclude(t *testing.T) {
	l := NewRwLock(5)
	r1 := l.Read()
	r2, ok := l.TryRead()
	if !ok {
		t.Fatal("a second reader was refused")
	}
	if l.words.state != 2 {
		t.Fatalf("state %#x with two readers", l.words.state)
	}
	if _, ok := l.TryWrite(); ok {
		t.Fatal("a writer got in beside readers")
	}
	if r1.Get()+*r2.Ptr() != 10 {
		t.Fatal("readers see the wrong value")
	}
	r1.Drop()
	r2.Unlock()
	r2.Drop()
	w, ok := l.TryWrite()
	if !ok {
		t.Fatal("a writer was refused by a free lock")
	}
	if _, ok := l.TryRead(); ok {
		t.Fatal("a reader got in beside a writer")
	}
	if _, ok := l.TryWrite(); ok {
		t.Fatal("a second writer got in")
	}
	*w.Ptr() += 1
	w.Set(w.Get() * 2)
	w.Drop()
	if l.words.state != 0 {
		t.Fatalf("state %#x after all unlocked", l.words.state)
	}
	r := l.Read()
	defer r.Drop()
	if r.Get() != 12 {
		t.Fatalf("value %d, want 12", r.Get())
	}
}

func TestRwLockMisuse(t *testing.T) {
	l := NewRwLock("v")
	r := l.Read()
	r.Unlock()
	r.Drop()
	syncMisuseSays(t, "ReadGuard<string> unlocked after it was unlocked", r.Unlock)
	syncMisuseSays(t, "ReadGuard<string> used after it was unlocked", func() { r.Get() })
	w := l.Write()
	w.Unlock()
	w.Drop()
	syncMisuseSays(t, "WriteGuard<string> unlocked after it was unlocked", w.Unlock)
	syncMisuseSays(t, "WriteGuard<string> used after it was unlocked", func() { w.Set("x") })

	// Copies of a guard (which generated code never makes) unlock twice; the lock word survives.
	r = l.Read()
	rc := r
	r.Unlock()
	syncMisuseSays(t, "read unlock of an RwLock<string> that is not read-locked", rc.Unlock)
	w = l.Write()
	wc := w
	w.Unlock()
	syncMisuseSays(t, "write unlock of an RwLock<string> that is not write-locked", wc.Unlock)
	if l.words.state != 0 {
		t.Fatalf("state %#x after misuse", l.words.state)
	}

	var null *RwLock[int]
	syncMisuseSays(t, "read of a null RwLock<i64>", func() { null.Read() })
	syncMisuseSays(t, "write of a null RwLock<i64>", func() { null.Write() })
}

// TestRwLockWaitingWriterGoesFirst: once a writer waits, a new reader waits behind it even though
// the lock is only read-locked, and the writer gets the lock before that reader.
func TestRwLockWaitingWriterGoesFirst(t *testing.T) {
	l := NewRwLock(0)
	first := l.Read()
	var wg sync.WaitGroup
	wg.Go(func() {
		w := l.Write()
		w.Set(1)
		w.Drop()
	})
	for atomic.LoadUint32(&l.words.state)&rwWritersWaiting == 0 {
		runtime.Gosched()
	}
	if g, ok := l.TryRead(); ok {
		g.Drop()
		t.Fatal("a new reader got in ahead of a waiting writer")
	}
	var seen int
	wg.Go(func() {
		r := l.Read()
		seen = r.Get()
		r.Drop()
	})
	for atomic.LoadUint32(&l.words.state)&rwReadersWaiting == 0 {
		runtime.Gosched()
	}
	first.Drop()
	wg.Wait()
	if seen != 1 {
		t.Fatal("the late reader got in before the waiting writer")
	}
	if l.words.state != 0 {
		t.Fatalf("state %#x after all unlocked", l.words.state)
	}
}

// TestRwLockWriterAmidReaderStream: readers hand the read lock over to each other, each holding
// it until a later reader is in (or, if none comes, a while), so the lock is never free while the
// stream goes on. The writer must get in anyway: once it waits, new readers wait too and the
// stream dries up. Without writer priority the readers overtake it again and again, until the
// overtake limit ends the stream and the test fails.
func TestRwLockWriterAmidReaderStream(t *testing.T) {
	const readers, writes, overtakeLimit, patience = 3, 20, 5_000, 200
	l := NewRwLock(0)
	var arrivals, overtakes atomic.Int64
	var writerDone atomic.Bool
	var wg sync.WaitGroup
	for range readers {
		wg.Go(func() {
			for !writerDone.Load() {
				if atomic.LoadUint32(&l.words.state)&rwWritersWaiting != 0 && overtakes.Add(1) > overtakeLimit {
					return
				}
				r := l.Read()
				me := arrivals.Add(1)
				for wait := 0; wait < patience && arrivals.Load() == me; wait++ {
					runtime.Gosched()
				}
				r.Drop()
			}
		})
	}
	for range writes {
		// Let the stream get going again before each write.
		for seen := arrivals.Load(); arrivals.Load() < seen+10 && overtakes.Load() <= overtakeLimit; {
			runtime.Gosched()
		}
		w := l.Write()
		*w.Ptr() += 1
		w.Drop()
	}
	writerDone.Store(true)
	wg.Wait()
	if n := overtakes.Load(); n > overtakeLimit {
		t.Fatalf("readers kept overtaking the waiting writer: the writer was starved")
	}
	t.Logf("%d reads started while the writer waited", overtakes.Load())
	r := l.Read()
	defer r.Drop()
	if r.Get() != writes {
		t.Fatalf("value %d, want %d", r.Get(), writes)
	}
}

// TestRwLockMixedStress: writers keep two fields equal, readers check they never see them differ.
func TestRwLockMixedStress(t *testing.T) {
	const writers, readers, rounds = 3, 3, 2000
	l := NewRwLock(struct{ a, b int }{})
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			for j := range rounds {
				w := l.Write()
				v := w.Ptr()
				v.a++
				if (i+j)%50 == 0 {
					runtime.Gosched()
				}
				v.b++
				w.Drop()
			}
		})
	}
	for i := range readers {
		wg.Go(func() {
			for j := range rounds {
				var r ReadGuard[struct{ a, b int }]
				if (i+j)%3 == 0 {
					var ok bool
					if r, ok = l.TryRead(); !ok {
						continue
					}
				} else {
					r = l.Read()
				}
				if v := r.Ptr(); v.a != v.b {
					t.Errorf("reader saw a torn write: %+v", *v)
				}
				r.Drop()
			}
		})
	}
	wg.Wait()
	w := l.Write()
	defer w.Drop()
	if v := w.Get(); v.a != writers*rounds || v.b != v.a {
		t.Fatalf("got %+v, want %d", v, writers*rounds)
	}
}
