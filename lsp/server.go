// Package lsp is the language server of `adesh2go lsp`: diagnostics as the user types, hover,
// definition, references, document and workspace symbols, completion, formatting and rename,
// over the Language Server Protocol (3.16, glsp's protocol package).
//
// Names are followed across files (workspace.go): definition, hover and completion through the
// program's imports, references and rename in every file of the workspace that imports the
// declaring file, open in the editor or read from disk.
//
// Every change re-parses and re-checks the document's program from scratch (the whole
// front end takes milliseconds for thousands of lines; see BenchmarkDiagnosticsAfterEdit), so
// there is no incremental state to get wrong. Requests are served in order, one at a time.
package lsp

import (
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"sync"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Server holds the open documents.
type Server struct {
	mu      sync.Mutex
	docs    map[string]*document // by URI
	roots   []string             // the workspace folders
	handler protocol.Handler
}

type document struct {
	uri     string
	path    string
	text    string
	version int32
	snap    *snapshot
	// lastGood is the latest snapshot of a version that parsed: completion after `x.` (which
	// does not parse) finds the type of x there.
	lastGood *snapshot
}

// NewServer returns a server with no open document.
func NewServer() *Server {
	s := &Server{docs: map[string]*document{}}
	s.handler = protocol.Handler{
		Initialize:  s.initialize,
		Initialized: func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:    func(*glsp.Context) error { return nil },
		Exit:        func(*glsp.Context) error { return nil },
		SetTrace:    func(*glsp.Context, *protocol.SetTraceParams) error { return nil },

		TextDocumentDidOpen:   s.didOpen,
		TextDocumentDidChange: s.didChange,
		TextDocumentDidClose:  s.didClose,
		TextDocumentDidSave:   func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },

		TextDocumentHover:          s.hover,
		TextDocumentDefinition:     s.definition,
		TextDocumentReferences:     s.references,
		TextDocumentDocumentSymbol: s.documentSymbol,
		TextDocumentCompletion:     s.completion,
		TextDocumentFormatting:     s.formatting,
		TextDocumentRename:         s.rename,
		TextDocumentPrepareRename:  s.prepareRename,
		TextDocumentCodeAction:     s.codeAction,
		TextDocumentSignatureHelp:  s.signatureHelp,

		TextDocumentSemanticTokensFull: s.semanticTokensFull,

		WorkspaceSymbol: s.workspaceSymbol,
	}
	return s
}

// Serve answers the client on r and w until it exits or r ends.
func (s *Server) Serve(r io.Reader, w io.Writer) error {
	return serve(r, w, &s.handler)
}

func (s *Server) initialize(ctx *glsp.Context, params *protocol.InitializeParams) (any, error) {
	s.setRoots(params)
	caps := s.handler.CreateServerCapabilities()
	incremental := protocol.TextDocumentSyncKindIncremental
	caps.TextDocumentSync = &protocol.TextDocumentSyncOptions{OpenClose: &protocol.True, Change: &incremental}
	caps.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{".", ":"}}
	caps.RenameProvider = &protocol.RenameOptions{PrepareProvider: &protocol.True}
	caps.SemanticTokensProvider = &protocol.SemanticTokensOptions{Legend: semanticLegend(), Full: true}
	caps.SignatureHelpProvider = &protocol.SignatureHelpOptions{TriggerCharacters: []string{"(", ","}}
	caps.CodeActionProvider = &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}
	version := Version
	return protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   &protocol.InitializeResultServerInfo{Name: "adesh2go", Version: &version},
	}, nil
}

// Version is what the server reports to the client; the command line sets it.
var Version = "dev"

// pathOf turns a file URI into a path; other URIs are kept as they are (an unsaved buffer).
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	return filepath.FromSlash(u.Path)
}

// uriOf turns a path back into a file URI.
func uriOf(path string) string {
	if strings.Contains(path, "://") {
		return path
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func (s *Server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	d := &document{uri: p.TextDocument.URI, path: pathOf(p.TextDocument.URI), text: p.TextDocument.Text, version: p.TextDocument.Version}
	s.mu.Lock()
	s.docs[d.uri] = d
	s.mu.Unlock()
	s.update(ctx, d)
	return nil
}

func (s *Server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	d := s.doc(p.TextDocument.URI)
	if d == nil {
		return nil
	}
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			lines := lineStarts(d.text)
			from := offsetIn(d.text, lines, int(c.Range.Start.Line), int(c.Range.Start.Character))
			to := offsetIn(d.text, lines, int(c.Range.End.Line), int(c.Range.End.Character))
			if to < from {
				from, to = to, from
			}
			d.text = d.text[:from] + c.Text + d.text[to:]
		}
	}
	d.version = p.TextDocument.Version
	s.update(ctx, d)
	return nil
}

func (s *Server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

func (s *Server) doc(uri string) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// overlay gives the text of an open document by path, for the imports of another.
func (s *Server) overlay(path string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.path == path || filepath.Clean(d.path) == filepath.Clean(path) {
			return d.text, true
		}
	}
	return "", false
}

// update analyses a document's text and publishes its diagnostics, then does the same for the
// open documents whose programs import it.
func (s *Server) update(ctx *glsp.Context, d *document) {
	s.analyze(ctx, d)
	s.mu.Lock()
	var importers []*document
	for _, o := range s.docs {
		if o != d && o.snap != nil && o.snap.imports(d.path) {
			importers = append(importers, o)
		}
	}
	s.mu.Unlock()
	for _, o := range importers {
		s.analyze(ctx, o)
	}
}

func (s *Server) analyze(ctx *glsp.Context, d *document) {
	d.snap = analyze(d.path, d.text, s.overlay)
	if d.snap.prog.Info != nil { // it parsed
		d.lastGood = d.snap
	}
	version := protocol.UInteger(d.version)
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{
		URI: d.uri, Version: &version, Diagnostics: diagnostics(d.snap),
	})
}

// snap is the current snapshot of a document, or nil if it is not open.
func (s *Server) snap(uri string) (*document, *snapshot) {
	d := s.doc(uri)
	if d == nil || d.snap == nil || d.snap.file == nil {
		return nil, nil
	}
	return d, d.snap
}

func (s *snapshot) rangeOf(start, end int) protocol.Range {
	l1, c1 := lineChar(s.text, s.lines, start)
	l2, c2 := lineChar(s.text, s.lines, end)
	return protocol.Range{Start: protocol.Position{Line: protocol.UInteger(l1), Character: protocol.UInteger(c1)},
		End: protocol.Position{Line: protocol.UInteger(l2), Character: protocol.UInteger(c2)}}
}

func (s *snapshot) offsetOf(p protocol.Position) int {
	return s.offset(int(p.Line), int(p.Character))
}
