package cfg

import (
	"strings"
	"testing"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
)

// parse parses a program and returns its file and a function that gives a node's source text.
func parse(t *testing.T, src string) (*ast.File, func(ast.Node) string) {
	t.Helper()
	fset := source.NewFileSet()
	diags := diag.NewList(fset)
	file := fset.Add("p.adesh", "", []byte(src))
	f := syntax.ParseFile(file, diags)
	if diags.HasErrors() {
		var sb strings.Builder
		diags.WriteText(&sb)
		t.Fatalf("parse: %s", sb.String())
	}
	text := func(n ast.Node) string {
		if n == nil || !n.Pos().IsValid() {
			return ""
		}
		return string(file.Src[file.Offset(n.Pos()):file.Offset(n.EndPos())])
	}
	return f, text
}

// fn returns the function named name of a file.
func fn(t *testing.T, f *ast.File, name string) *ast.FuncDecl {
	t.Helper()
	for _, it := range f.Items {
		if fd, ok := it.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return fd
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

// graphText builds the graph of the function f of src and renders it.
func graphText(t *testing.T, src string) string {
	t.Helper()
	f, text := parse(t, src)
	return Build(fn(t, f, "f")).Format(text)
}

// find returns the first node of the file for which match says true.
func find[N ast.Node](t *testing.T, f *ast.File, text func(ast.Node) string, src string) N {
	t.Helper()
	var found N
	ok := false
	ast.Inspect(f, func(n ast.Node) bool {
		if x, is := n.(N); is && !ok && text(n) == src {
			found, ok = x, true
		}
		return !ok
	})
	if !ok {
		t.Fatalf("no %T `%s`", found, src)
	}
	return found
}
