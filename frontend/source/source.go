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
	// runeIndex holds the characters before each runeBlock-th byte, computed on demand for a
	// valid UTF-8 file with long lines; valid is 0 not known, 1 valid UTF-8, 2 not.
	runeIndex []int32
	valid     uint8
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
	switch {
	case offset-start < runeBlock:
		if utf8.Valid(f.Src[start:offset]) {
			col += utf8.RuneCount(f.Src[start:offset])
		} else {
			col += offset - start
		}
	case f.validUTF8():
		col += f.runesBefore(offset) - f.runesBefore(start)
	default:
		col += offset - start
	}
	return Position{File: f, Offset: offset, Line: line + 1, Col: col}
}

// runeBlock is the stride of a file's character index: a column far into a long line is
// counted from the index, not from the line's start (a 5 MB line made every position cost a
// count of the line so far: n² for the whole file).
const runeBlock = 1024

// validUTF8 reports whether the file is valid UTF-8 (once).
func (f *File) validUTF8() bool {
	if f.valid == 0 {
		f.valid = 2
		if utf8.Valid(f.Src) {
			f.valid = 1
		}
	}
	return f.valid == 1
}

// runesBefore is the number of characters in Src[:offset], offset at a character's start:
// the bytes that start a character (in valid UTF-8, those that are not continuation bytes).
func (f *File) runesBefore(offset int) int {
	if f.runeIndex == nil {
		f.runeIndex = make([]int32, 0, len(f.Src)/runeBlock+1)
		n := 0
		for i, c := range f.Src {
			if i%runeBlock == 0 {
				f.runeIndex = append(f.runeIndex, int32(n))
			}
			if c&0xC0 != 0x80 {
				n++
			}
		}
	}
	block := offset / runeBlock
	if block >= len(f.runeIndex) {
		block = len(f.runeIndex) - 1
	}
	n := int(f.runeIndex[block])
	for _, c := range f.Src[block*runeBlock : offset] {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
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
