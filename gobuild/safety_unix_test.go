//go:build unix

package gobuild

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"adesh2go"
	"adesh2go/emitgo"
)

// The cache holds the programs `run` executes: it is made private (0700) whatever the umask and
// the mode it had, every file of an entry is the user's alone, and a cache that belongs to
// another user is refused. (As root, another user is nobody; otherwise root owns /.)
func TestCacheIsPrivate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go toolchain")
	}
	cache := filepath.Join(t.TempDir(), "cache")
	if err := os.Mkdir(cache, 0o777); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ADESH2GO_CACHE", cache)
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	if err := os.Chmod(cache, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := CachedBinary(goSourceOf(t, "hello.adesh", "print(\"hello\");\n")); err != nil {
		t.Fatal(err)
	}
	syscall.Umask(old)
	err := filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s has mode %v: others may read or write it", p, info.Mode().Perm())
		}
		if uid, ok := fileOwner(info); !ok || uid != os.Getuid() {
			t.Errorf("%s belongs to uid %d, not to the user", p, uid)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	foreign := "/"
	if os.Getuid() == 0 {
		foreign = filepath.Join(t.TempDir(), "planted")
		if err := os.Mkdir(foreign, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(foreign, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("ADESH2GO_CACHE", foreign)
	_, err = CachedBinary(goSourceOf(t, "hello.adesh", "print(\"hello\");\n"))
	if err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Errorf("a cache of another user's was used: %v", err)
	}
}

// With neither HOME nor XDG_CACHE_HOME, the cache is a folder of the user's own name in the
// temporary directory, not one that any user of the machine would take.
func TestCacheWithoutHome(t *testing.T) {
	t.Setenv("ADESH2GO_CACHE", "")
	t.Setenv("HOME", "")
	t.Setenv("XDG_CACHE_HOME", "")
	want := filepath.Join(os.TempDir(), "adesh2go-"+strconv.Itoa(os.Getuid()))
	if got := CacheDir(); got != want {
		t.Errorf("the cache is %s, want %s", got, want)
	}
}

// A damaged cached executable or compiled package (truncated, emptied, overwritten) is noticed,
// removed and built again, with one line said; the program then runs.
func TestDamagedEntryIsRebuilt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go toolchain")
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	var notices bytes.Buffer
	Notices = &notices
	defer func() { Notices = os.Stderr }()
	files := splitFiles(t, t.TempDir(), chainProgram(30, 5, "f4(x) + 5"), 8)
	exe, err := CachedBinary(files)
	if err != nil {
		t.Fatal(err)
	}
	links, _ := filepath.Glob(filepath.Join(CacheDir(), "pkg-*", "link.a"))
	if len(links) < 2 {
		t.Fatalf("%d compiled packages", len(links))
	}
	damages := []struct {
		what   string
		file   string
		damage func(b []byte) []byte
	}{
		{"a truncated executable", exe, func(b []byte) []byte { return b[:len(b)/2] }},
		{"an empty executable", exe, func([]byte) []byte { return nil }},
		{"an executable overwritten", exe, func(b []byte) []byte { return bytes.Repeat([]byte("#!/bin/sh\necho PLANTED\n"), 3) }},
		{"an emptied compiled package", links[0], func([]byte) []byte { return nil }},
	}
	for _, d := range damages {
		notices.Reset()
		b, err := os.ReadFile(d.file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(d.file, d.damage(b), 0o700); err != nil {
			t.Fatal(err)
		}
		if d.file != exe {
			os.RemoveAll(filepath.Dir(exe)) // so that the package is needed again
		}
		got, err := CachedBinary(files)
		if err != nil {
			t.Fatalf("%s: %v", d.what, err)
		}
		if out, err := exec.Command(got).CombinedOutput(); err != nil || string(out) != "436 57\n" {
			t.Errorf("%s: the program printed %q (%v)", d.what, out, err)
		}
		if n := strings.Count(notices.String(), "\n"); n != 1 || !strings.Contains(notices.String(), "is damaged") {
			t.Errorf("%s: said %q, want one line that the entry is damaged", d.what, notices.String())
		}
	}
}

// The key of a built program names its target: a cross build is not run later in its place.
// `run` refuses a foreign target before building.
func TestKeyNamesTheTarget(t *testing.T) {
	files := []emitgo.File{{Name: "main.go", Src: []byte("package main\n\nfunc main() {}\n")}}
	t.Setenv("GOOS", "")
	t.Setenv("GOARCH", "")
	host, _ := contentKey(files, BuildSettings{}, nil)
	if err := RunsHere(); err != nil {
		t.Errorf("the host is refused: %v", err)
	}
	for _, v := range [][2]string{{"GOARCH", "arm64"}, {"GOARCH", "386"}, {"GOOS", "windows"}} {
		if v[0] == "GOOS" && v[1] == "linux" || v[0] == "GOARCH" && v[1] == "amd64" {
			continue
		}
		t.Setenv(v[0], v[1])
		foreign, _ := contentKey(files, BuildSettings{}, nil)
		if foreign == host {
			t.Errorf("%s=%s has the host's key", v[0], v[1])
		}
		if err := RunsHere(); err == nil || !strings.Contains(err.Error(), "another system") {
			t.Errorf("%s=%s: run is not refused: %v", v[0], v[1], err)
		}
		t.Setenv(v[0], "")
	}
	// Set with `go env -w`, in the file the go command reads when the environment says nothing.
	envFile := filepath.Join(t.TempDir(), "env")
	if err := os.WriteFile(envFile, []byte("GOARCH=arm64\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOENV", envFile)
	if runtime.GOARCH != "arm64" {
		if err := RunsHere(); err == nil || !strings.Contains(err.Error(), "another system") {
			t.Errorf("GOARCH=arm64 in the go env file: run is not refused: %v", err)
		}
	}
}

// A Go compile error says what the compiler said, with the AdeshLang line it is about and the
// generated Go that line became; the failing compile runs once, not again against a listing
// asked for anew.
func TestGoCompileErrorIsShown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go toolchain")
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	if _, err := CachedBinary(goSourceOf(t, "hello.adesh", "print(\"hello\");\n")); err != nil {
		t.Fatal(err)
	}
	listings, _ := filepath.Glob(filepath.Join(CacheDir(), "toolchain-*.json"))
	if len(listings) != 1 {
		t.Fatalf("%d toolchain listings", len(listings))
	}
	hourAgo := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(listings[0], hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	source := filepath.Join(t.TempDir(), "bad.adesh")
	if err := os.WriteFile(source, []byte("// one\nlet total = sum(1, 2);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "package main\n\nimport _ \"" + adesh2go.ModulePath + "/rt\"\n\nfunc main() {\n//line " + source + ":2\n\ttotal := undefinedSum(1, 2)\n\t_ = total\n}\n"
	_, err := CachedBinary([]emitgo.File{{Name: "main.go", Src: []byte(src)}})
	if err == nil {
		t.Fatal("a program that does not compile was built")
	}
	for _, want := range []string{"undefined: undefinedSum", "AdeshLang " + source + ":2: let total = sum(1, 2);", "Go line 7: total := undefinedSum(1, 2)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if info, err := os.Stat(listings[0]); err != nil || !info.ModTime().Equal(hourAgo) {
		t.Errorf("the listing was asked for again after the compile failed")
	}
}

// A tool that fails because of the machine (a full disk, no cache for the go command) says so,
// and does not call it a bug in adesh2go.
func TestEnvironmentFailures(t *testing.T) {
	exit := exec.Command("false").Run()
	err := toolFailure("go tool link", exit, []byte("write /tmp/x: no space left on device"))
	if !strings.Contains(err.Error(), "the disk is full") || strings.Contains(err.Error(), "bug") {
		t.Errorf("a full disk: %v", err)
	}
	if testing.Short() {
		return
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	t.Setenv("HOME", "")
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("GOCACHE", "")
	_, err = CachedBinary(goSourceOf(t, "hello.adesh", "print(\"hello\");\n"))
	if err == nil || !strings.Contains(err.Error(), "no build cache") || strings.Contains(err.Error(), "bug") {
		t.Errorf("HOME unset: %v", err)
	}
}
