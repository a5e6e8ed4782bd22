//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly) || adesh_portable_io

package rt

import (
	"errors"
	"io"
	"net"
	"net/netip"
	"os"
	"sync"
)

// The portable socket layer, for systems without epoll or kqueue (and for tests, with the
// build tag adesh_portable_io): package net's blocking sockets, with a goroutine per blocked
// operation. An operation that has no result yet starts one goroutine to perform it (at most
// one per direction) and says "would block"; the goroutine stores the result and wakes the
// tasks registered for that direction, like the reactor does on readiness; the next attempt
// takes the result. A result that no one takes stays for the next operation (a read's data is
// never lost when its future is dropped), except an abandoned write's, which is forgotten.

var errWouldBlock = errors.New("operation would block")

func wouldBlock(err error) bool { return err == errWouldBlock }

// sysSock is the state of one socket.
type sysSock struct {
	sockMu sync.Mutex
	ln     *net.TCPListener
	conn   *net.TCPConn

	accepting bool
	accepted  *acceptResult

	reading bool
	readBuf []byte // a completed read's bytes not yet taken
	readErr error  // and its error, once readBuf is taken

	writing      bool
	wrote        *writeResult
	abandonWrite bool

	dialing bool
	dialErr error
}

type acceptResult struct {
	conn *net.TCPConn
	err  error
}

type writeResult struct {
	n   int
	err error
}

func newPortableDesc() *pollDesc { return &pollDesc{fd: -1} }

// wakeDir wakes the tasks waiting for dir, from a goroutine of the socket layer.
func (d *pollDesc) wakeDir(dir int) { wakeIOTasks(nil, d.ready(dir, nil)) }

func (d *pollDesc) closeSock() {
	d.sockMu.Lock()
	ln, conn := d.ln, d.conn
	d.sockMu.Unlock()
	if ln != nil {
		ln.Close()
	}
	if conn != nil {
		conn.Close()
	}
}

// sysMessage is the system's own words for err, without package net's wrapping.
func sysMessage(err error) error {
	var op *net.OpError
	if errors.As(err, &op) {
		err = op.Err
	}
	var sc *os.SyscallError
	if errors.As(err, &sc) {
		err = sc.Err
	}
	return err
}

func sockListen(ap netip.AddrPort) (*pollDesc, string, error) {
	ln, err := net.ListenTCP("tcp", net.TCPAddrFromAddrPort(ap))
	if err != nil {
		return nil, "", sysMessage(err)
	}
	pd := newPortableDesc()
	pd.ln = ln
	return pd, ln.Addr().(*net.TCPAddr).AddrPort().String(), nil
}

func sockAccept(l *pollDesc) (*pollDesc, string, error) {
	l.sockMu.Lock()
	defer l.sockMu.Unlock()
	if r := l.accepted; r != nil {
		l.accepted = nil
		if r.err != nil {
			return nil, "", sysMessage(r.err)
		}
		pd := newPortableDesc()
		pd.conn = r.conn
		return pd, r.conn.RemoteAddr().String(), nil
	}
	if !l.accepting {
		l.accepting = true
		go func() {
			c, err := l.ln.AcceptTCP()
			l.sockMu.Lock()
			l.accepting = false
			if l.closed() && c != nil {
				c.Close()
			} else {
				l.accepted = &acceptResult{conn: c, err: err}
			}
			l.sockMu.Unlock()
			l.wakeDir(dirRead)
		}()
	}
	return nil, "", errWouldBlock
}

func sockConnect(ap netip.AddrPort) (*pollDesc, bool, error) {
	pd := newPortableDesc()
	pd.dialing = true
	go func() {
		c, err := net.DialTCP("tcp", nil, net.TCPAddrFromAddrPort(ap))
		pd.sockMu.Lock()
		pd.dialing = false
		if err != nil {
			pd.dialErr = sysMessage(err)
		} else if pd.closed() {
			c.Close()
			pd.dialErr = net.ErrClosed
		} else {
			pd.conn = c
		}
		pd.sockMu.Unlock()
		pd.wakeDir(dirWrite)
	}()
	return pd, true, nil
}

func sockConnectResult(pd *pollDesc) (bool, error) {
	pd.sockMu.Lock()
	defer pd.sockMu.Unlock()
	return !pd.dialing, pd.dialErr
}

func sockRead(pd *pollDesc, buf []byte) (int, error) {
	pd.sockMu.Lock()
	defer pd.sockMu.Unlock()
	if len(pd.readBuf) > 0 {
		n := copy(buf, pd.readBuf)
		pd.readBuf = pd.readBuf[n:]
		return n, nil
	}
	if err := pd.readErr; err != nil {
		if err == io.EOF {
			return 0, nil // and again on every later read
		}
		pd.readErr = nil
		return 0, sysMessage(err)
	}
	if !pd.reading {
		pd.reading = true
		go func() {
			b := make([]byte, ioChunk)
			n, err := pd.conn.Read(b)
			pd.sockMu.Lock()
			pd.reading = false
			pd.readBuf, pd.readErr = b[:n], err
			pd.sockMu.Unlock()
			pd.wakeDir(dirRead)
		}()
	}
	return 0, errWouldBlock
}

func sockWrite(pd *pollDesc, data string) (int, error) {
	pd.sockMu.Lock()
	defer pd.sockMu.Unlock()
	if r := pd.wrote; r != nil {
		pd.wrote = nil
		return r.n, sysMessage(r.err)
	}
	if !pd.writing {
		pd.writing = true
		go func() {
			n, err := io.WriteString(pd.conn, data)
			pd.sockMu.Lock()
			pd.writing = false
			if pd.abandonWrite {
				pd.abandonWrite = false
			} else {
				pd.wrote = &writeResult{n: n, err: err}
			}
			pd.sockMu.Unlock()
			pd.wakeDir(dirWrite)
		}()
	}
	return 0, errWouldBlock
}

// sockAbandonWrite forgets the result of a write whose future was dropped.
func sockAbandonWrite(pd *pollDesc) {
	pd.sockMu.Lock()
	if pd.writing {
		pd.abandonWrite = true
	}
	pd.wrote = nil
	pd.sockMu.Unlock()
}
