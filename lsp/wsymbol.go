package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxWorkspaceSymbols bounds an answer: the editor asks again as the user types more of the
// name, and the best matches are kept (they are sorted before the cut).
const maxWorkspaceSymbols = 500

// workspaceSymbol answers `workspace/symbol`: the declarations of every .adesh file the server
// knows whose name matches the query, the best matches first.
func (s *Server) workspaceSymbol(ctx *glsp.Context, p *protocol.WorkspaceSymbolParams) ([]protocol.SymbolInformation, error) {
	type found struct {
		score int
		uri   string
		line  protocol.UInteger
		sym   protocol.SymbolInformation
	}
	open := s.openDocuments()
	var all []found
	for _, path := range s.knownFiles() {
		uri, text := uriOf(path), ""
		if d, ok := open[path]; ok {
			uri, text = d.uri, d.text
		} else {
			b, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			text = string(b)
		}
		decls := declarationsOf(path, text)
		lines := lineStarts(text)
		for _, d := range decls {
			score, ok := symbolMatch(d, p.Query)
			if !ok {
				continue
			}
			// The range is the name's, as gopls gives it: the editor puts the cursor there.
			l1, c1 := lineChar(text, lines, d.start)
			l2, c2 := lineChar(text, lines, d.end)
			sym := protocol.SymbolInformation{Name: d.name, Kind: d.kind, Location: protocol.Location{URI: uri, Range: protocol.Range{
				Start: protocol.Position{Line: protocol.UInteger(l1), Character: protocol.UInteger(c1)},
				End:   protocol.Position{Line: protocol.UInteger(l2), Character: protocol.UInteger(c2)},
			}}}
			if d.container != "" {
				container := d.container
				sym.ContainerName = &container
			}
			all = append(all, found{score, uri, sym.Location.Range.Start.Line, sym})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.score != b.score {
			return a.score < b.score
		}
		if a.sym.Name != b.sym.Name {
			return a.sym.Name < b.sym.Name
		}
		if a.uri != b.uri {
			return a.uri < b.uri
		}
		return a.line < b.line
	})
	out := []protocol.SymbolInformation{}
	for _, f := range all[:min(len(all), maxWorkspaceSymbols)] {
		out = append(out, f.sym)
	}
	return out, nil
}

// Match scores, the better the lower: the query is the name, starts it, is in it, or is spread
// through it in order (`pt` finds `Point`), each without regard to case.
const (
	matchExact = iota
	matchPrefix
	matchSubstring
	matchSubsequence
)

// symbolMatch scores how well the query names the declaration d: by its name, or, when the
// query has a dot, a method by its container and name (`Point.norm`), so that `shape` does not
// list every method of Shape. An empty query matches everything.
func symbolMatch(d declaration, query string) (int, bool) {
	q := strings.ToLower(strings.TrimSpace(query))
	if d.container != "" && strings.Contains(q, ".") {
		return nameMatch(strings.ToLower(d.container+"."+d.name), q)
	}
	return nameMatch(strings.ToLower(d.name), q)
}

// nameMatch scores the lower-case query against the lower-case name.
func nameMatch(name, query string) (int, bool) {
	switch {
	case name == query:
		return matchExact, true
	case strings.HasPrefix(name, query):
		return matchPrefix, true
	case strings.Contains(name, query):
		return matchSubstring, true
	case isSubsequence(query, name):
		return matchSubsequence, true
	}
	return 0, false
}

// isSubsequence tells whether the runes of sub appear in s in order.
func isSubsequence(sub, s string) bool {
	for sub != "" {
		r, size := utf8.DecodeRuneInString(sub)
		i := strings.IndexRune(s, r)
		if i < 0 {
			return false
		}
		s = s[i+utf8.RuneLen(r):]
		sub = sub[size:]
	}
	return true
}

// openDocuments are the URI and text of each open document, by its cleaned path (an unsaved
// buffer's URI is no file's: it is kept as the client named it).
func (s *Server) openDocuments() map[string]document {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]document{}
	for _, d := range s.docs {
		out[filepath.Clean(d.path)] = document{uri: d.uri, text: d.text}
	}
	return out
}

// knownFiles are the files of the workspace (workspaceFiles) and the files that the open
// documents' programs read, which may lie outside every workspace folder.
func (s *Server) knownFiles() []string {
	files := s.workspaceFiles()
	seen := map[string]bool{}
	for _, f := range files {
		seen[f] = true
	}
	s.mu.Lock()
	var snaps []*snapshot
	for _, d := range s.docs {
		if d.snap != nil {
			snaps = append(snaps, d.snap)
		}
	}
	s.mu.Unlock()
	for _, snap := range snaps {
		for _, f := range snap.prog.Files {
			name := snap.prog.Fset.File(f.Start).Name
			if abs, err := filepath.Abs(name); err == nil {
				name = abs
			}
			name = filepath.Clean(name)
			if !seen[name] {
				seen[name] = true
				files = append(files, name)
			}
		}
	}
	return files
}
