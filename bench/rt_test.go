// Package bench holds side-by-side benchmarks: each runs the contender and its baseline in the
// same run and reports both and their ratio (see README.md).
package bench

import (
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// trivial is the smallest task: it returns its number.
type trivial struct{ i int }

func (f *trivial) Poll(*rt.Context) rt.Poll[int] { return rt.Ready(f.i) }
func (f *trivial) Drop()                         {}

// spawnJoin spawns count trivial tasks, then awaits each handle in order and sums the values.
type spawnJoin struct {
	count   int
	byValue bool
	hs      []*rt.JoinHandle[int]
	i, sum  int
}

func (f *spawnJoin) Poll(cx *rt.Context) rt.Poll[int] {
	if f.hs == nil {
		f.hs = make([]*rt.JoinHandle[int], f.count)
		for i := range f.hs {
			if f.byValue {
				f.hs[i] = rt.SpawnValue[int](cx, trivial{i: i})
			} else {
				f.hs[i] = rt.Spawn[int](cx, &trivial{i: i})
			}
		}
	}
	for ; f.i < len(f.hs); f.i++ {
		p := f.hs[f.i].Poll(cx)
		if !p.Ready {
			return rt.Pending[int]()
		}
		f.sum += p.Value
	}
	return rt.Ready(f.sum)
}

func (f *spawnJoin) Drop() {}

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

const spawnCount = 100_000

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
	want := spawnCount * (spawnCount - 1) / 2
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			if got := mustRun(b, workers, &spawnJoin{count: spawnCount, byValue: byValue}); got != want {
				b.Fatalf("sum %d, want %d", got, want)
			}
		})
		goTime += timed(func() {
			if got := goSpawnJoin(spawnCount); got != want {
				b.Fatalf("sum %d, want %d", got, want)
			}
		})
	}
	reportPair(b, rtTime, goTime, spawnCount)
}

// yielder yields n times.
type yielder struct {
	n     int
	y     rt.YieldFuture
	armed bool
}

func (f *yielder) Poll(cx *rt.Context) rt.Poll[rt.Unit] {
	for {
		if f.armed {
			if !f.y.Poll(cx).Ready {
				return rt.Pending[rt.Unit]()
			}
			f.armed = false
		}
		if f.n == 0 {
			return rt.Ready(rt.Unit{})
		}
		f.n--
		f.y = rt.YieldNow()
		f.armed = true
	}
}

func (f *yielder) Drop() {}

const yieldTasks, yieldsEach = 1000, 100

// BenchmarkYieldMany: 1000 tasks yielding 100 times each, against 1000 goroutines calling
// runtime.Gosched 100 times each.
func BenchmarkYieldMany(b *testing.B) {
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			mustRun(b, workers, &fanOut[rt.Unit]{count: yieldTasks, make: func(int) rt.Future[rt.Unit] {
				return &yielder{n: yieldsEach}
			}})
		})
		goTime += timed(func() {
			var wg sync.WaitGroup
			wg.Add(yieldTasks)
			for t := 0; t < yieldTasks; t++ {
				go func() {
					defer wg.Done()
					for j := 0; j < yieldsEach; j++ {
						runtime.Gosched()
					}
				}()
			}
			wg.Wait()
		})
	}
	reportPair(b, rtTime, goTime, yieldTasks*yieldsEach)
}

// fanOut spawns count futures made by make and awaits them all, giving their values.
type fanOut[T any] struct {
	count int
	make  func(i int) rt.Future[T]
	hs    []*rt.JoinHandle[T]
	out   []T
}

func (f *fanOut[T]) Poll(cx *rt.Context) rt.Poll[[]T] {
	if f.hs == nil {
		f.hs = make([]*rt.JoinHandle[T], f.count)
		for i := range f.hs {
			f.hs[i] = rt.Spawn(cx, f.make(i))
		}
	}
	for len(f.out) < len(f.hs) {
		p := f.hs[len(f.out)].Poll(cx)
		if !p.Ready {
			return rt.Pending[[]T]()
		}
		f.out = append(f.out, p.Value)
	}
	return rt.Ready(f.out)
}

