package check

import (
	"path"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// collect declares every top-level name of every file before any body is checked, so that
// functions and types may be used before their declaration.
func (c *checker) collect() {
	for _, f := range c.files {
		c.fileScope[f] = types.NewScope(c.universe)
	}
	// Types first (their fields may name each other), then functions and methods, then imports
	// and globals.
	var structs []*ast.StructDecl
	var enums []*ast.EnumDecl
	var extends []*ast.ExtendDecl
	for _, f := range c.files {
		scope := c.fileScope[f]
		for _, it := range f.Items {
			switch d := it.(type) {
			case *ast.StructDecl:
				def := &types.TypeDef{Name: d.Name.Name, Decl: d, Methods: map[string]any{}}
				def.TypeParams = c.typeParams(d.TypeParams, d)
				c.declareTop(f, scope, d.Name, &types.Object{Name: d.Name.Name, Kind: types.ObjType, Def: def, Decl: d})
				d.Obj = scope.LookupLocal(d.Name.Name)
				c.info.TypeDefs = append(c.info.TypeDefs, def)
				structs = append(structs, d)
			case *ast.EnumDecl:
				def := &types.TypeDef{Name: d.Name.Name, Enum: true, Decl: d, Methods: map[string]any{}}
				def.TypeParams = c.typeParams(d.TypeParams, d)
				c.declareTop(f, scope, d.Name, &types.Object{Name: d.Name.Name, Kind: types.ObjType, Def: def, Decl: d})
				d.Obj = scope.LookupLocal(d.Name.Name)
				c.info.TypeDefs = append(c.info.TypeDefs, def)
				enums = append(enums, d)
			case *ast.ExtendDecl:
				extends = append(extends, d)
			case *ast.TypeAliasDecl:
				// Resolved when first named (aliasType), so that aliases may name each other
				// and the types of the file in any order.
				c.declareTop(f, scope, d.Name, &types.Object{Name: d.Name.Name, Kind: types.ObjType, Decl: d})
			}
		}
	}
	for _, f := range c.files {
		for _, it := range f.Items {
			if imp, ok := it.(*ast.ImportDecl); ok {
				c.declareImport(f, imp)
			}
		}
	}
	for _, d := range structs {
		def := d.Obj.Def
		scope := c.typeParamScope(c.fileScope[c.fileOfDecl(d)], def.TypeParams)
		seen := map[string]bool{}
		for _, fd := range d.Fields {
			if seen[fd.Name.Name] {
				c.errorf(fd.Name, "field `%s` is declared twice in struct `%s`", fd.Name.Name, def.Name)
				continue
			}
			seen[fd.Name.Name] = true
			def.Fields = append(def.Fields, &types.FieldDef{Name: fd.Name.Name, Type: c.typeExprIn(fd.Type, scope)})
			if fd.Default != nil {
				if lit := literalOrNil(fd.Default); lit == nil {
					c.errorf(fd.Default, "unsupported: a field's default value must be a literal")
				} else {
					ft := def.Fields[len(def.Fields)-1].Type
					c.expectAssignable(fd.Default, c.expr(fd.Default, ft), ft, " as the default of `"+fd.Name.Name+"`")
				}
			}
		}
	}
	c.recursiveStructs(structs)
	for _, d := range enums {
		def := d.Obj.Def
		scope := c.typeParamScope(c.fileScope[c.fileOfDecl(d)], def.TypeParams)
		for i, v := range d.Variants {
			if def.Variant(v.Name.Name) != nil {
				c.errorf(v.Name, "variant `%s` is declared twice in enum `%s`", v.Name.Name, def.Name)
				continue
			}
			vd := &types.VariantDef{Name: v.Name.Name, Index: i, Enum: def}
			for _, p := range v.Payload {
				if payloadName(p, scope) {
					// `enum R { Ok(value), Err(error) }`: the interpreter's payload names, not
					// types; the payload holds any value (EVERYDAY.md §7).
					vd.Payload = append(vd.Payload, types.AnyType)
					continue
				}
				vd.Payload = append(vd.Payload, c.typeExprIn(p, scope))
			}
			def.Variants = append(def.Variants, vd)
		}
	}
	c.expandingTypes(structs, enums) // instcycle.go
	for _, f := range c.files {
		scope := c.fileScope[f]
		for _, it := range f.Items {
			if fd, ok := it.(*ast.FuncDecl); ok {
				obj := &types.Object{Name: fd.Name.Name, Kind: types.ObjFunc, Decl: fd, Global: true}
				c.declareTop(f, scope, fd.Name, obj)
				fd.Obj = obj
				obj.Sig = c.signature(fd, scope, nil)
				obj.Type = sigType(obj.Sig)
				fi := c.newFuncInfo(fd, fd.Name.Name, obj.Sig, nil)
				_ = fi
				if fd.Name.Name == "main" && f == c.files[0] {
					c.info.MainFn = obj
					if len(fd.Params) > 0 || len(fd.TypeParams) > 0 {
						c.errorf(fd.Name, "`main` takes no parameters: the program calls it with none").
							WithHelp("read the command line with `args()`")
					}
				}
			}
		}
	}
	for _, d := range extends {
		c.collectExtend(d)
	}
	c.collectTests()
	for _, f := range c.files {
		for _, it := range f.Items {
			if d, ok := it.(*ast.TypeAliasDecl); ok {
				if obj := c.fileScope[f].LookupLocal(d.Name.Name); obj != nil && obj.Decl == d {
					c.aliasType(&ast.NamedType{Span: d.Name.Span, Name: d.Name}, d, obj) // its errors, even unused
				}
			}
		}
	}
	for _, f := range c.files {
		scope := c.fileScope[f]
		for _, it := range f.Items {
			if let, ok := it.(*ast.LetStmt); ok {
				if bp, ok := let.Pattern.(*ast.BindPat); ok && scope.LookupLocal(bp.Name.Name) == nil && bp.Name.Name != "_" {
					obj := &types.Object{Name: bp.Name.Name, Kind: types.ObjVar, Decl: let, Global: true}
					if let.Kind == ast.LetConst {
						obj.Kind = types.ObjConst
					}
					if let.Type != nil {
						obj.Type = c.letDeclType(let, scope)
					}
					c.declareTop(f, scope, bp.Name, obj)
				}
			}
		}
	}
}

// letDeclType is the type a let's annotation gives its binding (Share for `share let x: T`).
func (c *checker) letDeclType(let *ast.LetStmt, scope *types.Scope) types.Type {
	t := c.typeExprIn(let.Type, scope)
	if let.Kind == ast.LetShare && types.HandleOf(t, types.ShareH) == nil && !types.IsInvalid(t) {
		t = &types.Handle{Kind: types.ShareH, Elem: t}
	}
	return t
}

func (c *checker) fileOfDecl(n ast.Node) *ast.File {
	for _, f := range c.files {
		if n.Pos() >= f.Start && n.Pos() <= f.End {
			return f
		}
	}
	return c.files[0]
}

func (c *checker) declareTop(f *ast.File, scope *types.Scope, id *ast.Ident, obj *types.Object) {
	if prev := scope.LookupLocal(id.Name); prev != nil {
		d := c.errorf(id, "`%s` is declared twice", id.Name)
		if pn, ok := prev.Decl.(ast.Node); ok {
			d.Note(pn.Pos(), "`%s` was first declared here", id.Name)
		}
		return
	}
	obj.Global = true
	scope.Insert(obj)
	c.fileOf[obj] = f
	id.Obj = obj
}

func (c *checker) declareImport(f *ast.File, imp *ast.ImportDecl) {
	if imp.Module != nil {
		c.declareStdModule(f, imp)
		return
	}
	if imp.GoPath() != "" {
		c.declareGoImport(f, imp)
		return
	}
	target := c.importTarget(f, imp)
	if target == nil {
		return // the loader reported it
	}
	name := ""
	if imp.Alias != nil {
		name = imp.Alias.Name
	} else {
		base := path.Base(imp.Path.Value)
		name = strings.TrimSuffix(base, path.Ext(base))
	}
	members := types.NewScope(nil)
	for n, obj := range c.fileScope[target].Names() {
		if c.isExported(obj) {
			members.Insert(&types.Object{Name: n, Kind: obj.Kind, Type: obj.Type, Decl: obj.Decl, Def: obj.Def, Sig: obj.Sig, Global: true})
		}
	}
	obj := &types.Object{Name: name, Kind: types.ObjImport, Decl: imp, Members: c.fileScope[target]}
	if imp.Alias != nil {
		c.declareTop(f, c.fileScope[f], imp.Alias, obj)
	} else {
		c.fileScope[f].Insert(obj)
	}
}

// declareStdModule declares a standard module, `import thread;` or `import Math as M;`.
func (c *checker) declareStdModule(f *ast.File, imp *ast.ImportDecl) {
	id := builtin.StdModule(imp.Module.Name)
	if id == 0 {
		c.errorf(imp.Module, "unsupported: there is no standard module `%s` (the standard modules are %s)", imp.Module.Name, strings.Join(builtin.StdModuleNames(), ", "))
		return
	}
	name := imp.Module
	if imp.Alias != nil {
		name = imp.Alias
	}
	c.declareTop(f, c.fileScope[f], name, &types.Object{Name: name.Name, Kind: types.ObjBuiltin, Builtin: id, Decl: imp})
}

// importTarget finds the parsed file an import refers to.
func (c *checker) importTarget(from *ast.File, imp *ast.ImportDecl) *ast.File {
	want := source.ImportName(from.Name, imp.Path.Value)
	for _, f := range c.files {
		if path.Clean(f.Name) == want {
			return f
		}
	}
	return nil
}

// isExported is IsExported, and a test function a file exports by being a test file's.
func (c *checker) isExported(obj *types.Object) bool {
	if d, ok := obj.Decl.(*ast.FuncDecl); ok && c.exportedTests[d] {
		return true
	}
	return IsExported(obj)
}

// IsExported reports whether another file may name obj: it is declared `export`.
func IsExported(obj *types.Object) bool {
	switch d := obj.Decl.(type) {
	case *ast.FuncDecl:
		return d.Export
	case *ast.StructDecl:
		return d.Export
	case *ast.EnumDecl:
		return d.Export
	case *ast.LetStmt:
		return d.Export
	}
	return false
}

// typeParams makes the type parameters of a declaration.
func (c *checker) typeParams(tps []*ast.TypeParam, owner any) []*types.TypeParam {
	var out []*types.TypeParam
	for i, tp := range tps {
		out = append(out, &types.TypeParam{Name: tp.Name.Name, Index: i, Owner: owner})
	}
	return out
}

// typeParamScope makes a scope in which the type parameters are declared.
func (c *checker) typeParamScope(parent *types.Scope, tps []*types.TypeParam) *types.Scope {
	if len(tps) == 0 {
		return parent
	}
	s := types.NewScope(parent)
	for _, tp := range tps {
		s.Insert(&types.Object{Name: tp.Name, Kind: types.ObjType, Type: tp})
	}
	return s
}

// signature checks the parameter and result annotations of a function declaration. Untyped
// parameters get the type their hint resolved to in the first pass (or an inference variable
// during it); an omitted result type is inferred from the body.
func (c *checker) signature(fd *ast.FuncDecl, scope *types.Scope, recv *types.TypeDef) *types.Signature {
	sig := &types.Signature{Async: fd.Async, Decl: fd, Recv: recv}
	sig.TypeParams = c.typeParams(fd.TypeParams, fd)
	inner := c.typeParamScope(scope, sig.TypeParams)
	for _, p := range fd.Params {
		sig.Params = append(sig.Params, c.paramType(p, inner))
		sig.ParamNames = append(sig.ParamNames, p.Name.Name)
		sig.Defaults = append(sig.Defaults, p.Default)
	}
	if fd.Ret != nil {
		sig.Ret = c.typeExprIn(fd.Ret, inner)
	} else if fd.Name.Name == "main" && recv == nil {
		sig.Ret = types.UnitType
	} else if dr, dyn := c.dynResults[fd]; dyn {
		sig.Ret = c.dynResultType(fd.Name.Pos(), "the result of "+fd.Name.Name, dr)
	} else {
		sig.Ret = c.newVar() // inferred from the body's returns
	}
	return sig
}

// paramType is the type of a parameter: its annotation, or what inference found.
func (c *checker) paramType(p *ast.Param, scope *types.Scope) types.Type {
	if p.Type != nil {
		return c.typeExprIn(p.Type, scope)
	}
	return c.untypedParam(p)
}

func sigType(sig *types.Signature) types.Type {
	ret := sig.Ret
	if sig.Async {
		ret = &types.Future{Elem: sig.Ret, Src: sig.Decl}
	}
	return &types.Func{Params: sig.Params, Ret: ret}
}

func (c *checker) newFuncInfo(node ast.Node, name string, sig *types.Signature, parent *FuncInfo) *FuncInfo {
	fi := &FuncInfo{Node: node, Name: name, Sig: sig, Parent: parent, captured: map[*types.Object]bool{}}
	if sig != nil {
		fi.Async = sig.Async
		fi.Ret = sig.Ret
		fi.Generic = len(sig.TypeParams) > 0 || (sig.Recv != nil && len(sig.Recv.TypeParams) > 0)
	}
	c.info.Funcs = append(c.info.Funcs, fi)
	c.info.FuncOf[node] = fi
	return fi
}

// collectExtend attaches the methods of an `extend on T` / `impl T` block to T.
func (c *checker) collectExtend(d *ast.ExtendDecl) {
	f := c.fileOfDecl(d)
	scope := c.fileScope[f]
	nt, ok := d.Target.(*ast.NamedType)
	if !ok || nt.Pkg != nil {
		c.errorf(d.Target, "methods can only be added to a struct or enum declared in this program")
		return
	}
	obj := scope.Lookup(nt.Name.Name)
	if obj == nil || obj.Kind != types.ObjType || obj.Def == nil {
		if obj == nil {
			c.errorf(nt.Name, "unknown type `%s`", nt.Name.Name)
		} else {
			c.errorf(nt.Name, "methods can only be added to a struct or enum declared in this program, not to `%s`", nt.Name.Name)
		}
		return
	}
	nt.Name.Obj = obj
	def := obj.Def
	// The block's own type parameters (impl<T> Box<T>) name the type's parameters in order.
	inner := types.NewScope(scope)
	for i, tp := range def.TypeParams {
		name := tp.Name
		if i < len(nt.Args) {
			if a, ok := nt.Args[i].(*ast.NamedType); ok && len(a.Args) == 0 && a.Pkg == nil {
				name = a.Name.Name
			}
		}
		inner.Insert(&types.Object{Name: name, Kind: types.ObjType, Type: tp})
	}
	for _, m := range d.Methods {
		if _, dup := def.Methods[m.Name.Name]; dup || def.Field(m.Name.Name) != nil {
			c.errorf(m.Name, "`%s` already has a member named `%s`", def.Name, m.Name.Name)
			continue
		}
		m.Recv = d
		sig := c.signature(m, inner, def)
		obj := &types.Object{Name: m.Name.Name, Kind: types.ObjFunc, Decl: m, Sig: sig, Global: true}
		obj.Type = sigType(sig)
		m.Obj = obj
		def.Methods[m.Name.Name] = m
		fi := c.newFuncInfo(m, def.Name+"."+m.Name.Name, sig, nil)
		fi.Generic = fi.Generic || len(def.TypeParams) > 0
	}
}

// selfType is the type of `self` inside a method of def: the type applied to its own parameters.
func selfType(def *types.TypeDef) types.Type {
	n := &types.Named{Def: def}
	for _, tp := range def.TypeParams {
		n.Args = append(n.Args, tp)
	}
	return n
}

// payloadName reports whether a variant's payload is written as a name rather than a type: a
// lower-case identifier with no type arguments that names no type in scope.
func payloadName(t ast.Type, scope *types.Scope) bool {
	n, ok := t.(*ast.NamedType)
	if !ok || n.Pkg != nil || len(n.Args) > 0 || n.Name.Name == "" {
		return false
	}
	name := n.Name.Name
	if name[0] < 'a' || name[0] > 'z' || basicTypeNames[name] != nil || name == "set" {
		return false
	}
	obj := scope.Lookup(name)
	return obj == nil || obj.Kind != types.ObjType
}
