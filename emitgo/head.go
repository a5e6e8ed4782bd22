package emitgo

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	pathpkg "path"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
)

// fileHead is the start of a generated file: the generated-code header, the package clause
// and the imports the declarations used (and blank ones of blank), added to the file's go/ast
// by astutil and printed by go/printer (one import alone, several in a sorted block). A Go
// package the program calls is imported under the name goNames gives it.
func fileHead(pkg string, used []map[string]bool, blank []string, goNames map[string]string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, pkg+".go", "// "+Header+"\n\npackage "+pkg+"\n", parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("internal error emitting Go: %v", err)
	}
	set := map[string]bool{}
	for _, u := range used {
		maps.Copy(set, u)
	}
	for _, path := range slices.Sorted(maps.Keys(set)) {
		if name, ok := goNames[path]; ok && name != pathpkg.Base(path) {
			astutil.AddNamedImport(fset, f, name, path)
		} else {
			astutil.AddImport(fset, f, path)
		}
	}
	for _, path := range blank {
		if !set[path] {
			astutil.AddNamedImport(fset, f, "_", path)
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, fmt.Errorf("internal error emitting Go: %v", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}
