package builtin

import "adesh2go/frontend/types"

// The methods of the handles: Share, Weak, Mutex, RwLock, the guards, Channel, JoinHandle,
// Promise and Scope (docs/language.md §9–§11).

// self gives the receiver's own type.
func self(x In) Sig { return sig(x.Recv) }

var (
	ShareClone       = method(Shares, "clone", 0, self, goMethod("Clone"))
	ShareDowngrade   = method(Shares, "downgrade", 0, func(x In) Sig { return sig(handle(types.WeakH, x.Elem)) }, goMethod("Downgrade"))
	ShareStrongCount = method(Shares, "strong_count", 0, fixed(sig(i64)), goMethod("StrongCount"))
	ShareWeakCount   = method(Shares, "weak_count", 0, fixed(sig(i64)), goMethod("WeakCount"))

	WeakUpgrade = method(Weaks, "upgrade", 0,
		func(x In) Sig { return sig(optional(handle(types.ShareH, x.Elem))) }, rtFn("Upgrade"))
	WeakClone = method(Weaks, "clone", 0, self, goMethod("Clone"))
	// w.is_alive() is whether the value is still held: what upgrade() != null says, without a
	// strong reference made and given back.
	WeakIsAlive = method(Weaks, "is_alive", 0, fixed(sig(boolean)), goMethod("IsAlive"))

	MutexLock = method(Mutexes, "lock", 0,
		func(x In) Sig { return sig(handle(types.MutexGuardH, x.Elem)) }, goMethod("Lock"))
	MutexTryLock = method(Mutexes, "try_lock", 0,
		func(x In) Sig { return sig(optional(handle(types.MutexGuardH, x.Elem))) }, rtFn("TryLockOption"))
	MutexWith = method(Mutexes, "with", 0,
		func(x In) Sig { return sig(unit, fn(x.Elem, x.Elem)) }, goMethod("With", Func))
	// A Mutex, an RwLock and a Channel are references: their clone is the same value.
	MutexClone = method(Mutexes, "clone", 0, self, hook)

	RwLockRead = method(RwLocks, "read", 0,
		func(x In) Sig { return sig(handle(types.ReadGuardH, x.Elem)) }, goMethod("Read"))
	RwLockWrite = method(RwLocks, "write", 0,
		func(x In) Sig { return sig(handle(types.WriteGuardH, x.Elem)) }, goMethod("Write"))
	RwLockClone = method(RwLocks, "clone", 0, self, hook)

	GuardUnlock = method(Guards, "unlock|drop", 0, fixed(sig(unit)), goMethod("Unlock"))

	ChannelSend = method(Channels, "send", 0,
		func(x In) Sig { return sig(future(unit, EagerSend), x.Elem) }, hook)
	ChannelRecv = method(Channels, "recv", 0,
		func(x In) Sig { return sig(future(optional(x.Elem), SrcRecv)) }, hook)
	ChannelTryRecv = method(Channels, "try_recv", 0,
		func(x In) Sig { return sig(optional(x.Elem)) }, goMethod("TryRecv"))
	ChannelClose = method(Channels, "close", 0, fixed(sig(unit)), goMethod("Close"))
	ChannelLen   = method(Channels, "len", 0, fixed(sig(i64)), hook)
	ChannelClone = method(Channels, "clone", 0, self, hook)

	JoinHandleCancel     = method(JoinHandles, "cancel|abort", 0, fixed(sig(unit)), goMethod("Cancel"))
	JoinHandleIsFinished = method(JoinHandles, "is_finished", 0, fixed(sig(boolean)), goMethod("IsFinished"))

	// then(f) and then(f, onError) settle as the promise or future f gives, if it gives one.
	PromiseThen = method(Promises, "then", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.PromiseH, u), fn(u, x.Elem), fn(u, types.ErrorType)).opt(1)
	}, hook)
	// catch(f) gives a promise of either value when f's differs from the promise's (check).
	PromiseCatch = method(Promises, "catch", 0,
		func(x In) Sig { return sig(x.Recv, fn(x.Elem, types.ErrorType)) }, hook)
	PromiseFinally = method(Promises, "finally", 0,
		func(x In) Sig { return sig(x.Recv, fn(unit)) }, rtFn("Finally", Func))

	ScopeSpawn = method(Scopes, "spawn", 0, func(x In) Sig {
		u := x.Fresh()
		return sig(handle(types.JoinHandleH, u), &types.Future{Elem: u})
	}, hook)
)
