// Package bench holds side-by-side benchmarks: each runs the contender and its baseline in the
// same run and reports both and their ratio (see README.md).
package bench

import (
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"adesh2go/bench/workload"
	"adesh2go/rt"
)

// workers is the worker count of the rt side; the goroutine side runs with GOMAXPROCS equal
// to it.
var workers = runtime.GOMAXPROCS(0)

// reportPair reports the rt and goroutine times per operation and their ratio (below 1: rt is
// faster).
func reportPair(b *testing.B, rtTime, goTime time.Duration, ops int) {
	n := float64(b.N * ops)
	b.ReportMetric(float64(rtTime.Nanoseconds())/n, "rt-ns/op")
	b.ReportMetric(float64(goTime.Nanoseconds())/n, "go-ns/op")
	b.ReportMetric(float64(rtTime)/float64(goTime), "rt/go")
}

func timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

func mustRun[T any](b *testing.B, n int, main rt.Future[T]) T {
	v, err := rt.RunWorkers(n, main)
	if err != nil {
		b.Fatal(err)
	}
	return v
}

func goSpawnJoin(count int) int {
	results := make([]int, count)
	var wg sync.WaitGroup
	wg.Add(count)
	for i := 0; i < count; i++ {
		go func() {
			results[i] = i
			wg.Done()
		}()
	}
	wg.Wait()
	sum := 0
	for _, v := range results {
		sum += v
	}
	return sum
}

// BenchmarkSpawnMany spawns and joins 100k trivial tasks (SpawnValue: one allocation each)
// against 100k goroutines joined with a WaitGroup.
func BenchmarkSpawnMany(b *testing.B) {
	benchSpawnMany(b, true)
}

// BenchmarkSpawnManyBoxed is SpawnMany with Spawn of a pointer future (two allocations each).
func BenchmarkSpawnManyBoxed(b *testing.B) {
	benchSpawnMany(b, false)
}

func benchSpawnMany(b *testing.B, byValue bool) {
	want := workload.SpawnCount * (workload.SpawnCount - 1) / 2
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			if got := mustRun(b, workers, &workload.SpawnJoin{Count: workload.SpawnCount, ByValue: byValue}); got != want {
				b.Fatalf("sum %d, want %d", got, want)
			}
		})
		goTime += timed(func() {
			if got := goSpawnJoin(workload.SpawnCount); got != want {
				b.Fatalf("sum %d, want %d", got, want)
			}
		})
	}
	reportPair(b, rtTime, goTime, workload.SpawnCount)
}

// BenchmarkYieldMany: 1000 tasks yielding 100 times each, against 1000 goroutines calling
// runtime.Gosched 100 times each.
func BenchmarkYieldMany(b *testing.B) {
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			mustRun(b, workers, &workload.FanOut[rt.Unit]{Count: workload.YieldTasks, Make: func(int) rt.Future[rt.Unit] {
				return &workload.Yielder{N: workload.YieldsEach}
			}})
		})
		goTime += timed(func() {
			var wg sync.WaitGroup
			wg.Add(workload.YieldTasks)
			for t := 0; t < workload.YieldTasks; t++ {
				go func() {
					defer wg.Done()
					for j := 0; j < workload.YieldsEach; j++ {
						runtime.Gosched()
					}
				}()
			}
			wg.Wait()
		})
	}
	reportPair(b, rtTime, goTime, workload.YieldTasks*workload.YieldsEach)
}

// BenchmarkPingPong: two tasks bouncing a value over two channels of capacity 1, against two
// goroutines over two Go channels of capacity 1. Reported per round trip.
func BenchmarkPingPong(b *testing.B) {
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			mustRun(b, workers, workload.PingPong(workload.PingRounds))
		})
		goTime += timed(func() {
			a, c := make(chan int, 1), make(chan int, 1)
			done := make(chan struct{})
			go func() {
				for v := range a {
					c <- v
				}
				close(done)
			}()
			for j := 0; j < workload.PingRounds; j++ {
				a <- j
				<-c
			}
			close(a)
			<-done
		})
	}
	reportPair(b, rtTime, goTime, workload.PingRounds)
}

func goChain(depth int) int {
	if depth == 0 {
		return 0
	}
	ch := make(chan int, 1)
	go func() { ch <- goChain(depth - 1) }()
	return <-ch + 1
}

// BenchmarkChainedSpawn: each task spawns the next and awaits it, 10k deep, against goroutines
// doing the same over channels.
func BenchmarkChainedSpawn(b *testing.B) {
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			if got := mustRun(b, workers, &workload.Chain{Depth: workload.ChainDepth}); got != workload.ChainDepth {
				b.Fatalf("depth %d", got)
			}
		})
		goTime += timed(func() {
			if got := goChain(workload.ChainDepth); got != workload.ChainDepth {
				b.Fatalf("depth %d", got)
			}
		})
	}
	reportPair(b, rtTime, goTime, workload.ChainDepth)
}

