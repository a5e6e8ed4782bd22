package gobuild

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/rt"
)

// chainProgram is n functions, each calling the one before, a struct and an async function per
// ten; body is the text of the function numbered edit's return expression (that function is
// too large for Go to inline: its body is not in its export data, which an edit of a small
// function's would change).
func chainProgram(n, edit int, body string) string {
	var b strings.Builder
	b.WriteString("fn f0(x: i64): i64 { return x; }\n")
	for i := 1; i < n; i++ {
		ret := fmt.Sprintf("f%d(x) + %d", i-1, i)
		if i == edit {
			fmt.Fprintf(&b, "fn f%d(x: i64): i64 {\n    let y = x * 2;\n    let s = 0;\n    for (let i = 0; i < 3; i++) {\n%s    }\n    return s + %s;\n}\n",
				i, strings.Repeat("        s = s + i * y - i * y + x - x;\n", 20), body)
			continue
		}
		fmt.Fprintf(&b, "fn f%d(x: i64): i64 {\n    let y = x * 2;\n    return %s;\n}\n", i, ret)
		if i%10 == 0 {
			fmt.Fprintf(&b, "struct S%d { v: i64 }\nasync fn a%d(s: S%d): i64 { await sleep(1); return f%d(s.v); }\n", i, i, i, i)
		}
	}
	if n > 10 {
		fmt.Fprintf(&b, "print(f%d(1), await a10(S10 { v: 2 }));\n", n-1)
	} else {
		fmt.Fprintf(&b, "print(f%d(1));\n", n-1)
	}
	return b.String()
}

// splitFiles compiles a program's text, as dir/prog.adesh, with perPart declarations a package.
func splitFiles(t *testing.T, dir, text string, perPart int) []emitgo.File {
	t.Helper()
	return goFilesOf(t, filepath.Join(dir, "prog.adesh"), text, adesh2go.EmitOptions{PerPart: perPart})
}

// An edit inside one function's body changes the file of that function's package only: every
// other package is byte for byte what it was, so that it is not compiled again.
func TestSplitEditChangesOnePackage(t *testing.T) {
	dir := t.TempDir()
	before := splitFiles(t, dir, chainProgram(60, 25, "f24(x) + 25"), 8)
	for i, f := range splitFiles(t, dir, chainProgram(60, 25, "f24(x) + 25"), 8) {
		if f.Name != before[i].Name || !bytes.Equal(f.Src, before[i].Src) {
			t.Fatalf("%s differs between two compiles of the same program", f.Name)
		}
	}
	after := splitFiles(t, dir, chainProgram(60, 25, "f24(x) + y + 1000"), 8)
	if len(before) < 5 || len(after) != len(before) {
		t.Fatalf("split into %d and %d packages, want the same number, at least 5", len(before), len(after))
	}
	changed := 0
	for i := range before {
		if before[i].Name != after[i].Name {
			t.Fatalf("file %d is %s before the edit, %s after", i, before[i].Name, after[i].Name)
		}
		if !bytes.Equal(before[i].Src, after[i].Src) {
			changed++
			if !bytes.Contains(after[i].Src, []byte("func Ξf25(")) {
				t.Errorf("%s changed, but f25 is not in it", after[i].Name)
			}
		}
	}
	if changed != 1 {
		t.Errorf("%d packages changed, want 1", changed)
	}
}

// Lines added between declarations move every declaration after them, but change no part:
// only the positions packages, which hold the absolute lines, differ.
func TestSplitMovedLinesChangeOnlyPositions(t *testing.T) {
	dir := t.TempDir()
	text := chainProgram(60, 25, "f24(x) + 25")
	before := splitFiles(t, dir, text, 8)
	at := strings.Index(text, "fn f20(")
	after := splitFiles(t, dir, text[:at]+"// two lines\n// more\n"+text[at:], 8)
	if len(after) != len(before) {
		t.Fatalf("split into %d and %d files", len(before), len(after))
	}
	moved := 0
	for i := range before {
		if before[i].Name != after[i].Name {
			t.Fatalf("file %d is %s before, %s after", i, before[i].Name, after[i].Name)
		}
		if bytes.Equal(before[i].Src, after[i].Src) {
			continue
		}
		if !strings.HasPrefix(after[i].Name, "lines") {
			t.Errorf("%s changed when lines moved", after[i].Name)
		}
		moved++
	}
	if moved == 0 {
		t.Error("no positions package changed")
	}
}

// A program of no more declarations than a package holds stays one package, main.go, with its
// names as they are.
func TestSmallProgramIsOnePackage(t *testing.T) {
	files := splitFiles(t, t.TempDir(), chainProgram(5, -1, ""), 0)
	if len(files) != 1 || files[0].Name != "main.go" || bytes.Contains(files[0].Src, []byte(emitgo.ExportMark)) {
		t.Fatalf("a 5-function program gave %d files (%s first)", len(files), files[0].Name)
	}
}

