package builtin

import "adesh2go/frontend/types"

// The thread module's channels and thread pool (EVERYDAY.md §6). thread.Channel.bounded(n),
// .unbounded() and .create(n?) give a tuple (thread.Sender<T>, thread.Receiver<T>), which
// `let [tx, rx] = …` (or `let (tx, rx) = …`) destructures; T is inferred from what the program
// sends and receives. Their calls block the calling thread (rt/thread_channel.go) and give the
// interpreter's {ok, …} result objects, as thread.Mutex's lock calls do. thread.ThreadPool.new(n)
// runs functions on n threads; submit gives a JoinHandle whose get() waits for the result.

// channelPair is the pair a channel constructor gives, over a fresh element type.
func channelPair(x In) *types.Tuple {
	u := x.Fresh()
	return &types.Tuple{Elems: []types.Type{handle(types.ThreadSenderH, u), handle(types.ThreadReceiverH, u)}}
}

var (
	ThreadChannelType = nested(Thread, "Channel", ThreadChannelObj)
	// bounded(n) and create(n) fail at run time for n < 1: there is no rendezvous channel.
	ThreadChannelBounded = static(ThreadChannelObj, "bounded",
		func(x In) Sig { return sig(channelPair(x), i64) }, rtFn("ThreadChannelBounded", Int64).withPos().withElemTypeArg())
	ThreadChannelUnbounded = static(ThreadChannelObj, "unbounded",
		func(x In) Sig { return sig(channelPair(x)) }, rtFn("ThreadChannelUnbounded").withElemTypeArg())
	ThreadChannelCreate = static(ThreadChannelObj, "create",
		func(x In) Sig { return sig(channelPair(x), i64).opt(1) }, rtFn("ThreadChannelCreate", Int64).withElemTypeArg())
	// thread.channel(n?) is thread.Channel.create(n?) (EVERYDAY.md §7.3: thread.channel = Channel).
	ThreadChannelFn = static(Thread, "channel",
		func(x In) Sig { return sig(channelPair(x), i64).opt(1) }, rtFn("ThreadChannelCreate", Int64).withElemTypeArg())
	// select(cases) takes {recv: rx}, {timeout: ms} and {default: true} objects, checked at run time.
	ThreadChannelSelect = static(ThreadChannelObj, "select",
		fixed(sig(types.AnyType, arrayOf(types.AnyType))), rtFn("ThreadSelect").withPos())

	// A send on a closed sender is a run-time error; try_send and send_timeout give {ok: true} or
	// {ok: false, error: "channel is full" | "timed out" | "channel is closed"}.
	ThreadSenderSend = method(ThreadSenders, "send", 0,
		func(x In) Sig { return sig(unit, x.Elem) }, rtFn("ThreadSend", Owned).withPos())
	ThreadSenderTrySend = method(ThreadSenders, "try_send", 0,
		func(x In) Sig { return sig(types.AnyType, x.Elem) }, rtFn("ThreadTrySend", Owned))
	ThreadSenderSendTimeout = method(ThreadSenders, "send_timeout", 0,
		func(x In) Sig { return sig(types.AnyType, x.Elem, i64) }, rtFn("ThreadSendTimeout", Owned, Millis))
	ThreadSenderClose = method(ThreadSenders, "close", 0, fixed(sig(unit)), rtFn("ThreadSenderClose"))
	// clone() is another sender: the channel closes when every sender has closed.
	ThreadSenderClone = method(ThreadSenders, "clone", 0, self, rtFn("ThreadSenderClone").withPos())
	// is_closed() says whether the channel is closed, on either end.
	ThreadSenderIsClosed = method(ThreadSenders, "is_closed", 0, fixed(sig(boolean)), goMethod("IsClosed"))

	ThreadReceiverRecv        = method(ThreadReceivers, "recv", 0, fixed(sig(types.AnyType)), rtFn("ThreadRecv"))
	ThreadReceiverTryRecv     = method(ThreadReceivers, "try_recv", 0, fixed(sig(types.AnyType)), rtFn("ThreadTryRecv"))
	ThreadReceiverRecvTimeout = method(ThreadReceivers, "recv_timeout", 0, fixed(sig(types.AnyType, i64)), rtFn("ThreadRecvTimeout", Millis))
	ThreadReceiverLen         = method(ThreadReceivers, "len", 0, fixed(sig(i64)), goMethod("Len"))
	ThreadReceiverIsClosed    = method(ThreadReceivers, "is_closed", 0, fixed(sig(boolean)), goMethod("IsClosed"))
	// rx.clone() is another receiver of the same channel: each value goes to one of them.
	ThreadReceiverClone = method(ThreadReceivers, "clone", 0, self, goMethod("Clone"))

	ThreadPoolType = nested(Thread, "ThreadPool", ThreadPoolObj)
	// ThreadPool.new() has as many threads as the program may use CPUs (EVERYDAY.md §7.3).
	ThreadPoolNew = static(ThreadPoolObj, "new",
		fixed(sig(handle(types.ThreadPoolH, unit), i64).opt(1)), rtFn("NewThreadPool", Int64).withPos().withBare("NewThreadPoolCPUs"))
	ThreadPoolSize = method(ThreadPools, "size", 0, fixed(sig(i64)), goMethod("Size"))
	// pool.join() shuts the pool down and waits for every job queued or running to finish.
	ThreadPoolJoin = method(ThreadPools, "join", 0, fixed(sig(unit)), rtFn("ThreadPoolJoin"))
	// The functions given to execute and submit are checked as thread.spawn's (check/threadcheck.go).
	ThreadPoolExecute = method(ThreadPools, "execute", 0,
		fixed(sig(unit, fn(unit))), rtFn("ThreadPoolExecute", Func).withPos())
	ThreadPoolSubmit = method(ThreadPools, "submit", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.JoinHandleH, u), fn(u))
	}, rtFn("ThreadPoolSubmit", FuncResult).withPos())
	// pool.map([f1, f2, …]) runs each function as a job and gives their results in order, once
	// all have finished; the first that threw is thrown then (each function is checked as
	// submit's).
	ThreadPoolMap = method(ThreadPools, "map", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(arrayOf(u), arrayOf(fn(u)))
	}, hook)
	ThreadPoolShutdown    = method(ThreadPools, "shutdown", 0, fixed(sig(unit)), rtFn("ThreadPoolShutdown"))
	ThreadPoolJoinTimeout = method(ThreadPools, "join_timeout", 0, fixed(sig(boolean, i64)), rtFn("ThreadPoolJoinTimeout", Millis))

	// thread.scope(fn(s) { … }) calls the function at once with a scope whose spawn(f) and
	// spawn_named(name, f) start threads (checked as thread.spawn's); when the function returns,
	// every thread it started is joined, their failures ignored, and scope gives its value.
	ThreadScope = static(Thread, "scope", func(x In) Sig {
		u := x.Fresh()
		return sig(u, fn(u, handle(types.ThreadScopeH, nil)))
	}, rtFn("ThreadScopeRun", FuncResult))
	ThreadScopeSpawn = method(ThreadScopes, "spawn", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.JoinHandleH, u), fn(u))
	}, rtFn("ThreadScopeSpawn", FuncResult))
	ThreadScopeSpawnNamed = method(ThreadScopes, "spawn_named", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.JoinHandleH, u), str, fn(u))
	}, rtFn("ThreadScopeSpawnNamed", Plain, FuncResult))

	// h.get() waits for a pool job (or a thread, as join does) and gives its value (the error
	// object if it threw, for a function that gives () or a dynamic value, as join).
	JoinHandleGet = method(JoinHandles, "get", 0, joinSig, rtFn("JobGet").withPos())
)
