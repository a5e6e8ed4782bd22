package rt

import (
	"math"
	"slices"
	"testing"
)

func TestStrLenCountsCharacters(t *testing.T) {
	tests := map[string]int64{"": 0, "abc": 3, "héllo": 5, "✓✓": 2, "a😀b": 3, "\xff\xfe": 2}
	for s, want := range tests {
		if got := StrLen(s); got != want {
			t.Errorf("StrLen(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestCharAt(t *testing.T) {
	if CharAt("abc", 2, testPos) != 'c' || CharAt("héllo", 1, testPos) != 'é' || CharAt("héllo", 4, testPos) != 'o' {
		t.Error("CharAt")
	}
	if CharAt("a😀b", 2, testPos) != 'b' {
		t.Error("CharAt after an astral character")
	}
	wantFail(t, "index 3 out of range for length 3", func() { CharAt("abc", 3, testPos) })
	wantFail(t, "index 5 out of range for length 5", func() { CharAt("héllo", 5, testPos) })
	wantFail(t, "index -1 out of range for length 2", func() { CharAt("ab", -1, testPos) })
}

func TestSubstringClampsLikeJavaScriptSlice(t *testing.T) {
	tests := []struct {
		s    string
		a, b int64
		want string
	}{
		{"hello", 1, 3, "el"},
		{"hello", 0, 99, "hello"},
		{"hello", -3, 5, "llo"},
		{"hello", -99, 2, "he"},
		{"hello", 3, 1, ""},
		{"hello", 5, 5, ""},
		{"héllo", 1, 4, "éll"},
		{"héllo", -2, 99, "lo"},
		{"a😀b", 1, 2, "😀"},
		{"", 0, 1, ""},
	}
	for _, tt := range tests {
		if got := Substring(tt.s, tt.a, tt.b); got != tt.want {
			t.Errorf("Substring(%q, %d, %d) = %q, want %q", tt.s, tt.a, tt.b, got, tt.want)
		}
	}
}

func TestStringFunctions(t *testing.T) {
	checks := []struct {
		name      string
		got, want any
	}{
		{"split", Split("a,b,,c", ","), []string{"a", "b", "", "c"}},
		{"split empty sep", Split("hé", ""), []string{"h", "é"}},
		{"split empty", Split("", ","), []string{""}},
		{"split whitespace", SplitWhitespace("  a \t b\n"), []string{"a", "b"}},
		{"trim", Trim(" \t x y \n"), "x y"},
		{"trim start", TrimStart("  x "), "x "},
		{"trim end", TrimEnd("  x "), "  x"},
		{"upper", ToUpper("héllo"), "HÉLLO"},
		{"lower", ToLower("ÀB"), "àb"},
		{"contains", StrContains("hello", "ell"), true},
		{"starts", StartsWith("hello", "he"), true},
		{"ends", EndsWith("hello", "lo"), true},
		{"replace", Replace("a-b-c", "-", "+"), "a+b+c"},
		{"replace first", ReplaceFirst("a-b-c", "-", "+"), "a+b-c"},
		{"index of", StrIndexOf("héllo", "llo"), int64(2)},
		{"index of missing", StrIndexOf("hello", "z"), int64(-1)},
		{"repeat", Repeat("ab", 3, testPos), "ababab"},
		{"repeat zero", Repeat("ab", 0, testPos), ""},
		{"chars", Chars("hé"), []Char{'h', 'é'}},
		{"from chars", StrFromChars([]Char{'h', 'é'}), "hé"},
		{"reverse", StrReverse("héllo"), "olléh"},
		{"lines", Lines("a\r\nb\n\nc\n"), []string{"a", "b", "", "c"}},
		{"lines empty", Lines(""), []string{}},
		{"pad start", PadStart("5", 3, "0"), "005"},
		{"pad start multi", PadStart("abc", 10, "123"), "1231231abc"},
		{"pad end", PadEnd("é", 3, "."), "é.."},
		{"pad no-op", PadStart("long", 2, "x"), "long"},
		{"concat", StrConcat("a", "b", "c"), "abc"},
	}
	for _, c := range checks {
		if !Equal[any](c.got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.name, c.got, c.want)
		}
	}
	wantFail(t, "negative repeat count -1", func() { Repeat("a", -1, testPos) })
	wantFail(t, "repeat result too large: 4611686018427387904 copies of 2 bytes (a string holds at most 1073741824 bytes)", func() { Repeat("ab", 1<<62, testPos) })
}

func TestParseNumbers(t *testing.T) {
	ints := []struct {
		in   string
		want Option[int64]
	}{
		{"42", Some[int64](42)},
		{" -7 ", Some[int64](-7)},
		{"+3", Some[int64](3)},
		{"9223372036854775807", Some[int64](math.MaxInt64)},
		{"9223372036854775808", None[int64]()},
		{"1.5", None[int64]()},
		{"", None[int64]()},
		{"0x10", None[int64]()},
		{"12abc", None[int64]()},
	}
	for _, tt := range ints {
		if got := ParseInt(tt.in); got != tt.want {
			t.Errorf("ParseInt(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	floats := []struct {
		in   string
		want Option[float64]
	}{
		{"1.5", Some(1.5)},
		{" 2e3 ", Some(2000.0)},
		{"-0.25", Some(-0.25)},
		{"Infinity", Some(math.Inf(1))},
		{"-Infinity", Some(math.Inf(-1))},
		{"1e400", Some(math.Inf(1))},
		{"7", Some(7.0)},
		{"abc", None[float64]()},
		{"", None[float64]()},
	}
	for _, tt := range floats {
		if got := ParseFloat(tt.in); got != tt.want {
			t.Errorf("ParseFloat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := ParseFloat("NaN"); !got.Some || !math.IsNaN(got.Val) {
		t.Errorf("ParseFloat(NaN) = %v", got)
	}
}

func TestCharFunctions(t *testing.T) {
	if !CharIsDigit('7') || CharIsDigit('x') || !CharIsAlpha('é') || CharIsAlpha('1') ||
		!CharIsAlphanumeric('1') || !CharIsWhitespace('\t') || !CharIsUpper('A') || !CharIsLower('a') ||
		CharToUpper('é') != 'É' || CharToLower('A') != 'a' {
		t.Error("char functions")
	}
	if !slices.Equal(Chars(""), []Char{}) {
		t.Error("Chars of empty")
	}
}
