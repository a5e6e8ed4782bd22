//go:build (linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !adesh_portable_io

package rt

import (
	"net/netip"
	"syscall"
)

// The socket layer over the reactor: non-blocking sockets through the syscall package, each
// registered with the reactor when it is made. The platform differences (accept4 and
// SOCK_NONBLOCK) are in socket_linux.go and socket_bsd.go.

// sysSock is empty here: the descriptor is pollDesc.fd.
type sysSock struct{}

// listenBacklog is what listen asks for; the kernel caps it at its own maximum (somaxconn).
const listenBacklog = 4096

func (d *pollDesc) closeSock() { syscall.Close(d.fd) }

// registerFD adds a new socket to the reactor, closing it if that fails.
func registerFD(fd int) (*pollDesc, error) {
	r, err := theReactor()
	if err == nil {
		var pd *pollDesc
		if pd, err = r.register(fd); err == nil {
			return pd, nil
		}
	}
	syscall.Close(fd)
	return nil, err
}

func sockaddrOf(ap netip.AddrPort) (family int, sa syscall.Sockaddr) {
	ip := ap.Addr()
	if ip.Is4() {
		return syscall.AF_INET, &syscall.SockaddrInet4{Port: int(ap.Port()), Addr: ip.As4()}
	}
	return syscall.AF_INET6, &syscall.SockaddrInet6{Port: int(ap.Port()), Addr: ip.As16()}
}

// addrText is a socket address as "host:port" ("[::1]:80" for IPv6).
func addrText(sa syscall.Sockaddr) string {
	switch a := sa.(type) {
	case *syscall.SockaddrInet4:
		return netip.AddrPortFrom(netip.AddrFrom4(a.Addr), uint16(a.Port)).String()
	case *syscall.SockaddrInet6:
		return netip.AddrPortFrom(netip.AddrFrom16(a.Addr).Unmap(), uint16(a.Port)).String()
	}
	return "?"
}

// sockListen opens a listening socket bound to ap and returns it with the address it got (the
// port the system chose for port 0).
func sockListen(ap netip.AddrPort) (pd *pollDesc, local string, err error) {
	family, sa := sockaddrOf(ap)
	fd, err := newSocket(family)
	if err != nil {
		return nil, "", err
	}
	if err = syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1); err == nil {
		if err = syscall.Bind(fd, sa); err == nil {
			err = syscall.Listen(fd, listenBacklog)
		}
	}
	var bound syscall.Sockaddr
	if err == nil {
		bound, err = syscall.Getsockname(fd)
	}
	if err != nil {
		syscall.Close(fd)
		return nil, "", err
	}
	pd, err = registerFD(fd)
	if err != nil {
		return nil, "", err
	}
	return pd, addrText(bound), nil
}

// sockAccept accepts a connection, or says EAGAIN.
func sockAccept(l *pollDesc) (*pollDesc, string, error) {
	for {
		fd, sa, err := sysAccept(l.fd)
		switch err {
		case nil:
			pd, err := registerFD(fd)
			if err != nil {
				return nil, "", err
			}
			return pd, addrText(sa), nil
		case syscall.EINTR, syscall.ECONNABORTED:
			continue
		}
		return nil, "", err
	}
}

// sockConnect starts a connection to ap; inProgress means it completes later (writability,
// then sockConnectResult tells how).
func sockConnect(ap netip.AddrPort) (pd *pollDesc, inProgress bool, err error) {
	family, sa := sockaddrOf(ap)
	fd, err := newSocket(family)
	if err != nil {
		return nil, false, err
	}
	for {
		err = syscall.Connect(fd, sa)
		if err != syscall.EINTR {
			break
		}
	}
	switch err {
	case nil:
		setNoDelay(fd)
	case syscall.EINPROGRESS, syscall.EALREADY:
		inProgress = true
	default:
		syscall.Close(fd)
		return nil, false, err
	}
	pd, err = registerFD(fd)
	return pd, inProgress, err
}

// sockConnectResult tells a connection in progress apart: done with err == nil when
// connected, done with an error when it failed, not done while still in progress.
func sockConnectResult(pd *pollDesc) (done bool, err error) {
	errno, err := syscall.GetsockoptInt(pd.fd, syscall.SOL_SOCKET, syscall.SO_ERROR)
	if err != nil {
		return true, err
	}
	if errno != 0 {
		return true, syscall.Errno(errno)
	}
	if _, err := syscall.Getpeername(pd.fd); err != nil {
		return false, nil // ENOTCONN: still connecting
	}
	setNoDelay(pd.fd)
	return true, nil
}

// sockAbandonWrite is for the portable layer, whose writes run on their own; here a write
// that was not made is simply not made.
func sockAbandonWrite(*pollDesc) {}

// setNoDelay turns Nagle's algorithm off, as Go's net package does: request/response
// protocols must not wait for the peer's delayed acknowledgement.
func setNoDelay(fd int) {
	syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
}

func wouldBlock(err error) bool { return err == syscall.EAGAIN || err == syscall.EWOULDBLOCK }
