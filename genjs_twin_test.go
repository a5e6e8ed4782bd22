package adesh2go_test

import "strings"

// The two texts of a program of TestNodeOracle (genjs_test.go): every piece is written once as
// AdeshLang and once as JavaScript.

// jsPrelude makes the JavaScript print as AdeshLang prints (docs/language.md, Printing): show is
// print's form of a value, print joins its arguments with a space, and sleep is the
// AdeshLang builtin. The JavaScript side adapts to AdeshLang, never the reverse.
const jsPrelude = `function show(v, inner) {
    if (v === null || v === undefined) return "null";
    if (typeof v === "string") return inner ? JSON.stringify(v) : v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    if (Array.isArray(v)) return "[" + v.map(x => show(x, true)).join(", ") + "]";
    if (v instanceof Map) return "{" + [...v].map(([k, x]) => show(k, true) + ": " + show(x, true)).join(", ") + "}";
    const fields = Object.keys(v).map(k => k + ": " + show(v[k], true));
    const body = fields.length ? " " + fields.join(", ") + " " : "";
    if (Object.getPrototypeOf(v) === Object.prototype) return "{" + body + "}";
    return v.constructor.name + " {" + body + "}";
}
function print(...xs) { console.log(xs.map(x => show(x, false)).join(" ")); }
function sleep(ms) { return new Promise(resolve => setTimeout(resolve, ms)); }

`

// twin is a piece of program in both languages.
type twin struct{ a, j string }

// same is a piece spelled alike in both.
func same(s string) twin { return twin{s, s} }

// cat joins pieces.
func cat(parts ...twin) twin {
	var t twin
	for _, p := range parts {
		t.a += p.a
		t.j += p.j
	}
	return t
}

// joinTwins joins pieces with a separator spelled alike.
func joinTwins(xs []twin, sep string) twin {
	var t twin
	for i, x := range xs {
		if i > 0 {
			t.a += sep
			t.j += sep
		}
		t.a += x.a
		t.j += x.j
	}
	return t
}

// twinWriter writes the two programs line by line.
type twinWriter struct {
	a, j   strings.Builder
	indent string
}

func (w *twinWriter) line(t twin) {
	w.a.WriteString(w.indent + t.a + "\n")
	w.j.WriteString(w.indent + t.j + "\n")
}

// open writes a line that opens a block, close the line that ends it.
func (w *twinWriter) open(t twin) {
	w.line(t)
	w.indent += "    "
}

func (w *twinWriter) close(t twin) {
	w.indent = w.indent[4:]
	w.line(t)
}
