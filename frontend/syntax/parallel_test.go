package syntax

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// parseWith parses src with the chunks in order (parallel false) or on several CPUs, and
// returns the printed tree and the diagnostics.
func parseWith(t *testing.T, src []byte, parallel bool) (tree, diags string) {
	t.Helper()
	defer func(n int) { ParallelMinChunks = n }(ParallelMinChunks)
	if parallel {
		ParallelMinChunks = 2
	} else {
		ParallelMinChunks = 1 << 30
	}
	fset := source.NewFileSet()
	f := fset.Add("big.adesh", "", src)
	dl := diag.NewList(fset)
	file := ParseFile(f, dl)
	var tb, db bytes.Buffer
	if err := ast.Fprint(&tb, fset, file); err != nil {
		t.Fatal(err)
	}
	dl.WriteText(&db)
	return tb.String(), db.String()
}

// A large file parses to the same tree and the same diagnostics whether its chunks are parsed
// in order or at once, with and without syntax errors.
func TestParallelChunksParseAsInOrder(t *testing.T) {
	var good, broken bytes.Buffer
	for _, dir := range []string{"../../testdata/run", "../../testdata/parse", "../../examples"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.adesh"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			good.Write(src)
			good.WriteByte('\n')
		}
	}
	if good.Len() < 50*chunkTokens {
		t.Fatalf("the corpus is too small to make chunks: %d bytes", good.Len())
	}
	// Break every 40th line: errors land in many chunks, some at their first item.
	for i, line := range strings.SplitAfter(good.String(), "\n") {
		if i%40 == 7 {
			line = "fn ) { let = ;\n" + line
		}
		broken.WriteString(line)
	}
	// Errors where chunks meet: each item is 5 tokens, so a chunk of 1,024 tokens ends after
	// 205 of them. The last one's expression runs on into the next chunk's first line, where
	// both chunks find an error; the parse in order reports one per line.
	var boundaries bytes.Buffer
	for i := range 2100 {
		switch {
		case i%205 == 204:
			fmt.Fprintf(&boundaries, "let a%d = %d +\n", i, i)
		case i > 0 && i%205 == 0:
			fmt.Fprintf(&boundaries, "let a%d = = ;\n", i)
		default:
			fmt.Fprintf(&boundaries, "let a%d = %d;\n", i, i)
		}
	}
	for _, c := range []struct {
		name string
		src  []byte
	}{{"valid", good.Bytes()}, {"broken", broken.Bytes()}, {"errors where chunks meet", boundaries.Bytes()}} {
		inOrder, inOrderDiags := parseWith(t, c.src, false)
		t.Logf("%s: %d lines of diagnostics", c.name, strings.Count(inOrderDiags, "\n"))
		atOnce, atOnceDiags := parseWith(t, c.src, true)
		if inOrder != atOnce {
			t.Errorf("%s: the trees differ", c.name)
		}
		if inOrderDiags != atOnceDiags {
			t.Errorf("%s: the diagnostics differ:\nin order:\n%.3000s\nat once:\n%.3000s", c.name, inOrderDiags, atOnceDiags)
		}
		if c.name != "valid" && !strings.Contains(atOnceDiags, "error") {
			t.Errorf("the broken corpus parsed without errors")
		}
	}
}

// A test whose `fn` is on the line after `test` is one item: the file is not cut between them
// (it was, and each half was an error).
func TestChunksKeepATestWhole(t *testing.T) {
	var src bytes.Buffer
	for i := range 400 {
		fmt.Fprintf(&src, "test\nfn t%d() { assert_eq(f(0), %d); }\ntest\nasync fn a%d() {}\nlet x%d = %d;\n", i, i, i, i, i)
	}
	for _, parallel := range []bool{false, true} {
		tree, diags := parseWith(t, src.Bytes(), parallel)
		if diags != "" {
			t.Fatalf("parallel %v: %s", parallel, diags)
		}
		if n := strings.Count(tree, "TestDecl"); n != 800 {
			t.Errorf("parallel %v: %d tests, want 800", parallel, n)
		}
	}
}
