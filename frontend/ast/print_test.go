package ast

import (
	"strings"
	"testing"

	"adesh2go/frontend/source"
)

func TestFprint(t *testing.T) {
	fset := source.NewFileSet()
	f := fset.Add("t.adesh", "", []byte("let v = -x as f64;\n"))
	at := func(off int) Span { return Span{Start: f.Pos(off), End: f.Pos(off + 1)} }
	file := &File{Name: "t.adesh", Items: []Node{
		&LetStmt{Span: at(0), Kind: LetPlain, Mut: true,
			Pattern: &BindPat{Span: at(4), Name: &Ident{Name: "v"}},
			Value: &Cast{Span: at(8),
				X:    &Unary{Span: at(8), Op: "-", X: &Ident{Span: at(9), Name: "x"}},
				Type: &NamedType{Span: at(14), Name: &Ident{Name: "f64"}}},
		},
	}}
	var b strings.Builder
	if err := Fprint(&b, fset, file); err != nil {
		t.Fatal(err)
	}
	want := `File "t.adesh"
  LetStmt let [mut] 1:1
    BindPat v 1:5
    value: Cast 1:9
      Unary - 1:9
        Ident x 1:10
      as: NamedType f64 1:15
`
	if b.String() != want {
		t.Errorf("got:\n%swant:\n%s", b.String(), want)
	}
}
