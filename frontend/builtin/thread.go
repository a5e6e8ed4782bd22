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
	ThreadModule = module("thread|Thread", Thread)

	ThreadSpawn      = static(Thread, "spawn", spawnSig(false), rtFn("SpawnThread", FuncResult))
	ThreadSpawnNamed = static(Thread, "spawn_named", spawnSig(true), rtFn("SpawnThreadNamed", Plain, FuncResult))
	ThreadSleep      = static(Thread, "sleep", fixed(sig(unit, i64)), rtFn("ThreadSleep"))
	ThreadCPUs       = static(Thread, "hardware_concurrency", fixed(sig(i64)), rtFn("HardwareConcurrency"))
	ThreadWatchdog   = static(Thread, "watchdog", fixed(sig(unit, i64)), rtFn("Watchdog").withPos())

	ThreadMutexType = nested(Thread, "Mutex", ThreadMutexObj)
	ThreadMutexNew  = static(ThreadMutexObj, "new", func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.ThreadMutexH, u), u)
	}, rtFn("NewMutex", Owned).withElemTypeArg())
	ThreadMutexWith = method(ThreadMutexes, "with", 0,
		func(x In) Sig { return sig(unit, fn(x.Elem, x.Elem)) }, goMethod("With", Func))
	ThreadMutexLock        = method(ThreadMutexes, "lock", 0, fixed(sig(types.AnyType)), rtFn("ThreadLock"))
	ThreadMutexTryLock     = method(ThreadMutexes, "try_lock", 0, fixed(sig(types.AnyType)), rtFn("ThreadTryLock"))
	ThreadMutexLockTimeout = method(ThreadMutexes, "lock_timeout", 0, fixed(sig(types.AnyType, i64)), rtFn("ThreadLockTimeout"))

	// h.join() blocks until the thread ends (await h suspends instead).
	JoinHandleJoin = method(JoinHandles, "join", 0, func(x In) Sig { return sig(x.Elem) }, rtFn("ThreadJoin").withPos())

	ThreadAtomic   = nested(Thread, "Atomic", AtomicModule)
	AtomicI64Type  = nested(AtomicModule, "AtomicI64", AtomicI64Obj)
	AtomicBoolType = nested(AtomicModule, "AtomicBool", AtomicBoolObj)
	AtomicI64New   = static(AtomicI64Obj, "new", atomicNew(i64), rtFn("NewAtomic").withElemTypeArg())
	AtomicBoolNew  = static(AtomicBoolObj, "new", atomicNew(boolean), rtFn("NewAtomic").withElemTypeArg())

	AtomicLoad  = method(Atomics, "load", 0, func(x In) Sig { return sig(x.Elem) }, goMethod("Load"))
	AtomicStore = method(Atomics, "store", 0, func(x In) Sig { return sig(unit, x.Elem) }, goMethod("Store"))
	AtomicSwap  = method(Atomics, "swap", 0, func(x In) Sig { return sig(x.Elem, x.Elem) }, goMethod("Swap"))
	// compare_exchange(old, new) stores new if the atomic holds old, and says whether it did.
	AtomicCompareExchange = method(Atomics, "compare_exchange", 0,
		func(x In) Sig { return sig(boolean, x.Elem, x.Elem) }, goMethod("CompareExchange"))
	AtomicFetchAdd = method(Atomics, "fetch_add", 0, fixed(sig(i64, i64)), goMethod("FetchAdd"))
	AtomicFetchSub = method(Atomics, "fetch_sub", 0, fixed(sig(i64, i64)), goMethod("FetchSub"))
)
