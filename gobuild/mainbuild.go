package gobuild

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/gopkgs"
)

// goPackage is one package of a program's generated Go: main, or a part of a split program.
type goPackage struct {
	path    string   // import path: "main", or ModulePath/part3_
	src     []byte   // its one file
	imports []string // every import
	parts   []string // the imports that are parts of the program
	// Set once it is compiled (done closed): its compiled export data, that data's hash and
	// its linker object, or why it failed.
	export, exportSum, link string
	err                     error
	done                    chan struct{}
}

// programPackages reads what the files of a program import.
func programPackages(files []emitgo.File) ([]*goPackage, error) {
	pkgs := make([]*goPackage, len(files))
	local := map[string]bool{}
	for i, f := range files {
		p := &goPackage{path: "main", src: f.Src, done: make(chan struct{})}
		if dir := path.Dir(f.Name); dir != "." {
			p.path = adesh2go.ModulePath + "/" + dir
		}
		local[p.path] = true
		imports, err := fileImports(f.Src)
		if err != nil {
			return nil, fmt.Errorf("the generated Go does not parse (this is a bug in adesh2go): %v", err)
		}
		p.imports = imports
		pkgs[i] = p
	}
	for _, p := range pkgs {
		for _, imp := range p.imports {
			if local[imp] {
				p.parts = append(p.parts, imp)
			}
		}
	}
	return pkgs, nil
}

// fileImports lists the packages a Go file imports.
func fileImports(src []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.ImportsOnly)
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

// buildMain compiles a program's packages and links them into the executable out, working in
// the directory work, against the runtime and standard packages the go command compiled (see
// toolchain.go); the compiled packages are kept in the cache. pkgs are files' packages, read
// once by the caller (a second build reads them again: each compiles once). It returns the
// names of the packages' cache entries.
func buildMain(cache, work string, files []emitgo.File, pkgs []*goPackage, deps *gopkgs.ModuleDeps, out string, s BuildSettings) ([]string, error) {
	std := stdImports(pkgs, deps)
	tc, err := loadModuleToolchain(cache, std, deps, false)
	if err != nil {
		return nil, err
	}
	if err := tc.build(cache, work, pkgs, out, s); err != nil {
		// The listing may be out of date (the go command's cache was cleaned since): it is
		// asked for again, once. While its compiled packages are all there it is not, and the
		// build would only fail again.
		if tc.complete(std) {
			return nil, err
		}
		if tc, err = loadModuleToolchain(cache, std, deps, true); err != nil {
			return nil, err
		}
		if pkgs, err = programPackages(files); err != nil {
			return nil, err
		}
		if err := tc.build(cache, work, pkgs, out, s); err != nil {
			return nil, err
		}
	}
	entries := make([]string, len(pkgs))
	for i, p := range pkgs {
		entries[i] = filepath.Base(filepath.Dir(p.link))
	}
	return entries, nil
}

// loadModuleToolchain is loadToolchain with the module packages of deps added.
func loadModuleToolchain(cache string, std []string, deps *gopkgs.ModuleDeps, refresh bool) (*toolchain, error) {
	tc, err := loadToolchain(cache, std, refresh)
	if err != nil {
		return nil, err
	}
	return tc.withModules(deps)
}

// build compiles the packages, each once those it imports are, as many at once as there are
// CPUs, and links them with the settings' flags.
func (tc *toolchain) build(cache, work string, pkgs []*goPackage, out string, s BuildSettings) error {
	byPath := map[string]*goPackage{}
	for _, p := range pkgs {
		byPath[p.path] = p
	}
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, p := range pkgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(p.done)
			for _, imp := range p.parts {
				d := byPath[imp]
				<-d.done
				if d.err != nil {
					p.err = d.err
					return
				}
			}
			slots <- struct{}{}
			defer func() { <-slots }()
			p.export, p.link, p.err = tc.compileCached(cache, filepath.Join(work, strconv.Itoa(i)), p, byPath, s)
			if p.err == nil {
				p.exportSum, p.err = fileHash(p.export)
			}
		}()
	}
	wg.Wait()
	for _, p := range pkgs {
		if p.err != nil {
			return p.err
		}
	}
	var cfg strings.Builder
	tc.writeImportcfg(&cfg)
	for _, p := range pkgs {
		if p.path != "main" {
			fmt.Fprintf(&cfg, "packagefile %s=%s\n", p.path, p.link)
		}
	}
	importcfg := filepath.Join(work, "importcfg.link")
	if err := os.WriteFile(importcfg, []byte(cfg.String()), 0o600); err != nil {
		return err
	}
	args := append([]string{"-o", out, "-importcfg", importcfg, "-buildmode=exe"}, s.linkFlags()...)
	if out, err := tc.tool(work, buildEnv(), "link", append(args, byPath["main"].link)...); err != nil {
		return toolFailure("go tool link", err, out)
	}
	return nil
}

