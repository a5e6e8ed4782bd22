package rt

import (
	"sync/atomic"
	"time"
)

// The locks sleep on 32-bit futex words. Each system provides three primitives:
//
//	futexWait(addr, val)        sleeps while *addr == val; it may return spuriously, so
//	                            callers recheck their word in a loop;
//	futexWaitFor(addr, val, d)  the same for at most d;
//	futexWake(addr, n)          wakes at most n sleepers on addr and reports how many it woke.
//
// On Linux they are the futex system call (futex_linux.go); elsewhere an address-keyed table of
// sleeping goroutines (futex_table.go, wired in by futex_other.go).

// Contention counters, touched only on the slow paths (which make a system call anyway): how many
// times a lock put its caller to sleep and how many times an unlock had to wake sleepers.
var (
	lockSleeps  atomic.Uint64
	lockWakeups atomic.Uint64
)

// sleepOn waits on a lock's futex word while it still holds val.
func sleepOn(addr *uint32, val uint32) {
	lockSleeps.Add(1)
	futexWait(addr, val)
}

// sleepOnUntil is sleepOn until deadline at most; it reports false once the deadline has passed
// (without sleeping). Like sleepOn it may return early: callers recheck their word.
func sleepOnUntil(addr *uint32, val uint32, deadline time.Time) bool {
	d := time.Until(deadline)
	if d <= 0 {
		return false
	}
	lockSleeps.Add(1)
	futexWaitFor(addr, val, d)
	return true
}

// wakeOn wakes at most n sleepers on a lock's futex word and reports how many it woke.
func wakeOn(addr *uint32, n int) int {
	lockWakeups.Add(1)
	return futexWake(addr, n)
}

// lockSpinLimit bounds how many times a contended lock rechecks its word before it sleeps: long enough
// to cover a short critical section running on another core, short enough that a waiter whose
// holder was descheduled goes to sleep quickly.
const lockSpinLimit = 100

// lockSpinPauseSink keeps lockSpinPause's loop from being optimised away.
var lockSpinPauseSink atomic.Uint32

// lockSpinPause backs off between two looks at a lock word, a little longer each round up to a few
// dozen cycles, so that a spinner does not keep pulling the word's cache line away from the
// holder. Go has no pause instruction for user code; a short dependent arithmetic chain stands in.
func lockSpinPause(round int) {
	x := uint32(round)
	for range 1 << min(round, 4) {
		x = x*1664525 + 1013904223
	}
	if x == 0 {
		lockSpinPauseSink.Store(x)
	}
}
