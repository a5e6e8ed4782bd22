// Package frontend loads an AdeshLang program: it reads the entry file and the files it imports,
// parses them and checks them, collecting every diagnostic.
package frontend

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/concurrency"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
	"adesh2go/gopkgs"
)

// Program is a loaded program: its files (the entry first), what the checker learned, and the
// diagnostics of every stage so far.
type Program struct {
	Fset  *source.FileSet
	Files []*ast.File
	Info  *check.Info
	Diags *diag.List
}

// ReadFile reads a file for Load; tests replace it.
type ReadFile func(name string) ([]byte, error)

// MaxSourceSize is the size of the largest source file a program may have.
const MaxSourceSize = 64 << 20

// ReadSource reads a source file. Only a regular file is read (a FIFO would block the compiler
// forever, a device such as /dev/zero never ends), of at most MaxSourceSize bytes.
func ReadSource(name string) ([]byte, error) {
	if info, err := os.Stat(name); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: name, Err: errors.New("not a regular file")}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSourceSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxSourceSize {
		return nil, &os.PathError{Op: "read", Path: name, Err: fmt.Errorf("larger than %d MiB", MaxSourceSize>>20)}
	}
	return b, nil
}

// Load reads, parses and checks the program whose entry file is name. Names of imported files
// are the importer's directory joined with the import path, so diagnostics name files the way
// the user wrote them.
func Load(name string) *Program {
	return LoadWith(name, ReadSource)
}

// LoadSource loads a program held in memory (one file, no imports).
func LoadSource(name string, src []byte) *Program {
	return LoadWith(name, func(n string) ([]byte, error) {
		if n == name {
			return src, nil
		}
		return nil, os.ErrNotExist
	})
}

// LoadWith is Load with a file reader.
func LoadWith(name string, read ReadFile) *Program {
	p := &Program{Fset: source.NewFileSet()}
	p.Diags = diag.NewList(p.Fset)
	src, err := read(name)
	if err != nil {
		p.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.Import, File: name, Message: "cannot read it: " + describe(err)})
		return p
	}
	seen := map[string]bool{}
	var queue []string
	var goImports []goImport
	add := func(n string, src []byte) {
		f := p.Fset.Add(n, absPath(n), src)
		af := syntax.ParseFile(f, p.Diags)
		p.Files = append(p.Files, af)
		for _, it := range af.Items {
			if imp, ok := it.(*ast.ImportDecl); ok && imp.GoPath() != "" {
				goImports = append(goImports, goImport{imp, n})
			} else if ok && imp.Path != nil {
				target := source.ImportName(n, imp.Path.Value)
				if !strings.HasSuffix(target, ".adesh") {
					p.Diags.Errorf(imp.Path.Pos(), imp.Path.EndPos(), diag.Import, "an import names an .adesh file, found %q", imp.Path.Value)
					continue
				}
				if !seen[target] {
					seen[target] = true
					queue = append(queue, target)
					if _, err := read(target); err != nil {
						p.Diags.Errorf(imp.Path.Pos(), imp.Path.EndPos(), diag.Import, "cannot import %q: %s", imp.Path.Value, describe(err))
					}
				}
			}
		}
	}
	seen[path.Clean(name)] = true
	add(name, src)
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		src, err := read(n)
		if err != nil {
			continue // reported at the import
		}
		add(n, src)
	}
	loadGoPackages(name, goImports, p.Diags)
	if p.Diags.HasErrors() {
		p.Diags.Sort()
		return p // type errors in a program that does not parse only add noise
	}
	p.Info = check.Check(p.Files, p.Fset, p.Diags)
	concurrency.Analyze(p.Info, p.Diags) // E0701–E0704, W0707, E0708
	p.Diags.Sort()
	return p
}

// goImport is an import of a Go package and the file that has it.
type goImport struct {
	decl *ast.ImportDecl
	file string
}

// LoadGoPackages loads the types of Go packages (gopkgs.Load); tests may replace it.
var LoadGoPackages = gopkgs.Load

// loadGoPackages gives each import of a Go package the package's types, or reports at the import
// why it has none. The packages are loaded together, for the module around the entry file.
func loadGoPackages(entry string, imports []goImport, diags *diag.List) {
	if len(imports) == 0 {
		return // a program that imports no Go pays nothing
	}
	var paths []string
	for _, gi := range imports {
		if path := gi.decl.GoPath(); validGoPath(path) {
			paths = append(paths, path)
		} else {
			diags.Errorf(gi.decl.Path.Pos(), gi.decl.Path.EndPos(), diag.Import, "%q is not a Go import path", path)
		}
	}
	pkgs := LoadGoPackages(filepath.Dir(absPath(entry)), paths)
	for _, gi := range imports {
		pkg := pkgs[gi.decl.GoPath()]
		if pkg == nil {
			continue // not a path: reported above
		}
		if pkg.Err != "" {
			diags.Errorf(gi.decl.Path.Pos(), gi.decl.Path.EndPos(), diag.Import, "cannot import the Go package %q: %s", pkg.Path, pkg.Err)
			continue
		}
		gi.decl.Go = pkg
	}
}

// validGoPath reports whether path can be a Go import path: the go command is not asked about
// an empty path, a relative one, or one with characters no import path has.
func validGoPath(path string) bool {
	if path == "" || strings.HasPrefix(path, ".") || strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.Contains(path, "//") {
		return false
	}
	for _, r := range path {
		if !(r == '/' || r == '.' || r == '-' || r == '_' || r == '~' || r == '+' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

func absPath(name string) string {
	if a, err := filepath.Abs(name); err == nil {
		return a
	}
	return name
}

func describe(err error) string {
	if os.IsNotExist(err) {
		return "no such file"
	}
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
