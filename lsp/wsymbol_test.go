package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shapesText declares one of each kind the workspace's symbol search lists, beside a variable
// it does not. Square's field has no `;`: its method starts on the next line.
const shapesText = `/** What has a label. */
interface Labelled {
    fn label(): string;
    tag: string;
}
type Pair = (i64, i64);
const LIMIT = 3;
let counter = 0;
class Box<T> implements Labelled {
    tag: string = "box";
    value: T;
    constructor(v: T) { this.value = v; }
    label(): string { return "box " + this.tag; }
    static make(): Box<i64> { return new Box(1); }
}
abstract class Shape {
    abstract area(): f64;
    describe(): string { return "a shape"; }
}
class Square extends Shape {
    side: f64 = 1.0
    area(): f64 { return this.side * this.side; }
}
struct Cell { v: i64 }
impl Cell { fn get(): i64 { return self.v; } }
print(LIMIT, counter, new Square().area(), Cell { v: 1 }.get());
`

var symbolKindNames = map[int]string{5: "class", 6: "method", 9: "constructor", 10: "enum", 11: "interface", 12: "function", 14: "constant", 23: "struct", 26: "alias"}

// workspaceSymbols asks for the symbols matching query and gives each as
// "name kind [container] file:line:char-line:char", the file relative to base, in the
// server's order.
func workspaceSymbols(c *client, query, base string) []string {
	c.t.Helper()
	var syms []struct {
		Name          string   `json:"name"`
		Kind          int      `json:"kind"`
		ContainerName string   `json:"containerName"`
		Location      location `json:"location"`
	}
	c.call("workspace/symbol", map[string]any{"query": query}, &syms)
	if syms == nil {
		c.t.Fatalf("workspace/symbol %q answered null, want a list", query)
	}
	var out []string
	for _, s := range syms {
		desc := s.Name + " " + symbolKindNames[s.Kind]
		if s.ContainerName != "" {
			desc += " [" + s.ContainerName + "]"
		}
		r := s.Location.Range
		out = append(out, fmt.Sprintf("%s %s:%d:%d-%d:%d", desc, strings.TrimPrefix(s.Location.URI, base), r.Start.Line, r.Start.Character, r.End.Line, r.End.Character))
	}
	return out
}

func TestWorkspaceSymbolsCapability(t *testing.T) {
	c := newClient(t)
	if got := string(c.capabilities["workspaceSymbolProvider"]); got != "true" {
		t.Errorf("workspaceSymbolProvider is %q, want true", got)
	}
}

// Every kind of declaration, with its name's range and a method's container, from a file of
// the workspace folder that is not open.
func TestWorkspaceSymbolsOfEveryKind(t *testing.T) {
	c, uri := workspace(t)
	if err := os.WriteFile(pathOf(uri("shapes.adesh")), []byte(shapesText), 0o644); err != nil {
		t.Fatal(err)
	}
	// The file is a valid program: what the search lists is what the parser made of it.
	if d := c.openAt(uri("shapes.adesh"), shapesText).Diagnostics; len(d) != 0 {
		t.Fatalf("shapes.adesh has diagnostics: %+v", d)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri("shapes.adesh")}})
	c.published()
	base := strings.TrimSuffix(uri("x"), "x")
	var inShapes []string
	for _, s := range workspaceSymbols(c, "", base) {
		if strings.Contains(s, " shapes.adesh:") {
			inShapes = append(inShapes, s)
		}
	}
	want := []string{
		"Box class shapes.adesh:8:6-8:9",
		"Cell struct shapes.adesh:23:7-23:11",
		"LIMIT constant shapes.adesh:6:6-6:11",
		"Labelled interface shapes.adesh:1:10-1:18",
		"Pair alias shapes.adesh:5:5-5:9",
		"Shape class shapes.adesh:15:15-15:20",
		"Square class shapes.adesh:19:6-19:12",
		"area method [Shape] shapes.adesh:16:13-16:17",
		"area method [Square] shapes.adesh:21:4-21:8",
		"constructor constructor [Box] shapes.adesh:11:4-11:15",
		"describe method [Shape] shapes.adesh:17:4-17:12",
		"get method [Cell] shapes.adesh:24:15-24:18",
		"label method [Labelled] shapes.adesh:2:7-2:12",
		"label method [Box] shapes.adesh:12:4-12:9",
		"make method [Box] shapes.adesh:13:11-13:15",
	}
	if got := strings.Join(inShapes, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("the symbols of shapes.adesh:\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}

// The query picks by name without regard to case: the whole name, its start, a part of it, or
// its letters in order; a method also by its container and name. The best matches come first.
func TestWorkspaceSymbolsQuery(t *testing.T) {
	c, uri := workspace(t)
	c.openAt(uri("main.adesh"), mainText)
	base := strings.TrimSuffix(uri("x"), "x")
	if err := os.WriteFile(filepath.Join(pathOf(base), "shapes.adesh"), []byte(shapesText), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		query string
		want  []string
	}{
		// Two files declare a `dist`; the one that main.adesh does not import is as much a
		// declaration of the workspace.
		{"dist", []string{"dist function geo.adesh:2:10-2:14", "dist function lone.adesh:0:3-0:7"}},
		{"DIST", []string{"dist function geo.adesh:2:10-2:14", "dist function lone.adesh:0:3-0:7"}},
		// An exact name, then a prefix, then a part, then letters in order.
		{"shape", []string{"Shape enum geo.adesh:8:12-8:17", "Shape class shapes.adesh:15:15-15:20"}},
		{"are", []string{"area method [Shape] shapes.adesh:16:13-16:17", "area method [Square] shapes.adesh:21:4-21:8", "Square class shapes.adesh:19:6-19:12"}},
		{"cret", []string{"secret function geo.adesh:10:3-10:9"}},
		{"pnt", []string{"Point struct geo.adesh:0:14-0:19"}},
		{"box.lab", []string{"label method [Box] shapes.adesh:12:4-12:9"}},
		{"lim", []string{"LIMIT constant shapes.adesh:6:6-6:11"}},
		{"counter", nil}, // a variable of the script
		{"zzz", nil},
	} {
		got := workspaceSymbols(c, tc.query, base)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("query %q:\n%s\nwant\n%s", tc.query, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// With the workspace folder at sub/, the symbols are those of its file and of the file it
// imports from outside the folder; lone.adesh, outside and not imported, is not searched. An
// open document is searched as the editor holds it.
func TestWorkspaceSymbolsThroughImports(t *testing.T) {
	_, uri := workspace(t)
	base := strings.TrimSuffix(uri("x"), "x")
	c := newClientIn(t, filepath.Join(pathOf(base), "sub"))
	other := strings.ReplaceAll(otherText, "./geo", "../geo")
	c.openAt(uri("sub/other.adesh"), other)
	got := workspaceSymbols(c, "", base)
	want := []string{"Point struct geo.adesh:0:14-0:19", "Shape enum geo.adesh:8:12-8:17", "dist function geo.adesh:2:10-2:14", "far function sub/other.adesh:2:3-2:6", "secret function geo.adesh:10:3-10:9"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("symbols:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	edited := strings.Replace(other, "fn far(", "fn farther(", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri("sub/other.adesh"), "version": 2},
		"contentChanges": []any{map[string]any{"text": edited}}})
	c.published()
	if got := workspaceSymbols(c, "far", base); strings.Join(got, " ") != "farther function sub/other.adesh:2:3-2:10" {
		t.Errorf("after the edit, far finds %q, want the open text's farther", got)
	}
}
