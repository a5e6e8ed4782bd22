package lsp

import (
	gotypes "go/types"

	protocol "github.com/tliron/glsp/protocol_3_16"

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