// The runtime takes the same mark off a split program's names that the emitter puts on.
func TestExportMarkIsTheRuntimes(t *testing.T) {
	if emitgo.ExportMark != rt.ExportMark {
		t.Fatalf("emitgo marks exported names %q, rt takes %q off", emitgo.ExportMark, rt.ExportMark)
	}
}

// A build after an edit inside one body compiles only the package that changed (the others,
// main included, come from the cache: their source and the export data they import are the
// same), and the program runs with the edit.
func TestSplitBuildCompilesOnlyWhatChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go toolchain")
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	compiled := func() int {
		entries, _ := filepath.Glob(filepath.Join(CacheDir(), "pkg-*"))
		return len(entries)
	}
	run := func(files []emitgo.File, want string) {
		t.Helper()
		exe, err := CachedBinary(files)
		if err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(exe).CombinedOutput()
		if err != nil || string(out) != want {
			t.Fatalf("the program printed %q (%v), want %q", out, err, want)
		}
	}
	dir := t.TempDir()
	before := splitFiles(t, dir, chainProgram(60, 25, "f24(x) + 25"), 8)
	run(before, "1771 57\n")
	first := compiled()
	if first != len(before) {
		t.Fatalf("the first build compiled %d packages, want all %d", first, len(before))
	}
	run(splitFiles(t, dir, chainProgram(60, 25, "f24(x) + y + 1000"), 8), "2748 57\n")
	if again := compiled() - first; again != 1 {
		t.Errorf("the build after the edit compiled %d packages, want 1", again)
	}
}

// `adesh2go emit` of a split program writes a module the go command builds: each part and
// each positions package in a directory of its own.
func TestSplitModuleBuildsWithGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	dir := t.TempDir()
	files := splitFiles(t, dir, chainProgram(30, 5, "f4(x) + 5"), 8)
	mod := filepath.Join(dir, "mod")
	if err := WriteModule(mod, files, "."); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "prog")
	if err := BuildModule(mod, exe); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(exe).CombinedOutput(); err != nil || string(out) != "436 57\n" {
		t.Fatalf("the program printed %q (%v), want %q", out, err, "436 57\n")
	}
}

// Names the generated code binds (a receiver `v`, parameters `b`, `nested`, `name`, a
// receiver's type parameter) stay the user's types of the same name in a split program, and a
// run of package variables is not built with the bindings of the declaration before it.
func TestSplitKeepsUsersNamesApartFromBindings(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go toolchain")
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	const text = `struct v { a: i64 }
struct b { a: i64 }
enum name { A, B }
struct nested { a: i64 }
struct w { a: i64 }
struct Box<w> { item: w }
let g = v { a: 1 };
let n: name = name.A;
fn h(): i64 { return g.a; }
fn h2(): i64 { return 2; }
let bx = Box { item: 5 };
print(h(), h2(), g, n, b { a: 2 }, nested { a: 3 }, bx.item, w { a: 4 });
`
	files := splitFiles(t, t.TempDir(), text, 2)
	if len(files) < 4 {
		t.Fatalf("split into %d files, want at least 4", len(files))
	}
	exe, err := CachedBinary(files)
	if err != nil {
		t.Fatal(err)
	}
	const want = "1 2 v { a: 1 } A b { a: 2 } nested { a: 3 } 5 w { a: 4 }\n"
	if out, err := exec.Command(exe).CombinedOutput(); err != nil || string(out) != want {
		t.Fatalf("the program printed %q (%v), want %q", out, err, want)
	}
}

// Running an unchanged split program (its executable found in the cache) marks its compiled
// packages used as well, so that trimming the cache does not take them from its next edit.
func TestRunningASplitProgramKeepsItsPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go toolchain")
	}
	t.Setenv("ADESH2GO_CACHE", t.TempDir())
	files := splitFiles(t, t.TempDir(), chainProgram(30, 5, "f4(x) + 5"), 8)
	exe, err := CachedBinary(files)
	if err != nil {
		t.Fatal(err)
	}
	links, _ := filepath.Glob(filepath.Join(CacheDir(), "pkg-*", "link.a"))
	if len(links) != len(files) {
		t.Fatalf("%d compiled packages for %d files", len(links), len(files))
	}
	old := time.Now().Add(-2 * cacheTouchEvery)
	for _, f := range append(links, exe) {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := CachedBinary(files); err != nil {
		t.Fatal(err)
	}
	for _, f := range links {
		if info, err := os.Stat(f); err != nil || !info.ModTime().After(old.Add(cacheTouchEvery)) {
			t.Errorf("%s was not marked used (%v)", f, err)
		}
	}
}
