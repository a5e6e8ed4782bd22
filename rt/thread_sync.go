package rt

import (
	"math"
	"strconv"
	"strings"
	"sync/atomic"
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
}

// NewSemaphore is thread.Semaphore.new(n).
func NewSemaphore(n int64, pos string) *Semaphore {
	return &Semaphore{permits: checkCount("thread.Semaphore.new", n, 0, pos)}
}

// TryAcquire is s.try_acquire(): a permit if one is free, without waiting.
func (s *Semaphore) TryAcquire() bool {
	for {
		p := atomic.LoadUint32(&s.permits)
		if p == 0 {
			return false
		}
		if atomic.CompareAndSwapUint32(&s.permits, p, p-1) {
			return true
		}
	}
}

// Acquire is s.acquire(): it waits for a permit and takes it.
func (s *Semaphore) Acquire() {
	if !s.TryAcquire() {
		s.acquireSlow()
	}
}

// acquireSlow sleeps while no permit is free. The sleeper counts itself before it sleeps and a
// releaser adds its permit before it reads the count, so that either the releaser sees the
// sleeper and wakes it, or the sleeper's futex wait sees the permit and does not sleep.
func (s *Semaphore) acquireSlow() {
	for round := range lockSpinLimit {
		if s.TryAcquire() {
			return
		}
		lockSpinPause(round)
	}
	for {
		s.sleepers.Add(1)
		sleepOn(&s.permits, 0)
		s.sleepers.Add(-1)
		if s.TryAcquire() {
			return
		}
	}
}

// Release is s.release(): one permit more, which wakes one waiting acquirer.
func (s *Semaphore) Release(pos string) {
	for {
		p := atomic.LoadUint32(&s.permits)
		if p >= syncMax {
			Fail(pos, "thread.Semaphore: release beyond "+strconv.Itoa(syncMax)+" permits")
		}
		if atomic.CompareAndSwapUint32(&s.permits, p, p+1) {
			break
		}
	}
	if s.sleepers.Load() > 0 {
		wakeOn(&s.permits, 1)
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
	return &Barrier{n: checkCount("thread.Barrier.new", n, 1, pos)}
}

// Wait is b.wait(): it waits until n parties wait, and gives true to one of them (the last to
// arrive, as Rust's is_leader) and false to the others.
func (b *Barrier) Wait() bool {
	g := b.mu.Lock()
	gen := atomic.LoadUint32(&b.gen)
	b.arrived++
	if b.arrived == b.n {
		b.arrived = 0
		atomic.AddUint32(&b.gen, 1)
		g.Unlock()
		wakeOn(&b.gen, wakeAll)
		return true
	}
	g.Unlock()
	for atomic.LoadUint32(&b.gen) == gen {
		sleepOn(&b.gen, gen)
	}
	return false
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

// CountDown is l.count_down(); the step to zero wakes every waiter.
func (l *CountDownLatch) CountDown() {
	for {
		c := atomic.LoadUint32(&l.count)
		if c == 0 {
			return
		}
		if atomic.CompareAndSwapUint32(&l.count, c, c-1) {
			if c == 1 {
				wakeOn(&l.count, wakeAll)
			}
			return
		}
	}
}

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
