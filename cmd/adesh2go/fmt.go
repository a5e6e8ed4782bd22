package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"adesh2go/frontend"
	"adesh2go/frontend/format"
)

// fmtCmd is gofmt for AdeshLang, with gofmt's flags: without them it prints the formatted
// files; a file with syntax errors is reported and left alone (exit status 1).
func fmtCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	var write, list, diff bool
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-l] [-d] [FILE.adesh...]",
		Short: "Format programs in the canonical layout (standard input without files)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				if write {
					return usageError("fmt -w needs files to rewrite")
				}
				src, err := io.ReadAll(stdin)
				if err != nil {
					return usageError("cannot read the standard input: %v", err)
				}
				return fmtOne("<stdin>", src, false, list, diff, stdout, stderr)
			}
			failed := false
			for _, file := range args {
				if err := readable(file); err != nil {
					return err
				}
				src, err := frontend.ReadSource(file)
				if err != nil {
					return usageError("cannot read %s: %v", file, err)
				}
				if err := fmtOne(file, src, write, list, diff, stdout, stderr); err != nil {
					if !errors.Is(err, programError) {
						return err
					}
					failed = true
				}
			}
			if failed {
				return programError
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result to the file instead of the standard output")
	cmd.Flags().BoolVarP(&list, "list", "l", false, "list the files whose formatting differs")
	cmd.Flags().BoolVarP(&diff, "diff", "d", false, "print a diff of the changes instead of the result")
	return cmd
}

func fmtOne(name string, src []byte, write, list, diff bool, stdout, stderr io.Writer) error {
	out, err := format.Source(name, src)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return programError
	}
	changed := !bytes.Equal(src, out)
	if list && changed {
		fmt.Fprintln(stdout, name)
	}
	if diff && changed {
		writeUnifiedDiff(stdout, name, src, out)
	}
	if write && changed {
		info, err := os.Stat(name)
		if err != nil {
			return &exitError{code: 1, msg: err.Error()}
		}
		if err := os.WriteFile(name, out, info.Mode().Perm()); err != nil {
			return &exitError{code: 1, msg: err.Error()}
		}
	}
	if !write && !list && !diff {
		stdout.Write(out)
	}
	return nil
}
