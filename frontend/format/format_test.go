package format

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/source"
)

// corpus is every AdeshLang program of the repository that parses: the run and fail tests, the
// examples, and the ```adesh blocks of the docs.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	progs := map[string][]byte{}
	for _, glob := range []string{"../../testdata/run/*.adesh", "../../testdata/fail/*.adesh", "../../testdata/tests/*.adesh", "../../examples/*.adesh", "../../frontend/syntax/testdata/*.adesh"} {
		names, _ := filepath.Glob(glob)
		for _, n := range names {
			src, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			progs[n] = src
		}
	}
	docs, _ := filepath.Glob("../../docs/*.md")
	fence := regexp.MustCompile("(?ms)^```adesh[^\n]*\n(.*?)^```")
	for _, d := range docs {
		src, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range fence.FindAllSubmatch(src, -1) {
			progs[fmt.Sprintf("%s#%03d", d, i)] = m[1]
		}
	}
	if len(progs) < 100 {
		t.Fatalf("the corpus has only %d programs: the paths are wrong", len(progs))
	}
	return progs
}

// TestFormatCorpus formats every program of the corpus: the result must parse to the same tree
// and keep every comment (Source checks both), and formatting it again must change nothing.
func TestFormatCorpus(t *testing.T) {
	formatted, refused := 0, 0
	for name, src := range corpus(t) {
		out, err := Source(name, src)
		var se *SyntaxError
		if errors.As(err, &se) {
			refused++
			continue
		}
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		formatted++
		again, err := Source(name, out)
		if err != nil {
			t.Errorf("%s: formatting the formatted text: %v", name, err)
			continue
		}
		if string(again) != string(out) {
			t.Errorf("%s: formatting is not idempotent:\n%s", name, firstDifference(string(out), string(again)))
		}
	}
	t.Logf("%d programs formatted, %d refused (syntax errors)", formatted, refused)
	if formatted < 250 {
		t.Errorf("only %d programs formatted", formatted)
	}
}

// unknownNode is a syntax node the printer has no layout for (as new syntax would be).
type unknownNode struct{ ast.Span }

func TestUnknownNodeIsAnError(t *testing.T) {
	fset := source.NewFileSet()
	file := fset.Add("x.adesh", "x.adesh", []byte("x;"))
	tree := &ast.File{Items: []ast.Node{&unknownNode{ast.Span{Start: file.Base, End: file.Base + 1}}}}
	_, err := File(file, tree)
	if err == nil || !strings.Contains(err.Error(), "no layout for the syntax node *format.unknownNode") {
		t.Fatalf("got %v, want an error naming the node kind", err)
	}
}

func TestCommentsKeptInPlace(t *testing.T) {
	src := "// head\n\n/** doc */\nfn f() { // opens\n    let x = [1, /* one */ 2]; # hash\n\n\n    /* before return */\n    return;\n    // at the end\n}\n"
	want := "// head\n\n/** doc */\nfn f() { // opens\n    let x = [\n        1, /* one */\n        2,\n    ]; # hash\n\n    /* before return */\n    return;\n    // at the end\n}\n"
	out, err := Source("c.adesh", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestCommentsBeforeElse(t *testing.T) {
	src := "if a { x(); } // then\nelse { y(); }\ntry { x(); } /* c */ catch (e) { y(); }\n"
	want := "if a { x(); } // then\nelse { y(); }\ntry { x(); } /* c */ catch (e) { y(); }\n"
	out, err := Source("e.adesh", []byte(src))
	if err != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
}

// A class's span ends at a `;` that follows it after blank lines: the `;` and those blank lines
// are not written with the class (found by TestMutatedCorpus: formatting twice differed).
func TestSemicolonAfterAClass(t *testing.T) {
	src := "class A {\n    x: i64;\n}\n\n;class B {\n    y: i64;\n}\nprint(1);\n"
	want := "class A {\n    x: i64;\n}\n\nclass B {\n    y: i64;\n}\nprint(1);\n"
	out, err := Source("s.adesh", []byte(src))
	if err != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
}

// Set literals print back as brace lists; a long one splits as an array literal does.
func TestSetLiterals(t *testing.T) {
	src := "let s = {1,2,   3};\nlet e = {};\nlet one = {x,};\nlet t = {\n    \"a\",\n    \"b\"\n};\n"
	want := "let s = {1, 2, 3};\nlet e = {};\nlet one = {x};\nlet t = {\n    \"a\",\n    \"b\",\n};\n"
	out, err := Source("s.adesh", []byte(src))
	if err != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
}

// Test declarations are written back as written: `test fn`, `export test async fn`, and a group
// laid out as a struct's methods are, on one line or one test per line.
func TestTestDeclarations(t *testing.T) {
	src := "/** adds */\ntest   fn adds( ) {\n    assert_eq(1+1, 2);  // two\n}\nexport test async fn waits() { await sleep(1); }\n\n" +
		"test Math {\n    // first\n    fn mul() { assert_eq(6 * 7, 42); }\n\n    async fn div() {\n        await sleep(1);\n    }\n};\ntest Empty {}\ntest One { fn a() {} }\n"
	want := "/** adds */\ntest fn adds() {\n    assert_eq(1 + 1, 2); // two\n}\nexport test async fn waits() { await sleep(1); }\n\n" +
		"test Math {\n    // first\n    fn mul() { assert_eq(6 * 7, 42); }\n\n    async fn div() {\n        await sleep(1);\n    }\n}\ntest Empty {}\ntest One { fn a() {} }\n"
	out, err := Source("t.adesh", []byte(src))
	if err != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
	again, err := Source("t.adesh", out)
	if err != nil || string(again) != want {
		t.Fatalf("formatting again gave %q, %v", again, err)
	}
}

// A record alias is written as one, so that a `;` after it stays its own statement (written
// as `struct`, the `;` became the struct's end and the tree changed: found by TestMutatedCorpus).
func TestRecordAliasKeepsItsForm(t *testing.T) {
	src := "type Id = int;\ntype Opt = { present: bool; size: i64 = 1 };;\nlet o = 1;\n"
	want := "type Id = int;\ntype Opt = { present: bool; size: i64 = 1 };\n;\nlet o = 1;\n"
	out, err := Source("a.adesh", []byte(src))
	if err != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
}

// A for-in over a lambda whose body is an expression keeps its parentheses: `for s in f => xs {`
// would read the block as a struct literal of `xs` (found by TestMutatedCorpus).
func TestForInOverALambda(t *testing.T) {
	src := "for (s in sh=>apes) {\n    print(s);\n}\nfor (s in apes) { print(s); }\n"
	want := "for (s in sh => apes) {\n    print(s);\n}\nfor s in apes { print(s); }\n"
	out, err := Source("f.adesh", []byte(src))
	if err != nil || string(out) != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
}
