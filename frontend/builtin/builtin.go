// Package builtin is the table of AdeshLang's builtin library, in the style of go/types'
// predeclaredFuncs: one row per predeclared function, type object (Mutex, Promise, net), method
// of a builtin type (xs.push, s.trim) and static member (Mutex::new, Promise.all), with its
// canonical name, its other spellings, its signature, what it does to its receiver and how it
// lowers. The checker looks signatures up here, lower switches on the rows' IDs for the
// irregular cases and lowers the regular ones from the row alone, and rt's dispatch of methods
// on dynamic values is generated from it (go generate writes rt/zz_builtin_aliases.go).
//
// Adding a method is one row here (in the file of its receiver kind) and the rt function that
// implements it; a method of an array, a string or a map also gets its case in rt's dynamic
// dispatch (rt/value_method.go), which a test holds to this table.
package builtin

import (
	"iter"
	"strings"

	"adesh2go/frontend/types"
)

//go:generate go run ./genrt ../../rt/zz_builtin_aliases.go

// ID identifies a row. It is what an ObjBuiltin object and the checker's CallInfo carry; 0 is no
// builtin.
type ID = types.Builtin

// Kind is what a row belongs to: Global for a predeclared function or type object, otherwise
// the receiver kind of a method, or the type object of a static member.
type Kind uint8

const (
	Global Kind = iota
	Values      // every value: to_string
	Arrays
	Strings
	Chars
	Maps
	Sets
	Numbers
	Options
	Results
	Shares
	Weaks
	Mutexes
	RwLocks
	Guards // MutexGuard, ReadGuard, WriteGuard
	Channels
	JoinHandles
	Promises
	Scopes
	TcpListeners
	TcpStreams
	Net // the modules of §12, which have static members only
	HTTP
	FS
	// The standard modules of EVERYDAY.md §6 (`import thread;`), visible only where imported:
	// rows of StdModules are the modules, and a module's static members may be type objects
	// themselves (thread.Mutex, thread.Atomic.AtomicI64).
	StdModules
	Thread
	ThreadMutexObj
	ThreadMutexes
	AtomicModule
	AtomicI64Obj
	AtomicBoolObj
	Atomics
	MathModule
	StdBits // std's bit functions, a predeclared type object
	// The thread module's synchronization objects: each a type object (thread.Semaphore) and
	// the kind of its handles' methods.
	SemaphoreObj
	Semaphores
	BarrierObj
	Barriers
	LatchObj
	Latches
	CancelSourceObj
	CancelSources
	CancelTokens
	ThreadRwLockObj
	ThreadRwLocks
	CondvarObj
	Condvars
	CollectionsModule
	ParallelModule
	// thread.Channel and thread.ThreadPool (thread_channel.go): type objects and the kinds of
	// their handles' methods.
	ThreadChannelObj
	ThreadSenders
	ThreadReceivers
	ThreadPoolObj
	ThreadPools
	ThreadScopes
	WaitGroupObj
	WaitGroups
	ThreadBuilderObj
	ThreadBuilders
	// thread.Once, Lazy, ThreadLocal and ConcurrentQueue (thread_cells.go).
	OnceObj
	Onces
	LazyObj
	Lazies
	ThreadLocalObj
	ThreadLocals
	ConcurrentQueueObj
	ConcurrentQueues
	AtomicU64Obj // thread.Atomic.AtomicU8 … AtomicU64
	UnsignedAtomics
	Watchdogs // what thread.watchdog(ms) gives
	Tuples
	// The Collections module's shared objects (collections.go): the kinds of their methods.
	QueueObjs
	StackObjs
	VecDequeObjs
	BinaryHeapObjs
	PriorityQueueObjs
	RingBufferObjs
	HashSetObjs
	BTreeSetObjs
	OrderedSetObjs
	BTreeMapObjs
	OrderedMapObjs
	BitSetObjs
	SliceObjs
	VecObjs
	HashMapObjs
	numKinds
)

