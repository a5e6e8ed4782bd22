package bench

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The edit-run loop (issue 18): `adesh2go run` of a program just edited, against `go run` of a
// Go hello world just edited, in the same rounds, alternately. Every round writes a new text
// (the printed string changes), so neither side finds its executable cached. See README.md,
// "Edit and run".

// editRounds is how many edits each side runs.
const editRounds = 7

// editRun is one side of the loop: edit(i) writes the i-th text, argv runs it, want(i) is what
// it prints.
type editRun struct {
	edit func(i int)
	argv []string
	env  []string
	want func(i int) string
	runs []e2eRun
}

// adeshCommand builds the command line into a temporary directory.
func adeshCommand(b *testing.B) string {
	exe := filepath.Join(b.TempDir(), "adesh2go")
	cmd := exec.Command("go", "build", "-o", exe, "adesh2go/cmd/adesh2go")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build of the command: %v\n%s", err, out)
	}
	return exe
}

// goHello is `go run` of a Go hello world whose string is edited every round.
func goHello(b *testing.B) *editRun {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n\ngo 1.26\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	return &editRun{
		edit: func(i int) {
			src := fmt.Sprintf("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello %d\") }\n", i)
			writeText(b, filepath.Join(dir, "main.go"), src)
		},
		argv: []string{"go", "-C", dir, "run", "."},
		env:  []string{"GOFLAGS=-mod=mod", "GOWORK=off"},
		want: func(i int) string { return fmt.Sprintf("hello %d", i) },
	}
}

// adeshEdit is `adesh2go run` of body followed by a print that is edited every round, with
// the cache cache ("" for a new, empty cache every round).
func adeshEdit(b *testing.B, adesh, body, cache string) *editRun {
	return adeshEditText(b, adesh, func(i int) string { return body + fmt.Sprintf("print(\"edit %d\");\n", i) }, cache)
}

// adeshEditText is `adesh2go run` of text(i) in round i, which must print "edit i" last, with
// the cache cache ("" for a new, empty cache every round) and the environment env.
func adeshEditText(b *testing.B, adesh string, text func(i int) string, cache string, env ...string) *editRun {
	dir := b.TempDir()
	entry := filepath.Join(dir, "prog.adesh")
	r := &editRun{argv: []string{adesh, "run", entry}, want: func(i int) string { return fmt.Sprintf("edit %d", i) }}
	r.edit = func(i int) {
		writeText(b, entry, text(i))
		c := cache
		if c == "" {
			c = filepath.Join(b.TempDir(), "cache")
		}
		r.env = append([]string{"ADESH2GO_CACHE=" + c}, env...)
	}
	return r
}

func writeText(b *testing.B, path, text string) {
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
}

// editLoop runs the sides alternately, one warm-up edit each first (not counted), and checks
// what each run printed.
func editLoop(b *testing.B, sides ...*editRun) {
	round := 0
	one := func(r *editRun, keep bool) {
		round++
		r.edit(round)
		run := runProcess(b, r.argv, r.env...)
		if last := run.out[strings.LastIndexByte(run.out, '\n')+1:]; last != r.want(round) {
			b.Fatalf("%s printed %q, want %q last", strings.Join(r.argv, " "), run.out, r.want(round))
		}
		if keep {
			r.runs = append(r.runs, run)
		}
	}
	for _, r := range sides {
		one(r, false)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for range editRounds {
			for _, r := range sides {
				one(r, true)
			}
		}
	}
	b.StopTimer()
}

// medianOf is the median run of a side by f.
func (r *editRun) medianOf(f func(e2eRun) float64) float64 {
	vs := make([]float64, len(r.runs))
	for i, run := range r.runs {
		vs[i] = f(run)
	}
	slices.Sort(vs)
	return vs[len(vs)/2]
}

// reportEdit reports the medians of both sides and their ratios.
func reportEdit(b *testing.B, name string, adesh, gorun *editRun) {
	a, g := adesh.medianOf(wallMS), gorun.medianOf(wallMS)
	ac, gc := adesh.medianOf(cpuMS), gorun.medianOf(cpuMS)
	b.ReportMetric(a, "adesh-ms")
	b.ReportMetric(g, "gorun-ms")
	b.ReportMetric(a/g, "adesh/gorun")
	b.ReportMetric(ac/gc, "cpu-adesh/gorun")
	fmt.Printf("edit-run %s: adesh2go run %.0f ms (cpu %.0f), go run %.0f ms (cpu %.0f): %.2fx wall, %.2fx cpu\n",
		name, a, ac, g, gc, a/g, ac/gc)
}

