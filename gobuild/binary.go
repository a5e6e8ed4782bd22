package gobuild

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/gopkgs"
)

// runtimeHash hashes the runtime's files (once a process: they are embedded).
var runtimeHash = sync.OnceValues(func() (string, error) {
	rtFiles, err := adesh2go.RuntimeFiles()
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

// contentKey hashes everything a built program depends on: its Go source, the runtime, the Go
// that built adesh2go, and the toolchain that builds the program with every setting that
// changes what it makes (the target's GOOS and GOARCH among them, see toolchainFingerprint),
// named without running the go command, so that a hit runs none; and the compiled packages from
// Go modules it links (named by their content in Go's cache).
func contentKey(files []emitgo.File, s BuildSettings, deps *gopkgs.ModuleDeps) (string, error) {
	rt, err := runtimeHash()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(adesh2go.Version + "\x00" + runtime.Version() + "\x00" + rt + "\x00" + toolchainFingerprint() + "\x00" + s.key() + "\x00"))
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Name, len(f.Src))
		h.Write(f.Src)
	}
	if deps != nil {
		for _, path := range slices.Sorted(maps.Keys(deps.Packages)) {
			fmt.Fprintf(h, "module package\x00%s\x00%s\x00", path, deps.Packages[path])
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// exeName is the executable's name in its entry.
func exeName() string {
	if runtime.GOOS == "windows" {
		return "prog.exe"
	}
	return "prog"
}

// CachedBinary returns the executable of a program, building it unless a build of the same
// content is in the cache: a second run of an unchanged program does not invoke the go command.
func CachedBinary(files []emitgo.File) (string, error) {
	return CachedBinaryWith(files, BuildSettings{})
}

// CachedBinaryWith is CachedBinary with build settings (a debug build is cached apart).
func CachedBinaryWith(files []emitgo.File, s BuildSettings) (string, error) {
	cache, err := openCache()
	if err != nil {
		return "", err
	}
	pkgs, err := programPackages(files)
	if err != nil {
		return "", err
	}
	deps, err := moduleDeps(pkgs, s.ProgramDir)
	if err != nil {
		return "", err
	}
	key, err := contentKey(files, s, deps)
	if err != nil {
		return "", err
	}
	now := time.Now()
	trimCache(cache, now)
	dir := filepath.Join(cache, key)
	exe := filepath.Join(dir, exeName())
	if usable(dir) {
		if info, err := os.Stat(exe); err == nil && markUsed(exe, info, now) {
			touchPackages(cache, dir, now)
		}
		return exe, nil
	}
	// Built in a folder of its own, so that builds of the same program at once do not write
	// over each other, and renamed into place.
	work, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		return "", cacheWriteError(cache, err)
	}
	defer os.RemoveAll(work)
	stage := filepath.Join(work, "entry")
	if err := os.Mkdir(stage, 0o700); err != nil {
		return "", cacheWriteError(cache, err)
	}
	entries, err := buildMain(cache, work, files, pkgs, deps, filepath.Join(stage, exeName()), s)
	if err != nil {
		return "", err
	}
	sealed := []string{exeName()}
	if len(entries) > 1 {
		if err := os.WriteFile(filepath.Join(stage, packagesList), []byte(strings.Join(entries, "\n")+"\n"), 0o600); err != nil {
			return "", cacheWriteError(cache, err)
		}
		sealed = append(sealed, packagesList)
	}
	if err := seal(stage, sealed...); err != nil {
		return "", cacheWriteError(cache, err)
	}
	if err := install(stage, dir); err != nil {
		return "", cacheWriteError(cache, err)
	}
	return exe, nil
}

// cacheWriteError says that the cache could not be written: a failure of the environment (a
// full disk, a read-only cache), not of the program or of adesh2go.
func cacheWriteError(cache string, err error) error {
	return fmt.Errorf("cannot write the build cache %s: %v (free space there, or set ADESH2GO_CACHE to another folder)", cache, err)
}

// RunsHere reports, as an error, why a program built now would not run on this machine: GOOS
// or GOARCH in the environment name another system. `build` may cross-compile; `run` and
// `test` may not.
func RunsHere() error {
	goos, goarch := gopkgs.GoSetting("GOOS"), gopkgs.GoSetting("GOARCH")
	if (goos == "" || goos == runtime.GOOS) && (goarch == "" || goarch == runtime.GOARCH) {
		return nil
	}
	return fmt.Errorf("GOOS=%s GOARCH=%s builds for another system than this one (%s/%s), where the program cannot run: "+
		"unset them to run it here, or cross-compile it with `adesh2go build`", or(goos, runtime.GOOS), or(goarch, runtime.GOARCH), runtime.GOOS, runtime.GOARCH)
}

func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}
