package gopkgs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ModuleDeps are the compiled packages a program's build links besides the runtime's: the
// packages outside the standard library it imports and every package they import in turn.
type ModuleDeps struct {
	Module   string            // the folder of the go.mod the program is built in
	Packages map[string]string // import path (outside the standard library) → its compiled package
	// The standard packages they import (which the runtime's listing adds), each with the
	// compiled package they were compiled against ("" for unsafe).
	Std map[string]string
	// The modules that provide the packages, for a go.mod that builds them elsewhere (emit).
	Modules []Module
	// The folders of the packages whose source may change without go.mod changing (the
	// program's own module, local replacements), each with a stamp of its files.
	Watched map[string]string
}

// Module is a module that provides packages a program imports, as the build list has it.
type Module struct {
	Path, Version string
	// Where the go.mod replaces it: an absolute folder, or PATH@VERSION; "" when not replaced.
	Replace string
}

// Deps has the go command compile the packages of paths outside the standard library, and
// every package they import, in the Go module that encloses dir, as the user's go command
// would (GOINTEROP.md §6), and says where they are. What it said is kept in the cache and used
// again while the module's go.mod, go.sum and go.work, the environment, and the files of the
// packages in local folders are unchanged, and every compiled package is still in Go's cache:
// an edit-run of the program alone runs no go command.
func Deps(dir string, paths []string) (*ModuleDeps, error) {
	var third []string
	for _, p := range paths {
		if !IsStdPath(p) {
			third = append(third, p)
		}
	}
	if len(third) == 0 {
		return nil, nil
	}
	third = sortedUnique(third)
	mod := enclosingModule(dir)
	if mod == "" {
		return nil, fmt.Errorf("the program imports the Go package %q, outside Go's standard library: %s", third[0], explain(third[0], "", ""))
	}
	key, err := listingKey(mod, append([]string{"deps 1"}, third...))
	if err != nil {
		return nil, err
	}
	file := filepath.Join(CacheDir(), "golist", "deps-"+key+".json")
	if d := readDeps(file); d != nil {
		return d, nil
	}
	d, err := listDeps(mod, third)
	if err != nil {
		return nil, err
	}
	if b, err := json.Marshal(d); err == nil {
		_ = WriteAtomic(file, b) // a cache that cannot be written still builds
	}
	return d, nil
}

// listDeps asks the go command, in the module mod, for the packages of paths and their
// dependencies, compiled.
func listDeps(mod string, paths []string) (*ModuleDeps, error) {
	out, err := goCommand(mod, moduleEnv(), append([]string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Dir,Export,Standard,Module"}, paths...)...)
	if err != nil {
		return nil, err
	}
	d := &ModuleDeps{Module: mod, Packages: map[string]string{}, Std: map[string]string{}, Watched: map[string]string{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir, Export string
			Standard                bool
			Module                  *goListModule
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list printed what is not JSON: %v", err)
		}
		switch {
		case p.Standard:
			d.Std[p.ImportPath] = p.Export
		case p.Export == "":
			return nil, fmt.Errorf("the go command compiled nothing for the Go package %q", p.ImportPath)
		default:
			d.Packages[p.ImportPath] = p.Export
			m := p.Module
			if m == nil {
				continue
			}
			watch(d.Watched, p.Dir, m)
			if slices.ContainsFunc(d.Modules, func(o Module) bool { return o.Path == m.Path }) {
				continue
			}
			mod := Module{Path: m.Path, Version: m.Version}
			switch {
			case m.Main: // a package of the program's own module
				mod.Version, mod.Replace = "v0.0.0", m.Dir
			case m.Replace != nil && m.Replace.Version != "":
				mod.Replace = m.Replace.Path + "@" + m.Replace.Version
			case m.Replace != nil:
				mod.Replace = m.Replace.Dir
			}
			d.Modules = append(d.Modules, mod)
		}
	}
	return d, nil
}

// readDeps reads a cached list that is recent and still true, or returns nil.
func readDeps(file string) *ModuleDeps {
	var d ModuleDeps
	if !readRecent(file, &d) || d.Packages == nil || !stampsHold(d.Watched) {
		return nil // (a package's source changed: the go command compiles it again)
	}
	for _, export := range d.Packages {
		if !compiledStillThere(export) {
			return nil
		}
	}
	return &d
}

// goListModule is the module of a package, as `go list -json` says.
type goListModule struct {
	Path, Version, Dir string
	Main               bool
	Replace            *struct{ Path, Version, Dir string }
}

// watch adds to watched, with their stamps, the folder of a package and the go.mod of its
// module when the module is in a local folder (the program's own module, a `replace` with a
// folder), where its source may change while go.mod and go.sum do not; a module from the module
// cache never changes.
func watch(watched map[string]string, pkgDir string, m *goListModule) {
	if m == nil || pkgDir == "" || !m.Main && (m.Replace == nil || m.Replace.Version != "") {
		return
	}
	watched[pkgDir] = folderStamp(pkgDir)
	if m.Dir != "" {
		gomod := filepath.Join(m.Dir, "go.mod") // a local module's requires are in the build list
		watched[gomod] = folderStamp(gomod)
	}
}

// stampsHold reports whether every watched folder and file is as it was.
func stampsHold(watched map[string]string) bool {
	for path, stamp := range watched {
		if folderStamp(path) != stamp {
			return false
		}
	}
	return true
}

// folderStamp names the state of a folder's files (or of one file): their names, sizes and
// modification times.
func folderStamp(path string) string {
	h := sha256.New()
	stat := func(p string) {
		if info, err := os.Stat(p); err == nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", filepath.Base(p), info.Size(), info.ModTime().UnixNano())
		} else {
			fmt.Fprintf(h, "%s\x00missing\x00", filepath.Base(p))
		}
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		stat(path)
	}
	for _, e := range entries {
		if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			stat(filepath.Join(path, e.Name()))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}
