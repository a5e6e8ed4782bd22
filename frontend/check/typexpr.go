package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
	"strings"
)

// typeExpr resolves a written type in the current scope.
func (c *checker) typeExpr(t ast.Type) types.Type { return c.typeExprIn(t, c.scope) }

// typeExprIn resolves a written type in scope; unknown names are reported and give Invalid.
func (c *checker) typeExprIn(t ast.Type, scope *types.Scope) types.Type {
	switch t := t.(type) {
	case nil:
		return types.UnitType
	case *ast.ArrayType:
		return &types.Array{Elem: c.typeExprIn(t.Elem, scope)}
	case *ast.OptionalType:
		elem := c.typeExprIn(t.Elem, scope)
		if _, ok := elem.(*types.Optional); ok {
			return elem // T?? is T?
		}
		return &types.Optional{Elem: elem}
	case *ast.TupleType:
		switch len(t.Elems) {
		case 0:
			return types.UnitType
		case 1:
			return c.typeExprIn(t.Elems[0], scope)
		}
		if len(t.Elems) > 6 {
			c.errorf(t, "tuples have at most 6 elements")
			return types.InvalidType
		}
		tt := &types.Tuple{}
		for _, e := range t.Elems {
			tt.Elems = append(tt.Elems, c.typeExprIn(e, scope))
		}
		return tt
	case *ast.FuncType:
		ft := &types.Func{}
		for _, p := range t.Params {
			ft.Params = append(ft.Params, c.typeExprIn(p, scope))
		}
		ft.Ret = types.UnitType
		if t.Ret != nil {
			ft.Ret = c.typeExprIn(t.Ret, scope)
		}
		if t.Async {
			ft.Ret = &types.Future{Elem: ft.Ret}
		}
		return ft
	case *ast.NamedType:
		return c.namedType(t, scope)
	}
	c.errorf(t, "this is not a type")
	return types.InvalidType
}

func (c *checker) namedType(t *ast.NamedType, scope *types.Scope) types.Type {
	name := t.Name.Name
	if t.Pkg != nil {
		imp := scope.Lookup(t.Pkg.Name)
		if imp != nil && imp.Kind == types.ObjBuiltin && builtin.TypeObject(imp.Builtin) != builtin.Global {
			return c.moduleType(t, imp, scope)
		}
		if imp != nil && imp.Kind == types.ObjGoPackage {
			t.Pkg.Obj = imp
			return c.goTypeName(t, imp)
		}
		if imp == nil || imp.Kind != types.ObjImport {
			c.errorf(t.Pkg, "unknown import `%s`", t.Pkg.Name)
			return types.InvalidType
		}
		t.Pkg.Obj = imp
		obj := imp.Members.LookupLocal(name)
		if obj == nil || obj.Kind != types.ObjType || !c.isExported(obj) {
			c.errorf(t.Name, "`%s` has no exported type `%s`", t.Pkg.Name, name)
			return types.InvalidType
		}
		t.Name.Obj = obj
		return c.instantiateNamed(t, obj, scope)
	}
	if obj := scope.Lookup(name); obj != nil && obj.Kind == types.ObjType {
		t.Name.Obj = obj
		if tp, ok := obj.Type.(*types.TypeParam); ok {
			if len(t.Args) > 0 {
				c.errorf(t, "type parameter `%s` takes no type arguments", name)
			}
			return tp
		}
		return c.instantiateNamed(t, obj, scope)
	}
	if b, ok := basicTypeNames[name]; ok {
		if len(t.Args) > 0 {
			c.errorf(t, "`%s` takes no type arguments", name)
		}
		return b
	}
	if n, ok := genericTypeArity[name]; ok {
		args := make([]types.Type, len(t.Args))
		for i, a := range t.Args {
			args[i] = c.typeExprIn(a, scope)
		}
		if len(args) != n {
			// Result<T> means Result<T, Error>, as is common.
			if name == "Result" && len(args) == 1 {
				args = append(args, types.ErrorType)
			} else {
				c.errorf(t, "`%s` takes %d type argument%s, found %d", name, n, diag.Plural(n), len(args))
				return types.InvalidType
			}
		}
		switch name {
		case "Result":
			return &types.Result{Ok: args[0], Err: args[1]}
		case "Option":
			return &types.Optional{Elem: args[0]}
		case "Map":
			if key := args[0]; !comparableKey(key) && !isTypeParam(key) && !types.IsInvalid(key) {
				c.errorf(t.Args[0], "`%s` cannot be a map key: keys are numbers, strings, chars or bools", typeString(key))
			}
			return &types.MapT{Key: args[0], Val: args[1]}
		case "Array", "Vec":
			return &types.Array{Elem: args[0]}
		case "Future":
			return &types.Future{Elem: args[0]}
		}
		return &types.Handle{Kind: handleKinds[name], Elem: args[0]}
	}
	if name == "Set" || name == "set" {
		// `Set<T>`; a bare `set` (`let s: set;`) has its element type inferred from use.
		switch len(t.Args) {
		case 0:
			return &types.SetT{Elem: c.newVar()}
		case 1:
			elem := c.typeExprIn(t.Args[0], scope)
			c.setElemOK(t.Args[0], elem)
			return &types.SetT{Elem: elem}
		}
		c.errorf(t, "`%s` takes 1 type argument, found %d", name, len(t.Args))
		return types.InvalidType
	}
	if name == "Scope" {
		return &types.Handle{Kind: types.ScopeH}
	}
	if ct := c.interpreterTypeName(t, scope); ct != nil {
		return ct
	}
	c.errorf(t.Name, "unknown type `%s`", name)
	return types.InvalidType
}

