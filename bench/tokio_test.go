package bench

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"adesh2go/bench/workload"
)

// The scheduler against Tokio: each workload of package workload runs as a process of its own
// on rt (bench/rtwork) and on Tokio (bench/tokio, the same workloads in Rust), interleaved
// round by round at each worker count. Each process times its workload itself and reports its
// own peak resident memory and the CPU time the workload took. See README.md, "rt against Tokio".

// tokioRounds is how many times each side runs each workload at each worker count.
const tokioRounds = 5

// debianCrates is where Debian installs the Rust crates bench/tokio builds against offline.
const debianCrates = "/usr/share/cargo/registry"

var (
	tokioBuild             sync.Once
	rtworkExe, tokioExe    string
	tokioSkip, tokioFailed string
)

// buildTokioTwins builds bench/rtwork and bench/tokio once per process. It sets tokioSkip when
// cargo or Debian's Tokio crates are missing (nothing is ever fetched from the network).
func buildTokioTwins() {
	if _, err := exec.LookPath("cargo"); err != nil {
		tokioSkip = "cargo is not installed: skipping the comparison with Tokio"
		return
	}
	if m, _ := filepath.Glob(filepath.Join(debianCrates, "tokio-1.*")); len(m) == 0 {
		tokioSkip = "Debian's Tokio crates are not installed (apt-get install 'librust-tokio+full-dev'): skipping the comparison with Tokio"
		return
	}
	// Both builds are kept between runs (the Rust one takes half a minute).
	target := filepath.Join(os.TempDir(), "adesh-tokio-bench-target")
	if cache, err := os.UserCacheDir(); err == nil {
		target = filepath.Join(cache, "adesh2go", "tokio-bench-target")
	}
	rtworkExe = filepath.Join(target, "rtwork")
	if out, err := exec.Command("go", "build", "-o", rtworkExe, "adesh2go/bench/rtwork").CombinedOutput(); err != nil {
		tokioFailed = fmt.Sprintf("go build rtwork: %v\n%s", err, out)
		return
	}
	cargo := exec.Command("cargo", "build", "--release", "--offline", "--quiet")
	cargo.Dir = "tokio"
	cargo.Env = append(os.Environ(), "CARGO_TARGET_DIR="+target)
	if out, err := cargo.CombinedOutput(); err != nil {
		tokioFailed = fmt.Sprintf("cargo build (bench/tokio): %v\n%s", err, out)
		return
	}
	tokioExe = filepath.Join(target, "release", "tokio-bench")
}

// twinRun is one run of a workload in a process: its own timing, the process's peak RSS and
// the CPU time of the workload (all threads).
type twinRun struct {
	elapsed, cpu time.Duration
	maxRSS       int64
}

func runTwin(b *testing.B, exe, name, workers string) twinRun {
	r := runProcess(b, []string{exe, name, workers})
	fields := strings.Fields(r.out)
	if len(fields) != 4 {
		b.Fatalf("%s %s %s printed %q", exe, name, workers, r.out)
	}
	ns, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		b.Fatalf("%s %s: %v", exe, name, err)
	}
	if want := strconv.FormatInt(workload.Names[name], 10); fields[1] != want {
		b.Fatalf("%s %s %s gave %s, want %s", exe, name, workers, fields[1], want)
	}
	kb, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil {
		b.Fatalf("%s %s: %v", exe, name, err)
	}
	us, err := strconv.ParseInt(fields[3], 10, 64)
	if err != nil {
		b.Fatalf("%s %s: %v", exe, name, err)
	}
	return twinRun{elapsed: time.Duration(ns), cpu: time.Duration(us) * time.Microsecond, maxRSS: kb << 10}
}

