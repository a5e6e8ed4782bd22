package lsp

import (
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/diag"
)

// diagnostics converts the program's diagnostics that lie in the document (or name it) to the
// protocol's: the checker's code, range, notes (as related information) and help.
func diagnostics(s *snapshot) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	for _, d := range s.prog.Diags.Items {
		if pd, ok := s.protocolDiagnostic(d); ok {
			out = append(out, pd)
		}
	}
	return out
}

// protocolDiagnostic converts d, if it lies in the document (or is about it as a whole).
func (s *snapshot) protocolDiagnostic(d diag.Diagnostic) (protocol.Diagnostic, bool) {
	source := "adesh2go"
	var r protocol.Range
	switch {
	case d.Pos.IsValid() && s.file != nil && s.file.Contains(d.Pos):
		start := s.file.Offset(d.Pos)
		end := start + 1
		if d.End.IsValid() && s.file.Contains(d.End) && d.End > d.Pos {
			end = s.file.Offset(d.End)
		}
		r = s.rangeOf(start, min(end, len(s.text)))
	case !d.Pos.IsValid() && (d.File == "" || d.File == s.path):
		// about the whole file: its first character
	default:
		return protocol.Diagnostic{}, false // in an imported file: reported when that file is open
	}
	severity := protocol.DiagnosticSeverityError
	if d.Severity == diag.Warning {
		severity = protocol.DiagnosticSeverityWarning
	}
	pd := protocol.Diagnostic{Range: r, Severity: &severity, Source: &source, Message: d.Message}
	if d.Code != "" {
		pd.Code = &protocol.IntegerOrString{Value: d.Code}
	}
	if d.Help != "" {
		pd.Message += "\nhelp: " + d.Help
	}
	for _, n := range d.Notes {
		path, line, char, ok := s.where(n.Pos)
		if !ok {
			pd.Message += "\nnote: " + n.Message
			continue
		}
		p := protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uriOf(path), Range: protocol.Range{Start: p, End: p}},
			Message:  n.Message,
		})
	}
	return pd, true
}
