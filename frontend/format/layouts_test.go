package format

import (
	"reflect"
	"testing"

	"adesh2go/frontend/ast"
)

// TestEveryKindHasALayout holds the layout table to the syntax tree's kinds: a new kind fails
// here until the formatter can write it. The parts of other nodes (a parameter, a field, an
// arm…) are written by their parent's layout, and a file by Source.
func TestEveryKindHasALayout(t *testing.T) {
	writtenByParent := map[reflect.Type]bool{}
	for _, n := range ast.OtherKinds {
		writtenByParent[reflect.TypeOf(n)] = true
	}
	for _, n := range ast.AllKinds() {
		typ := reflect.TypeOf(n)
		if _, ok := layouts[typ]; !ok && !writtenByParent[typ] {
			t.Errorf("no layout for %s", typ)
		}
	}
}
