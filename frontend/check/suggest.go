package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// The names a misspelled name may have meant, for "did you mean `balance`?" (diag.DidYouMean).

// namesInScope lists the names visible from the current scope.
func (c *checker) namesInScope() []string {
	var out []string
	for s := c.scope; s != nil; s = s.Parent {
		for name := range s.Names() {
			out = append(out, name)
		}
	}
	return out
}

// memberNames lists the fields and methods a value of type t has: its own (a struct's fields, a
// type's methods) and the builtin methods of its kind, through shares and guards.
func memberNames(t types.Type) []string {
	var out []string
	for ; t != nil; t = derefType(t) {
		rt := types.Resolve(t)
		if n, ok := rt.(*types.Named); ok {
			if !n.Def.Enum {
				for _, f := range types.FieldsOf(n) {
					out = append(out, f.Name)
				}
			}
			for m := range n.Def.Methods {
				out = append(out, m)
			}
		}
		if of, _, ok := builtin.Receiver(rt); ok {
			for _, row := range builtin.All() {
				if row.Of == of && !row.Static || row.Of == builtin.Values {
					out = append(out, row.Name)
					out = append(out, row.Aliases...)
				}
			}
		}
	}
	return out
}

// awaitHelp gives d the help and the fix for a method or field asked of a future: its result
// has it once awaited (`(await v).unwrap()`); false when t is no future.
func awaitHelp(d *diag.Diagnostic, x ast.Expr, t types.Type, member string, call bool) bool {
	if !types.IsFuture(types.Resolve(t)) {
		return false
	}
	name := "…"
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		name = id.Name
	}
	use := "." + member
	if call {
		use += "(…)"
	}
	d.WithHelp("add `await`: `(await %s)%s` uses the result of the future", name, use)
	d.WithFixEdits("Add `await`", diag.Edit{Pos: x.Pos(), End: x.Pos(), Text: "(await "}, diag.Edit{Pos: x.EndPos(), End: x.EndPos(), Text: ")"})
	return true
}
