package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A workspace of three files on disk: geo.adesh, which main.adesh and other.adesh import, and
// lone.adesh, which imports nothing but declares its own `dist`.
const (
	geoText = `export struct Point { x: f64, y: f64 }

export fn dist(a: Point, b: Point): f64 {
    let dx = a.x - b.x;
    let dy = a.y - b.y;
    return sqrt(dx * dx + dy * dy);
}

export enum Shape { Dot, Disc(f64) }

fn secret(): i64 { return 1; }
`
	mainText = `import "./geo.adesh" as geo;

let a: geo.Point = geo.Point { x: 0.0, y: 0.0 };
let b = geo.Point { x: 3.0, y: 4.0 };
let s = geo.Shape::Disc(1.0);
print(geo.dist(a, b), s);
`
	otherText = `import "./geo.adesh" as g;

fn far(p: g.Point): bool { return g.dist(p, g.Point { x: 0.0, y: 0.0 }) > 10.0; }
print(far(g.Point { x: 1.0, y: 1.0 }));
`
	loneText = `fn dist(): i64 { return 0; }
print(dist());
`
)

// workspace writes the files into a new folder and starts a server on it.
func workspace(t *testing.T) (*client, func(name string) string) {
	dir := t.TempDir()
	for name, text := range map[string]string{"geo.adesh": geoText, "main.adesh": mainText, "sub/other.adesh": strings.ReplaceAll(otherText, "./geo", "../geo"), "lone.adesh": loneText} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return newClientIn(t, dir), func(name string) string { return uriOf(filepath.Join(dir, filepath.FromSlash(name))) }
}

// position is a location's file, relative to base, and its start: "geo.adesh:0:14".
func position(l location, base string) string {
	return fmt.Sprintf("%s:%d:%d", strings.TrimPrefix(l.URI, base), l.Range.Start.Line, l.Range.Start.Character)
}

// hoverAt is the hover text at marker+delta of the document uri holding text.
func hoverAt(c *client, uri, text, marker string, delta int) string {
	c.t.Helper()
	var h struct {
		Contents struct {
			Value string `json:"value"`
		} `json:"contents"`
	}
	c.call("textDocument/hover", c.atIn(uri, text, marker, delta), &h)
	return h.Contents.Value
}

// From an importer, with the imported file not open: definition and hover of an imported
// type (in a type and in a literal), of the import's name and of a variant.
func TestDefinitionAndHoverThroughAnImport(t *testing.T) {
	c, uri := workspace(t)
	main := uri("main.adesh")
	if d := c.openAt(main, mainText).Diagnostics; len(d) != 0 {
		t.Fatalf("main.adesh has diagnostics: %+v", d)
	}
	base := strings.TrimSuffix(main, "main.adesh")
	for _, tc := range []struct {
		marker string
		delta  int
		want   string
	}{
		{"Point =", 0, "geo.adesh:0:14"},           // the type of an annotation
		{"Point { x: 0", 0, "geo.adesh:0:14"},      // a struct literal's type
		{"geo.Point =", 0, "geo.adesh:0:0"},        // the import's name: its file
		{"Disc(", 0, "geo.adesh:8:25"},             // a variant called
		{"dist(a", 0, "geo.adesh:2:10"},            // a function
		{"x: 3.0", 0, "geo.adesh:0:22"},            // a field of a literal
		{"as geo", 3, "geo.adesh:0:0"},             // the import's own name
		{"print", 0, ""},                           // a builtin: nowhere
		{"s = geo.Shape", 8, "geo.adesh:8:12"},     // an enum named through the import
		{"b = geo.Point", 0, "main.adesh:3:4"},     // a name of the file itself
		{"a, b), s", 0, "main.adesh:2:4"},          // a use of it
		{"geo.dist(a", 0, "geo.adesh:0:0"},         // the import's name in an expression
		{"geo.Shape::Disc", 4, "geo.adesh:8:12"},   // the enum again, by its member name
		{"Disc(1.0", 0, "geo.adesh:8:25"},          // the variant again
		{"let a: geo.Point", 7, "geo.adesh:0:0"},   // the import's name in a type
		{"let s = geo", 8, "geo.adesh:0:0"},        // and before a variant path
		{"dist(a, b), s", 0, "geo.adesh:2:10"},     // and a function again
		{"Point { x: 3.0", 0, "geo.adesh:0:14"},    // a struct literal again
		{"y: 4.0", 0, "geo.adesh:0:30"},            // another field
		{"let b", 4, "main.adesh:3:4"},             // a declaration: itself
		{"let s", 4, "main.adesh:4:4"},             // another
		{"geo.Point { x: 0.0", 0, "geo.adesh:0:0"}, // the import's name before a literal
	} {
		var locs []location
		c.call("textDocument/definition", c.atIn(main, mainText, tc.marker, tc.delta), &locs)
		got := ""
		if len(locs) == 1 {
			got = position(locs[0], base)
		} else if len(locs) > 1 {
			t.Errorf("definition at %q: %d locations", tc.marker, len(locs))
		}
		if got != tc.want {
			t.Errorf("definition at %q+%d: %q, want %q", tc.marker, tc.delta, got, tc.want)
		}
	}
	for _, tc := range []struct {
		marker string
		delta  int
		want   []string
	}{
		{"Point =", 0, []string{"struct Point"}},
		{"geo.Point =", 0, []string{`(import) geo: "./geo.adesh"`, "exports Point, Shape, dist"}},
		{"dist(a", 0, []string{"fn dist(a: Point, b: Point): f64"}},
		{"Disc(", 0, []string{"(variant) Shape::Disc(f64)"}},
	} {
		got := hoverAt(c, main, mainText, tc.marker, tc.delta)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("hover at %q: %q, want it to hold %q", tc.marker, got, w)
			}
		}
		if strings.Contains(got, "secret") {
			t.Errorf("hover at %q names the file's unexported function: %q", tc.marker, got)
		}
	}
}

