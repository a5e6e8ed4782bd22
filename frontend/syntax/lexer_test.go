package syntax

import (
	"strings"
	"testing"
)

// kinds lexes src and names its tokens: the text of each, with idents, literals and keywords
// marked, so that a test reads like the source.
func kinds(src string) string {
	var errs []string
	sc := newScanner("t", src, func(start, end int, format string, args ...any) { errs = append(errs, format) })
	var out []string
	for {
		t := sc.scan()
		if t.Type == tEOF {
			break
		}
		text := src[t.Pos.Offset:t.end()]
		switch {
		case t.Type == tIdent:
			text = "id:" + text
		case t.Type == tInt:
			text = "int:" + text
		case t.Type == tFloat:
			text = "float:" + text
		case t.Type == tString:
			text = "str:" + text
		case t.Type == tChar:
			text = "char:" + text
		case t.Type == tFString:
			text = "fstr:" + text
		case t.Type == tTemplate:
			text = "tpl:" + text
		case isKeyword(t.Type):
			text = "kw:" + text
		}
		out = append(out, text)
	}
	if len(errs) > 0 {
		out = append(out, "ERR")
	}
	return strings.Join(out, " ")
}

func TestLexer(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1..5", "int:1 .. int:5"},
		{"1...5", "int:1 ... int:5"},
		{"1.5 2e9 2.5E-3 1f32 3.0f64", "float:1.5 float:2e9 float:2.5E-3 int:1f32 float:3.0f64"},
		{"0xff 0b1010 0o17 1_000 7u8", "int:0xff int:0b1010 int:0o17 int:1_000 int:7u8"},
		{"x.0", "id:x . int:0"},
		{`r"a\n" r#"a "b" # c"# # comment`, `str:r"a\n" str:r#"a "b" # c"#`},
		{"a # comment\nb", "id:a id:b"},
		{"r # not raw\nx", "id:r id:x"},
		{`f"{a}{{b}}{c["k"]}"`, `fstr:f"{a}{{b}}{c["k"]}"`},
		{"`a ${b + `c ${d}`} e`", "tpl:`a ${b + `c ${d}`} e`"},
		{"a>>b a>>=b a>=b", "id:a > > id:b id:a > >= id:b id:a >= id:b"},
		{"a<<=b a<<b a<=b", "id:a <<= id:b id:a << id:b id:a <= id:b"},
		{"=> -> :: ?? ?. ++ --", "=> -> :: ?? ? . ++ --"},
		{"fn async await spawn share strong weak elif this self", "kw:fn kw:async kw:await kw:spawn kw:share kw:strong kw:weak kw:elif id:this id:self"},
		{"go chan func nil len fmt type var range", "id:go id:chan id:func id:nil id:len id:fmt id:type id:var id:range"},
		{`'a' '\'' '\u{1F600}' 'é'`, `char:'a' char:'\'' char:'\u{1F600}' char:'é'`},
		{"/** doc */ fn", "kw:fn"},
		{`"abc`, `str:"abc ERR`},
		{"`a ${b", "tpl:`a ${b ERR"},
		{"a @ b", "id:a id:b ERR"},
	}
	for _, tt := range tests {
		if got := kinds(tt.src); got != tt.want {
			t.Errorf("%q:\n  got:  %s\n  want: %s", tt.src, got, tt.want)
		}
	}
}

func TestDocComments(t *testing.T) {
	if got := docText("/** one */"); got != "one" {
		t.Errorf("got %q", got)
	}
	if got := docText("/**\n * first\n * second\n */"); got != "first\nsecond" {
		t.Errorf("got %q", got)
	}
}

// TestDefinition checks the lexer as participle's lexer.Definition.
func TestDefinition(t *testing.T) {
	lex, err := Definition{}.Lex("t.adesh", strings.NewReader("let x = `a ${b}`;"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		tok, err := lex.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			break
		}
		got = append(got, tok.Value)
	}
	if g := strings.Join(got, "|"); g != "let|x|=|`a ${b}`|;" {
		t.Errorf("got %s", g)
	}
	lex, _ = Definition{}.LexString("t.adesh", "let s = \"abc")
	for i := 0; i < 10; i++ {
		if _, err = lex.Next(); err != nil {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "unterminated string literal") {
		t.Errorf("want the lexical error, got %v", err)
	}
	if Definition.Symbols(Definition{})["Ident"] != tIdent {
		t.Error("symbols")
	}
}
