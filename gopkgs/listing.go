package gopkgs

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
	"strings"
	"sync"
	"time"
)

// A listing says, for each package asked for, its name and the file of Go's build cache that
// holds its export data. It is read from the cache when it is there, recent, and every file it
// names still exists; otherwise the go command is asked (and the listing written).
type listingFile struct {
	Packages map[string]listed
	Watched  map[string]string `json:",omitempty"` // local folders' stamps (see watch)
}

type listed struct {
	Dir    string `json:",omitempty"` // its source files' folder
	Name   string `json:",omitempty"`
	Export string `json:",omitempty"`
	Err    string `json:",omitempty"`
}

// refreshEvery is how often a listing is asked of the go command again although it is complete:
// `go list` marks the compiled files used, so that Go does not trim them from its cache.
const refreshEvery = 24 * time.Hour

// listings keeps the listings this process read (the language server checks on every edit).
var listings sync.Map // key → *listingFile

// listing returns the listing of paths for a program in module mod ("" for none).
func listing(mod string, paths []string) (*listingFile, error) {
	key, err := listingKey(mod, paths)
	if err != nil {
		return nil, err
	}
	if l, ok := listings.Load(key); ok && stampsHold(l.(*listingFile).Watched) {
		return l.(*listingFile), nil
	}
	file := filepath.Join(CacheDir(), "golist", key+".json")
	if l := readListing(file); l != nil {
		listings.Store(key, l)
		return l, nil
	}
	l, err := goList(mod, paths)
	if err != nil {
		return nil, err
	}
	if b, err := json.Marshal(l); err == nil {
		_ = WriteAtomic(file, b) // a cache that cannot be written still loads
		trimListings(filepath.Dir(file), time.Now())
	}
	listings.Store(key, l)
	return l, nil
}

// listingKey names the listing of paths for a program in module mod: the Go toolchain, the
// module's go.mod and go.sum (a `go get` changes what a path is), and the paths.
func listingKey(mod string, paths []string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "gopkgs 3\x00%s\x00%s\x00", Fingerprint(Env()), mod)
	if mod != "" {
		for _, name := range []string{"go.mod", "go.sum", "go.work", filepath.Join("vendor", "modules.txt")} {
			b, err := os.ReadFile(filepath.Join(mod, name))
			if err != nil && !os.IsNotExist(err) {
				return "", err
			}
			fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
			h.Write(b)
		}
	}
	for _, p := range paths {
		fmt.Fprintf(h, "%s\x00", p)
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// readListing reads a cached listing that is recent and complete, or returns nil.
func readListing(file string) *listingFile {
	var l listingFile
	if !readRecent(file, &l) || !stampsHold(l.Watched) {
		return nil
	}
	for _, p := range l.Packages {
		if !compiledStillThere(p.Export) {
			return nil
		}
	}
	return &l
}

// readRecent reads the JSON cache file into v, unless it is older than refreshEvery.
func readRecent(file string, v any) bool {
	info, err := os.Stat(file)
	if err != nil || time.Since(info.ModTime()) > refreshEvery {
		return false
	}
	b, err := os.ReadFile(file)
	return err == nil && json.Unmarshal(b, v) == nil
}

// compiledStillThere reports whether a compiled package a cached list names ("" for none) is
// still in Go's build cache, which trims what is not used.
func compiledStillThere(export string) bool {
	if export == "" {
		return true
	}
	_, err := os.Stat(export)
	return err == nil
}

// goList asks the go command to compile the packages (as the build compiles them: -trimpath,
// no cgo, so that the build finds them compiled) and where their export data is.
func goList(mod string, paths []string) (*listingFile, error) {
	dir := mod
	if dir == "" {
		// Outside any module: the standard library only, whatever go.mod is around the program.
		tmp, err := os.MkdirTemp("", "adesh2go-golist-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	env := Env()
	if mod != "" {
		env = moduleEnv()
	}
	out, err := goCommand(dir, env, append([]string{"list", "-e", "-trimpath", "-export", "-json=ImportPath,Dir,Name,Export,Error,DepsErrors,Module"}, paths...)...)
	if err != nil {
		return nil, err
	}
	l := &listingFile{Packages: map[string]listed{}, Watched: map[string]string{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir, Name, Export string
			Error                         *struct{ Err string }
			DepsErrors                    []*struct{ Err string }
			Module                        *goListModule
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list printed what is not JSON: %v", err)
		}
		watch(l.Watched, p.Dir, p.Module) // also when it does not build: the fix is seen
		e := listed{Dir: p.Dir, Name: p.Name, Export: p.Export}
		if p.Error != nil {
			e = listed{Err: p.Error.Err}
		} else if len(p.DepsErrors) > 0 {
			e = listed{Err: "it does not build: " + p.DepsErrors[0].Err}
		}
		l.Packages[p.ImportPath] = e
	}
	for _, p := range paths {
		if _, ok := l.Packages[p]; !ok {
			l.Packages[p] = listed{Err: "the go command did not list it"}
		}
	}
	return l, nil
}

// trimListings removes the listings of dir not used for five days (as adesh2go's cache trims
// its builds), at most once a day.
func trimListings(dir string, now time.Time) {
	mark := filepath.Join(dir, "trim.txt")
	if info, err := os.Stat(mark); err == nil && now.Sub(info.ModTime()) < refreshEvery {
		return
	}
	if os.WriteFile(mark, nil, 0o644) != nil {
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".json") && now.Sub(info.ModTime()) > 5*refreshEvery {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// moduleEnv is the go command's environment in the user's module: as the user's go command sees
// it (go.sum checked, go.mod not rewritten, the user's GOPROXY and GOFLAGS), only without cgo,
// as the build.
func moduleEnv() []string { return append(os.Environ(), "CGO_ENABLED=0") }

// goCommand runs the go command with args in dir and returns what it printed, or an error with
// what it complained of.
func goCommand(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("cannot run the go command (is Go installed and on PATH?): %v", err)
		}
		return nil, fmt.Errorf("go %s failed: %s", args[0], strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
