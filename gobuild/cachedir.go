package gobuild

import (
	"errors"
	"fmt"
	"os"

	"adesh2go/gopkgs"
)

// CacheDir is where built programs are kept (gopkgs.CacheDir, which keeps the Go packages'
// listings there too).
func CacheDir() string { return gopkgs.CacheDir() }

// openCache returns the cache directory, made if it is not there. The cache holds the programs
// `adesh2go run` executes, so it must be the user's alone, as the go command guards its own: one
// that belongs to another user is refused (its owner could put any program there), and one that
// others may read or write is made private (0700).
func openCache() (string, error) {
	dir := CacheDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("cannot make the build cache %s: %v (set ADESH2GO_CACHE to a folder of your own)", dir, errors.Unwrap(err))
	}
	info, err := os.Stat(dir)
	if err != nil {
		return "", err
	}
	if !info.IsDir() {
		return "", fmt.Errorf("the build cache %s is a file, not a folder (set ADESH2GO_CACHE to a folder of your own)", dir)
	}
	if uid, ok := fileOwner(info); ok && uid != os.Getuid() {
		return "", fmt.Errorf("the build cache %s belongs to another user (uid %d), who could put the programs it runs there: "+
			"remove it, or set ADESH2GO_CACHE to a folder of your own", dir, uid)
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return "", fmt.Errorf("the build cache %s may be written by others and cannot be made private: %v", dir, errors.Unwrap(err))
		}
	}
	return dir, nil
}
