package gopkgs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
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
}

// Module is a module that provides packages a program imports, as the build list has it.
type Module struct {
	Path, Version string
	// Where the go.mod replaces it: an absolute folder, or PATH@VERSION; "" when not replaced.
	Replace string
}

// Deps has the go command compile the packages of paths outside the standard library, and
// every package they import, in the Go module that encloses dir, as the user's go command
// would (GOINTEROP.md §6), and says where they are. It is asked every time, not cached: an
// edit of a module the go.mod replaces with a local folder changes what is linked, and only
// the go command knows.
func Deps(dir string, paths []string) (*ModuleDeps, error) {
	var third []string
	for _, p := range paths {
		if !isStdPath(p) {
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
	out, err := goCommand(mod, moduleEnv(), append([]string{"list", "-trimpath", "-export", "-deps", "-json=ImportPath,Export,Standard,Module"}, third...)...)
	if err != nil {
		return nil, err
	}
	d := &ModuleDeps{Module: mod, Packages: map[string]string{}, Std: map[string]string{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Export string
			Standard           bool
			Module             *struct {
				Path, Version, Dir string
				Main               bool
				Replace            *struct{ Path, Version, Dir string }
			}
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
			if m := p.Module; m != nil && !slices.ContainsFunc(d.Modules, func(o Module) bool { return o.Path == m.Path }) {
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
	}
	return d, nil
}