func (f *fanOut[T]) Drop() {}

// pinger sends i and waits for it back, rounds times; ponger echoes.
type pinger struct {
	in, out *rt.Channel[int]
	rounds  int
	echo    bool
	i       int
	state   int
	send    rt.SendFuture[int]
	recv    rt.RecvFuture[int]
}

func (f *pinger) Poll(cx *rt.Context) rt.Poll[int] {
	for {
		switch f.state {
		case 0: // start a round
			if f.i == f.rounds {
				return rt.Ready(f.i)
			}
			if f.echo {
				f.recv = f.in.Recv()
				f.state = 2
				continue
			}
			f.send = f.out.Send(f.i)
			f.state = 1
		case 1: // sending
			if !f.send.Poll(cx).Ready {
				return rt.Pending[int]()
			}
			if f.echo {
				f.i++
				f.state = 0
				continue
			}
			f.recv = f.in.Recv()
			f.state = 2
		case 2: // receiving
			p := f.recv.Poll(cx)
			if !p.Ready {
				return rt.Pending[int]()
			}
			if f.echo {
				f.send = f.out.Send(p.Value.Val)
				f.state = 1
				continue
			}
			f.i++
			f.state = 0
		}
	}
}

func (f *pinger) Drop() {}

const pingRounds = 100_000

// BenchmarkPingPong: two tasks bouncing a value over two channels of capacity 1, against two
// goroutines over two Go channels of capacity 1. Reported per round trip.
func BenchmarkPingPong(b *testing.B) {
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			a, c := rt.NewChannel[int](1), rt.NewChannel[int](1)
			mustRun(b, workers, &fanOut[int]{count: 2, make: func(i int) rt.Future[int] {
				if i == 0 {
					return &pinger{in: c, out: a, rounds: pingRounds}
				}
				return &pinger{in: a, out: c, rounds: pingRounds, echo: true}
			}})
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
			for j := 0; j < pingRounds; j++ {
				a <- j
				<-c
			}
			close(a)
			<-done
		})
	}
	reportPair(b, rtTime, goTime, pingRounds)
}

// chain spawns a child chain of depth-1 and awaits it: a chain of nested spawns.
type chain struct {
	depth int
	h     *rt.JoinHandle[int]
}

func (f *chain) Poll(cx *rt.Context) rt.Poll[int] {
	if f.depth == 0 {
		return rt.Ready(0)
	}
	if f.h == nil {
		f.h = rt.SpawnValue[int](cx, chain{depth: f.depth - 1})
	}
	p := f.h.Poll(cx)
	if !p.Ready {
		return rt.Pending[int]()
	}
	return rt.Ready(p.Value + 1)
}

func (f *chain) Drop() {}

func goChain(depth int) int {
	if depth == 0 {
		return 0
	}
	ch := make(chan int, 1)
	go func() { ch <- goChain(depth - 1) }()
	return <-ch + 1
}

const chainDepth = 10_000

// BenchmarkChainedSpawn: each task spawns the next and awaits it, 10k deep, against goroutines
// doing the same over channels.
func BenchmarkChainedSpawn(b *testing.B) {
	var rtTime, goTime time.Duration
	for i := 0; i < b.N; i++ {
		rtTime += timed(func() {
			if got := mustRun(b, workers, &chain{depth: chainDepth}); got != chainDepth {
				b.Fatalf("depth %d", got)
			}
		})
		goTime += timed(func() {
			if got := goChain(chainDepth); got != chainDepth {
				b.Fatalf("depth %d", got)
			}
		})
	}
	reportPair(b, rtTime, goTime, chainDepth)
}

// work is the CPU-bound body of spec example 10.
func work(seed int64) int64 {
	x := seed
	for i := 0; i < 200_000; i++ {
		x = (x*1103515245 + 12345) % 2147483648
	}
	return x
}

type cpuTask struct{ seed int64 }

func (f *cpuTask) Poll(*rt.Context) rt.Poll[int64] { return rt.Ready(work(f.seed)) }
func (f *cpuTask) Drop()                           {}

