package gobuild

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// An entry of the cache (a program's executable, a compiled package) is a folder named by its
// key. It is built in a folder of its own and renamed into place, so that it appears whole, and
// it holds sums.txt, the SHA-256 of each of its files as they were written (as the go command's
// cache records an output's hash). An entry is used only while its files still have those
// sums: one truncated by a full disk or a crash, emptied or overwritten since is damaged, and it
// is removed and built again, with a notice.
const sumsFile = "sums.txt"

// Notices is where the build says what the user may want to know but that is no error (a
// damaged cache entry built again).
var Notices io.Writer = os.Stderr

// seal makes the files of an entry being built in dir private whatever the umask (executables
// 0700, the rest 0600) and records their sums.
func seal(dir string, names ...string) error {
	var sums strings.Builder
	for _, name := range names {
		p := filepath.Join(dir, name)
		mode := os.FileMode(0o600)
		if isExecutable(name) {
			mode = 0o700
		}
		if err := os.Chmod(p, mode); err != nil {
			return err
		}
		sum, err := fileHash(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(&sums, "%s  %s\n", sum, name)
	}
	return os.WriteFile(filepath.Join(dir, sumsFile), []byte(sums.String()), 0o600)
}

func isExecutable(name string) bool { return name == "prog" || name == "prog.exe" }

// verify reports, as an error, why the entry at dir may not be used: a file it recorded is
// missing or no longer what was written.
func verify(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, sumsFile))
	if err != nil {
		return errors.New("it has no record of its content")
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for _, line := range lines {
		want, name, ok := strings.Cut(line, "  ")
		if !ok || name == "" || strings.ContainsAny(name, `/\`) {
			return errors.New("its record of its content is damaged")
		}
		got, err := fileHash(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("%s cannot be read: %v", name, errors.Unwrap(err))
		}
		if got != want {
			return fmt.Errorf("%s is not what was written", name)
		}
	}
	return nil
}

// usable reports whether the entry at dir is there and whole. A damaged one is removed, with a
// notice, so that it is built again.
func usable(dir string) bool {
	if _, err := os.Stat(dir); err != nil {
		return false
	}
	err := verify(dir)
	if err == nil {
		return true
	}
	fmt.Fprintf(Notices, "adesh2go: the build cache entry %s is damaged (%v): it is built again\n", dir, err)
	_ = os.RemoveAll(dir)
	return false
}

// install renames the entry built in stage to dir. If another build put it there first, that
// one is kept.
func install(stage, dir string) error {
	err := os.Rename(stage, dir)
	if err != nil && verify(dir) == nil {
		return nil
	}
	return err
}

// fileHash is the SHA-256 of a file's content, in hex.
func fileHash(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
