//go:build (darwin || freebsd || netbsd || openbsd || dragonfly) && !adesh_portable_io

package rt

import (
	"syscall"
	"unsafe"
)

// Without SOCK_NONBLOCK everywhere, the flags are set after the fact; ForkLock keeps a
// concurrent fork from inheriting the descriptor in between.

func newSocket(family int) (int, error) {
	syscall.ForkLock.RLock()
	fd, err := syscall.Socket(family, syscall.SOCK_STREAM, 0)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return -1, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return -1, err
	}
	return fd, nil
}

func sysAccept(fd int) (int, syscall.Sockaddr, error) {
	syscall.ForkLock.RLock()
	nfd, sa, err := syscall.Accept(fd)
	if err == nil {
		syscall.CloseOnExec(nfd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return -1, nil, err
	}
	if err := syscall.SetNonblock(nfd, true); err != nil {
		syscall.Close(nfd)
		return -1, nil, err
	}
	setNoDelay(nfd)
	return nfd, sa, nil
}

// sockRead reads once into buf; 0 bytes and no error is the end of the stream.
func sockRead(pd *pollDesc, buf []byte) (int, error) {
	for {
		n, err := syscall.Read(pd.fd, buf)
		if err == syscall.EINTR {
			continue
		}
		return max(n, 0), err
	}
}

// sockWrite writes what the socket takes of data.
func sockWrite(pd *pollDesc, data string) (int, error) {
	for {
		n, err := syscall.Write(pd.fd, unsafe.Slice(unsafe.StringData(data), len(data)))
		if err == syscall.EINTR {
			continue
		}
		return max(n, 0), err
	}
}
