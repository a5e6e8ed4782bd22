package lsp

import (
	gotypes "go/types"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/gopkgs"
)

// Completion and hover of imported Go packages (`import "go:strings";`): after `strings.` the
// package's exported names, each with its Go declaration as the detail
// (`func Repeat(s string, count int) string`), read from the types the checker loaded.

// goPackageMembers lists the exported members of an imported Go package.
func goPackageMembers(pkg *gopkgs.Package) []protocol.CompletionItem {
	if pkg == nil || pkg.Types == nil {
		return nil
	}
	var items []protocol.CompletionItem
	scope := pkg.Types.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		items = append(items, item(name, goCompletionKind(obj), goDeclaration(obj)))
	}
	return items
}

// goDeclaration writes a Go package member as Go declares it, its package named by its name:
// `func Repeat(s string, count int) string`, `const Pi untyped float`.
func goDeclaration(obj gotypes.Object) string {
	return gotypes.ObjectString(obj, func(p *gotypes.Package) string {
		if p == obj.Pkg() {
			return ""
		}
		return p.Name()
	})
}

func goCompletionKind(obj gotypes.Object) protocol.CompletionItemKind {
	switch obj.(type) {
	case *gotypes.Func:
		return protocol.CompletionItemKindFunction
	case *gotypes.Const:
		return protocol.CompletionItemKindConstant
	case *gotypes.TypeName:
		return protocol.CompletionItemKindClass
	}
	return protocol.CompletionItemKindVariable
}

// describeGoPackage is the hover text of an imported Go package's name.
func describeGoPackage(name string, pkg *gopkgs.Package) string {
	return "(Go package) " + name + " \"" + pkg.Path + "\""
}

// goRef is the key of a name that denotes a member of a Go package or a Go value's method or
// field: hover shows its Go declaration.
type goRef struct{ obj gotypes.Object }

// goMemberRef is the Go object the member name of sel denotes, if it denotes one (stack: the
// nodes from the file down to sel's name).
func goMemberRef(info *check.Info, sel *ast.Selector, stack []ast.Node) any {
	if si := info.Sels[sel]; si != nil && si.GoObj != nil {
		return goRef{si.GoObj}
	}
	if len(stack) >= 3 {
		if call, ok := stack[len(stack)-3].(*ast.Call); ok && ast.Unparen(call.Fun) == sel {
			if ci := info.Calls[call]; ci != nil && ci.Kind == check.CallGo && ci.Go.Func != nil {
				return goRef{ci.Go.Func}
			}
		}
	}
	return nil
}

// goDefinition is where a Go name is declared in Go's source, when its package is one the
// program imports.
func (s *snapshot) goDefinition(g goRef) []protocol.Location {
	for _, f := range s.prog.Files {
		for _, it := range f.Items {
			imp, ok := it.(*ast.ImportDecl)
			if !ok || imp.Go == nil || imp.Go.Types != g.obj.Pkg() {
				continue
			}
			file, line := imp.Go.Source(g.obj)
			if file == "" {
				return nil
			}
			at := protocol.Position{Line: protocol.UInteger(line - 1)}
			return []protocol.Location{{URI: uriOf(file), Range: protocol.Range{Start: at, End: at}}}
		}
	}
	return nil
}
