package lower

import (
	"strconv"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

var builderPtr = &ir.TPtr{Elem: &ir.TName{Pkg: "strings", Name: "Builder"}}

// typeDecls declares the Go types of the program's structs and enums, with the methods that
// print them, name them and give dynamic code their fields.
func (l *lowerer) typeDecls() {
	for _, def := range l.info.TypeDefs {
		if def.Enum {
			l.enumDecl(def)
		} else {
			l.structDecl(def)
		}
	}
}

func (l *lowerer) typeParamsOf(def *types.TypeDef) ([]*ir.TypeParam, []ir.Type) {
	var tps []*ir.TypeParam
	var args []ir.Type
	for _, tp := range def.TypeParams {
		name := l.typeParamName(tp)
		tps = append(tps, &ir.TypeParam{Name: name, Constraint: l.constraint(tp)})
		args = append(args, goType(name))
	}
	return tps, args
}

func docOf(d any) string {
	switch d := d.(type) {
	case *ast.StructDecl:
		return d.Doc
	case *ast.EnumDecl:
		return d.Doc
	}
	return ""
}

func (l *lowerer) structDecl(def *types.TypeDef) {
	name := l.typeName(def)
	tps, args := l.typeParamsOf(def)
	self := &ir.TName{Name: name, Args: args}
	st := &ir.TStruct{}
	var names, values []ir.Expr
	fieldCases := &ir.Switch{Tag: &ir.Ident{Name: "name"}}
	for _, f := range def.Fields {
		fn := fieldName(f.Name)
		st.Fields = append(st.Fields, &ir.FieldDecl{Name: fn, Type: l.goTypeOf(f.Type)})
		names = append(names, &ir.Lit{Text: strconv.Quote(f.Name)})
		values = append(values, &ir.Sel{X: &ir.Ident{Name: "v"}, Name: fn})
		fieldCases.Cases = append(fieldCases.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: strconv.Quote(f.Name)}}, Body: []ir.Stmt{
			&ir.Return{Results: []ir.Expr{&ir.Sel{X: &ir.Ident{Name: "v"}, Name: fn}, &ir.Lit{Text: "true"}}}}})
	}
	l.prog.Decls = append(l.prog.Decls, &ir.TypeDecl{Doc: docOf(def.Decl), Name: name, TypeParams: tps, Type: st})
	recv := &ir.Param{Name: "v", Type: self}
	format := &ir.Call{Fun: &ir.Ident{Pkg: "rt", Name: "FormatStruct"}, Args: append([]ir.Expr{&ir.Ident{Name: "b"}, &ir.Lit{Text: strconv.Quote(def.Name)}, &ir.Ident{Name: "nested"},
		&ir.Composite{Type: &ir.TSlice{Elem: tString}, Elems: names}}, values...)}
	l.prog.Decls = append(l.prog.Decls, &ir.Func{Name: "AdeshFormat", Recv: recv,
		Params: []*ir.Param{{Name: "b", Type: builderPtr}, {Name: "nested", Type: tBool}},
		Body:   &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: format}}}})
	var fieldBody []ir.Stmt
	if len(fieldCases.Cases) > 0 {
		fieldBody = append(fieldBody, fieldCases)
	}
	fieldBody = append(fieldBody, &ir.Return{Results: []ir.Expr{&ir.Ident{Name: "nil"}, &ir.Lit{Text: "false"}}})
	l.prog.Decls = append(l.prog.Decls, &ir.Func{Name: "AdeshField", Recv: recv, Params: []*ir.Param{{Name: "name", Type: tString}},
		Results: []ir.Type{tAnyGo, tBool}, Body: &ir.Block{Stmts: fieldBody}})
	if name != def.Name || len(args) > 0 {
		// Otherwise Go's own name for the type is the AdeshLang one.
		l.prog.Decls = append(l.prog.Decls, l.typeNameMethod(def, self))
	}
	l.prog.Decls = append(l.prog.Decls, l.cloneMethods(def, self)...)
	if sd, ok := def.Decl.(*ast.StructDecl); ok && sd.Class && l.callsMethodsByName() {
		l.prog.Decls = append(l.prog.Decls, l.methodDispatch(def, self))
	}
}

func (l *lowerer) enumDecl(def *types.TypeDef) {
	name := l.typeName(def)
	tps, args := l.typeParamsOf(def)
	enumType := &ir.TName{Name: l.enumTypes[def], Args: args}
	iface := &ir.TInterface{Methods: []*ir.IfaceMethod{
		{Name: "AdeshTag", Results: []ir.Type{tInt}},
		{Name: "AdeshFormat", Params: []ir.Type{builderPtr, tBool}},
		{Name: enumTypeMethod, Results: []ir.Type{enumType}},
	}}
	l.prog.Decls = append(l.prog.Decls, &ir.TypeDecl{Doc: docOf(def.Decl), Name: name, TypeParams: tps, Type: iface},
		&ir.TypeDecl{Doc: enumType.Name + " gives the enum's AdeshLang name where only its Go type is known (rt.TypeNamer).",
			Name: enumType.Name, TypeParams: cloneTPs(tps), Type: &ir.TStruct{}},
		l.typeNameMethod(def, enumType))
	for _, v := range def.Variants {
		vname := l.variants[v]
		st := &ir.TStruct{}
		payload := []ir.Expr{&ir.Ident{Name: "b"}, &ir.Lit{Text: strconv.Quote(v.Name)}}
		for i, p := range v.Payload {
			st.Fields = append(st.Fields, &ir.FieldDecl{Name: "F" + ir.Itoa(i), Type: l.goTypeOf(p)})
			payload = append(payload, &ir.Sel{X: &ir.Ident{Name: "v"}, Name: "F" + ir.Itoa(i)})
		}
		l.prog.Decls = append(l.prog.Decls, &ir.TypeDecl{Name: vname, TypeParams: cloneTPs(tps), Type: st})
		self := &ir.TName{Name: vname, Args: args}
		l.prog.Decls = append(l.prog.Decls,
			&ir.Func{Name: "AdeshTag", Recv: &ir.Param{Name: "_", Type: self}, Results: []ir.Type{tInt},
				Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{&ir.Lit{Text: ir.Itoa(v.Index)}}}}}},
			&ir.Func{Name: "AdeshFormat", Recv: &ir.Param{Name: "v", Type: self},
				Params: []*ir.Param{{Name: "b", Type: builderPtr}, {Name: "_", Type: tBool}},
				Body:   &ir.Block{Stmts: []ir.Stmt{&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Pkg: "rt", Name: "FormatVariant"}, Args: payload}}}}},
			&ir.Func{Name: enumTypeMethod, Recv: &ir.Param{Name: "_", Type: self}, Results: []ir.Type{enumType},
				Body: &ir.Block{Stmts: []ir.Stmt{&ir.Return{Results: []ir.Expr{&ir.Composite{Type: enumType}}}}}})
	}
}

func cloneTPs(tps []*ir.TypeParam) []*ir.TypeParam { return append([]*ir.TypeParam(nil), tps...) }
