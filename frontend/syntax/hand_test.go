package syntax

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"adesh2go/frontend/ast"
)

var positionSuffix = regexp.MustCompile(`(?m) \d+:\d+$`)

// TestHandMatchesGrammar checks that the hand-written statement parser used inside blocks
// (stmt.go) builds the same trees as participle's statement grammar (grammar.go), used for
// top-level statements: every top-level statement of the testdata programs is parsed both at
// the top level and inside a function body, and the printed trees must be equal (positions
// aside).
func TestHandMatchesGrammar(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/parse/*.adesh")
	checked := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		file, fset, diags := parseSource(path, src)
		if diags.HasErrors() {
			continue // TestParseGoldens reports it
		}
		var top bytes.Buffer
		var body strings.Builder
		body.WriteString("fn wrapper() {\n")
		n := 0
		for _, it := range file.Items {
			s, ok := it.(ast.Stmt)
			if l, isLet := s.(*ast.LetStmt); !ok || isLet && l.Export {
				continue // only top-level items have `export`
			}
			ast.Fprint(&top, fset, s)
			start, end := fset.Position(s.Pos()).Offset, fset.Position(s.EndPos()).Offset
			body.Write(src[start:end])
			body.WriteString("\n")
			n++
		}
		if n == 0 {
			continue
		}
		body.WriteString("}\n")
		wrapped, wfset, wdiags := parseSource("wrapped.adesh", []byte(body.String()))
		if wdiags.HasErrors() {
			t.Errorf("%s: the statements do not parse inside a block:\n%s", path, diagText(wdiags))
			continue
		}
		var inner bytes.Buffer
		for _, s := range wrapped.Items[0].(*ast.FuncDecl).Body.Stmts {
			ast.Fprint(&inner, wfset, s)
		}
		// The block printer indents one level deeper than the top level does not: compare
		// without positions, line by line.
		want := positionSuffix.ReplaceAllString(top.String(), "")
		got := positionSuffix.ReplaceAllString(inner.String(), "")
		if want != got {
			t.Errorf("%s: block statements differ from top-level statements:\n%s", path, firstDiff(want, got))
		}
		checked += n
	}
	if checked < 100 {
		t.Fatalf("only %d statements compared; the testdata should have more", checked)
	}
}
