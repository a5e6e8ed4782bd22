package rt

import (
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
)

// The futures below are written the way the compiler emits an async fn: a state tag, the
// sub-future being awaited stored by value, and a Poll that switches on the tag.

// listenNow listens on an IP literal, which needs no lookup: one poll outside any run.
func listenNow(t *testing.T, addr string) *TcpListener {
	t.Helper()
	lf := NetListen(addr)
	p := lf.Poll(nil)
	if !p.Ready {
		t.Fatalf("listen %s did not complete at once", addr)
	}
	return p.Value
}

// spawnAll is a main future that spawns the futures made by mk and awaits them all.
func spawnAll(mk func() []Future[Unit]) Future[[]Unit] {
	var all *awaitAll[Unit]
	return &pollFn[[]Unit]{poll: func(cx *Context) Poll[[]Unit] {
		if all == nil {
			all = &awaitAll[Unit]{}
			for _, f := range mk() {
				all.hs = append(all.hs, Spawn(cx, f))
			}
		}
		return all.Poll(cx)
	}}
}

// echoHandler is `async fn handle(c) { while let line = await c.read_line() { await c.write(line + "\n") } c.close() }`.
func echoHandler(conn *TcpStream) Future[Unit] {
	state := 0
	var rl ReadLineFuture
	var wr WriteFuture
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		for {
			switch state {
			case 0:
				rl, state = conn.ReadLine(), 1
			case 1:
				p := rl.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				if !p.Value.Some {
					conn.Close()
					return Ready(Unit{})
				}
				wr, state = conn.Write(p.Value.Val+"\n"), 2
			case 2:
				if !wr.Poll(cx).Ready {
					return Pending[Unit]()
				}
				state = 0
			}
		}
	}, drop: func() { rl.Drop(); wr.Drop(); conn.Close() }}
}

// echoServer accepts n connections, serving each in a task of its own, then closes the listener.
func echoServer(l *TcpListener, n int) Future[Unit] {
	state, served := 0, 0
	var acc AcceptFuture
	var handlers []*JoinHandle[Unit]
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		for {
			switch state {
			case 0:
				if served == n {
					l.Close()
					state = 2
					continue
				}
				acc, state = l.Accept(), 1
			case 1:
				p := acc.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				handlers = append(handlers, Spawn(cx, echoHandler(p.Value)))
				served++
				state = 0
			case 2:
				for len(handlers) > 0 {
					if !handlers[0].Poll(cx).Ready {
						return Pending[Unit]()
					}
					handlers = handlers[1:]
				}
				return Ready(Unit{})
			}
		}
	}, drop: func() { acc.Drop() }}
}

// echoClient connects, sends rounds lines and checks every echo, byte for byte.
func echoClient(addr string, id, rounds int, failures *atomic.Int64, log *syncLog) Future[Unit] {
	state, i := 0, 0
	var conn *TcpStream
	var cf ConnectFuture
	var wr WriteFuture
	var rl ReadLineFuture
	msg := func() string { return fmt.Sprintf("client %d line %d %s", id, i, strings.Repeat("x", (id*7+i)%300)) }
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		for {
			switch state {
			case 0:
				cf, state = NetConnect(addr), 1
			case 1:
				p := cf.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				conn, state = p.Value, 2
			case 2:
				if i == rounds {
					conn.Close()
					return Ready(Unit{})
				}
				wr, state = conn.Write(msg()+"\n"), 3
			case 3:
				if !wr.Poll(cx).Ready {
					return Pending[Unit]()
				}
				rl, state = conn.ReadLine(), 4
			case 4:
				p := rl.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				if want := msg(); !p.Value.Some || p.Value.Val != want {
					failures.Add(1)
					log.add(fmt.Sprintf("client %d round %d: got %v, want %q", id, i, p.Value, want))
				}
				i++
				state = 2
			}
		}
	}, drop: func() { cf.Drop(); wr.Drop(); rl.Drop() }}
}

func TestEchoManyClients(t *testing.T) {
	const clients = 200
	rounds := max(2, 20/stressScale)
	for _, workers := range []int{1, 4} {
		t.Run(fmt.Sprint(workers, "workers"), func(t *testing.T) {
			var failures atomic.Int64
			log := &syncLog{}
			l := listenNow(t, "127.0.0.1:0")
			mustRun(t, workers, spawnAll(func() []Future[Unit] {
				fs := []Future[Unit]{echoServer(l, clients)}
				for id := range clients {
					fs = append(fs, echoClient(l.Addr(), id, rounds, &failures, log))
				}
				return fs
			}))
			if n := failures.Load(); n != 0 {
				t.Fatalf("%d bad echoes: %s", n, log)
			}
		})
	}
}

