package main

import (
	"io"

	"github.com/spf13/cobra"

	"adesh2go"
	"adesh2go/lsp"
)

// lspCmd serves the Language Server Protocol on the standard input and output, for editors.
func lspCmd(stdin io.Reader, stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Serve the Language Server Protocol over standard input and output (for editors)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			lsp.Version = adesh2go.Version
			return lsp.NewServer().Serve(stdin, stdout)
		},
	}
}
