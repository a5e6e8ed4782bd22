package check

import (
	"bytes"
	"fmt"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// pendingAnnotation is an error (the item-th of the list) whose help asks for a type
// annotation on obj's declaration.
type pendingAnnotation struct {
	item int
	obj  *types.Object
}

// wantAnnotation notes that d, just reported, is mended by annotating obj's declaration.
func (c *checker) wantAnnotation(d *diag.Diagnostic, obj *types.Object) {
	if n := len(c.diags.Items); n > 0 && &c.diags.Items[n-1] == d {
		c.annotations = append(c.annotations, pendingAnnotation{n - 1, obj})
	}
}

// annotationFixes gives each error wantAnnotation noted the fix that writes the type the
// program gives the declaration (`let f: fn(i64): i64 = …`), where that type is known.
func (c *checker) annotationFixes() {
	for _, p := range c.annotations {
		let, ok := p.obj.Decl.(*ast.LetStmt)
		if !ok || let.Type != nil {
			continue
		}
		bp, ok := let.Pattern.(*ast.BindPat)
		if !ok || p.obj.Type == nil {
			continue
		}
		t := types.Resolve(p.obj.Type)
		if types.IsInvalid(t) || types.HasUnbound(t) {
			continue
		}
		ts := typeString(t)
		c.diags.Items[p.item].WithFix(fmt.Sprintf("Annotate `%s` as `%s`", bp.Name.Name, ts), bp.Name.End, bp.Name.End, ": "+ts)
	}
}

// keywordBefore finds the keyword kw that comes last before the name (`fn` before a function's
// name, past `export` and `test`).
func (c *checker) keywordBefore(name *ast.Ident, kw string) (source.Pos, bool) {
	f := c.fset.File(name.Pos())
	if f == nil {
		return source.NoPos, false
	}
	i := bytes.LastIndex(f.Src[:f.Offset(name.Pos())], []byte(kw))
	if i < 0 {
		return source.NoPos, false
	}
	return f.Pos(i), true
}
