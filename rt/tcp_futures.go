package rt

import (
	"bytes"
	"net/netip"
	"runtime"
	"sync"
	"unicode/utf8"
)

// The TCP futures, over the socket layer of socket_unix.go (non-blocking sockets and the
// reactor) or socket_portable.go (package net and a goroutine per blocked operation). Either
// way an operation is tried first and, when it would block, its task registers with the
// socket's pollDesc for the direction it needs, and is woken when that direction is ready.

// TcpListener is AdeshLang's TcpListener: a listening socket registered with the reactor.
type TcpListener struct {
	pd   *pollDesc
	addr string
}

// TcpStream is AdeshLang's TcpStream: a connected socket registered with the reactor.
type TcpStream struct {
	pd   *pollDesc
	peer string
	// mu serializes reads, which share buf and eof.
	mu sync.Mutex
	// buf holds bytes read past the end of a line. It is nil when empty, so that an idle
	// connection holds no buffer: reads land in the worker's scratch buffer first.
	buf []byte
	eof bool
}

func newStream(pd *pollDesc, peer string) *TcpStream {
	s := &TcpStream{pd: pd, peer: peer}
	// A stream the program forgets without closing it is closed when collected.
	runtime.AddCleanup(s, func(pd *pollDesc) { pd.close() }, pd)
	return s
}

// Addr is the address the listener listens on, "host:port".
func (l *TcpListener) Addr() string { return l.addr }

// Close stops listening; a task waiting in Accept fails with "accept: listener is closed".
func (l *TcpListener) Close() { l.pd.close() }

// Addr is the address of the stream's peer, "host:port".
func (s *TcpStream) Addr() string { return s.peer }

// Close closes the connection; a task waiting to read or write on it fails.
func (s *TcpStream) Close() { s.pd.close() }

// ioOp is what every waiting future keeps: its timeout and the task it registered, if any.
type ioOp struct {
	timer  *SleepFuture
	waiter *task
}

// suspend registers the task polled with cx for dir, and reports false when it must retry at
// once instead (an edge came after seq was taken, or the descriptor is closing). It throws
// "timed out" when the timeout has passed.
func (op *ioOp) suspend(cx *Context, pd *pollDesc, dir int, seq uint64) bool {
	if timedOut(cx, op.timer) {
		op.finish(pd, dir)
		throwIO(TimedOut)
	}
	if !pd.wait(cx, dir, seq) {
		return false
	}
	op.waiter = cx.Waker().t
	return true
}

// finish takes the operation's task off the descriptor and drops its timer.
func (op *ioOp) finish(pd *pollDesc, dir int) {
	if op.waiter != nil && pd != nil {
		pd.unwaitTask(op.waiter, dir)
		op.waiter = nil
	}
	dropTimer(op.timer)
	op.timer = nil
}

// fail ends the operation with an error.
func (op *ioOp) fail(pd *pollDesc, dir int, msg string) {
	op.finish(pd, dir)
	throwIO(msg)
}

// ListenFuture is `net.listen(addr)`.
type ListenFuture struct {
	resolve resolveStep
}

// NetListen listens on addr ("127.0.0.1:0" picks a free port; see TcpListener.Addr).
func NetListen(addr string) ListenFuture {
	return ListenFuture{resolve: startResolve(addr, true)}
}

// Poll opens the listening socket once the address is resolved.
func (f *ListenFuture) Poll(cx *Context) Poll[*TcpListener] {
	addrs, ok := f.resolve.poll(cx)
	if !ok {
		return Pending[*TcpListener]()
	}
	pd, local, err := sockListen(addrs[0])
	if err != nil {
		throwIO("listen " + f.resolve.addr + ": " + err.Error())
	}
	l := &TcpListener{pd: pd, addr: local}
	runtime.AddCleanup(l, func(pd *pollDesc) { pd.close() }, pd)
	return Ready(l)
}

// Drop abandons a lookup under way.
func (f *ListenFuture) Drop() { f.resolve.drop() }

// AcceptFuture is `listener.accept()`.
type AcceptFuture struct {
	l  *TcpListener
	op ioOp
}

// Accept waits for the next connection.
func (l *TcpListener) Accept() AcceptFuture { return AcceptFuture{l: l} }