const fanoutChildren = 32

func rtFanout(n int) int64 {
	v, err := rt.RunWorkers(n, &fanOut[int64]{count: fanoutChildren, make: func(i int) rt.Future[int64] {
		return &cpuTask{seed: int64(i)}
	}})
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
	results := make([]int64, fanoutChildren)
	var wg sync.WaitGroup
	wg.Add(fanoutChildren)
	for i := range results {
		go func() {
			results[i] = work(int64(i))
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
	const want = 32038627824 // spec example 10's output
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
		b.ReportMetric(float64(rtTimes[k].Milliseconds())/float64(b.N), "rt-ms/"+itoa(n)+"w")
		b.ReportMetric(float64(goTimes[k].Milliseconds())/float64(b.N), "go-ms/"+itoa(n)+"w")
	}
	for k, n := range counts[1:] {
		b.ReportMetric(float64(rtTimes[0])/float64(rtTimes[k+1]), "rt-speedup-"+itoa(n)+"w")
		b.ReportMetric(float64(goTimes[0])/float64(goTimes[k+1]), "go-speedup-"+itoa(n)+"w")
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// waitForever counts its first poll and waits on a channel that only closes at the end.
type waitForever struct {
	ch      *rt.Channel[int]
	started *atomic.Int64
	recv    rt.RecvFuture[int]
	armed   bool
}

func (f *waitForever) Poll(cx *rt.Context) rt.Poll[rt.Unit] {
	if !f.armed {
		f.armed = true
		f.recv = f.ch.Recv()
		f.started.Add(1)
	}
	if !f.recv.Poll(cx).Ready {
		return rt.Pending[rt.Unit]()
	}
	return rt.Ready(rt.Unit{})
}

func (f *waitForever) Drop() { f.recv.Drop() }

// suspendAll spawns count waitForever tasks, waits until all are suspended, measures the
// memory in use, then closes the channel so they finish.
type suspendAll struct {
	count   int
	ch      *rt.Channel[int]
	started atomic.Int64
	before  uint64
	spawned bool
	y       rt.YieldFuture
	bytes   float64
}

func (f *suspendAll) Poll(cx *rt.Context) rt.Poll[float64] {
	if !f.spawned {
		f.spawned = true
		f.before = memInUse()
		for i := 0; i < f.count; i++ {
			rt.SpawnValue[rt.Unit](cx, waitForever{ch: f.ch, started: &f.started}).Drop()
		}
	}
	if f.started.Load() < int64(f.count) {
		f.y = rt.YieldNow()
		f.y.Poll(cx)
		return rt.Pending[float64]()
	}
	after := memInUse()
	f.ch.Close()
	return rt.Ready(float64(after-f.before) / float64(f.count))
}

func (f *suspendAll) Drop() {}

// memInUse is the heap and stack memory in use after a full collection.
func memInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}

const suspendedTasks = 1_000_000

// BenchmarkSuspendedMemory: 1M tasks each waiting on a channel receive, against 1M goroutines
// each blocked on a Go channel receive. Reports bytes per waiting task / goroutine.
func BenchmarkSuspendedMemory(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var rtBytes, goBytes float64
	for i := 0; i < b.N; i++ {
		rtBytes += mustRun(b, workers, &suspendAll{count: suspendedTasks, ch: rt.NewChannel[int](0)})

		before := memInUse()
		ch := make(chan int)
		var started, done sync.WaitGroup
		started.Add(suspendedTasks)
		done.Add(suspendedTasks)
		for j := 0; j < suspendedTasks; j++ {
			go func() {
				started.Done()
				<-ch
				done.Done()
			}()
		}
		started.Wait()
		goBytes += float64(memInUse()-before) / suspendedTasks
		close(ch)
		done.Wait()
	}
	b.ReportMetric(rtBytes/float64(b.N), "rt-B/task")
	b.ReportMetric(goBytes/float64(b.N), "go-B/goroutine")
	b.ReportMetric(rtBytes/goBytes, "rt/go")
}
