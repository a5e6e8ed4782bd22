//go:build linux && !adesh_portable_io

package rt

import (
	"syscall"
)

// poller is epoll, edge-triggered, with an eventfd to interrupt a blocked wait (registered
// level-triggered: it stays readable until the driver drains it).
type poller struct {
	epfd   int
	wakefd int
}

// wakeupTag marks the eventfd's events (a descriptor's events carry its number, >= 0).
const wakeupTag = -1

func (p *poller) init() error {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return osError("epoll_create1", err)
	}
	const efdCloexec, efdNonblock = 0x80000, 0x800 // EFD_CLOEXEC, EFD_NONBLOCK
	r, _, errno := syscall.Syscall(syscall.SYS_EVENTFD2, 0, efdCloexec|efdNonblock, 0)
	if errno != 0 {
		syscall.Close(epfd)
		return osError("eventfd", errno)
	}
	p.epfd, p.wakefd = epfd, int(r)
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: wakeupTag}
	if err := syscall.EpollCtl(epfd, syscall.EPOLL_CTL_ADD, p.wakefd, &ev); err != nil {
		syscall.Close(epfd)
		syscall.Close(p.wakefd)
		return osError("epoll_ctl", err)
	}
	return nil
}

// epollET is EPOLLET as a bit of the uint32 event mask.
const epollET = syscall.EPOLLET & 0xffffffff

func (p *poller) add(fd int, gen uint32) error {
	ev := syscall.EpollEvent{
		Events: syscall.EPOLLIN | syscall.EPOLLOUT | syscall.EPOLLRDHUP | epollET,
		Fd:     int32(fd),
		Pad:    int32(gen),
	}
	if err := syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_ADD, fd, &ev); err != nil {
		return osError("epoll_ctl", err)
	}
	return nil
}

// wait blocks up to timeout nanoseconds (< 0: no limit, 0: not at all) and appends what is
// ready to out.
func (p *poller) wait(timeout int64, out []readyEvent) []readyEvent {
	ms := -1
	if timeout >= 0 {
		// Round up: waking before the deadline would only make the driver wait again.
		ms = int(min((timeout+999_999)/1_000_000, 1<<30))
	}
	var local [64]syscall.EpollEvent
	buf := local[:]
	n, err := syscall.EpollWait(p.epfd, buf, ms)
	if err != nil { // EINTR: a signal; the caller re-checks its state and comes back
		return out
	}
	for _, ev := range buf[:n] {
		if ev.Fd == wakeupTag {
			out = append(out, readyEvent{wakeup: true})
			continue
		}
		e := readyEvent{fd: ev.Fd, gen: uint32(ev.Pad)}
		if ev.Events&(syscall.EPOLLIN|syscall.EPOLLRDHUP|syscall.EPOLLHUP|syscall.EPOLLERR) != 0 {
			e.read = true
		}
		if ev.Events&(syscall.EPOLLOUT|syscall.EPOLLHUP|syscall.EPOLLERR) != 0 {
			e.write = true
		}
		out = append(out, e)
	}
	return out
}

func (p *poller) interrupt() {
	one := [8]byte{1}
	syscall.Write(p.wakefd, one[:]) // EAGAIN: the counter is already non-zero, which suffices
}

func (p *poller) drainInterrupt() {
	var b [8]byte
	syscall.Read(p.wakefd, b[:])
}
