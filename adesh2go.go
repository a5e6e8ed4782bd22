// Package adesh2go is the compiler's pipeline: AdeshLang source to Go source (frontend, lower,
// emitgo). The Go imports the runtime, ModulePath/rt, whose files travel with the compiler
// (RuntimeFiles); package gobuild turns the Go into a native program.
package adesh2go

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"

	"adesh2go/emitgo"
	"adesh2go/frontend"
	"adesh2go/lower"
)

// Version is the compiler's version, printed by `adesh2go version`.
const Version = "0.1.0"

// runtimeFS holds the runtime package the generated programs import: it travels with the
// compiler, so a program builds with no network.
//
//go:embed rt/*.go
var runtimeFS embed.FS

// RuntimeFiles returns the runtime's Go source files (tests excluded), by name.
func RuntimeFiles() (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(runtimeFS, "rt", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "_test.go") || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := runtimeFS.ReadFile(p)
		out[path.Base(p)] = b
		return err
	})
	return out, err
}

// ModulePath is the module path of every generated program; its runtime is ModulePath/rt.
const ModulePath = "adeshprog"

// GoSource compiles a loaded, error-free program to the Go source of its main package, as one
// package (what the goldens show; GoFiles splits a large program).
func GoSource(p *frontend.Program) ([]byte, error) { return GoSourceWith(p, EmitOptions{}) }

// EmitOptions change the Go the compiler writes, not what it does.
type EmitOptions struct {
	NoLine bool // no //line directives: errors and stacks point into the Go itself
	Tests  bool // the test program of the entry file (`adesh2go test`): main runs its tests
	// PerPart is how many declarations (a type with its methods, a function, a variable) a
	// package of a split program holds, about: GoFiles splits a program of more. 0 means
	// ADESH2GO_PERPART if it is set, else DefaultPerPart; a negative number, never.
	PerPart int
	// PartsPath is the import path the parts' packages are under (ModulePath if "").
	PartsPath string
	Parts     int // if not 0, split into about that many packages whatever the size (tests)
	// Debug is Go for a debugger (`build --debug`): one package, //line directives that name
	// the AdeshLang files by absolute path (an editor's breakpoints name them so), and the
	// locals an async fn keeps in its state struct shown as Go locals of their own names.
	Debug bool
}

// DefaultPerPart is how many declarations a package of a split program holds: a program of up
// to that many is one package. A part of 64 is about 1,500 lines of Go, which the Go compiler
// takes about 0.2 s for, so that an edit of a large program recompiles about that much.
const DefaultPerPart = 64

// GoSourceWith is GoSource with options.
func GoSourceWith(p *frontend.Program, o EmitOptions) ([]byte, error) {
	o.PerPart, o.Parts = -1, 0
	files, err := GoFiles(p, o)
	if err != nil {
		return nil, err
	}
	return files[0].Src, nil
}

// GoFiles compiles a loaded, error-free program to Go files: main.go, and for a large program
// the other packages it is split into (see emitgo/split.go), each in a directory of its own.
func GoFiles(p *frontend.Program, o EmitOptions) ([]emitgo.File, error) {
	if p.Info == nil || p.Diags.HasErrors() {
		return nil, fmt.Errorf("the program has errors")
	}
	ir, err := lower.LowerWith(p.Info, p.Fset, lower.Options{Tests: o.Tests, Debug: o.Debug})
	if err != nil {
		return nil, err
	}
	perPart := o.PerPart
	if perPart == 0 {
		perPart = DefaultPerPart
		if n, err := strconv.Atoi(os.Getenv("ADESH2GO_PERPART")); err == nil && n != 0 {
			perPart = n // for measuring: -1 builds every program as one package
		}
	}
	perPart = max(perPart, 0)
	if o.Debug {
		perPart = 0 // a split program's directives name a file per declaration
	}
	parts := o.PartsPath
	if parts == "" {
		parts = ModulePath
	}
	return emitgo.Files(ir, emitgo.Options{RTPath: ModulePath + "/rt", NoLine: o.NoLine, PerPart: perPart, PartsPath: parts,
		Parts: o.Parts, AbsLines: o.Debug})
}
