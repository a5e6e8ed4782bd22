// Package types holds the static types of AdeshLang and the objects names resolve to. It knows
// nothing of syntax, so the AST can carry types without an import cycle.
package types

import (
	"strings"
)

// Type is the static type of an expression.
type Type interface {
	String() string
}

// Kind is the kind of a Basic type.
type Kind uint8

const (
	Invalid Kind = iota // the type of an erroneous expression; never reported twice
	Bool
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float32
	Float64
	String
	Char
	Unit
	Any   // a dynamic value (§7)
	Null  // the type of the literal `null` before context gives it an optional type
	Never // the type of `return`, `throw`, `break` in expression position
	ErrorKind
	TcpListener
	TcpStream
	Response
	BigInt // `123n`: an integer of any size (EVERYDAY.md §7.5)
	numKinds
)

// Basic is a predeclared type.
type Basic struct {
	Kind Kind
	Name string
}

func (b *Basic) String() string { return b.Name }

// Typ holds the one *Basic of each kind; compare basic types by pointer.
var Typ = [numKinds]*Basic{
	Invalid:     {Invalid, "invalid type"},
	Bool:        {Bool, "bool"},
	Int8:        {Int8, "i8"},
	Int16:       {Int16, "i16"},
	Int32:       {Int32, "i32"},
	Int64:       {Int64, "i64"},
	Uint8:       {Uint8, "u8"},
	Uint16:      {Uint16, "u16"},
	Uint32:      {Uint32, "u32"},
	Uint64:      {Uint64, "u64"},
	Float32:     {Float32, "f32"},
	Float64:     {Float64, "f64"},
	String:      {String, "string"},
	Char:        {Char, "char"},
	Unit:        {Unit, "()"},
	Any:         {Any, "any"},
	Null:        {Null, "null"},
	Never:       {Never, "never"},
	ErrorKind:   {ErrorKind, "Error"},
	TcpListener: {TcpListener, "TcpListener"},
	TcpStream:   {TcpStream, "TcpStream"},
	Response:    {Response, "Response"},
	BigInt:      {BigInt, "bigint"},
}

// Shorthands for the types used everywhere.
var (
	InvalidType = Typ[Invalid]
	BoolType    = Typ[Bool]
	I64         = Typ[Int64]
	F64         = Typ[Float64]
	StringType  = Typ[String]
	CharType    = Typ[Char]
	UnitType    = Typ[Unit]
	AnyType     = Typ[Any]
	NullType    = Typ[Null]
	NeverType   = Typ[Never]
	ErrorType   = Typ[ErrorKind]
	BigIntType  = Typ[BigInt]
)

// Array is `[T]`: a growable array with value semantics.
type Array struct{ Elem Type }

// MapT is `Map<K, V>`.
type MapT struct{ Key, Val Type }

// SetT is `Set<T>` (also `set`): a set of hashable elements in insertion order (EVERYDAY.md §3).
type SetT struct{ Elem Type }

// Optional is `T?` and `Option<T>`. Loose marks one the checker inferred for an untyped
// function that returns an instance or null (`fn find(xs, k) { …; return null; }`): as in
// the interpreter, a field of what it gives is read with a check, when the program runs, that it
// is not null. A `T?` the program writes is never loose.
type Optional struct {
	Elem  Type
	Loose bool
}

// Result is `Result<T, E>`.
type Result struct{ Ok, Err Type }

// Tuple is `(A, B, …)` with two or more elements (`()` is Unit).
type Tuple struct{ Elems []Type }

// Func is a function value type `fn(A, B): R`. Async marks an async lambda (its call gives a
// Future of Ret, which is then the Future type itself).
type Func struct {
	Params []Type
	Ret    Type
}

// Future is `Future<T>`: the result of calling an async fn or evaluating an async block. Src is
// what produced it when that is statically known (the async fn or block whose state struct the
// Go code can store by value); nil for the abstract `Future<T>` of an annotation.
type Future struct {
	Elem Type
	Src  any
}

