package builtin

// The Parallel module (EVERYDAY.md §6): data-parallel loops over every core (rt/parallel.go).
// The function given to one runs on several threads at once: the checker holds it to the rules
// of a function given to thread.spawn (E0701, E0703: parallelcheck.go). Results keep the
// input's order; reduce's function must be associative, and it folds values of the elements'
// own type (init and the result are of that type too).

// parallel adds a static member of the Parallel module.
func parallel(spellings string, s func(In) Sig, lo Lowering) ID {
	return def(Row{Of: ParallelModule, Static: true, Sig: s, Lower: lo}, spellings)
}

var (
	ParallelModuleObj = module("Parallel|parallel", ParallelModule)

	// forEach(start, end, f) calls f(i) for start ≤ i < end, in no particular order.
	ParallelForEach = parallel("forEach|for_each", fixed(sig(unit, i64, i64, fn(unit, i64))),
		rtFn("ParallelForEach", Int64, Int64, Func).withPos())
	ParallelMap = parallel("map", func(x In) Sig {
		t, u := x.Fresh(), x.Fresh()
		return sig(arrayOf(u), arrayOf(t), fn(u, t))
	}, rtFn("ParallelMap", Plain, FuncResult).withPos())
	ParallelFilter = parallel("filter", func(x In) Sig {
		t := x.Fresh()
		return sig(arrayOf(t), arrayOf(t), fn(x.Fresh(), t))
	}, rtFn("ParallelFilter", Plain, Predicate).withPos())
	ParallelReduce = parallel("reduce", func(x In) Sig {
		t := x.Fresh()
		return sig(t, arrayOf(t), t, fn(t, t, t))
	}, rtFn("ParallelReduce", Plain, Plain, FuncResult).withPos())
	// sum(xs) needs numbers, or dynamic values added with the rules of + (the checker's
	// elementNeeds, as for xs.sum()).
	ParallelSum = parallel("sum", func(x In) Sig {
		t := x.Fresh()
		return sig(t, arrayOf(t))
	}, hook)
)

// ParallelFunc is the index of the argument of a Parallel call that is the function it runs on
// several threads, or -1 for a member that takes none (sum) and for other builtins.
func ParallelFunc(id ID) int {
	switch id {
	case ParallelForEach, ParallelReduce:
		return 2
	case ParallelMap, ParallelFilter:
		return 1
	}
	return -1
}
