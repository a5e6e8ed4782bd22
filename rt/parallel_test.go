package rt

import (
	"errors"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// withParallelWorkers runs f with Parallel's calls on n goroutines.
func withParallelWorkers(t *testing.T, n int, f func()) {
	t.Helper()
	parallelWorkersForTest.Store(int32(n))
	defer parallelWorkersForTest.Store(0)
	f()
}

// parallelSizes are the lengths the tests use: empty, fewer elements than workers, one chunk
// per element, and several elements per chunk with a remainder.
var parallelSizes = []int{0, 1, 3, 7, maxParallelChunks, maxParallelChunks + 1, 10_007}

var parallelWorkerCounts = []int{1, 2, 4, 8, 300}

func TestChunkBoundsCoverEveryIndexOnce(t *testing.T) {
	for _, n := range []uint64{1, 2, 255, 256, 257, 1000, 10_007, math.MaxUint64} {
		chunks := parallelChunks(n)
		var next uint64
		for c := range chunks {
			lo, hi := chunkBounds(n, chunks, c)
			if lo != next || hi <= lo {
				t.Fatalf("n=%d chunk %d: [%d, %d) after %d", n, c, lo, hi, next)
			}
			next = hi
		}
		if next != n {
			t.Fatalf("n=%d: the chunks end at %d", n, next)
		}
	}
}

func TestParallelMapKeepsOrder(t *testing.T) {
	for _, w := range parallelWorkerCounts {
		for _, n := range parallelSizes {
			withParallelWorkers(t, w, func() {
				xs := RangeArray(int64(0), int64(n), false)
				var calls atomic.Int64
				got := ParallelMap(xs, func(x int64) string { calls.Add(1); return Str(x * x) }, "p:1:1")
				want := ArrMap(xs, func(x int64) string { return Str(x * x) })
				if !slices.Equal(got, want) || calls.Load() != int64(n) {
					t.Fatalf("%d workers, %d elements: %d calls, got %v", w, n, calls.Load(), got[:min(len(got), 10)])
				}
				if got == nil {
					t.Fatalf("%d workers, %d elements: a nil array", w, n)
				}
			})
		}
	}
}

func TestParallelForEachEveryIndexOnce(t *testing.T) {
	for _, w := range parallelWorkerCounts {
		for _, n := range parallelSizes {
			withParallelWorkers(t, w, func() {
				const start = -5
				seen := make([]atomic.Int32, n)
				ParallelForEach(start, start+int64(n), func(i int64) { seen[i-start].Add(1) }, "p:1:1")
				for i := range seen {
					if c := seen[i].Load(); c != 1 {
						t.Fatalf("%d workers, %d indices: index %d ran %d times", w, n, i+start, c)
					}
				}
			})
		}
	}
	called := false
	ParallelForEach(5, 5, func(int64) { called = true }, "p:1:1")
	ParallelForEach(5, -5, func(int64) { called = true }, "p:1:1")
	if called {
		t.Fatal("an empty range called the function")
	}
}

func TestParallelForEachWholeInt64Range(t *testing.T) {
	// The length of [MinInt64+1, MaxInt64) does not fit an int64: it is counted in uint64. The
	// calls stop at the first thousand, by a throw; the first index must have been called.
	var first atomic.Int64
	first.Store(math.MaxInt64)
	var calls atomic.Int64
	caught := TryCatch(func() {
		ParallelForEach(math.MinInt64+1, math.MaxInt64, func(i int64) {
			for v := first.Load(); i < v && !first.CompareAndSwap(v, i); v = first.Load() {
			}
			if calls.Add(1) > 1000 {
				Fail("p:2:2", "enough")
			}
		}, "p:1:1")
	})
	if caught == nil || caught.Err.Message != "enough" {
		t.Fatalf("caught %v", caught)
	}
	if first.Load() != math.MinInt64+1 {
		t.Fatalf("the first index was %d", first.Load())
	}
}

func TestParallelFilterKeepsOrder(t *testing.T) {
	for _, w := range parallelWorkerCounts {
		for _, n := range parallelSizes {
			withParallelWorkers(t, w, func() {
				xs := RangeArray(int64(0), int64(n), false)
				keep := func(x int64) bool { return x%3 == 1 }
				got := ParallelFilter(xs, keep, "p:1:1")
				if want := ArrFilter(xs, keep); !slices.Equal(got, want) || got == nil {
					t.Fatalf("%d workers, %d elements: got %v", w, n, got[:min(len(got), 10)])
				}
			})
		}
	}
}

func TestParallelReduceAndSum(t *testing.T) {
	for _, w := range parallelWorkerCounts {
		for _, n := range parallelSizes {
			withParallelWorkers(t, w, func() {
				xs := RangeArray(int64(0), int64(n), false)
				if got, want := ParallelSum(xs, "p:1:1"), ArrSum(xs); got != want {
					t.Fatalf("%d workers, %d elements: sum %d, want %d", w, n, got, want)
				}
				// init is used once, not once per chunk: 1000 + the sum.
				if got, want := ParallelReduce(xs, 1000, func(a, b int64) int64 { return a + b }, "p:1:1"), 1000+ArrSum(xs); got != want {
					t.Fatalf("%d workers, %d elements: reduce %d, want %d", w, n, got, want)
				}
				// An associative function that is not commutative keeps the order.
				strs := ArrMap(xs, func(x int64) string { return Str(x % 10) })
				got := ParallelReduce(strs, ">", func(a, b string) string { return a + b }, "p:1:1")
				if want := ">" + strings.Join(strs, ""); got != want {
					t.Fatalf("%d workers, %d elements: concatenation %.20q…, want %.20q…", w, n, got, want)
				}
			})
		}
	}
}

func TestParallelFloatSumIsTheSameAtEveryWorkerCount(t *testing.T) {
	xs := make([]float64, 100_003)
	for i := range xs {
		xs[i] = 1 / float64(i+1)
	}
	var sums []float64
	for _, w := range parallelWorkerCounts {
		withParallelWorkers(t, w, func() { sums = append(sums, ParallelSum(xs, "p:1:1")) })
	}
	for _, s := range sums[1:] {
		if s != sums[0] {
			t.Fatalf("the sums differ with the number of workers: %v", sums)
		}
	}
	if math.Abs(sums[0]-ArrSum(xs)) > 1e-9 {
		t.Fatalf("sum %v, sequential %v", sums[0], ArrSum(xs))
	}
}

func TestParallelSumDyn(t *testing.T) {
	xs := []Value{int64(1), 2.5, int64(3)}
	if got := ParallelSumDyn(xs, "p:1:1"); got != 6.5 {
		t.Fatalf("got %v", got)
	}
	if got := ParallelSumDyn(nil, "p:1:1"); got != int64(0) {
		t.Fatalf("the sum of nothing is %v", got)
	}
}

func TestParallelEmptyInputs(t *testing.T) {
	called := false
	if got := ParallelMap([]int64{}, func(int64) int64 { called = true; return 0 }, "p:1:1"); got == nil || len(got) != 0 {
		t.Fatalf("map of nothing: %#v", got)
	}
	if got := ParallelFilter([]int64(nil), func(int64) bool { called = true; return true }, "p:1:1"); got == nil || len(got) != 0 {
		t.Fatalf("filter of nothing: %#v", got)
	}
	if got := ParallelReduce([]int64{}, 7, func(a, b int64) int64 { called = true; return a + b }, "p:1:1"); got != 7 {
		t.Fatalf("reduce of nothing: %d", got)
	}
	if called {
		t.Fatal("a function was called for an empty array")
	}
}

// A throw in the function is raised on the caller, and it is the first element's, in order,
// whatever the number of workers.
func TestParallelThrowIsTheFirstInOrder(t *testing.T) {
	for _, w := range parallelWorkerCounts {
		withParallelWorkers(t, w, func() {
			xs := RangeArray(int64(0), 10_000, false)
			caught := TryCatch(func() {
				ParallelMap(xs, func(x int64) int64 {
					if x%1000 == 999 {
						Fail("prog.adesh:3:9", "bad element "+Str(x))
					}
					return x
				}, "prog.adesh:2:1")
			})
			if caught == nil || caught.Err.Message != "bad element 999" || caught.Pos != "prog.adesh:3:9" {
				t.Fatalf("%d workers: caught %v", w, caught)
			}
		})
	}
}

func TestParallelGoPanicBecomesAnError(t *testing.T) {
	withParallelWorkers(t, 4, func() {
		var nilMap map[int64]int64
		caught := TryCatch(func() {
			ParallelForEach(0, 100, func(i int64) {
				if i == 42 {
					nilMap[i] = i // a Go panic: assignment to entry in nil map
				}
			}, "prog.adesh:5:1")
		})
		if caught == nil || caught.Pos != "prog.adesh:5:1" ||
			!strings.HasPrefix(caught.Err.Message, "panic in Parallel.forEach: assignment to entry in nil map") {
			t.Fatalf("caught %v", caught)
		}
		caught = TryCatch(func() {
			ParallelFilter([]int64{1, 2, 3}, func(x int64) bool { panic(errors.New("boom")) }, "prog.adesh:6:1")
		})
		if caught == nil || caught.Error() != "panic in Parallel.filter: boom (at prog.adesh:6:1)" {
			t.Fatalf("caught %v", caught)
		}
	})
}

func TestParallelExitPassesThrough(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("no panic")
		} else if e, ok := r.(*exitRequest); !ok || e.code != 3 {
			t.Fatalf("got %v", r)
		}
	}()
	ParallelReduce([]int64{1, 2, 3}, 0, func(a, b int64) int64 { panic(&exitRequest{code: 3}) }, "p:1:1")
}

// A Parallel call inside the function of another runs: the inner one has goroutines of its own.
func TestParallelNested(t *testing.T) {
	withParallelWorkers(t, 2, func() {
		rows := RangeArray(int64(0), 50, false)
		got := ParallelMap(rows, func(r int64) int64 {
			return ParallelSum(ParallelMap(RangeArray(int64(0), r, false), func(x int64) int64 { return x }, "p:2:2"), "p:2:1")
		}, "p:1:1")
		for r, s := range got {
			if want := int64(r * (r - 1) / 2); s != want {
				t.Fatalf("row %d: %d, want %d", r, s, want)
			}
		}
	})
}
