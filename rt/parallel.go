package rt

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// The Parallel module (EVERYDAY.md §6): data-parallel loops over every core.
//
// A call cuts its index range into chunks and runs them on runtime.GOMAXPROCS goroutines: the
// calling goroutine and GOMAXPROCS-1 new ones, which take the chunks in index order from a
// shared counter. It returns when every chunk has run. They are plain goroutines, not the
// scheduler's workers nor the blocking pool's threads: called from async code, the task's worker
// is busy for the call as it is for any loop of sync code (the other workers steal what waits
// on its queue), and no worker is ever left waiting for a chunk that only a worker could run;
// a Parallel call inside the function of another gets goroutines of its own.
//
// The chunks depend on the length alone, never on the number of cores, so that reduce and sum
// group the elements the same way on every machine: a float sum gives the same bits at 1 and at
// 64 cores. Results are written in input order.
//
// A throw (or a Go panic) in the function stops the chunks after the one that threw from
// starting, lets those before it finish, and is raised again on the calling goroutine: the
// error is the one of the first element, in input order, whose call threw (what the loop run
// in order would throw), and try/catch around the call catches it. A Go panic that is not an
// AdeshLang error becomes one, "panic in Parallel.NAME: …" at the call's position, as a task's
// does (ADESH_TRACEBACK=1 lets it crash with its Go stack instead); exit(n) inside the function
// ends the program.

// maxParallelChunks bounds the number of chunks: enough to balance uneven work over many
// cores, few enough that taking a chunk (an atomic add) costs nothing next to running it.
const maxParallelChunks = 256

// parallelWorkers is the number of goroutines a call uses; tests set parallelWorkersForTest.
func parallelWorkers() int {
	if n := parallelWorkersForTest.Load(); n > 0 {
		return int(n)
	}
	return runtime.GOMAXPROCS(0)
}

var parallelWorkersForTest atomic.Int32

// chunkBounds gives chunk c of chunks over n indices: [lo, hi).
func chunkBounds(n, chunks, c uint64) (lo, hi uint64) {
	size, rem := n/chunks, n%chunks
	lo = c*size + min(c, rem)
	hi = lo + size
	if c < rem {
		hi++
	}
	return lo, hi
}

// parallelChunks is the number of chunks of n indices.
func parallelChunks(n uint64) uint64 { return min(n, maxParallelChunks) }

// parallelRun runs body(c, lo, hi) for every chunk c of n indices on up to workers goroutines,
// and raises again the failure of the lowest chunk that failed. what names the call in the
// message of a Go panic; pos is its position.
func parallelRun(n uint64, workers int, what, pos string, body func(c int, lo, hi uint64)) {
	chunks := parallelChunks(n)
	if chunks == 0 {
		return
	}
	var (
		next     atomic.Uint64
		failedAt atomic.Uint64 // the lowest chunk that failed; chunks when none has
		mu       sync.Mutex
		failure  any
	)
	failedAt.Store(chunks)
	run := func() {
		for {
			c := next.Add(1) - 1
			if c >= chunks || c > failedAt.Load() {
				return
			}
			if r, failed := runChunk(body, n, chunks, c); failed {
				mu.Lock()
				if c < failedAt.Load() {
					failedAt.Store(c)
					failure = r
				}
				mu.Unlock()
			}
		}
	}
	helpers := min(uint64(max(workers, 1)), chunks) - 1
	var wg sync.WaitGroup
	for range helpers {
		wg.Go(run)
	}
	run()
	wg.Wait()
	if failedAt.Load() < chunks {
		panic(parallelFailure(failure, what, pos))
	}
}

// runChunk runs one chunk, giving what it panicked with, if it did.
func runChunk(body func(c int, lo, hi uint64), n, chunks, c uint64) (r any, failed bool) {
	defer func() {
		if p := recover(); p != nil {
			if _, thrown := p.(*Thrown); !thrown && rawPanics {
				if _, exit := p.(*exitRequest); !exit {
					crashWithStack(p) // ADESH_TRACEBACK=1: crash here, with the chunk's Go stack
				}
			}
			r, failed = p, true
		}
	}()
	lo, hi := chunkBounds(n, chunks, c)
	body(int(c), lo, hi)
	return nil, false
}

// parallelFailure is what the calling goroutine raises for a chunk's panic r: an AdeshLang error
// or an exit as it is, any other panic as an error at the call.
func parallelFailure(r any, what, pos string) any {
	switch r.(type) {
	case *Thrown, *exitRequest:
		return r
	}
	return &Thrown{Err: Error{Message: fmt.Sprintf("panic in Parallel.%s: %v", what, r)}, Pos: pos}
}

// ParallelForEach is Parallel.forEach(start, end, f): f(i) for every i from start up to end
// (end excluded), in no particular order.
func ParallelForEach(start, end int64, f func(int64), pos string) {
	if end <= start {
		return
	}
	n := uint64(end) - uint64(start) // fits: end > start
	parallelRun(n, parallelWorkers(), "forEach", pos, func(_ int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			f(start + int64(i))
		}
	})
}

// ParallelMap is Parallel.map(xs, f): a new array of f(x) for every element, in order.
func ParallelMap[T, U any](xs []T, f func(T) U, pos string) []U {
	out := make([]U, len(xs))
	parallelRun(uint64(len(xs)), parallelWorkers(), "map", pos, func(_ int, lo, hi uint64) {
		for i := lo; i < hi; i++ {
			out[i] = f(xs[i])
		}
	})
	return out
}

// ParallelFilter is Parallel.filter(xs, keep): a new array of the elements for which keep is
// true, in order.
func ParallelFilter[T any](xs []T, keep func(T) bool, pos string) []T {
	n := uint64(len(xs))
	parts := make([][]T, parallelChunks(n))
	parallelRun(n, parallelWorkers(), "filter", pos, func(c int, lo, hi uint64) {
		var part []T
		for i := lo; i < hi; i++ {
			if keep(xs[i]) {
				part = append(part, xs[i])
			}
		}
		parts[c] = part
	})
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	out := make([]T, 0, total)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// ParallelReduce is Parallel.reduce(xs, init, f) for an associative f: each chunk is folded
// from its first element, then the chunks' results are folded from init, in order. With f
// associative that is f(…f(f(init, x0), x1)…, xn); init is used once, so it need not be an
// identity of f. An empty array gives init.
func ParallelReduce[T any](xs []T, init T, f func(T, T) T, pos string) T {
	n := uint64(len(xs))
	partial := make([]T, parallelChunks(n))
	parallelRun(n, parallelWorkers(), "reduce", pos, func(c int, lo, hi uint64) {
		acc := xs[lo]
		for i := lo + 1; i < hi; i++ {
			acc = f(acc, xs[i])
		}
		partial[c] = acc
	})
	acc := init
	for _, p := range partial {
		acc = f(acc, p)
	}
	return acc
}

// ParallelSum is Parallel.sum(xs): the sum of the elements (wrapping for integers, as ArrSum),
// added up by chunks; 0 for an empty array.
func ParallelSum[T Number](xs []T, pos string) T {
	return ParallelReduce(xs, 0, func(a, b T) T { return a + b }, pos)
}

// ParallelSumDyn is Parallel.sum of dynamic values, with the rules of `+`, from 0.
func ParallelSumDyn(xs []Value, pos string) Value {
	return ParallelReduce(xs, Value(int64(0)), func(a, b Value) Value { return DynAdd(a, b, pos) }, pos)
}
