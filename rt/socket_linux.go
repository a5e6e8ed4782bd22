//go:build linux && !adesh_portable_io

package rt

import "syscall"

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