var kindNames = [numKinds]string{"", "any", "Array", "string", "char", "Map", "Set", "num", "Option",
	"Result", "Share", "Weak", "Mutex", "RwLock", "Guard", "Channel", "JoinHandle", "Promise",
	"Scope", "TcpListener", "TcpStream", "net", "http", "fs", "module", "thread", "thread.Mutex", "thread.Mutex", "thread.Atomic",
	"thread.Atomic.AtomicI64", "thread.Atomic.AtomicBool", "Atomic", "Math", "std",
	"thread.Semaphore", "thread.Semaphore", "thread.Barrier", "thread.Barrier", "thread.CountDownLatch",
	"thread.CountDownLatch", "thread.CancellationSource", "thread.CancellationSource",
	"thread.CancellationToken", "thread.RwLock", "thread.RwLock", "thread.Condvar", "thread.Condvar",
	"Collections", "Parallel",
	"thread.Channel", "thread.Sender", "thread.Receiver", "thread.ThreadPool", "thread.ThreadPool", "thread.Scope", "thread.WaitGroup", "thread.WaitGroup", "thread.ThreadBuilder", "thread.ThreadBuilder",
	"thread.Once", "thread.Once", "thread.Lazy", "thread.Lazy", "thread.ThreadLocal", "thread.ThreadLocal",
	"thread.ConcurrentQueue", "thread.ConcurrentQueue", "thread.Atomic.AtomicU64", "thread.Atomic.AtomicU64", "thread.Watchdog", "tuple",
	"Collections.Queue", "Collections.Stack", "Collections.VecDeque", "Collections.BinaryHeap", "Collections.PriorityQueue",
	"Collections.RingBuffer", "Collections.HashSet", "Collections.BTreeSet", "Collections.OrderedSet", "Collections.BTreeMap",
	"Collections.OrderedMap", "Collections.BitSet", "Collections.Slice", "Collections.Vec", "Collections.HashMap"}

func (k Kind) String() string { return kindNames[k] }

// Row is one builtin.
type Row struct {
	Of      Kind
	Static  bool     // a static member of the type object Of (Mutex::new), not a method
	Name    string   // the canonical spelling
	Aliases []string // the other spellings (JavaScript's and Rust's names)
	Module  Kind     // a type object (a Global row): the kind whose static members it has
	// Same: a static member that is a predeclared function under another name (Math.sqrt is
	// sqrt), checked and lowered as that function.
	Same  ID
	Flags Flags
	// Sig builds the signature of one call from the receiver's types and fresh inference
	// variables; nil where the checker decides it by the ID (len, join, Ok, …).
	Sig   func(In) Sig
	Lower Lowering
}

// Flags say what a builtin does besides giving its result.
type Flags uint16

const (
	// Mutates: it changes its receiver, which must then be a place (a variable, a field, an
	// element) that is not behind a read guard, and which counts as assigned.
	Mutates Flags = 1 << iota
	// Resizes: it changes an array's length, so that a dynamic call needs the variable that
	// holds the array (rt.DynMethodRef).
	Resizes
	// Stores: the receiver keeps the arguments (push, set): they escape into it.
	Stores
	// Aliases: its result shares storage with the receiver (xs.first(), m.get(k)): it is
	// copied before it is kept.
	Aliases
	// Ordered: it compares the array's elements (min, sort()), which must be ordered.
	Ordered
	// Numeric: it adds up the array's elements (sum), which must be numbers.
	Numeric
	// DynamicOnly: rt dispatches it on dynamic values, but no static type has it (`clone` of
	// any dynamic value; statically only the types that can be copied have a clone).
	DynamicOnly
)

// Sig is the signature of one call.
type Sig struct {
	Params   []types.Type // a nil entry is an argument of any type, checked by the caller
	Optional int          // how many of the last Params may be left out
	Variadic types.Type   // the type of every argument beyond Params, or nil for none
	Ret      types.Type
}

// Min is the number of arguments the call needs.
func (s Sig) Min() int { return len(s.Params) - s.Optional }

// In is what a signature builder is given: the receiver's types and fresh inference variables.
type In struct {
	Recv  types.Type // the receiver, resolved
	Elem  types.Type // the element of an array, set, optional or handle; the number of a number
	Key   types.Type // a map's keys
	Val   types.Type // a map's values
	Ok    types.Type // a result's value
	Err   types.Type // a result's error
	Fresh func() types.Type
}

// How says how a row lowers.
type How uint8

const (
	Hook        How = iota // lower switches on the ID
	RTFunc                 // rt.Name(receiver, args…); no receiver for a function or static member
	RTFuncPlace            // rt.Name(&receiver, args…): the place that holds the receiver
	GoMethod               // receiver.Name(args…), a method of the rt type
	// IOFuture gives a runtime future, rt.Name(args…) or receiver.Name(args…); with the last
	// argument (a timeout) given, rt's TimeoutName instead. Awaited directly it is kept by value,
	// of the Go type rt.Future named below ("" for the *rt.JoinHandle of a blocking job).
	IOFuture
	// Constant is a static member that is a value, not a function (Math.PI): Name is its Go
	// literal, Sig gives its type as its result.
	Constant
)

