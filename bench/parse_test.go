package bench

import (
	"fmt"
	"go/parser"
	"go/token"
	"math"
	"strings"
	"testing"
	"time"

	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
)

// The parser benchmark: one large generated AdeshLang program and the same program written in
// Go, parsed in the same run by adesh2go's parser and by go/parser; it reports both
// throughputs and their ratio (how many times slower the AdeshLang parser is).

// adeshUnit is one unit of the generated AdeshLang program; %[1]d makes its names unique.
const adeshUnit = `/** Point%[1]d is a point in the plane. */
struct Point%[1]d { x: f64, y: f64 }

enum Shape%[1]d { Circle(f64), Rect(f64, f64), Empty }

extend on Point%[1]d {
    fn norm(): f64 {
        return self.x * self.x + self.y * self.y;
    }
}

fn area%[1]d(s: Shape%[1]d): f64 {
    match s {
        Shape%[1]d::Circle(r) => 3.14159 * r * r,
        Shape%[1]d::Rect(w, h) => w * h,
        _ => 0.0,
    }
}

async fn fetch%[1]d(url: string, retries: i64): Result<string, Error> {
    let mut attempt = 0;
    while attempt < retries {
        attempt += 1;
        await sleep(attempt * 10);
    }
    let body = await download(url)?;
    return Ok(f"{url}: {body} after {attempt} tries");
}

fn stats%[1]d(xs: [i64]): (i64, i64) {
    let total = 0;
    let count = 0;
    for (let i = 0; i < xs.len(); i++) {
        if xs[i] %% 2 == 0 && xs[i] > 10 {
            total += xs[i];
        } else if xs[i] < 0 {
            continue;
        } else {
            count = count + 1;
        }
    }
    let doubled = xs.map((x) => x * 2).filter(x => x > 3);
    let names: Map<string, i64> = {"a": 1, "b": 2};
    for (k, v) in names {
        print(k, v, doubled.len());
    }
    return (total, count);
}

`

// goUnit is the same unit in Go.
const goUnit = `// Point%[1]d is a point in the plane.
type Point%[1]d struct{ x, y float64 }

type Shape%[1]d interface{ isShape%[1]d() }
type Circle%[1]d struct{ r float64 }
type Rect%[1]d struct{ w, h float64 }

func (p Point%[1]d) norm() float64 {
	return p.x*p.x + p.y*p.y
}

func area%[1]d(s Shape%[1]d) float64 {
	switch s := s.(type) {
	case Circle%[1]d:
		return 3.14159 * s.r * s.r
	case Rect%[1]d:
		return s.w * s.h
	default:
		return 0.0
	}
}

func fetch%[1]d(url string, retries int64) (string, error) {
	attempt := int64(0)
	for attempt < retries {
		attempt += 1
		sleep(attempt * 10)
	}
	body, err := download(url)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%%s: %%s after %%d tries", url, body, attempt), nil
}

func stats%[1]d(xs []int64) (int64, int64) {
	total := int64(0)
	count := int64(0)
	for i := 0; i < len(xs); i++ {
		if xs[i]%%2 == 0 && xs[i] > 10 {
			total += xs[i]
		} else if xs[i] < 0 {
			continue
		} else {
			count = count + 1
		}
	}
	doubled := filter(mapInts(xs, func(x int64) int64 { return x * 2 }), func(x int64) bool { return x > 3 })
	names := map[string]int64{"a": 1, "b": 2}
	for k, v := range names {
		fmt.Println(k, v, len(doubled))
	}
	return total, count
}

`

// generate repeats a unit until the program has at least minLines lines.
func generate(header, unit string, minLines int) []byte {
	var b strings.Builder
	b.WriteString(header)
	for i := 0; strings.Count(b.String(), "\n") < minLines; i++ {
		for j := 0; j < 100; j++ {
			fmt.Fprintf(&b, unit, i*100+j)
		}
	}
	return []byte(b.String())
}

const minLines = 50_000

var (
	adeshSrc = generate("", adeshUnit, minLines)
	goSrc    = generate("package big\n\nimport \"fmt\"\n\n", goUnit, minLines)
)

func parseAdesh(tb testing.TB) {
	fset := source.NewFileSet()
	f := fset.Add("big.adesh", "", adeshSrc)
	diags := diag.NewList(fset)
	syntax.ParseFile(f, diags)
	if diags.HasErrors() {
		var sb strings.Builder
		diags.WriteText(&sb)
		tb.Fatalf("the generated program does not parse:\n%s", sb.String())
	}
}

func parseGo(tb testing.TB) {
	if _, err := parser.ParseFile(token.NewFileSet(), "big.go", goSrc, parser.SkipObjectResolution); err != nil {
		tb.Fatalf("the generated Go does not parse: %v", err)
	}
}

// TestGeneratedProgramsParse keeps the benchmark's inputs valid.
func TestGeneratedProgramsParse(t *testing.T) {
	if n := strings.Count(string(adeshSrc), "\n"); n < minLines {
		t.Fatalf("generated program has %d lines, want at least %d", n, minLines)
	}
	parseAdesh(t)
	parseGo(t)
}

// BenchmarkParse parses the AdeshLang program and the Go program alternately and reports the
// throughput of each and the ratio go/parser ÷ adesh2go (the target is at most 3). A large file
// is parsed on every CPU (its chunks at once) while go/parser uses one, so the ratio is also
// reported for our parse in order, on one CPU: slowdown-in-order-x.
func BenchmarkParse(b *testing.B) {
	var adeshTime, adesh1Time, goTime time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		parseAdesh(b)
		mid := time.Now()
		parseGo(b)
		adeshTime += mid.Sub(start)
		goTime += time.Since(mid)
		minChunks := syntax.ParallelMinChunks
		syntax.ParallelMinChunks = math.MaxInt
		start = time.Now()
		parseAdesh(b)
		adesh1Time += time.Since(start)
		syntax.ParallelMinChunks = minChunks
	}
	mbps := func(size int, d time.Duration) float64 {
		return float64(size) * float64(b.N) / d.Seconds() / 1e6
	}
	adeshMBps, goMBps := mbps(len(adeshSrc), adeshTime), mbps(len(goSrc), goTime)
	b.ReportMetric(adeshMBps, "adesh-MB/s")
	b.ReportMetric(goMBps, "go-MB/s")
	b.ReportMetric(goMBps/adeshMBps, "slowdown-x")
	b.ReportMetric(goMBps/mbps(len(adeshSrc), adesh1Time), "slowdown-in-order-x")
	b.ReportMetric(float64(strings.Count(string(adeshSrc), "\n"))*float64(b.N)/adeshTime.Seconds(), "adesh-lines/s")
}
