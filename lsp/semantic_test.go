package lsp

import (
	"fmt"
	"strings"
	"testing"
)

// decodeTokens turns the protocol's numbers back into "line:char text type[+modifier…]".
func decodeTokens(t *testing.T, text string, data []int) []string {
	t.Helper()
	if len(data)%5 != 0 {
		t.Fatalf("%d numbers, not five a token", len(data))
	}
	lines := strings.Split(text, "\n")
	var out []string
	line, char := 0, 0
	for i := 0; i < len(data); i += 5 {
		if data[i] > 0 {
			char = 0
		}
		line += data[i]
		char += data[i+1]
		word := lines[line][char : char+data[i+2]] // the test texts are ASCII
		desc := tokenTypes[data[i+3]]
		for b, m := range tokenModifiers {
			if data[i+4]&(1<<b) != 0 {
				desc += "+" + m
			}
		}
		out = append(out, fmt.Sprintf("%d:%d %s %s", line, char, word, desc))
	}
	return out
}

func TestSemanticTokens(t *testing.T) {
	text := `/* a comment
   of two lines */
const LIMIT = 10;
enum Shape { Dot, Disc(f64) }
struct P { x: i64 }
async fn area(width: i64): i64 { return width * LIMIT; }
let p = P { x: 1 };
let s = Shape::Disc(2.0);
print(f"x is {p.x}!", p.x.to_string(), s, await area(2)); // done
`
	c := newClient(t)
	if d := c.open(text).Diagnostics; len(d) != 0 {
		t.Fatalf("diagnostics %+v", d)
	}
	var tokens struct {
		Data []int `json:"data"`
	}
	c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": testURI}}, &tokens)
	got := decodeTokens(t, text, tokens.Data)
	for _, want := range []string{
		"0:0 /* a comment comment", "1:0    of two lines */ comment",
		"2:0 const keyword", "2:6 LIMIT variable+declaration+readonly", "2:14 10 number",
		"3:5 Shape enum+declaration", "3:13 Dot enumMember+declaration", "3:23 f64 type+defaultLibrary",
		"4:7 P struct+declaration", "4:11 x property+declaration",
		"5:0 async keyword", "5:9 area function+declaration+async", "5:14 width parameter+declaration", "5:40 width parameter", "5:48 LIMIT variable+readonly",
		"7:8 Shape enum", "7:15 Disc enumMember",
		"8:0 print function+defaultLibrary", `8:6 f"x is { string`, "8:14 p variable", "8:16 x property", `8:17 }!" string`,
		"8:26 to_string method+defaultLibrary", "8:42 await keyword", "8:48 area function+async", "8:58 // done comment",
	} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("no token %q in\n%s", want, strings.Join(got, "\n"))
			break
		}
	}
}