// Lowering is how a builtin call becomes Go.
type Lowering struct {
	How  How
	Name string
	Args []Arg // how each argument lowers; Plain past the end
	Pos  bool  // the call's position ("file:line:col") is passed last
	// ElemTypeArg: the rt function is instantiated explicitly with the element type of the
	// handle it gives (rt.NewMutex[int64](0): Go would infer int from an untyped constant).
	ElemTypeArg bool
	// OperandTypeArg: the rt function is instantiated explicitly with the type of its first
	// parameter (rt.BitCount[uint8](x): Go would infer int from an untyped constant).
	OperandTypeArg bool
	TimeoutName    string
	Future         string
	// Defaults are the Go constants passed for the optional parameters a call leaves out, by
	// parameter index ("" for none: that argument stays out, an rt variadic). The rt function
	// then takes a plain parameter, and the generated call shows the default.
	Defaults []string
	// Bare is the rt function a call that leaves out every optional parameter calls instead of
	// Name, where what it does then is not Name with a constant (ThreadPool.new() has the CPU
	// count's threads, l.write() reads).
	Bare string
}

// Arg is how one argument lowers.
type Arg uint8

const (
	Plain      Arg = iota // converted to the parameter's type
	Owned                 // a value the receiver keeps: copied when it is read from a place
	Int64                 // an index or a count: an int64 (a dynamic value checked at run time)
	Func                  // a function value given to rt
	FuncResult            // a function whose result rt needs, even when it gives ()
	Predicate             // a predicate, read by its truthiness as a condition is
	// Millis: a duration in milliseconds, an int64; also a BigInt of nanoseconds, an object
	// with millis, seconds or nanos, or a Go time.Duration (EVERYDAY.md §7.3), which rt
	// converts (rt.Millis, given the argument's position).
	Millis
)

// ArgMode is how the argument i lowers.
func (l Lowering) ArgMode(i int) Arg {
	if i < len(l.Args) {
		return l.Args[i]
	}
	return Plain
}

var table = []Row{{}} // ID 0 is no builtin

// Of is the row of id.
func Of(id ID) *Row { return &table[id] }

// All gives every row with its ID, in the order of the table.
func All() iter.Seq2[ID, *Row] {
	return func(yield func(ID, *Row) bool) {
		for i := 1; i < len(table); i++ {
			if !yield(ID(i), &table[i]) {
				return
			}
		}
	}
}

// def adds a row; spellings is the canonical name, then the aliases, separated by '|'.
func def(r Row, spellings string) ID {
	names := strings.Split(spellings, "|")
	r.Name, r.Aliases = names[0], names[1:]
	table = append(table, r)
	return ID(len(table) - 1)
}

type key struct {
	of     Kind
	static bool
	name   string
}

var bySpelling = map[key]ID{}

func init() {
	for id, r := range All() {
		for _, name := range append([]string{r.Name}, r.Aliases...) {
			k := key{r.Of, r.Static, name}
			if prev, dup := bySpelling[k]; dup {
				panic("builtin: " + name + " spelled twice on " + r.Of.String() + " (" + Of(prev).Name + ", " + r.Name + ")")
			}
			bySpelling[k] = id
		}
	}
}

// Predeclared is the predeclared function or type object spelled name, or 0.
func Predeclared(name string) ID { return bySpelling[key{Global, false, name}] }

// Method is the method of kind spelled name, or 0.
func Method(of Kind, name string) ID {
	id := bySpelling[key{of, false, name}]
	if id != 0 && Of(id).Flags&DynamicOnly != 0 {
		return 0
	}
	return id
}

// DynamicMethod is the method of kind spelled name that rt dispatches on a dynamic value, or 0.
func DynamicMethod(of Kind, name string) ID { return bySpelling[key{of, false, name}] }

// DynamicMutatesArray reports whether the method name, called on a dynamic value that holds an
// array, changes the array (`d.push(x)`): the place that holds it changes.
func DynamicMutatesArray(name string) bool {
	id := DynamicMethod(Arrays, name)
	return id != 0 && Of(id).Flags&Mutates != 0
}

// Member is the static member of the type object or module of kind spelled name, or 0.
func Member(of Kind, name string) ID { return bySpelling[key{of, true, name}] }

// StdModule is the standard module spelled name (`import thread;`), or 0.
func StdModule(name string) ID { return bySpelling[key{StdModules, false, name}] }

// StdModuleNames are the spellings of the standard modules, in the order of the table.
func StdModuleNames() []string {
	var out []string
	for _, r := range All() {
		if r.Of == StdModules {
			out = append(out, append([]string{r.Name}, r.Aliases...)...)
		}
	}
	return out
}

