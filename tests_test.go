package adesh2go_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/frontend/ast"
)

// TestTestsLeaveTheProgramAlone: the Go of a program with tests is the Go of the same program
// with its test declarations blanked out (their lines kept, so that positions stay): `run` and
// `build` ignore tests. The test program of the same file is another, whose main runs them.
func TestTestsLeaveTheProgramAlone(t *testing.T) {
	files, _ := filepath.Glob("testdata/tests/*.adesh")
	if len(files) < 3 {
		t.Fatalf("want the programs of testdata/tests, found %d", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := frontend.LoadSource(f, src)
		if p.Diags.HasErrors() {
			var b bytes.Buffer
			p.Diags.WriteText(&b)
			t.Fatalf("%s:\n%s", f, b.String())
		}
		withTests, err := adesh2go.GoSource(p)
		if err != nil {
			t.Fatal(err)
		}
		blanked := append([]byte(nil), src...)
		tests := 0
		for _, it := range p.Files[0].Items {
			if d, ok := it.(*ast.TestDecl); ok {
				tests++
				for i := p.Fset.File(d.Pos()).Offset(d.Pos()); i < p.Fset.File(d.Pos()).Offset(d.EndPos()); i++ {
					if blanked[i] != '\n' {
						blanked[i] = ' '
					}
				}
			}
		}
		q := frontend.LoadSource(f, blanked)
		without, err := adesh2go.GoSource(q)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(withTests, without) {
			t.Errorf("%s: the program's Go changes with its tests", f)
		}
		testProg, err := adesh2go.GoSourceWith(p, adesh2go.EmitOptions{Tests: true})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(testProg, []byte("rt.RunTests(")) || bytes.Contains(withTests, []byte("rt.RunTests(")) {
			t.Errorf("%s: main is not rt.RunTests in the test program only", f)
		}
		if n := bytes.Count(testProg, []byte("{Name: ")); n != len(p.Info.Tests) || tests > 0 && n == 0 {
			t.Errorf("%s: the test program lists %d tests, want %d", f, n, len(p.Info.Tests))
		}
	}
}
