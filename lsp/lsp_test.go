package lsp

import (
	"sort"
	"strings"
	"testing"
)

const program = `struct Point { x: i64, y: i64 }
impl Point {
    fn sum(): i64 { return self.x + self.y; }
}
fn add(a, b) { return a + b; }
let p = Point { x: 1, y: 2 };
let total = p.sum() + p.x;
let word = "hello";
print(total, add(1, 2), add("a", "b"), word.len());
`

func TestDiagnosticsAsYouType(t *testing.T) {
	c := newClient(t)
	text := "let x: i64 = \"a\";\nprint(x);\n"
	got := c.open(text)
	if got.URI != testURI || got.Version != 1 || len(got.Diagnostics) != 1 {
		t.Fatalf("published %+v, want one diagnostic for version 1", got)
	}
	d := got.Diagnostics[0]
	if d.Code != "E0705" || d.Severity != 1 || !strings.Contains(d.Message, "expected `i64`, found `string`") {
		t.Errorf("diagnostic %+v, want error E0705 about i64 and string", d)
	}
	if want := (rng{pos{0, 13}, pos{0, 16}}); d.Range != want {
		t.Errorf("range %+v, want %+v (the string literal)", d.Range, want)
	}

	// An incremental edit that fixes it: replace `"a"` by `1`.
	got = c.change(2, map[string]any{"range": map[string]any{"start": pos{0, 13}, "end": pos{0, 16}}, "text": "1"})
	if got.Version != 2 || len(got.Diagnostics) != 0 {
		t.Fatalf("after the fix: %+v, want no diagnostic", got)
	}

	// A whole-text change with a syntax error: the parser's message and its code, E0600.
	got = c.change(3, map[string]any{"text": "let x = ;\nprint(x);\n"})
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Code != "E0600" || !strings.Contains(got.Diagnostics[0].Message, "expected an expression") {
		t.Fatalf("after a syntax error: %+v", got)
	}
	if want := (rng{pos{0, 8}, pos{0, 9}}); got.Diagnostics[0].Range != want {
		t.Errorf("syntax error range %+v, want %+v", got.Diagnostics[0].Range, want)
	}
}

func TestDiagnosticNotesAndHelp(t *testing.T) {
	c := newClient(t)
	got := c.open("fn not_async() { let v = await later(); }\nasync fn later(): i64 { return 1; }\nnot_async();\n")
	if len(got.Diagnostics) == 0 {
		t.Fatal("no diagnostic for an await outside an async fn")
	}
	d := got.Diagnostics[0]
	if d.Code != "E0700" || len(d.Related) == 0 || !strings.Contains(d.Message, "help:") {
		t.Errorf("diagnostic %+v, want E0700 with a note as related information and its help", d)
	}
}

func hoverText(t *testing.T, c *client, text, marker string, delta int) string {
	t.Helper()
	var h struct {
		Contents struct {
			Value string `json:"value"`
		} `json:"contents"`
	}
	c.call("textDocument/hover", c.at(text, marker, delta), &h)
	return h.Contents.Value
}

func TestHover(t *testing.T) {
	c := newClient(t)
	if d := c.open(program).Diagnostics; len(d) != 0 {
		t.Fatalf("the program has diagnostics: %+v", d)
	}
	for _, tc := range []struct {
		marker string
		delta  int
		want   string
	}{
		{"total =", 0, "let total: i64"},
		{"word.len", 0, "let word: string"},
		{"sum()", 0, "fn Point.sum(): i64"},
		{"p.x;", 2, "(field) x: i64"},
		{"add(1", 0, "fn add("},
		{"a, b)", 0, "is dynamic (`any`)"},
		{"len()", 0, "(builtin method of string) len(…): i64"},
	} {
		if got := hoverText(t, c, program, tc.marker, tc.delta); !strings.Contains(got, tc.want) {
			t.Errorf("hover at %q: %q, want it to hold %q", tc.marker, got, tc.want)
		}
	}
}

