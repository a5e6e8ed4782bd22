package bench

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/gobuild"
)

// End-to-end comparisons: AdeshLang programs from testdata/e2e, compiled with the compiler's API
// and built with the go command, run as processes beside the same program written by hand
// with goroutines, or in JavaScript on Node.js. Every contender runs the workload at size N
// and at size 1, interleaved round by round; the difference (the workload without process
// start-up) of the median round is what is reported. See README.md, "End to end".

// e2eRounds is how many times each contender runs at each size.
const e2eRounds = 5

// e2eSource reads testdata/e2e/name and puts n where it says @N@.
func e2eSource(b *testing.B, name string, n int) []byte {
	src, err := os.ReadFile(filepath.Join("testdata", "e2e", name))
	if err != nil {
		b.Fatal(err)
	}
	return bytes.ReplaceAll(src, []byte("@N@"), []byte(strconv.Itoa(n)))
}

// adeshCmd compiles testdata/e2e/name.adesh at size n and returns the command that runs it.
func adeshCmd(b *testing.B, name string, n int) []string {
	dir := b.TempDir()
	entry := filepath.Join(dir, name+".adesh")
	if err := os.WriteFile(entry, e2eSource(b, name+".adesh", n), 0o644); err != nil {
		b.Fatal(err)
	}
	prog := frontend.Load(entry)
	if prog.Diags.HasErrors() {
		var out bytes.Buffer
		prog.Diags.WriteText(&out)
		b.Fatalf("%s does not compile:\n%s", name, out.String())
	}
	src, err := adesh2go.GoFiles(prog, adesh2go.EmitOptions{})
	if err != nil {
		b.Fatal(err)
	}
	exe, err := gobuild.CachedBinary(src)
	if err != nil {
		b.Fatal(err)
	}
	return []string{exe}
}

// goCmd builds testdata/e2e/name.go.txt at size n and returns the command that runs it.
func goCmd(b *testing.B, name string, n int) []string {
	dir := b.TempDir()
	files := map[string][]byte{
		"go.mod":  []byte("module e2e\n\ngo 1.26\n"),
		"main.go": e2eSource(b, name+".go.txt", n),
	}
	for f, content := range files {
		if err := os.WriteFile(filepath.Join(dir, f), content, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	exe := filepath.Join(dir, "prog")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", name, err, out)
	}
	return []string{exe}
}

// nodeCmd writes testdata/e2e/name.js at size n and returns the command that runs it, or nil
// where node is not installed.
func nodeCmd(b *testing.B, name string, n int) []string {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil
	}
	path := filepath.Join(b.TempDir(), name+".js")
	if err := os.WriteFile(path, e2eSource(b, name+".js", n), 0o644); err != nil {
		b.Fatal(err)
	}
	return []string{node, path}
}

// e2eRun is what one run of a process cost.
type e2eRun struct {
	wall   time.Duration
	cpu    time.Duration // user + system
	maxRSS int64         // bytes
	out    string
}

func runProcess(b *testing.B, argv []string, env ...string) e2eRun {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		b.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, stderr.String())
	}
	r := e2eRun{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), out: strings.TrimSpace(stdout.String())}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = int64(ru.Maxrss) * 1024 // kilobytes on Linux
		if runtime.GOOS == "darwin" {
			r.maxRSS = int64(ru.Maxrss) // bytes on macOS
		}
	}
	return r
}

// contender is one side of a comparison: the workload at size n and at size 1.
type contender struct {
	name    string
	big     []string
	small   []string
	env     []string
	runs    []e2eRun // workload minus start-up, one per round
	outputs []string
}

// measure runs every contender e2eRounds times at both sizes, interleaved, and keeps the
// difference of each round.
func measure(b *testing.B, cs ...*contender) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for range e2eRounds {
			for _, c := range cs {
				big := runProcess(b, c.big, c.env...)
				small := runProcess(b, c.small, c.env...)
				c.runs = append(c.runs, e2eRun{wall: big.wall - small.wall, cpu: big.cpu - small.cpu, maxRSS: big.maxRSS - small.maxRSS})
				c.outputs = append(c.outputs, big.out)
			}
		}
	}
	b.StopTimer()
	// Every contender computes the same thing.
	for _, c := range cs[1:] {
		if c.outputs[0] != cs[0].outputs[0] {
			b.Fatalf("%s printed %q, %s printed %q", cs[0].name, cs[0].outputs[0], c.name, c.outputs[0])
		}
	}
}

