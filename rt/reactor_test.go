//go:build (linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !adesh_portable_io

package rt

import (
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// A wake from a goroutine outside the workers interrupts a worker blocked in the reactor. The
// goroutine completes a OneShot only once it has seen the worker inside the reactor's wait (a
// task waits for a socket that stays silent, and no timer is pending, so the wait has no end
// of its own).
func TestWakeInterruptsReactorWait(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) {
		io.ReadAll(c)
	})
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	o := NewOneShot[string]()
	var w *worker
	var mu sync.Mutex
	go func() {
		for {
			mu.Lock()
			inside := w != nil && w.inReactor.Load()
			mu.Unlock()
			if inside {
				break
			}
			time.Sleep(time.Millisecond)
		}
		time.Sleep(5 * time.Millisecond) // well inside epoll_wait by now
		o.Complete("woken")
	}()
	rl := conn.ReadLine()
	state := 0
	var h *JoinHandle[Unit]
	got := mustRun(t, 1, &pollFn[string]{poll: func(cx *Context) Poll[string] {
		if state == 0 {
			mu.Lock()
			w = cx.worker
			mu.Unlock()
			h = Spawn(cx, &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
				rl.Poll(cx)
				return Pending[Unit]()
			}, drop: rl.Drop})
			state = 1
		}
		p := o.Poll(cx)
		if !p.Ready {
			return Pending[string]()
		}
		h.Cancel()
		return Ready(p.Value)
	}})
	if got != "woken" {
		t.Fatalf("got %q", got)
	}
	conn.Close()
	<-done
}
