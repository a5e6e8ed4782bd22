//go:build unix

package gobuild

import (
	"os"
	"syscall"
)

// fileOwner is the user id of a file's owner.
func fileOwner(info os.FileInfo) (int, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