// median is the median round of a contender by f.
func (c *contender) median(f func(e2eRun) float64) float64 {
	vs := make([]float64, len(c.runs))
	for i, r := range c.runs {
		vs[i] = f(r)
	}
	slices.Sort(vs)
	return vs[len(vs)/2]
}

func wallMS(r e2eRun) float64 { return float64(r.wall.Microseconds()) / 1000 }
func cpuMS(r e2eRun) float64  { return float64(r.cpu.Microseconds()) / 1000 }

const fanoutN = 100_000

// BenchmarkE2EFanoutGoroutines: 100k tasks, each a chain of 20 yielding steps, joined in order;
// the AdeshLang program on every CPU against the same program with goroutines (Gosched for a
// yield).
func BenchmarkE2EFanoutGoroutines(b *testing.B) {
	adesh := &contender{name: "adesh", big: adeshCmd(b, "fanout", fanoutN), small: adeshCmd(b, "fanout", 1)}
	gor := &contender{name: "goroutines", big: goCmd(b, "fanout", fanoutN), small: goCmd(b, "fanout", 1)}
	measure(b, adesh, gor)
	a, g := adesh.median(wallMS), gor.median(wallMS)
	b.ReportMetric(a, "adesh-ms")
	b.ReportMetric(g, "goroutines-ms")
	b.ReportMetric(a/g, "adesh/goroutines")
	b.ReportMetric(adesh.median(cpuMS)/gor.median(cpuMS), "cpu-adesh/goroutines")
	fmt.Printf("e2e fan-out %d tasks: adesh %.1f ms, goroutines %.1f ms: adesh/goroutines %.2f\n", fanoutN, a, g, a/g)
}

// againstNode measures testdata/e2e/name at size n compiled by adesh2go and on Node.js,
// interleaved; it skips where node is not installed.
func againstNode(b *testing.B, name string, n int) (adesh, node *contender) {
	js := nodeCmd(b, name, n)
	if js == nil {
		b.Skip("node is not installed here: skipping the comparison with Node.js")
	}
	adesh = &contender{name: "adesh", big: adeshCmd(b, name, n), small: adeshCmd(b, name, 1)}
	node = &contender{name: "node", big: js, small: nodeCmd(b, name, 1)}
	measure(b, adesh, node)
	return adesh, node
}

// BenchmarkE2EFanoutNode: the same fan-out against Node.js (`await null` for a yield). Target:
// Node takes at least 3 times as long.
func BenchmarkE2EFanoutNode(b *testing.B) {
	adesh, node := againstNode(b, "fanout", fanoutN)
	a, n := adesh.median(wallMS), node.median(wallMS)
	b.ReportMetric(a, "adesh-ms")
	b.ReportMetric(n, "node-ms")
	b.ReportMetric(n/a, "node/adesh")
	b.ReportMetric(node.median(cpuMS)/adesh.median(cpuMS), "cpu-node/adesh")
	fmt.Printf("e2e fan-out %d tasks: adesh %.1f ms, node %.1f ms: adesh is %.1fx faster (target 3x)\n", fanoutN, a, n, n/a)
}

// reportAgainstNode reports adesh2go's time and peak memory (the workload's: size n's over
// size 1's) over Node's.
func reportAgainstNode(b *testing.B, what string, adesh, node *contender) {
	a, n := adesh.median(wallMS), node.median(wallMS)
	mb := func(r e2eRun) float64 { return float64(r.maxRSS) / (1 << 20) }
	am, nm := adesh.median(mb), node.median(mb)
	b.ReportMetric(a, "adesh-ms")
	b.ReportMetric(n, "node-ms")
	b.ReportMetric(a/n, "adesh/node-time")
	b.ReportMetric(adesh.median(cpuMS)/node.median(cpuMS), "adesh/node-cpu")
	b.ReportMetric(am, "adesh-MB")
	b.ReportMetric(nm, "node-MB")
	b.ReportMetric(am/nm, "adesh/node-rss")
	fmt.Printf("e2e %s: adesh %.1f ms %.1f MB, node %.1f ms %.1f MB: time %.2f, rss %.2f\n", what, a, am, n, nm, a/n, am/nm)
}

// BenchmarkE2EJSNode: JavaScript's async habits against Node.js: 1M awaits of an async fn in a
// loop, 100k timers set at once, Promise.all over 100k reactions of one promise.
func BenchmarkE2EJSNode(b *testing.B) {
	for _, w := range []struct {
		name string
		n    int
	}{{"js_awaits", 1_000_000}, {"js_timers", 100_000}, {"js_promise_all", 100_000}} {
		b.Run(w.name, func(b *testing.B) {
			adesh, node := againstNode(b, w.name, w.n)
			reportAgainstNode(b, fmt.Sprintf("%s %d", w.name, w.n), adesh, node)
		})
	}
}

