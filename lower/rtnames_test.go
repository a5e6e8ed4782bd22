package lower

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adesh2go/frontend/builtin"
)

var update = flag.Bool("update", false, "rewrite the list of rt's generated-code names in rt/doc.go")

const rtDir = "../rt"

// rtExports are the exported names of package rt: its types, its other top-level names (funcs,
// vars, consts), and the methods of its types.
type rtExports struct {
	types, values, methods map[string]bool
}

func readRT(t *testing.T) rtExports {
	t.Helper()
	ex := rtExports{types: map[string]bool{}, values: map[string]bool{}, methods: map[string]bool{}}
	for _, f := range parseDir(t, rtDir) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv != nil {
					ex.methods[d.Name.Name] = true
				} else {
					ex.values[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						ex.types[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							ex.values[n.Name] = true
						}
					}
				}
			}
		}
	}
	return ex
}

// parseDir parses the Go files of dir that are not tests, and those of its subdirectories.
func parseDir(t *testing.T, dir string) []*ast.File {
	t.Helper()
	var files []*ast.File
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
		positions[f] = fset
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var positions = map[*ast.File]*token.FileSet{}

// rtUse is a name of rt that lower writes into generated code.
type rtUse struct {
	name   string
	isType bool
	at     string // where lower names it
}

// lowerRTNames collects the names of rt that lower passes: the first argument of rtCall, rtCallT
// and rtType, the Name of an Ident or TName of Pkg "rt", and the names compared with a TName's
// or Ident's Name where its Pkg is "rt". A name computed from a table of the builtin library
// (Lowering's Name, TimeoutName, Future) is checked through the table instead. A name this cannot
// follow to its string literals is an error: pass a literal, a variable set to literals, or a map
// of literals.
func lowerRTNames(t *testing.T) []rtUse {
	t.Helper()
	var uses []rtUse
	files := parseDir(t, ".")
	maps := map[string]*ast.CompositeLit{}
	for _, f := range files {
		packageMaps(f, maps)
	}
	for _, f := range files {
		fset := positions[f]
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv == nil && (fd.Name.Name == "rtCall" || fd.Name.Name == "rtCallT" || fd.Name.Name == "rtType") {
				continue
			}
			r := &resolver{fn: fd, maps: maps}
			add := func(e ast.Expr, isType bool) {
				names, ok := r.names(e, 0)
				at := fset.Position(e.Pos()).String()
				if !ok {
					t.Errorf("%s: lower passes an rt name this test cannot follow to its literals", at)
				}
				for _, n := range names {
					uses = append(uses, rtUse{name: n, isType: isType, at: at})
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && len(n.Args) > 0 {
						switch id.Name {
						case "rtCall", "rtCallT":
							add(n.Args[0], false)
						case "rtType":
							add(n.Args[0], true)
						}
					}
				case *ast.CompositeLit:
					if name := irTypeName(n.Type); name == "Ident" || name == "TName" {
						if fields := keyed(n); isRTString(fields["Pkg"]) && fields["Name"] != nil {
							add(fields["Name"], name == "TName")
						}
					}
				case *ast.BinaryExpr:
					if n.Op == token.LAND && mentionsRTPkg(n) {
						for _, lit := range comparedNames(n) {
							add(lit, false)
						}
						return false
					}
				}
				return true
			})
		}
	}
	return uses
}

// irTypeName is the name of the IR type a composite literal builds (`ir.Ident{…}`), or "".
func irTypeName(t ast.Expr) string {
	if sel, ok := t.(*ast.SelectorExpr); ok {
		if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "ir" {
			return sel.Sel.Name
		}
	}
	return ""
}

func keyed(c *ast.CompositeLit) map[string]ast.Expr {
	m := map[string]ast.Expr{}
	for _, el := range c.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				m[k.Name] = kv.Value
			}
		}
	}
	return m
}

func isRTString(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Value == `"rt"`
}

// mentionsRTPkg reports whether e, a chain of &&, tests `x.Pkg == "rt"`.
func mentionsRTPkg(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.EQL {
			if sel, ok := b.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Pkg" && isRTString(b.Y) {
				found = true
			}
		}
		return !found
	})
	return found
}

// comparedNames are the literals compared with a `.Name` in e.
func comparedNames(e ast.Expr) []ast.Expr {
	var lits []ast.Expr
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			if sel, ok := b.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" {
				if lit, ok := b.Y.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					lits = append(lits, lit)
				}
			}
		}
		return true
	})
	return lits
}

// packageMaps adds to m the map and slice literals of the file's package-level variables.
func packageMaps(f *ast.File, m map[string]*ast.CompositeLit) {
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if c, ok := vs.Values[i].(*ast.CompositeLit); ok {
							m[n.Name] = c
						}
					}
				}
			}
		}
	}
}

// resolver follows a string expression of a function to the literals it may hold.
type resolver struct {
	fn   *ast.FuncDecl
	maps map[string]*ast.CompositeLit
}

// tableFields are the fields of builtin.Lowering that name rt: checked through the table.
var tableFields = map[string]bool{"Name": true, "TimeoutName": true, "Future": true}

