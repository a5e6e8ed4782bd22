//go:build linux && !adesh_portable_io

package rt

import (
	"syscall"
	"unsafe"
)

func newSocket(family int) (int, error) {
	return syscall.Socket(family, syscall.SOCK_STREAM|syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC, 0)
}

// sysAccept accepts a connection as a non-blocking, close-on-exec socket.
func sysAccept(fd int) (int, syscall.Sockaddr, error) {
	nfd, sa, err := syscall.Accept4(fd, syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC)
	if err == nil {
		setNoDelay(nfd)
	}
	return nfd, sa, err
}

// sockRead reads once into buf; 0 bytes and no error is the end of the stream. The socket is
// non-blocking, so the call never blocks: a raw system call spares the runtime's bookkeeping
// for calls that may block (handing the P to another thread), which the workers do not need.
func sockRead(pd *pollDesc, buf []byte) (int, error) {
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_READ, uintptr(pd.fd), uintptr(unsafe.Pointer(unsafe.SliceData(buf))), uintptr(len(buf)))
		switch errno {
		case 0:
			return int(n), nil
		case syscall.EINTR:
			continue
		}
		return 0, errno
	}
}

// sockWrite writes what the socket takes of data (a raw call, as in sockRead).
func sockWrite(pd *pollDesc, data string) (int, error) {
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(pd.fd), uintptr(unsafe.Pointer(unsafe.StringData(data))), uintptr(len(data)))
		switch errno {
		case 0:
			return int(n), nil
		case syscall.EINTR:
			continue
		}
		return 0, errno
	}
}
