package adesh2go_test

import (
	"testing"

	"adesh2go/frontend"
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// TestTypesAreSettled checks the invariant of ast.Typed on every program of the repository and
// of the spec: after checking, no type of an expression, of the object a name denotes or of its
// signature, of a call or of a selector mentions a bound inference variable.
func TestTypesAreSettled(t *testing.T) {
	progs := allPrograms(t)
	checked := 0
	for _, p := range progs {
		prog := frontend.Load(p.entry)
		if prog.Info == nil {
			continue
		}
		checked++
		report := func(n ast.Node, what string, ts ...types.Type) {
			for _, ty := range ts {
				if ty != nil && !types.IsSettled(ty) {
					t.Errorf("%s: %s of %T is not settled: %s", check.Pos(prog.Fset, n.Pos()), what, n, ty)
				}
			}
		}
		for _, f := range prog.Info.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok {
					report(n, "the type", e.TypeOf())
				}
				if id, ok := n.(*ast.Ident); ok && id.Obj != nil {
					report(n, "the object's type", id.Obj.Type)
					if sig := id.Obj.Sig; sig != nil {
						report(n, "the signature", append([]types.Type{sig.Ret}, sig.Params...)...)
					}
				}
				if c, ok := n.(*ast.Call); ok {
					if ci := prog.Info.Calls[c]; ci != nil {
						report(n, "the call", append(append(append([]types.Type{ci.Ret, ci.RecvType}, ci.Params...), ci.Derefs...), ci.TypeArgs...)...)
					}
				}
				if s, ok := n.(*ast.Selector); ok {
					if si := prog.Info.Sels[s]; si != nil {
						report(n, "the selector", append([]types.Type{si.Recv}, si.Derefs...)...)
					}
				}
				return true
			})
		}
	}
	if checked < 100 {
		t.Fatalf("only %d programs checked", checked)
	}
}
