package gopkgs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The settings adesh2go's builds and this package's listings share, so that the packages
// `go list -export` compiles for a program's types are those its build links.

// Env is the environment of the go command and the tools building a program: no module proxy
// (a program of the standard library builds offline), no workspace, and no cgo: a program has
// no C code, and without cgo its executable is static.
func Env() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GO111MODULE=on", "CGO_ENABLED=0")
}

// CacheDir is adesh2go's cache: ADESH2GO_CACHE if it is set, else adesh2go in the user's cache
// directory (on Linux $XDG_CACHE_HOME, else ~/.cache), else, when neither HOME nor
// XDG_CACHE_HOME is set, adesh2go-UID in the temporary directory: a name of the user's own, so
// that another user's folder of the same name is not taken for it (gobuild keeps it private).
func CacheDir() string {
	if d := os.Getenv("ADESH2GO_CACHE"); d != "" {
		return d
	}
	if base, err := os.UserCacheDir(); err == nil {
		return filepath.Join(base, "adesh2go")
	}
	return filepath.Join(os.TempDir(), "adesh2go-"+strconv.Itoa(os.Getuid()))
}

// Fingerprint names the Go toolchain a build in the environment env would use without running
// the go command (which costs as much as compiling a small program): the go command on PATH
// (its path, size and time, so that a Go installed again in place is another), the environment
// that selects or configures it, and its two configuration files (GOROOT/go.env and the user's
// `go env -w` file).
func Fingerprint(env []string) string {
	var b strings.Builder
	stat := func(path string) {
		b.WriteString(path)
		if info, err := os.Stat(path); err == nil {
			fmt.Fprintf(&b, " %d %d", info.Size(), info.ModTime().UnixNano())
		}
		b.WriteByte(0)
	}
	goCmd, userEnv, rootEnv := goConfig()
	if goCmd != "" {
		stat(goCmd)
		stat(rootEnv)
	}
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "GO"), strings.HasPrefix(name, "CGO_"), strings.HasPrefix(name, "XDG_"),
			name == "CC", name == "HOME", name == "AppData", name == "LocalAppData", name == "home":
			b.WriteString(kv + "\x00")
		}
	}
	if userEnv != "" {
		stat(userEnv)
	}
	return b.String()
}

// goConfig is where the go command on PATH is (symlinks followed; "" when there is none) and
// its two configuration files: the user's `go env -w` file ("" under GOENV=off) and
// GOROOT/go.env.
func goConfig() (goCmd, userEnv, rootEnv string) {
	switch env := os.Getenv("GOENV"); {
	case env == "off":
	case env != "":
		userEnv = env
	default:
		if dir, err := os.UserConfigDir(); err == nil {
			userEnv = filepath.Join(dir, "go", "env")
		}
	}
	if cmd, err := exec.LookPath("go"); err == nil {
		if real, err := filepath.EvalSymlinks(cmd); err == nil {
			cmd = real
		}
		goCmd, rootEnv = cmd, filepath.Join(filepath.Dir(filepath.Dir(cmd)), "go.env")
	}
	return goCmd, userEnv, rootEnv
}

// GoSetting is a setting of the go command as it would take it without being run: the
// environment's, else the user's `go env -w` file's, else GOROOT/go.env's ("" for none).
func GoSetting(name string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	_, userEnv, rootEnv := goConfig()
	for _, f := range []string{userEnv, rootEnv} {
		b, err := os.ReadFile(f)
		if f == "" || err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && k == name && v != "" {
				return v
			}
		}
	}
	return ""
}

// WriteAtomic writes a file through a temporary file beside it and a rename: a reader at the
// same time reads the old file or the new one, never half of one.
func WriteAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil { // the cache is the user's alone
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
