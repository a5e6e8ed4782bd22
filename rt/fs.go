package rt

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// ReadFile is AdeshLang's `fs.read_file(path)`: the file's contents, read on the blocking pool
// (file reads block the thread that makes them, and no readiness API covers regular files).
func ReadFile(path string) *JoinHandle[Result[string, Error]] {
	return SpawnBlocking(func() Result[string, Error] {
		b, err := os.ReadFile(path)
		if err != nil {
			return Err[string](Error{Message: err.Error()})
		}
		return Ok[string, Error](string(b))
	})
}

// WriteFile is AdeshLang's `fs.write_file(path, text)`, on the blocking pool. The file is
// replaced whole or not at all: text goes to a temporary file in the same folder, which is
// synced and renamed over path, so that a crash, a kill or a full disk midway leaves the earlier
// file as it was, never an empty or a cut one. A new file gets mode 0644 (less the umask), a
// replaced one keeps its mode; a symbolic link at path is replaced by the file.
func WriteFile(path, text string) *JoinHandle[Result[Unit, Error]] {
	return SpawnBlocking(func() Result[Unit, Error] {
		if err := writeFileAtomic(path, []byte(text)); err != nil {
			return Err[Unit](Error{Message: err.Error()})
		}
		return Ok[Unit, Error](Unit{})
	})
}

// writeFileAtomic writes b to path through a temporary file beside it, synced and renamed.
func writeFileAtomic(path string, b []byte) (err error) {
	info, statErr := os.Stat(path)
	if statErr == nil && !info.Mode().IsRegular() {
		return &os.PathError{Op: "write", Path: path, Err: errors.New("not a regular file")}
	}
	f, err := createBeside(path)
	if err != nil { // said as os.WriteFile says it: the file could not be opened
		return &os.PathError{Op: "open", Path: path, Err: errors.Unwrap(err)}
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if statErr == nil {
		if err := f.Chmod(info.Mode().Perm()); err != nil {
			return err
		}
	}
	if _, err := f.Write(b); err != nil {
		return &os.PathError{Op: "write", Path: path, Err: errors.Unwrap(err)}
	}
	if err := f.Sync(); err != nil {
		return &os.PathError{Op: "write", Path: path, Err: errors.Unwrap(err)}
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// RemoveFile is AdeshLang's `fs.remove(path)`: it deletes a file (or an empty directory), on
// the blocking pool.
func RemoveFile(path string) *JoinHandle[Result[Unit, Error]] {
	return SpawnBlocking(func() Result[Unit, Error] {
		if err := os.Remove(path); err != nil {
			return Err[Unit](Error{Message: err.Error()})
		}
		return Ok[Unit, Error](Unit{})
	})
}

// createBeside creates a new temporary file in path's folder, mode 0644 less the umask.
func createBeside(path string) (*os.File, error) {
	for {
		name := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if !errors.Is(err, os.ErrExist) {
			return f, err
		}
	}
}