// AcceptTimeout waits for the next connection at most ms milliseconds.
func (l *TcpListener) AcceptTimeout(ms int64) AcceptFuture {
	return AcceptFuture{l: l, op: ioOp{timer: withTimeout(ms)}}
}

// Poll accepts a connection, or waits for one.
func (f *AcceptFuture) Poll(cx *Context) Poll[*TcpStream] {
	if !cx.consumeBudget() {
		return Pending[*TcpStream]()
	}
	pd := f.l.pd
	for {
		seq := pd.readySeq(dirRead)
		if !pd.acquire() {
			f.op.fail(pd, dirRead, "accept: listener is closed")
		}
		npd, peer, err := sockAccept(pd)
		pd.release()
		switch {
		case err == nil:
			f.op.finish(pd, dirRead)
			return Ready(newStream(npd, peer))
		case wouldBlock(err):
			if f.op.suspend(cx, pd, dirRead, seq) {
				return Pending[*TcpStream]()
			}
		default:
			f.op.fail(pd, dirRead, "accept: "+err.Error())
		}
	}
}

// Drop stops waiting for a connection.
func (f *AcceptFuture) Drop() {
	if f.l != nil {
		f.op.finish(f.l.pd, dirRead)
	}
}

// ConnectFuture is `net.connect(addr)`: each resolved address in turn until one connects.
type ConnectFuture struct {
	resolve resolveStep
	addrs   []netip.AddrPort
	next    int
	pd      *pollDesc // the connection in progress
	op      ioOp
	lastErr error
}

// NetConnect connects to addr ("host:port").
func NetConnect(addr string) ConnectFuture {
	return ConnectFuture{resolve: startResolve(addr, false)}
}

// NetConnectTimeout connects to addr, giving up after ms milliseconds.
func NetConnectTimeout(addr string, ms int64) ConnectFuture {
	return ConnectFuture{resolve: startResolve(addr, false), op: ioOp{timer: withTimeout(ms)}}
}

// Poll starts the connection and completes it when the socket becomes writable.
func (f *ConnectFuture) Poll(cx *Context) Poll[*TcpStream] {
	if f.addrs == nil {
		if timedOut(cx, f.op.timer) {
			f.Drop()
			throwIO(TimedOut)
		}
		addrs, ok := f.resolve.poll(cx)
		if !ok {
			return Pending[*TcpStream]()
		}
		f.addrs = addrs
	}
	for {
		if f.pd == nil {
			if f.next == len(f.addrs) {
				f.op.finish(nil, dirWrite)
				throwIO("connect " + f.resolve.addr + ": " + f.lastErr.Error())
			}
			ap := f.addrs[f.next]
			f.next++
			pd, inProgress, err := sockConnect(ap)
			if err != nil {
				f.lastErr = err
				continue
			}
			if !inProgress {
				return Ready(f.connected(pd, ap))
			}
			f.pd = pd
		}
		pd := f.pd
		seq := pd.readySeq(dirWrite)
		done, err := sockConnectResult(pd)
		switch {
		case !done:
			if timedOut(cx, f.op.timer) {
				f.Drop()
				throwIO(TimedOut)
			}
			if pd.wait(cx, dirWrite, seq) {
				f.op.waiter = cx.Waker().t
				return Pending[*TcpStream]()
			}
		case err != nil:
			f.abandon()
			f.lastErr = err
		default:
			return Ready(f.connected(pd, f.addrs[f.next-1]))
		}
	}
}

func (f *ConnectFuture) connected(pd *pollDesc, ap netip.AddrPort) *TcpStream {
	f.op.finish(pd, dirWrite)
	f.pd = nil
	f.next = len(f.addrs)
	return newStream(pd, ap.String())
}

// abandon closes the connection attempt under way.
func (f *ConnectFuture) abandon() {
	if pd := f.pd; pd != nil {
		if f.op.waiter != nil {
			pd.unwaitTask(f.op.waiter, dirWrite)
			f.op.waiter = nil
		}
		f.pd = nil
		pd.close()
	}
}

// Drop abandons the connection attempt.
func (f *ConnectFuture) Drop() {
	f.resolve.drop()
	f.abandon()
	f.op.finish(nil, dirWrite)
}

