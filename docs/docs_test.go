// Package docs holds the user documentation. Its test keeps docs/language.md true: every
// ```adesh block in it is compiled, the complete programs are built and run, and what they print
// must be what the page shows.
//
// The fence line of a block says what the block is:
//
//	```adesh                    a complete program: it compiles with no diagnostic and is run;
//	                            stdout must equal the ```output block right after it (no output
//	                            block: it prints nothing), stderr the ```stderr block (then the
//	                            exit status must be 1, or exit=N)
//	```adesh fragment           part of a program: not compiled
//	```adesh fails E0702        refused, every error with that code ("syntax": E0600, a syntax error)
//	```adesh warns W0706        compiles, with at least one warning of that code
//	```adesh norun              compiled and lowered, not run (it needs the network, waits…)
//	```adesh pending            what the language says and the compiler does not do yet: it
//	                            must still fail to compile, build or print its output
//	```adesh file=NAME.adesh    a file that later blocks may import as "./NAME.adesh"
//	```adesh name=NAME.adesh    the entry file's name in positions (default prog.adesh)
//	```adesh args=a,b           the program's command-line arguments
//	```adesh test               its tests are run, as `adesh2go test` runs them: the output
//	                            block is what the test program prints (exit=1 when one fails)
//
// A ```diagnostics block right after a fails or warns block must equal the compiler's text
// diagnostics for it.
//
// The Neovim snippets of docs/editors.md are run in a headless Neovim, where one is installed
// (neovim_test.go).
package docs

import (
	"adesh2go/frontend/builtin"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/frontend/diag"
)

const page = "language.md"

// block is one fenced code block of the page.
type block struct {
	line  int               // line of the opening fence
	lang  string            // "adesh", "output", "stderr", "diagnostics", …
	attrs map[string]string // the words after the language: "fragment", "fails" → "E0702", "file" → "x.adesh"
	text  string

	// Blocks that belong to an adesh block: they follow it with only blank lines between.
	output, stderr, diagnostics *block
}

func (b *block) has(attr string) bool { _, ok := b.attrs[attr]; return ok }

// readBlocks splits the page into its fenced blocks and attaches output, stderr and diagnostics
// blocks to the adesh block before them.
func readBlocks(t *testing.T) []*block {
	t.Helper()
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	var blocks []*block
	var cur *block
	var body []string
	var last *block
	indent := "" // of the open fence: a block in a list item is indented
	for i, l := range lines {
		if cur == nil {
			trimmed := strings.TrimLeft(l, " ")
			if !strings.HasPrefix(trimmed, "```") {
				if trimmed != "" {
					last = nil // prose between two blocks separates them
				}
				continue
			}
			cur = parseFence(i+1, strings.TrimPrefix(trimmed, "```"))
			indent = l[:len(l)-len(trimmed)]
			body = nil
			continue
		}
		if strings.TrimSpace(l) == "```" {
			cur.text = strings.Join(body, "\n") + "\n"
			if cur.text == "\n" {
				cur.text = ""
			}
			attach(t, last, cur)
			blocks = append(blocks, cur)
			if cur.lang == "adesh" {
				last = cur
			}
			cur = nil
			continue
		}
		body = append(body, strings.TrimPrefix(l, indent))
	}
	if cur != nil {
		t.Fatalf("%s:%d: the block is never closed", page, cur.line)
	}
	return blocks
}

func parseFence(line int, info string) *block {
	b := &block{line: line, attrs: map[string]string{}}
	words := strings.Fields(info)
	if len(words) > 0 {
		b.lang = words[0]
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.Contains(w, "="):
			k, v, _ := strings.Cut(w, "=")
			b.attrs[k] = v
		case (w == "fails" || w == "warns") && i+1 < len(words):
			b.attrs[w] = words[i+1]
			i++
		default:
			b.attrs[w] = ""
		}
	}
	return b
}

// attach gives an output, stderr or diagnostics block to the adesh block it follows.
func attach(t *testing.T, prog, b *block) {
	var slot **block
	switch b.lang {
	case "output":
		if prog != nil {
			slot = &prog.output
		}
	case "stderr":
		if prog != nil {
			slot = &prog.stderr
		}
	case "diagnostics":
		if prog != nil {
			slot = &prog.diagnostics
		}
	default:
		return
	}
	if slot == nil {
		t.Errorf("%s:%d: a %s block must follow an adesh block", page, b.line, b.lang)
		return
	}
	if *slot != nil {
		t.Errorf("%s:%d: a second %s block for the program of line %d", page, b.line, b.lang, prog.line)
		return
	}
	*slot = b
}

