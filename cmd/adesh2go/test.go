package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"adesh2go"
	"adesh2go/gobuild"
	"adesh2go/rt"
)

// testCmd is `adesh2go test`: each file is built as a test program of its own (its tests, in
// declaration order, and a main that runs them, see rt.RunTests) and run; the test program
// prints a line per test and the summary. With several files, a `== FILE` line heads each
// file's output. The exit status is 1 when a file has errors or a test failed, else 0 (also
// for a file with no tests, or none that --run selects, which is said).
func testCmd(stdout, stderr io.Writer) *cobra.Command {
	var workers int
	var pattern string
	cmd := &cobra.Command{
		Use:   "test [--run REGEX] [--workers N] FILE.adesh...",
		Short: "Run the tests of programs (`test fn`, `test Group { … }`), each test as a task of its own",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError("test needs at least one .adesh file\nusage: %s", cmd.UseLine())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			workersVar, err := workersEnv(workers)
			if err != nil {
				return err
			}
			if err := gobuild.RunsHere(); err != nil {
				return usageError("%v", err)
			}
			var re *regexp.Regexp
			if cmd.Flags().Changed("run") {
				var err error
				if re, err = regexp.Compile(pattern); err != nil {
					return usageError("--run: %v", err)
				}
			}
			for _, file := range args {
				if err := readable(file); err != nil {
					return err
				}
			}
			failed := false
			for _, file := range args {
				if len(args) > 1 {
					fmt.Fprintln(stdout, "==", file)
				}
				err := testFile(file, re, workersVar, stdout, stderr)
				var ee *exitError
				switch {
				case err == nil:
				case errors.As(err, &ee) && ee.code == 1:
					if ee.msg != "" {
						fmt.Fprintln(stderr, "adesh2go:", ee.msg)
					}
					failed = true
				default:
					return err
				}
			}
			if failed {
				return programError
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&pattern, "run", "", "run only the tests whose name (`name`, `Group.name`) the regular expression matches")
	cmd.Flags().IntVar(&workers, "workers", 0, "worker threads (default: ADESH_WORKERS, else the number of CPUs)")
	return cmd
}

// testFile builds and runs the test program of one file; the error's status is 1 when the
// file has errors or a test failed.
func testFile(file string, re *regexp.Regexp, workersVar []string, stdout, stderr io.Writer) error {
	p, err := load(file, nil, stderr)
	if err != nil {
		return err
	}
	if len(p.Info.Tests) == 0 {
		fmt.Fprintf(stdout, "no tests in %s\n", file)
		return nil
	}
	env := append(os.Environ(), workersVar...)
	if re != nil {
		var names []string
		for _, t := range p.Info.Tests {
			if re.MatchString(t.Name) {
				names = append(names, t.Name)
			}
		}
		if len(names) == 0 {
			fmt.Fprintf(stdout, "no tests in %s match --run %s\n", file, re)
			return nil
		}
		env = append(env, rt.TestsEnv+"="+strings.Join(names, "\n"))
	}
	src, err := adesh2go.GoFiles(p, adesh2go.EmitOptions{Tests: true})
	if err != nil {
		return &exitError{code: 1, msg: err.Error()}
	}
	exe, err := gobuild.CachedBinaryWith(src, gobuild.BuildSettings{ProgramDir: programDir(file)})
	if err != nil {
		return &exitError{code: 1, msg: err.Error()}
	}
	return runChild(exe, nil, env, stdout, stderr)
}
