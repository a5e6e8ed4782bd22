// Command adesh2go compiles AdeshLang programs to Go and runs them.
//
//	adesh2go run [--workers N] [--trace-async] [--debug] FILE.adesh [-- ARGS...]
//	adesh2go test [--run REGEX] [--workers N] FILE.adesh...
//	adesh2go build [-o OUT] [--debug] FILE.adesh
//	adesh2go emit [-o DIR] [--no-line] [--tests] [--debug] FILE.adesh
//	adesh2go check [--format text|json] [--explain-types] FILE.adesh...
//	adesh2go parse FILE.adesh
//	adesh2go ir [--after machine] FILE.adesh
//	adesh2go fmt [-w] [-l] [-d] [FILE.adesh...]
//	adesh2go lsp
//	adesh2go version (or --version)
//
// FILE.adesh `-` reads the program from the standard input (its imports from the current
// directory).
//
// Exit status: 0 ok, 1 the program has errors (or, for run, the program's own status; for test,
// a test failed), 2 usage.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/frontend"
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
	"adesh2go/gobuild"
	"adesh2go/rt"
)

// exitError carries an exit status out of a command.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageError(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

// programError means the program was refused; its diagnostics are already printed.
var programError = &exitError{code: 1}

func main() {
	adesh2go.CompilerGC()
	root := newRoot(os.Stdout, os.Stderr)
	err := root.Execute()
	if err == nil {
		return
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(os.Stderr, "adesh2go:", ee.msg)
		}
		os.Exit(ee.code)
	}
	// cobra's own errors: unknown commands and flags.
	fmt.Fprintln(os.Stderr, "adesh2go:", err)
	os.Exit(2)
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "adesh2go",
		Short:         "adesh2go compiles AdeshLang to Go: async fns become state machines on a work-stealing scheduler",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.Version = adesh2go.Version // --version, as the version command
	root.SetVersionTemplate("adesh2go {{.Version}}\n")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError("%v", err) })
	root.AddCommand(runCmd(stdout, stderr), testCmd(stdout, stderr), buildCmd(stderr), emitCmd(stderr), checkCmd(stdout, stderr),
		parseCmd(stdout, stderr), irCmd(stdout, stderr), fmtCmd(os.Stdin, stdout, stderr), lspCmd(os.Stdin, stdout), versionCmd(stdout))
	return root
}

func exactFile(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageError("%s needs exactly one .adesh file\nusage: %s", cmd.Name(), cmd.UseLine())
	}
	return nil
}

// readable reports, as a usage error, why a program file given on the command line cannot be
// read: it does not exist, it is a directory, it may not be read.
func readable(file string) error {
	info, err := os.Stat(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return usageError("cannot read %s: no such file", file)
	case err != nil:
		return usageError("cannot read %s: %v", file, errors.Unwrap(err))
	case info.IsDir():
		return usageError("cannot read %s: it is a directory; give an .adesh file", file)
	case !info.Mode().IsRegular():
		return usageError("cannot read %s: it is not a regular file", file)
	}
	f, err := os.Open(file)
	if err != nil {
		return usageError("cannot read %s: %v", file, errors.Unwrap(err))
	}
	f.Close()
	return nil
}

// stdinName names a program read from the standard input (the file `-`) in diagnostics.
const stdinName = "<stdin>"

// loadProgram reads, parses and checks a program: its entry file, or the standard input in for
// the file `-` (its imports are read from the current directory).
func loadProgram(file string, in io.Reader) (*frontend.Program, error) {
	if file != "-" {
		if err := readable(file); err != nil {
			return nil, err
		}
		return frontend.Load(file), nil
	}
	src, err := io.ReadAll(in)
	if err != nil {
		return nil, usageError("cannot read the standard input: %v", err)
	}
	return frontend.LoadWith(stdinName, func(name string) ([]byte, error) {
		if name == stdinName {
			return src, nil
		}
		return os.ReadFile(name)
	}), nil
}

// load loads and checks a program, printing its diagnostics; it fails when there are errors.
func load(file string, in io.Reader, stderr io.Writer) (*frontend.Program, error) {
	p, err := loadProgram(file, in)
	if err != nil {
		return nil, err
	}
	p.Diags.WriteText(stderr)
	if p.Diags.HasErrors() {
		return nil, programError
	}
	return p, nil
}

// compileWith turns a file into the Go source of its program.
func compileWith(file string, in io.Reader, stderr io.Writer, opts adesh2go.EmitOptions) ([]emitgo.File, error) {
	p, err := load(file, in, stderr)
	if err != nil {
		return nil, err
	}
	src, err := adesh2go.GoFiles(p, opts)
	if err != nil {
		return nil, &exitError{code: 1, msg: err.Error()}
	}
	return src, nil
}