// program is an adesh block to compile.
type program struct {
	b     *block
	name  string            // the entry file's name
	files map[string]string // the files it may import
}

func (p *program) load() *frontend.Program {
	return frontend.LoadWith(p.name, func(n string) ([]byte, error) {
		if n == p.name {
			return []byte(p.b.text), nil
		}
		if src, ok := p.files[n]; ok {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	})
}

func (p *program) String() string { return fmt.Sprintf("%s:%d", page, p.b.line) }

func diagnosticsText(prog *frontend.Program) string {
	var b bytes.Buffer
	prog.Diags.WriteText(&b)
	return b.String()
}

// programs lists the adesh blocks with the files each may import.
func programs(t *testing.T, blocks []*block) []*program {
	files := map[string]string{}
	var ps []*program
	for _, b := range blocks {
		if b.lang != "adesh" {
			continue
		}
		name := "prog.adesh"
		if n, ok := b.attrs["file"]; ok {
			name = n
		} else if n, ok := b.attrs["name"]; ok {
			name = n
		}
		snapshot := map[string]string{}
		for k, v := range files {
			snapshot[k] = v
		}
		ps = append(ps, &program{b: b, name: name, files: snapshot})
		if b.has("file") {
			files[name] = b.text
		}
	}
	return ps
}

// TestExamples compiles every example of the page, checks the refused ones and their
// diagnostics, then builds the complete programs into one executable and runs each with 1 and
// 4 workers. A `pending` example must still fail somewhere on the way.
func TestExamples(t *testing.T) {
	blocks := readBlocks(t)
	srcs := map[string][]byte{}
	var runs, pending []*program
	pendingSrcs := map[*program][]byte{}
	for _, p := range programs(t, blocks) {
		b := p.b
		if b.has("fragment") {
			if b.output != nil || b.stderr != nil || b.diagnostics != nil {
				t.Errorf("%v: a fragment has no output or diagnostics", p)
			}
			continue
		}
		src, problems := compileExample(p)
		if b.has("pending") {
			if len(problems) == 0 {
				pending = append(pending, p)
				pendingSrcs[p] = src
			}
			continue
		}
		for _, pr := range problems {
			t.Errorf("%v: %s", p, pr)
		}
		if src == nil || b.has("norun") || b.has("file") {
			continue
		}
		srcs[exeName(p)] = src
		runs = append(runs, p)
	}
	if testing.Short() {
		t.Skip("running the examples builds them with the go command")
	}
	if t.Failed() {
		return
	}
	exe, err := buildAll(t.TempDir(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for _, p := range runs {
		for _, workers := range []string{"1", "4"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				for _, pr := range runExample(exe, p, workers) {
					t.Errorf("%v with %s workers: %s", p, workers, pr)
				}
			}()
		}
	}
	wg.Wait()
	for _, p := range pending {
		checkStillPending(t, p, pendingSrcs[p])
	}
}

// compileExample loads an example and checks its diagnostics against its markers. It returns
// the Go source of a program that compiles (nil for a refused one) and what is wrong.
func compileExample(p *program) ([]byte, []string) {
	b := p.b
	var problems []string
	prog := p.load()
	diags := diagnosticsText(prog)
	if b.diagnostics != nil && diags != b.diagnostics.text {
		problems = append(problems, "the diagnostics differ from the page's:\n"+lineDiff(b.diagnostics.text, diags))
	}
	if code, ok := b.attrs["fails"]; ok {
		return nil, append(problems, refusalProblems(prog, code, diags)...)
	}
	if prog.Diags.HasErrors() {
		return nil, append(problems, "does not compile:\n"+diags)
	}
	if code, ok := b.attrs["warns"]; ok {
		if !hasDiagnostic(prog, diag.Warning, code) {
			problems = append(problems, fmt.Sprintf("no %s warning:\n%s", code, diags))
		}
	} else if len(prog.Diags.Items) > 0 {
		problems = append(problems, "unexpected diagnostics (mark the block `warns CODE`):\n"+diags)
	}
	src, err := adesh2go.GoSourceWith(prog, adesh2go.EmitOptions{Tests: b.has("test")})
	if err != nil {
		return nil, append(problems, err.Error())
	}
	if (b.has("norun") || b.has("file")) && (b.output != nil || b.stderr != nil) {
		problems = append(problems, "a block that is not run has no output")
	}
	return src, problems
}

// checkStillPending builds and runs a `pending` example on its own: the page shows what the
// language says, and the test fails once the compiler does it, so that the marker goes.
func checkStillPending(t *testing.T, p *program, src []byte) {
	exe, err := buildAll(t.TempDir(), map[string][]byte{exeName(p): src})
	if err != nil {
		return
	}
	for _, workers := range []string{"1", "4"} {
		if len(runExample(exe, p, workers)) > 0 {
			return
		}
	}
	t.Errorf("%v: the example marked `pending` works now: remove the marker", p)
}

func exeName(p *program) string { return "line" + strconv.Itoa(p.b.line) }

func hasDiagnostic(prog *frontend.Program, sev diag.Severity, code string) bool {
	if code == "syntax" {
		code = diag.Syntax
	}
	for _, d := range prog.Diags.Items {
		if d.Severity == sev && d.Code == code {
			return true
		}
	}
	return false
}

// refusalProblems checks that a `fails CODE` example is refused with that code and no other.
func refusalProblems(prog *frontend.Program, code, diags string) []string {
	if !prog.Diags.HasErrors() {
		return []string{"was not refused:\n" + diags}
	}
	want := code
	if code == "syntax" {
		want = diag.Syntax
	}
	for _, d := range prog.Diags.Items {
		if d.Severity == diag.Error && d.Code != want {
			return []string{fmt.Sprintf("refused with %q, the page says %s:\n%s", d.Code, code, diags)}
		}
	}
	if _, err := adesh2go.GoSource(prog); err == nil {
		return []string{"Go source was emitted for a refused program"}
	}
	return nil
}

// buildAll writes one module holding every program and builds it into one executable: linking
// a program takes the go command a second, so the programs become packages (their `main`
// renamed `Main`) of one command that runs the one $ADESH_DOC_EXAMPLE names.
func buildAll(dir string, srcs map[string][]byte) (string, error) {
	rtFiles, err := adesh2go.RuntimeFiles()
	if err != nil {
		return "", err
	}
	files := map[string][]byte{"go.mod": []byte("module " + adesh2go.ModulePath + "\n\ngo 1.26\n")}
	for n, b := range rtFiles {
		files[filepath.Join("rt", n)] = b
	}
	var imports, table strings.Builder
	for name, src := range srcs {
		pkg, ok := asPackage(src, name)
		if !ok {
			return "", fmt.Errorf("the Go source of %s has no `package main` and `func main()`", name)
		}
		files[filepath.Join("progs", name, "main.go")] = pkg
		fmt.Fprintf(&imports, "\t%q\n", adesh2go.ModulePath+"/progs/"+name)
		fmt.Fprintf(&table, "\t%q: %s.Main,\n", name, name)
	}
	files[filepath.Join("examples", "main.go")] = []byte("package main\n\nimport (\n\t\"os\"\n\n" + imports.String() +
		")\n\nvar examples = map[string]func(){\n" + table.String() + "}\n\nfunc main() { examples[os.Getenv(\"ADESH_DOC_EXAMPLE\")]() }\n")
	for n, b := range files {
		path := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return "", err
		}
	}
	// -trimpath keeps the build cache valid across temporary directories.
	exe := filepath.Join(dir, "examples.exe")
	for _, args := range [][]string{{"build", "-trimpath", "-o", exe, "./examples"}, {"vet", "-trimpath", "./progs/..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GO111MODULE=on")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return exe, nil
}

// asPackage turns a generated main package into package name with an exported Main.
func asPackage(src []byte, name string) ([]byte, bool) {
	s := string(src)
	if !strings.Contains(s, "\npackage main\n") || !strings.Contains(s, "\nfunc main() {") {
		return nil, false
	}
	s = strings.Replace(s, "\npackage main\n", "\npackage "+name+"\n", 1)
	return []byte(strings.Replace(s, "\nfunc main() {", "\nfunc Main() {", 1)), true
}

// runTimeout bounds one run of an example: a deadlock fails the test instead of hanging it.
const runTimeout = 30 * time.Second

// runExample runs a built example in a directory of its own and says how what it printed and
// its exit status differ from what the page shows.
func runExample(exe string, p *program, workers string) []string {
	var args []string
	if a, ok := p.b.attrs["args"]; ok {
		args = strings.Split(a, ",")
	}
	dir, err := os.MkdirTemp("", "adesh-doc-example-")
	if err != nil {
		return []string{err.Error()}
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ADESH_DOC_EXAMPLE="+exeName(p), "ADESH_WORKERS="+workers, "ADESH_TRACEBACK=", "ADESH_TRACE_ASYNC=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ctx.Err() != nil {
		return []string{fmt.Sprintf("did not finish within %v; it printed:\n%s", runTimeout, stdout.String())}
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		return []string{err.Error()}
	}
	var wantOut, wantErr string
	if p.b.output != nil {
		wantOut = p.b.output.text
	}
	wantCode := 0
	if p.b.stderr != nil {
		wantErr = p.b.stderr.text
		wantCode = 1
	}
	if c, ok := p.b.attrs["exit"]; ok {
		wantCode, _ = strconv.Atoi(c)
	}
	var problems []string
	if got := stdout.String(); got != wantOut {
		problems = append(problems, "printed something else than the page shows:\n"+lineDiff(wantOut, got))
	}
	if got := stderr.String(); got != wantErr {
		problems = append(problems, "wrote to stderr:\n"+lineDiff(wantErr, got))
	}
	if code != wantCode {
		problems = append(problems, fmt.Sprintf("exited with %d, want %d", code, wantCode))
	}
	return problems
}

// lineDiff shows the first line where two texts differ, and both texts.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  page: %q\n  got:  %q\n--- page:\n%s--- got:\n%s", i+1, wl, gl, want, got)
		}
	}
	return ""
}