// goTree is the tree of workload.Tree with goroutines: the left child in a goroutine of its
// own (its result over a channel), the right one called inline, a Gosched at each leaf.
func goTree(depth int) int64 {
	if depth == 0 {
		runtime.Gosched()
		return 1
	}
	left := make(chan int64, 1)
	go func() { left <- goTree(depth - 1) }()
	right := goTree(depth - 1)
	return right + <-left
}

// BenchmarkTree: the binary tree of issue 17 (depth 18: each inner node spawns its left child
// and awaits its right child inline, then the spawned one; each leaf yields once), against
// the same tree of goroutines. Reported per spawn.
func BenchmarkTree(b *testing.B) {
	const want = 1 << workload.TreeDepth
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			if got := mustRun(b, workers, &workload.Tree{Depth: workload.TreeDepth}); got != want {
				b.Fatalf("%d leaves", got)
			}
		})
		goTime += timed(func() {
			if got := goTree(workload.TreeDepth); got != want {
				b.Fatalf("%d leaves", got)
			}
		})
	}
	reportPair(b, rtTime, goTime, want-1)
}

func rtFanout(n int) int64 {
	v, err := rt.RunWorkers(n, workload.Fanout())
	if err != nil {
		panic(err)
	}
	var total int64
	for _, x := range v {
		total += x
	}
	return total
}

func goFanout(procs int) int64 {
	old := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(old)
	results := make([]int64, workload.FanoutChildren)
	var wg sync.WaitGroup
	wg.Add(workload.FanoutChildren)
	for i := range results {
		go func() {
			results[i] = workload.Work(int64(i))
			wg.Done()
		}()
	}
	wg.Wait()
	var total int64
	for _, x := range results {
		total += x
	}
	return total
}

// BenchmarkFanoutCPU: 32 CPU-bound children on 1, 2 and 4 workers, against 32 goroutines at
// GOMAXPROCS 1, 2 and 4. Reports each time, rt's speed-up over one worker and rt/go.
func BenchmarkFanoutCPU(b *testing.B) {
	const want = workload.FanoutTotal
	counts := []int{1, 2, 4}
	rtTimes := make([]time.Duration, len(counts))
	goTimes := make([]time.Duration, len(counts))
	for i := 0; i < b.N; i++ {
		for k, n := range counts {
			var got int64
			rtTimes[k] += timed(func() { got = rtFanout(n) })
			if got != want {
				b.Fatalf("rt total %d, want %d", got, want)
			}
			goTimes[k] += timed(func() { got = goFanout(n) })
			if got != want {
				b.Fatalf("go total %d, want %d", got, want)
			}
		}
	}
	for k, n := range counts {
		b.ReportMetric(rtTimes[k].Seconds()*1e3/float64(b.N), "rt-ms/"+itoa(n)+"w")
		b.ReportMetric(goTimes[k].Seconds()*1e3/float64(b.N), "go-ms/"+itoa(n)+"w")
	}
	for k, n := range counts[1:] {
		b.ReportMetric(float64(rtTimes[0])/float64(rtTimes[k+1]), "rt-speedup-"+itoa(n)+"w")
		b.ReportMetric(float64(goTimes[0])/float64(goTimes[k+1]), "go-speedup-"+itoa(n)+"w")
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// memInUse is the heap and stack memory in use after a full collection.
func memInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}

// BenchmarkSuspendedMemory: 1M tasks each waiting on a channel receive, against 1M goroutines
// each blocked on a Go channel receive. Reports bytes per waiting task / goroutine.
func BenchmarkSuspendedMemory(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var rtBytes, goBytes float64
	for i := 0; i < b.N; i++ {
		before := memInUse()
		var after uint64
		mustRun(b, workers, &workload.Suspended{Count: workload.SuspendedTasks, AllSuspended: func() { after = memInUse() }})
		rtBytes += float64(after-before) / workload.SuspendedTasks

		before = memInUse()
		ch := make(chan int)
		var started, done sync.WaitGroup
		started.Add(workload.SuspendedTasks)
		done.Add(workload.SuspendedTasks)
		for j := 0; j < workload.SuspendedTasks; j++ {
			go func() {
				started.Done()
				<-ch
				done.Done()
			}()
		}
		started.Wait()
		goBytes += float64(memInUse()-before) / workload.SuspendedTasks
		close(ch)
		done.Wait()
	}
	b.ReportMetric(rtBytes/float64(b.N), "rt-B/task")
	b.ReportMetric(goBytes/float64(b.N), "go-B/goroutine")
	b.ReportMetric(rtBytes/goBytes, "rt/go")
}
