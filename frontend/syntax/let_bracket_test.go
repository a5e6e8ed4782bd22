package syntax

import (
	"strings"
	"testing"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// `let [a, b] = e;` is a tuple pattern written with brackets (the pair of thread.Channel.bounded).
func TestLetBracketPattern(t *testing.T) {
	fset := source.NewFileSet()
	diags := diag.NewList(fset)
	f := ParseFile(fset.Add("p.adesh", "", []byte("let [tx, (a, _)] = pair;\nlet [] = u;\n")), diags)
	if diags.HasErrors() {
		t.Fatal(diagText(diags))
	}
	var pats []*ast.TuplePat
	ast.Inspect(f, func(n ast.Node) bool {
		if l, ok := n.(*ast.LetStmt); ok {
			pats = append(pats, l.Pattern.(*ast.TuplePat))
		}
		return true
	})
	if len(pats) != 2 || !pats[0].Brackets || len(pats[0].Elems) != 2 || pats[1].Brackets != true || len(pats[1].Elems) != 0 {
		t.Fatalf("patterns %+v", pats)
	}
	if inner, ok := pats[0].Elems[1].(*ast.TuplePat); !ok || inner.Brackets {
		t.Fatalf("inner pattern %+v", pats[0].Elems[1])
	}
	diags = diag.NewList(fset)
	ParseFile(fset.Add("q.adesh", "", []byte("let [a, b = pair;\n")), diags)
	if !strings.Contains(diagText(diags), "`,` or `]` in the pattern") {
		t.Fatalf("unclosed pattern: %s", diagText(diags))
	}
}
