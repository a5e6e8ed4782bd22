package lsp

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/syntax"
	"adesh2go/frontend/types"
)

// Hover, definition, references and rename: all start from the name under the cursor and
// what it denotes (nameRef.key).

func (s *Server) hover(ctx *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	_, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	ref := snap.nameAt(snap.offsetOf(p.Position))
	if ref == nil {
		return nil, nil
	}
	text := snap.describe(ref)
	if text == "" {
		return nil, nil
	}
	r := snap.rangeOf(snap.file.Offset(ref.id.Start), snap.file.Offset(ref.id.End))
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &r}, nil
}

// describe is the hover text of a name: what it is and its inferred type, and why a value fell
// back to the dynamic type `any`.
func (s *snapshot) describe(ref *nameRef) string {
	var sig string
	switch k := ref.key.(type) {
	case *types.Object:
		sig = describeObject(k, ref)
	case *types.FieldDef:
		sig = fmt.Sprintf("(field) %s: %s", k.Name, describeType(k.Type))
	case *types.VariantDef:
		sig = fmt.Sprintf("(variant) %s", k.Name)
		if k.Enum != nil {
			sig = fmt.Sprintf("(variant) %s::%s", k.Enum.Name, k.Name)
		}
		if len(k.Payload) > 0 {
			parts := make([]string, len(k.Payload))
			for i, t := range k.Payload {
				parts[i] = describeType(t)
			}
			sig += "(" + strings.Join(parts, ", ") + ")"
		}
	case goRef:
		return "```go\n" + goDeclaration(k.obj) + "\n```"
	case builtinRef:
		row := builtin.Of(k.id)
		sig = fmt.Sprintf("(builtin method of %s) %s", row.Of, row.Name)
		if ref.call != nil && ref.call.TypeOf() != nil {
			sig += "(…): " + describeType(ref.call.TypeOf())
		}
	default:
		var t types.Type
		if ref.sel != nil {
			t = ref.sel.TypeOf()
		} else {
			t = ref.id.TypeOf()
		}
		if t == nil {
			return ""
		}
		sig = fmt.Sprintf("%s: %s", ref.id.Name, describeType(t))
	}
	text := "```adesh\n" + sig + "\n```"
	if obj, ok := ref.key.(*types.Object); ok && obj.Kind == types.ObjImport && obj.Members != nil {
		text += "\n\nexports " + strings.Join(exportedNames(obj), ", ")
	}
	if why := s.fallbackAt(ref); why != "" {
		text += "\n\n" + why
	}
	return text
}

func describeObject(o *types.Object, ref *nameRef) string {
	t := o.Type
	if ref != nil && ref.id.TypeOf() != nil && o.Kind != types.ObjFunc && o.Kind != types.ObjType {
		t = ref.id.TypeOf() // narrowed at this use
	}
	switch o.Kind {
	case types.ObjVar:
		kw := "let"
		if o.Mutated {
			kw = "let mut"
		}
		return fmt.Sprintf("%s %s: %s", kw, o.Name, describeType(t))
	case types.ObjParam:
		return fmt.Sprintf("(parameter) %s: %s", o.Name, describeType(t))
	case types.ObjConst:
		return fmt.Sprintf("const %s: %s", o.Name, describeType(t))
	case types.ObjFunc:
		if o.Sig != nil {
			return describeSig(o.Name, o.Sig)
		}
		return fmt.Sprintf("fn %s: %s", o.Name, describeType(t))
	case types.ObjType:
		if o.Def != nil && o.Def.Enum {
			return "enum " + o.Name
		}
		return "struct " + o.Name
	case types.ObjVariant:
		return "(variant) " + o.Name
	case types.ObjBuiltin:
		return fmt.Sprintf("(builtin) %s: %s", o.Name, describeType(t))
	case types.ObjImport:
		if imp, ok := o.Decl.(*ast.ImportDecl); ok && imp.Path != nil {
			return fmt.Sprintf("(import) %s: %q", o.Name, imp.Path.Value)
		}
		return "(import) " + o.Name
	case types.ObjGoPackage:
		return describeGoPackage(o.Name, o.GoPkg)
	}
	return o.Name
}

func describeSig(name string, sig *types.Signature) string {
	label, _ := signatureLabel(name, sig)
	return label
}

// signatureLabel is `async fn T.name<U>(a: A, b: B): R` and the spans (byte offsets) of its
// parameters in it.
func signatureLabel(name string, sig *types.Signature) (string, [][2]int) {
	var b strings.Builder
	if sig.Async {
		b.WriteString("async ")
	}
	b.WriteString("fn ")
	if sig.Recv != nil {
		b.WriteString(sig.Recv.Name + ".")
	}
	b.WriteString(name)
	if len(sig.TypeParams) > 0 {
		names := make([]string, len(sig.TypeParams))
		for i, tp := range sig.TypeParams {
			names[i] = tp.String()
		}
		b.WriteString("<" + strings.Join(names, ", ") + ">")
	}
	var spans [][2]int
	b.WriteString("(")
	for i, t := range sig.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		start := b.Len()
		if i < len(sig.ParamNames) {
			b.WriteString(sig.ParamNames[i] + ": ")
		}
		b.WriteString(describeType(t))
		spans = append(spans, [2]int{start, b.Len()})
	}
	b.WriteString(")")
	if sig.Ret != nil {
		b.WriteString(": " + describeType(sig.Ret))
	}
	return b.String(), spans
}

