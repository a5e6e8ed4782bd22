package gobuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"adesh2go"
	"adesh2go/gopkgs"
)

// A program is built by running the Go compiler and linker on its main.go directly: the go
// command would load, hash and check the runtime's 80 files on every build, which costs more
// than compiling a small main.go. What the compiler and linker need (where the compiled
// runtime and standard packages are) is asked of the go command once and kept in the cache as
// a toolchain listing, toolchain-KEY.json, KEY naming the Go toolchain, its settings and the
// runtime's content; the go command is run only to write a listing, not to find one (see
// toolchainFingerprint). The compiled packages themselves stay in the go command's own build
// cache, where `go list -export` puts them.

// toolchain is a toolchain listing.
type toolchain struct {
	GoVersion string            // as `go env GOVERSION` says: the compiler's -goversion
	ToolDir   string            // where compile and link are
	Packages  map[string]string // import path → its compiled package (export data and code)
	Imports   []string          // what the listing was asked for: the runtime and the imports of main packages
}

// toolchainRefreshEvery is how often a listing is asked again of the go command even when it
// is still complete: `go list` marks the compiled packages used, so the go command does not
// trim them from its cache while programs link against them.
const toolchainRefreshEvery = 24 * time.Hour

// goEnvSettings asks the go command for what a listing keeps of its settings.
func goEnvSettings() (map[string]string, error) {
	cmd := exec.Command("go", "env", "-json", "GOVERSION", "GOTOOLDIR")
	cmd.Env = buildEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("cannot run the go command (is Go installed and on PATH?): %v", err)
		}
		return nil, toolFailure("go env", err, stderr.Bytes())
	}
	env := map[string]string{}
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("go env printed what is not JSON: %v", err)
	}
	return env, nil
}

// buildEnv is the environment of the go command and the tools building a program: goEnv's,
// and no cgo. A program has no C code, and without cgo its executable is static: no
// runtime/cgo to link, no C library to load when it starts.
func buildEnv() []string { return gopkgs.Env() }

// toolchainPath is the file in the cache of the listing for the toolchain a build would use.
func toolchainPath(cache string) (string, error) {
	rt, err := runtimeHash()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(adesh2go.Version + "\x00" + rt + "\x00" + toolchainFingerprint()))
	return filepath.Join(cache, "toolchain-"+hex.EncodeToString(h.Sum(nil))[:32]+".json"), nil
}

// toolchainFingerprint names the Go toolchain a build would use without running the go
// command (gopkgs.Fingerprint). A build that fails against a listing asks for it again
// (buildMain).
func toolchainFingerprint() string { return gopkgs.Fingerprint(buildEnv()) }

// loadToolchain returns a listing that holds every package in imports (and the runtime),
// reading it from the cache when a complete, recent one is there and asking the go command
// otherwise; refresh asks it in any case (a build against the cached listing failed).
func loadToolchain(cache string, imports []string, refresh bool) (*toolchain, error) {
	path, err := toolchainPath(cache)
	if err != nil {
		return nil, err
	}
	var old toolchain
	if b, info, err := readWithInfo(path); err == nil && json.Unmarshal(b, &old) == nil {
		if !refresh && time.Since(info.ModTime()) < toolchainRefreshEvery && old.complete(imports) {
			return &old, nil
		}
	}
	want := append([]string{adesh2go.ModulePath + "/rt"}, imports...)
	want = append(want, old.Imports...) // a refresh keeps what others asked for
	slices.Sort(want)
	want = slices.Compact(want)
	env, err := goEnvSettings()
	if err != nil {
		return nil, err
	}
	packages, err := listExports(want)
	if err != nil {
		return nil, err
	}
	tc := &toolchain{GoVersion: env["GOVERSION"], ToolDir: env["GOTOOLDIR"], Packages: packages, Imports: want}
	b, err := json.MarshalIndent(tc, "", "\t")
	if err != nil {
		return nil, err
	}
	// Written beside and renamed into place: a build running at the same time reads the old
	// listing or the new one, never half of one. A cache that cannot be written still builds.
	_ = writeAtomic(path, b)
	return tc, nil
}

// complete reports whether the listing has every package of imports and each compiled package
// is still in the go command's cache.
func (tc *toolchain) complete(imports []string) bool {
	if tc.ToolDir == "" || tc.Packages[adesh2go.ModulePath+"/rt"] == "" {
		return false
	}
	for _, imp := range imports {
		if !slices.Contains(tc.Imports, imp) { // not Packages: unsafe has no compiled package
			return false
		}
	}
	for _, file := range tc.Packages {
		if _, err := os.Stat(file); err != nil {
			return false
		}
	}
	return true
}

// listExports has the go command compile the runtime and the packages of imports (with
// -trimpath, so the runtime's compiled package is the same from any directory and reused from
// the go command's cache) and returns where each of them and of their dependencies is.
func listExports(imports []string) (map[string]string, error) {
	dir, err := os.MkdirTemp("", "adesh2go-rt-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := writeRuntimeModule(dir, nil); err != nil {
		return nil, err
	}
	args := append([]string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Export"}, imports...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = buildEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, toolFailure("go list of the runtime", err, stderr.Bytes())
	}
	packages := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list printed what is not JSON: %v", err)
		}
		if p.Export != "" {
			packages[p.ImportPath] = p.Export
		}
	}
	return packages, nil
}

// readWithInfo reads a file and its modification time.
func readWithInfo(path string) ([]byte, os.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	b, err := os.ReadFile(path)
	return b, info, err
}

// writeAtomic writes a file through a temporary file beside it and a rename.
func writeAtomic(path string, b []byte) error { return gopkgs.WriteAtomic(path, b) }

// isToolchainListing reports whether name is a listing's file name in the cache.
func isToolchainListing(name string) bool {
	key, ok := strings.CutPrefix(name, "toolchain-")
	key, ok2 := strings.CutSuffix(key, ".json")
	return ok && ok2 && isCacheKey(key)
}