func (r *resolver) names(e ast.Expr, depth int) ([]string, bool) {
	if depth > 8 {
		return nil, false
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		s, err := strconv.Unquote(e.Value)
		return []string{s}, err == nil
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok && id.Name == "lo" && tableFields[e.Sel.Name] {
			return nil, true
		}
	case *ast.IndexExpr:
		c, ok := e.X.(*ast.CompositeLit)
		if id, isIdent := e.X.(*ast.Ident); isIdent {
			c, ok = r.maps[id.Name]
		}
		if ok {
			return r.values(c, depth)
		}
	case *ast.Ident:
		var out []string
		found := false
		all := true
		ast.Inspect(r.fn.Body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for i, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == e.Name {
						found = true
						ns, ok := r.names(as.Rhs[i], depth+1)
						out = append(out, ns...)
						all = all && ok
					}
				}
			}
			return true
		})
		return out, found && all
	}
	return nil, false
}

func (r *resolver) values(c *ast.CompositeLit, depth int) ([]string, bool) {
	var out []string
	for _, el := range c.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		ns, ok := r.names(el, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, ns...)
	}
	return out, true
}

// tableRTNames are the names of rt the rows of the builtin table lower to.
func tableRTNames() []rtUse {
	var uses []rtUse
	for _, r := range builtin.All() {
		lo := r.Lower
		at := "frontend/builtin: " + r.Of.String() + "." + r.Name
		onValue := r.Of != builtin.Global && !r.Static // a method of the rt type of the receiver
		switch lo.How {
		case builtin.RTFunc, builtin.RTFuncPlace:
			uses = append(uses, rtUse{name: lo.Name, at: at})
		case builtin.GoMethod:
			uses = append(uses, rtUse{name: "." + lo.Name, at: at})
		case builtin.IOFuture:
			for _, n := range []string{lo.Name, lo.TimeoutName} {
				if n != "" && onValue {
					uses = append(uses, rtUse{name: "." + n, at: at})
				} else if n != "" {
					uses = append(uses, rtUse{name: n, at: at})
				}
			}
			if lo.Future != "" {
				uses = append(uses, rtUse{name: lo.Future, isType: true, at: at})
			}
		}
	}
	return uses
}

// Every name of rt that lower writes into generated code is exported by rt: a type where it
// names a type, a function, variable or constant where it names a value, a method of an rt type
// where a row of the builtin table calls one. rt/doc.go lists them as the generated code's
// contract (-update rewrites the list).
func TestRTNamesExist(t *testing.T) {
	rt := readRT(t)
	uses := append(lowerRTNames(t), tableRTNames()...)
	if len(uses) < 200 {
		t.Fatalf("found only %d uses of rt names in lower; has its layout changed?", len(uses))
	}
	contract := map[string]bool{}
	for _, u := range uses {
		switch {
		case strings.HasPrefix(u.name, "."):
			if !rt.methods[u.name[1:]] {
				t.Errorf("%s: no rt type has the method %s", u.at, u.name[1:])
			}
		case u.isType && !rt.types[u.name]:
			t.Errorf("%s: rt exports no type %s", u.at, u.name)
		case !u.isType && !rt.values[u.name] && !rt.types[u.name]:
			t.Errorf("%s: rt exports no function, variable or constant %s", u.at, u.name)
		}
		contract[u.name] = true
	}
	names := make([]string, 0, len(contract))
	for n := range contract {
		names = append(names, n)
	}
	slices.Sort(names)
	checkContract(t, names)
}

const contractHeading = "// # The names generated code uses\n"

// checkContract holds the list at the end of rt/doc.go's package comment to names.
func checkContract(t *testing.T, names []string) {
	path := filepath.Join(rtDir, "doc.go")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	start := strings.Index(doc, contractHeading)
	end := strings.Index(doc, "\npackage rt")
	if start < 0 || end < start {
		t.Fatalf("rt/doc.go has no section %q before its package clause", strings.TrimSpace(contractHeading))
	}
	want := contractHeading + "//\n" +
		"// The exported names of rt that generated code uses (a test of package lower keeps this list\n" +
		"// to what lower writes: go test ./lower -run TestRTNamesExist -update): changing one of them\n" +
		"// changes what the compiler must write (.Name is a method of an rt type that a builtin\n" +
		"// method calls). The other exported names serve rt's own tests, the benchmarks, and Go code\n" +
		"// that embeds the runtime.\n//\n" + wrapNames(names)
	if doc[start:end+1] == want {
		return
	}
	if !*update {
		t.Fatalf("rt/doc.go's list of the names generated code uses is not current: run go test ./lower -run TestRTNamesExist -update")
	}
	if err := os.WriteFile(path, []byte(doc[:start]+want+doc[end+1:]), 0o644); err != nil {
		t.Fatal(err)
	}
}

// wrapNames lays names out as indented comment lines of at most 100 columns.
func wrapNames(names []string) string {
	var b strings.Builder
	line := "//\t"
	for _, n := range names {
		if len(line)+len(n)+1 > 100-3 && line != "//\t" {
			b.WriteString(line + "\n")
			line = "//\t"
		}
		if line != "//\t" {
			line += " "
		}
		line += n
	}
	b.WriteString(line + "\n")
	return b.String()
}
