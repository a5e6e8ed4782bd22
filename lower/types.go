package lower

import (
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// The builders live in package ir, shared with the state-machine pass; the short names here
// are what lower's code (and TestRTNamesExist) reads.
var (
	rtType  = ir.RTType
	goType  = ir.GoType
	tBool   = ir.TBool
	tInt64  = ir.TInt64
	tInt    = ir.TInt
	tString = ir.TString
	tF64    = ir.TF64
	tUnit   = ir.TUnit
	tValue  = ir.TValue
	tError  = ir.TError
	tChar   = ir.TChar
	tAnyGo  = ir.TAnyGo
)

var basicGo = map[types.Kind]ir.Type{
	types.Bool: tBool, types.Int8: goType("int8"), types.Int16: goType("int16"),
	types.Int32: goType("int32"), types.Int64: tInt64, types.Uint8: goType("uint8"),
	types.Uint16: goType("uint16"), types.Uint32: goType("uint32"), types.Uint64: goType("uint64"),
	types.Float32: goType("float32"), types.Float64: tF64, types.String: tString,
	types.Char: tChar, types.Unit: tUnit, types.Any: tValue, types.Null: tValue,
	types.Never: tUnit, types.Invalid: tValue, types.ErrorKind: tError,
	types.TcpListener: &ir.TPtr{Elem: rtType("TcpListener")}, types.TcpStream: &ir.TPtr{Elem: rtType("TcpStream")},
	types.Response: rtType("Response"), types.BigInt: rtType("BigInt"),
}

// The rt types of the tuples and their copies, by size (the checker allows 2 to 6 elements).
var (
	tupleTypes  = [...]string{2: "Tuple2", 3: "Tuple3", 4: "Tuple4", 5: "Tuple5", 6: "Tuple6"}
	tupleClones = [...]string{2: "TupleClone2", 3: "TupleClone3", 4: "TupleClone4", 5: "TupleClone5", 6: "TupleClone6"}
)

// goTypeOf maps an AdeshLang type to the Go type that represents it.
func (l *lowerer) goTypeOf(t types.Type) ir.Type {
	switch u := t.(type) {
	case nil:
		return tUnit
	case *types.Basic:
		return basicGo[u.Kind]
	case *types.Var:
		// Still unbound after checking: nothing ever gives a value of this type (the elements of
		// an empty array nothing is added to), so any representation does; a dynamic one would
		// be the only rt.Value of a typed program.
		return tUnit
	case *types.Array:
		return &ir.TSlice{Elem: l.goTypeOf(u.Elem)}
	case *types.MapT:
		return &ir.TPtr{Elem: rtType("Map", l.goTypeOf(u.Key), l.goTypeOf(u.Val))}
	case *types.SetT:
		return &ir.TPtr{Elem: rtType("Set", l.goTypeOf(u.Elem))}
	case *types.Optional:
		return rtType("Option", l.goTypeOf(u.Elem))
	case *types.Result:
		return rtType("Result", l.goTypeOf(u.Ok), l.goTypeOf(u.Err))
	case *types.Tuple:
		return rtType(tupleTypes[len(u.Elems)], l.goTypes(u.Elems)...)
	case *types.Func:
		ft := &ir.TFunc{Params: l.goTypes(u.Params)}
		if r := u.Ret; r != nil && !types.IsUnit(r) {
			ft.Results = []ir.Type{l.goTypeOf(r)}
		}
		return ft
	case *types.Future:
		return rtType("Future", l.goTypeOf(u.Elem))
	case *types.Handle:
		return l.handleType(u)
	case *types.Named:
		return &ir.TName{Name: l.typeName(u.Def), Args: l.goTypes(u.Args)}
	case *types.TypeParam:
		return goType(l.typeParamName(u))
	case *types.GoT:
		return l.goIR(u.T)
	}
	return tValue
}

func (l *lowerer) goTypes(ts []types.Type) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = l.goTypeOf(t)
	}
	return out
}

func (l *lowerer) handleType(h *types.Handle) ir.Type {
	switch h.Kind {
	case types.ScopeH:
		return &ir.TPtr{Elem: rtType("Scope")}
	case types.ThreadPoolH:
		return &ir.TPtr{Elem: rtType("ThreadPool")}
	case types.ThreadScopeH:
		return &ir.TPtr{Elem: rtType("ThreadScope")}
	case types.MutexGuardH:
		return rtType("MutexGuard", l.goTypeOf(h.Elem))
	case types.ReadGuardH:
		return rtType("ReadGuard", l.goTypeOf(h.Elem))
	case types.WriteGuardH:
		return rtType("WriteGuard", l.goTypeOf(h.Elem))
	}
	if !h.Kind.HasElem() {
		return &ir.TPtr{Elem: rtType(handleTypes[h.Kind])}
	}
	return &ir.TPtr{Elem: rtType(handleTypes[h.Kind], l.goTypeOf(h.Elem))}
}

// handleTypes are the rt types of the handles used through a pointer.
var handleTypes = map[types.HandleKind]string{
	types.PromiseH: "Promise", types.JoinHandleH: "JoinHandle", types.ChannelH: "Channel",
	types.ShareH: "Share", types.WeakH: "Weak", types.MutexH: "Mutex", types.RwLockH: "RwLock",
	types.ThreadMutexH: "Mutex", types.AtomicH: "Atomic", types.ThreadRwLockH: "RwLock",
	types.SemaphoreH: "Semaphore", types.BarrierH: "Barrier", types.LatchH: "CountDownLatch",
	types.CancelSourceH: "CancellationSource", types.CancelTokenH: "CancellationToken",
	types.CondvarH: "Condvar", types.WaitGroupH: "WaitGroup", types.ThreadBuilderH: "ThreadBuilder",
	types.OnceH: "Once", types.LazyH: "Lazy", types.ThreadLocalH: "ThreadLocal", types.ConcurrentQueueH: "ConcurrentQueue", types.AtomicU64H: "AtomicU64", types.WatchdogH: "Watchdog",
	types.ThreadSenderH: "ThreadSender", types.ThreadReceiverH: "ThreadReceiver",
	types.QueueH: "Queue", types.StackH: "Stack", types.VecDequeH: "VecDeque", types.BinaryHeapH: "BinaryHeap",
	types.PriorityQueueH: "PriorityQueue", types.RingBufferH: "RingBuffer", types.HashSetH: "TextSet",
	types.BTreeSetH: "TextSet", types.OrderedSetH: "TextSet", types.BTreeMapH: "TextMap",
	types.OrderedMapH: "TextMap", types.SliceH: "Slice", types.BitSetH: "BitSetObj",
	types.VecH: "Vec", types.HashMapH: "TextMap",
}

// resultType is the Go result list of a function returning t: none for unit.
func (l *lowerer) resultTypes(t types.Type) []ir.Type {
	if t == nil || types.IsUnit(t) || types.IsNever(t) {
		return nil
	}
	return []ir.Type{l.goTypeOf(t)}
}

// valueType is the Go type of a value of t where a value is needed even for unit (a Poll's
// result, a generic argument).
func (l *lowerer) valueType(t types.Type) ir.Type {
	if t == nil || types.IsNever(t) {
		return tUnit
	}
	return l.goTypeOf(t)
}
