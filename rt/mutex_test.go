package rt

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// syncMisuse runs f and returns the run-time error it raised, failing the test if it raised none.
func syncMisuse(t *testing.T, f func()) *Thrown {
	t.Helper()
	var thrown *Thrown
	func() {
		defer func() {
			if r := recover(); r != nil {
				th, ok := r.(*Thrown)
				if !ok {
					panic(r)
				}
				thrown = th
			}
		}()
		f()
	}()
	if thrown == nil {
		t.Fatal("no run-time error raised")
	}
	return thrown
}

// syncMisuseSays checks that f raises a run-time error whose message contains want.
func syncMisuseSays(t *testing.T, want string, f func()) {
	t.Helper()
	if got := syncMisuse(t, f).Err.Message; !strings.Contains(got, want) {
		t.Errorf("error %q does not contain %q", got, want)
	}
}

type mutexTestRecord struct {
	name  string
	count int64
	flags [3]bool
}

func TestMutexLayout(t *testing.T) {
	check := func(name string, stateOff, valueOff, size, align, valueSize uintptr) {
		t.Helper()
		wantSize := (8 + valueSize + align - 1) / align * align
		if stateOff != 0 || valueOff != 8 || size != wantSize {
			t.Errorf("Mutex[%s]: state at %d, value at %d, size %d; want 0, 8, %d", name, stateOff, valueOff, size, wantSize)
		}
	}
	var a Mutex[int64]
	check("int64", unsafe.Offsetof(a.state), unsafe.Offsetof(a.value), unsafe.Sizeof(a), unsafe.Alignof(a), 8)
	var b Mutex[byte]
	check("byte", unsafe.Offsetof(b.state), unsafe.Offsetof(b.value), unsafe.Sizeof(b), unsafe.Alignof(b), 1)
	var c Mutex[string]
	check("string", unsafe.Offsetof(c.state), unsafe.Offsetof(c.value), unsafe.Sizeof(c), unsafe.Alignof(c), unsafe.Sizeof(""))
	var d Mutex[mutexTestRecord]
	check("record", unsafe.Offsetof(d.state), unsafe.Offsetof(d.value), unsafe.Sizeof(d), unsafe.Alignof(d), unsafe.Sizeof(mutexTestRecord{}))
	var e Mutex[[]int]
	check("slice", unsafe.Offsetof(e.state), unsafe.Offsetof(e.value), unsafe.Sizeof(e), unsafe.Alignof(e), unsafe.Sizeof([]int{}))
	if s := unsafe.Sizeof(MutexGuard[mutexTestRecord]{}); s != unsafe.Sizeof(uintptr(0)) {
		t.Errorf("MutexGuard is %d bytes, want one pointer", s)
	}
}

func TestMutexStateWord(t *testing.T) {
	m := NewMutex(7)
	if m.state != mutexUnlocked {
		t.Fatalf("new mutex state %d", m.state)
	}
	g := m.Lock()
	if m.state != mutexLocked {
		t.Fatalf("locked mutex state %d, want 1", m.state)
	}
	if _, ok := m.TryLock(); ok {
		t.Fatal("TryLock succeeded on a locked mutex")
	}
	if got := g.Get(); got != 7 {
		t.Fatalf("Get = %d", got)
	}
	*g.Ptr() += 1
	g.Set(g.Get() * 2)
	g.Drop()
	if m.state != mutexUnlocked {
		t.Fatalf("unlocked mutex state %d", m.state)
	}
	g2, ok := m.TryLock()
	if !ok {
		t.Fatal("TryLock failed on a free mutex")
	}
	if got := g2.Get(); got != 16 {
		t.Fatalf("value %d, want 16", got)
	}
	g2.Unlock()
}

func TestMutexGuardFieldsAndMethods(t *testing.T) {
	m := NewMutex(mutexTestRecord{name: "a"})
	g := m.Lock()
	g.Ptr().count = 3
	g.Ptr().name += "b"
	g.Drop()
	g = m.Lock()
	defer g.Drop()
	if r := g.Get(); r.name != "ab" || r.count != 3 {
		t.Fatalf("record %+v", r)
	}
}

func TestMutexDropAfterUnlockIsNoOp(t *testing.T) {
	m := NewMutex(0)
	g := m.Lock()
	g.Unlock() // `defer g.unlock()` ran ...
	g.Drop()   // ... and then the scope ended
	g.Drop()
	other := m.Lock() // the lock is free, and the late Drops did not unlock someone else's lock
	g.Drop()
	if m.state != mutexLocked {
		t.Fatalf("state %d after a stale Drop; the other holder lost its lock", m.state)
	}
	other.Drop()
	var zero MutexGuard[int]
	zero.Drop() // a guard field never assigned, dropped at cancellation
}

