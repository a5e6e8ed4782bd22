// Command genrt writes rt's table of the spellings of the builtin methods it dispatches on
// dynamic values, from frontend/builtin's table: `go generate ./frontend/builtin`.
package main

import (
	"fmt"
	"os"

	"adesh2go/frontend/builtin"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: genrt FILE.go")
		os.Exit(2)
	}
	src, err := builtin.RTAliases()
	if err == nil {
		err = os.WriteFile(os.Args[1], src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genrt:", err)
		os.Exit(1)
	}
}
