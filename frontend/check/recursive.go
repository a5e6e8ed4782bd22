package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// recursiveStructs refuses a struct that holds itself by value: through a field of its own type,
// or of an optional, a tuple, a Result or another struct that holds it. Such a value would be of
// infinite size (Rust refuses it too); an array, a map or an enum in between is fine, since
// those hold their elements out of line.
func (c *checker) recursiveStructs(structs []*ast.StructDecl) {
	for _, d := range structs {
		def := d.Obj.Def
		for i, f := range def.Fields {
			if i >= len(d.Fields) || !holdsByValue(f.Type, def, map[*types.TypeDef]bool{}) {
				continue
			}
			c.errorf(d.Fields[i].Name, "`%s` holds itself through the field `%s`: a struct cannot contain a value of its own type, also not in an optional, a tuple or a Result (its size would be infinite)", def.Name, f.Name).
				WithHelp("hold it in an array (`[%s]`), or use an enum, which may be recursive: `enum List { Node(i64, List), End }`", def.Name)
			break
		}
	}
}

// holdsByValue reports whether a value of t contains a value of the struct target inline.
func holdsByValue(t types.Type, target *types.TypeDef, visiting map[*types.TypeDef]bool) bool {
	switch u := types.Resolve(t).(type) {
	case *types.Optional:
		return holdsByValue(u.Elem, target, visiting)
	case *types.Result:
		return holdsByValue(u.Ok, target, visiting) || holdsByValue(u.Err, target, visiting)
	case *types.Tuple:
		for _, e := range u.Elems {
			if holdsByValue(e, target, visiting) {
				return true
			}
		}
	case *types.Named:
		if u.Def.Enum {
			return false
		}
		if u.Def == target {
			return true
		}
		if visiting[u.Def] {
			return false
		}
		visiting[u.Def] = true
		for _, f := range types.FieldsOf(u) {
			if holdsByValue(f.Type, target, visiting) {
				return true
			}
		}
	}
	return false
}