// await runs one future to completion in a run of its own on one worker (sockets outlive
// runs, so a test can take its steps one run at a time). The portable socket layer keeps a
// goroutine blocked in a read or accept until the socket is closed, so the tests check for
// leaks at their end (noLeaks), not after each run.
func await[T, F any, PF interface {
	*F
	Future[T]
}](t *testing.T, f F) (T, *Thrown) {
	t.Helper()
	return RunWorkers(1, PF(&f))
}

// noLeaks checks, once the test and its defers are done, that no goroutine outlives it.
func noLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() { checkNoLeak(t, before) })
}

func mustAwait[T, F any, PF interface {
	*F
	Future[T]
}](t *testing.T, f F) T {
	t.Helper()
	v, err := await[T, F, PF](t, f)
	if err != nil {
		t.Fatalf("failed: %v", err)
	}
	return v
}

// wantThrown checks a run's failure message.
func wantThrown(t *testing.T, err *Thrown, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("succeeded, want the error %q", want)
	}
	if err.Err.Message != want {
		t.Fatalf("failed with %q, want %q", err.Err.Message, want)
	}
}

// goPeer accepts one connection on a Go listener and hands it to serve on a goroutine.
func goPeer(t *testing.T, serve func(c net.Conn)) (addr string, done <-chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		defer ln.Close()
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		serve(c)
	}()
	return ln.Addr().String(), ch
}

func TestReadUntilPeerClosesMidLine(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) {
		io.WriteString(c, "first\r\nsecond\nunfinished")
	})
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	defer conn.Close()
	for _, want := range []Option[string]{Some("first"), Some("second"), Some("unfinished"), None[string](), None[string]()} {
		if got := mustAwait[Option[string]](t, conn.ReadLine()); got != want {
			t.Fatalf("read_line gave %v, want %v", got, want)
		}
	}
	if got := mustAwait[string](t, conn.Read(10)); got != "" {
		t.Fatalf("read after the end gave %q", got)
	}
	<-done
}

func TestReadChunksThenEnd(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) {
		io.WriteString(c, "abcdefgh")
	})
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	defer conn.Close()
	<-done // the peer has written and closed: the bytes and the end are both there
	var got []string
	for {
		s := mustAwait[string](t, conn.Read(3))
		if s == "" {
			break
		}
		got = append(got, s)
	}
	if strings.Join(got, "") != "abcdefgh" || len(got) < 3 {
		t.Fatalf("read(3) gave %q", got)
	}
}

func TestPeerResetsMidRead(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) {
		io.WriteString(c, "partial")
		time.Sleep(20 * time.Millisecond) // let the reader take the bytes before the reset
		c.(*net.TCPConn).SetLinger(0)     // close with a reset (RST), not an orderly end
	})
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	defer conn.Close()
	if got := mustAwait[string](t, conn.Read(100)); got != "partial" {
		t.Fatalf("read gave %q", got)
	}
	<-done
	_, err := await[Option[string]](t, conn.ReadLine())
	wantThrown(t, err, "read: connection reset by peer")
}

func TestConnectToClosedPort(t *testing.T) {
	noLeaks(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, th := await[*TcpStream](t, NetConnect(addr))
	wantThrown(t, th, "connect "+addr+": connection refused")
}

func TestBadAddresses(t *testing.T) {
	noLeaks(t)
	for addr, want := range map[string]string{
		"127.0.0.1":       `bad address "127.0.0.1": missing port in address`,
		"127.0.0.1:99999": `bad address "127.0.0.1:99999": unknown port "99999"`,
	} {
		_, th := await[*TcpStream](t, NetConnect(addr))
		wantThrown(t, th, want)
	}
}

func TestListenOnBusyPort(t *testing.T) {
	noLeaks(t)
	l := listenNow(t, "127.0.0.1:0")
	defer l.Close()
	_, th := await[*TcpListener](t, NetListen(l.Addr()))
	wantThrown(t, th, "listen "+l.Addr()+": address already in use")
}

func TestConnectByName(t *testing.T) {
	noLeaks(t)
	l := listenNow(t, "127.0.0.1:0")
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr())
	conn := mustAwait[*TcpStream](t, NetConnect("localhost:"+port))
	conn.Close()
}

func TestReadTimeout(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) {
		io.ReadAll(c) // silent until the other side closes
	})
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	_, th := await[string](t, conn.ReadTimeout(10, 20))
	wantThrown(t, th, TimedOut)
	_, th = await[Option[string]](t, conn.ReadLineTimeout(0))
	wantThrown(t, th, TimedOut)
	if n := conn.pd.waiting(dirRead); n != 0 {
		t.Fatalf("%d tasks still registered after the timeouts", n)
	}
	conn.Close()
	<-done
}

