package adesh2go

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// buildMain compiles and links a program's main.go into the executable out, working in the
// directory work, against the runtime and standard packages the go command compiled (see
// toolchain.go).
func buildMain(work string, mainSrc []byte, out string) error {
	imports, err := mainImports(mainSrc)
	if err != nil {
		return fmt.Errorf("the generated Go does not parse (this is a bug in adesh2go): %v", err)
	}
	tc, err := loadToolchain(imports, false)
	if err != nil {
		return err
	}
	if err := tc.build(work, mainSrc, out); err != nil {
		// The listing may be out of date (the go command's cache was cleaned, Go was
		// reinstalled in place): it is asked for again, once.
		tc, lerr := loadToolchain(imports, true)
		if lerr != nil {
			return lerr
		}
		return tc.build(work, mainSrc, out)
	}
	return nil
}

// mainImports lists the packages a main.go imports.
func mainImports(mainSrc []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", mainSrc, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	var imports []string
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, err
		}
		imports = append(imports, path)
	}
	return imports, nil
}

// build runs the compiler on main.go and the linker on what it wrote, with the flags the go
// command would use under -trimpath, and the linker's -s -w: a program's symbol table and
// DWARF are half of its link time, and a Go panic's stack trace does not need them. As the go
// command does under -ldflags=-w, the compiler writes no DWARF either (15-20 % of its time on
// a 10,000-line main.go).
func (tc *toolchain) build(work string, mainSrc []byte, out string) error {
	src := filepath.Join(work, "main.go")
	if err := os.WriteFile(src, mainSrc, 0o644); err != nil {
		return err
	}
	paths := make([]string, 0, len(tc.Packages))
	for p := range tc.Packages {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var cfg strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&cfg, "packagefile %s=%s\n", p, tc.Packages[p])
	}
	importcfg := filepath.Join(work, "importcfg")
	if err := os.WriteFile(importcfg, []byte(cfg.String()), 0o644); err != nil {
		return err
	}
	obj := filepath.Join(work, "main.a")
	compile := []string{"-o", obj, "-trimpath", work + "=>" + ModulePath, "-p", "main", "-lang=go1.26", "-complete", "-dwarf=false",
		"-goversion", tc.GoVersion, "-c=" + strconv.Itoa(min(4, runtime.GOMAXPROCS(0))), "-nolocalimports",
		"-importcfg", importcfg, "-pack", src}
	if err := tc.tool(work, compileEnv(), "compile", compile...); err != nil {
		return err
	}
	return tc.tool(work, buildEnv(), "link", "-o", out, "-importcfg", importcfg, "-buildmode=exe", "-s", "-w", obj)
}

// compileEnv is the compiler's environment: buildEnv's, and GOGC 400 unless GOGC is set. The
// compiler of a 10,000-line main.go keeps most of what it allocates; collecting less often
// takes about 9 % off its time for about 27 MB more memory.
func compileEnv() []string {
	if _, set := os.LookupEnv("GOGC"); set {
		return buildEnv()
	}
	return append(buildEnv(), "GOGC=400")
}

// tool runs one of the toolchain's tools in dir with the environment env.
func (tc *toolchain) tool(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(filepath.Join(tc.ToolDir, name+tc.Exe), args...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go tool %s failed (this is a bug in adesh2go): %v\n%s", name, err, stderr.String())
	}
	return nil
}