// workersEnv is the environment a program runs on --workers with: ADESH_WORKERS, or nothing
// for 0 (the default: ADESH_WORKERS as set, else the number of CPUs). The flag is checked
// against rt's limit here, before the build, so that the message names the flag the user wrote.
func workersEnv(workers int) ([]string, error) {
	switch {
	case workers < 0 || workers > rt.MaxWorkers:
		return nil, usageError("--workers must be from 1 to %d (0, the default, means ADESH_WORKERS or the number of CPUs), got %d", rt.MaxWorkers, workers)
	case workers == 0:
		return nil, nil
	}
	return []string{"ADESH_WORKERS=" + strconv.Itoa(workers)}, nil
}

func runCmd(stdout, stderr io.Writer) *cobra.Command {
	var workers int
	var trace, debug bool
	cmd := &cobra.Command{
		Use:   "run [--workers N] [--trace-async] [--debug] FILE.adesh [-- ARGS...]",
		Short: "Compile, build and run a program; exit with its status (- reads it from the standard input)",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			progArgs := []string{}
			if dash >= 0 {
				progArgs = args[dash:]
				args = args[:dash]
			}
			if err := exactFile(cmd, args); err != nil {
				return err
			}
			workersVar, err := workersEnv(workers)
			if err != nil {
				return err
			}
			if err := gobuild.RunsHere(); err != nil {
				return usageError("%v", err)
			}
			exe, err := buildExecutable(args[0], debug, cmd.InOrStdin(), stderr)
			if err != nil {
				return err
			}
			env := append(os.Environ(), workersVar...)
			if trace {
				env = append(env, "ADESH_TRACE_ASYNC=1")
			}
			return runProgram(exe, progArgs, env, stdout, stderr)
		},
	}
	cmd.Flags().IntVar(&workers, "workers", 0, "worker threads (default: ADESH_WORKERS, else the number of CPUs)")
	cmd.Flags().BoolVar(&trace, "trace-async", false, "print the scheduler's metrics at exit")
	cmd.Flags().BoolVar(&debug, "debug", false, "build for a debugger (see docs/debugging.md)")
	return cmd
}

// buildExecutable compiles and builds a program (or takes it from the cache), for a debugger
// with debug: DWARF, no optimisation or inlining, the Go of EmitOptions.Debug.
func buildExecutable(file string, debug bool, in io.Reader, stderr io.Writer) (string, error) {
	src, err := compileWith(file, in, stderr, adesh2go.EmitOptions{Debug: debug})
	if err != nil {
		return "", err
	}
	exe, err := gobuild.CachedBinaryWith(src, gobuild.BuildSettings{Debug: debug, ProgramDir: programDir(file)})
	if err != nil {
		return "", &exitError{code: 1, msg: err.Error()}
	}
	return exe, nil
}

// programDir is the folder of a program's entry file (the working directory for the standard
// input): a program that imports Go modules is built in the go.mod around it.
func programDir(file string) string {
	if abs, err := filepath.Abs(file); err == nil {
		return filepath.Dir(abs)
	}
	return "."
}

func buildCmd(stderr io.Writer) *cobra.Command {
	var out string
	var debug bool
	cmd := &cobra.Command{
		Use:   "build [-o OUT] [--debug] FILE.adesh",
		Short: "Compile a program to a native executable",
		Args:  exactFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" && args[0] == "-" {
				return usageError("build - reads the program from the standard input: name the executable with -o OUT")
			}
			if out == "" {
				out = strings.TrimSuffix(filepath.Base(args[0]), ".adesh")
			}
			if sameFile(out, args[0]) {
				return &exitError{code: 2, msg: "the executable would overwrite " + args[0] + ": name it with -o OUT"}
			}
			exe, err := buildExecutable(args[0], debug, cmd.InOrStdin(), stderr)
			if err != nil {
				return err
			}
			return copyFile(exe, out)
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the executable to write (default: the file's base name)")
	cmd.Flags().BoolVar(&debug, "debug", false, "keep DWARF, no optimisation or inlining: for Delve (see docs/debugging.md)")
	return cmd
}

// sameFile reports whether the paths a and b name the same file.
func sameFile(a, b string) bool {
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(ia, ib)
	}
	pa, err1 := filepath.Abs(a)
	pb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && pa == pb
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return &exitError{code: 1, msg: err.Error()}
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return &exitError{code: 1, msg: err.Error()}
	}
	tmp := to + ".tmp"
	if err := os.WriteFile(tmp, b, 0o755); err != nil {
		return &exitError{code: 1, msg: err.Error()}
	}
	if err := os.Rename(tmp, to); err != nil {
		os.Remove(tmp)
		return &exitError{code: 1, msg: err.Error()}
	}
	return nil
}

