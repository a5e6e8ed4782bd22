//go:build linux && !adesh_portable_io

package rt

import (
	"net"
	"syscall"
	"testing"
	"time"
)

// A connection that never completes: Linux drops the SYN of a connection to a listener whose
// accept queue is full, so the connect hangs until the timeout gives up on it.
func TestConnectTimeout(t *testing.T) {
	noLeaks(t)
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Listen(fd, 0); err != nil { // never accepted: the queue fills at once
		t.Fatal(err)
	}
	sa, _ := syscall.Getsockname(fd)
	addr := addrText(sa)
	var fill []net.Conn
	defer func() {
		for _, c := range fill {
			c.Close()
		}
	}()
	for range 8 {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err != nil {
			break // the queue is full: this SYN was dropped
		}
		fill = append(fill, c)
	}
	open := liveDescs()
	_, th := await[*TcpStream](t, NetConnectTimeout(addr, 30))
	wantThrown(t, th, TimedOut)
	if n := liveDescs(); n != open {
		t.Fatalf("%d sockets registered after the timed-out connect, %d before", n, open)
	}
}

// liveDescs counts the sockets registered with the reactor.
func liveDescs() int {
	r, err := theReactor()
	if err != nil {
		return 0
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	n := 0
	for _, d := range r.descs {
		if d != nil {
			n++
		}
	}
	return n
}