// scratch is the buffer a read lands in: the polling worker's, reused by every read on it.
func scratch(cx *Context) []byte {
	if cx == nil || cx.worker == nil {
		return make([]byte, ioChunk)
	}
	w := cx.worker
	if w.ioBuf == nil {
		w.ioBuf = make([]byte, ioChunk)
	}
	return w.ioBuf
}

// readErrClosed is the error of a read on a closed stream.
const readErrClosed = "read: connection is closed"

// fill reads once into the scratch buffer. Callers hold s.mu.
func (s *TcpStream) fill(buf []byte) (n int, err error) {
	if !s.pd.acquire() {
		return 0, errStreamClosed
	}
	n, err = sockRead(s.pd, buf)
	s.pd.release()
	return n, err
}

type streamError string

func (e streamError) Error() string { return string(e) }

const errStreamClosed = streamError(readErrClosed)

// ReadFuture is `conn.read(n)`.
type ReadFuture struct {
	s *TcpStream
	n int32
	// raw reads give bytes as they arrive, characters split or not: the HTTP client's reads,
	// which frame bytes and must not wait for the rest of a character that never comes.
	raw bool
	op  ioOp
}

// Read reads up to n bytes, never ending inside a UTF-8 character (see charCut); "" at the end
// of the stream.
func (s *TcpStream) Read(n int64) ReadFuture {
	return ReadFuture{s: s, n: int32(max(0, min(n, ioChunk)))}
}

// readRaw reads up to n bytes as they arrive, splitting characters.
func (s *TcpStream) readRaw(n int) ReadFuture {
	return ReadFuture{s: s, n: int32(max(0, min(n, ioChunk))), raw: true}
}

// ReadTimeout is Read giving up after ms milliseconds.
func (s *TcpStream) ReadTimeout(n, ms int64) ReadFuture {
	f := s.Read(n)
	f.op.timer = withTimeout(ms)
	return f
}

// Poll returns buffered bytes, or what one read gives, or waits for data.
func (f *ReadFuture) Poll(cx *Context) Poll[string] {
	if !cx.consumeBudget() {
		return Pending[string]()
	}
	s := f.s
	for {
		seq := s.pd.readySeq(dirRead)
		text, err := s.readSome(cx, int(f.n), f.raw)
		switch {
		case err == nil:
			f.op.finish(s.pd, dirRead)
			return Ready(text)
		case wouldBlock(err):
			if f.op.suspend(cx, s.pd, dirRead, seq) {
				return Pending[string]()
			}
		default:
			f.op.fail(s.pd, dirRead, readError(err))
		}
	}
}

func readError(err error) string {
	if err == errStreamClosed {
		return readErrClosed
	}
	return "read: " + err.Error()
}

// readSome gives buffered bytes, or what one read gives, as Read and readRaw say; Read may
// read again to complete a character of which only the first bytes have arrived.
func (s *TcpStream) readSome(cx *Context, n int, raw bool) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n == 0 {
		return "", nil
	}
	cut := func(data []byte) int {
		if raw {
			return min(n, len(data))
		}
		return charCut(data, n, s.eof)
	}
	size := n
	if !raw {
		// At least utf8.UTFMax bytes, so that a character longer than n completes in one read.
		size = max(n, utf8.UTFMax)
	}
	for {
		if len(s.buf) > 0 {
			if k := cut(s.buf); k > 0 {
				text := string(s.buf[:k])
				s.consume(k)
				return text, nil
			}
			// The buffer holds the start of one character only: read the rest of it.
		} else if s.eof {
			return "", nil
		}
		buf := scratch(cx)[:size]
		k, err := s.fill(buf)
		if err != nil {
			return "", err
		}
		if k == 0 {
			s.eof = true
			continue
		}
		data := buf[:k]
		if len(s.buf) > 0 {
			s.buf = append(s.buf, data...)
			continue
		}
		k = cut(data)
		if rest := data[k:]; len(rest) > 0 {
			s.buf = append([]byte(nil), rest...)
		}
		if k == 0 {
			continue
		}
		return string(data[:k]), nil
	}
}

// consume drops the first k buffered bytes, letting go of the buffer once it is empty.
func (s *TcpStream) consume(k int) {
	s.buf = s.buf[k:]
	if len(s.buf) == 0 {
		s.buf = nil
	}
}

// Drop stops waiting.
func (f *ReadFuture) Drop() {
	if f.s != nil {
		f.op.finish(f.s.pd, dirRead)
	}
}