// writeImportcfg writes the compiled runtime and standard packages as importcfg lines.
func (tc *toolchain) writeImportcfg(cfg *strings.Builder) {
	paths := make([]string, 0, len(tc.Packages))
	for p := range tc.Packages {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(cfg, "packagefile %s=%s\n", p, tc.Packages[p])
	}
}

// compileCached returns a package's compiled export data and linker object from the cache,
// compiling it (in the directory work) when they are not there. The key hashes the package's
// source and the export data of the parts it imports, not their code: an edit inside a body
// that changes no part's export data leaves the packages that import it as they were.
func (tc *toolchain) compileCached(cache, work string, p *goPackage, byPath map[string]*goPackage, s BuildSettings) (export, link string, err error) {
	h := sha256.New()
	fmt.Fprintf(h, "adesh2go package\x00%s\x00%s\x00%s\x00%s\x00%s\x00", adesh2go.Version, runtime.Version(), tc.GoVersion, p.path, s.key())
	for _, imp := range p.imports {
		if d := byPath[imp]; d != nil {
			fmt.Fprintf(h, "%s=%s\x00", imp, d.exportSum)
		} else {
			fmt.Fprintf(h, "%s=%s\x00", imp, tc.Packages[imp]) // named by its content in Go's cache
		}
	}
	h.Write(p.src)
	entry := filepath.Join(cache, "pkg-"+hex.EncodeToString(h.Sum(nil))[:32])
	export, link = filepath.Join(entry, "export.a"), filepath.Join(entry, "link.a")
	if usable(entry) {
		if info, err := os.Stat(link); err == nil {
			markUsed(link, info, time.Now())
		}
		return export, link, nil
	}
	if err := os.MkdirAll(work, 0o700); err != nil {
		return "", "", cacheWriteError(cache, err)
	}
	if err := tc.compile(work, p, byPath, s); err != nil {
		return "", "", err
	}
	if err := seal(work, "export.a", "link.a"); err != nil {
		return "", "", cacheWriteError(cache, err)
	}
	if err := install(work, entry); err != nil {
		return "", "", cacheWriteError(cache, err)
	}
	return export, link, nil
}

// compile runs the compiler on one package in work, writing work/export.a and work/link.a,
// with the flags the go command would use under -trimpath, and the settings'.
func (tc *toolchain) compile(work string, p *goPackage, byPath map[string]*goPackage, s BuildSettings) error {
	name := "main.go"
	if p.path != "main" {
		name = path.Base(p.path) + ".go"
	}
	src := filepath.Join(work, name)
	if err := os.WriteFile(src, p.src, 0o600); err != nil {
		return err
	}
	var cfg strings.Builder
	tc.writeImportcfg(&cfg)
	for _, imp := range p.parts {
		fmt.Fprintf(&cfg, "packagefile %s=%s\n", imp, byPath[imp].export)
	}
	importcfg := filepath.Join(work, "importcfg")
	if err := os.WriteFile(importcfg, []byte(cfg.String()), 0o600); err != nil {
		return err
	}
	trimAs := adesh2go.ModulePath
	if p.path != "main" {
		trimAs = p.path
	}
	args := []string{"-o", filepath.Join(work, "export.a"), "-linkobj", filepath.Join(work, "link.a"),
		"-trimpath", work + "=>" + trimAs, "-p", p.path, "-lang=go1.26", "-complete",
		"-goversion", tc.GoVersion, "-c=" + strconv.Itoa(min(4, runtime.GOMAXPROCS(0))), "-nolocalimports",
		"-importcfg", importcfg, "-pack"}
	args = append(append(args, s.compileFlags()...), src)
	if out, err := tc.tool(work, compileEnv(), "compile", args...); err != nil {
		return compileFailure(err, out, p.src)
	}
	os.Remove(src)
	os.Remove(importcfg)
	return nil
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

// tool runs one of the toolchain's tools in dir with the environment env, and returns what it
// printed: the compiler prints its errors on stdout, the linker on stderr. A tool is a program
// of this machine, whatever the target (GOEXE is the target's suffix).
func (tc *toolchain) tool(dir string, env []string, name string, args ...string) ([]byte, error) {
	exe := name
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	cmd := exec.Command(filepath.Join(tc.ToolDir, exe), args...)
	cmd.Dir = dir
	cmd.Env = env
	return cmd.CombinedOutput()
}
