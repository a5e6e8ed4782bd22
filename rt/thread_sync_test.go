package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The thread module's synchronization objects, under contention from several goroutines. Run
// with -race, and with -tags adesh_futex_table to sleep in the portable futex table.

// waitUntil spins until cond holds, or fails the test after a few seconds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		runtime.Gosched()
	}
}

// Never more holders than permits, every permit back at the end, and acquirers that had to sleep
// are woken by the releases.
func TestSemaphoreBoundsHoldersUnderContention(t *testing.T) {
	const permits, goroutines, rounds = 3, 8, 300
	s := NewSemaphore(permits, testPos)
	var inside, most, total atomic.Int64
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			for i := range rounds {
				s.Acquire(1, testPos)
				n := inside.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				total.Add(1)
				if i%16 == 0 {
					time.Sleep(10 * time.Microsecond) // hold it long enough for others to sleep
				}
				inside.Add(-1)
				s.Release(1, testPos)
			}
		})
	}
	wg.Wait()
	if most.Load() > permits || total.Load() != goroutines*rounds || s.AvailablePermits() != permits {
		t.Fatalf("at most %d inside (want <= %d), %d acquisitions (want %d), %d permits left (want %d)",
			most.Load(), permits, total.Load(), goroutines*rounds, s.AvailablePermits(), permits)
	}
}

// A semaphore made with 0 permits is a signal: release adds permits that were never taken, and
// each wakes one sleeping acquirer.
func TestSemaphoreReleaseWakesSleepers(t *testing.T) {
	s := NewSemaphore(0, testPos)
	if s.TryAcquire(1, testPos) {
		t.Fatal("try_acquire of an empty semaphore succeeded")
	}
	const sleepers = 4
	var got atomic.Int32
	var wg sync.WaitGroup
	for range sleepers {
		wg.Go(func() { s.Acquire(1, testPos); got.Add(1) })
	}
	waitUntil(t, "the acquirers sleep", func() bool { return s.sleepers.Load() == sleepers })
	for i := range sleepers {
		s.Release(1, testPos)
		waitUntil(t, "a release wakes one acquirer", func() bool { return got.Load() == int32(i+1) })
	}
	wg.Wait()
	s.Release(1, testPos)
	s.Release(1, testPos)
	if s.AvailablePermits() != 2 || !s.TryAcquire(1, testPos) || s.AvailablePermits() != 1 {
		t.Fatalf("permits after two releases and a try_acquire: %d", s.AvailablePermits())
	}
}

func TestSemaphoreBadCounts(t *testing.T) {
	wantFail(t, "thread.Semaphore.new: the count must be between 0 and 2147483647, not -1", func() { NewSemaphore(-1, testPos) })
	wantFail(t, "thread.Semaphore.new: the count must be between 0 and 2147483647, not 4294967296", func() { NewSemaphore(1<<32, testPos) })
	s := NewSemaphore(syncMax, testPos)
	wantFail(t, "thread.Semaphore: release beyond 2147483647 permits", func() { s.Release(1, testPos) })
}

// Every round of a cyclic barrier lets no party through before all have arrived, and names one
// leader.
func TestBarrierRoundsUnderContention(t *testing.T) {
	const parties, rounds = 5, 200
	b := NewBarrier(parties, testPos)
	var arrived [rounds]atomic.Int32
	var leaders [rounds]atomic.Int32
	var early atomic.Int32
	var wg sync.WaitGroup
	for range parties {
		wg.Go(func() {
			for r := range rounds {
				arrived[r].Add(1)
				if b.Wait() {
					leaders[r].Add(1)
				}
				if arrived[r].Load() != parties {
					early.Add(1)
				}
			}
		})
	}
	wg.Wait()
	for r := range rounds {
		if leaders[r].Load() != 1 {
			t.Fatalf("round %d had %d leaders", r, leaders[r].Load())
		}
	}
	if early.Load() != 0 {
		t.Fatalf("%d waits returned before their round was complete", early.Load())
	}
}

func TestBarrierOfOneAndBadCounts(t *testing.T) {
	b := NewBarrier(1, testPos)
	if !b.Wait() || !b.Wait() {
		t.Fatal("the only party of a barrier is not its leader")
	}
	wantFail(t, "Barrier count must be > 0", func() { NewBarrier(0, testPos) })
	wantFail(t, "Barrier count must be > 0", func() { NewBarrier(-3, testPos) })
	wantFail(t, "thread.Barrier.new: the count must be between 1 and 2147483647, not 4294967296", func() { NewBarrier(1<<32, testPos) })
}

// A party whose wait_timeout runs out leaves its round: the round then opens with another party
// in its place.
func TestBarrierWaitTimeoutLeavesTheRound(t *testing.T) {
	b := NewBarrier(2, testPos)
	if b.WaitTimeout(10) || b.arrived != 0 {
		t.Fatalf("a round of one party out of two opened (%d arrived)", b.arrived)
	}
	opened := make(chan bool)
	go func() { opened <- b.WaitTimeout(5000) }()
	b.Wait()
	if !<-opened {
		t.Fatal("the round of two parties did not open")
	}
}

