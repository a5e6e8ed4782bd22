package bench

import (
	"fmt"
	"testing"
	"time"

	"adesh2go/rt"
)

// The Parallel module (EVERYDAY.md §6, issue 15): Parallel.map of a CPU-bound function against
// the same map run in order. See README.md, "Parallel".

// parallelWork is the CPU-bound function: n multiply-adds from seed.
func parallelWork(n int64) func(int64) int64 {
	return func(seed int64) int64 {
		x := seed
		for i := range n {
			x = x*6364136223846793005 + i
		}
		return x & 1023
	}
}

// BenchmarkParallelMap runs rt.ParallelMap (what Parallel.map compiles to) and rt.ArrMap (what
// xs.map compiles to) over 32 elements of 1M multiply-adds each, interleaved iteration by
// iteration. "parallel/sequential" is the first's time over the second's: about 1/cores when
// the cores are free.
func BenchmarkParallelMap(b *testing.B) {
	xs := rt.RangeArray(int64(0), 32, false)
	f := parallelWork(1_000_000)
	var par, seq time.Duration
	var sink int64
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		sink += rt.ArrSum(rt.ParallelMap(xs, f, "bench"))
		par += time.Since(start)

		start = time.Now()
		sink += rt.ArrSum(rt.ArrMap(xs, f))
		seq += time.Since(start)
	}
	b.ReportMetric(float64(par.Nanoseconds())/float64(b.N), "parallel-ns/op")
	b.ReportMetric(float64(seq.Nanoseconds())/float64(b.N), "sequential-ns/op")
	b.ReportMetric(par.Seconds()/seq.Seconds(), "parallel/sequential")
	if sink == 42 {
		b.Log(sink) // keeps the work from being optimised away
	}
}

const parallelMapN = 3_000_000

// BenchmarkE2EParallelMap: the AdeshLang programs parallel_map.adesh (Parallel.map) and
// sequential_map.adesh (xs.map) of the same CPU-bound function, 32 elements of 3M
// multiply-adds, as processes, interleaved round by round (e2e_test.go's measure).
func BenchmarkE2EParallelMap(b *testing.B) {
	par := &contender{name: "parallel", big: adeshCmd(b, "parallel_map", parallelMapN), small: adeshCmd(b, "parallel_map", 1)}
	seq := &contender{name: "sequential", big: adeshCmd(b, "sequential_map", parallelMapN), small: adeshCmd(b, "sequential_map", 1)}
	measure(b, par, seq)
	p, s := par.median(wallMS), seq.median(wallMS)
	b.ReportMetric(p, "parallel-ms")
	b.ReportMetric(s, "sequential-ms")
	b.ReportMetric(p/s, "parallel/sequential")
	b.ReportMetric(par.median(cpuMS)/seq.median(cpuMS), "cpu-parallel/sequential")
	fmt.Printf("e2e Parallel.map of 32 × %d multiply-adds: parallel %.1f ms, sequential %.1f ms: parallel/sequential %.2f\n", parallelMapN, p, s, p/s)
}
