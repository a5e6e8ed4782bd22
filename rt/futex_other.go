//go:build !linux

package rt

// Systems without a futex system call sleep in the portable table; the lock words and the lock
// algorithms are the same as on Linux.

func futexWait(addr *uint32, val uint32) { tableWait(addr, val) }

func futexWake(addr *uint32, n int) int { return tableWake(addr, n) }
