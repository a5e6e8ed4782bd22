// Package gopkgs loads the types of the Go packages an AdeshLang program imports (`import
// "go:strings";`) from the export data the go command compiles them to: `go list -export`
// names each package's compiled file in Go's build cache, and go/types reads the package from
// it (golang.org/x/tools/go/gcexportdata). Nothing about a package is written by hand: a package
// Go can build is a package AdeshLang can import.
//
// The listing (which file holds each package) is kept in adesh2go's cache, keyed by the Go
// toolchain, the module the program lives in and the paths asked for, so that an edit-run of a
// program runs the go command only the first time it imports a package set (see listing.go).
package gopkgs

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
)

// Package is one imported Go package: its types, or why it cannot be imported.
type Package struct {
	Path  string
	Name  string         // the package's declared name (`humanize` for go-humanize)
	Types *types.Package // nil when Err is set
	Fset  *token.FileSet // the positions of its declarations (for the language server)
	Dir   string         // the folder of its source files
	Err   string         // the go command's or the reader's complaint, with what to do
}

// Load loads the Go packages of paths for a program whose entry file is in dir. A path that
// is not in the standard library is resolved in the Go module that encloses dir (its go.mod);
// a program outside any module imports the standard library only.
func Load(dir string, paths []string) map[string]*Package {
	out := map[string]*Package{}
	if len(paths) == 0 {
		return out
	}
	paths = sortedUnique(paths)
	mod := ""
	for _, p := range paths {
		if !IsStdPath(p) {
			// Only a program that imports a third-party package is built in the module around
			// it: one that imports the standard library only builds offline, as any other.
			mod = enclosingModule(dir)
			break
		}
	}
	l, err := listing(mod, paths)
	if err != nil {
		for _, p := range paths {
			out[p] = &Package{Path: p, Err: err.Error()}
		}
		return out
	}
	fset := token.NewFileSet()
	imports := map[string]*types.Package{}
	for _, p := range paths {
		e := l.Packages[p]
		switch {
		case e.Err != "":
			out[p] = &Package{Path: p, Err: explain(p, e.Err, mod)}
		case e.Name == "main":
			out[p] = &Package{Path: p, Err: "it is a program (package main), not a package to import"}
		case e.Export == "":
			out[p] = &Package{Path: p, Err: "the go command compiled no export data for it"}
		default:
			pkg, err := readExport(fset, imports, p, e.Export)
			if err != nil {
				out[p] = &Package{Path: p, Err: err.Error()}
				continue
			}
			out[p] = &Package{Path: p, Name: pkg.Name(), Types: pkg, Fset: fset, Dir: e.Dir}
		}
	}
	return out
}

// readExport reads a package's types from its compiled file. The packages it mentions are
// shared through imports, so that time.Duration is one type in every package read.
func readExport(fset *token.FileSet, imports map[string]*types.Package, path, file string) (*types.Package, error) {
	if pkg := imports[path]; pkg != nil && pkg.Complete() {
		return pkg, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("cannot read its export data: %v", err)
	}
	return gcexportdata.Read(r, fset, imports, path)
}

// Source is where obj, a member of pkg (or a method of one of its types), is declared in Go's
// source: its file and line (1-based), or "" when the package's sources are not known.
func (pkg *Package) Source(obj types.Object) (file string, line int) {
	if pkg.Dir == "" || obj.Pkg() != pkg.Types || !obj.Pos().IsValid() {
		return "", 0
	}
	pos := pkg.Fset.Position(obj.Pos())
	// Compiled with -trimpath, the export data names files by their path in the module or
	// GOROOT/src: the file's name is enough in the package's folder.
	return filepath.Join(pkg.Dir, filepath.Base(pos.Filename)), pos.Line
}

// explain turns the go command's error about a package into what the user should do.
func explain(path, goErr, mod string) string {
	msg := strings.TrimSpace(goErr)
	if IsStdPath(path) {
		return "there is no such package in Go's standard library"
	}
	if mod == "" {
		return "a package outside Go's standard library needs a Go module: make one in the program's folder with `go mod init NAME`, then `go get " + path + "`"
	}
	if strings.Contains(msg, "no required module provides package") || strings.Contains(msg, "cannot find module providing package") {
		return fmt.Sprintf("no module required by %s provides it: run `go get %s` there", relative(filepath.Join(mod, "go.mod")), path)
	}
	return msg
}

// relative is file relative to the working directory when it is under it, as diagnostics name
// files.
func relative(file string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return file
}

// IsStdPath reports whether path is a standard library path: its first element has no dot.
func IsStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// enclosingModule is the folder of the go.mod that encloses dir, or "".
func enclosingModule(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

func sortedUnique(paths []string) []string {
	out := append([]string(nil), paths...)
	sort.Strings(out)
	n := 0
	for i, p := range out {
		if i == 0 || p != out[n-1] {
			out[n] = p
			n++
		}
	}
	return out[:n]
}