// After `geo.` completion lists what the imported file exports, and not what it keeps.
func TestCompletionOfAnImportsMembers(t *testing.T) {
	c, uri := workspace(t)
	main := uri("main.adesh")
	c.openAt(main, mainText)
	text := mainText + "geo."
	end := pos{6, 0}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": main, "version": 2},
		"contentChanges": []any{map[string]any{"range": rng{end, end}, "text": "geo."}}})
	c.published()
	labels := completionLabelsIn(t, c, main, text, "\ngeo.", 5)
	if !has(labels, "Point", "Shape", "dist") || has(labels, "secret") || has(labels, "to_string") {
		t.Errorf("after `geo.`: %v, want Point, Shape and dist only", labels)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": main, "version": 3},
		"contentChanges": []any{map[string]any{"range": rng{end, pos{6, 4}}, "text": "geo.Shape::"}}})
	c.published()
	text = mainText + "geo.Shape::"
	if labels := completionLabelsIn(t, c, main, text, "\ngeo.Shape::", 12); !has(labels, "Dot", "Disc") {
		t.Errorf("after `geo.Shape::`: %v, want the variants", labels)
	}
}

func completionLabelsIn(t *testing.T, c *client, uri, text, marker string, delta int) []string {
	t.Helper()
	var list struct {
		Items []struct {
			Label string `json:"label"`
		} `json:"items"`
	}
	c.call("textDocument/completion", c.atIn(uri, text, marker, delta), &list)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	return labels
}

// references lists where the name at marker+delta of the document uri is, as positions
// relative to base, sorted.
func references(c *client, uri, text, marker string, delta int, base string) []string {
	params := c.atIn(uri, text, marker, delta)
	params["context"] = map[string]any{"includeDeclaration": true}
	var locs []location
	c.call("textDocument/references", params, &locs)
	var out []string
	for _, l := range locs {
		out = append(out, position(l, base))
	}
	sort.Strings(out)
	return out
}

// References of an exported function asked from its own file find the uses in the files that
// import it (not open, read from disk), and not the other file's own `dist`; asked from an
// importer they find the same.
func TestReferencesInImporters(t *testing.T) {
	c, uri := workspace(t)
	geo, main := uri("geo.adesh"), uri("main.adesh")
	base := strings.TrimSuffix(geo, "geo.adesh")
	c.openAt(geo, geoText)
	want := "geo.adesh:2:10 main.adesh:5:10 sub/other.adesh:2:36"
	if got := strings.Join(references(c, geo, geoText, "dist(", 0, base), " "); got != want {
		t.Errorf("references of dist from geo.adesh: %s, want %s", got, want)
	}
	c.openAt(main, mainText)
	if got := strings.Join(references(c, main, mainText, "dist(", 0, base), " "); got != want {
		t.Errorf("references of dist from main.adesh: %s, want %s", got, want)
	}
	want = "geo.adesh:0:14 geo.adesh:2:18 geo.adesh:2:28 main.adesh:2:11 main.adesh:2:23 main.adesh:3:12 sub/other.adesh:2:12 sub/other.adesh:2:46 sub/other.adesh:3:12"
	if got := strings.Join(references(c, main, mainText, "Point =", 0, base), " "); got != want {
		t.Errorf("references of Point from main.adesh: %s, want %s", got, want)
	}
	// A field, through the literals of two importers.
	want = "geo.adesh:0:22 geo.adesh:3:15 geo.adesh:3:21 main.adesh:2:31 main.adesh:3:20 sub/other.adesh:2:54 sub/other.adesh:3:20"
	if got := strings.Join(references(c, geo, geoText, "x: f64", 0, base), " "); got != want {
		t.Errorf("references of the field x: %s, want %s", got, want)
	}
	// The import's name is the importer's own.
	want = "main.adesh:0:24 main.adesh:2:19 main.adesh:2:7 main.adesh:3:8 main.adesh:4:8 main.adesh:5:6"
	if got := strings.Join(references(c, main, mainText, "as geo", 3, base), " "); got != want {
		t.Errorf("references of geo: %s, want %s", got, want)
	}
}

