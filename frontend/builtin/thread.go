package builtin

import "adesh2go/frontend/types"

// The thread module (EVERYDAY.md §6): OS threads beside the async workers, and the objects they
// share. A thread's handle is a JoinHandle (async code awaits it); thread.Mutex is rt's futex
// Mutex whose lock calls give the interpreter's {ok, value} result objects.

// module adds a standard module, visible where a file imports it.
func module(spellings string, of Kind) ID {
	return def(Row{Of: StdModules, Module: of}, spellings)
}

// nested adds a type object that is a static member of the module of.
func nested(of Kind, spellings string, module Kind) ID {
	return def(Row{Of: of, Static: true, Module: module}, spellings)
}

// spawnSig is thread.spawn's: a function of no arguments, whose result the handle gives.
func spawnSig(named bool) func(In) Sig {
	return func(x In) Sig {
		u := x.Fresh()
		if named {
			return sig(handle(types.JoinHandleH, u), str, fn(u))
		}
		return sig(handle(types.JoinHandleH, u), fn(u))
	}
}

func atomicNew(elem types.Type) func(In) Sig {
	return fixed(sig(handle(types.AtomicH, elem), elem))
}

var (
	ThreadModule = module("thread|Thread|concurrency", Thread)

	ThreadSpawn      = static(Thread, "spawn", spawnSig(false), rtFn("SpawnThread", FuncResult))
	ThreadSpawnNamed = static(Thread, "spawn_named", spawnSig(true), rtFn("SpawnThreadNamed", Plain, FuncResult))
	ThreadSleep      = static(Thread, "sleep", fixed(sig(unit, i64)), rtFn("ThreadSleep", Millis))
	ThreadCPUs       = static(Thread, "hardware_concurrency|cpu_count", fixed(sig(i64)), rtFn("HardwareConcurrency"))
	// thread.yield() lets other threads run (the calling thread stays runnable).
	ThreadYield = static(Thread, "yield", fixed(sig(unit)), rtFn("ThreadYield"))
	// thread.parallel_map, parallel_for and parallel_reduce are Parallel.map, Parallel.forEach
	// and Parallel.reduce (EVERYDAY.md §7.3), checked and lowered as those.
	ThreadParallelMap    = def(Row{Of: Thread, Static: true, Same: ParallelMap}, "parallel_map")
	ThreadParallelFor    = def(Row{Of: Thread, Static: true, Same: ParallelForEach}, "parallel_for")
	ThreadParallelReduce = def(Row{Of: Thread, Static: true, Same: ParallelReduce}, "parallel_reduce")
	// thread.watchdog(ms) ends the program if it still runs ms milliseconds from now, unless the
	// object it gives is disarmed first (w.disarm(), or thread.disarm_watchdog() for every one).
	ThreadWatchdog       = static(Thread, "watchdog", fixed(sig(handle(types.WatchdogH, nil), i64)), rtFn("NewWatchdog", Millis).withPos())
	ThreadDisarmWatchdog = static(Thread, "disarm_watchdog", fixed(sig(unit)), rtFn("DisarmWatchdogs"))
	WatchdogDisarm       = method(Watchdogs, "disarm", 0, fixed(sig(unit)), goMethod("Disarm"))

	ThreadMutexType = nested(Thread, "Mutex", ThreadMutexObj)
	ThreadMutexNew  = static(ThreadMutexObj, "new", func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.ThreadMutexH, u), u)
	}, rtFn("NewMutex", Owned).withElemTypeArg())
	ThreadMutexWith = method(ThreadMutexes, "with", 0,
		func(x In) Sig { return sig(unit, fn(x.Elem, x.Elem)) }, goMethod("With", Func))
	ThreadMutexLock        = method(ThreadMutexes, "lock", 0, fixed(sig(types.AnyType)), rtFn("ThreadLock"))
	ThreadMutexTryLock     = method(ThreadMutexes, "try_lock", 0, fixed(sig(types.AnyType)), rtFn("ThreadTryLock"))
	ThreadMutexLockTimeout = method(ThreadMutexes, "lock_timeout", 0, fixed(sig(types.AnyType, i64)), rtFn("ThreadLockTimeout", Millis))

	// h.join() blocks until the thread ends (await h suspends instead). Of a function that gives
	// () or a dynamic value it is dynamic: the value, or the error object if it threw.
	JoinHandleJoin = method(JoinHandles, "join", 0, joinSig, rtFn("ThreadJoin").withPos())

	ThreadAtomic = nested(Thread, "Atomic", AtomicModule)
	// The signed kinds are all 64 bits wide (EVERYDAY.md §7.3): AtomicI8 does not wrap at 8.
	AtomicI64Type  = nested(AtomicModule, "AtomicI64|AtomicI8|AtomicI16|AtomicI32|AtomicIsize", AtomicI64Obj)
	AtomicBoolType = nested(AtomicModule, "AtomicBool", AtomicBoolObj)
	AtomicI64New   = static(AtomicI64Obj, "new", atomicNew(i64), rtFn("NewAtomic").withElemTypeArg())
	AtomicBoolNew  = static(AtomicBoolObj, "new", atomicNew(boolean), rtFn("NewAtomic").withElemTypeArg())

	// Each takes a memory ordering last, optional (EVERYDAY.md §7.3): a name or a number,
	// checked when the program runs (rt's checkOrder). A fetch_ operation's operand is
	// optional too, 1 when left out.
	AtomicLoad  = method(Atomics, "load", 0, func(x In) Sig { return sig(x.Elem, order).opt(1) }, goMethod("Load"))
	AtomicStore = method(Atomics, "store", 0, func(x In) Sig { return sig(unit, x.Elem, order).opt(1) }, goMethod("Store"))
	AtomicSwap  = method(Atomics, "swap", 0, func(x In) Sig { return sig(x.Elem, x.Elem, order).opt(1) }, goMethod("Swap"))
	// compare_exchange(old, new) stores new if the atomic holds old: {ok: true, value: old}, or
	// {ok: false, kind: "mismatch", message: "found N"} (EVERYDAY.md §7.3).
	AtomicCompareExchange = method(Atomics, "compare_exchange|compare_exchange_weak", 0,
		func(x In) Sig { return sig(types.AnyType, x.Elem, x.Elem, order, order).opt(2) }, goMethod("CompareExchange"))
	AtomicFetchAdd = method(Atomics, "fetch_add", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchAdd").withDefaults("1"))
	AtomicFetchSub = method(Atomics, "fetch_sub", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchSub").withDefaults("1"))
	AtomicFetchAnd = method(Atomics, "fetch_and", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchAnd").withDefaults("1"))
	AtomicFetchOr  = method(Atomics, "fetch_or", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchOr").withDefaults("1"))
	AtomicFetchXor = method(Atomics, "fetch_xor", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchXor").withDefaults("1"))
	AtomicFetchMin = method(Atomics, "fetch_min", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchMin").withDefaults("1"))
	AtomicFetchMax = method(Atomics, "fetch_max", 0, fixed(sig(i64, i64, order).opt(2)), goMethod("FetchMax").withDefaults("1"))

	// h.join_timeout(ms) is the thread's value, or the `timeout` object while it still runs (a
	// later join works).
	JoinHandleJoinTimeout = method(JoinHandles, "join_timeout", 0,
		fixed(sig(types.AnyType, i64)), rtFn("ThreadJoinTimeout", Millis).withPos())
)

// DynamicJoin reports whether a join of a handle whose function gives elem gives what the
// interpreter's does (EVERYDAY.md §7.3): the value, or {ok: false, kind: "error", message} if
// the function threw, not a throw. That is a dynamic value, so only for a function that gives
// () or a dynamic value; a join of one that gives a typed value throws what it threw.
func DynamicJoin(elem types.Type) bool {
	elem = types.Resolve(elem)
	return types.IsUnit(elem) || types.IsAny(elem)
}

// joinSig is the signature of h.join() and h.get().
func joinSig(x In) Sig {
	if DynamicJoin(x.Elem) {
		return sig(types.AnyType)
	}
	return sig(x.Elem)
}

// order is a memory ordering argument's type: a name or a number.
var order = types.AnyType

// The thread module's synchronization objects, each rt's object of the same name. Their waits
// (acquire, wait, a lock of read or write) block the calling thread.
var (
	// thread.WaitGroup.new(): add(n = 1), done(), wait(), wait_timeout(ms), count().
	ThreadWaitGroupType  = nested(Thread, "WaitGroup", WaitGroupObj)
	WaitGroupNew         = static(WaitGroupObj, "new", fixed(sig(handle(types.WaitGroupH, nil))), rtFn("NewWaitGroup"))
	WaitGroupAdd         = method(WaitGroups, "add", 0, fixed(sig(unit, i64).opt(1)), goMethod("Add"))
	WaitGroupDone        = method(WaitGroups, "done", 0, fixed(sig(unit)), goMethod("Done"))
	WaitGroupWait        = method(WaitGroups, "wait", 0, fixed(sig(unit)), goMethod("Wait"))
	WaitGroupWaitTimeout = method(WaitGroups, "wait_timeout", 0, fixed(sig(boolean, i64)), goMethod("WaitTimeout", Millis))
	WaitGroupCount       = method(WaitGroups, "count", 0, fixed(sig(i64)), goMethod("Count"))

	// The counts a call takes are optional, 1 when left out (EVERYDAY.md §7.3): acquire(n = 1),
	// try_acquire(n = 1), release(n = 1), acquire_timeout(ms, n = 1).
	ThreadSemaphoreType = nested(Thread, "Semaphore", SemaphoreObj)
	SemaphoreNew        = static(SemaphoreObj, "new", fixed(sig(handle(types.SemaphoreH, nil), i64)), rtFn("NewSemaphore").withPos())
	SemaphoreAcquire    = method(Semaphores, "acquire", 0, fixed(sig(unit, i64).opt(1)), goMethod("Acquire", Int64).withDefaults("1").withPos())
	SemaphoreRelease    = method(Semaphores, "release", 0, fixed(sig(unit, i64).opt(1)), goMethod("Release", Int64).withDefaults("1").withPos())
	SemaphoreTryAcquire = method(Semaphores, "try_acquire", 0, fixed(sig(boolean, i64).opt(1)), goMethod("TryAcquire", Int64).withDefaults("1").withPos())
	// s.acquire_timeout(ms, n = 1) says whether it took the permits within ms milliseconds.
	SemaphoreAcquireTimeout = method(Semaphores, "acquire_timeout", 0, fixed(sig(boolean, i64, i64).opt(1)),
		goMethod("AcquireTimeout", Millis, Int64).withDefaults("", "1").withPos())
	SemaphoreAvailable = method(Semaphores, "available_permits", 0, fixed(sig(i64)), goMethod("AvailablePermits"))

	// Barrier.new(0) fails: `Barrier count must be > 0`.
	ThreadBarrierType = nested(Thread, "Barrier", BarrierObj)
	BarrierNew        = static(BarrierObj, "new", fixed(sig(handle(types.BarrierH, nil), i64)), rtFn("NewBarrier").withPos())
	// b.wait() gives true to one party of each round, the last to arrive; b.wait_timeout(ms)
	// says whether the round opened within ms milliseconds (a party whose time is up leaves it).
	BarrierWait        = method(Barriers, "wait", 0, fixed(sig(boolean)), goMethod("Wait"))
	BarrierWaitTimeout = method(Barriers, "wait_timeout", 0, fixed(sig(boolean, i64)), goMethod("WaitTimeout", Millis))

	// thread.CountDownLatch (= Latch): count_down(k = 1) gives the count left; try_wait() and
	// wait_timeout(ms) say whether it is zero.
	ThreadLatchType  = nested(Thread, "CountDownLatch|Latch", LatchObj)
	LatchNew         = static(LatchObj, "new", fixed(sig(handle(types.LatchH, nil), i64)), rtFn("NewCountDownLatch").withPos())
	LatchCountDown   = method(Latches, "count_down", 0, fixed(sig(i64, i64).opt(1)), goMethod("CountDown", Int64).withDefaults("1"))
	LatchWait        = method(Latches, "wait", 0, fixed(sig(unit)), goMethod("Wait"))
	LatchTryWait     = method(Latches, "try_wait", 0, fixed(sig(boolean)), goMethod("TryWait"))
	LatchWaitTimeout = method(Latches, "wait_timeout", 0, fixed(sig(boolean, i64)), goMethod("WaitTimeout", Millis))

	ThreadCancelSourceType = nested(Thread, "CancellationSource", CancelSourceObj)
	CancelSourceNew        = static(CancelSourceObj, "new", fixed(sig(handle(types.CancelSourceH, nil))), rtFn("NewCancellationSource"))
	CancelSourceToken      = method(CancelSources, "token", 0, fixed(sig(handle(types.CancelTokenH, nil))), goMethod("Token"))
	CancelSourceCancel     = method(CancelSources, "cancel", 0, fixed(sig(unit)), goMethod("Cancel"))
	CancelTokenIsCancelled = method(CancelTokens, "is_cancelled", 0, fixed(sig(boolean)), goMethod("IsCancelled"))

	ThreadRwLockType = nested(Thread, "RwLock", ThreadRwLockObj)
	ThreadRwLockNew  = static(ThreadRwLockObj, "new", func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.ThreadRwLockH, u), u)
	}, rtFn("NewRwLock", Owned).withElemTypeArg())
	ThreadRwLockRead = method(ThreadRwLocks, "read", 0, func(x In) Sig { return sig(x.Elem) }, rtFn("ThreadRwRead"))
	// l.write(v) replaces the value; l.write() with no value gives it, as read() (EVERYDAY.md
	// §7.3): the checker gives that call the element's type, and it calls ThreadRwRead.
	ThreadRwLockWrite = method(ThreadRwLocks, "write", 0, func(x In) Sig { return sig(unit, x.Elem).opt(1) },
		rtFn("ThreadRwWrite", Owned).withBare("ThreadRwRead"))
	// try_read() and try_write(v?) take the lock only if it is free: {ok: true, value: a copy of
	// the value (after v replaced it)}, or {ok: false, kind: "would_block", message: "rwlock busy"}.
	ThreadRwLockTryRead  = method(ThreadRwLocks, "try_read", 0, fixed(sig(types.AnyType)), rtFn("ThreadRwTryRead"))
	ThreadRwLockTryWrite = method(ThreadRwLocks, "try_write", 0,
		func(x In) Sig { return sig(types.AnyType, x.Elem).opt(1) }, rtFn("ThreadRwTryWrite", Owned))
	// l.with_read(f) gives f's result; l.with_write(f) stores it, as m.with(f) does.
	ThreadRwLockWithRead = method(ThreadRwLocks, "with_read", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(u, fn(u, x.Elem))
	}, rtFn("ThreadWithRead", FuncResult))
	ThreadRwLockWithWrite = method(ThreadRwLocks, "with_write", 0,
		func(x In) Sig { return sig(unit, fn(x.Elem, x.Elem)) }, rtFn("ThreadWithWrite", Func))

	// cv.wait(guard) takes the guard of a thread.Mutex's lock() (a dynamic value), releases the
	// mutex while it sleeps and holds it again when it returns. Besides, a Condvar (= Event) is
	// the interpreter's event flag (EVERYDAY.md §7.3): a notify sets it until reset(), and
	// cv.wait() with no argument and wait_timeout(ms) wait for it.
	ThreadCondvarType  = nested(Thread, "Condvar|Event", CondvarObj)
	CondvarNew         = static(CondvarObj, "new", fixed(sig(handle(types.CondvarH, nil))), rtFn("NewCondvar"))
	CondvarWait        = method(Condvars, "wait", 0, fixed(sig(unit, types.AnyType).opt(1)), hook)
	CondvarWaitTimeout = method(Condvars, "wait_timeout", 0, fixed(sig(boolean, i64)), goMethod("WaitTimeout", Millis))
	CondvarReset       = method(Condvars, "reset", 0, fixed(sig(unit)), goMethod("Reset"))
	CondvarNotifyOne   = method(Condvars, "notify_one", 0, fixed(sig(unit)), goMethod("NotifyOne"))
	CondvarNotifyAll   = method(Condvars, "notify_all", 0, fixed(sig(unit)), goMethod("NotifyAll"))
)

// A thread's identity (EVERYDAY.md §7.3): its id is its handle's task id, the main program's
// is the main task's; its name is what spawn_named, a builder or thread.name(s) gave it, and
// "main" for the main program's. Each thread has a park token, as Rust's threads do.
var (
	// thread.current() and thread.list() give {id, name} objects (name null when unnamed).
	ThreadCurrent = static(Thread, "current", fixed(sig(types.AnyType)), rtFn("ThreadCurrent"))
	ThreadList    = static(Thread, "list", fixed(sig(types.AnyType)), rtFn("ThreadList"))
	ThreadID      = static(Thread, "id", fixed(sig(i64)), rtFn("ThreadCurrentID"))
	// thread.name() is the calling thread's name or null; thread.name(s) renames it.
	ThreadName = static(Thread, "name", fixed(sig(types.AnyType, str).opt(1)), rtFn("ThreadCurrentName"))
	// thread.park(ms?) waits until the calling thread's token is given (by an unpark, also one
	// made before it), at most ms milliseconds; thread.unpark(id) gives thread id's token.
	ThreadPark       = static(Thread, "park", fixed(sig(unit, i64).opt(1)), rtFn("ThreadPark", Millis))
	ThreadUnpark     = static(Thread, "unpark", fixed(sig(unit, i64)), rtFn("ThreadUnpark", Int64))
	ThreadSleepUntil = static(Thread, "sleep_until", fixed(sig(unit, i64)), rtFn("ThreadSleepUntil", Int64))

	JoinHandleID     = method(JoinHandles, "id", 0, fixed(sig(i64)), rtFn("ThreadHandleID"))
	JoinHandleName   = method(JoinHandles, "name", 0, fixed(sig(types.AnyType)), rtFn("ThreadHandleName"))
	JoinHandleUnpark = method(JoinHandles, "unpark", 0, fixed(sig(unit)), rtFn("ThreadHandleUnpark"))
	// h.detach() drops the handle: a join after it fails, a failure is reported when it happens.
	JoinHandleDetach = method(JoinHandles, "detach", 0, fixed(sig(unit)), rtFn("ThreadDetach"))

	// thread.builder() (= thread.ThreadBuilder.new()): name(s) and stack_size(bytes) give the
	// builder back; spawn(f) starts the thread, checked as thread.spawn's.
	ThreadBuilderFn        = static(Thread, "builder", fixed(sig(handle(types.ThreadBuilderH, nil))), rtFn("NewThreadBuilder"))
	ThreadBuilderType      = nested(Thread, "ThreadBuilder", ThreadBuilderObj)
	ThreadBuilderNew       = static(ThreadBuilderObj, "new", fixed(sig(handle(types.ThreadBuilderH, nil))), rtFn("NewThreadBuilder"))
	ThreadBuilderName      = method(ThreadBuilders, "name", 0, self1(str), goMethod("Name"))
	ThreadBuilderStackSize = method(ThreadBuilders, "stack_size", 0, self1(i64), goMethod("StackSize", Int64).withPos())
	ThreadBuilderSpawn     = method(ThreadBuilders, "spawn", 0, spawnSig(false), rtFn("ThreadBuilderSpawn", FuncResult))
)

// self1 gives the receiver back from a call of one argument of type t.
func self1(t types.Type) func(In) Sig {
	return func(x In) Sig { return sig(x.Recv, t) }
}

// The unsigned atomics (EVERYDAY.md §7.3): AtomicU8 … AtomicU64, all 64 bits wide, with only
// load, store, fetch_add and compare_exchange (each taking a memory ordering last, optional).
var (
	AtomicU64Type = nested(AtomicModule, "AtomicU64|AtomicU8|AtomicU16|AtomicU32|AtomicUsize", AtomicU64Obj)
	AtomicU64New  = static(AtomicU64Obj, "new", fixed(sig(handle(types.AtomicU64H, nil), u64)), rtFn("NewAtomicU64"))
	AtomicULoad   = method(UnsignedAtomics, "load", 0, fixed(sig(u64, order).opt(1)), goMethod("Load"))
	AtomicUStore  = method(UnsignedAtomics, "store", 0, fixed(sig(unit, u64, order).opt(1)), goMethod("Store"))
	AtomicUAdd    = method(UnsignedAtomics, "fetch_add", 0, fixed(sig(u64, u64, order).opt(2)), goMethod("FetchAdd").withDefaults("1"))
	AtomicUCAS    = method(UnsignedAtomics, "compare_exchange", 0,
		fixed(sig(types.AnyType, u64, u64, order, order).opt(2)), goMethod("CompareExchange"))
)

// The memory orderings as thread.Atomic's constants: the strings the operations take.
var (
	AtomicRelaxed = constant(AtomicModule, "Relaxed", str, `"Relaxed"`)
	AtomicAcquire = constant(AtomicModule, "Acquire", str, `"Acquire"`)
	AtomicRelease = constant(AtomicModule, "Release", str, `"Release"`)
	AtomicAcqRel  = constant(AtomicModule, "AcqRel", str, `"AcqRel"`)
	AtomicSeqCst  = constant(AtomicModule, "SeqCst", str, `"SeqCst"`)
)