func TestDefinitionAndReferences(t *testing.T) {
	c := newClient(t)
	c.open(program)
	var locs []location
	c.call("textDocument/definition", c.at(program, "p.sum", 0), &locs)
	if len(locs) != 1 || locs[0].URI != testURI {
		t.Fatalf("definition of p: %+v", locs)
	}
	if want := (pos{5, 4}); locs[0].Range.Start != want {
		t.Errorf("definition of p at %+v, want %+v", locs[0].Range.Start, want)
	}
	c.call("textDocument/definition", c.at(program, "x;", 0), &locs)
	if len(locs) != 1 || locs[0].Range.Start != (pos{0, 15}) {
		t.Errorf("definition of the field x: %+v, want line 0 character 15", locs)
	}
	c.call("textDocument/definition", c.at(program, "print", 0), &locs)
	if len(locs) != 0 {
		t.Errorf("definition of a builtin: %+v, want none", locs)
	}

	params := c.at(program, "p.sum", 0)
	params["context"] = map[string]any{"includeDeclaration": true}
	c.call("textDocument/references", params, &locs)
	var lines []int
	for _, l := range locs {
		lines = append(lines, l.Range.Start.Line)
	}
	sort.Ints(lines)
	if len(lines) != 3 || lines[0] != 5 || lines[1] != 6 || lines[2] != 6 {
		t.Errorf("references of p on lines %v, want 5, 6, 6", lines)
	}
	params["context"] = map[string]any{"includeDeclaration": false}
	c.call("textDocument/references", params, &locs)
	if len(locs) != 2 {
		t.Errorf("references of p without the declaration: %d, want 2", len(locs))
	}
}

func TestRename(t *testing.T) {
	c := newClient(t)
	c.open(program)
	var edit struct {
		Changes map[string][]struct {
			Range   rng    `json:"range"`
			NewText string `json:"newText"`
		} `json:"changes"`
	}
	params := c.at(program, "word.len", 0)
	params["newName"] = "greeting"
	c.call("textDocument/rename", params, &edit)
	edits := edit.Changes[testURI]
	if len(edits) != 2 || edits[0].NewText != "greeting" || edits[0].Range.Start != (pos{7, 4}) || edits[1].Range.Start != (pos{8, 39}) {
		t.Fatalf("rename edits %+v", edits)
	}
	params["newName"] = "let"
	var e rpcError
	c.call("textDocument/rename", params, &e)
	if !strings.Contains(e.Message, "not a name") {
		t.Errorf("renaming to a keyword: %+v, want an error", e)
	}
	params = c.at(program, "print", 0)
	params["newName"] = "show"
	c.call("textDocument/rename", params, &e)
	if !strings.Contains(e.Message, "predeclared") {
		t.Errorf("renaming a builtin: %+v, want an error", e)
	}
}

func TestDocumentSymbols(t *testing.T) {
	c := newClient(t)
	c.open(program)
	if got, want := symbolNames(c), "Point.x.y impl Point.sum add p total word"; got != want {
		t.Errorf("symbols %q, want %q", got, want)
	}
}

// A class and an interface are in the outline under their own names, with their methods (not
// as the parser desugars a class: a struct, `Box__init`, functions), in source order.
func TestDocumentSymbolsOfClasses(t *testing.T) {
	c := newClient(t)
	c.open("fn first() {}\ninterface Shape {\n    area(): f64;\n}\nclass Box implements Shape {\n    w: f64;\n    constructor(w) { this.w = w; }\n    area(): f64 { return this.w * this.w; }\n    static unit() { return new Box(1.0); }\n}\nfn main() { print(Box.unit().area()); }\n")
	if got, want := symbolNames(c), "first Shape.area Box.constructor.area.unit main"; got != want {
		t.Errorf("symbols %q, want %q", got, want)
	}
}

func completionLabels(t *testing.T, c *client, text, marker string, delta int) []string {
	t.Helper()
	var list struct {
		Items []struct {
			Label string `json:"label"`
		} `json:"items"`
	}
	c.call("textDocument/completion", c.at(text, marker, delta), &list)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	return labels
}

func has(labels []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, l := range labels {
			found = found || l == w
		}
		if !found {
			return false
		}
	}
	return true
}