// acquire(n) waits until n permits are free and takes them together; release(n) gives n back;
// acquire_timeout gives up after its time and takes nothing.
func TestSemaphoreSeveralPermits(t *testing.T) {
	s := NewSemaphore(3, testPos)
	s.Acquire(2, testPos)
	if s.TryAcquire(2, testPos) || !s.TryAcquire(1, testPos) || s.AvailablePermits() != 0 {
		t.Fatalf("after acquire(2) of 3, try_acquire(2) and try_acquire(1): %d left", s.AvailablePermits())
	}
	if s.AcquireTimeout(10, 2, testPos) {
		t.Fatal("acquire_timeout of 2 permits out of 0 succeeded")
	}
	got := make(chan bool)
	go func() { got <- s.AcquireTimeout(5000, 3, testPos) }()
	waitUntil(t, "the acquirer sleeps", func() bool { return s.sleepers.Load() == 1 })
	s.Release(2, testPos)
	s.Release(1, testPos)
	if !<-got || s.AvailablePermits() != 0 {
		t.Fatalf("acquire_timeout of 3 after three releases: %d left", s.AvailablePermits())
	}
	// A sleeper of one permit beside one of two: a release of one wakes the right one.
	one, two := make(chan struct{}), make(chan struct{})
	go func() { s.Acquire(2, testPos); close(two) }()
	go func() { s.Acquire(1, testPos); close(one) }()
	waitUntil(t, "the acquirers sleep", func() bool { return s.sleepers.Load() == 2 })
	s.Release(1, testPos)
	<-one
	s.Release(2, testPos)
	<-two
	wantFail(t, "thread.Semaphore.acquire: the permits must be between 0 and 2147483647, not -1", func() { s.Acquire(-1, testPos) })
}

// count_down(k) lowers the count by k, not below zero, and gives what is left; try_wait and
// wait_timeout say whether it is zero.
func TestCountDownLatchSteps(t *testing.T) {
	l := NewCountDownLatch(3, testPos)
	if got := l.CountDown(2); got != 1 || l.TryWait() || l.WaitTimeout(5) {
		t.Fatalf("count_down(2) of 3 gives %d", got)
	}
	done := make(chan bool)
	go func() { done <- l.WaitTimeout(5000) }()
	if got := l.CountDown(5); got != 0 || !<-done || !l.TryWait() {
		t.Fatalf("count_down(5) of 1 gives %d", got)
	}
	if got := l.CountDown(1); got != 0 {
		t.Fatalf("count_down at zero gives %d", got)
	}
}

// Waiters return once every count_down is done, and see what the counters wrote before.
func TestCountDownLatchUnderContention(t *testing.T) {
	const counters, waiters = 6, 4
	l := NewCountDownLatch(counters, testPos)
	written := make([]int, counters)
	var wg sync.WaitGroup
	var bad atomic.Int32
	for range waiters {
		wg.Go(func() {
			l.Wait()
			for i, v := range written {
				if v != i+1 {
					bad.Add(1)
				}
			}
		})
	}
	time.Sleep(time.Millisecond) // let some waiters sleep
	for i := range counters {
		wg.Go(func() {
			written[i] = i + 1
			l.CountDown(1)
		})
	}
	wg.Wait()
	if bad.Load() != 0 {
		t.Fatalf("%d waiters missed a counter's write", bad.Load())
	}
	l.CountDown(1) // at zero: nothing happens
	l.Wait()
	if c := atomic.LoadUint32(&l.count); c != 0 {
		t.Fatalf("count_down at zero left the count at %d", c)
	}
	NewCountDownLatch(0, testPos).Wait()
	wantFail(t, "thread.CountDownLatch.new: the count must be between 0 and 2147483647, not -1", func() { NewCountDownLatch(-1, testPos) })
}

func TestCancellationSeenByEveryToken(t *testing.T) {
	src := NewCancellationSource()
	tok := src.Token()
	if tok.IsCancelled() || tok != src.Token() {
		t.Fatal("a new source's token is cancelled, or its tokens differ")
	}
	var wg sync.WaitGroup
	var loops atomic.Int64
	for range 4 {
		wg.Go(func() {
			for !src.Token().IsCancelled() {
				loops.Add(1)
				runtime.Gosched()
			}
		})
	}
	time.Sleep(time.Millisecond)
	src.Cancel()
	src.Cancel()
	wg.Wait()
	if !tok.IsCancelled() {
		t.Fatal("cancel is not seen by the token")
	}
}