// Handle is one of the runtime's generic handle types over one element type.
type Handle struct {
	Kind HandleKind
	Elem Type
}

// HandleKind tells the handle types apart.
type HandleKind uint8

const (
	PromiseH HandleKind = iota
	JoinHandleH
	ChannelH
	ShareH
	WeakH
	MutexH
	RwLockH
	MutexGuardH
	ReadGuardH
	WriteGuardH
	ScopeH
	ThreadMutexH  // thread.Mutex: rt's Mutex, with the thread module's lock results
	AtomicH       // thread.Atomic.AtomicI64 (Elem i64) and AtomicBool (Elem bool)
	ThreadRwLockH // thread.RwLock: rt's RwLock, used through read, write and callbacks
	// The ends of a thread.Channel (Elem: the values it carries).
	ThreadSenderH
	ThreadReceiverH
	// The thread module's cells and queue (Elem: the value they hold).
	OnceH            // thread.Once: call_once's value
	LazyH            // thread.Lazy
	ThreadLocalH     // thread.ThreadLocal: a value per thread
	ConcurrentQueueH // thread.ConcurrentQueue
	// The thread module's objects that hold no value (Elem nil): HasElem is false from here.
	SemaphoreH
	BarrierH
	LatchH        // thread.CountDownLatch
	CancelSourceH // thread.CancellationSource
	CancelTokenH  // its token()
	CondvarH
	ThreadPoolH    // thread.ThreadPool
	ThreadScopeH   // the `s` of thread.scope(fn(s) { … })
	WaitGroupH     // thread.WaitGroup
	ThreadBuilderH // thread.builder(): a thread's name and stack size, then spawn
	AtomicU64H     // thread.Atomic.AtomicU8 … AtomicU64: 64 unsigned bits
	WatchdogH      // thread.watchdog(ms): disarm() cancels it
	// The Collections module's objects (EVERYDAY.md §7.2), shared by reference; Elem is what they
	// hold: the element, or for the maps the pair (K, V) of a Tuple.
	QueueH
	StackH
	VecDequeH
	BinaryHeapH
	PriorityQueueH
	RingBufferH
	HashSetH
	BTreeSetH
	OrderedSetH
	BTreeMapH
	OrderedMapH
	SliceH
	VecH     // Collections.Vec: unlike [T], shared by reference
	HashMapH // Collections.HashMap: unlike Map<K, V>, shared by reference
	BitSetH  // holds no value
)

var handleNames = [...]string{"Promise", "JoinHandle", "Channel", "Share", "Weak", "Mutex", "RwLock", "MutexGuard", "ReadGuard", "WriteGuard", "Scope", "thread.Mutex", "Atomic",
	"thread.RwLock", "thread.Sender", "thread.Receiver", "thread.Once", "thread.Lazy", "thread.ThreadLocal", "thread.ConcurrentQueue", "thread.Semaphore", "thread.Barrier", "thread.CountDownLatch", "thread.CancellationSource", "thread.CancellationToken", "thread.Condvar",
	"thread.ThreadPool", "thread.Scope", "thread.WaitGroup", "thread.ThreadBuilder", "thread.Atomic.AtomicU64", "thread.Watchdog", "Collections.Queue", "Collections.Stack", "Collections.VecDeque", "Collections.BinaryHeap",
	"Collections.PriorityQueue", "Collections.RingBuffer", "Collections.HashSet", "Collections.BTreeSet",
	"Collections.OrderedSet", "Collections.BTreeMap", "Collections.OrderedMap", "Collections.Slice", "Collections.Vec",
	"Collections.HashMap", "Collections.BitSet"}

// HandleName is the AdeshLang spelling of a handle kind.
func (k HandleKind) String() string { return handleNames[k] }

// HasElem reports whether handles of kind k have an element type: Scope and the thread
// module's synchronization objects hold no value.
func (k HandleKind) HasElem() bool {
	return k != ScopeH && k < SemaphoreH || k.IsCollection() && k != BitSetH
}