func TestAcceptTimeout(t *testing.T) {
	noLeaks(t)
	l := listenNow(t, "127.0.0.1:0")
	defer l.Close()
	_, th := await[*TcpStream](t, l.AcceptTimeout(10))
	wantThrown(t, th, TimedOut)
	if n := l.pd.waiting(dirRead); n != 0 {
		t.Fatalf("%d tasks still registered after the timeout", n)
	}
}

func TestCloseWakesBlockedAccept(t *testing.T) {
	l := listenNow(t, "127.0.0.1:0")
	_, th := runChecked(t, 2, spawnAll(func() []Future[Unit] {
		return []Future[Unit]{
			acceptOnce(l),
			ready(func(*Context) Unit { time.Sleep(10 * time.Millisecond); l.Close(); return Unit{} }),
		}
	}))
	wantThrown(t, th, "accept: listener is closed")
}

func acceptOnce(l *TcpListener) Future[Unit] {
	acc := l.Accept()
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		if p := acc.Poll(cx); !p.Ready {
			return Pending[Unit]()
		} else {
			p.Value.Close()
		}
		return Ready(Unit{})
	}, drop: acc.Drop}
}

// acceptForever accepts and closes connections until it is cancelled: a connection from
// elsewhere (another package's test dialling a port this listener was given again) does not end
// it, as it ended acceptOnce ("finished normally", seen once under -race).
func acceptForever(l *TcpListener) Future[Unit] {
	acc := l.Accept()
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		for {
			p := acc.Poll(cx)
			if !p.Ready {
				return Pending[Unit]()
			}
			p.Value.Close()
			acc = l.Accept()
		}
	}, drop: func() { acc.Drop() }}
}

// cancelWhileWaiting spawns waiter, lets it block on pd in dir, cancels it and checks that it
// is off the socket and that its handle reports the cancellation.
func cancelWhileWaiting(t *testing.T, workers int, pd *pollDesc, dir int, waiter Future[Unit]) {
	t.Helper()
	var sched *scheduler
	state := 0
	var h *JoinHandle[Unit]
	var registered bool
	msg, _ := RunWorkers(workers, &pollFn[string]{poll: func(cx *Context) Poll[string] {
		switch state {
		case 0:
			sched = cx.worker.sched
			h = Spawn(cx, waiter)
			state = 1
			fallthrough
		case 1:
			if pd.waiting(dir) == 0 { // not blocked yet: look again after it ran
				cx.Waker().WakeFrom(cx)
				return Pending[string]()
			}
			registered = sched.ioWaiting.Load() == 1
			h.Cancel()
			state = 2
			fallthrough
		default:
			th := catchThrown(func() { h.Poll(cx) })
			if th == nil {
				if !h.IsFinished() {
					return Pending[string]()
				}
				return Ready("finished normally")
			}
			return Ready(th.Err.Message)
		}
	}})
	if !registered {
		t.Errorf("the scheduler did not count the waiting task")
	}
	if msg != Cancelled {
		t.Fatalf("the cancelled task ended with %q", msg)
	}
	if n := pd.waiting(dir); n != 0 {
		t.Fatalf("%d tasks still registered after the cancel", n)
	}
	if n := sched.ioWaiting.Load(); n != 0 {
		t.Fatalf("the scheduler still counts %d tasks waiting for I/O", n)
	}
}

func TestCancelBlockedAccept(t *testing.T) {
	noLeaks(t)
	for _, workers := range []int{1, 4} {
		l := listenNow(t, "127.0.0.1:0")
		cancelWhileWaiting(t, workers, l.pd, dirRead, acceptForever(l))
		// The listener still works after the cancelled accept.
		go func() {
			if c, err := net.Dial("tcp", l.Addr()); err == nil {
				c.Close()
			}
		}()
		mustAwait[*TcpStream](t, l.Accept()).Close()
		l.Close()
	}
}

func TestCancelBlockedRead(t *testing.T) {
	noLeaks(t)
	for _, workers := range []int{1, 4} {
		addr, done := goPeer(t, func(c net.Conn) {
			io.ReadAll(c)
		})
		conn := mustAwait[*TcpStream](t, NetConnect(addr))
		rl := conn.ReadLine()
		cancelWhileWaiting(t, workers, conn.pd, dirRead, &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
			if !rl.Poll(cx).Ready {
				return Pending[Unit]()
			}
			return Ready(Unit{})
		}, drop: rl.Drop})
		conn.Close()
		<-done
	}
}

