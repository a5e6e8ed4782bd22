//go:build !linux || adesh_futex_table

package rt

import "time"

// Systems without a futex system call sleep in the portable table; the lock words and the lock
// algorithms are the same as on Linux. The adesh_futex_table build tag selects the table on Linux
// too, so that `go test -tags adesh_futex_table` runs every lock test against it.

func futexWait(addr *uint32, val uint32) { tableWait(addr, val) }

func futexWaitFor(addr *uint32, val uint32, d time.Duration) { tableWaitFor(addr, val, d) }

func futexWake(addr *uint32, n int) int { return tableWake(addr, n) }
