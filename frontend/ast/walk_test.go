package ast

import (
	"fmt"
	"strings"
	"testing"
)

func TestInspect(t *testing.T) {
	// f(x) + [1, y]  with a nil-typed optional field left out
	x := &Ident{Name: "x"}
	tree := &Binary{Op: "+",
		X: &Call{Fun: &Ident{Name: "f"}, Args: []Expr{x}},
		Y: &ArrayLit{Elems: []Expr{&IntLit{Raw: "1"}, &Ident{Name: "y"}}},
	}
	var got []string
	depth := 0
	Inspect(tree, func(n Node) bool {
		if n == nil {
			depth--
			return true
		}
		name := strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast.")
		if id, ok := n.(*Ident); ok {
			name += " " + id.Name
		}
		got = append(got, strings.Repeat(".", depth)+name)
		depth++
		return true
	})
	want := "Binary .Call ..Ident f ..Ident x .ArrayLit ..IntLit ..Ident y"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	if depth != 0 {
		t.Errorf("f(nil) calls unbalanced: depth %d", depth)
	}

	// returning false skips the children
	count := 0
	Inspect(tree, func(n Node) bool {
		if n != nil {
			count++
		}
		_, isCall := n.(*Call)
		return !isCall
	})
	if count != 5 {
		t.Errorf("visited %d nodes with the call pruned, want 5", count)
	}
}

func TestInspectSkipsNilFields(t *testing.T) {
	fn := &FuncDecl{Name: &Ident{Name: "f"}, Body: &Block{}} // no params, no return type
	var kinds []string
	Inspect(fn, func(n Node) bool {
		if n != nil {
			kinds = append(kinds, fmt.Sprintf("%T", n))
		}
		return true
	})
	if got := strings.Join(kinds, " "); got != "*ast.FuncDecl *ast.Ident *ast.Block" {
		t.Errorf("got %s", got)
	}
	Inspect(&TryStmt{Body: &Block{}}, func(Node) bool { return true }) // nil catch, finally
	Inspect(&Lambda{ExprBody: x()}, func(Node) bool { return true })   // nil body
}

func x() Expr { return &Ident{Name: "x"} }
