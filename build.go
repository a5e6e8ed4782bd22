package adesh2go

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"adesh2go/emitgo"
	"adesh2go/gopkgs"
)

// RuntimeFiles returns the runtime's Go source files (tests excluded), by name.
func RuntimeFiles() (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(runtimeFS, "rt", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "_test.go") || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := runtimeFS.ReadFile(p)
		out[filepath.Base(p)] = b
		return err
	})
	return out, err
}

// WriteModule writes a buildable Go module to dir: go.mod, main.go and rt/. It is written to a
// temporary directory next to dir first and renamed into place, so a failure leaves nothing
// half-written behind. An existing dir is replaced only when it is empty or an earlier output
// of WriteModule: anything else there is the user's.
func WriteModule(dir string, files []emitgo.File) error {
	if err := replaceable(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".adesh2go-emit-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it private
		return err
	}
	if err := writeRuntimeModule(tmp, files); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// writeRuntimeModule writes go.mod, rt/ and the program's files into dir.
func writeRuntimeModule(dir string, program []emitgo.File) error {
	rtFiles, err := RuntimeFiles()
	if err != nil {
		return err
	}
	files := map[string][]byte{"go.mod": []byte("module " + ModulePath + "\n\ngo 1.26\n")}
	for _, f := range program {
		files[filepath.FromSlash(f.Name)] = f.Src
	}
	for name, b := range rtFiles {
		files[filepath.Join("rt", name)] = b
	}
	for name, b := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// replaceable reports, as an error, why dir may not be replaced by a generated module: it is a
// file, or a directory that holds anything but an earlier generated module.
func replaceable(dir string) error {
	info, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is a file, not a directory: choose another output directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err == nil && strings.HasPrefix(string(mod), "module "+ModulePath+"\n") {
		if rt, err := os.Stat(filepath.Join(dir, "rt")); err == nil && rt.IsDir() {
			return nil // an earlier output: written again
		}
	}
	return fmt.Errorf("%s already exists and is not a module adesh2go wrote: choose another output directory (or remove it)", dir)
}

// goEnv is the environment of the go command building a generated module: offline, no
// workspace, modules on.
func goEnv() []string {
	env := os.Environ()
	return append(env, "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GO111MODULE=on")
}

// BuildModule builds the module in dir into the executable out (with -trimpath, so that the
// runtime compiled for one directory is reused from the go command's cache for any other).
func BuildModule(dir, out string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-o", out, ".")
	cmd.Dir = dir
	cmd.Env = goEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return fmt.Errorf("cannot run the go command (is Go installed and on PATH?): %v", err)
		}
		return fmt.Errorf("go build failed (this is a bug in adesh2go):\n%s", stderr.String())
	}
	return nil
}

// CacheDir is where built programs are kept, by content hash.
func CacheDir() string { return gopkgs.CacheDir() }

// runtimeHash hashes the runtime's files (once a process: they are embedded).
var runtimeHash = sync.OnceValues(func() (string, error) {
	rtFiles, err := RuntimeFiles()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	names := make([]string, 0, len(rtFiles))
	for n := range rtFiles {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		h.Write([]byte("\x00" + n + "\x00"))
		h.Write(rtFiles[n])
	}
	return hex.EncodeToString(h.Sum(nil)), nil
})

// contentKey hashes everything a built program depends on: its Go source, the runtime, and the
// Go that built adesh2go. (The toolchain that builds the program is not asked for here, so
// that a hit runs no go command: an executable built by an earlier Go still runs.)
func contentKey(files []emitgo.File, s BuildSettings) (string, error) {
	rt, err := runtimeHash()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(Version + "\x00" + runtime.Version() + "\x00" + rt + "\x00" + s.key() + "\x00"))
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Name, len(f.Src))
		h.Write(f.Src)
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// CachedBinary returns the executable of a program, building it unless a build of the same
// content is in the cache: a second run of an unchanged program does not invoke the go command.
func CachedBinary(files []emitgo.File) (string, error) {
	return CachedBinaryWith(files, BuildSettings{})
}

// CachedBinaryWith is CachedBinary with build settings.
func CachedBinaryWith(files []emitgo.File, s BuildSettings) (string, error) {
	key, err := contentKey(files, s)
	if err != nil {
		return "", err
	}
	now := time.Now()
	trimCache(CacheDir(), now)
	dir := filepath.Join(CacheDir(), key)
	exe := filepath.Join(dir, "prog")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if info, err := os.Stat(exe); err == nil {
		if markUsed(exe, info, now) {
			touchPackages(dir, now)
		}
		return exe, nil
	}
	// Built in a directory of its own, so that runs of the same program at once do not write
	// over each other; the executable is renamed into place, which is atomic.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	work, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	built := filepath.Join(work, filepath.Base(exe))
	entries, err := buildMain(work, files, built, s)
	if err != nil {
		return "", err
	}
	if len(entries) > 1 {
		_ = writeAtomic(filepath.Join(dir, packagesList), []byte(strings.Join(entries, "\n")+"\n"))
	}
	return exe, os.Rename(built, exe)
}