var handleKinds = map[string]types.HandleKind{
	"Promise": types.PromiseH, "JoinHandle": types.JoinHandleH, "Channel": types.ChannelH,
	"Share": types.ShareH, "Weak": types.WeakH, "Mutex": types.MutexH, "RwLock": types.RwLockH,
	"MutexGuard": types.MutexGuardH, "ReadGuard": types.ReadGuardH, "WriteGuard": types.WriteGuardH,
}

func (c *checker) instantiateNamed(t *ast.NamedType, obj *types.Object, scope *types.Scope) types.Type {
	def := obj.Def
	if def == nil {
		if alias, ok := obj.Decl.(*ast.TypeAliasDecl); ok {
			return c.aliasType(t, alias, obj)
		}
		return obj.Type
	}
	if len(t.Args) != len(def.TypeParams) {
		if len(t.Args) == 0 && len(def.TypeParams) > 0 {
			c.errorf(t, "`%s` needs %d type argument%s: write `%s<…>`", def.Name, len(def.TypeParams), diag.Plural(len(def.TypeParams)), def.Name)
		} else {
			c.errorf(t, "`%s` takes %d type argument%s, found %d", def.Name, len(def.TypeParams), diag.Plural(len(def.TypeParams)), len(t.Args))
		}
		return types.InvalidType
	}
	n := &types.Named{Def: def}
	for _, a := range t.Args {
		n.Args = append(n.Args, c.typeExprIn(a, scope))
	}
	return n
}

// moduleType is a standard module's type written in an annotation, `thread.Semaphore` or
// `thread.Mutex<i64>`: the type its `new` gives, its element being the type argument.
func (c *checker) moduleType(t *ast.NamedType, mod *types.Object, scope *types.Scope) types.Type {
	member := builtin.Member(builtin.TypeObject(mod.Builtin), t.Name.Name)
	if ct, ok := c.collectionsType(t, member, scope); ok {
		return ct
	}
	var ctor builtin.ID
	if member != 0 && builtin.Of(member).Static {
		ctor = builtin.Member(builtin.TypeObject(member), "new")
	}
	if ctor == 0 {
		c.errorf(t.Name, "`%s` has no type `%s` that an annotation can name", t.Pkg.Name, t.Name.Name)
		return types.InvalidType
	}
	var params []*types.Var
	ret := builtin.Of(ctor).Sig(builtin.In{Fresh: func() types.Type {
		v := c.newVar()
		params = append(params, v)
		return v
	}}).Ret
	if len(t.Args) != len(params) {
		c.errorf(t, "`%s.%s` takes %d type argument%s", t.Pkg.Name, t.Name.Name, len(params), diag.Plural(len(params)))
		return types.InvalidType
	}
	for i, v := range params {
		v.Bound = c.typeExprIn(t.Args[i], scope)
	}
	return types.Settled(ret)
}

// aliasType is the type a `type Name = T;` names, resolved in the alias's file on first use.
func (c *checker) aliasType(t *ast.NamedType, alias *ast.TypeAliasDecl, obj *types.Object) types.Type {
	if len(t.Args) > 0 {
		c.errorf(t, "type alias `%s` takes no type arguments", obj.Name)
	}
	switch obj.Type {
	case nil:
		obj.Type = aliasResolving
		obj.Type = c.typeExprIn(alias.Type, c.fileScope[c.fileOfDecl(alias)])
	case aliasResolving:
		c.errorf(alias.Name, "type alias `%s` refers to itself", obj.Name)
		obj.Type = types.InvalidType
	}
	return obj.Type
}

// aliasResolving marks an alias whose type is being resolved (an invalid type of its own, so
// that a cycle is found and gives Invalid).
var aliasResolving types.Type = &types.Basic{Kind: types.Invalid, Name: "invalid type"}

// interpreterTypeName is the type of a builtin type name as the interpreter spells it
// (EVERYDAY.md §7.5): any letter case for the basic types (`Int`, `Bool`, `Str`, `I32`), and the
// containers `dict`/`map`/`object` (a string-keyed map of any values), `array`/`list` (an array)
// and `tuple`, bare or with type arguments the interpreter does not check (`Dict<string, int>`,
// `List<T>`); nil for any other name.
func (c *checker) interpreterTypeName(t *ast.NamedType, scope *types.Scope) types.Type {
	lower := strings.ToLower(t.Name.Name)
	if b, ok := basicTypeNames[lower]; ok && len(t.Args) == 0 {
		return b
	}
	args := make([]types.Type, len(t.Args))
	for i, a := range t.Args {
		args[i] = c.typeExprIn(a, scope)
	}
	switch lower {
	case "dict", "map", "object":
		if len(args) == 2 && comparableKey(args[0]) {
			return &types.MapT{Key: args[0], Val: args[1]}
		}
		return &types.MapT{Key: types.StringType, Val: types.AnyType}
	case "array", "list", "vec":
		if len(args) == 1 {
			return &types.Array{Elem: args[0]}
		}
		return &types.Array{Elem: types.AnyType}
	case "tuple":
		return types.AnyType // a tuple of any length: dynamic
	case "set":
		if len(args) == 1 {
			return &types.SetT{Elem: args[0]}
		}
		return &types.SetT{Elem: c.newVar()}
	}
	return nil
}
