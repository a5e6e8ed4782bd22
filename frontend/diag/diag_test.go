package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"adesh2go/frontend/source"
)

func setup(src string) (*source.FileSet, *source.File, *List) {
	fset := source.NewFileSet()
	f := fset.Add("a.adesh", "", []byte(src))
	return fset, f, NewList(fset)
}

func TestTextRendering(t *testing.T) {
	_, f, l := setup("let x = 1;\n\tlet y = zz;\n")
	d := l.Errorf(f.Pos(20), f.Pos(22), Type, "unknown name `%s`", "zz")
	d.Note(f.Pos(4), "`x` declared here").WithHelp("did you mean `x`?")
	l.Warnf(f.Pos(0), source.NoPos, GuardAcrossAwait, "a warning")
	l.Sort()
	var b bytes.Buffer
	l.WriteText(&b)
	want := "a.adesh:1:1: warning[W0707]: a warning\nlet x = 1;\n^\n" +
		"a.adesh:2:10: error[E0705]: unknown name `zz`\n\tlet y = zz;\n\t        ^^\n" +
		"a.adesh:1:5: note: `x` declared here\nlet x = 1;\n    ^\nhelp: did you mean `x`?\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	if !l.HasErrors() || l.ErrorCount() != 1 {
		t.Errorf("HasErrors %v, ErrorCount %d", l.HasErrors(), l.ErrorCount())
	}
}

func TestColumnsCountCharacters(t *testing.T) {
	fset, f, _ := setup("let é = \"ü\"; x\n")
	p := fset.Position(f.Pos(strings.Index("let é = \"ü\"; x", "x")))
	if p.Line != 1 || p.Col != 14 {
		t.Errorf("position %d:%d, want 1:14", p.Line, p.Col)
	}
}

// A terminal's escape codes in a source line, a message or a file name are printed escaped,
// so that a diagnostic cannot drive the terminal it is printed on; the caret stays under the
// place it points to.
func TestControlCharactersAreEscaped(t *testing.T) {
	fset := source.NewFileSet()
	f := fset.Add("a\x1b]0;t\a.adesh", "", []byte("let s = \"\x1b[2J\"; zz;\n"))
	l := NewList(fset)
	l.Errorf(f.Pos(strings.Index(string(f.Src), "zz")), source.NoPos, Type, "unknown name `%s`", "z\x1bz")
	var b bytes.Buffer
	l.WriteText(&b)
	want := "a\\x1b]0;t\\x07.adesh:1:17: error[E0705]: unknown name `z\\x1bz`\n" +
		"let s = \"\\x1b[2J\"; zz;\n" +
		"                   ^\n"
	if b.String() != want {
		t.Errorf("got:\n%q\nwant:\n%q", b.String(), want)
	}
}

func TestLongLineIsCut(t *testing.T) {
	src := strings.Repeat("a", 1<<20) + " bad"
	_, f, l := setup(src)
	l.Errorf(f.Pos(len(src)-3), source.NoPos, "", "here")
	var b bytes.Buffer
	l.WriteText(&b)
	if b.Len() > 1000 || !strings.Contains(b.String(), "bad") {
		t.Errorf("rendering of a 1 MB line is %d bytes: %.200q", b.Len(), b.String())
	}
}

func TestTooManyErrors(t *testing.T) {
	_, f, l := setup("x")
	for i := 0; i < MaxErrors+5; i++ {
		l.Errorf(f.Pos(0), source.NoPos, "", "e%d", i)
	}
	var b bytes.Buffer
	l.WriteText(&b)
	if len(l.Items) != MaxErrors || l.ErrorCount() != MaxErrors+5 || !strings.Contains(b.String(), "5 more errors not shown") {
		t.Errorf("kept %d, counted %d", len(l.Items), l.ErrorCount())
	}
}

func TestJSON(t *testing.T) {
	_, f, l := setup("let x = 1;\n")
	l.Errorf(f.Pos(4), f.Pos(5), NotSend, "msg").Note(f.Pos(8), "note").WithHelp("help")
	var b bytes.Buffer
	if err := l.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(b.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d["file"] != "a.adesh" || d["line"] != 1.0 || d["col"] != 5.0 || d["code"] != "E0701" || d["help"] != "help" {
		t.Errorf("unexpected %v", d)
	}
	notes := d["notes"].([]any)
	if len(notes) != 1 || notes[0].(map[string]any)["col"] != 9.0 {
		t.Errorf("notes %v", notes)
	}
}

func TestSameDiagnosticOnce(t *testing.T) {
	_, f, l := setup("let m: Foo = 1;\n")
	l.Errorf(f.Pos(7), f.Pos(10), Type, "unknown type `Foo`").WithHelp("h")
	l.Errorf(f.Pos(7), f.Pos(10), Type, "other")
	l.Errorf(f.Pos(7), f.Pos(10), Type, "unknown type `Foo`").WithHelp("h")
	l.Errorf(f.Pos(7), f.Pos(10), Type, "unknown type `Foo`").Note(f.Pos(0), "a different note")
	l.Sort()
	if l.ErrorCount() != 3 || len(l.Items) != 3 {
		t.Errorf("got %d errors, items %+v", l.ErrorCount(), l.Items)
	}
}
