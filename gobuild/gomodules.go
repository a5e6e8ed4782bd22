package gobuild

import (
	"fmt"
	"maps"
	"slices"

	"adesh2go/gopkgs"
)

// moduleDeps lists the compiled packages outside the standard library that a program's
// packages import, built in the Go module around the program's folder dir (GOINTEROP.md §6);
// nil when it imports none (gopkgs.Deps then runs no go command).
func moduleDeps(pkgs []*goPackage, dir string) (*gopkgs.ModuleDeps, error) {
	return gopkgs.Deps(dir, goImports(pkgs))
}

// goImports lists the packages the program's packages import besides each other.
func goImports(pkgs []*goPackage) []string {
	var imports []string
	for _, p := range pkgs {
		for _, imp := range p.imports {
			if !slices.Contains(p.parts, imp) {
				imports = append(imports, imp)
			}
		}
	}
	slices.Sort(imports)
	return slices.Compact(imports)
}

// stdImports lists the standard packages the program and the module packages it links import.
func stdImports(pkgs []*goPackage, deps *gopkgs.ModuleDeps) []string {
	std := slices.DeleteFunc(goImports(pkgs), func(p string) bool { return !gopkgs.IsStdPath(p) })
	if deps != nil {
		std = append(std, slices.Collect(maps.Keys(deps.Std))...)
		slices.Sort(std)
		std = slices.Compact(std)
	}
	return std
}

// withModules is the toolchain with the module packages added, each compiled against the same
// standard packages as the runtime: the go command in the user's module compiles them with the
// user's GOFLAGS, and a standard package compiled otherwise there could not be linked with the
// runtime.
func (tc *toolchain) withModules(deps *gopkgs.ModuleDeps) (*toolchain, error) {
	if deps == nil {
		return tc, nil
	}
	for _, path := range slices.Sorted(maps.Keys(deps.Std)) {
		if file := deps.Std[path]; file != "" && tc.Packages[path] != file {
			return nil, fmt.Errorf("the Go module in %s compiles the standard package %q otherwise than adesh2go's runtime is compiled (are -gcflags or other build flags set in GOFLAGS or go env?): the program cannot be linked with both", deps.Module, path)
		}
	}
	out := *tc
	out.Packages = maps.Clone(tc.Packages)
	maps.Copy(out.Packages, deps.Packages)
	return &out, nil
}
