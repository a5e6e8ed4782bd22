package gobuild

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"adesh2go"
	"adesh2go/emitgo"
)

// CacheDir is where built programs are kept, by content hash.
func CacheDir() string {
	if d := os.Getenv("ADESH2GO_CACHE"); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "adesh2go")
}

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

// contentKey hashes everything a built program depends on: its Go source, the runtime, and the
// Go that built adesh2go. (The toolchain that builds the program is not asked for here, so
// that a hit runs no go command: an executable built by an earlier Go still runs.)
func contentKey(files []emitgo.File) (string, error) {
	rt, err := runtimeHash()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(adesh2go.Version + "\x00" + runtime.Version() + "\x00" + rt + "\x00"))
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Name, len(f.Src))
		h.Write(f.Src)
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// CachedBinary returns the executable of a program, building it unless a build of the same
// content is in the cache: a second run of an unchanged program does not invoke the go command.
func CachedBinary(files []emitgo.File) (string, error) {
	key, err := contentKey(files)
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
	entries, err := buildMain(work, files, built)
	if err != nil {
		return "", err
	}
	if len(entries) > 1 {
		_ = writeAtomic(filepath.Join(dir, packagesList), []byte(strings.Join(entries, "\n")+"\n"))
	}
	return exe, os.Rename(built, exe)
}

// The build cache keeps one executable per program content. Left alone it would grow with every
// program ever run, so, as the go command trims its own cache, entries unused for cacheMaxAge
// are removed, at most once per cacheTrimEvery (the time of the last trim is the mtime of the
// cache's trim.txt). Using an entry refreshes its time, at most once per cacheTouchEvery, so
// that a hit costs no write.
const (
	cacheMaxAge     = 5 * 24 * time.Hour
	cacheTrimEvery  = 24 * time.Hour
	cacheTouchEvery = time.Hour
	staleBuildAge   = time.Hour // a build directory left by an interrupted build
)

// markUsed records that the cached file (an executable, a compiled package) was just used,
// and reports whether it wrote its time.
func markUsed(file string, info os.FileInfo, now time.Time) bool {
	if now.Sub(info.ModTime()) > cacheTouchEvery {
		_ = os.Chtimes(file, now, now) // a read-only cache still works, it is only not trimmed
		return true
	}
	return false
}

// packagesList is the file of an executable's entry that lists the cache entries of the
// packages it was linked from (a split program's): they are marked used with it, so that
// running an unchanged program keeps them for its next edit.
const packagesList = "packages.txt"

// touchPackages marks used the compiled packages an executable's entry dir lists.
func touchPackages(dir string, now time.Time) {
	b, err := os.ReadFile(filepath.Join(dir, packagesList))
	if err != nil {
		return
	}
	for _, name := range strings.Fields(string(b)) {
		if isCacheKey(name) && strings.HasPrefix(name, "pkg-") {
			_ = os.Chtimes(filepath.Join(CacheDir(), name, "link.a"), now, now)
		}
	}
}

// trimCache removes the entries of the cache at dir that were not used for cacheMaxAge, the
// toolchain listings not used for as long, and build directories interrupted builds left, unless the cache was trimmed in the last
// cacheTrimEvery. Errors are ignored: trimming is housekeeping.
func trimCache(dir string, now time.Time) {
	mark := filepath.Join(dir, "trim.txt")
	if info, err := os.Stat(mark); err == nil && now.Sub(info.ModTime()) < cacheTrimEvery {
		return
	}
	if err := os.WriteFile(mark, []byte(now.UTC().Format(time.RFC3339)+"\n"), 0o644); err != nil {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if isToolchainListing(e.Name()) {
			// Refreshed once a day while it is used (toolchainRefreshEvery): an old one
			// belongs to a Go or an adesh2go no longer run.
			if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > cacheMaxAge {
				_ = os.Remove(filepath.Join(dir, e.Name()))
			}
			continue
		}
		if !e.IsDir() || !isCacheKey(e.Name()) {
			continue // not an entry: the cache directory may be shared with other files
		}
		entry := filepath.Join(dir, e.Name())
		if stale(entry, now) {
			_ = os.RemoveAll(entry)
			continue
		}
		builds, _ := os.ReadDir(entry)
		for _, b := range builds {
			if info, err := b.Info(); err == nil && strings.HasPrefix(b.Name(), "build-") && now.Sub(info.ModTime()) > staleBuildAge {
				_ = os.RemoveAll(filepath.Join(entry, b.Name()))
			}
		}
	}
}

// stale reports whether a cache entry's executable was last used more than cacheMaxAge ago (an
// entry with no executable is judged by the directory's own time).
func stale(entry string, now time.Time) bool {
	for _, name := range []string{"prog", "prog.exe", "link.a", ""} {
		if info, err := os.Stat(filepath.Join(entry, name)); err == nil {
			return now.Sub(info.ModTime()) > cacheMaxAge
		}
	}
	return false
}

// isCacheKey reports whether name is an entry's name: contentKey's 32 hex digits, or a
// compiled package's, pkg- and 32 hex digits (see compileCached).
func isCacheKey(name string) bool {
	name = strings.TrimPrefix(name, "pkg-")
	if len(name) != 32 {
		return false
	}
	for _, r := range name {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}