// Readers never see a write half done; writers never lose an update.
func TestThreadRwLockUnderContention(t *testing.T) {
	l := NewRwLock([]int64{0, 0})
	const writers, readers, rounds = 3, 4, 300
	var torn atomic.Int32
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for range rounds {
				ThreadWithWrite(l, func(v []int64) []int64 { return []int64{v[0] + 1, v[1] + 1} })
			}
		})
	}
	for range readers {
		wg.Go(func() {
			for range rounds {
				if !ThreadWithRead(l, func(v []int64) bool { return v[0] == v[1] }) {
					torn.Add(1)
				}
				if v := ThreadRwRead(l); v[0] != v[1] {
					torn.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if v := ThreadRwRead(l); torn.Load() != 0 || v[0] != writers*rounds {
		t.Fatalf("%d torn reads, final %v (want %d)", torn.Load(), v, writers*rounds)
	}
	ThreadRwWrite(l, []int64{7, 7})
	got := ThreadRwRead(l)
	got[0] = 99 // a copy: the lock's value stays
	if v := ThreadRwRead(l); v[0] != 7 {
		t.Fatalf("read gave the lock's own array: %v", v)
	}
	// A throwing callback leaves the value and releases the lock.
	if th := thrown(func() {
		ThreadWithWrite(l, func([]int64) []int64 { panic(&Thrown{Err: Error{Message: "no"}}) })
	}); th == nil || th.Err.Message != "no" {
		t.Fatalf("a throw in with_write gave %v", th)
	}
	if _, ok := l.TryWrite(); !ok {
		t.Fatal("a throw in with_write kept the lock")
	}
}

// A producer and consumers hand items over through a Condvar and a thread.Mutex; no notify is
// lost between a waiter's release of the mutex and its sleep.
func TestCondvarHandsOverUnderContention(t *testing.T) {
	const consumers, items = 4, 2000
	m := NewMutex[int64](0) // items ready
	cv := NewCondvar()
	var taken atomic.Int64
	var wg sync.WaitGroup
	for range consumers {
		wg.Go(func() {
			for {
				g := &ThreadGuard[int64]{m.Lock()}
				for g.g.Get() == 0 && taken.Load() < items {
					CondvarWait(cv, g, testPos)
				}
				if taken.Load() >= items {
					g.g.Unlock()
					return
				}
				g.g.Set(g.g.Get() - 1)
				if taken.Add(1) == items {
					cv.NotifyAll() // wake the others to stop
				}
				g.g.Unlock()
			}
		})
	}
	for i := range items {
		g := m.Lock()
		g.Set(g.Get() + 1)
		g.Unlock()
		if i%2 == 0 {
			cv.NotifyOne()
		} else {
			cv.NotifyAll()
		}
	}
	wg.Wait()
	if g := m.Lock(); g.Get() != 0 || taken.Load() != items {
		t.Fatalf("%d items left, %d taken", g.Get(), taken.Load())
	}
}

// A wait that ping-pongs between two goroutines: each waits for its turn, which the other gives.
func TestCondvarPingPong(t *testing.T) {
	const rounds = 1000
	m := NewMutex[int64](0) // whose turn: 0 or 1
	cv := NewCondvar()
	var wg sync.WaitGroup
	for me := range int64(2) {
		wg.Go(func() {
			for range rounds {
				g := &ThreadGuard[int64]{m.Lock()}
				for g.g.Get() != me {
					CondvarWait(cv, g, testPos)
				}
				g.g.Set(1 - me)
				cv.NotifyOne()
				g.g.Unlock()
			}
		})
	}
	wg.Wait()
}

func TestCondvarWaitMisuse(t *testing.T) {
	cv := NewCondvar()
	wantFail(t, "thread.Condvar: wait needs the guard of a locked thread.Mutex (the `value` of m.lock()'s result), not i64", func() {
		CondvarWait(cv, int64(1), testPos)
	})
	m := NewMutex[int64](0)
	g := &ThreadGuard[int64]{m.Lock()}
	g.g.Unlock()
	wantFail(t, "the mutex guard was used after it was unlocked", func() { CondvarWait(cv, g, testPos) })
}

// Dynamic code calls the objects' methods by their AdeshLang names.
func TestThreadObjectsDynamicMethods(t *testing.T) {
	call := func(v Value, name string, args ...Value) Value { return DynMethod(v, name, testPos, args...) }
	var s Value = NewSemaphore(1, testPos)
	call(s, "acquire")
	if call(s, "try_acquire") != false || call(s, "available_permits") != int64(0) {
		t.Fatal("a semaphore's dynamic try_acquire or available_permits")
	}
	call(s, "release")
	var l Value = NewCountDownLatch(1, testPos)
	call(l, "count_down")
	call(l, "wait")
	if call(NewBarrier(1, testPos), "wait") != true {
		t.Fatal("a barrier of one's dynamic wait")
	}
	var src Value = NewCancellationSource()
	tok := call(src, "token")
	call(src, "cancel")
	if call(tok, "is_cancelled") != true {
		t.Fatal("a token's dynamic is_cancelled")
	}
	var cv Value = NewCondvar()
	call(cv, "notify_one")
	call(cv, "notify_all")
	wantFail(t, "no method frob on thread.Semaphore", func() { call(s, "frob") })
	wantFail(t, "thread.Condvar: wait needs the guard of a locked thread.Mutex (the `value` of m.lock()'s result), not string", func() { call(cv, "wait", "x") })
}
