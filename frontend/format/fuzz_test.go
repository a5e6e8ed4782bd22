package format

import (
	"errors"
	"testing"
)

// FuzzFormat: for any input that parses, formatting succeeds (the result parses to the same
// tree with the same comments, which Source checks), and formatting the result changes nothing.
func FuzzFormat(f *testing.F) {
	for _, src := range []string{
		"fn f(a, b) { return a + b; } // sum\nprint(f(1, 2));\n",
		"let m = {a: 1, \"b\": [1, 2,\n 3]};\n/* c */ match m { _ => {} }\n",
		"struct P { x: i64 }\nimpl P { fn g(): i64 { return self.x; } }\nlet p = P { x: 1 };\n",
		"if a { } elif b { } else { } # end\n",
		"let f = async (x) => { await x; };\nlet t = (1,);\n",
	} {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		out, err := Source("fuzz.adesh", []byte(src))
		var se *SyntaxError
		if errors.As(err, &se) {
			return
		}
		if err != nil {
			t.Fatalf("%v\ninput:\n%s", err, src)
		}
		again, err := Source("fuzz.adesh", out)
		if err != nil {
			t.Fatalf("formatting the result: %v\nresult:\n%s", err, out)
		}
		if string(again) != string(out) {
			t.Fatalf("not idempotent:\n%s\nthen:\n%s", out, again)
		}
	})
}
