package lower

import (
	"strconv"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

var builderPtr = &TPtr{Elem: &TName{Pkg: "strings", Name: "Builder"}}

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

func (l *lowerer) typeParamsOf(def *types.TypeDef) ([]*TypeParam, []Type) {
	var tps []*TypeParam
	var args []Type
	for _, tp := range def.TypeParams {
		name := l.typeParamName(tp)
		tps = append(tps, &TypeParam{Name: name, Constraint: l.constraint(tp)})
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
	self := &TName{Name: name, Args: args}
	st := &TStruct{}
	var names, values []Expr
	fieldCases := &Switch{Tag: &Ident{Name: "name"}}
	for _, f := range def.Fields {
		fn := fieldName(f.Name)
		st.Fields = append(st.Fields, &FieldDecl{Name: fn, Type: l.goTypeOf(f.Type)})
		names = append(names, &Lit{Text: strconv.Quote(f.Name)})
		values = append(values, &Sel{X: &Ident{Name: "v"}, Name: fn})
		fieldCases.Cases = append(fieldCases.Cases, &Case{Exprs: []Expr{&Lit{Text: strconv.Quote(f.Name)}}, Body: []Stmt{
			&Return{Results: []Expr{&Sel{X: &Ident{Name: "v"}, Name: fn}, &Lit{Text: "true"}}}}})
	}
	l.prog.Decls = append(l.prog.Decls, &TypeDecl{Doc: docOf(def.Decl), Name: name, TypeParams: tps, Type: st})
	recv := &Param{Name: "v", Type: self}
	format := &Call{Fun: &Ident{Pkg: "rt", Name: "FormatStruct"}, Args: append([]Expr{&Ident{Name: "b"}, &Lit{Text: strconv.Quote(def.Name)}, &Ident{Name: "nested"},
		&Composite{Type: &TSlice{Elem: tString}, Elems: names}}, values...)}
	l.prog.Decls = append(l.prog.Decls, &Func{Name: "AdeshFormat", Recv: recv,
		Params: []*Param{{Name: "b", Type: builderPtr}, {Name: "nested", Type: tBool}},
		Body:   &Block{Stmts: []Stmt{&ExprStmt{X: format}}}})
	var fieldBody []Stmt
	if len(fieldCases.Cases) > 0 {
		fieldBody = append(fieldBody, fieldCases)
	}
	fieldBody = append(fieldBody, &Return{Results: []Expr{&Ident{Name: "nil"}, &Lit{Text: "false"}}})
	l.prog.Decls = append(l.prog.Decls, &Func{Name: "AdeshField", Recv: recv, Params: []*Param{{Name: "name", Type: tString}},
		Results: []Type{tAnyGo, tBool}, Body: &Block{Stmts: fieldBody}})
	if name != def.Name || len(args) > 0 {
		// Otherwise Go's own name for the type is the AdeshLang one.
		l.prog.Decls = append(l.prog.Decls, l.typeNameMethod(def, self))
	}
	l.prog.Decls = append(l.prog.Decls, l.cloneMethods(def, self)...)
}

func (l *lowerer) enumDecl(def *types.TypeDef) {
	name := l.typeName(def)
	tps, args := l.typeParamsOf(def)
	enumType := &TName{Name: l.enumTypes[def], Args: args}
	iface := &TInterface{Methods: []*IfaceMethod{
		{Name: "AdeshTag", Results: []Type{tInt}},
		{Name: "AdeshFormat", Params: []Type{builderPtr, tBool}},
		{Name: enumTypeMethod, Results: []Type{enumType}},
	}}
	l.prog.Decls = append(l.prog.Decls, &TypeDecl{Doc: docOf(def.Decl), Name: name, TypeParams: tps, Type: iface},
		&TypeDecl{Doc: enumType.Name + " gives the enum's AdeshLang name where only its Go type is known (rt.TypeNamer).",
			Name: enumType.Name, TypeParams: cloneTPs(tps), Type: &TStruct{}},
		l.typeNameMethod(def, enumType))
	for _, v := range def.Variants {
		vname := l.variants[v]
		st := &TStruct{}
		payload := []Expr{&Ident{Name: "b"}, &Lit{Text: strconv.Quote(v.Name)}}
		for i, p := range v.Payload {
			st.Fields = append(st.Fields, &FieldDecl{Name: "F" + itoa(i), Type: l.goTypeOf(p)})
			payload = append(payload, &Sel{X: &Ident{Name: "v"}, Name: "F" + itoa(i)})
		}
		l.prog.Decls = append(l.prog.Decls, &TypeDecl{Name: vname, TypeParams: cloneTPs(tps), Type: st})
		self := &TName{Name: vname, Args: args}
		l.prog.Decls = append(l.prog.Decls,
			&Func{Name: "AdeshTag", Recv: &Param{Name: "_", Type: self}, Results: []Type{tInt},
				Body: &Block{Stmts: []Stmt{&Return{Results: []Expr{&Lit{Text: itoa(v.Index)}}}}}},
			&Func{Name: "AdeshFormat", Recv: &Param{Name: "v", Type: self},
				Params: []*Param{{Name: "b", Type: builderPtr}, {Name: "_", Type: tBool}},
				Body:   &Block{Stmts: []Stmt{&ExprStmt{X: &Call{Fun: &Ident{Pkg: "rt", Name: "FormatVariant"}, Args: payload}}}}},
			&Func{Name: enumTypeMethod, Recv: &Param{Name: "_", Type: self}, Results: []Type{enumType},
				Body: &Block{Stmts: []Stmt{&Return{Results: []Expr{&Composite{Type: enumType}}}}}})
	}
}

func cloneTPs(tps []*TypeParam) []*TypeParam { return append([]*TypeParam(nil), tps...) }