func emitCmd(stderr io.Writer) *cobra.Command {
	var out string
	var noLine, tests, debug bool
	cmd := &cobra.Command{
		Use:   "emit [-o DIR] [--no-line] [--tests] [--debug] FILE.adesh",
		Short: "Write the program as a Go module that `go build` builds offline",
		Args:  exactFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" && args[0] == "-" {
				return usageError("emit - reads the program from the standard input: name the directory with -o DIR")
			}
			src, err := compileWith(args[0], cmd.InOrStdin(), stderr, adesh2go.EmitOptions{NoLine: noLine, Tests: tests, Debug: debug})
			if err != nil {
				return err
			}
			if out == "" {
				out = strings.TrimSuffix(filepath.Base(args[0]), ".adesh") + "_go"
			}
			if err := gobuild.WriteModule(out, src, programDir(args[0])); err != nil {
				return &exitError{code: 1, msg: err.Error()}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the directory to write (default: FILE_go)")
	cmd.Flags().BoolVar(&noLine, "no-line", false, "no //line directives, for debugging the Go itself")
	cmd.Flags().BoolVar(&tests, "tests", false, "write the file's test program, which `adesh2go test` runs")
	cmd.Flags().BoolVar(&debug, "debug", false, "the Go that `build --debug` builds (see docs/debugging.md)")
	return cmd
}

func checkCmd(stdout, stderr io.Writer) *cobra.Command {
	var format string
	var explain bool
	cmd := &cobra.Command{
		Use:   "check [--format text|json] [--explain-types] FILE.adesh...",
		Short: "Report the diagnostics of programs without building them (- reads the standard input)",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError("check needs at least one .adesh file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageError("--format is text or json, not %q", format)
			}
			failed := false
			for _, file := range args {
				p, err := loadProgram(file, cmd.InOrStdin())
				if err != nil {
					return err
				}
				if format == "json" {
					if err := p.Diags.WriteJSON(stdout); err != nil {
						return err
					}
				} else {
					p.Diags.WriteText(stderr)
				}
				if explain && p.Info != nil {
					writeFallbacks(stdout, p, format == "json")
				}
				failed = failed || p.Diags.HasErrors()
			}
			if failed {
				return programError
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "text or json (one object per line)")
	cmd.Flags().BoolVar(&explain, "explain-types", false, "list every place that fell back to the dynamic type any, and why")
	return cmd
}

func writeFallbacks(w io.Writer, p *frontend.Program, asJSON bool) {
	if asJSON {
		// One object per place, shaped like a diagnostic (severity "info"), so that a reader of
		// the JSON stream sees nothing else.
		enc := json.NewEncoder(w)
		for _, f := range p.Info.Fallbacks {
			pos := p.Fset.Position(f.Pos)
			name := ""
			if pos.File != nil {
				name = pos.File.Name
			}
			enc.Encode(map[string]any{"file": name, "line": pos.Line, "col": pos.Col, "severity": "info", "code": "dynamic",
				"message": fmt.Sprintf("`%s` is dynamic (any): %s", f.Name, f.Reason), "notes": []any{}})
		}
		return
	}
	if len(p.Info.Fallbacks) == 0 {
		fmt.Fprintln(w, "every value has a static type: the program uses no dynamic values")
		return
	}
	for _, f := range p.Info.Fallbacks {
		fmt.Fprintf(w, "%s: `%s` is dynamic (any): %s\n", check.Pos(p.Fset, f.Pos), f.Name, f.Reason)
	}
}

func parseCmd(stdout, stderr io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "parse FILE.adesh",
		Short: "Print the syntax tree of a file (for debugging and parse goldens)",
		Args:  exactFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := readable(args[0]); err != nil {
				return err
			}
			src, err := frontend.ReadSource(args[0])
			if err != nil {
				return usageError("cannot read %s: %v", args[0], err)
			}
			fset := source.NewFileSet()
			f := fset.Add(args[0], args[0], src)
			diags := diag.NewList(fset)
			tree := syntax.ParseFile(f, diags)
			diags.WriteText(stderr)
			ast.Fprint(stdout, fset, tree)
			if diags.HasErrors() {
				return programError
			}
			return nil
		},
	}
}

func versionCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(stdout, "adesh2go", adesh2go.Version)
			return nil
		},
	}
}
