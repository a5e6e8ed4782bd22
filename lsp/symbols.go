package lsp

import (
	"cmp"
	"slices"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/format"
)

func (s *Server) documentSymbol(ctx *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	_, snap := s.snap(p.TextDocument.URI)
	if snap == nil || snap.tree == nil {
		return nil, nil
	}
	out := []protocol.DocumentSymbol{}
	classes := classesOf(snap.tree, snap.file, snap.text)
	for _, c := range classes {
		self := c.decls[0]
		sym := protocol.DocumentSymbol{Name: self.name, Kind: self.kind, Range: snap.rangeOf(c.start, c.end), SelectionRange: snap.rangeOf(self.start, self.end)}
		for _, m := range c.decls[1:] {
			r := snap.rangeOf(m.start, m.end)
			sym.Children = append(sym.Children, protocol.DocumentSymbol{Name: m.name, Kind: m.kind, Range: r, SelectionRange: r})
		}
		out = append(out, sym)
	}
	for _, it := range snap.tree.Items {
		if d, ok := it.(*ast.DeclStmt); ok {
			it = d.Decl
		}
		if inClass(classes, snap.file.Offset(it.Pos())) {
			continue // named by its class above, not as the parser desugared it
		}
		switch n := it.(type) {
		case *ast.FuncDecl:
			out = append(out, snap.symbol(n, n.Name, protocol.SymbolKindFunction, nil))
		case *ast.StructDecl:
			var kids []protocol.DocumentSymbol
			for _, f := range n.Fields {
				kids = append(kids, snap.symbol(f, f.Name, protocol.SymbolKindField, nil))
			}
			for _, m := range n.Methods {
				kids = append(kids, snap.symbol(m, m.Name, protocol.SymbolKindMethod, nil))
			}
			out = append(out, snap.symbol(n, n.Name, protocol.SymbolKindStruct, kids))
		case *ast.EnumDecl:
			var kids []protocol.DocumentSymbol
			for _, v := range n.Variants {
				kids = append(kids, snap.symbol(v, v.Name, protocol.SymbolKindEnumMember, nil))
			}
			out = append(out, snap.symbol(n, n.Name, protocol.SymbolKindEnum, kids))
		case *ast.ExtendDecl:
			var kids []protocol.DocumentSymbol
			for _, m := range n.Methods {
				kids = append(kids, snap.symbol(m, m.Name, protocol.SymbolKindMethod, nil))
			}
			name := snap.text[snap.file.Offset(n.Target.Pos()):snap.file.Offset(n.Target.EndPos())]
			sym := snap.symbol(n, nil, protocol.SymbolKindClass, kids)
			sym.Name = "impl " + name
			out = append(out, sym)
		case *ast.TestDecl:
			// `test name` for a test, `test Group` with its tests inside for a group.
			if n.Group == nil {
				for _, fd := range n.Funcs {
					sym := snap.symbol(n, fd.Name, protocol.SymbolKindFunction, nil)
					sym.Name = "test " + sym.Name
					out = append(out, sym)
				}
				continue
			}
			var kids []protocol.DocumentSymbol
			for _, fd := range n.Funcs {
				kids = append(kids, snap.symbol(fd, fd.Name, protocol.SymbolKindFunction, nil))
			}
			sym := snap.symbol(n, n.Group, protocol.SymbolKindNamespace, kids)
			sym.Name = "test " + sym.Name
			out = append(out, sym)
		case *ast.LetStmt:
			kind := protocol.SymbolKindVariable
			if n.Kind == ast.LetConst {
				kind = protocol.SymbolKindConstant
			}
			ast.Inspect(n.Pattern, func(x ast.Node) bool {
				if b, ok := x.(*ast.BindPat); ok {
					out = append(out, snap.symbol(n, b.Name, kind, nil))
				}
				return true
			})
		}
	}
	slices.SortStableFunc(out, func(a, b protocol.DocumentSymbol) int {
		return cmp.Or(cmp.Compare(a.Range.Start.Line, b.Range.Start.Line), cmp.Compare(a.Range.Start.Character, b.Range.Start.Character))
	})
	return out, nil
}

// symbol is the outline entry of node n named by name.
func (s *snapshot) symbol(n ast.Node, name *ast.Ident, kind protocol.SymbolKind, kids []protocol.DocumentSymbol) protocol.DocumentSymbol {
	full := s.rangeOf(s.file.Offset(n.Pos()), s.file.Offset(n.EndPos()))
	sym := protocol.DocumentSymbol{Kind: kind, Range: full, SelectionRange: full, Children: kids}
	if name != nil {
		sym.Name = name.Name
		sym.SelectionRange = s.rangeOf(s.file.Offset(name.Start), s.file.Offset(name.End))
	}
	if sym.Name == "" {
		sym.Name = "_"
	}
	return sym
}

// formatting replaces the whole document with its canonical layout; a document that does not
// parse is left alone (no edits), as `adesh2go fmt` leaves such a file.
func (s *Server) formatting(ctx *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	out, err := format.Source(d.path, []byte(snap.text))
	if err != nil {
		if _, syntaxErr := err.(*format.SyntaxError); syntaxErr {
			return []protocol.TextEdit{}, nil
		}
		return nil, err
	}
	if string(out) == snap.text {
		return []protocol.TextEdit{}, nil
	}
	return []protocol.TextEdit{{Range: snap.rangeOf(0, len(snap.text)), NewText: string(out)}}, nil
}
