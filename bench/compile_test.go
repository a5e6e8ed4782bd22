package bench

import (
	"bytes"
	"fmt"
	"go/format"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/concurrency"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
	"adesh2go/lower"
)

// The compiler benchmark: source lines per second from AdeshLang to Go source (parse, check,
// lower, emit; no `go build`) on a generated program of 50,000+ lines, with the time of each
// stage. Its baseline, in the same run, is gofmt's work on the Go the compiler wrote (go/parser
// and go/printer over the same program, bigger in Go): how many times that takes is the ratio.

// compileUnit is one unit of the generated program: a realistic mix of the synchronous language
// (structs, enums with match, methods that change self, generics, closures, maps, optionals,
// Results with ?, try/catch, defer, loops, f-strings) and one async fn. %[1]d makes names unique.
const compileUnit = `/** Item%[1]d is a line of an order. */
struct Item%[1]d { name: string, qty: i64, price: f64, tags: [string] }

enum Event%[1]d { Added(Item%[1]d), Removed(string), Cleared }

extend on Item%[1]d {
    fn total(): f64 { return self.qty as f64 * self.price; }
    fn restock(n: i64) {
        self.qty += n;
        self.tags.push(f"restocked {n}");
    }
}

fn describe%[1]d(e: Event%[1]d): string {
    return match e {
        Event%[1]d::Added(it) if it.qty > 10 => f"bulk {it.name}",
        Event%[1]d::Added(it) => f"added {it.name} x{it.qty}",
        Event%[1]d::Removed(name) => "removed " + name,
        Event%[1]d::Cleared => "cleared",
    };
}

fn largest%[1]d<T>(xs: [T]): T? {
    let best: T? = null;
    for x in xs {
        if best == null || x > best { best = x; }
    }
    return best;
}

fn parse_qty%[1]d(s: string): Result<i64, string> {
    let n = s.trim().parse_int();
    if n == null { return Err(f"not a quantity: {s}"); }
    if n < 0 { return Err("negative"); }
    return Ok(n);
}

fn order%[1]d(lines: [string]): Result<f64, string> {
    defer print("order done");
    let items: [Item%[1]d] = [];
    let counts: Map<string, i64> = {};
    for (let i = 0; i < lines.len(); i++) {
        let parts = lines[i].split(",");
        if parts.len() < 2 { continue; }
        let qty = parse_qty%[1]d(parts[1])?;
        items.push(Item%[1]d { name: parts[0], qty: qty, price: 1.5 * i as f64, tags: [] });
        counts[parts[0]] = (counts.get(parts[0]) ?? 0) + qty;
    }
    let sum = 0.0;
    for it in items { sum += it.total(); }
    let names = items.map(it => it.name).filter(n => n.len() > 2);
    try {
        if names.len() == 0 { throw Error("empty order"); }
    } catch (e) {
        print("warning:", e.message);
    }
    print(largest%[1]d(items.map(it => it.qty)), counts.len(), names);
    return Ok(sum);
}

async fn ship%[1]d(id: i64): string {
    await sleep(1);
    let label = f"parcel {id}";
    return label;
}

`

var compileSrc = generate("", compileUnit, minLines)

// compileStages runs the pipeline once and returns the Go source and each stage's time.
func compileStages(tb testing.TB) (src []byte, parse, typecheck, lowering, emit time.Duration) {
	t0 := time.Now()
	fset := source.NewFileSet()
	f := fset.Add("big.adesh", "", compileSrc)
	diags := diag.NewList(fset)
	file := syntax.ParseFile(f, diags)
	t1 := time.Now()
	info := check.Check([]*ast.File{file}, fset, diags)
	concurrency.Analyze(info, diags)
	t2 := time.Now()
	if diags.HasErrors() {
		var sb strings.Builder
		diags.WriteText(&sb)
		tb.Fatalf("the generated program does not compile:\n%.2000s", sb.String())
	}
	ir, err := lower.Lower(info, fset)
	if err != nil {
		tb.Fatal(err)
	}
	t3 := time.Now()
	src, err = emitgo.Source(ir, emitgo.Options{RTPath: "adeshprog/rt"})
	if err != nil {
		tb.Fatal(err)
	}
	t4 := time.Now()
	return src, t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3)
}

// gofmtGo is the baseline: go/parser and go/printer over Go source.
func gofmtGo(tb testing.TB, src []byte) {
	if _, err := format.Source(src); err != nil {
		tb.Fatal(err)
	}
}

// TestGeneratedProgramCompiles keeps the benchmark's input valid: it compiles to Go with no
// diagnostic, and the Go is what gofmt would write.
func TestGeneratedProgramCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 50,000-line program")
	}
	if n := bytes.Count(compileSrc, []byte("\n")); n < minLines {
		t.Fatalf("generated program has %d lines, want at least %d", n, minLines)
	}
	src, _, _, _, _ := compileStages(t)
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(formatted, src) {
		t.Error("the emitted Go is not gofmt-clean")
	}
}

// BenchmarkCompile compiles the generated program and formats the Go it gives, alternately, and
// reports the compiler's lines per second, the share of each stage, and how many times gofmt's
// time on the output the compiler takes.
func BenchmarkCompile(b *testing.B) {
	// The collector as the command line sets it up; restored for the benchmarks that follow.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	adesh2go.CompilerGC()
	var parse, typecheck, lowering, emit, baseline time.Duration
	var goSrc []byte
	for i := 0; i < b.N; i++ {
		src, p, c, l, e := compileStages(b)
		parse += p
		typecheck += c
		lowering += l
		emit += e
		start := time.Now()
		gofmtGo(b, src)
		baseline += time.Since(start)
		goSrc = src
	}
	total := parse + typecheck + lowering + emit
	lines := float64(bytes.Count(compileSrc, []byte("\n")))
	b.ReportMetric(lines*float64(b.N)/total.Seconds(), "lines/s")
	b.ReportMetric(float64(bytes.Count(goSrc, []byte("\n")))*float64(b.N)/baseline.Seconds(), "gofmt-go-lines/s")
	b.ReportMetric(total.Seconds()/baseline.Seconds(), "x-gofmt-time")
	for _, s := range []struct {
		name string
		d    time.Duration
	}{{"parse", parse}, {"check", typecheck}, {"lower", lowering}, {"emit", emit}} {
		b.ReportMetric(100*s.d.Seconds()/total.Seconds(), s.name+"-%")
	}
	if b.N > 0 {
		fmt.Printf("compile: %.0f AdeshLang lines -> %d Go lines\n", lines, bytes.Count(goSrc, []byte("\n")))
	}
}
