package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// structLit checks `Config { host: "h", port: 1 }`. Every field must be given once, except
// optional fields, which default to null. A generic struct's type arguments come from the
// literal's type, the expected type, or the field values.
func (c *checker) structLit(e *ast.StructLit, expected types.Type) types.Type {
	if len(e.Type.Args) == 0 && e.Type.Pkg == nil {
		// `Box { v: 1 }` of a generic struct: its type arguments are inferred.
		if obj := c.scope.Lookup(e.Type.Name.Name); obj != nil && obj.Kind == types.ObjType && obj.Def != nil && !obj.Def.Enum && len(obj.Def.TypeParams) > 0 {
			e.Type.Name.Obj = obj
			return c.genericStructLit(e, obj.Def, expected)
		}
	}
	t := c.namedType(e.Type, c.scope)
	if g := types.GoOf(t); g != nil {
		return c.goStructLit(e, g)
	}
	n, ok := types.Resolve(t).(*types.Named)
	if !ok || n.Def.Enum {
		if !types.IsInvalid(t) {
			c.errorf(e.Type, "`%s` is not a struct", typeString(t))
		}
		for _, f := range e.Fields {
			c.expr(f.Value, nil)
		}
		return types.InvalidType
	}
	if len(e.Type.Args) == 0 && len(n.Def.TypeParams) > 0 {
		return c.genericStructLit(e, n.Def, expected)
	}
	c.structFields(e, n)
	return n
}

func (c *checker) genericStructLit(e *ast.StructLit, def *types.TypeDef, expected types.Type) types.Type {
	n := &types.Named{Def: def}
	for range def.TypeParams {
		n.Args = append(n.Args, c.newVar())
	}
	c.unifySoft(n, expected)
	c.structFields(e, n)
	for i, a := range n.Args {
		if types.HasUnbound(a) {
			c.errorf(e.Type, "cannot infer the type parameter `%s` of `%s`; write `%s<…> { … }`", def.TypeParams[i].Name, def.Name, def.Name)
			n.Args[i] = types.InvalidType
		} else {
			n.Args[i] = types.Resolve(a)
		}
	}
	return n
}

func (c *checker) structFields(e *ast.StructLit, n *types.Named) {
	fields := types.FieldsOf(n)
	given := map[string]bool{}
	for _, fi := range e.Fields {
		var fd *types.FieldDef
		for _, f := range fields {
			if f.Name == fi.Name.Name {
				fd = f
			}
		}
		if fd == nil {
			c.errorf(fi.Name, "`%s` has no field `%s`", n.Def.Name, fi.Name.Name).DidYouMean(fi.Name.Name, memberNames(n))
			c.expr(fi.Value, nil)
			continue
		}
		if given[fd.Name] {
			c.errorf(fi.Name, "field `%s` is given twice", fd.Name)
		}
		given[fd.Name] = true
		t := c.expr(fi.Value, fd.Type)
		c.expectAssignable(fi.Value, t, fd.Type, " for field `"+fd.Name+"`")
	}
	var missing []string
	defaults := fieldDefaults(n.Def)
	for _, f := range fields {
		if d := defaults[f.Name]; d != nil && !given[f.Name] {
			// The field's default, a literal: the literal gets its own copy, typed here.
			at := ast.Span{Start: e.EndPos(), End: e.EndPos()}
			v := copyLiteral(d)
			e.Fields = append(e.Fields, &ast.FieldInit{Span: at, Name: &ast.Ident{Span: at, Name: f.Name}, Value: v})
			given[f.Name] = true
			c.expectAssignable(v, c.expr(v, f.Type), f.Type, " for field `"+f.Name+"`")
			continue
		}
		if _, opt := types.Resolve(f.Type).(*types.Optional); !given[f.Name] && !opt {
			missing = append(missing, f.Name)
		}
	}
	if len(missing) > 0 {
		c.errorf(e, "missing field%s %s in `%s`", diag.Plural(len(missing)), quoteList(missing), n.Def.Name)
	}
}

// recordStructLit checks an object literal `{ x: 1, y: 2 }` where the context expects the
// struct n (a record alias, EVERYDAY.md §1) as the struct literal it stands for.
func (c *checker) recordStructLit(e *ast.MapLit, n *types.Named) types.Type {
	at := ast.Span{Start: e.Pos(), End: e.Pos()}
	sl := &ast.StructLit{Span: e.Span, Type: &ast.NamedType{Span: at, Name: &ast.Ident{Span: at, Name: n.Def.Name}}}
	for i, k := range e.Keys {
		key := k.(*ast.StringLit)
		sl.Fields = append(sl.Fields, &ast.FieldInit{Span: ast.Span{Start: k.Pos(), End: e.Values[i].EndPos()},
			Name: &ast.Ident{Span: key.Span, Name: key.Value}, Value: e.Values[i]})
	}
	c.structFields(sl, n)
	c.setType(sl, n)
	if c.info.RecordStructs == nil {
		c.info.RecordStructs = map[*ast.MapLit]*ast.StructLit{}
	}
	c.info.RecordStructs[e] = sl
	return n
}

// fieldDefaults are the literal defaults of a struct's fields (`size: i64 = 10`), by name.
func fieldDefaults(def *types.TypeDef) map[string]ast.Expr {
	sd, ok := def.Decl.(*ast.StructDecl)
	if !ok {
		return nil
	}
	var out map[string]ast.Expr
	for _, f := range sd.Fields {
		if f.Default != nil {
			if out == nil {
				out = map[string]ast.Expr{}
			}
			out[f.Name.Name] = literalOrNil(f.Default)
		}
	}
	return out
}
