package rt

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// The futex table emulates futex wait and wake where the system has no futex: sleepers are parked
// goroutines, queued in arrival order in the bucket their word's address hashes to. A waker
// changes the word before it locks the bucket and a sleeper checks the word after it locks the
// bucket, so a wake can never fall between a sleeper's check and its sleep.
//
// It is compiled on every system so that its tests run on Linux too.

type futexSleeper struct {
	addr  *uint32
	awake chan struct{} // buffered: the waker never blocks
}

type futexBucket struct {
	mu       sync.Mutex
	sleepers []*futexSleeper
	_        [32]byte // keeps neighbouring buckets off one cache line
}

var (
	futexBuckets     [64]futexBucket
	futexSleeperPool = sync.Pool{New: func() any { return &futexSleeper{awake: make(chan struct{}, 1)} }}
	tableSleeping    atomic.Int64 // sleepers currently queued, for tests
)

func futexBucketOf(addr *uint32) *futexBucket {
	// Fibonacci hashing of the address; the low bits of aligned pointers carry no information.
	h := uint64(uintptr(unsafe.Pointer(addr))) * 0x9E3779B97F4A7C15
	return &futexBuckets[h>>58]
}

// tableWait sleeps while *addr == val, until a tableWake on addr picks this sleeper.
func tableWait(addr *uint32, val uint32) { tableWaitFor(addr, val, -1) }

// tableWaitFor is tableWait for at most d (no bound for a negative d): a sleeper whose time is up
// takes itself out of its bucket, unless a wake picked it meanwhile.
func tableWaitFor(addr *uint32, val uint32, d time.Duration) {
	b := futexBucketOf(addr)
	b.mu.Lock()
	if atomic.LoadUint32(addr) != val {
		b.mu.Unlock()
		return
	}
	s := futexSleeperPool.Get().(*futexSleeper)
	s.addr = addr
	b.sleepers = append(b.sleepers, s)
	tableSleeping.Add(1)
	b.mu.Unlock()
	if d < 0 {
		<-s.awake
	} else {
		t := time.NewTimer(d)
		select {
		case <-s.awake:
		case <-t.C:
			b.mu.Lock()
			if i := slices.Index(b.sleepers, s); i >= 0 {
				b.sleepers = slices.Delete(b.sleepers, i, i+1)
				tableSleeping.Add(-1)
			} else {
				<-s.awake // a wake picked it as the time ran out: take its token
			}
			b.mu.Unlock()
		}
		t.Stop()
	}
	s.addr = nil
	futexSleeperPool.Put(s)
}

// tableWake wakes the n longest-sleeping sleepers on addr and reports how many it woke.
func tableWake(addr *uint32, n int) int {
	b := futexBucketOf(addr)
	b.mu.Lock()
	woken := 0
	kept := b.sleepers[:0]
	for _, s := range b.sleepers {
		if woken < n && s.addr == addr {
			s.awake <- struct{}{}
			woken++
			continue
		}
		kept = append(kept, s)
	}
	clear(b.sleepers[len(kept):])
	b.sleepers = kept
	tableSleeping.Add(int64(-woken))
	b.mu.Unlock()
	return woken
}
