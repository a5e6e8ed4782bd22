package rt

import (
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// The thread module's synchronization objects (EVERYDAY.md §6): Semaphore, Barrier,
// CountDownLatch and CancellationSource. Their waits sleep on 32-bit futex words through
// sleepOn and wakeOn (futex.go), as rt's Mutex does: in the kernel on Linux, in the portable
// futex table elsewhere. A wait blocks the calling OS thread: on a thread.spawn thread that is
// all it does; called from async code it holds the task's worker until it returns, as a
// thread.Mutex's lock() and thread.sleep do.

// syncMax bounds the counts the objects keep in their 32-bit words.
const syncMax = math.MaxInt32

// wakeAll is the count of a wake that wakes every sleeper.
const wakeAll = math.MaxInt32

// checkCount fails at pos unless n is a count the objects can keep, at least min.
func checkCount(what string, n, min int64, pos string) uint32 {
	if n < min || n > syncMax {
		Fail(pos, what+": the count must be between "+strconv.FormatInt(min, 10)+" and "+
			strconv.Itoa(syncMax)+", not "+strconv.FormatInt(n, 10))
	}
	return uint32(n)
}

// Semaphore is thread.Semaphore: a count of permits. acquire takes one, waiting while there are
// none; release gives one back, or adds one that was never taken (a semaphore made with 0
// permits is a signal that release raises), as Java's Semaphore does.
type Semaphore struct {
	permits  uint32       // the futex word: the permits available
	sleepers atomic.Int32 // acquirers that may be asleep on permits
	wide     atomic.Int32 // those of them that want more than one permit
}

// NewSemaphore is thread.Semaphore.new(n).
func NewSemaphore(n int64, pos string) *Semaphore {
	return &Semaphore{permits: checkCount("thread.Semaphore.new", n, 0, pos)}
}

// permitsArg checks the permits n a call of s takes or gives: 0 to the most a semaphore holds.
func permitsArg(what string, n int64, pos string) uint32 {
	if n < 0 || n > syncMax {
		Fail(pos, "thread.Semaphore."+what+": the permits must be between 0 and "+strconv.Itoa(syncMax)+", not "+strconv.FormatInt(n, 10))
	}
	return uint32(n)
}

// TryAcquire is s.try_acquire(n = 1): n permits if they are free, without waiting.
func (s *Semaphore) TryAcquire(n int64, pos string) bool {
	return s.tryTake(permitsArg("try_acquire", n, pos))
}

// tryTake takes n permits if they are free.
func (s *Semaphore) tryTake(n uint32) bool {
	for {
		p := atomic.LoadUint32(&s.permits)
		if p < n {
			return false
		}
		if atomic.CompareAndSwapUint32(&s.permits, p, p-n) {
			return true
		}
	}
}

// Acquire is s.acquire(n = 1): it waits until n permits are free and takes them together.
func (s *Semaphore) Acquire(n int64, pos string) {
	k := permitsArg("acquire", n, pos)
	if !s.tryTake(k) {
		s.acquireSlow(k, time.Time{}, false)
	}
}

// AcquireTimeout is s.acquire_timeout(ms, n = 1): Acquire for at most ms milliseconds; whether
// it took the permits.
func (s *Semaphore) AcquireTimeout(ms, n int64, pos string) bool {
	k := permitsArg("acquire_timeout", n, pos)
	return s.tryTake(k) || s.acquireSlow(k, deadlineIn(ms), true)
}

// acquireSlow sleeps until n permits are free (until deadline, when timed). The sleeper counts
// itself before it sleeps and a releaser adds its permits before it reads the count, so that
// either the releaser sees the sleeper and wakes it, or the sleeper's futex wait sees the
// permits and does not sleep.
func (s *Semaphore) acquireSlow(n uint32, deadline time.Time, timed bool) bool {
	for round := range lockSpinLimit {
		if s.tryTake(n) {
			return true
		}
		lockSpinPause(round)
	}
	for {
		p := atomic.LoadUint32(&s.permits)
		if p >= n {
			if s.tryTake(n) {
				return true
			}
			continue
		}
		if n > 1 {
			s.wide.Add(1)
		}
		s.sleepers.Add(1)
		slept := true
		if timed {
			slept = sleepOnUntil(&s.permits, p, deadline)
		} else {
			sleepOn(&s.permits, p)
		}
		s.sleepers.Add(-1)
		if n > 1 {
			s.wide.Add(-1)
		}
		if s.tryTake(n) {
			return true
		}
		if !slept {
			return false
		}
	}
}

// Release is s.release(n = 1): n permits more, which wake the waiting acquirers (each takes
// what it asks for, if that many are free).
func (s *Semaphore) Release(n int64, pos string) {
	k := permitsArg("release", n, pos)
	for {
		p := atomic.LoadUint32(&s.permits)
		if p > syncMax-k {
			Fail(pos, "thread.Semaphore: release beyond "+strconv.Itoa(syncMax)+" permits")
		}
		if atomic.CompareAndSwapUint32(&s.permits, p, p+k) {
			break
		}
	}
	if k > 0 && s.sleepers.Load() > 0 {
		// k sleepers of one permit each can take them; one that wants more might not, and the
		// permits would then wait beside a sleeper that could have had one: with such a sleeper
		// about, every sleeper looks.
		wake := int(k)
		if s.wide.Load() > 0 {
			wake = wakeAll
		}
		wakeOn(&s.permits, wake)
	}
}

// AvailablePermits is s.available_permits(): the permits free now.
func (s *Semaphore) AvailablePermits() int64 { return int64(atomic.LoadUint32(&s.permits)) }

// Barrier is thread.Barrier: n parties meet; each wait returns once n waits have begun, and the
// barrier is then ready for the next round (Rust's and Java's cyclic barriers).
type Barrier struct {
	mu      Mutex[struct{}] // guards arrived and the changes of gen
	gen     uint32          // the futex word: the round, which the last arrival advances
	arrived uint32          // the waits of this round so far
	n       uint32
}

// NewBarrier is thread.Barrier.new(n); a barrier needs at least one party.
func NewBarrier(n int64, pos string) *Barrier {
	if n <= 0 {
		Fail(pos, "Barrier count must be > 0")
	}
	return &Barrier{n: checkCount("thread.Barrier.new", n, 1, pos)}
}

// Wait is b.wait(): it waits until n parties wait, and gives true to one of them (the last to
// arrive, as Rust's is_leader) and false to the others.
func (b *Barrier) Wait() bool {
	leader, _ := b.wait(time.Time{}, false)
	return leader
}

// WaitTimeout is b.wait_timeout(ms): Wait for at most ms milliseconds; whether the round
// opened. A party whose time is up leaves the round, which then waits for another in its place.
func (b *Barrier) WaitTimeout(ms int64) bool {
	_, opened := b.wait(deadlineIn(ms), true)
	return opened
}

// wait waits for the round (until deadline when timed): whether this party was its leader and
// whether the round opened.
func (b *Barrier) wait(deadline time.Time, timed bool) (leader, opened bool) {
	g := b.mu.Lock()
	gen := atomic.LoadUint32(&b.gen)
	b.arrived++
	if b.arrived == b.n {
		b.arrived = 0
		atomic.AddUint32(&b.gen, 1)
		g.Unlock()
		wakeOn(&b.gen, wakeAll)
		return true, true
	}
	g.Unlock()
	for atomic.LoadUint32(&b.gen) == gen {
		if !timed {
			sleepOn(&b.gen, gen)
			continue
		}
		if !sleepOnUntil(&b.gen, gen, deadline) {
			g := b.mu.Lock()
			defer g.Unlock()
			if atomic.LoadUint32(&b.gen) != gen {
				return false, true // the round opened as the time ran out
			}
			b.arrived--
			return false, false
		}
	}
	return false, true
}

// CountDownLatch is thread.CountDownLatch: a count that count_down lowers and wait waits to see
// reach zero. It does not go below zero: a count_down at zero does nothing, as Java's does.
type CountDownLatch struct {
	count uint32 // the futex word
}

// NewCountDownLatch is thread.CountDownLatch.new(n).
func NewCountDownLatch(n int64, pos string) *CountDownLatch {
	return &CountDownLatch{count: checkCount("thread.CountDownLatch.new", n, 0, pos)}
}

// CountDown is l.count_down(k = 1): the count less k (not below zero), which it gives; the step
// to zero wakes every waiter.
func (l *CountDownLatch) CountDown(k int64) int64 {
	if k < 0 {
		throwHere(Error{Message: "CountDownLatch.count_down: the count must be non-negative, not " + strconv.FormatInt(k, 10)})
	}
	for {
		c := atomic.LoadUint32(&l.count)
		if c == 0 {
			return 0
		}
		next := uint32(max(int64(c)-k, 0))
		if atomic.CompareAndSwapUint32(&l.count, c, next) {
			if next == 0 {
				wakeOn(&l.count, wakeAll)
			}
			return int64(next)
		}
	}
}

// TryWait is l.try_wait(): whether the count is zero, without waiting.
func (l *CountDownLatch) TryWait() bool { return atomic.LoadUint32(&l.count) == 0 }

// Wait is l.wait(): it returns once the count is zero.
func (l *CountDownLatch) Wait() {
	for {
		c := atomic.LoadUint32(&l.count)
		if c == 0 {
			return
		}
		sleepOn(&l.count, c)
	}
}

// WaitTimeout is l.wait_timeout(ms): Wait for at most ms milliseconds; whether the count
// reached zero.
func (l *CountDownLatch) WaitTimeout(ms int64) bool {
	deadline := deadlineIn(ms)
	for {
		c := atomic.LoadUint32(&l.count)
		if c == 0 {
			return true
		}
		if !sleepOnUntil(&l.count, c, deadline) {
			return atomic.LoadUint32(&l.count) == 0
		}
	}
}

// CancellationSource is thread.CancellationSource: cancel() sets a flag that its tokens read.
// Work that should stop checks token.is_cancelled(); nothing is interrupted.
type CancellationSource struct{ token CancellationToken }

// CancellationToken is a source's token(): it can be read, not cancelled.
type CancellationToken struct{ cancelled atomic.Bool }

// NewCancellationSource is thread.CancellationSource.new().
func NewCancellationSource() *CancellationSource { return &CancellationSource{} }

// Token is src.token(); every token of a source is the same.
func (s *CancellationSource) Token() *CancellationToken { return &s.token }

// Cancel is src.cancel(); cancelling again changes nothing.
func (s *CancellationSource) Cancel() { s.token.cancelled.Store(true) }

// IsCancelled is token.is_cancelled().
func (t *CancellationToken) IsCancelled() bool { return t.cancelled.Load() }

// The objects print their kind, as the other handles whose state belongs to other threads do.

func (*Semaphore) AdeshFormat(b *strings.Builder, _ bool)      { b.WriteString("Semaphore") }
func (*Barrier) AdeshFormat(b *strings.Builder, _ bool)        { b.WriteString("Barrier") }
func (*CountDownLatch) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("CountDownLatch") }
func (*CancellationSource) AdeshFormat(b *strings.Builder, _ bool) {
	b.WriteString("CancellationSource")
}
func (*CancellationToken) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("CancellationToken") }

func (*Semaphore) AdeshTypeName() string          { return "thread.Semaphore" }
func (*Barrier) AdeshTypeName() string            { return "thread.Barrier" }
func (*CountDownLatch) AdeshTypeName() string     { return "thread.CountDownLatch" }
func (*CancellationSource) AdeshTypeName() string { return "thread.CancellationSource" }
func (*CancellationToken) AdeshTypeName() string  { return "thread.CancellationToken" }