type workspaceEdit struct {
	Changes map[string][]struct {
		Range   rng    `json:"range"`
		NewText string `json:"newText"`
	} `json:"changes"`
}

// apply makes the edits of e to the text of uri.
func (e workspaceEdit) apply(t *testing.T, uri, text string) string {
	edits := e.Changes[uri]
	sort.Slice(edits, func(i, j int) bool {
		a, b := edits[i].Range.Start, edits[j].Range.Start
		return a.Line > b.Line || a.Line == b.Line && a.Character > b.Character
	})
	lines := lineStarts(text)
	for _, ed := range edits {
		from := offsetIn(text, lines, ed.Range.Start.Line, ed.Range.Start.Character)
		to := offsetIn(text, lines, ed.Range.End.Line, ed.Range.End.Character)
		text = text[:from] + ed.NewText + text[to:]
	}
	return text
}

// A rename across files changes every file: asked from an importer, it renames the
// declaration in the imported file (not open) and the uses in both importers; the other
// file's own `dist` is left alone. The renamed program checks.
func TestRenameAcrossFiles(t *testing.T) {
	c, uri := workspace(t)
	geo, main, other, lone := uri("geo.adesh"), uri("main.adesh"), uri("sub/other.adesh"), uri("lone.adesh")
	c.openAt(main, mainText)
	params := c.atIn(main, mainText, "dist(a", 0)
	params["newName"] = "distance"
	var edit workspaceEdit
	c.call("textDocument/rename", params, &edit)
	if len(edit.Changes) != 3 || edit.Changes[lone] != nil {
		t.Fatalf("rename changed %d files: %+v", len(edit.Changes), edit.Changes)
	}
	newGeo := edit.apply(t, geo, geoText)
	newMain := edit.apply(t, main, mainText)
	newOther := edit.apply(t, other, strings.ReplaceAll(otherText, "./geo", "../geo"))
	if !strings.Contains(newGeo, "export fn distance(a: Point") || !strings.Contains(newMain, "print(geo.distance(a, b), s)") || !strings.Contains(newOther, "g.distance(p,") {
		t.Fatalf("after the rename:\n%s\n%s\n%s", newGeo, newMain, newOther)
	}
	// The editor applies it: both files open with their new text check clean.
	if d := c.openAt(geo, newGeo).Diagnostics; len(d) != 0 {
		t.Errorf("geo.adesh after the rename: %+v", d)
	}
	c.published() // main.adesh, rechecked against the new geo.adesh: it still says dist
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": main, "version": 2},
		"contentChanges": []any{map[string]any{"text": newMain}}})
	if got := c.published(); got.URI != main || len(got.Diagnostics) != 0 {
		t.Errorf("main.adesh after the rename: %+v", got)
	}

	// Asked from the declaring file, whose open text differs from the disk's, the rename uses
	// the open text's positions.
	shifted := "// moved down a line\n" + newGeo
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": geo, "version": 2},
		"contentChanges": []any{map[string]any{"text": shifted}}})
	c.published()
	c.published()
	params = c.atIn(geo, shifted, "distance(a", 0)
	params["newName"] = "span"
	edit = workspaceEdit{}
	c.call("textDocument/rename", params, &edit)
	if got := edit.apply(t, geo, shifted); !strings.Contains(got, "// moved down a line\nexport struct Point") || !strings.Contains(got, "export fn span(a: Point") {
		t.Errorf("geo.adesh renamed from itself:\n%s", got)
	}
	if got := edit.apply(t, main, newMain); !strings.Contains(got, "geo.span(a, b)") {
		t.Errorf("main.adesh renamed from geo.adesh:\n%s", got)
	}
}

// Top-level completion offers the globals and the locals in scope, and not the parameters
// or locals of another function.
func TestCompletionKeepsToTheScope(t *testing.T) {
	c := newClient(t)
	text := "fn area(width: i64, height: i64): i64 {\n    let product = width * height;\n    return product;\n}\nlet total = area(2, 3);\n\n"
	c.open(text)
	labels := completionLabels(t, c, text, "\n\n", 1)
	if !has(labels, "area", "total") || has(labels, "width") || has(labels, "height") || has(labels, "product") {
		t.Errorf("top-level completion: %v, want area and total, no parameter or local of area", labels)
	}
	labels = completionLabels(t, c, text, "return product", 7)
	if !has(labels, "width", "height", "product", "area", "total") {
		t.Errorf("completion inside area: %v, want its parameters and local too", labels)
	}
	labels = completionLabels(t, c, text, "let product", 0)
	if has(labels, "product") || !has(labels, "width") {
		t.Errorf("completion before the local's declaration: %v, want the parameters and not product", labels)
	}
}
