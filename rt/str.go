package rt

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Strings are Go strings holding UTF-8; AdeshLang counts their lengths and indexes in characters
// (code points). A byte that is not valid UTF-8 counts as one character, as Go's range does.
// Functions named like Go's strings functions behave like them unless documented otherwise.

// StrByteLen is the number of bytes of s in UTF-8 (`s.byte_len()`), what Content-Length and
// conn.read(n) count.
func StrByteLen(s string) int64 { return int64(len(s)) }

// StrLen is the number of characters in s.
func StrLen(s string) int64 {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return int64(i + utf8.RuneCountInString(s[i:]))
		}
	}
	return int64(len(s))
}

// CharAtString is s.charAt(i), JavaScript's: the character at index i as a string of one
// character, failing at pos when i is out of range.
func CharAtString(s string, i int64, pos string) string { return string(CharAt(s, i, pos)) }

// CharAt is s[i]: the character at index i, failing at pos when i is out of range.
func CharAt(s string, i int64, pos string) Char {
	if i >= 0 && i < int64(len(s)) {
		j := int64(0)
		for j <= i && s[j] < utf8.RuneSelf {
			j++
		}
		if j > i {
			return Char(s[i]) // all ASCII up to i
		}
		n := int64(0)
		for _, r := range s {
			if n == i {
				return Char(r)
			}
			n++
		}
	}
	failIndex(i, int(StrLen(s)), pos)
	return 0
}

// byteOffset gives the byte offset of character index i (0 ≤ i ≤ character count) in s.
func byteOffset(s string, i int64) int {
	if i == 0 {
		return 0
	}
	n := int64(0)
	for off := range s {
		if n == i {
			return off
		}
		n++
	}
	return len(s)
}

// Substring gives the characters from index a up to, not including, b, clamped like
// JavaScript's slice: a negative index counts from the end, indexes past either end are clamped,
// and a ≥ b gives "".
func Substring(s string, a, b int64) string {
	n := StrLen(s)
	a, b = clampIndex(a, n), clampIndex(b, n)
	if a >= b {
		return ""
	}
	if n == int64(len(s)) {
		return s[a:b]
	}
	start := byteOffset(s, a)
	return s[start : start+byteOffset(s[start:], b-a)]
}

func clampIndex(i, n int64) int64 {
	if i < 0 {
		return max(n+i, 0)
	}
	return min(i, n)
}

// Split cuts s at every sep; an empty sep splits into characters. Split("", ",") is [""].
func Split(s, sep string) []string { return strings.Split(s, sep) }

// SplitWhitespace cuts s at runs of white space, dropping empty parts.
func SplitWhitespace(s string) []string { return strings.Fields(s) }

// Trim removes white space at both ends.
func Trim(s string) string { return strings.TrimSpace(s) }

// TrimStart removes white space at the start.
func TrimStart(s string) string { return strings.TrimLeftFunc(s, unicode.IsSpace) }

// TrimEnd removes white space at the end.
func TrimEnd(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }

// ToUpper maps every character to upper case.
func ToUpper(s string) string { return strings.ToUpper(s) }

// ToLower maps every character to lower case.
func ToLower(s string) string { return strings.ToLower(s) }

// StrContains reports whether sub occurs in s.
func StrContains(s, sub string) bool { return strings.Contains(s, sub) }

// StartsWith reports whether s begins with prefix.
func StartsWith(s, prefix string) bool { return strings.HasPrefix(s, prefix) }

// EndsWith reports whether s ends with suffix.
func EndsWith(s, suffix string) bool { return strings.HasSuffix(s, suffix) }

// Replace replaces every occurrence of old (JavaScript's replaceAll, Rust's replace).
func Replace(s, old, new string) string { return strings.ReplaceAll(s, old, new) }

// ReplaceFirst replaces the first occurrence of old.
func ReplaceFirst(s, old, new string) string { return strings.Replace(s, old, new, 1) }

// StrIndexOf is the character index of the first occurrence of sub in s, or -1.
func StrIndexOf(s, sub string) int64 {
	i := strings.Index(s, sub)
	if i < 0 {
		return -1
	}
	return StrLen(s[:i])
}

// Repeat gives s n times over; a negative n, or a result too large to allocate, fails at pos.
func Repeat(s string, n int64, pos string) string {
	if n < 0 {
		Fail(pos, "negative repeat count "+strconv.FormatInt(n, 10))
	}
	if len(s) > 0 && n > MaxStringBytes/int64(len(s)) {
		Fail(pos, "repeat result too large: "+strconv.FormatInt(n, 10)+" copies of "+strconv.Itoa(len(s))+" bytes (a string holds at most "+strconv.Itoa(MaxStringBytes)+" bytes)")
	}
	return strings.Repeat(s, int(n))
}

// Chars gives the characters of s.
func Chars(s string) []Char {
	out := make([]Char, 0, StrLen(s))
	for _, r := range s {
		out = append(out, Char(r))
	}
	return out
}

// StrFromChars joins characters into a string.
func StrFromChars(cs []Char) string {
	b := make([]byte, 0, len(cs))
	for _, c := range cs {
		b = utf8.AppendRune(b, rune(c))
	}
	return string(b)
}

// StrReverse reverses the characters of s.
func StrReverse(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// Lines cuts s into lines at "\n", dropping a "\r" before it and the empty piece after a final
// newline, as Rust's lines() does.
func Lines(s string) []string {
	lines := []string{}
	for s != "" {
		line, rest, _ := strings.Cut(s, "\n")
		lines = append(lines, strings.TrimSuffix(line, "\r"))
		s = rest
	}
	return lines
}

// PadStart pads s on the left with pad, repeated and cut, to n characters (JavaScript's
// padStart); an empty pad or an s already that long leaves s as it is.
func PadStart(s string, n int64, pad string) string {
	fill := padding(StrLen(s), n, pad)
	return fill + s
}

// PadEnd pads s on the right like PadStart.
func PadEnd(s string, n int64, pad string) string {
	return s + padding(StrLen(s), n, pad)
}

func padding(have, want int64, pad string) string {
	if have >= want || pad == "" {
		return ""
	}
	need := want - have
	padLen := StrLen(pad)
	full := strings.Repeat(pad, int(need/padLen))
	return full + Substring(pad, 0, need%padLen)
}

// ParseInt reads a decimal integer with an optional sign, ignoring surrounding white space; it
// gives null for anything else or a value outside i64.
func ParseInt(s string) Option[int64] {
	i, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return Option[int64]{}
	}
	return Some(i)
}

// ParseFloat reads a decimal number (also in exponent form, and Infinity, -Infinity and NaN as
// print writes them), ignoring surrounding white space; too large a magnitude gives ±Infinity.
func ParseFloat(s string) Option[float64] {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return Option[float64]{}
	}
	return Some(f)
}

// StrConcat joins parts with nothing between them: the pieces of an f-string.
func StrConcat(parts ...string) string { return strings.Join(parts, "") }
