package syntax

import (
	"regexp"
	"strings"
	"testing"

	"adesh2go/frontend/source"
)

// Syntax errors in the style of Go's cmd/compile/internal/syntax tests: each expected error is
// written in the source as a comment /*ERROR "text"*/ placed where the error is reported: either
// the comment's own position (an error at the end of the token before it, such as a missing
// `;`) or the token right after it. Every reported error must be expected, and every expected
// error reported, so these tests also catch cascades of follow-on errors.
var errorTests = []string{
	// missing `;`, in a block and at the top level
	"let x = 1/*ERROR \"expected `;` after the statement, found keyword `let`\"*/\nlet y = 2;",
	"fn f() {\n    g()/*ERROR \"expected `;` after the statement, found `}`\"*/\n}",
	// a keyword as a name
	"let /*ERROR \"`match` is a keyword and cannot be used as a name\"*/match = 1;",
	"fn /*ERROR \"`if` is a keyword and cannot be used as a name\"*/if() {}",
	"async fn /*ERROR \"`match` is a keyword\"*/match() {}",
	"fn f(/*ERROR \"`for` is a keyword\"*/for) {}",
	"struct S { /*ERROR \"`let` is a keyword\"*/let: i64 }",
	"fn f() { let (a, /*ERROR \"`in` is a keyword\"*/in) = p; }",
	// stray and missing brackets
	"/*ERROR \"unexpected `}`\"*/}\nlet x = 1;",
	"fn f() { }\n/*ERROR \"unexpected `)`\"*/)",
	"fn f() { let a = 1; /*ERROR \"expected `}` to close the block opened at line 1, found the end of the file\"*/",
	"let v = (a, b/*ERROR \"expected `)`, found `;`\"*/;",
	"let x = [1, 2/*ERROR \"expected `,` or `]` in the array literal\"*/;",
	// several errors in one file, each reported once, the rest of the file still parsed
	"fn a() {\n    let x = /*ERROR \"expected an expression, found `;`\"*/;\n    let y = 2;\n    foo(/*ERROR \"expected an expression, found `;`\"*/;\n    bar();\n}\nfn b(/*ERROR \"expected a parameter name, found `{`\"*/{ }\nlet ok = 1;\nlet bad = 1 +/*ERROR \"expected an expression\"*/;",
	// declarations
	"struct S { a: i64 /*ERROR \"expected `,` or `}` after the field, found name `b`\"*/b: i64 }",
	"enum E { A(/*ERROR \"expected a type, found `,`\"*/, B }",
	"fn f(a /*ERROR \"expected `,` or `)` in the parameter list, found name `b`\"*/b) {}",
	"import /*ERROR \"expected a name, found number `1`\"*/1;",
	"/*ERROR \"`export` cannot mark an extend block\"*/export impl T {}",
	"fn f(): /*ERROR \"expected a type, found `{`\"*/{ }",
	// statements
	"let /*ERROR \"expected a name or a pattern, found `=`\"*/= 5;",
	"let x: /*ERROR \"expected a type, found `=`\"*/= 1;",
	"try { }/*ERROR \"expected `catch` or `finally` after the `try` block\"*/",
	"for x /*ERROR \"expected `in`, found name `y`\"*/y {}",
	"while /*ERROR \"expected a condition or a value before the block, found `{`\"*/{ }",
	"if c == Config /*ERROR \"a struct literal here must be in parentheses\"*/{ host: \"h\" } { }",
	"/*ERROR \"`else` without an `if` before it\"*/else { }",
	"fn f() { /*ERROR \"`import` is allowed only at the top level\"*/import \"x\"; }",
	"fn f() { /*ERROR \"`catch` without a `try` block\"*/catch { } }",
	// expressions
	"x./*ERROR \"expected a member name after `.`, found `;`\"*/;",
	"match x { 1 => a /*ERROR \"expected `,` or `}` after the match arm, found name `b`\"*/b => c }",
	"let f = fn /*ERROR \"expected `(` after `fn`\"*/name() {};",
	"let c = b ? 1 /*ERROR \"expected `:` of the conditional expression\"*/;",
	"let p = new /*ERROR \"expected a type name after `new`\"*/(1);",
	"let g = async /*ERROR \"expected `{`, `move {` or a lambda after `async`\"*/5;",
	// literals
	"let x = /*ERROR \"invalid digit '2' in the binary number `0b102`\"*/0b102;",
	"let x = /*ERROR \"invalid suffix `abc`\"*/1abc;",
	"let x = /*ERROR \"the integer `99999999999999999999` is too large\"*/99999999999999999999;",
	"let c = /*ERROR \"a character literal holds exactly one character\"*/'ab';",
	"let x = 1 /*ERROR \"invalid character '@'\"*/@ 2;",
	"let x = /*ERROR \"the number `0x_` has no digits\"*/0x_;",
	"let x = /*ERROR \"invalid BigInt literal `08n`\"*/08n;",
	"let x = /*ERROR \"invalid BigInt literal `0b12n`\"*/0b12n;",
}

var errorMarker = regexp.MustCompile(`/\*ERROR "((?:[^"\\]|\\.)*)"\*/`)

func TestSyntaxErrors(t *testing.T) {
	for _, src := range errorTests {
		type want struct {
			msg        string
			line, cols int // the marker's line; its own column or the column after it
			colAfter   int
			found      bool
		}
		var wants []*want
		fset0 := source.NewFileSet()
		f0 := fset0.Add("t.adesh", "", []byte(src))
		for _, m := range errorMarker.FindAllStringSubmatchIndex(src, -1) {
			msg := strings.ReplaceAll(src[m[2]:m[3]], `\"`, `"`)
			at, after := f0.Position(m[0]), f0.Position(m[1])
			wants = append(wants, &want{msg: msg, line: at.Line, cols: at.Col, colAfter: after.Col})
		}
		_, fset, diags := parseSource("t.adesh", []byte(src))
		for _, d := range diags.Items {
			pos := fset.Position(d.Pos)
			matched := false
			for _, w := range wants {
				if !w.found && pos.Line == w.line && (pos.Col == w.cols || pos.Col == w.colAfter) && strings.Contains(d.Message, w.msg) {
					w.found, matched = true, true
					break
				}
			}
			if !matched {
				t.Errorf("%q\n  unexpected error %d:%d: %s", src, pos.Line, pos.Col, d.Message)
			}
		}
		for _, w := range wants {
			if !w.found {
				t.Errorf("%q\n  missing error at %d:%d: %s", src, w.line, w.colAfter, w.msg)
			}
		}
	}
}
