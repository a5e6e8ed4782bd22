package syntax

import (
	"os"
	"path/filepath"
	"testing"

	"adesh2go/frontend/ast"
)

// TestInspectSourceOrder checks that ast.Inspect visits the nodes of every testdata program in
// source order, with children inside their parent's span.
func TestInspectSourceOrder(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/parse/*.adesh")
	for _, path := range files {
		src, _ := os.ReadFile(path)
		file, fset, _ := parseSource(path, src)
		var stack []ast.Node
		var last ast.Node
		visited := 0
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			visited++
			if last != nil && n.Pos() < last.Pos() {
				t.Errorf("%s: %T at %v visited after %T at %v", path, n, fset.Position(n.Pos()), last, fset.Position(last.Pos()))
			}
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				if n.Pos() < parent.Pos() || n.EndPos() > parent.EndPos() {
					t.Errorf("%s: %T %v..%v is outside its parent %T %v..%v", path, n, fset.Position(n.Pos()), fset.Position(n.EndPos()),
						parent, fset.Position(parent.Pos()), fset.Position(parent.EndPos()))
				}
			}
			last = n
			stack = append(stack, n)
			return true
		})
		if visited < 5 {
			t.Errorf("%s: only %d nodes visited", path, visited)
		}
	}
}
