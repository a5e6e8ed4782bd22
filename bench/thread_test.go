package bench

import (
	"testing"
	"time"

	"adesh2go/rt"
)

// BenchmarkThreadsParallel is the thread module's parallelism (EVERYDAY.md §6, issue 15): four
// CPU-bound functions on four threads (rt.SpawnThread and rt.ThreadJoin, as `thread.spawn` and
// `h.join()` compile) against the same four calls one after another, interleaved iteration by
// iteration. "parallel/sequential" is the time of the threads over the sequential time: about
// 1/cores (0.5 on two cores) when the threads run in parallel.
func BenchmarkThreadsParallel(b *testing.B) {
	const threads = 4
	work := func() int64 {
		var x int64 = 1
		for i := range int64(3_000_000) {
			x = x*6364136223846793005 + i
		}
		return x
	}
	var par, seq time.Duration
	var sink int64
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		hs := make([]*rt.JoinHandle[int64], threads)
		for i := range hs {
			hs[i] = rt.SpawnThread(work)
		}
		for _, h := range hs {
			sink += rt.ThreadJoin(h, "bench")
		}
		par += time.Since(start)

		start = time.Now()
		for range threads {
			sink += work()
		}
		seq += time.Since(start)
	}
	b.ReportMetric(float64(par.Nanoseconds())/float64(b.N), "threads-ns/op")
	b.ReportMetric(float64(seq.Nanoseconds())/float64(b.N), "sequential-ns/op")
	b.ReportMetric(par.Seconds()/seq.Seconds(), "parallel/sequential")
	if sink == 42 {
		b.Log(sink) // keeps the work from being optimised away
	}
}
