package syntax

import (
	"fmt"
	"strings"
	"testing"
)

// Malformed inputs: each gets positioned diagnostics (want: "line:col: text" in order, every
// diagnostic accounted for) and never a panic.
func TestMalformedInputs(t *testing.T) {
	long := "let x = 0; " + strings.Repeat("x = x + 1; ", 90_909) // a 1 MB line
	chain := "let x = " + strings.Repeat("a + ", 250_000) + "1;"
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"empty file", "", nil},
		{"only comments", "# a\n// b\n/* c */\n", nil},
		{"unterminated string", "let s = \"abc\nlet t = 1;", []string{"1:9: unterminated string literal"}},
		{"unterminated string at the end", "let s = \"abc", []string{"1:9: unterminated string literal"}},
		{"unterminated char", "let c = 'a", []string{"1:9: unterminated character literal"}},
		{"unterminated raw string", "let s = r#\"abc\"", []string{"1:9: unterminated raw string literal"}},
		{"template ${ unclosed", "let t = `a ${b\n", []string{"1:12: `${` is never closed"}},
		{"template unterminated", "let t = `abc", []string{"1:9: unterminated template literal"}},
		{"f-string { unclosed", "let x = f\"{a\";", []string{"1:11: `{` in the f-string is never closed"}},
		{"empty interpolation", "let x = f\"{}\";", []string{"1:11: empty interpolation"}},
		{"bad interpolation", "let x = f\"{a +}\";", []string{"1:15: expected an expression, found the end of the interpolation"}},
		{"extra in interpolation", "let x = `${a b}`;", []string{"1:14: unexpected name `b` in the interpolation"}},
		{"stray }", "}\nlet x = 1;", []string{"1:1: unexpected `}`"}},
		{"missing ;", "let x = 1\nlet y = 2;", []string{"1:10: expected `;` after the statement, found keyword `let`"}},
		{"keyword as name", "let match = 1;", []string{"1:5: `match` is a keyword and cannot be used as a name"}},
		{"unknown escape", "let s = \"\\q\";", []string{"1:10: unknown escape `\\q`"}},
		{"bad \\x escape", "let s = \"\\xZ\";", []string{"1:10: invalid escape: `\\x` takes two hexadecimal digits"}},
		{"surrogate escape", "let s = \"\\u{D800}\";", []string{"1:10: invalid escape: `\\u{D800}` is not a Unicode character"}},
		{"invalid UTF-8", "let x = 1;\n\xff\xfe let y = 2;", []string{"2:1: invalid UTF-8 encoding"}},
		{"invalid UTF-8 in a string", "let s = \"a\xffb\";", []string{"1:11: invalid UTF-8 encoding"}},
		{"NUL byte", "let x\x00 = 1;", []string{"1:6: invalid NUL character"}},
		{"non-ASCII name", "let é = 1;", []string{"1:5: invalid character U+00E9 'é'"}},
		{"unterminated comment", "let x = 1; /* never", []string{"1:12: unterminated comment"}},
		{"1 MB single line", long, nil},
		{"1 MB single line, broken at the end", long + "x = +1;", []string{fmt.Sprintf("1:%d: expected an expression, found `+`", len(long)+5)}},
		{"250,000 operators in a row", chain, []string{fmt.Sprintf("1:%d: expression too long: more than %d operators in a row", 9+4*maxChain+2, maxChain)}},
		{"a long chain of calls", "let y = s" + strings.Repeat(".f()", 5000) + ";", []string{fmt.Sprintf("1:%d: expression too long: more than %d calls in a row", 12+4*maxChain, maxChain)}},
		{"a template of many interpolations", "let y = f\"" + strings.Repeat("{x}", 5000) + "\";", []string{fmt.Sprintf("1:%d: template too long: more than %d interpolations", 11+3*maxChain, maxChain)}},
		{"deep parentheses", "let x = " + strings.Repeat("(", 100_000) + "1" + strings.Repeat(")", 100_000) + ";",
			[]string{fmt.Sprintf("1:%d: expression nested too deeply", 9+maxDepth)}}, // a level per parenthesis, as the message says
		{"deep blocks", "fn f() " + strings.Repeat("{", 50_000) + strings.Repeat("}", 50_000),
			[]string{fmt.Sprintf("1:%d: blocks nested too deeply", 8+maxDepth)}},
		{"deep unary", "let x = " + strings.Repeat("!", 100_000) + "1;", []string{fmt.Sprintf("1:%d: expression nested too deeply", 9+maxDepth-1)}},
		{"deep types", "let x: " + strings.Repeat("[", 50_000) + "i64" + strings.Repeat("]", 50_000) + " = 1;", []string{fmt.Sprintf("1:%d: expression nested too deeply", 8+maxDepth)}},
		{"many unclosed", strings.Repeat("f(", 20_000), []string{fmt.Sprintf("1:%d: expression nested too deeply", 2*maxDepth+1)}}, // a level per call
		{"many stray closers", strings.Repeat("}", 1000), []string{"1:1: unexpected `}`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, fset, diags := parseSource("m.adesh", []byte(tt.src))
			var got []string
			for _, d := range diags.Items {
				p := fset.Position(d.Pos)
				got = append(got, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, d.Message))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d diagnostics, want %d:\n  got:  %q\n  want: %q", len(got), len(tt.want), got, tt.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("diagnostic %d:\n  got:  %s\n  want: %s…", i, got[i], tt.want[i])
				}
			}
		})
	}
}