// fallbackAt says why the value named by ref is dynamic, if the checker recorded a fallback
// there (or at its declaration).
func (s *snapshot) fallbackAt(ref *nameRef) string {
	if s.info == nil {
		return ""
	}
	spans := [][2]int{{int(ref.id.Start), int(ref.id.End)}}
	if d := s.decls[ref.key]; d != nil && d != ref {
		if obj, ok := ref.key.(*types.Object); ok {
			if n, ok := obj.Decl.(ast.Node); ok && n != nil {
				spans = append(spans, [2]int{int(n.Pos()), int(n.EndPos())})
			}
		}
	}
	for _, span := range spans {
		for _, f := range s.info.Fallbacks {
			if int(f.Pos) >= span[0] && int(f.Pos) <= span[1] && (f.Name == ref.id.Name || span[0] == int(ref.id.Start)) {
				return fmt.Sprintf("`%s` is dynamic (`any`): %s", f.Name, f.Reason)
			}
		}
	}
	return ""
}

func (s *snapshot) location(ref *nameRef) protocol.Location {
	r, file, ok := s.protocolRange(ref.id.Start, ref.id.End)
	if !ok {
		return protocol.Location{}
	}
	return protocol.Location{URI: uriOf(file.Name), Range: r}
}

func (s *Server) definition(ctx *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	ref := snap.nameAt(snap.offsetOf(p.Position))
	if ref == nil || ref.key == nil {
		return nil, nil
	}
	if g, ok := ref.key.(goRef); ok {
		return snap.goDefinition(g), nil
	}
	if file := snap.importedFile(ref.key); file != "" {
		return []protocol.Location{{URI: uriOf(file)}}, nil // an import's name: the file it names
	}
	decl := snap.decls[ref.key]
	if decl == nil {
		return nil, nil // a builtin: declared nowhere in the program
	}
	loc := snap.location(decl)
	if decl.file == snap.file {
		loc.URI = d.uri
	}
	return []protocol.Location{loc}, nil
}

// importedFile is the path of the file an import's name (key) stands for, or "".
func (s *snapshot) importedFile(key any) string {
	obj, ok := key.(*types.Object)
	if !ok || obj.Kind != types.ObjImport {
		return ""
	}
	imp, ok := obj.Decl.(*ast.ImportDecl)
	if !ok || imp.Path == nil {
		return ""
	}
	f := s.prog.Fset.File(imp.Pos())
	if f == nil {
		return ""
	}
	return path.Clean(path.Join(path.Dir(f.Name), imp.Path.Value))
}

// references finds the names that denote what the name under the cursor denotes, in the
// document and in every file of the workspace that may name it (occurrencesAcross).
func (s *Server) references(ctx *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	ref := snap.nameAt(snap.offsetOf(p.Position))
	locs := []protocol.Location{}
	for _, o := range s.occurrencesAcross(d, snap, ref) {
		if o.isDecl() && !p.Context.IncludeDeclaration {
			continue
		}
		locs = append(locs, o.location())
	}
	return locs, nil
}

func (s *Server) prepareRename(ctx *glsp.Context, p *protocol.PrepareRenameParams) (any, error) {
	_, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	ref := snap.nameAt(snap.offsetOf(p.Position))
	if err := snap.renameable(ref); err != nil {
		return nil, err
	}
	r := snap.rangeOf(snap.file.Offset(ref.id.Start), snap.file.Offset(ref.id.End))
	return r, nil
}

// renameable says why the name cannot be renamed, if it cannot.
func (s *snapshot) renameable(ref *nameRef) error {
	if ref == nil || ref.key == nil {
		return fmt.Errorf("there is no name here that the program declares")
	}
	if s.decls[ref.key] == nil {
		if obj, ok := ref.key.(*types.Object); ok && obj.Kind == types.ObjImport {
			return fmt.Errorf("the import names no `%s`: give it a name (`as %s`) to rename it", ref.id.Name, ref.id.Name)
		}
		return fmt.Errorf("`%s` is predeclared: it cannot be renamed", ref.id.Name)
	}
	return nil
}

// rename changes the name in every file that names what it denotes: the declaring file and
// the files that import it, open or not.
func (s *Server) rename(ctx *glsp.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	ref := snap.nameAt(snap.offsetOf(p.Position))
	if err := snap.renameable(ref); err != nil {
		return nil, err
	}
	if !syntax.IsName(p.NewName) {
		return nil, fmt.Errorf("`%s` is not a name: a name is a letter or `_`, then letters, digits and `_`, and not a keyword", p.NewName)
	}
	changes := map[string][]protocol.TextEdit{}
	for _, o := range s.occurrencesAcross(d, snap, ref) {
		start, end := o.snap.file.Offset(o.ref.id.Start), o.snap.file.Offset(o.ref.id.End)
		if o.snap.text[start:end] != o.ref.id.Name {
			continue // `this`, the receiver, is not renamed
		}
		changes[o.uri] = append(changes[o.uri], protocol.TextEdit{Range: o.snap.rangeOf(start, end), NewText: p.NewName})
	}
	return &protocol.WorkspaceEdit{Changes: changes}, nil
}

// exportedNames are the names an import gives, sorted.
func exportedNames(imp *types.Object) []string {
	var names []string
	for name, obj := range imp.Members.Names() {
		if check.IsExported(obj) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}
