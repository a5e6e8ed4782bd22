package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"adesh2go/lower"
	"adesh2go/lower/ir"
)

// irCmd prints the IR: each async body as the state-machine pass receives it, or, with
// --after machine, the whole program as the emitter receives it. The counterpart of parse.
func irCmd(stdout, stderr io.Writer) *cobra.Command {
	var after string
	cmd := &cobra.Command{
		Use:   "ir [--after machine] FILE.adesh",
		Short: "Print the lowered IR before or after the state-machine pass (for debugging the compiler)",
		Args:  exactFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if after != "" && after != "machine" {
				return usageError("--after takes machine, not %q", after)
			}
			p, err := load(args[0], cmd.InOrStdin(), stderr)
			if err != nil {
				return err
			}
			var opts lower.Options
			if after == "" {
				opts.BeforeMachine = func(name string, body []ir.Stmt) {
					fmt.Fprintf(stdout, "%s, before the state-machine pass: ", name)
					ir.Fprint(stdout, body)
				}
			}
			prog, err := lower.LowerWith(p.Info, p.Fset, opts)
			if err != nil {
				return &exitError{code: 1, msg: err.Error()}
			}
			if after == "machine" {
				ir.Fprint(stdout, prog)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&after, "after", "", "print the IR after this pass (machine)")
	return cmd
}
