package rt

import "os"

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

// WriteFile is AdeshLang's `fs.write_file(path, text)`: it creates or truncates the file and
// writes text, on the blocking pool.
func WriteFile(path, text string) *JoinHandle[Result[Unit, Error]] {
	return SpawnBlocking(func() Result[Unit, Error] {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return Err[Unit](Error{Message: err.Error()})
		}
		return Ok[Unit, Error](Unit{})
	})
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
