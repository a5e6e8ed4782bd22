// Package adesh2go is the compiler's pipeline: AdeshLang source to Go source (frontend, lower,
// emitgo), and Go source to a native program (a module with a copy of the runtime, built with the
// go command, cached by content).
package adesh2go

import (
	"embed"
	"fmt"

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

// ModulePath is the module path of every generated program; its runtime is ModulePath/rt.
const ModulePath = "adeshprog"

// GoSource compiles a loaded, error-free program to the Go source of its main package.
func GoSource(p *frontend.Program) ([]byte, error) { return GoSourceWith(p, EmitOptions{}) }

// EmitOptions change the Go the compiler writes, not what it does.
type EmitOptions struct {
	NoLine bool // no //line directives: errors and stacks point into the Go itself
	Tests  bool // the test program of the entry file (`adesh2go test`): main runs its tests
}

// GoSourceWith is GoSource with options.
func GoSourceWith(p *frontend.Program, o EmitOptions) ([]byte, error) {
	if p.Info == nil || p.Diags.HasErrors() {
		return nil, fmt.Errorf("the program has errors")
	}
	ir, err := lower.LowerWith(p.Info, p.Fset, lower.Options{Tests: o.Tests})
	if err != nil {
		return nil, err
	}
	return emitgo.Source(ir, emitgo.Options{RTPath: ModulePath + "/rt", NoLine: o.NoLine})
}