// Name is the canonical name of id.
func Name(id ID) string { return Of(id).Name }

// Receiver gives the kind of the methods of t, a resolved type, and what a signature builder
// needs of it; ok is false for a type without builtin methods of its own.
func Receiver(t types.Type) (of Kind, in In, ok bool) {
	in.Recv = t
	switch u := t.(type) {
	case *types.Array:
		in.Elem = u.Elem
		return Arrays, in, true
	case *types.MapT:
		in.Key, in.Val = u.Key, u.Val
		return Maps, in, true
	case *types.SetT:
		in.Elem = u.Elem
		return Sets, in, true
	case *types.Optional:
		in.Elem = u.Elem
		return Options, in, true
	case *types.Result:
		in.Ok, in.Err = u.Ok, u.Err
		return Results, in, true
	case *types.Tuple:
		return Tuples, in, true
	case *types.Handle:
		in.Elem = u.Elem
		return handleKinds[u.Kind], in, true
	case *types.Basic:
		switch {
		case u.Kind == types.String:
			return Strings, in, true
		case u.Kind == types.Char:
			return Chars, in, true
		case u.Kind == types.TcpListener:
			return TcpListeners, in, true
		case u.Kind == types.TcpStream:
			return TcpStreams, in, true
		case types.IsNumeric(u):
			in.Elem = u
			return Numbers, in, true
		}
	}
	return Global, in, false
}

var handleKinds = map[types.HandleKind]Kind{
	types.PromiseH: Promises, types.JoinHandleH: JoinHandles, types.ChannelH: Channels,
	types.ShareH: Shares, types.WeakH: Weaks, types.MutexH: Mutexes, types.RwLockH: RwLocks,
	types.MutexGuardH: Guards, types.ReadGuardH: Guards, types.WriteGuardH: Guards,
	types.ScopeH: Scopes, types.ThreadMutexH: ThreadMutexes, types.AtomicH: Atomics,
	types.ThreadRwLockH: ThreadRwLocks, types.SemaphoreH: Semaphores, types.BarrierH: Barriers,
	types.LatchH: Latches, types.CancelSourceH: CancelSources, types.CancelTokenH: CancelTokens,
	types.CondvarH:      Condvars,
	types.ThreadSenderH: ThreadSenders, types.ThreadReceiverH: ThreadReceivers, types.ThreadPoolH: ThreadPools, types.ThreadScopeH: ThreadScopes, types.WaitGroupH: WaitGroups, types.ThreadBuilderH: ThreadBuilders,
	types.OnceH: Onces, types.LazyH: Lazies, types.ThreadLocalH: ThreadLocals, types.ConcurrentQueueH: ConcurrentQueues, types.AtomicU64H: UnsignedAtomics, types.WatchdogH: Watchdogs,
	types.QueueH: QueueObjs, types.StackH: StackObjs, types.VecDequeH: VecDequeObjs, types.BinaryHeapH: BinaryHeapObjs,
	types.PriorityQueueH: PriorityQueueObjs, types.RingBufferH: RingBufferObjs, types.HashSetH: HashSetObjs,
	types.BTreeSetH: BTreeSetObjs, types.OrderedSetH: OrderedSetObjs, types.BTreeMapH: BTreeMapObjs,
	types.OrderedMapH: OrderedMapObjs, types.BitSetH: BitSetObjs, types.SliceH: SliceObjs,
	types.VecH: VecObjs, types.HashMapH: HashMapObjs,
}

// BuiltinFuture marks a Future that a builtin gives (sleep, join, recv, an I/O call): the
// checker follows it to the lambdas among the call's arguments.
type BuiltinFuture struct{ Name string }

var (
	SrcSleep   = &BuiltinFuture{"sleep"}
	SrcYield   = &BuiltinFuture{"yield_now"}
	SrcJoin    = &BuiltinFuture{"join"}
	SrcJoinAll = &BuiltinFuture{"join_all"}
	SrcSelect  = &BuiltinFuture{"select"}
	SrcTimeout = &BuiltinFuture{"timeout"}
	SrcScope   = &BuiltinFuture{"scope"}
	SrcRecv    = &BuiltinFuture{"recv"}
	SrcIO      = &BuiltinFuture{"io"}
)

// EagerSend marks the Future of a channel send: it enqueues at once, so a statement that does
// not await it is no W0706. (It runs no lambda of its arguments: not a BuiltinFuture.)
var EagerSend = &struct{ name string }{"send"}
