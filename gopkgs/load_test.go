package gopkgs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLoadReadsTypesFromExportData: a standard package is loaded with its declared name and its
// exported functions' signatures; a missing package and a package main say why they cannot be
// imported; the listing is written to the cache and read back (no go command) by a new process.
func TestLoadReadsTypesFromExportData(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("ADESH2GO_CACHE", cache)
	pkgs := Load(t.TempDir(), []string{"math/rand/v2", "strings", "nosuch/pkg", "cmd/gofmt"})
	s := pkgs["strings"]
	if s == nil || s.Err != "" || s.Name != "strings" {
		t.Fatalf("strings: %+v", s)
	}
	if obj := s.Types.Scope().Lookup("Repeat"); obj == nil || obj.Type().String() != "func(s string, count int) string" {
		t.Errorf("strings.Repeat: %v", obj)
	}
	if file, line := s.Source(s.Types.Scope().Lookup("Repeat")); line == 0 || !strings.HasSuffix(file, filepath.Join("strings", "strings.go")) {
		t.Errorf("strings.Repeat is declared at %s:%d", file, line)
	} else if _, err := os.Stat(file); err != nil {
		t.Errorf("strings.Repeat's file: %v", err)
	}
	if r := pkgs["math/rand/v2"]; r == nil || r.Name != "rand" {
		t.Errorf("math/rand/v2 is named %+v, want rand", r)
	}
	if e := pkgs["nosuch/pkg"]; e == nil || !strings.Contains(e.Err, "no such package in Go's standard library") {
		t.Errorf("nosuch/pkg: %+v", e)
	}
	if e := pkgs["cmd/gofmt"]; e == nil || !strings.Contains(e.Err, "package main") {
		t.Errorf("cmd/gofmt: %+v", e)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "golist", "*.json"))
	if len(files) != 1 {
		t.Fatalf("listings in the cache: %v", files)
	}
	// A new process reads the listing: the go command, which would write it again, is not run.
	listings.Clear()
	hourAgo := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(files[0], hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	again := Load(t.TempDir(), []string{"strings", "math/rand/v2", "nosuch/pkg", "cmd/gofmt"})
	if again["strings"].Err != "" || again["strings"].Types.Scope().Lookup("Repeat") == nil {
		t.Errorf("strings from the cached listing: %+v", again["strings"])
	}
	if info, err := os.Stat(files[0]); err != nil || !info.ModTime().Equal(hourAgo) {
		t.Errorf("the cached listing was written again: %v", err)
	}
}

// TestThirdPartyOutsideAModuleSaysWhatToRun: a path outside the standard library, for a program
// in no Go module, tells how to make one.
func TestThirdPartyOutsideAModuleSaysWhatToRun(t *testing.T) {
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	dir := t.TempDir()
	if enclosingModule(dir) != "" {
		t.Skip("the temporary directory is inside a Go module")
	}
	p := Load(dir, []string{"example.com/x/y"})["example.com/x/y"]
	if p == nil || !strings.Contains(p.Err, "go mod init") || !strings.Contains(p.Err, "go get example.com/x/y") {
		t.Errorf("example.com/x/y: %+v", p)
	}
}

// TestThirdPartyThroughTheEnclosingModule: a third-party path is resolved by the go.mod around
// the program (here a local replace, so that the test stays offline); a path it does not
// require says to `go get` it.
func TestThirdPartyThroughTheEnclosingModule(t *testing.T) {
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	pkgs := Load("testdata/mod", []string{"example.com/greet", "example.com/other", "strings"})
	g := pkgs["example.com/greet"]
	if g == nil || g.Err != "" || g.Name != "greet" || g.Types.Scope().Lookup("Hello") == nil {
		t.Fatalf("example.com/greet: %+v", g)
	}
	if o := pkgs["example.com/other"]; o == nil || !strings.Contains(o.Err, "go get example.com/other") {
		t.Errorf("example.com/other: %+v", o)
	}
	if s := pkgs["strings"]; s == nil || s.Err != "" {
		t.Errorf("strings beside a third-party package: %+v", s)
	}
}

// TestDepsOfTheEnclosingModule: the build's list of a third-party package has it compiled with
// the module packages it imports, the standard ones apart; a program outside any module is
// told how to make one, and one that imports the standard library only lists nothing.
func TestDepsOfTheEnclosingModule(t *testing.T) {
	d, err := Deps("testdata/mod", []string{"example.com/greet", "strings"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Packages["example.com/greet"] == "" || len(d.Packages) != 1 || d.Std["strings"] != "" {
		t.Errorf("example.com/greet: %+v", d)
	}
	if d, err := Deps("testdata/mod", []string{"strings"}); d != nil || err != nil {
		t.Errorf("the standard library only: %+v, %v", d, err)
	}
	dir := t.TempDir()
	if enclosingModule(dir) != "" {
		t.Skip("the temporary directory is inside a Go module")
	}
	if _, err := Deps(dir, []string{"example.com/greet"}); err == nil || !strings.Contains(err.Error(), "go mod init") {
		t.Errorf("outside a module: %v", err)
	}
}

// TestLocalModuleEditSeen: a package of a module the go.mod replaces with a local folder is
// listed again once its files change, for the types (also in this process, as the language
// server keeps listings) and for the build, while an unchanged one is read from the cache.
func TestLocalModuleEditSeen(t *testing.T) {
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	dir := filepath.Join(t.TempDir(), "mod")
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	greet := Load(dir, []string{"example.com/greet"})["example.com/greet"]
	if greet.Err != "" || greet.Types.Scope().Lookup("Bye") != nil {
		t.Fatalf("before the edit: %+v", greet)
	}
	before, err := Deps(dir, []string{"example.com/greet"})
	if err != nil {
		t.Fatal(err)
	}
	written, err := filepath.Glob(filepath.Join(CacheDir(), "golist", "deps-*.json"))
	if err != nil || len(written) != 1 {
		t.Fatalf("the list is not in the cache: %v %v", written, err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(written[0], old, old); err != nil {
		t.Fatal(err)
	}
	if again, err := Deps(dir, []string{"example.com/greet"}); err != nil || again.Packages["example.com/greet"] != before.Packages["example.com/greet"] {
		t.Fatalf("unchanged: %+v, %v", again, err)
	}
	if info, err := os.Stat(written[0]); err != nil || !info.ModTime().Equal(old) {
		t.Errorf("unchanged, the go command was asked again (the list was written again)")
	}
	src := filepath.Join(dir, "greet", "greet.go")
	f, err := os.OpenFile(src, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, "\n// Bye says goodbye.\nfunc Bye() string { return \"bye\" }")
	f.Close()
	greet = Load(dir, []string{"example.com/greet"})["example.com/greet"]
	if greet.Err != "" || greet.Types.Scope().Lookup("Bye") == nil {
		t.Errorf("after the edit the types have no Bye: %+v", greet)
	}
	after, err := Deps(dir, []string{"example.com/greet"})
	if err != nil || after.Packages["example.com/greet"] == before.Packages["example.com/greet"] {
		t.Errorf("after the edit the build links the same compiled package: %+v, %v", after, err)
	}
}
