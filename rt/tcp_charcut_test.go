package rt

import (
	"testing"
	"unicode/utf8"
)

func TestCharCut(t *testing.T) {
	tests := []struct {
		name  string
		data  string
		n     int
		atEOF bool
		want  int
	}{
		{"ascii within n", "abc", 5, false, 3},
		{"ascii cut at n", "abcdef", 4, false, 4},
		{"cut after a whole character", "aé", 3, false, 3},
		{"cut inside a two-byte character", "aéb", 2, false, 1},
		{"cut inside a three-byte character", "ab✓", 4, false, 2},
		{"cut after two bytes of a four-byte character", "ab😀", 4, false, 2},
		{"cut after three bytes of a four-byte character", "a😀", 4, false, 1},
		{"the data ends inside a character", "a\xe2\x9c", 10, false, 1},
		{"n smaller than the first character", "é✓x", 1, false, 2},
		{"n one byte short of the first character", "✓x", 2, false, 3},
		{"n one byte into a four-byte character", "😀", 1, false, 4},
		{"the first character is not all here", "\xe2\x9c", 1, false, 0},
		{"the first character is not all here, n large", "\xf0\x9f\x98", 10, false, 0},
		{"the first character never finished: end of stream", "\xe2\x9c", 1, true, 2},
		{"the stream ends after a whole character and a partial one", "a\xe2\x9c", 10, true, 1},
		{"an invalid byte is one character", "\xffab", 1, false, 1},
		{"an invalid byte at the cut", "ab\xff", 3, false, 3},
		{"a lead byte that cannot continue", "\xe2(", 1, false, 1},
		{"a lead byte that cannot continue, at the cut", "a\xe2(", 2, false, 2},
		{"a lead byte at the end of the data", "ab\xe2", 3, false, 2},
		{"n ends on the lead byte of a whole character", "ab✓", 3, false, 2},
		{"a lead byte whose second byte is out of its range", "\xe0\x80", 1, false, 1},
		{"stray continuation bytes", "\x80\x80\x80\x80", 2, false, 2},
		{"continuation bytes after a whole character", "✓\x80\x80", 4, false, 4},
	}
	for _, tt := range tests {
		if got := charCut([]byte(tt.data), tt.n, tt.atEOF); got != tt.want {
			t.Errorf("%s: charCut(%q, %d, %v) = %d, want %d", tt.name, tt.data, tt.n, tt.atEOF, got, tt.want)
		}
	}
}

// Cutting valid text with any n gives pieces of whole characters, each at most n bytes unless
// it is one character, that join to the text.
func TestCharCutNeverSplitsValidText(t *testing.T) {
	const text = "héllo wörld ✓ 😀 a€b"
	for n := 1; n <= 9; n++ {
		var joined string
		for rest := []byte(text); len(rest) > 0; {
			k := charCut(rest, n, true)
			piece := string(rest[:k])
			if !utf8.ValidString(piece) || k > n && utf8.RuneCountInString(piece) != 1 {
				t.Fatalf("n=%d: piece %q", n, piece)
			}
			joined += piece
			rest = rest[k:]
		}
		if joined != text {
			t.Fatalf("n=%d: the pieces join to %q", n, joined)
		}
	}
}
