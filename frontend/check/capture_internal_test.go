package check

import (
	"testing"

	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// The array methods that builtins.go marks with .mut() are exactly the array entries of
// mutatingMethods.
func TestMutatingMethodsMirrorBuiltins(t *testing.T) {
	fset := source.NewFileSet()
	c := newChecker(nil, fset, diag.NewList(fset), nil, true)
	arr := &types.Array{Elem: types.I64}
	names := []string{"push", "append", "pop", "len", "length", "is_empty", "insert", "remove",
		"contains", "includes", "index_of", "indexOf", "join", "sort", "reverse", "clear", "extend",
		"map", "filter", "for_each", "forEach", "find", "any", "some", "all", "every", "reduce",
		"fold", "slice", "concat", "clone", "copy", "first", "last", "sum", "min", "max"}
	for _, name := range names {
		sig := c.builtinMethodSig(arr, name, nil)
		if sig == nil {
			t.Errorf("Array.%s: no such method any more; update this list", name)
			continue
		}
		if sig.mutates != mutatingMethods["Array."+name] {
			t.Errorf("Array.%s: builtins.go says mutates=%v, mutatingMethods says %v", name, sig.mutates, mutatingMethods["Array."+name])
		}
	}
}
