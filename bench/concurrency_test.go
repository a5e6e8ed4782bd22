package bench

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"adesh2go/frontend"
	"adesh2go/frontend/concurrency"
	"adesh2go/frontend/diag"
)

// The concurrency analyses (captures, escapes, guard liveness, Send/Share; E0701–E0704, W0707)
// run inside the checker. This benchmark loads a large concurrent program (parse, check,
// analyses) and then runs the analyses alone on the checked program, in the same iteration,
// and reports the analyses' share of the whole frontend.

// concurrencyUnit is one unit of the generated program; %[1]d makes its names unique.
const concurrencyUnit = `
let counter%[1]d: Mutex<i64> = Mutex::new(0);

async fn work%[1]d(n: i64): i64 {
    {
        let g = counter%[1]d.lock();
        *g += n;
    }
    await sleep(1);
    let total = 0;
    for i in range(0, n) {
        let g = counter%[1]d.lock();
        total += *g + i;
        g.unlock();
        await yield_now();
    }
    return total;
}

async fn fan%[1]d(xs: [i64]): [i64] {
    let hs: [JoinHandle<i64>] = [];
    let scale = 3;
    let mul = (v: i64) => v * scale;
    for x in xs {
        let y = mul(x);
        hs.push(spawn(async move {
            return await work%[1]d(y);
        }));
    }
    let local = 5;
    let quick = async { return local + 1; };
    let out: [i64] = [await quick];
    for h in hs {
        out.push(await h);
    }
    let seen = 0;
    let hits = 0;
    await scope(async (s) => {
        s.spawn(async { seen = len(out); });
        s.spawn(async { hits = out[0]; });
        s.spawn(async move { print("child", local); });
    });
    out.push(seen + hits);
    return out;
}
`

var concurrencySrc = func() []byte {
	var b strings.Builder
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&b, concurrencyUnit, i)
	}
	b.WriteString("print(await fan0([1, 2, 3]));\n")
	return []byte(b.String())
}()

func loadConcurrent(tb testing.TB) *frontend.Program {
	prog := frontend.LoadSource("conc.adesh", concurrencySrc)
	if prog.Diags.HasErrors() || len(prog.Diags.Items) > 0 {
		var b strings.Builder
		prog.Diags.WriteText(&b)
		tb.Fatalf("the generated program must check without diagnostics:\n%s", b.String())
	}
	return prog
}

func TestConcurrencyProgramChecks(t *testing.T) {
	prog := loadConcurrent(t)
	diags := diag.NewList(prog.Fset)
	concurrency.Analyze(prog.Info, diags)
	if len(diags.Items) != 0 {
		t.Fatalf("a second analysis reported %d diagnostics", len(diags.Items))
	}
}

// BenchmarkConcurrencyAnalysis reports the time of the whole frontend, the time of the
// concurrency analyses alone, and the analyses' share of the frontend (contained in it).
func BenchmarkConcurrencyAnalysis(b *testing.B) {
	var loadTime, analysisTime time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		prog := loadConcurrent(b)
		mid := time.Now()
		concurrency.Analyze(prog.Info, diag.NewList(prog.Fset))
		loadTime += mid.Sub(start)
		analysisTime += time.Since(mid)
	}
	lines := float64(strings.Count(string(concurrencySrc), "\n"))
	b.ReportMetric(float64(loadTime.Milliseconds())/float64(b.N), "frontend-ms")
	b.ReportMetric(float64(analysisTime.Milliseconds())/float64(b.N), "analysis-ms")
	b.ReportMetric(analysisTime.Seconds()/loadTime.Seconds(), "analysis/frontend")
	b.ReportMetric(lines*float64(b.N)/loadTime.Seconds(), "frontend-lines/s")
}
