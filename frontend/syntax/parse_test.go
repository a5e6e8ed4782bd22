package syntax

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

var update = flag.Bool("update", false, "rewrite the parse goldens under golden/parse")

// parseSource parses src as a file named name.
func parseSource(name string, src []byte) (*ast.File, *source.FileSet, *diag.List) {
	fset := source.NewFileSet()
	f := fset.Add(name, "", src)
	diags := diag.NewList(fset)
	return ParseFile(f, diags), fset, diags
}

func diagText(d *diag.List) string {
	var b strings.Builder
	d.WriteText(&b)
	return b.String()
}

// TestParseGoldens parses every testdata/parse program and compares its tree with
// golden/parse/NAME.ast; -update rewrites the goldens.
func TestParseGoldens(t *testing.T) {
	files, err := filepath.Glob("../../testdata/parse/*.adesh")
	if err != nil || len(files) < 30 {
		t.Fatalf("want at least 30 programs in testdata/parse, found %d (%v)", len(files), err)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".adesh")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			file, fset, diags := parseSource(filepath.Base(path), src)
			if diags.HasErrors() {
				t.Fatalf("syntax errors:\n%s", diagText(diags))
			}
			var got bytes.Buffer
			if err := ast.Fprint(&got, fset, file); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("../../golden/parse", name+".ast")
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden (run go test ./frontend/syntax -update): %v", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("tree differs from %s (run with -update and read the diff):\n%s", golden, firstDiff(string(want), got.String()))
			}
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + itoa(i+1) + ":\n  want: " + wl + "\n  got:  " + gl
		}
	}
	return "(same lines)"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestSpecExamplesParse parses every program of the shared language examples, which are all
// valid syntax (fail/ included). Users' clones do not have them.
func TestSpecExamplesParse(t *testing.T) {
	root := "../../../shared/examples/spec"
	if _, err := os.Stat(root); err != nil {
		t.Skipf("skipping: %s is not here (it exists in CI and on the team's machines)", root)
	}
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".adesh") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatalf("no .adesh files under %s", root)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, diags := parseSource(path, src); diags.HasErrors() {
			t.Errorf("%s: syntax errors:\n%s", path, diagText(diags))
		}
	}
}

func TestParseExpr(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a + b * c", "Binary +\n  Ident a\n  Binary *\n    Ident b\n    Ident c\n"},
		{"await f(x)?", "Try ?\n  Await\n    Call\n      fun: Ident f\n      arg: Ident x\n"},
		{"x => x and y", "Lambda\n  Param x\n  body: Binary &&\n    Ident x\n    Ident y\n"},
		// A brace list without `:` is a set; `{}` stays an empty map.
		{"{1, x}", "SetLit\n  IntLit 1\n  Ident x\n"},
		{"{y,}", "SetLit\n  Ident y\n"},
		{"{}", "MapLit\n"},
		{"{k: 1}", "MapLit\n  key: StringLit \"k\"\n  value: IntLit 1\n"},
	}
	for _, tt := range tests {
		fset := source.NewFileSet()
		f := fset.Add("e", "", []byte(tt.src))
		diags := diag.NewList(fset)
		x := ParseExpr(f, diags)
		if diags.HasErrors() {
			t.Fatalf("%q: %s", tt.src, diagText(diags))
		}
		var b bytes.Buffer
		ast.Fprint(&b, fset, x)
		if got := positionSuffix.ReplaceAllString(b.String(), ""); got != tt.want {
			t.Errorf("%q:\ngot:\n%swant:\n%s", tt.src, got, tt.want)
		}
	}
	fset := source.NewFileSet()
	diags := diag.NewList(fset)
	if x := ParseExpr(fset.Add("e", "", []byte("a b")), diags); x == nil || !strings.Contains(diagText(diags), "unexpected name `b` after the expression") {
		t.Errorf("want an error after the expression, got %s", diagText(diags))
	}
}