// ReadLineFuture is `conn.read_line()`.
type ReadLineFuture struct {
	s  *TcpStream
	op ioOp
}

// ReadLine reads up to the next "\n" and gives the line without it (and without a "\r" before
// it); at the end of the stream it gives what is left, then None.
func (s *TcpStream) ReadLine() ReadLineFuture { return ReadLineFuture{s: s} }

// ReadLineTimeout is ReadLine giving up after ms milliseconds.
func (s *TcpStream) ReadLineTimeout(ms int64) ReadLineFuture {
	return ReadLineFuture{s: s, op: ioOp{timer: withTimeout(ms)}}
}

// Poll returns a buffered line, or reads until it has one, or waits for data.
func (f *ReadLineFuture) Poll(cx *Context) Poll[Option[string]] {
	if !cx.consumeBudget() {
		return Pending[Option[string]]()
	}
	s := f.s
	for {
		seq := s.pd.readySeq(dirRead)
		line, err := s.readLine(cx)
		switch {
		case err == nil:
			f.op.finish(s.pd, dirRead)
			return Ready(line)
		case wouldBlock(err):
			if f.op.suspend(cx, s.pd, dirRead, seq) {
				return Pending[Option[string]]()
			}
		default:
			f.op.fail(s.pd, dirRead, readError(err))
		}
	}
}

func (s *TcpStream) readLine(cx *Context) (Option[string], error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := bytes.IndexByte(s.buf, '\n'); i >= 0 {
		line := string(trimCR(s.buf[:i]))
		s.consume(i + 1)
		return Some(line), nil
	}
	for !s.eof {
		buf := scratch(cx)
		k, err := s.fill(buf)
		if err != nil {
			return None[string](), err
		}
		if k == 0 {
			s.eof = true
			break
		}
		data := buf[:k]
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			if len(s.buf)+k > maxLineBytes {
				return None[string](), streamError("read_line: a line is longer than 16 MiB")
			}
			s.buf = append(s.buf, data...)
			continue
		}
		var line string
		if len(s.buf) == 0 {
			line = string(trimCR(data[:i]))
		} else {
			line = string(trimCR(append(s.buf, data[:i]...)))
			s.buf = nil
		}
		if rest := data[i+1:]; len(rest) > 0 {
			s.buf = append([]byte(nil), rest...)
		}
		return Some(line), nil
	}
	if len(s.buf) > 0 {
		line := string(s.buf)
		s.buf = nil
		return Some(line), nil
	}
	return None[string](), nil
}

func trimCR(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		return b[:n-1]
	}
	return b
}

// Drop stops waiting.
func (f *ReadLineFuture) Drop() {
	if f.s != nil {
		f.op.finish(f.s.pd, dirRead)
	}
}

// WriteFuture is `conn.write(data)`: it completes when all of data is written.
type WriteFuture struct {
	s    *TcpStream
	data string
	op   ioOp
}

// Write writes all of data, waiting whenever the socket's send buffer is full.
func (s *TcpStream) Write(data string) WriteFuture { return WriteFuture{s: s, data: data} }

// Poll writes what the socket takes, and waits for room for the rest.
func (f *WriteFuture) Poll(cx *Context) Poll[Unit] {
	if !cx.consumeBudget() {
		return Pending[Unit]()
	}
	pd := f.s.pd
	for len(f.data) > 0 {
		seq := pd.readySeq(dirWrite)
		if !pd.acquire() {
			f.op.fail(pd, dirWrite, "write: connection is closed")
		}
		n, err := sockWrite(pd, f.data)
		pd.release()
		switch {
		case err == nil:
			f.data = f.data[n:]
		case wouldBlock(err):
			if f.op.suspend(cx, pd, dirWrite, seq) {
				return Pending[Unit]()
			}
		default:
			f.data = ""
			f.op.fail(pd, dirWrite, "write: "+err.Error())
		}
	}
	f.op.finish(pd, dirWrite)
	return Ready(Unit{})
}

// Drop stops writing; what was written stays written.
func (f *WriteFuture) Drop() {
	if f.s == nil {
		return
	}
	if f.data != "" {
		f.data = ""
		sockAbandonWrite(f.s.pd)
	}
	f.op.finish(f.s.pd, dirWrite)
}
