package check

import (
	gotypes "go/types"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// declareGoImport declares an imported Go package under its name: the package's declared name
// (as Go names it: `go:github.com/dustin/go-humanize` is `humanize`), or the `as` name.
func (c *checker) declareGoImport(f *ast.File, imp *ast.ImportDecl) {
	if imp.Go == nil {
		return // the loader reported why
	}
	obj := &types.Object{Name: imp.Go.Name, Kind: types.ObjGoPackage, Decl: imp, GoPkg: imp.Go}
	if imp.Alias != nil {
		obj.Name = imp.Alias.Name
		c.declareTop(f, c.fileScope[f], imp.Alias, obj)
		return
	}
	if prev := c.fileScope[f].LookupLocal(obj.Name); prev != nil {
		c.errorf(imp.Path, "`%s` is already declared in this file: name the Go package with `as`", obj.Name).
			WithHelp("import %q as %s2;", imp.Path.Value, obj.Name)
		return
	}
	c.fileScope[f].Insert(obj)
}

// goMember finds the exported member name of an imported Go package, reporting at n when there
// is none (with the name it may have meant).
func (c *checker) goMember(n ast.Node, pkgName string, pkg *gotypes.Package, name string) gotypes.Object {
	obj := pkg.Scope().Lookup(name)
	if obj != nil && obj.Exported() {
		return obj
	}
	if obj != nil {
		c.errorf(n, "`%s.%s` is not exported: only the Go package itself uses it", pkgName, name)
		return nil
	}
	d := c.errorf(n, "the Go package `%s` has no exported member `%s`", pkgName, name)
	if guess := closestName(name, pkg.Scope().Names(), isExportedName); guess != "" {
		d.WithHelp("did you mean `%s.%s`?", pkgName, guess)
	}
	return nil
}

// closestName is the name of names (those keep accepts) that name most likely meant: the same
// but for case (`toUpper` for ToUpper), or at most a third of its letters away; "" if none is.
func closestName(name string, names []string, keep func(string) bool) string {
	best, bestDist := "", len(name)/3+1
	for _, n := range names {
		if !keep(n) {
			continue
		}
		if strings.EqualFold(n, name) {
			return n
		}
		if d := editDistance(strings.ToLower(n), strings.ToLower(name)); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
