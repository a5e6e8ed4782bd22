package lsp

import (
	"strings"
	"testing"
)

type codeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	IsPreferred bool          `json:"isPreferred"`
	Diagnostics []diagnostic  `json:"diagnostics"`
	Edit        workspaceEdit `json:"edit"`
}

// codeActions asks for the actions of the range of d.
func codeActions(c *client, d diagnostic) []codeAction {
	var actions []codeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": testURI}, "range": d.Range,
		"context": map[string]any{"diagnostics": []diagnostic{d}}}, &actions)
	return actions
}

// Each diagnostic whose help names an edit has it as a quick fix; applying the fix gives the
// text the help describes, and (but for the mutex, whose uses the user then changes) a
// program without that diagnostic.
func TestQuickFixes(t *testing.T) {
	for _, tc := range []struct {
		name, text, code, title, want string
		gone                          bool // the fixed program no longer has a diagnostic of that code
	}{
		{"did you mean", "let balance = 10;\nprint(balnce);\n", "E0705", "Change `balnce` to `balance`", "print(balance);", true},
		{"did you mean a field", "struct P { width: i64 }\nlet p = P { width: 1 };\nprint(p.widht);\n", "E0705", "Change `widht` to `width`", "print(p.width);", true},
		{"await a statement", "async fn later(): i64 { return 1; }\nlater();\n", "W0706", "Add `await`", "\nawait later();", true},
		{"spawn a statement", "async fn later(): i64 { return 1; }\nlater();\n", "W0706", "Spawn it: `spawn(…)`", "\nspawn(later());", true},
		{"await a future's method", "async fn make(): string { return \"a\"; }\nlet f = make();\nprint(f.len());\n", "E0705", "Add `await`", "print((await f).len());", true},
		{"annotate a global", "print(early);\nlet early = 3;\n", "E0705", "Annotate `early` as `i64`", "let early: i64 = 3;", true},
		{"annotate a recursive lambda", "let fact = (n) => n <= 1 ? 1 : n * fact(n - 1);\nprint(fact(5));\n", "E0705", "Annotate `fact` as `fn(i64): i64`", "let fact: fn(i64): i64 = (n)", true},
		{"make a function async", "async fn later(): i64 { return 1; }\nexport fn not_async() { let v = await later(); print(v); }\n", "E0700", "Make `not_async` async", "export async fn not_async()", true},
		{"make a lambda async", "async fn later(): i64 { return 1; }\nlet g = fn(x) { return await later(); };\n", "E0700", "Make the lambda async", "let g = async fn(x)", true},
		{"keep in a mutex", "import thread;\n\nlet count = 0;\nlet h = thread.spawn(fn() { count = count + 1; });\nh.join();\n", "E0703", "Keep `count` in a thread.Mutex (its uses then go through `count.with(fn(v) { … })`)", "let count = thread.Mutex.new(0);", false},
		{"keep in a mutex, named through the import", "import thread as th;\n\nlet items = [1];\nlet h = th.spawn(fn() { items.push(2); });\n", "E0703", "Keep `items` in a thread.Mutex (its uses then go through `items.with(fn(v) { … })`)", "let items = th.Mutex.new([1]);", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			var target *diagnostic
			for _, d := range c.open(tc.text).Diagnostics {
				if d.Code == tc.code && target == nil {
					target = &d
				}
			}
			if target == nil {
				t.Fatalf("no %s diagnostic in\n%s", tc.code, tc.text)
			}
			var fix *codeAction
			var titles []string
			for i, a := range codeActions(c, *target) {
				titles = append(titles, a.Title)
				if a.Title == tc.title {
					fix = &a
					if a.Kind != "quickfix" || len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != tc.code || a.IsPreferred != (i == 0) {
						t.Errorf("the action %+v", a)
					}
				}
			}
			if fix == nil {
				t.Fatalf("actions %q, want %q", titles, tc.title)
			}
			fixed := fix.Edit.apply(t, testURI, tc.text)
			if !strings.Contains(fixed, tc.want) {
				t.Fatalf("the fixed text:\n%s\nwant it to hold %q", fixed, tc.want)
			}
			if !tc.gone {
				return
			}
			for _, d := range c.change(2, map[string]any{"text": fixed}).Diagnostics {
				if d.Code == tc.code && d.Range.Start.Line == target.Range.Start.Line {
					t.Errorf("the fixed program still has %s: %s", d.Code, d.Message)
				}
			}
		})
	}
}

// A diagnostic without a fix has no action, and a range without diagnostics none either.
func TestNoQuickFixWithoutAnEdit(t *testing.T) {
	c := newClient(t)
	text := "let x: i64 = \"a\";\nlet y = 1;\n"
	d := c.open(text).Diagnostics
	if len(d) != 1 {
		t.Fatalf("diagnostics %+v", d)
	}
	if a := codeActions(c, d[0]); len(a) != 0 {
		t.Errorf("actions %+v for a diagnostic without a fix", a)
	}
	if a := codeActions(c, diagnostic{Range: rng{pos{1, 0}, pos{1, 3}}}); len(a) != 0 {
		t.Errorf("actions %+v on a line without diagnostics", a)
	}
}
