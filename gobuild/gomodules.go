package gobuild

import (
	"fmt"
	"strings"
)

// thirdPartyImport refuses to build a program that imports a Go package outside the standard
// library (GOINTEROP.md §6): such a program is checked and typed through the go.mod around it
// (gopkgs), but the build, which links against packages the go command compiled for the
// runtime's own module, cannot link it yet.
func thirdPartyImport(imports []string) error {
	for _, imp := range imports {
		first, _, _ := strings.Cut(imp, "/")
		if strings.Contains(first, ".") {
			return fmt.Errorf("the program imports the Go package %q from a module outside the standard library: building such a program is not supported yet (check and the language server type it)", imp)
		}
	}
	return nil
}