func medianOf(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// twinWorkers is how many workers each side runs a workload on: rt's count, and Tokio's
// argument (a count for the multi-thread runtime, or "current" for the current-thread one).
type twinWorkers struct {
	label, rt, tokio string
}

// onWorkers is n workers on each side, Tokio's multi-thread runtime.
func onWorkers(n int) twinWorkers {
	c := strconv.Itoa(n)
	return twinWorkers{label: c + "w", rt: c, tokio: c}
}

// currentThread is rt on one worker against Tokio's current-thread runtime.
var currentThread = twinWorkers{label: "1ct", rt: "1", tokio: "current"}

// benchTokioTwin runs the workload on rt and on Tokio at each worker count, alternating, and
// reports the median time and peak RSS of each side, rt over Tokio, and each side's time at
// the first count over its time at the others (the speed-up from more workers).
func benchTokioTwin(b *testing.B, name string, counts ...int) {
	settings := make([]twinWorkers, len(counts))
	for i, n := range counts {
		settings[i] = onWorkers(n)
	}
	benchTokioTwinOn(b, name, settings...)
}

// benchTokioTwinOn is benchTokioTwin with each side's workers given.
func benchTokioTwinOn(b *testing.B, name string, counts ...twinWorkers) {
	tokioBuild.Do(buildTokioTwins)
	if tokioSkip != "" {
		b.Skip(tokioSkip)
	}
	if tokioFailed != "" {
		b.Fatal(tokioFailed)
	}
	type side struct{ ms, cpu, mb [][]float64 }
	newSide := func() side {
		return side{make([][]float64, len(counts)), make([][]float64, len(counts)), make([][]float64, len(counts))}
	}
	rtSide, tkSide := newSide(), newSide()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for range tokioRounds {
			for k, n := range counts {
				for _, s := range []struct {
					exe, workers string
					to           *side
				}{{rtworkExe, n.rt, &rtSide}, {tokioExe, n.tokio, &tkSide}} {
					r := runTwin(b, s.exe, name, s.workers)
					s.to.ms[k] = append(s.to.ms[k], float64(r.elapsed.Microseconds())/1000)
					s.to.cpu[k] = append(s.to.cpu[k], float64(r.cpu.Microseconds())/1000)
					s.to.mb[k] = append(s.to.mb[k], float64(r.maxRSS)/(1<<20))
				}
			}
		}
	}
	b.StopTimer()
	var line strings.Builder
	fmt.Fprintf(&line, "tokio twin %s:", name)
	for k, n := range counts {
		w := n.label
		rms, tms := medianOf(rtSide.ms[k]), medianOf(tkSide.ms[k])
		rcpu, tcpu := medianOf(rtSide.cpu[k]), medianOf(tkSide.cpu[k])
		rmb, tmb := medianOf(rtSide.mb[k]), medianOf(tkSide.mb[k])
		b.ReportMetric(rms, "rt-ms/"+w)
		b.ReportMetric(tms, "tokio-ms/"+w)
		b.ReportMetric(rms/tms, "rt/tokio-time/"+w)
		b.ReportMetric(rcpu/tcpu, "rt/tokio-cpu/"+w)
		b.ReportMetric(rmb, "rt-MB/"+w)
		b.ReportMetric(tmb, "tokio-MB/"+w)
		b.ReportMetric(rmb/tmb, "rt/tokio-rss/"+w)
		fmt.Fprintf(&line, " [%s rt %.1f ms (cpu %.1f) %.1f MB, tokio %.1f ms (cpu %.1f) %.1f MB: time %.2f, cpu %.2f, rss %.2f]",
			w, rms, rcpu, rmb, tms, tcpu, tmb, rms/tms, rcpu/tcpu, rmb/tmb)
		if k > 0 {
			b.ReportMetric(medianOf(rtSide.ms[0])/rms, "rt-speedup-"+w)
			b.ReportMetric(medianOf(tkSide.ms[0])/tms, "tokio-speedup-"+w)
		}
	}
	fmt.Println(line.String())
}

// BenchmarkTokioTree: the binary tree of depth 18 (each inner node spawns its left child and
// awaits its right child inline, then the spawned one; each leaf yields once), on 1 and 2
// workers.
func BenchmarkTokioTree(b *testing.B) { benchTokioTwin(b, "tree", 1, 2) }

// BenchmarkTokioTreeCurrentThread: the same tree on one rt worker against Tokio's
// current-thread runtime (Tokio's own choice for one thread: no stealing, no LIFO slot).
func BenchmarkTokioTreeCurrentThread(b *testing.B) { benchTokioTwinOn(b, "tree", currentThread) }

// BenchmarkTokioSpawnMany: spawn 100k trivial tasks, then await each handle in order.
func BenchmarkTokioSpawnMany(b *testing.B) { benchTokioTwin(b, "spawn_many", workers) }

// BenchmarkTokioYieldMany: 1000 tasks yielding 100 times each.
func BenchmarkTokioYieldMany(b *testing.B) { benchTokioTwin(b, "yield_many", workers) }

// BenchmarkTokioPingPong: two tasks bouncing a value over two channels of capacity 1, 100k
// round trips.
func BenchmarkTokioPingPong(b *testing.B) { benchTokioTwin(b, "ping_pong", workers) }

// BenchmarkTokioChainedSpawn: a chain of 10k tasks, each spawning and awaiting the next.
func BenchmarkTokioChainedSpawn(b *testing.B) { benchTokioTwin(b, "chained", workers) }

// BenchmarkTokioSuspended: 1M tasks suspended on one channel at once, then released: time and
// peak RSS.
func BenchmarkTokioSuspended(b *testing.B) { benchTokioTwin(b, "suspended", workers) }

// BenchmarkTokioFanoutCPU: 32 CPU-bound children on 1, 2 and 4 workers.
func BenchmarkTokioFanoutCPU(b *testing.B) { benchTokioTwin(b, "fanout_cpu", 1, 2, 4) }