// A task waiting for a socket is not deadlocked: the outside world may wake it, and does here
// (a Go goroutine writes after a while). One worker, no timer: the worker waits in the reactor.
func TestWaitingForIOIsNoDeadlock(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) {
		time.Sleep(30 * time.Millisecond)
		io.WriteString(c, "late\n")
	})
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	if got := mustAwait[Option[string]](t, conn.ReadLine()); got != Some("late") {
		t.Fatalf("read_line gave %v", got)
	}
	conn.Close()
	<-done
}

// A large write fills the socket's buffers and waits for room (EAGAIN), while a slow reader
// on another task drains it; every byte arrives in order.
func TestLargeWriteWaitsForRoom(t *testing.T) {
	l := listenNow(t, "127.0.0.1:0")
	defer l.Close()
	data := make([]byte, 4<<20)
	for i := range data {
		data[i] = byte('a' + i%26)
	}
	var received strings.Builder
	for _, workers := range []int{1, 2} {
		received.Reset()
		mustRun(t, workers, spawnAll(func() []Future[Unit] {
			return []Future[Unit]{writeAll(l.Addr(), string(data)), readAll(l, &received)}
		}))
		if received.String() != string(data) {
			t.Fatalf("received %d bytes, not the %d written", received.Len(), len(data))
		}
	}
}

func writeAll(addr, data string) Future[Unit] {
	state := 0
	var cf ConnectFuture
	var wr WriteFuture
	var conn *TcpStream
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		for {
			switch state {
			case 0:
				cf, state = NetConnect(addr), 1
			case 1:
				p := cf.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				conn = p.Value
				wr, state = conn.Write(data), 2
			case 2:
				if !wr.Poll(cx).Ready {
					return Pending[Unit]()
				}
				conn.Close()
				return Ready(Unit{})
			}
		}
	}}
}

func readAll(l *TcpListener, out *strings.Builder) Future[Unit] {
	state := 0
	acc := l.Accept()
	var rd ReadFuture
	var conn *TcpStream
	return &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
		for {
			switch state {
			case 0:
				p := acc.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				conn, state = p.Value, 1
			case 1:
				rd, state = conn.Read(1000), 2
			case 2:
				p := rd.Poll(cx)
				if !p.Ready {
					return Pending[Unit]()
				}
				if p.Value == "" {
					conn.Close()
					return Ready(Unit{})
				}
				out.WriteString(p.Value)
				state = 1
			}
		}
	}}
}

func TestOpsOnClosedStream(t *testing.T) {
	noLeaks(t)
	addr, done := goPeer(t, func(c net.Conn) { io.ReadAll(c) })
	conn := mustAwait[*TcpStream](t, NetConnect(addr))
	conn.Close()
	conn.Close() // twice is harmless
	_, th := await[string](t, conn.Read(5))
	wantThrown(t, th, "read: connection is closed")
	_, th = await[Unit](t, conn.Write("x"))
	wantThrown(t, th, "write: connection is closed")
	<-done
}

// The state machines reset a sub-future to its zero value once it is done; dropping that must
// do nothing.
func TestZeroFuturesDropQuietly(t *testing.T) {
	(&ListenFuture{}).Drop()
	(&ConnectFuture{}).Drop()
	(&AcceptFuture{}).Drop()
	(&ReadFuture{}).Drop()
	(&ReadLineFuture{}).Drop()
	(&WriteFuture{}).Drop()
	(&HTTPFuture{}).Drop()
}

// The I/O futures are stored inline in state structs: keep them small.
func TestIOFutureSizes(t *testing.T) {
	sizes := []struct {
		name        string
		size, limit uintptr
	}{
		{"ReadLineFuture", unsafe.Sizeof(ReadLineFuture{}), 24},
		{"ReadFuture", unsafe.Sizeof(ReadFuture{}), 32},
		{"WriteFuture", unsafe.Sizeof(WriteFuture{}), 40},
		{"AcceptFuture", unsafe.Sizeof(AcceptFuture{}), 24},
		{"ConnectFuture", unsafe.Sizeof(ConnectFuture{}), 0},
		{"HTTPFuture", unsafe.Sizeof(HTTPFuture{}), 0},
		{"TcpStream", unsafe.Sizeof(TcpStream{}), 0},
		{"pollDesc", unsafe.Sizeof(pollDesc{}), 0},
	}
	for _, s := range sizes {
		t.Logf("%-15s %3d bytes", s.name, s.size)
		if s.limit != 0 && s.size > s.limit {
			t.Errorf("%s is %d bytes, more than %d", s.name, s.size, s.limit)
		}
	}
}
