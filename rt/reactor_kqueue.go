//go:build (darwin || freebsd || netbsd || openbsd || dragonfly) && !adesh_portable_io

package rt

import "syscall"

// poller is kqueue with EV_CLEAR (edge-triggered) read and write filters per descriptor, and a
// pipe to interrupt a blocked wait (level-triggered: it stays readable until drained).
type poller struct {
	kq             int
	wakeRd, wakeWr int
}

func (p *poller) init() error {
	kq, err := syscall.Kqueue()
	if err != nil {
		return osError("kqueue", err)
	}
	syscall.CloseOnExec(kq)
	var fds [2]int
	syscall.ForkLock.RLock()
	err = syscall.Pipe(fds[:])
	if err == nil {
		syscall.CloseOnExec(fds[0])
		syscall.CloseOnExec(fds[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		syscall.Close(kq)
		return osError("pipe", err)
	}
	syscall.SetNonblock(fds[0], true)
	syscall.SetNonblock(fds[1], true)
	p.kq, p.wakeRd, p.wakeWr = kq, fds[0], fds[1]
	var ev [1]syscall.Kevent_t
	syscall.SetKevent(&ev[0], p.wakeRd, syscall.EVFILT_READ, syscall.EV_ADD)
	if _, err := syscall.Kevent(kq, ev[:], nil, nil); err != nil {
		syscall.Close(kq)
		syscall.Close(fds[0])
		syscall.Close(fds[1])
		return osError("kevent", err)
	}
	return nil
}

// add registers fd for both directions. kqueue's user data field is a pointer on some systems,
// so events carry only the descriptor number (gen 0): an event of a closed descriptor whose
// number was reused is a spurious wake, which every operation tolerates (it retries, then
// waits again).
func (p *poller) add(fd int, gen uint32) error {
	var evs [2]syscall.Kevent_t
	syscall.SetKevent(&evs[0], fd, syscall.EVFILT_READ, syscall.EV_ADD|syscall.EV_CLEAR)
	syscall.SetKevent(&evs[1], fd, syscall.EVFILT_WRITE, syscall.EV_ADD|syscall.EV_CLEAR)
	if _, err := syscall.Kevent(p.kq, evs[:], nil, nil); err != nil {
		return osError("kevent", err)
	}
	return nil
}

func (p *poller) wait(timeout int64, out []readyEvent) []readyEvent {
	var ts *syscall.Timespec
	if timeout >= 0 {
		t := syscall.NsecToTimespec(timeout)
		ts = &t
	}
	var buf [64]syscall.Kevent_t
	n, err := syscall.Kevent(p.kq, nil, buf[:], ts)
	if err != nil { // EINTR: the caller re-checks its state and comes back
		return out
	}
	for _, ev := range buf[:n] {
		fd := int(ev.Ident)
		if fd == p.wakeRd {
			out = append(out, readyEvent{wakeup: true})
			continue
		}
		e := readyEvent{fd: int32(fd), anyGen: true}
		switch ev.Filter {
		case syscall.EVFILT_READ:
			e.read = true
		case syscall.EVFILT_WRITE:
			e.write = true
		}
		if ev.Flags&(syscall.EV_EOF|syscall.EV_ERROR) != 0 {
			e.read, e.write = true, true
		}
		out = append(out, e)
	}
	return out
}

func (p *poller) interrupt() {
	syscall.Write(p.wakeWr, []byte{1}) // EAGAIN: the pipe is full, hence readable already
}

func (p *poller) drainInterrupt() {
	var b [64]byte
	for {
		if n, _ := syscall.Read(p.wakeRd, b[:]); n <= 0 {
			return
		}
	}
}
