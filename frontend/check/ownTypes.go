package check

import "adesh2go/frontend/types"

// A pass of the checker declares the program's types anew (collect): a struct, an enum or a
// class is a TypeDef of that pass, and its generic parameters TypeParams of that pass. What
// the silent first pass learned of an untyped parameter (hint.resolved) is a type of the silent
// pass: the final pass reads it as the same declarations' types of its own, so that a user type
// passed to an untyped parameter is that type however it was reached (`fn getx(p) { … }
// getx(Point { … })` said "expected `Point`, found `Point`").

// ownTypes returns t with the declared types and type parameters of another pass replaced by
// this pass's.
func (c *checker) ownTypes(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if len(c.defByDecl) != len(c.info.TypeDefs) {
		c.defByDecl = map[any]*types.TypeDef{}
		for _, d := range c.info.TypeDefs {
			c.defByDecl[d.Decl] = d
		}
	}
	return types.Replace(t, func(part types.Type) types.Type {
		switch p := part.(type) {
		case *types.Named:
			own := c.defByDecl[p.Def.Decl]
			if own == nil || own == p.Def {
				return nil
			}
			args := make([]types.Type, len(p.Args))
			for i, a := range p.Args {
				args[i] = c.ownTypes(a)
			}
			return &types.Named{Def: own, Args: args}
		case *types.TypeParam:
			if own := c.ownTypeParam(p); own != nil && own != p {
				return own
			}
		}
		return nil
	})
}

// ownTypeParam is this pass's type parameter of the declaration that declared p.
func (c *checker) ownTypeParam(p *types.TypeParam) *types.TypeParam {
	if def := c.defByDecl[p.Owner]; def != nil && p.Index < len(def.TypeParams) {
		return def.TypeParams[p.Index]
	}
	for _, fi := range c.info.Funcs {
		if fi.Node == p.Owner && fi.Sig != nil && p.Index < len(fi.Sig.TypeParams) {
			return fi.Sig.TypeParams[p.Index]
		}
	}
	return nil
}
