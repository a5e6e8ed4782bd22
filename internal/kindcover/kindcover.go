// Package kindcover reads Go source to find which syntax-tree kinds a function's type switches
// name. Its tests hold every switch on the kind of an AdeshLang node (the walker, the printer,
// the checker, the control-flow builder, lower) to the kind lists of frontend/ast, so that a new
// statement or expression kind fails a test until every one of them says what to do with it.
package kindcover

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Switch is one type switch of the Go source: where it is, the function it is in, and the
// names of the AdeshLang node kinds its cases name (`LetStmt` for `*ast.LetStmt`).
type Switch struct {
	Pos   token.Position
	Func  string // `name` or `Recv.name`
	Kinds map[string]bool
}

// FileSwitches returns the type switches of one Go file that name node kinds. astName is the
// name the file gives the AdeshLang ast package ("" inside that package itself).
func FileSwitches(path string) ([]Switch, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, err
	}
	astName := "ast"
	inAst := f.Name.Name == "ast"
	for _, imp := range f.Imports {
		if strings.Trim(imp.Path.Value, `"`) == "adesh2go/frontend/ast" && imp.Name != nil {
			astName = imp.Name.Name
		}
	}
	var out []Switch
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			name = recvName(fd.Recv.List[0].Type) + "." + name
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSwitchStmt)
			if !ok {
				return true
			}
			sw := Switch{Pos: fset.Position(ts.Pos()), Func: name, Kinds: map[string]bool{}}
			for _, c := range ts.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if k := kindName(e, astName, inAst); k != "" {
						sw.Kinds[k] = true
					}
				}
			}
			if len(sw.Kinds) > 0 {
				out = append(out, sw)
			}
			return true
		})
	}
	return out, nil
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// kindName returns the node kind a case names: `*ast.LetStmt` (or `*LetStmt` inside package ast).
func kindName(e ast.Expr, astName string, inAst bool) string {
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return ""
	}
	switch x := star.X.(type) {
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Name == astName && !inAst {
			return x.Sel.Name
		}
	case *ast.Ident:
		if inAst {
			return x.Name
		}
	}
	return ""
}

// FuncKinds returns the kinds the type switches of the named functions of a file name,
// together: a consumer may spread its switch over helpers.
func FuncKinds(path string, funcs ...string) (map[string]bool, error) {
	sws, err := FileSwitches(path)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, f := range funcs {
		want[f] = true
	}
	kinds := map[string]bool{}
	found := map[string]bool{}
	for _, sw := range sws {
		if !want[sw.Func] {
			continue
		}
		found[sw.Func] = true
		for k := range sw.Kinds {
			kinds[k] = true
		}
	}
	for _, f := range funcs {
		if !found[f] {
			return nil, fmt.Errorf("%s: no type switch on node kinds in %s", path, f)
		}
	}
	return kinds, nil
}

// Missing lists the kinds of want that kinds lacks, sorted.
func Missing(kinds map[string]bool, want []string) []string {
	var out []string
	for _, k := range want {
		if !kinds[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// GoFiles lists the non-test Go files under the folders, recursively.
func GoFiles(dirs ...string) ([]string, error) {
	var out []string
	for _, d := range dirs {
		err := filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
