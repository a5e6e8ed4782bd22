package gobuild

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

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
func touchPackages(cache, dir string, now time.Time) {
	b, err := os.ReadFile(filepath.Join(dir, packagesList))
	if err != nil {
		return
	}
	for _, name := range strings.Fields(string(b)) {
		if isCacheKey(name) && strings.HasPrefix(name, "pkg-") {
			_ = os.Chtimes(filepath.Join(cache, name, "link.a"), now, now)
		}
	}
}

// trimCache removes the entries of the cache at dir that were not used for cacheMaxAge, the
// toolchain listings not used for as long, and the build folders interrupted builds left,
// unless the cache was trimmed in the last cacheTrimEvery. Errors are ignored: trimming is housekeeping.
func trimCache(dir string, now time.Time) {
	mark := filepath.Join(dir, "trim.txt")
	if info, err := os.Stat(mark); err == nil && now.Sub(info.ModTime()) < cacheTrimEvery {
		return
	}
	if err := os.WriteFile(mark, []byte(now.UTC().Format(time.RFC3339)+"\n"), 0o600); err != nil {
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
		if e.IsDir() && strings.HasPrefix(e.Name(), "build-") {
			if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > staleBuildAge {
				_ = os.RemoveAll(filepath.Join(dir, e.Name()))
			}
			continue
		}
		if !e.IsDir() || !isCacheKey(e.Name()) {
			continue // not an entry: the cache directory may be shared with other files
		}
		if entry := filepath.Join(dir, e.Name()); stale(entry, now) {
			_ = os.RemoveAll(entry)
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