// reportSize reports how many lines a program edited by adeshEdit has, and how many lines of Go
// the compiler writes for it.
func reportSize(b *testing.B, adesh, body string) (lines, golines int) {
	src := body + "print(\"edit 0\");\n"
	dir := b.TempDir()
	entry := filepath.Join(dir, "prog.adesh")
	writeText(b, entry, src)
	out := filepath.Join(dir, "mod")
	if msg, err := exec.Command(adesh, "emit", "-o", out, entry).CombinedOutput(); err != nil {
		b.Fatalf("emit: %v\n%s", err, msg)
	}
	files, err := filepath.Glob(filepath.Join(out, "*.go"))
	if err != nil {
		b.Fatal(err)
	}
	parts, _ := filepath.Glob(filepath.Join(out, "*_", "*.go")) // a split program's other packages
	for _, f := range append(files, parts...) {
		goSrc, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		golines += bytes.Count(goSrc, []byte("\n"))
	}
	lines = strings.Count(src, "\n")
	b.ReportMetric(float64(lines), "adesh-lines")
	b.ReportMetric(float64(golines), "go-lines")
	return lines, golines
}

// editUnits is the compile benchmark's unit repeated up to lines lines, and a call into it.
func editUnits(lines int) string {
	return unitsEdited(lines, -1, 0, "") + "print(describe0(Event0::Cleared));\n"
}

// unitsEdited is the compile benchmark's unit repeated up to lines lines, the unit numbered
// edit preceded by pad comment lines and its `Cleared` arm returning cleared.
func unitsEdited(lines, edit, pad int, cleared string) string {
	units := 0
	for n := 0; n < lines-2; units++ {
		n += strings.Count(fmt.Sprintf(compileUnit, units), "\n")
	}
	var sb strings.Builder
	for i := range units {
		unit := fmt.Sprintf(compileUnit, i)
		if i == edit {
			sb.WriteString(strings.Repeat("// a line more\n", pad))
			unit = strings.Replace(unit, `=> "cleared"`, `=> "`+cleared+`"`, 1)
		}
		sb.WriteString(unit)
	}
	return sb.String()
}

// midEdit is the 2,000-line program edited in its middle unit, 15 of 31, in round i: the
// string its `Cleared` arm returns, which the program prints last, and with insert, as many
// lines more before the unit as the round's number (every later line moves).
func midEdit(insert bool) func(i int) string {
	return func(i int) string {
		pad := 0
		if insert {
			pad = i
		}
		return unitsEdited(2000, 15, pad, fmt.Sprintf("edit %d", i)) + "print(describe15(Event15::Cleared));\n"
	}
}

// BenchmarkEditRun: a small program edited and run, the caches warm (target: within 2x of go
// run); the same on a new, empty ADESH2GO_CACHE every round, Go's cache warm (target: under
// 1.5 s); and a 2,000-line program edited in one line (target: under 2 s): its last line, the
// same built as one package (the baseline), a string in its middle, and a line inserted in its
// middle.
func BenchmarkEditRun(b *testing.B) {
	adesh := adeshCommand(b)
	const small = "async fn twice(x: i64): i64 { await sleep(1); return x * 2; }\nprint(await twice(21));\n"
	b.Run("small", func(b *testing.B) {
		a, g := adeshEdit(b, adesh, small, b.TempDir()), goHello(b)
		editLoop(b, a, g)
		reportSize(b, adesh, small)
		reportEdit(b, "small, caches warm", a, g)
	})
	b.Run("small-fresh-cache", func(b *testing.B) {
		a, g := adeshEdit(b, adesh, small, ""), goHello(b)
		editLoop(b, a, g)
		reportEdit(b, "small, new ADESH2GO_CACHE", a, g)
	})
	big := editUnits(2000)
	b.Run("2000-lines", func(b *testing.B) {
		a, g := adeshEdit(b, adesh, big, b.TempDir()), goHello(b)
		editLoop(b, a, g)
		lines, golines := reportSize(b, adesh, big)
		reportEdit(b, fmt.Sprintf("%d lines (%d lines of Go), last line edited", lines, golines), a, g)
	})
	// The same edit with the program built as one Go package, as before the split: the
	// baseline the split is measured against, in the same run.
	b.Run("2000-lines-one-package", func(b *testing.B) {
		text := func(i int) string { return big + fmt.Sprintf("print(\"edit %d\");\n", i) }
		a, g := adeshEditText(b, adesh, text, b.TempDir(), "ADESH2GO_PERPART=-1"), goHello(b)
		editLoop(b, a, g)
		reportEdit(b, "2,000 lines as one package, last line edited", a, g)
	})
	b.Run("2000-lines-middle", func(b *testing.B) {
		a, g := adeshEditText(b, adesh, midEdit(false), b.TempDir()), goHello(b)
		editLoop(b, a, g)
		reportEdit(b, "2,000 lines, a string in the middle edited", a, g)
	})
	b.Run("2000-lines-insert", func(b *testing.B) {
		a, g := adeshEditText(b, adesh, midEdit(true), b.TempDir()), goHello(b)
		editLoop(b, a, g)
		reportEdit(b, "2,000 lines, a line inserted in the middle", a, g)
	})
}
