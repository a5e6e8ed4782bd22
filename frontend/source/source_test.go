package source

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Columns far into a long line, counted through the character index, are the characters from
// the line's start, for ASCII, multi-byte characters and bytes that are not UTF-8.
func TestColumnsOfLongLines(t *testing.T) {
	for _, line := range []string{
		strings.Repeat("let x = 1; ", 2000),
		strings.Repeat("let é = \"ü✓\"; ", 2000),
		strings.Repeat("a\xffb", 2000),
	} {
		src := "first line\n" + line + "\nlast"
		fset := NewFileSet()
		f := fset.Add("a.adesh", "", []byte(src))
		start := len("first line\n")
		for off := start; off <= start+len(line); off++ {
			if !utf8.RuneStart(src[off]) && off < len(src) {
				continue
			}
			want := 1 + utf8.RuneCountInString(src[start:off])
			if !utf8.ValidString(src) {
				want = 1 + off - start
			}
			if p := f.Position(off); p.Line != 2 || p.Col != want {
				t.Fatalf("offset %d: %d:%d, want 2:%d", off, p.Line, p.Col, want)
			}
		}
	}
}
