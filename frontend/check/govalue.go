package check

import (
	gotypes "go/types"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// goPkgValue checks `pkg.Name` used as a value: a constant (`math.Pi`, `time.Minute`), a
// variable (`os.Args`, `os.Stdout`), or a function whose type AdeshLang has (`strings.ToUpper`
// given where a `fn(string): string` is wanted).
func (c *checker) goPkgValue(e *ast.Selector, pkgObj *types.Object) types.Type {
	obj := c.goMember(e.Name, pkgObj.Name, pkgObj.GoPkg.Types, e.Name.Name)
	if obj == nil {
		return types.InvalidType
	}
	c.info.Sels[e] = &SelInfo{Kind: SelGo, GoObj: obj, GoPkg: pkgObj.GoPkg.Path}
	switch o := obj.(type) {
	case *gotypes.Const:
		return constFromGo(o)
	case *gotypes.Var:
		return fromGo(o.Type())
	case *gotypes.Func:
		if f := funcFromGo(o.Type().(*gotypes.Signature)); f != nil {
			return f
		}
		c.errorf(e, "`%s.%s` must be called: its Go type `%s` has no AdeshLang function type", pkgObj.Name, e.Name.Name, types.GoTypeString(o.Type()))
	case *gotypes.TypeName:
		c.errorf(e, "`%s.%s` is a Go type, not a value", pkgObj.Name, e.Name.Name)
	}
	return types.InvalidType
}
