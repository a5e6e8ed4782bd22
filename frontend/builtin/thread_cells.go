package builtin

import "adesh2go/frontend/types"

// The thread module's cells and queue (EVERYDAY.md §7.3), each a handle over the value it
// holds, shared by the threads that capture it: thread.Once (= OnceCell), whose call_once(f)
// runs f once and gives its value to every call; thread.Lazy, whose get() runs its function on
// the first call (checked as thread.spawn's function: it runs on the thread that calls first);
// thread.ThreadLocal, a value per thread, each starting as a copy of the one given; and
// thread.ConcurrentQueue, first in, first out.

// cellNew is the signature of a constructor of a handle of kind k over a fresh type, from the
// parameters params gives for it.
func cellNew(k types.HandleKind, params func(u types.Type) []types.Type) func(In) Sig {
	return func(x In) Sig {
		u := x.Fresh()
		return sig(handle(k, u), params(u)...)
	}
}

func none(types.Type) []types.Type       { return nil }
func itself(u types.Type) []types.Type   { return []types.Type{u} }
func producer(u types.Type) []types.Type { return []types.Type{fn(u)} }

var (
	ThreadOnceType  = nested(Thread, "Once|OnceCell", OnceObj)
	OnceNew         = static(OnceObj, "new", cellNew(types.OnceH, none), rtFn("NewOnce").withElemTypeArg())
	OnceCallOnce    = method(Onces, "call_once", 0, func(x In) Sig { return sig(x.Elem, fn(x.Elem)) }, goMethod("CallOnce", FuncResult))
	OnceIsCompleted = method(Onces, "is_completed", 0, fixed(sig(boolean)), goMethod("IsCompleted"))

	ThreadLazyType = nested(Thread, "Lazy", LazyObj)
	LazyNew        = static(LazyObj, "new", cellNew(types.LazyH, producer), rtFn("NewLazy", FuncResult).withElemTypeArg())
	LazyGet        = method(Lazies, "get", 0, func(x In) Sig { return sig(x.Elem) }, goMethod("Get"))

	ThreadLocalType = nested(Thread, "ThreadLocal", ThreadLocalObj)
	ThreadLocalNew  = static(ThreadLocalObj, "new", cellNew(types.ThreadLocalH, itself), rtFn("NewThreadLocal", Owned).withElemTypeArg())
	ThreadLocalGet  = method(ThreadLocals, "get", 0, func(x In) Sig { return sig(x.Elem) }, goMethod("Get"))
	ThreadLocalSet  = method(ThreadLocals, "set", 0, func(x In) Sig { return sig(unit, x.Elem) }, goMethod("Set", Owned))
	// tl.with(f) gives f(value) of the calling thread's value.
	ThreadLocalWith = method(ThreadLocals, "with", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(u, fn(u, x.Elem))
	}, rtFn("ThreadLocalWith", FuncResult))

	ThreadConcurrentQueueType = nested(Thread, "ConcurrentQueue", ConcurrentQueueObj)
	ConcurrentQueueNew        = static(ConcurrentQueueObj, "new", cellNew(types.ConcurrentQueueH, none), rtFn("NewConcurrentQueue").withElemTypeArg())
	ConcurrentQueuePush       = method(ConcurrentQueues, "push", 0, func(x In) Sig { return sig(unit, x.Elem) }, goMethod("Push", Owned))
	// q.pop() is {ok: true, value: v}, or {ok: false, kind: "empty", message: "queue empty"}.
	ConcurrentQueuePop = method(ConcurrentQueues, "pop", 0, fixed(sig(types.AnyType)), goMethod("Pop"))
	ConcurrentQueueLen = method(ConcurrentQueues, "len", 0, fixed(sig(i64)), goMethod("Len"))
)