func TestCompletion(t *testing.T) {
	c := newClient(t)
	c.open(program)
	// The user types `p.` on a new line: the file no longer parses.
	end := pos{9, 0}
	c.change(2, map[string]any{"range": rng{end, end}, "text": "p."})
	text := program + "p."
	if got := completionLabels(t, c, text, "\np.", 3); !has(got, "x", "y", "sum", "to_string") || has(got, "len") {
		t.Errorf("after `p.`: %v, want the fields, the method and to_string, and no len", got)
	}
	c.change(3, map[string]any{"range": rng{end, pos{9, 2}}, "text": "word.st"})
	text = program + "word.st"
	if got := completionLabels(t, c, text, "word.st", 7); !has(got, "starts_with") || has(got, "len") {
		t.Errorf("after `word.st`: %v, want string methods starting with st", got)
	}
	c.change(4, map[string]any{"range": rng{end, pos{9, 7}}, "text": "Mutex::"})
	if got := completionLabels(t, c, program+"Mutex::", "Mutex::", 7); !has(got, "new") {
		t.Errorf("after `Mutex::`: %v, want new", got)
	}
	c.change(5, map[string]any{"range": rng{end, pos{9, 7}}, "text": "to"})
	if got := completionLabels(t, c, program+"to", "\nto", 3); !has(got, "total") {
		t.Errorf("after `to`: %v, want total", got)
	}
	if got := completionLabels(t, c, program+"to", "\nto", 1); !has(got, "add", "print", "match", "Point") {
		t.Errorf("at the start of a line: %v, want names, builtins and keywords", got)
	}
}

func TestBrokenFileKeepsWorking(t *testing.T) {
	c := newClient(t)
	text := "fn broken() { let = 1; }\nfn twice(n: i64): i64 { return n * 2; }\nlet r = twice(4);\nprint(r);\n"
	got := c.open(text)
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range.Start.Line != 0 {
		t.Fatalf("diagnostics %+v, want the one syntax error of line 1", got.Diagnostics)
	}
	if h := hoverText(t, c, text, "r = twice", 0); !strings.Contains(h, "let r: i64") {
		t.Errorf("hover after the broken function: %q", h)
	}
	var locs []location
	c.call("textDocument/definition", c.at(text, "twice(4)", 0), &locs)
	if len(locs) != 1 || locs[0].Range.Start != (pos{1, 3}) {
		t.Errorf("definition of twice: %+v", locs)
	}
}

func TestFormatting(t *testing.T) {
	c := newClient(t)
	text := "fn  f( ){return 1;}\nprint(f( ));\n"
	c.open(text)
	var edits []struct {
		Range   rng    `json:"range"`
		NewText string `json:"newText"`
	}
	c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": testURI}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}, &edits)
	if len(edits) != 1 || edits[0].NewText != "fn f() { return 1; }\nprint(f());\n" || edits[0].Range != (rng{pos{0, 0}, pos{2, 0}}) {
		t.Fatalf("formatting edits %+v", edits)
	}
	c.change(2, map[string]any{"text": "let x = ;\n"})
	c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": testURI}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}, &edits)
	if len(edits) != 0 {
		t.Errorf("formatting a file with a syntax error: %+v, want no edit", edits)
	}
}

// TestServersInParallel runs servers side by side (as an editor with several workspaces
// would, in one process in tests): under -race it shows that the front end's shared tables
// (the builtin table, the parser pool) are safe to use concurrently.
func TestServersInParallel(t *testing.T) {
	for i := 0; i < 4; i++ {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			c := newClient(t)
			if d := c.open(program).Diagnostics; len(d) != 0 {
				t.Errorf("diagnostics %+v", d)
			}
			if got := completionLabels(t, c, program, "word.len", 5); !has(got, "len") {
				t.Errorf("completion after word.: %v", got)
			}
		})
	}
}

