package lsp

import (
	"strings"
	"testing"
)

type signatureHelp struct {
	Signatures []struct {
		Label      string `json:"label"`
		Parameters []struct {
			Label string `json:"label"`
		} `json:"parameters"`
	} `json:"signatures"`
	ActiveParameter int `json:"activeParameter"`
}

// signatureAt types text at the end of the document (which then does not parse) and asks for
// the signature help at its end: the label and the active parameter's label.
func signatureAt(t *testing.T, c *client, base string, version int, typed string) (string, string) {
	t.Helper()
	end := pos{strings.Count(base, "\n"), 0}
	c.change(version, map[string]any{"text": base + typed})
	var h *signatureHelp
	c.call("textDocument/signatureHelp", map[string]any{"textDocument": map[string]any{"uri": testURI},
		"position": pos{end.Line + strings.Count(typed, "\n"), len(typed) - strings.LastIndex(typed, "\n") - 1}}, &h)
	if h == nil || len(h.Signatures) != 1 {
		return "", ""
	}
	sig := h.Signatures[0]
	if h.ActiveParameter >= len(sig.Parameters) {
		return sig.Label, ""
	}
	return sig.Label, sig.Parameters[h.ActiveParameter].Label
}

func TestSignatureHelp(t *testing.T) {
	base := `struct Point { x: f64, y: f64 }
impl Point {
    fn moved(dx: f64, dy: f64): Point { return Point { x: self.x + dx, y: self.y + dy }; }
}
enum Shape { Dot, Disc(f64) }
fn dist(a: Point, b: Point): f64 { return 0.0; }
async fn fetch(url: string, tries: i64): string { return url; }
let p = Point { x: 1.0, y: 2.0 };
let word = "hello";
let square = (n: i64): i64 => n * n;
`
	c := newClient(t)
	c.open(base)
	for i, tc := range []struct{ typed, label, active string }{
		{"dist(", "fn dist(a: Point, b: Point): f64", "a: Point"},
		{"dist(p, ", "fn dist(a: Point, b: Point): f64", "b: Point"},
		{"dist(p, [1, 2", "fn dist(a: Point, b: Point): f64", "b: Point"},                                    // a comma in a bracket is not the call's
		{"print(dist(p, p), fetch(\"u\", ", "async fn fetch(url: string, tries: i64): string", "tries: i64"}, // the innermost call
		{"p.moved(1.0, ", "fn Point.moved(dx: f64, dy: f64): Point", "dy: f64"},
		{"Shape::Disc(", "Shape::Disc(f64)", "f64"},
		{"square(", "square(i64): i64", "i64"},
		{"word.starts_with(", "starts_with(string): bool", "string"},
		{"dist(p, p)\n", "", ""}, // after the call: none
	} {
		label, active := signatureAt(t, c, base, i+2, tc.typed)
		if label != tc.label || active != tc.active {
			t.Errorf("after %q: %q with %q active, want %q with %q", tc.typed, label, active, tc.label, tc.active)
		}
	}
}

// Inside a call that parses, the help comes from the checked call.
func TestSignatureHelpInACheckedCall(t *testing.T) {
	text := "let word = \"hello\";\nprint(word.starts_with(\"he\"));\n"
	c := newClient(t)
	c.open(text)
	var h signatureHelp
	c.call("textDocument/signatureHelp", c.at(text, "\"he\"", 1), &h)
	if len(h.Signatures) != 1 || h.Signatures[0].Label != "starts_with(string): bool" {
		t.Errorf("signature help %+v", h)
	}
}

// Through an import: the imported file's function, while the call is being typed.
func TestSignatureHelpThroughAnImport(t *testing.T) {
	c, uri := workspace(t)
	main := uri("main.adesh")
	c.openAt(main, mainText)
	typed := mainText + "geo.dist(a, "
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": main, "version": 2},
		"contentChanges": []any{map[string]any{"text": typed}}})
	c.published()
	var h signatureHelp
	c.call("textDocument/signatureHelp", map[string]any{"textDocument": map[string]any{"uri": main}, "position": pos{6, 12}}, &h)
	if len(h.Signatures) != 1 || h.Signatures[0].Label != "fn dist(a: Point, b: Point): f64" || h.ActiveParameter != 1 {
		t.Errorf("signature help %+v", h)
	}
}
