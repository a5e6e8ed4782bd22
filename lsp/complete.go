package lsp

import (
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/builtin"
	"adesh2go/frontend/syntax"
	"adesh2go/frontend/types"
)

// Completion: after `x.` the fields and methods of x's type (the struct's own, then the
// builtin table's rows for its kind); after `T::` a type's static members or an enum's
// variants; elsewhere the names of the document, the predeclared functions and the keywords.
// The text after `x.` does not parse, so the type of x comes from the names of the current
// snapshot, or else of the last one that parsed.

func (s *Server) completion(ctx *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	off := snap.offsetOf(p.Position)
	text := snap.text
	start := off
	for start > 0 && isNameByte(text[start-1]) {
		start--
	}
	prefix := text[start:off]
	var items []protocol.CompletionItem
	switch {
	case start > 0 && text[start-1] == '.':
		items = d.members(lastName(text[:start-1]), start-1, false)
	case start > 1 && text[start-2:start] == "::":
		items = d.members(lastName(text[:start-2]), start-2, true)
	default:
		items = snap.scopeNames(off)
	}
	out := items[:0]
	seen := map[string]bool{}
	for _, it := range items {
		if strings.HasPrefix(it.Label, prefix) && !seen[it.Label] {
			seen[it.Label] = true
			out = append(out, it)
		}
	}
	return protocol.CompletionList{IsIncomplete: false, Items: out}, nil
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// lastName is the name that text ends with (after blanks), or "".
func lastName(text string) string {
	text = strings.TrimRight(text, " \t")
	i := len(text)
	for i > 0 && isNameByte(text[i-1]) {
		i--
	}
	return text[i:]
}

// lookup finds what a name written before offset denotes: its last resolved occurrence
// before the cursor (or, failing that, any), in the current snapshot or else in the last one
// that parsed.
func (d *document) lookup(name string, before int) *nameRef {
	for _, snap := range []*snapshot{d.snap, d.lastGood} {
		if snap == nil || snap.file == nil {
			continue
		}
		var last, any *nameRef
		for _, r := range snap.names {
			if r.id.Name != name || r.key == nil || r.sel != nil && !isTypeObject(r.key) {
				continue // a member's name, unless it is a type's (`geo.Shape`)
			}
			if any == nil {
				any = r
			}
			if snap.file.Offset(r.id.Start) < before {
				last = r
			}
		}
		if last != nil {
			return last
		}
		if any != nil {
			return any
		}
	}
	return nil
}

func (d *document) members(name string, before int, static bool) []protocol.CompletionItem {
	if name == "" {
		return nil
	}
	if static {
		if id := builtin.Predeclared(name); id != 0 {
			return staticMembers(builtin.TypeObject(id))
		}
	}
	ref := d.lookup(name, before)
	if ref == nil {
		return nil
	}
	obj, _ := ref.key.(*types.Object)
	if obj != nil && obj.Kind == types.ObjGoPackage {
		return sorted(goPackageMembers(obj.GoPkg))
	}
	if obj != nil && obj.Kind == types.ObjImport && obj.Members != nil && !static {
		var items []protocol.CompletionItem
		for _, name := range exportedNames(obj) {
			m := obj.Members.LookupLocal(name)
			items = append(items, item(name, completionKind(m), describeObject(m, nil)))
		}
		return items
	}
	if obj != nil && obj.Kind == types.ObjType && obj.Def != nil {
		var items []protocol.CompletionItem
		for _, v := range obj.Def.Variants {
			items = append(items, item(v.Name, protocol.CompletionItemKindEnumMember, "variant of "+obj.Def.Name))
		}
		for name := range obj.Def.Methods {
			items = append(items, item(name, protocol.CompletionItemKindMethod, "fn of "+obj.Def.Name))
		}
		return sorted(items)
	}
	var t types.Type
	if obj != nil {
		t = obj.Type
	}
	if t == nil {
		t = ref.id.TypeOf()
	}
	return membersOf(t)
}

// membersOf lists the fields and methods of a value of type t.
func membersOf(t types.Type) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	if n, ok := t.(*types.Named); ok && n.Def != nil {
		for _, f := range n.Def.Fields {
			items = append(items, item(f.Name, protocol.CompletionItemKindField, describeType(f.Type)))
		}
		for name := range n.Def.Methods {
			items = append(items, item(name, protocol.CompletionItemKindMethod, "fn of "+n.Def.Name))
		}
	}
	kind, _, ok := builtin.Receiver(t)
	for _, r := range builtin.All() {
		if r.Static || r.Flags&builtin.DynamicOnly != 0 {
			continue
		}
		if ok && r.Of == kind || r.Of == builtin.Values {
			items = append(items, item(r.Name, protocol.CompletionItemKindMethod, kind.String()+" method"))
		}
	}
	return sorted(items)
}

func staticMembers(module builtin.Kind) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	for _, r := range builtin.All() {
		if r.Static && r.Of == module {
			items = append(items, item(r.Name, protocol.CompletionItemKindFunction, module.String()+" member"))
		}
	}
	return sorted(items)
}

// scopeNames lists the names visible at off (the document's globals, and the locals whose
// scope holds off and whose declaration comes before it), the predeclared functions and the
// keywords.
func (s *snapshot) scopeNames(off int) []protocol.CompletionItem {
	pos := s.pos(off)
	var items []protocol.CompletionItem
	for key, decl := range s.decls {
		obj, ok := key.(*types.Object)
		if !ok || decl.file != s.file {
			continue
		}
		if decl.scope != nil && (pos < decl.scope.Pos() || pos > decl.scope.EndPos() || decl.id.Start > pos) {
			continue
		}
		items = append(items, item(obj.Name, completionKind(obj), describeObject(obj, decl)))
	}
	for _, r := range builtin.All() {
		if r.Of == builtin.Global && !r.Static {
			items = append(items, item(r.Name, protocol.CompletionItemKindFunction, "builtin"))
		}
	}
	for _, kw := range syntax.Keywords() {
		items = append(items, item(kw, protocol.CompletionItemKindKeyword, "keyword"))
	}
	return sorted(items)
}

func completionKind(obj *types.Object) protocol.CompletionItemKind {
	switch obj.Kind {
	case types.ObjFunc:
		return protocol.CompletionItemKindFunction
	case types.ObjType:
		if obj.Def != nil && obj.Def.Enum {
			return protocol.CompletionItemKindEnum
		}
		return protocol.CompletionItemKindStruct
	case types.ObjConst:
		return protocol.CompletionItemKindConstant
	case types.ObjImport:
		return protocol.CompletionItemKindModule
	}
	return protocol.CompletionItemKindVariable
}

func isTypeObject(key any) bool {
	obj, ok := key.(*types.Object)
	return ok && obj.Kind == types.ObjType
}

func item(label string, kind protocol.CompletionItemKind, detail string) protocol.CompletionItem {
	return protocol.CompletionItem{Label: label, Kind: &kind, Detail: &detail}
}

func sorted(items []protocol.CompletionItem) []protocol.CompletionItem {
	sort.SliceStable(items, func(i, j int) bool { return items[i].Label < items[j].Label })
	return items
}