func TestImportedFile(t *testing.T) {
	c := newClient(t)
	lib := "export fn area(w: i64, h: i64): i64 { return w * h; }\nexport struct Size { w: i64, h: i64 }\n"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///work/lib.adesh", "languageId": "adesh", "version": 1, "text": lib}})
	if got := c.published(); got.URI != "file:///work/lib.adesh" || len(got.Diagnostics) != 0 {
		t.Fatalf("the library: %+v", got)
	}
	text := "import \"./lib.adesh\" as lib;\nlet a = lib.area(2, 3);\nprint(a);\n"
	if got := c.open(text); len(got.Diagnostics) != 0 {
		t.Fatalf("the program: %+v", got.Diagnostics)
	}
	if h := hoverText(t, c, text, "a = lib", 0); !strings.Contains(h, "let a: i64") {
		t.Errorf("hover of a: %q", h)
	}
	var locs []location
	c.call("textDocument/definition", c.at(text, "area(2", 0), &locs)
	if len(locs) != 1 || locs[0].URI != "file:///work/lib.adesh" || locs[0].Range.Start != (pos{0, 10}) {
		t.Errorf("definition of lib.area: %+v, want lib.adesh line 0 character 10", locs)
	}
}

func TestEditingAnImportRechecksItsImporters(t *testing.T) {
	c := newClient(t)
	lib := "export fn area(w: i64, h: i64): i64 { return w * h; }\n"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///work/lib.adesh", "languageId": "adesh", "version": 1, "text": lib}})
	c.published()
	if got := c.open("import \"./lib.adesh\" as lib;\nlet a: i64 = lib.area(2, 3);\n"); len(got.Diagnostics) != 0 {
		t.Fatalf("the program: %+v", got.Diagnostics)
	}
	// area now returns a string: the importer's let no longer checks.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///work/lib.adesh", "version": 2},
		"contentChanges": []any{map[string]any{"text": "export fn area(w: i64, h: i64): string { return \"x\"; }\n"}}})
	if got := c.published(); got.URI != "file:///work/lib.adesh" || len(got.Diagnostics) != 0 {
		t.Fatalf("the library after the edit: %+v", got)
	}
	got := c.published()
	if got.URI != testURI || len(got.Diagnostics) != 1 || got.Diagnostics[0].Code != "E0705" {
		t.Fatalf("the importer after the edit: %+v, want an E0705", got)
	}
}

// TestUTF16Positions: the protocol counts characters in UTF-16 units; 😀 is two, é one.
func TestUTF16Positions(t *testing.T) {
	c := newClient(t)
	got := c.open("let s = \"é😀\"; let x: i64 = \"a\";\n")
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range != (rng{pos{0, 28}, pos{0, 31}}) {
		t.Fatalf("diagnostics %+v, want the range 28-31 of line 0", got.Diagnostics)
	}
	// Replace the `"a"` by `1`, addressed in UTF-16 units.
	got = c.change(2, map[string]any{"range": rng{pos{0, 28}, pos{0, 31}}, "text": "1"})
	if len(got.Diagnostics) != 0 {
		t.Fatalf("after the edit: %+v", got.Diagnostics)
	}
}

// Tests (`test fn`, `test Group { … }`) are in the outline, and names inside them hover as
// in any function.
func TestTestDeclarations(t *testing.T) {
	const tests = `let base = 40;
test fn adds() { let sum = base + 2; assert_eq(sum, 42); }
test async fn waits() { await sleep(1); }
test Math {
    fn mul() { assert_eq(6 * 7, 42); }
}
`
	c := newClient(t)
	if d := c.open(tests).Diagnostics; len(d) != 0 {
		t.Fatalf("the program has diagnostics: %+v", d)
	}
	if got, want := symbolNames(c), "base test adds test waits test Math.mul"; got != want {
		t.Errorf("symbols %q, want %q", got, want)
	}
	if got := hoverText(t, c, tests, "sum =", 0); !strings.Contains(got, "let sum: i64") {
		t.Errorf("hover in a test: %q", got)
	}
	if got := hoverText(t, c, tests, "base + 2", 0); !strings.Contains(got, "base") {
		t.Errorf("hover on a global in a test: %q", got)
	}
}

// symbolNames is the document's outline as "Name.child.child Name …".
func symbolNames(c *client) string {
	var syms []struct {
		Name     string `json:"name"`
		Children []struct {
			Name string `json:"name"`
		} `json:"children"`
	}
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": testURI}}, &syms)
	var names []string
	for _, s := range syms {
		n := s.Name
		for _, k := range s.Children {
			n += "." + k.Name
		}
		names = append(names, n)
	}
	return strings.Join(names, " ")
}
