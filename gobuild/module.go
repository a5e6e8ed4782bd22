// Package gobuild turns a program's generated Go into a native executable: it runs the Go
// toolchain (toolchain.go: the compiler and linker on the program's packages, mainbuild.go),
// keeps what it built in a cache by content (cache.go), and writes the Go as a module that the
// go command builds (module.go, for `adesh2go emit`).
package gobuild

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/gopkgs"
)

// WriteModule writes a buildable Go module to dir: go.mod, main.go and rt/. A program that
// imports Go packages outside the standard library has them required (and replaced, and their
// sums in go.sum) as the go.mod around its folder programDir has them. It is written to a
// temporary directory next to dir first and renamed into place, so a failure leaves nothing
// half-written behind. An existing dir is replaced only when it is empty or an earlier output
// of WriteModule: anything else there is the user's.
func WriteModule(dir string, files []emitgo.File, programDir string) error {
	if err := replaceable(dir); err != nil {
		return err
	}
	pkgs, err := programPackages(files)
	if err != nil {
		return err
	}
	deps, err := moduleDeps(pkgs, programDir)
	if err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".adesh2go-emit-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it private
		return err
	}
	if err := writeRuntimeModule(tmp, files); err != nil {
		return err
	}
	if err := requireModules(tmp, deps); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// writeRuntimeModule writes go.mod, rt/ and the program's files into dir.
func writeRuntimeModule(dir string, program []emitgo.File) error {
	rtFiles, err := adesh2go.RuntimeFiles()
	if err != nil {
		return err
	}
	files := map[string][]byte{"go.mod": []byte("module " + adesh2go.ModulePath + "\n\ngo 1.26\n")}
	for _, f := range program {
		files[filepath.FromSlash(f.Name)] = f.Src
	}
	for name, b := range rtFiles {
		files[filepath.Join("rt", name)] = b
	}
	for name, b := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// requireModules adds to the go.mod in dir the modules of deps, and copies the go.sum of the
// module they were listed in.
func requireModules(dir string, deps *gopkgs.ModuleDeps) error {
	if deps == nil {
		return nil
	}
	var mod strings.Builder
	mod.WriteString("\nrequire (\n")
	for _, m := range deps.Modules {
		fmt.Fprintf(&mod, "\t%s %s\n", m.Path, m.Version)
	}
	mod.WriteString(")\n")
	for _, m := range deps.Modules {
		if m.Replace != "" {
			to, version, _ := strings.Cut(m.Replace, "@")
			if version != "" {
				version = " " + version
			}
			fmt.Fprintf(&mod, "\nreplace %s => %s%s\n", m.Path, quoteModPath(to), version)
		}
	}
	f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(mod.String()); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(deps.Module, "go.sum"))
	if os.IsNotExist(err) {
		return nil // modules from local folders only have no sums
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// quoteModPath quotes a go.mod path when it has what a go.mod needs quoted (a space).
func quoteModPath(p string) string {
	if strings.ContainsAny(p, " \t\"'`") {
		return strconv.Quote(p)
	}
	return p
}

// replaceable reports, as an error, why dir may not be replaced by a generated module: it is a
// file, or a directory that holds anything but an earlier generated module.
func replaceable(dir string) error {
	info, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is a file, not a directory: choose another output directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err == nil && strings.HasPrefix(string(mod), "module "+adesh2go.ModulePath+"\n") {
		if rt, err := os.Stat(filepath.Join(dir, "rt")); err == nil && rt.IsDir() {
			return nil // an earlier output: written again
		}
	}
	return fmt.Errorf("%s already exists and is not a module adesh2go wrote: choose another output directory (or remove it)", dir)
}

// goEnv is the environment of the go command building a generated module: offline, no
// workspace, modules on.
func goEnv() []string {
	env := os.Environ()
	return append(env, "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GO111MODULE=on")
}

// GoCommand is the go command with args, run in dir as on a generated module: offline, with no
// workspace, modules on.
func GoCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	return cmd
}

// BuildModule builds the module in dir into the executable out (with -trimpath, so that the
// runtime compiled for one directory is reused from the go command's cache for any other).
func BuildModule(dir, out string) error {
	cmd := GoCommand(dir, "build", "-trimpath", "-o", out, ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return fmt.Errorf("cannot run the go command (is Go installed and on PATH?): %v", err)
		}
		return fmt.Errorf("go build failed (this is a bug in adesh2go):\n%s", stderr.String())
	}
	return nil
}
