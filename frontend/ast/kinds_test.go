package ast

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestKindListsMatchTheDeclarations holds the kind lists of kinds.go to the package's source: a
// type with a stmtNode method is in StmtKinds, and so on; every struct that embeds Span is in
// one list. A new node type that is missing from them fails here, and then every switch that
// internal/kindcover holds to the lists fails until it handles the new kind.
func TestKindListsMatchTheDeclarations(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	marker := map[string]map[string]bool{} // marker method → receiver types
	nodes := map[string]bool{}             // structs that embed Span
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) != 1 || !strings.HasSuffix(d.Name.Name, "Node") {
					continue
				}
				star, ok := d.Recv.List[0].Type.(*ast.StarExpr)
				if !ok {
					continue
				}
				if marker[d.Name.Name] == nil {
					marker[d.Name.Name] = map[string]bool{}
				}
				marker[d.Name.Name][star.X.(*ast.Ident).Name] = true
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fl := range st.Fields.List {
						if id, ok := fl.Type.(*ast.Ident); ok && len(fl.Names) == 0 && id.Name == "Span" {
							nodes[ts.Name.Name] = true
						}
					}
				}
			}
		}
	}
	families := []struct {
		method string
		kinds  any
	}{
		{"declNode", DeclKinds}, {"typeNode", TypeKinds}, {"stmtNode", StmtKinds},
		{"exprNode", ExprKinds}, {"patternNode", PatternKinds},
	}
	listed := map[string]string{}
	note := func(list string, kinds any) []string {
		var names []string
		v := reflect.ValueOf(kinds)
		for i := 0; i < v.Len(); i++ {
			n := reflect.TypeOf(v.Index(i).Interface()).Elem().Name()
			if prev, dup := listed[n]; dup {
				t.Errorf("%s is listed twice, in %s and %s", n, prev, list)
			}
			listed[n] = list
			names = append(names, n)
		}
		sort.Strings(names)
		return names
	}
	for _, fam := range families {
		got := note(fam.method, fam.kinds)
		var want []string
		for n := range marker[fam.method] {
			want = append(want, n)
		}
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("the kinds with a %s method are\n\t%v\nbut kinds.go lists\n\t%v", fam.method, want, got)
		}
	}
	note("OtherKinds", OtherKinds)
	for n := range nodes {
		if listed[n] == "" {
			t.Errorf("%s embeds Span but is in no kind list of kinds.go", n)
		}
	}
}

// notChildren are the fields of node type that point at a node that is not a child: the walker
// must not follow them.
var notChildren = map[string]bool{
	"FuncDecl.Recv": true, // the extend block a method belongs to, its parent
}

// TestInspectVisitsEveryChild fills every field of every node kind that may hold a node with a
// node of its own, and checks that Inspect visits each one: a field added to a node and not to
// forEachChild fails here.
func TestInspectVisitsEveryChild(t *testing.T) {
	for _, kind := range AllKinds() {
		typ := reflect.TypeOf(kind).Elem()
		n := reflect.New(typ)
		want := map[Node]string{}
		fillChildren(t, n.Elem(), typ.Name(), want)
		seen := map[Node]bool{}
		Inspect(n.Interface().(Node), func(c Node) bool {
			if c != nil {
				seen[c] = true
			}
			return c == n.Interface()
		})
		for child, field := range want {
			if !seen[child] {
				t.Errorf("Inspect does not visit %s", field)
			}
		}
	}
}

var (
	nodeType    = reflect.TypeOf((*Node)(nil)).Elem()
	spanType    = reflect.TypeOf(Span{})
	typedType   = reflect.TypeOf(Typed{})
	childMakers = map[reflect.Type]func() Node{
		reflect.TypeOf((*Node)(nil)).Elem():    func() Node { return &EmptyStmt{} },
		reflect.TypeOf((*Expr)(nil)).Elem():    func() Node { return &NullLit{} },
		reflect.TypeOf((*Stmt)(nil)).Elem():    func() Node { return &EmptyStmt{} },
		reflect.TypeOf((*Pattern)(nil)).Elem(): func() Node { return &WildcardPat{} },
		reflect.TypeOf((*Type)(nil)).Elem():    func() Node { return &NamedType{} },
		reflect.TypeOf((*Decl)(nil)).Elem():    func() Node { return &ImportDecl{} },
	}
)

// fillChildren sets every node-holding field of the struct v to a fresh node (a slice to one
// element), recording each in want with the field's name.
func fillChildren(t *testing.T, v reflect.Value, path string, want map[Node]string) {
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Type == spanType || f.Type == typedType || !f.IsExported() {
			continue
		}
		name := path + "." + f.Name
		if notChildren[name] {
			continue
		}
		fv := v.Field(i)
		if fv.Kind() == reflect.Slice {
			fv.Set(reflect.MakeSlice(f.Type, 1, 1))
			fillValue(t, fv.Index(0), name+"[0]", want)
			continue
		}
		fillValue(t, fv, name, want)
	}
}

func fillValue(t *testing.T, v reflect.Value, name string, want map[Node]string) {
	switch {
	case v.Kind() == reflect.Interface && childMakers[v.Type()] != nil:
		c := childMakers[v.Type()]()
		v.Set(reflect.ValueOf(c))
		want[c] = name
	case v.Kind() == reflect.Pointer && v.Type().Implements(nodeType) && v.Type().Elem().PkgPath() == spanType.PkgPath():
		c := reflect.New(v.Type().Elem())
		v.Set(c)
		want[c.Interface().(Node)] = name
	case v.Kind() == reflect.Struct && v.Type().PkgPath() == spanType.PkgPath():
		fillChildren(t, v, name, want) // a part that is no node of its own (TemplatePart)
	}
}
