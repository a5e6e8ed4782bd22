package bench

import (
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adesh2go/rt"
)

// The lock and share benchmarks run rt's primitive and its standard-library baseline for the
// same number of operations, alternating in short rounds so that both see the same machine noise.
// They report rt's time as ns/op, the baseline's beside it, and "ratio": the median over the
// rounds of rt's time over the baseline's, which a burst of noise in one round cannot move.

// syncSideBySide times contender and baseline, each asked to do n operations at a time.
func syncSideBySide(b *testing.B, baselineName string, contender, baseline func(n int)) {
	const rounds = 21
	per := max(b.N/rounds, 1)
	timed := func(f func(int)) time.Duration {
		start := time.Now()
		f(per)
		return time.Since(start)
	}
	var contenderTotal, baselineTotal time.Duration
	ratios := make([]float64, rounds)
	b.ResetTimer()
	for r := range rounds {
		var c, base time.Duration
		if r%2 == 0 {
			c, base = timed(contender), timed(baseline)
		} else {
			base, c = timed(baseline), timed(contender)
		}
		contenderTotal += c
		baselineTotal += base
		ratios[r] = float64(c) / float64(max(base, 1))
	}
	b.StopTimer()
	slices.Sort(ratios)
	ops := float64(per * rounds)
	b.ReportMetric(float64(contenderTotal.Nanoseconds())/ops, "ns/op")
	b.ReportMetric(float64(baselineTotal.Nanoseconds())/ops, baselineName+"-ns/op")
	b.ReportMetric(ratios[rounds/2], "ratio")
}

// inParallel splits n operations over g goroutines and waits for them.
func inParallel(g, n int, op func(n int)) {
	var wg sync.WaitGroup
	for i := range g {
		share := n / g
		if i < n%g {
			share++
		}
		wg.Go(func() { op(share) })
	}
	wg.Wait()
}

func BenchmarkMutexUncontended(b *testing.B) {
	m := rt.NewMutex(0)
	var sm sync.Mutex
	counter := 0
	syncSideBySide(b, "sync",
		func(n int) {
			for range n {
				g := m.Lock()
				*g.Ptr() += 1
				g.Drop()
			}
		},
		func(n int) {
			for range n {
				sm.Lock()
				counter++
				sm.Unlock()
			}
		})
}

func BenchmarkMutexContended(b *testing.B) {
	for _, goroutines := range []int{2, 4} {
		b.Run("goroutines="+strconv.Itoa(goroutines), func(b *testing.B) {
			m := rt.NewMutex(0)
			var sm sync.Mutex
			counter := 0
			syncSideBySide(b, "sync",
				func(n int) {
					inParallel(goroutines, n, func(n int) {
						for range n {
							g := m.Lock()
							*g.Ptr() += 1
							g.Drop()
						}
					})
				},
				func(n int) {
					inParallel(goroutines, n, func(n int) {
						for range n {
							sm.Lock()
							counter++
							sm.Unlock()
						}
					})
				})
		})
	}
}

func BenchmarkRwLockRead(b *testing.B) {
	for _, goroutines := range []int{1, 2} {
		b.Run("goroutines="+strconv.Itoa(goroutines), func(b *testing.B) {
			l := rt.NewRwLock(1)
			var rw sync.RWMutex
			value := 1
			var sink atomic.Int64
			syncSideBySide(b, "sync",
				func(n int) {
					inParallel(goroutines, n, func(n int) {
						sum := 0
						for range n {
							g := l.Read()
							sum += g.Get()
							g.Drop()
						}
						sink.Add(int64(sum))
					})
				},
				func(n int) {
					inParallel(goroutines, n, func(n int) {
						sum := 0
						for range n {
							rw.RLock()
							sum += value
							rw.RUnlock()
						}
						sink.Add(int64(sum))
					})
				})
		})
	}
}

// BenchmarkShareCloneRelease compares a Clone and Release pair with the bare pair of atomic adds
// it is built on, the floor for any reference count.
func BenchmarkShareCloneRelease(b *testing.B) {
	for _, goroutines := range []int{1, 2} {
		b.Run("goroutines="+strconv.Itoa(goroutines), func(b *testing.B) {
			s := rt.NewShare([]int{1, 2, 3})
			var count atomic.Int64
			count.Store(1)
			syncSideBySide(b, "atomic",
				func(n int) {
					inParallel(goroutines, n, func(n int) {
						for range n {
							s.Clone().Release()
						}
					})
				},
				func(n int) {
					inParallel(goroutines, n, func(n int) {
						for range n {
							count.Add(1)
							count.Add(-1)
						}
					})
				})
			if s.StrongCount() != 1 {
				b.Fatalf("strong count %d after the benchmark", s.StrongCount())
			}
		})
	}
}