// IsCollection reports whether k is one of the Collections module's objects.
func (k HandleKind) IsCollection() bool { return k >= QueueH && k <= BitSetH }

// IsCollectionMap reports whether k is a map of the Collections module, whose Elem is (K, V).
func (k HandleKind) IsCollectionMap() bool {
	return k == BTreeMapH || k == OrderedMapH || k == HashMapH
}

// IsGuard reports whether k is a lock guard.
func (k HandleKind) IsGuard() bool { return k == MutexGuardH || k == ReadGuardH || k == WriteGuardH }

// Named is a user struct or enum, possibly instantiated with type arguments.
type Named struct {
	Def  *TypeDef
	Args []Type
}

// TypeParam is a generic parameter of a function or type declaration.
type TypeParam struct {
	Name  string
	Index int
	Owner any // the declaring ast node
}

func (t *Array) String() string    { return "[" + t.Elem.String() + "]" }
func (t *MapT) String() string     { return "Map<" + t.Key.String() + ", " + t.Val.String() + ">" }
func (t *SetT) String() string     { return "Set<" + t.Elem.String() + ">" }
func (t *Optional) String() string { return t.Elem.String() + "?" }
func (t *Result) String() string   { return "Result<" + t.Ok.String() + ", " + t.Err.String() + ">" }
func (t *Tuple) String() string    { return "(" + join(t.Elems) + ")" }
func (t *Future) String() string   { return "Future<" + t.Elem.String() + ">" }
func (t *Handle) String() string {
	if !t.Kind.HasElem() {
		return t.Kind.String()
	}
	if t.Kind.IsCollectionMap() {
		return t.Kind.String() + "<string, " + t.Elem.String() + ">" // keys are text (§7.2)
	}
	return t.Kind.String() + "<" + t.Elem.String() + ">"
}
func (t *TypeParam) String() string { return t.Name }
func (t *Func) String() string {
	s := "fn(" + join(t.Params) + ")"
	if t.Ret != nil && !IsUnit(t.Ret) {
		s += ": " + t.Ret.String()
	}
	return s
}
func (t *Named) String() string {
	if len(t.Args) == 0 {
		return t.Def.Name
	}
	return t.Def.Name + "<" + join(t.Args) + ">"
}

func join(ts []Type) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		if t == nil {
			b.WriteString("?")
		} else {
			b.WriteString(t.String())
		}
	}
	return b.String()
}

// TypeDef is a declared struct or enum.
type TypeDef struct {
	Name       string
	Enum       bool
	TypeParams []*TypeParam
	Fields     []*FieldDef    // structs
	Variants   []*VariantDef  // enums
	Methods    map[string]any // name → *ast.FuncDecl, filled from extend/impl blocks
	Decl       any            // *ast.StructDecl or *ast.EnumDecl
	GoName     string         // the Go identifier chosen by the emitter
}

// FieldDef is one struct field.
type FieldDef struct {
	Name string
	Type Type
}

// VariantDef is one enum variant.
type VariantDef struct {
	Name    string
	Index   int
	Payload []Type
	Enum    *TypeDef
}

// Field finds a struct field by name.
func (d *TypeDef) Field(name string) *FieldDef {
	for _, f := range d.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Variant finds an enum variant by name.
func (d *TypeDef) Variant(name string) *VariantDef {
	for _, v := range d.Variants {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Var is an inference variable: the element type of an empty array literal not yet known, an
// untyped parameter, a return type being inferred. Resolve follows bindings.
type Var struct {
	ID    int
	Bound Type   // nil while unknown
	Why   string // for --explain-types: why it fell back to any, when it did
}

func (v *Var) String() string {
	if v.Bound != nil {
		return v.Bound.String()
	}
	return "_"
}

// Resolve follows inference variables to what they are bound to.
func Resolve(t Type) Type {
	for {
		v, ok := t.(*Var)
		if !ok || v.Bound == nil {
			return t
		}
		t = v.Bound
	}
}
