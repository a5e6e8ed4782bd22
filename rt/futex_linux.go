//go:build linux && !adesh_futex_table

package rt

import (
	"syscall"
	"time"
	"unsafe"
)

// futex(2) operations. The private flag tells the kernel the word is never shared with another
// process, which spares it the lookup of a shared mapping.
const (
	futexPrivateFlag = 128
	futexWaitPrivate = 0 | futexPrivateFlag // FUTEX_WAIT_PRIVATE
	futexWakePrivate = 1 | futexPrivateFlag // FUTEX_WAKE_PRIVATE
)

// futexWait sleeps while *addr == val. EAGAIN (the word had already changed) and EINTR (a signal,
// such as the Go runtime's preemption signal) are both just an early return: callers recheck.
// Go's own runtime depends on futex on Linux, so no other error can occur for a valid address.
func futexWait(addr *uint32, val uint32) {
	syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(addr)), futexWaitPrivate, uintptr(val), 0, 0, 0)
}

// futexWaitFor is futexWait for at most d (a relative timeout: ETIMEDOUT is one more early
// return).
func futexWaitFor(addr *uint32, val uint32, d time.Duration) {
	ts := syscall.NsecToTimespec(int64(d))
	syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(addr)), futexWaitPrivate, uintptr(val), uintptr(unsafe.Pointer(&ts)), 0, 0)
}

// futexWake wakes at most n sleepers on addr and reports how many it woke.
func futexWake(addr *uint32, n int) int {
	woken, _, errno := syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(addr)), futexWakePrivate, uintptr(n), 0, 0, 0)
	if errno != 0 {
		return 0
	}
	return int(woken)
}
