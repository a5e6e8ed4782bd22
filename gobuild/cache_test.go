package gobuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cacheEntry makes an entry of a build cache whose executable was last used at used.
func cacheEntry(t *testing.T, dir, key string, used time.Time) string {
	t.Helper()
	entry := filepath.Join(dir, key)
	if err := os.MkdirAll(entry, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(entry, "prog")
	if err := os.WriteFile(exe, []byte("exe"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(exe, used, used); err != nil {
		t.Fatal(err)
	}
	return entry
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Entries unused for five days go, once a day; used ones stay, and so does a build under way.
func TestTrimCache(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	key := func(c byte) string { return strings.Repeat(string(c), 32) }
	old := cacheEntry(t, dir, key('0'), now.Add(-6*24*time.Hour))
	fresh := cacheEntry(t, dir, key('1'), now.Add(-time.Hour))
	// Not an entry, however old: the cache directory may hold the user's own files.
	users := cacheEntry(t, dir, "my-photos", now.Add(-60*24*time.Hour))
	leftover := filepath.Join(dir, "build-123")
	running := filepath.Join(dir, "build-456")
	for _, d := range []string{leftover, running} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(leftover, now.Add(-2*time.Hour), now.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	listing := func(c byte, age time.Duration) string {
		p := filepath.Join(dir, "toolchain-"+key(c)+".json")
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
		return p
	}
	oldListing, usedListing := listing('3', 6*24*time.Hour), listing('4', 2*time.Hour)
	trimCache(dir, now)
	if exists(old) || exists(leftover) || exists(oldListing) {
		t.Errorf("an unused entry, an unused toolchain listing or an interrupted build is left")
	}
	if !exists(fresh) || !exists(running) || !exists(users) || !exists(usedListing) {
		t.Errorf("a used entry, a running build, a used listing or a directory that is no entry was removed")
	}
	// Within a day of the last trim nothing is removed.
	again := cacheEntry(t, dir, key('2'), now.Add(-6*24*time.Hour))
	trimCache(dir, now.Add(time.Hour))
	if !exists(again) {
		t.Errorf("trimmed twice in a day")
	}
	trimCache(dir, now.Add(25*time.Hour))
	if exists(again) {
		t.Errorf("not trimmed after a day")
	}
}

// A hit refreshes the entry's time, at most once an hour.
func TestMarkUsed(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().Truncate(time.Second)
	exe := filepath.Join(cacheEntry(t, dir, "k", now.Add(-3*time.Hour)), "prog")
	info, _ := os.Stat(exe)
	markUsed(exe, info, now)
	if info, _ := os.Stat(exe); !info.ModTime().Equal(now) {
		t.Errorf("not refreshed: %v", info.ModTime())
	}
	recent := now.Add(-time.Minute)
	if err := os.Chtimes(exe, recent, recent); err != nil {
		t.Fatal(err)
	}
	info, _ = os.Stat(exe)
	markUsed(exe, info, now)
	if info, _ := os.Stat(exe); !info.ModTime().Equal(recent) {
		t.Errorf("refreshed again within the hour")
	}
}