const thenChainN = 1_000_000

// BenchmarkE2EThenChainNode: a chain of 1M `.then` reactions, built before any of them runs,
// then awaited, against the same chain on Node.js: time and peak memory. Targets (issue 34):
// at most half Node's time and 0.7 of its memory.
func BenchmarkE2EThenChainNode(b *testing.B) {
	adesh, node := againstNode(b, "then_chain", thenChainN)
	reportAgainstNode(b, fmt.Sprintf("%d chained then reactions", thenChainN), adesh, node)
}

const suspendedN = 1_000_000

// BenchmarkE2ESuspendedTasks: 1M tasks suspended at once (each awaiting a receive), against 1M
// goroutines blocked on a receive: the peak resident memory of the process, per task. Target:
// at most 300 bytes per task. One worker, so that every task reaches its await before the
// channel closes.
func BenchmarkE2ESuspendedTasks(b *testing.B) {
	adesh := &contender{name: "adesh", big: adeshCmd(b, "suspended", suspendedN), small: adeshCmd(b, "suspended", 1), env: []string{"ADESH_WORKERS=1"}}
	gor := &contender{name: "goroutines", big: goCmd(b, "suspended", suspendedN), small: goCmd(b, "suspended", 1)}
	measure(b, adesh, gor)
	perTask := func(r e2eRun) float64 { return float64(r.maxRSS) / suspendedN }
	a, g := adesh.median(perTask), gor.median(perTask)
	b.ReportMetric(a, "adesh-B/task")
	b.ReportMetric(g, "goroutine-B/task")
	b.ReportMetric(a/g, "adesh/goroutines")
	fmt.Printf("e2e %d suspended tasks: adesh %.0f B/task, goroutines %.0f B/task (target 300)\n", suspendedN, a, g)
}

const readyAwaitsN = 100_000_000

// BenchmarkE2EReadyAwaits: a chain of 100M awaits of async fns that are ready at once, beside
// the same loop calling a plain function: time per await. Target: at most 10 ns per await.
func BenchmarkE2EReadyAwaits(b *testing.B) {
	awaits := &contender{name: "awaits", big: adeshCmd(b, "ready_awaits", readyAwaitsN), small: adeshCmd(b, "ready_awaits", 1)}
	calls := &contender{name: "calls", big: adeshCmd(b, "ready_calls", readyAwaitsN), small: adeshCmd(b, "ready_calls", 1)}
	measure(b, awaits, calls)
	perOp := func(f func(e2eRun) float64) func(e2eRun) float64 {
		return func(r e2eRun) float64 { return f(r) * 1e6 / readyAwaitsN }
	}
	aw, cw := awaits.median(perOp(wallMS)), calls.median(perOp(wallMS))
	ac := awaits.median(perOp(cpuMS))
	b.ReportMetric(aw, "ns/await")
	b.ReportMetric(ac, "cpu-ns/await")
	b.ReportMetric(cw, "ns/call")
	fmt.Printf("e2e %d ready awaits: %.2f ns per await (%.2f ns of CPU), %.2f ns per plain call (target 10)\n", readyAwaitsN, aw, ac, cw)
}

const printLinesN = 2_000_000

// BenchmarkE2EPrintLines: 2M lines printed in a loop to a pipe (stdout buffered, flushed when
// the buffer fills and at most 20 ms after a line), against fmt.Fprintln to a bufio.Writer:
// time per line.
func BenchmarkE2EPrintLines(b *testing.B) {
	adesh := &contender{name: "adesh", big: adeshCmd(b, "print_lines", printLinesN), small: adeshCmd(b, "print_lines", 1), env: []string{"ADESH_WORKERS=2"}}
	gor := &contender{name: "go", big: goCmd(b, "print_lines", printLinesN), small: goCmd(b, "print_lines", 1)}
	measure(b, adesh, gor)
	perLine := func(r e2eRun) float64 { return wallMS(r) * 1e6 / printLinesN }
	a, g := adesh.median(perLine), gor.median(perLine)
	b.ReportMetric(a, "adesh-ns/line")
	b.ReportMetric(g, "go-ns/line")
	b.ReportMetric(a/g, "adesh/go")
	fmt.Printf("e2e %d printed lines: adesh %.1f ns/line, go %.1f ns/line: adesh/go %.2f\n", printLinesN, a, g, a/g)
}