// TestBlockMarkers keeps the page's fences to the forms TestExamples knows.
func TestBlockMarkers(t *testing.T) {
	known := map[string]bool{"fragment": true, "fails": true, "warns": true, "norun": true, "pending": true,
		"file": true, "name": true, "args": true, "exit": true, "test": true}
	for _, b := range readBlocks(t) {
		switch b.lang {
		case "adesh":
			for k := range b.attrs {
				if !known[k] {
					t.Errorf("%s:%d: unknown marker %q", page, b.line, k)
				}
			}
			if b.has("fails") && (b.output != nil || b.stderr != nil) {
				t.Errorf("%s:%d: a refused program has no output", page, b.line)
			}
		case "output", "stderr", "diagnostics", "", "sh", "go", "text":
		default:
			t.Errorf("%s:%d: unknown block language %q", page, b.line, b.lang)
		}
	}
}

// TestEveryDiagnosticShown checks that each code of the language's diagnostics has an example
// on the page that is refused (or warned about) with it.
func TestEveryDiagnosticShown(t *testing.T) {
	codes := []string{diag.AwaitOutsideAsync, diag.NotSend, diag.BorrowEscapes, diag.ScopeConflict,
		diag.AwaitInDefer, diag.Type, diag.FutureNotAwaited, diag.GuardAcrossAwait}
	shown := map[string]bool{}
	for _, b := range readBlocks(t) {
		if b.lang == "adesh" {
			shown[b.attrs["fails"]] = true
			shown[b.attrs["warns"]] = true
		}
	}
	for _, c := range codes {
		if !shown[c] {
			t.Errorf("no example on the page is refused with %s", c)
		}
	}
}

