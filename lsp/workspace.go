package lsp

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Across files. Each document's program is checked on its own, so the objects of two programs
// differ even where both read the same file; what they share is where a name is declared, its
// site. References and rename look for the site in every program that reads the declaring
// file: the files of the workspace folders (and the open documents) that import it, directly
// or through other files, each read from the editor when it is open and from disk when not.

// site is where a name is declared: a file and the offset of the declaring name in it.
type site struct {
	path string
	off  int
}

// siteOf is the site of what key denotes, if the program declares it.
func (s *snapshot) siteOf(key any) (site, bool) {
	d := s.decls[key]
	if d == nil || d.file == nil {
		return site{}, false
	}
	return site{filepath.Clean(d.file.Name), d.file.Offset(d.id.Start)}, true
}

// occurrence is a name in some file of the workspace.
type occurrence struct {
	uri  string
	snap *snapshot // the snapshot of that file (as its program's entry)
	ref  *nameRef
}

func (o occurrence) isDecl() bool { return o.snap.decls[o.ref.key] == o.ref }

func (o occurrence) location() protocol.Location {
	return protocol.Location{URI: o.uri, Range: o.snap.rangeOf(o.snap.file.Offset(o.ref.id.Start), o.snap.file.Offset(o.ref.id.End))}
}

// occurrencesAcross are the names that denote what ref (a name of the document d) denotes, in
// every file that may name it. What the program does not declare (a builtin) is looked for in
// the document only.
func (s *Server) occurrencesAcross(d *document, snap *snapshot, ref *nameRef) []occurrence {
	if ref == nil || ref.key == nil {
		return nil
	}
	target, ok := snap.siteOf(ref.key)
	if !ok {
		var out []occurrence
		for _, r := range snap.byKey[ref.key] {
			out = append(out, occurrence{d.uri, snap, r})
		}
		return out
	}
	var out []occurrence
	for _, file := range s.programsReading(target.path, d.path) {
		uri, fsnap := d.uri, snap
		if file != filepath.Clean(d.path) {
			uri, fsnap = s.snapshotOf(file)
		}
		if fsnap == nil || fsnap.file == nil {
			continue
		}
		for _, r := range fsnap.names {
			if r.key == nil {
				continue
			}
			if st, ok := fsnap.siteOf(r.key); ok && st == target {
				out = append(out, occurrence{uri, fsnap, r})
			}
		}
	}
	return out
}

// snapshotOf is the current snapshot of the file at path with its URI: the open document's, or
// else the file on disk analysed now.
func (s *Server) snapshotOf(path string) (string, *snapshot) {
	s.mu.Lock()
	for _, d := range s.docs {
		if filepath.Clean(d.path) == path {
			s.mu.Unlock()
			return d.uri, d.snap
		}
	}
	s.mu.Unlock()
	text, err := os.ReadFile(path)
	if err != nil {
		return "", nil
	}
	return uriOf(path), analyze(path, string(text), s.overlay)
}

// importPattern finds the imports of a file without parsing it: a file it names more than it
// imports (one in a comment) only costs an analysis that finds nothing.
var importPattern = regexp.MustCompile(`\bimport\s+"([^"]+)"`)

// programsReading lists target, and every file of the workspace that imports it directly or
// through other files, and each of also that does; in a stable order.
func (s *Server) programsReading(target string, also ...string) []string {
	target = filepath.Clean(target)
	importers := map[string][]string{} // imported file → the files that import it
	for _, f := range s.workspaceFiles() {
		text, ok := s.overlay(f)
		if !ok {
			b, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			text = string(b)
		}
		for _, m := range importPattern.FindAllStringSubmatch(text, -1) {
			imported := filepath.Clean(filepath.FromSlash(path.Join(filepath.ToSlash(filepath.Dir(f)), m[1])))
			importers[imported] = append(importers[imported], f)
		}
	}
	seen := map[string]bool{target: true}
	queue := []string{target}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, imp := range importers[f] {
			if !seen[imp] {
				seen[imp] = true
				queue = append(queue, imp)
			}
		}
	}
	for _, f := range also {
		seen[filepath.Clean(f)] = true
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// maxWorkspaceFiles bounds the walk of a workspace folder (one opened at a home directory).
const maxWorkspaceFiles = 20000

// workspaceFiles lists the .adesh files of the workspace folders, or, when the client named
// none, of the folders of the open documents; and the open documents. Hidden folders and
// node_modules are skipped.
func (s *Server) workspaceFiles() []string {
	s.mu.Lock()
	roots := append([]string(nil), s.roots...)
	var open []string
	for _, d := range s.docs {
		open = append(open, filepath.Clean(d.path))
	}
	s.mu.Unlock()
	if len(roots) == 0 {
		for _, p := range open {
			roots = append(roots, filepath.Dir(p))
		}
	}
	seen := map[string]bool{}
	var files []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			files = append(files, p)
		}
	}
	for _, p := range open {
		add(p)
	}
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if len(files) >= maxWorkspaceFiles {
				return fs.SkipAll
			}
			if err != nil {
				return nil // an unreadable folder: the rest is walked
			}
			name := e.Name()
			if e.IsDir() {
				if p != root && (strings.HasPrefix(name, ".") || name == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(name, ".adesh") {
				add(filepath.Clean(p))
			}
			return nil
		})
	}
	return files
}

// setRoots keeps the workspace folders the client names (the folders, or else its root).
func (s *Server) setRoots(p *protocol.InitializeParams) {
	var roots []string
	for _, f := range p.WorkspaceFolders {
		roots = append(roots, pathOf(f.URI))
	}
	if len(roots) == 0 && p.RootURI != nil && *p.RootURI != "" {
		roots = append(roots, pathOf(*p.RootURI))
	}
	if len(roots) == 0 && p.RootPath != nil && *p.RootPath != "" {
		roots = append(roots, *p.RootPath)
	}
	s.mu.Lock()
	s.roots = roots
	s.mu.Unlock()
}
