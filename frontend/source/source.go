// Package source maps compact positions to files, lines and columns.
//
// A Pos is one int32 for every node of every file of a program, like go/token: each file owns a
// range of positions starting at its base, so a node needs no file pointer and a position costs
// four bytes.
package source

import (
	"bytes"
	"path"
	"path/filepath"
	"sort"
	"unicode/utf8"
)

// Pos is a position in some file of a FileSet: file.Base + byte offset. NoPos is unknown.
type Pos int32

const NoPos Pos = 0

// IsValid reports whether p is a known position.
func (p Pos) IsValid() bool { return p != NoPos }

// ImportName is the name of the file that an import written imp in the file named from
// names: imp as it is when it is absolute, else imp under from's folder.
func ImportName(from, imp string) string {
	if path.IsAbs(imp) || filepath.IsAbs(imp) {
		return filepath.Clean(imp)
	}
	return path.Clean(path.Join(path.Dir(from), imp))
}

// File is one source file of a program.
type File struct {
	Name  string // as given on the command line or in an import, used in diagnostics
	Path  string // absolute path, when the file came from disk
	Src   []byte
	Base  Pos
	lines []int32 // byte offset of the start of each line, computed on demand
}

// Offset converts a position of this file into a byte offset.
func (f *File) Offset(p Pos) int { return int(p - f.Base) }

// Pos converts a byte offset of this file into a position.
func (f *File) Pos(offset int) Pos { return f.Base + Pos(offset) }

// Contains reports whether p falls inside this file (its end included, for end-of-file errors).
func (f *File) Contains(p Pos) bool { return p >= f.Base && int(p-f.Base) <= len(f.Src) }

func (f *File) lineStarts() []int32 {
	if f.lines == nil {
		f.lines = append(f.lines, 0)
		for i, c := range f.Src {
			if c == '\n' {
				f.lines = append(f.lines, int32(i+1))
			}
		}
	}
	return f.lines
}

// Position is a resolved position: 1-based line, and 1-based column counted in characters.
type Position struct {
	File   *File
	Offset int
	Line   int
	Col    int
}

// Position resolves an offset of this file.
func (f *File) Position(offset int) Position {
	if offset < 0 {
		offset = 0
	}
	if offset > len(f.Src) {
		offset = len(f.Src)
	}
	lines := f.lineStarts()
	line := sort.Search(len(lines), func(i int) bool { return int(lines[i]) > offset }) - 1
	start := int(lines[line])
	col := 1
	if utf8.Valid(f.Src[start:offset]) {
		col += utf8.RuneCount(f.Src[start:offset])
	} else {
		col += offset - start
	}
	return Position{File: f, Offset: offset, Line: line + 1, Col: col}
}

// Line returns the text of a 1-based line, without its line ending.
func (f *File) Line(n int) string {
	lines := f.lineStarts()
	if n < 1 || n > len(lines) {
		return ""
	}
	start := int(lines[n-1])
	end := len(f.Src)
	if n < len(lines) {
		end = int(lines[n]) - 1
	}
	if end > start && f.Src[end-1] == '\r' {
		end--
	}
	return string(f.Src[start:end])
}

// FileSet holds the files of one program.
type FileSet struct {
	Files []*File
	next  Pos
}

// NewFileSet returns an empty set. Position 0 is reserved for NoPos.
func NewFileSet() *FileSet { return &FileSet{next: 1} }

// Add registers a file and gives it a range of positions.
//
// A UTF-8 byte order mark that some editors put first is dropped: it is not part of the program.
func (s *FileSet) Add(name, path string, src []byte) *File {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	f := &File{Name: name, Path: path, Src: src, Base: s.next}
	s.next += Pos(len(src)) + 1
	s.Files = append(s.Files, f)
	return f
}

// File finds the file a position belongs to, or nil.
func (s *FileSet) File(p Pos) *File {
	if s == nil || !p.IsValid() {
		return nil
	}
	i := sort.Search(len(s.Files), func(i int) bool { return s.Files[i].Base > p }) - 1
	if i < 0 || !s.Files[i].Contains(p) {
		return nil
	}
	return s.Files[i]
}

// Position resolves p; the zero Position when p is unknown.
func (s *FileSet) Position(p Pos) Position {
	f := s.File(p)
	if f == nil {
		return Position{}
	}
	return f.Position(f.Offset(p))
}
