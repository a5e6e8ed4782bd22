package rt

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// cycleFound is what the tests' lockCycleFound panics with: the waiter that found the cycle
// unwinds, releasing its guards, so that the other waiters go on and the test ends.
type cycleFound struct{ report string }

// catchCycles makes a found cycle panic in the waiter that found it, instead of ending the
// process, until the returned function restores it.
func catchCycles(t *testing.T) (reports chan string, restore func()) {
	t.Helper()
	reports = make(chan string, 4)
	old := lockCycleFound
	lockCycleFound = func(r string) {
		reports <- r
		panic(cycleFound{r})
	}
	return reports, func() { lockCycleFound = old }
}

// recoverCycle ends a goroutine that found a cycle quietly.
func recoverCycle() {
	if r := recover(); r != nil {
		if _, ok := r.(cycleFound); !ok {
			panic(r)
		}
	}
}

func TestLockOrderCycleOfTwo(t *testing.T) {
	reports, restore := catchCycles(t)
	a, b := NewMutex(0), NewMutex(0)
	var both, wg sync.WaitGroup
	both.Add(2)
	wg.Add(2)
	lockBoth := func(first, second *Mutex[int], firstAt, firstName, secondAt, secondName string) {
		defer wg.Done()
		defer recoverCycle()
		g := first.Lock()
		defer g.Drop()
		both.Done()
		both.Wait() // each holds its first lock before it takes its second
		g2 := second.LockAt(secondAt, secondName, firstAt+"\t"+firstName, g.Held())
		g2.Drop()
	}
	go lockBoth(a, b, "t.adesh:3:13", "a", "t.adesh:4:13", "b")
	go lockBoth(b, a, "t.adesh:8:13", "b", "t.adesh:9:13", "a")
	wg.Wait()
	restore()
	var got []string
	for len(reports) > 0 {
		got = append(got, <-reports)
	}
	want := "error: deadlock: tasks wait for locks that each other hold\n" +
		"    a goroutine waits for `b` at t.adesh:4:13, holding `a` (locked at t.adesh:3:13)\n" +
		"    a goroutine waits for `a` at t.adesh:9:13, holding `b` (locked at t.adesh:8:13)\n"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("reports %q, want one:\n%s", got, want)
	}
	if n := len(lockWaits.waits); n != 0 {
		t.Errorf("%d waits left registered", n)
	}
}

func TestLockTakenAgainByItsHolder(t *testing.T) {
	reports, restore := catchCycles(t)
	defer restore()
	m := NewMutex(0)
	alias := m
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer recoverCycle()
		g := m.Lock()
		defer g.Drop()
		g2 := alias.LockAt("t.adesh:5:14", "alias", "t.adesh:4:13\tm", g.Held())
		g2.Drop()
	}()
	<-done
	select {
	case r := <-reports:
		want := "error: deadlock: a lock is taken again by the task that holds it\n" +
			"    a goroutine waits for `alias` at t.adesh:5:14, holding `m` (locked at t.adesh:4:13): the same lock\n"
		if r != want {
			t.Fatalf("report:\n%s\nwant:\n%s", r, want)
		}
	default:
		t.Fatal("no report")
	}
}

func TestLockOrderRwLockCycle(t *testing.T) {
	reports, restore := catchCycles(t)
	x, y := NewRwLock(0), NewRwLock(0)
	var both, wg sync.WaitGroup
	both.Add(2)
	wg.Add(2)
	go func() { // reads x, then writes y
		defer wg.Done()
		defer recoverCycle()
		r := x.Read()
		defer r.Drop()
		both.Done()
		both.Wait()
		w := y.WriteAt("t.adesh:2:9", "y", "t.adesh:1:9\tx\tr", r.Held())
		w.Drop()
	}()
	go func() { // writes y, then writes x: waits for the reader
		defer wg.Done()
		defer recoverCycle()
		w := y.Write()
		defer w.Drop()
		both.Done()
		both.Wait()
		w2 := x.WriteAt("t.adesh:6:9", "x", "t.adesh:5:9\ty", w.Held())
		w2.Drop()
	}()
	wg.Wait()
	restore()
	if len(reports) != 1 {
		t.Fatalf("%d reports, want 1", len(reports))
	}
	r := <-reports
	for _, s := range []string{"waits for `y` at t.adesh:2:9, holding `x` (locked at t.adesh:1:9)", "waits for `x` at t.adesh:6:9, holding `y` (locked at t.adesh:5:9)"} {
		if !strings.Contains(r, s) {
			t.Errorf("report lacks %q:\n%s", s, r)
		}
	}
}

func TestLockOrderNoCycleWhileHolderRuns(t *testing.T) {
	// Two readers of one RwLock, each holding it while waiting for a mutex the other does not
	// hold, and a waiter whose lock's holder is not waiting: nothing is reported.
	reports, restore := catchCycles(t)
	defer restore()
	a, b := NewMutex(0), NewMutex(0)
	rw := NewRwLock(0)
	ga := a.Lock() // held by the test, which is not waiting
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		r := rw.Read()
		defer r.Drop()
		g := a.LockAt("t:2", "a", "t:1\trw\tr", r.Held())
		g.Drop()
	}()
	go func() {
		defer wg.Done()
		gb := b.Lock()
		defer gb.Drop()
		r := rw.ReadAt("t:4", "rw", "t:3\tb", gb.Held())
		r.Drop()
	}()
	time.Sleep(20 * time.Millisecond)
	ga.Drop()
	wg.Wait()
	if len(reports) != 0 {
		t.Fatalf("reported %q", <-reports)
	}
}

// BenchmarkLockAt compares the uncontended LockAt of a call that holds another guard (its
// held list built and passed) with Lock.
func BenchmarkLockAt(b *testing.B) {
	outer, m := NewMutex(0), NewMutex(0)
	g := outer.Lock()
	defer g.Drop()
	b.Run("Lock", func(b *testing.B) {
		for range b.N {
			g2 := m.Lock()
			*g2.Ptr() += 1
			g2.Drop()
		}
	})
	b.Run("LockAtNothingHeld", func(b *testing.B) {
		for range b.N {
			g2 := m.LockAt("t:2", "m", "")
			*g2.Ptr() += 1
			g2.Drop()
		}
	})
	b.Run("LockAt", func(b *testing.B) {
		for range b.N {
			g2 := m.LockAt("t:2", "m", "t:1\touter", g.Held())
			*g2.Ptr() += 1
			g2.Drop()
		}
	})
}
