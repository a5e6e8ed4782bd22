package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// Code actions: the quick fixes of the diagnostics in the asked range, as the checker made
// them alongside their help (diag.Fix): add `await`, annotate a declaration with its type,
// keep a variable in a `thread.Mutex`, the name a misspelled one meant, make a function
// async. The first fix of a diagnostic is its preferred one.

func (s *Server) codeAction(ctx *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d, snap := s.snap(p.TextDocument.URI)
	if snap == nil {
		return nil, nil
	}
	from, to := snap.offsetOf(p.Range.Start), snap.offsetOf(p.Range.End)
	quickfix := protocol.CodeActionKindQuickFix
	actions := []protocol.CodeAction{}
	for _, dg := range snap.prog.Diags.Items {
		if len(dg.Fixes) == 0 || !dg.Pos.IsValid() || !snap.file.Contains(dg.Pos) {
			continue
		}
		start, end := snap.file.Offset(dg.Pos), snap.file.Offset(dg.Pos)
		if dg.End.IsValid() && snap.file.Contains(dg.End) {
			end = snap.file.Offset(dg.End)
		}
		if end < from || start > to {
			continue // not in the range asked about
		}
		pd, ok := snap.protocolDiagnostic(dg)
		if !ok {
			continue
		}
		for i, fix := range dg.Fixes {
			edit, ok := snap.workspaceEdit(d.uri, fix.Edits)
			if !ok {
				continue
			}
			preferred := i == 0
			actions = append(actions, protocol.CodeAction{Title: fix.Title, Kind: &quickfix,
				Diagnostics: []protocol.Diagnostic{pd}, IsPreferred: &preferred, Edit: edit})
		}
	}
	return actions, nil
}

// workspaceEdit converts the edits of a fix, which may lie in any file of the program.
func (s *snapshot) workspaceEdit(uri string, edits []diag.Edit) (*protocol.WorkspaceEdit, bool) {
	changes := map[string][]protocol.TextEdit{}
	for _, e := range edits {
		r, file, ok := s.protocolRange(e.Pos, e.End)
		if !ok {
			return nil, false
		}
		in := uri
		if file != s.file {
			in = uriOf(file.Name)
		}
		changes[in] = append(changes[in], protocol.TextEdit{Range: r, NewText: e.Text})
	}
	return &protocol.WorkspaceEdit{Changes: changes}, true
}

// protocolRange converts a range of the program, which lies in one file.
func (s *snapshot) protocolRange(pos, end source.Pos) (protocol.Range, *source.File, bool) {
	file := s.prog.Fset.File(pos)
	if file == nil || !file.Contains(end) {
		return protocol.Range{}, nil, false
	}
	_, l1, c1, _ := s.where(pos)
	_, l2, c2, _ := s.where(end)
	return protocol.Range{Start: protocol.Position{Line: protocol.UInteger(l1), Character: protocol.UInteger(c1)},
		End: protocol.Position{Line: protocol.UInteger(l2), Character: protocol.UInteger(c2)}}, file, true
}