// TestEveryBuiltinListed checks that the page names each spelling of each row of the table of
// the builtin library (frontend/builtin), so that a builtin added to the compiler cannot go
// undocumented.
func TestEveryBuiltinListed(t *testing.T) {
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	seen := map[string]bool{}
	for _, r := range builtin.All() {
		for _, n := range append([]string{r.Name}, r.Aliases...) {
			if seen[n] {
				continue
			}
			seen[n] = true
			// A name counts as listed when the page shows it in code as a call or a member:
			// `name(`, `.name(`, `name` alone in backticks, or `Type.name`.
			pat := regexp.MustCompile("`[^`\n]*\\b" + regexp.QuoteMeta(n) + "\\b[^`\n]*`")
			if !pat.MatchString(doc) {
				t.Errorf("the builtin `%s` (%s) is not on the page", n, r.Of)
			}
		}
	}
	if len(seen) < 100 {
		t.Fatalf("found only %d builtin names in frontend/builtin", len(seen))
	}
}

// TestLinks checks that every link to a section of the page, `](#anchor)`, names a heading, with
// the anchors GitHub makes: the heading in lower case, without punctuation, spaces as hyphens.
func TestLinks(t *testing.T) {
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	inBlock := false
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), "```") {
			inBlock = !inBlock
		}
		if inBlock || !strings.HasPrefix(l, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(l, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchors[b.String()] = true
	}
	for _, m := range regexp.MustCompile(`\]\(#([^)]*)\)`).FindAllStringSubmatch(string(src), -1) {
		if !anchors[m[1]] {
			t.Errorf("the link #%s names no heading of %s", m[1], page)
		}
	}
}