func TestMutexMisuse(t *testing.T) {
	m := NewMutex(0)
	g := m.Lock()
	g.Unlock()
	syncMisuseSays(t, "MutexGuard<i64> unlocked after it was unlocked", g.Unlock)
	syncMisuseSays(t, "MutexGuard<i64> used after it was unlocked", func() { g.Ptr() })
	syncMisuseSays(t, "used after it was unlocked", func() { g.Get() })
	syncMisuseSays(t, "used after it was unlocked", func() { g.Set(1) })
	failed, ok := m.TryLock()
	if !ok {
		t.Fatal("TryLock failed on a free mutex")
	}
	held, _ := m.TryLock()
	syncMisuseSays(t, "unlocked after it was unlocked", held.Unlock) // a failed TryLock holds nothing
	failed.Drop()

	// Two copies of one guard (something generated code never does) unlock the mutex twice.
	g = m.Lock()
	copied := g
	g.Unlock()
	syncMisuseSays(t, "unlock of a Mutex that is not locked", copied.Unlock)
	if m.state != mutexUnlocked {
		t.Fatalf("state %d after a double unlock", m.state)
	}

	var null *Mutex[string]
	syncMisuseSays(t, "lock of a null Mutex<string>", func() { null.Lock() })
	syncMisuseSays(t, "try_lock of a null Mutex<string>", func() { null.TryLock() })
	syncMisuseSays(t, "lock of a null Mutex<string>", func() { null.With(func(s string) string { return s }) })
}

func TestMutexWith(t *testing.T) {
	m := NewMutex([]int{1})
	m.With(func(v []int) []int { return append(v, 2) })
	g := m.Lock()
	if v := g.Get(); len(v) != 2 || v[1] != 2 {
		t.Fatalf("value %v", v)
	}
	g.Drop()

	// A throw inside f leaves the value as it was and releases the lock.
	syncMisuseSays(t, "boom", func() {
		m.With(func(v []int) []int {
			Fail("", "boom")
			return nil
		})
	})
	g, ok := m.TryLock()
	if !ok {
		t.Fatal("lock still held after f threw")
	}
	if v := g.Get(); len(v) != 2 {
		t.Fatalf("value changed by a throwing f: %v", v)
	}
	g.Drop()
}

func TestMutexExactTotal(t *testing.T) {
	const goroutines, increments = 8, 2000
	m := NewMutex(int64(0))
	var wg sync.WaitGroup
	for i := range goroutines {
		wg.Go(func() {
			for j := range increments {
				switch {
				case (i+j)%7 == 0:
					m.With(func(v int64) int64 { return v + 1 })
				case (i+j)%5 == 0:
					g, ok := m.TryLock()
					if !ok {
						g = m.Lock()
					}
					g.Set(g.Get() + 1)
					g.Unlock()
					g.Drop()
				default:
					g := m.Lock()
					*g.Ptr() += 1
					g.Drop()
				}
			}
		})
	}
	wg.Wait()
	g := m.Lock()
	defer g.Drop()
	if got := g.Get(); got != goroutines*increments {
		t.Fatalf("total %d, want %d", got, goroutines*increments)
	}
}

// TestMutexSleepsAndWakes holds the lock while lockers pile up, so that they must give up
// spinning, mark the word contended and sleep; the unlock must then wake them one by one.
func TestMutexSleepsAndWakes(t *testing.T) {
	const lockers = 4
	m := NewMutex(0)
	sleepsBefore, wakesBefore := lockSleeps.Load(), lockWakeups.Load()
	g := m.Lock()
	var wg sync.WaitGroup
	for range lockers {
		wg.Go(func() {
			g := m.Lock()
			*g.Ptr() += 1
			g.Drop()
		})
	}
	for atomic.LoadUint32(&m.state) != mutexContended {
		runtime.Gosched()
	}
	for lockSleeps.Load()-sleepsBefore < lockers {
		runtime.Gosched()
	}
	if got := g.Get(); got != 0 {
		t.Fatalf("a locker got in while the lock was held: %d", got)
	}
	g.Drop()
	wg.Wait()
	final := m.Lock()
	defer final.Drop()
	if got := final.Get(); got != lockers {
		t.Fatalf("%d lockers got the lock, want %d", got, lockers)
	}
	if wakes := lockWakeups.Load() - wakesBefore; wakes < lockers {
		t.Fatalf("%d wake-ups for %d sleepers", wakes, lockers)
	}
}

// TestMutexContendedStress mixes long and short critical sections so that every path (first try,
// spin, sleep) is taken many times, and checks that nothing is lost.
func TestMutexContendedStress(t *testing.T) {
	const goroutines, rounds = 6, 3000
	m := NewMutex(struct{ a, b int }{})
	sleepsBefore := lockSleeps.Load()
	var wg sync.WaitGroup
	for i := range goroutines {
		wg.Go(func() {
			for j := range rounds {
				g := m.Lock()
				v := g.Ptr()
				if v.a != v.b {
					t.Errorf("torn update: %+v", *v)
				}
				v.a++
				if (i+j)%64 == 0 {
					runtime.Gosched() // hold the lock across a reschedule
				}
				v.b++
				g.Drop()
			}
		})
	}
	wg.Wait()
	final := m.Lock()
	defer final.Drop()
	if v := final.Get(); v.a != goroutines*rounds || v.b != v.a {
		t.Fatalf("got %+v, want %d", v, goroutines*rounds)
	}
	if m.state != mutexLocked {
		t.Fatalf("state %d with only the final holder, want 1", m.state)
	}
	t.Logf("%d sleeps", lockSleeps.Load()-sleepsBefore)
}
