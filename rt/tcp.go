package rt

// The TCP surface of AdeshLang (§12), common to the reactor implementation (tcp_reactor.go)
// and the portable one (tcp_portable.go):
//
//	NetListen(addr) ListenFuture → *TcpListener    l.Accept() / l.AcceptTimeout(ms) → *TcpStream
//	NetConnect(addr) / NetConnectTimeout(addr, ms) ConnectFuture → *TcpStream
//	s.Read(n) / s.ReadTimeout(n, ms) ReadFuture → string of up to n bytes, whole characters
//	  ("" at end of stream)
//	s.ReadLine() / s.ReadLineTimeout(ms) ReadLineFuture → Option[string] (None at end of stream)
//	s.Write(data) WriteFuture → Unit (all of data)
//	s.Close(), l.Close(), s.Addr() (the peer), l.Addr() (where it listens)
//
// The futures are values, to be stored in a state struct and polled in place; dropping one
// (a cancelled task) takes its task off the socket and removes its timer. A failure is thrown
// as an Error with the system's message ("connect 127.0.0.1:1: connection refused"), a timeout
// as "timed out". One task at a time should read a stream (reads are serialized, but two
// readers split its data between them); concurrent writes may interleave.

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
)

// maxLineBytes bounds read_line, so that a peer that never sends a newline cannot make the
// program hold unbounded memory.
const maxLineBytes = 16 << 20

// ioChunk is the most one read system call asks for.
const ioChunk = 64 << 10

// throwIO fails the awaiting task with an I/O error.
func throwIO(msg string) {
	throwHere(Error{Message: msg})
}

// osError names the operation an error of the system came from.
func osError(op string, err error) error {
	return fmt.Errorf("%s: %w", op, err)
}

// withTimeout makes the timer of an operation that has a timeout (ms >= 0), counted from now.
func withTimeout(ms int64) *SleepFuture {
	if ms < 0 {
		return nil
	}
	s := Sleep(ms)
	return &s
}

// timedOut reports whether the operation's timer (if any) has expired, and otherwise makes
// sure it will wake the task when it does.
func timedOut(cx *Context, timer *SleepFuture) bool {
	return timer != nil && timer.Poll(cx).Ready
}

func dropTimer(timer *SleepFuture) {
	if timer != nil {
		timer.Drop()
	}
}

// resolveStep turns "host:port" into addresses: at once for an IP literal, on the blocking
// pool (the system resolver blocks) for a name.
type resolveStep struct {
	addr  string
	addrs []netip.AddrPort
	err   string
	job   *JoinHandle[resolved]
	done  bool
}

type resolved struct {
	addrs []netip.AddrPort
	err   string
}

// startResolve begins resolving addr; listening allows an empty host (every interface).
func startResolve(addr string, listening bool) resolveStep {
	r := resolveStep{addr: addr}
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		r.err, r.done = fmt.Sprintf("bad address %q: %s", addr, splitErrorText(err)), true
		return r
	}
	port, err := strconv.ParseUint(portText, 10, 16)
	if err != nil {
		if p, lerr := net.LookupPort("tcp", portText); lerr == nil {
			port, err = uint64(p), nil
		}
	}
	if err != nil {
		r.err, r.done = fmt.Sprintf("bad address %q: unknown port %q", addr, portText), true
		return r
	}
	switch {
	case host == "" && listening:
		r.addrs, r.done = []netip.AddrPort{netip.AddrPortFrom(netip.IPv4Unspecified(), uint16(port))}, true
	case host == "":
		r.addrs, r.done = []netip.AddrPort{netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), uint16(port))}, true
	default:
		if ip, err := netip.ParseAddr(host); err == nil {
			r.addrs, r.done = []netip.AddrPort{netip.AddrPortFrom(ip.WithZone(""), uint16(port))}, true
			return r
		}
		r.job = SpawnBlocking(func() resolved { return lookupHost(host, uint16(port)) })
	}
	return r
}

// splitErrorText is net.SplitHostPort's complaint without the address, which the caller names.
func splitErrorText(err error) string {
	if ae, ok := err.(*net.AddrError); ok {
		return ae.Err
	}
	return err.Error()
}

// lookupHost asks the system resolver, IPv4 addresses first (what "localhost" users expect).
func lookupHost(host string, port uint16) resolved {
	ips, err := net.DefaultResolver.LookupNetIP(context.Background(), "ip", host)
	if err != nil {
		msg := err.Error()
		if de, ok := err.(*net.DNSError); ok {
			msg = "lookup " + host + ": " + de.Err
		}
		return resolved{err: msg}
	}
	if len(ips) == 0 {
		return resolved{err: "lookup " + host + ": no such host"}
	}
	slices.SortStableFunc(ips, func(a, b netip.Addr) int {
		return cmp.Compare(boolRank(!a.Unmap().Is4()), boolRank(!b.Unmap().Is4()))
	})
	out := make([]netip.AddrPort, len(ips))
	for i, ip := range ips {
		out[i] = netip.AddrPortFrom(ip.Unmap().WithZone(""), port)
	}
	return resolved{addrs: out}
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// poll gives the addresses once known; it throws if addr cannot be resolved.
func (r *resolveStep) poll(cx *Context) ([]netip.AddrPort, bool) {
	if !r.done {
		p := r.job.Poll(cx)
		if !p.Ready {
			return nil, false
		}
		r.job = nil
		r.done = true
		r.addrs, r.err = p.Value.addrs, p.Value.err
	}
	if r.err != "" {
		throwIO(r.err)
	}
	return r.addrs, true
}

// drop abandons a lookup under way (it finishes on its own; its result is ignored).
func (r *resolveStep) drop() {
	if r.job != nil {
		r.job.Drop()
		r.job = nil
	}
	r.done = true
}
