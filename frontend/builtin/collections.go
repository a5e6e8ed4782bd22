package builtin

import "adesh2go/frontend/types"

// The Collections module (EVERYDAY.md §6, §7.2): its types are objects shared by reference,
// each a handle over what it holds (types.VecH, types.QueueH …) and an rt type whose every
// method locks (rt/coll*.go): Collections.Queue<T>() is a Queue of T (the type argument, the
// expected type, or what the program puts in it). Its Vec and HashMap are such objects too, not
// the language's value-semantics [T] and Map<K, V>: a callee's push is the caller's. The sets
// and maps key by the value's printed text, as the interpreter does; a map's keys are of any
// type and its keys() give their texts.

var (
	CollectionsModuleObj = module("Collections|collections", CollectionsModule)

	// xs.get(i) is the element at i, or null when i is out of range (xs[i] fails instead).
	ArrayGet = method(Arrays, "get", Aliases,
		func(x In) Sig { return sig(optional(x.Elem), i64) }, rtFn("ArrGet", Int64))
)

// A Collection is one of the module's shared objects: its handle kind, the rt function that
// makes it and the kind of its methods.
type Collection struct {
	Handle types.HandleKind
	New    ID   // Collections.Name: the constructor
	Of     Kind // the kind of its methods
}

// Collections are the module's shared objects, by their constructor's name.
var Collections = map[string]Collection{}

// CollectionOf is the shared object the constructor id makes, if it is one.
func CollectionOf(id ID) (Collection, bool) {
	for _, c := range Collections {
		if c.New == id {
			return c, true
		}
	}
	return Collection{}, false
}

// collection adds a shared object: its constructor (rt.NewName[T](args…), taking ctorArgs
// after the element type argument) and its methods.
func collection(name string, h types.HandleKind, of Kind, ctor Lowering, methods ...collMethod) ID {
	id := static(CollectionsModule, name, nil, ctor)
	Collections[name] = Collection{Handle: h, New: id, Of: of}
	for _, m := range methods {
		method(of, m.spellings, 0, m.sig, m.lower)
	}
	return id
}

type collMethod struct {
	spellings string
	sig       func(In) Sig
	lower     Lowering
}

func cm(spellings, goName string, s func(In) Sig) collMethod {
	return collMethod{spellings, s, goMethod(goName)}
}

// The shapes of the methods' signatures.
var (
	takesElem   = func(x In) Sig { return sig(unit, x.Elem) }
	givesElem   = func(x In) Sig { return sig(optional(x.Elem)) }
	givesArray  = func(x In) Sig { return sig(arrayOf(x.Elem)) }
	givesLen    = fixed(sig(i64))
	givesBool   = fixed(sig(boolean))
	givesNone   = fixed(sig(unit))
	givesString = fixed(sig(str))
	elemToBool  = func(x In) Sig { return sig(boolean, x.Elem) }
)

// common are the methods every collection but BitSet has: len, isEmpty, clear, typeInfo.
func common(clear bool) []collMethod {
	ms := []collMethod{cm("len|length|size", "Len", givesLen), cm("isEmpty|is_empty", "IsEmpty", givesBool),
		cm("typeInfo|type_info", "TypeInfo", givesString)}
	if clear {
		ms = append(ms, cm("clear", "Clear", givesNone))
	}
	return ms
}

func newColl(rtName string, args ...Arg) Lowering { return rtFn(rtName, args...).withElemTypeArg() }

func withCommon(clear bool, ms ...collMethod) []collMethod { return append(common(clear), ms...) }

var (
	CollVec = collection("Vec", types.VecH, VecObjs, newColl("NewVec"), withCommon(true,
		cm("push", "Push", takesElem), cm("pop", "Pop", givesElem),
		collMethod{"get", func(x In) Sig { return sig(optional(x.Elem), i64) }, goMethod("Get", Int64)},
		collMethod{"set", func(x In) Sig { return sig(boolean, i64, x.Elem) }, goMethod("Set", Int64)},
		collMethod{"insert", func(x In) Sig { return sig(unit, i64, x.Elem) }, goMethod("Insert", Int64).withPos()},
		collMethod{"remove", func(x In) Sig { return sig(optional(x.Elem), i64) }, goMethod("Remove", Int64)},
		collMethod{"swapRemove|swap_remove", func(x In) Sig { return sig(optional(x.Elem), i64) }, goMethod("SwapRemove", Int64)},
		collMethod{"contains|includes", elemToBool, goMethod("Contains")},
		collMethod{"indexOf|index_of", func(x In) Sig { return sig(i64, x.Elem) }, goMethod("IndexOf")},
		cm("first", "First", givesElem), cm("last", "Last", givesElem),
		cm("capacity", "Capacity", givesLen), cm("sort", "Sort", givesNone),
		cm("iter|toArray|to_array", "ToArray", givesArray))...)
	CollQueue = collection("Queue", types.QueueH, QueueObjs, newColl("NewQueue"), withCommon(true,
		cm("enqueue", "Enqueue", takesElem), cm("dequeue", "Dequeue", givesElem),
		cm("front|peek", "Front", givesElem), cm("back", "Back", givesElem))...)
	CollStack = collection("Stack", types.StackH, StackObjs, newColl("NewStack"), withCommon(true,
		cm("push", "Push", takesElem), cm("pop", "Pop", givesElem), cm("peek|top", "Peek", givesElem))...)
	CollVecDeque = collection("VecDeque", types.VecDequeH, VecDequeObjs, newColl("NewVecDeque"), withCommon(true,
		cm("pushBack|push_back", "PushBack", takesElem), cm("pushFront|push_front", "PushFront", takesElem),
		cm("popBack|pop_back", "PopBack", givesElem), cm("popFront|pop_front", "PopFront", givesElem),
		cm("front", "Front", givesElem), cm("back", "Back", givesElem),
		collMethod{"get", func(x In) Sig { return sig(optional(x.Elem), i64) }, goMethod("Get", Int64)},
		cm("iter|toArray|to_array", "ToArray", givesArray))...)
	CollBinaryHeap = collection("BinaryHeap", types.BinaryHeapH, BinaryHeapObjs, newColl("NewBinaryHeap"), withCommon(true,
		cm("push", "Push", takesElem), cm("pop", "Pop", givesElem), cm("peek", "Peek", givesElem))...)
	CollPriorityQueue = collection("PriorityQueue", types.PriorityQueueH, PriorityQueueObjs, newColl("NewPriorityQueue"), withCommon(true,
		collMethod{"push|enqueue", func(x In) Sig { return sig(unit, x.Elem, types.AnyType) }, goMethod("Push")},
		cm("pop|dequeue", "Pop", givesElem), cm("peek", "Peek", givesElem))...)
	CollRingBuffer = collection("RingBuffer", types.RingBufferH, RingBufferObjs, newColl("NewRingBuffer", Int64).withPos(), withCommon(false,
		collMethod{"push", func(x In) Sig { return sig(optional(x.Elem), x.Elem) }, goMethod("Push")},
		cm("pop", "Pop", givesElem), cm("capacity", "Capacity", givesLen), cm("isFull|is_full", "IsFull", givesBool))...)

	setMethods = func(all bool) []collMethod {
		ms := withCommon(true, collMethod{"insert|add", elemToBool, goMethod("Insert")},
			collMethod{"contains|has", elemToBool, goMethod("Contains")},
			collMethod{"remove|delete", elemToBool, goMethod("Remove")})
		values := "values|iter"
		if all {
			values += "|toArray|to_array"
		}
		return append(ms, cm(values, "Values", givesArray))
	}
	CollHashSet    = collection("HashSet", types.HashSetH, HashSetObjs, newSet("HashSet"), setMethods(true)...)
	CollBTreeSet   = collection("BTreeSet", types.BTreeSetH, BTreeSetObjs, newSet("BTreeSet"), setMethods(true)...)
	CollOrderedSet = collection("OrderedSet", types.OrderedSetH, OrderedSetObjs, newSet("OrderedSet"), setMethods(false)...)

	mapMethods = func(all bool) []collMethod {
		ms := withCommon(true,
			collMethod{"insert|set", func(x In) Sig { return sig(unit, types.AnyType, x.Elem) }, goMethod("Insert")},
			collMethod{"get", func(x In) Sig { return sig(optional(x.Elem), types.AnyType) }, goMethod("Get")},
			collMethod{"containsKey|contains_key|has", fixed(sig(boolean, types.AnyType)), goMethod("ContainsKey")},
			collMethod{"remove|delete", func(x In) Sig { return sig(optional(x.Elem), types.AnyType) }, goMethod("Remove")},
			cm("keys", "Keys", fixed(sig(arrayOf(str)))))
		if all {
			ms = append(ms, cm("values", "Values", givesArray),
				cm("entries|iter", "Entries", fixed(sig(arrayOf(arrayOf(types.AnyType))))))
		}
		return ms
	}
	CollHashMap    = collection("HashMap", types.HashMapH, HashMapObjs, newMap("HashMap"), mapMethods(true)...)
	CollBTreeMap   = collection("BTreeMap", types.BTreeMapH, BTreeMapObjs, newMap("BTreeMap"), mapMethods(true)...)
	CollOrderedMap = collection("OrderedMap", types.OrderedMapH, OrderedMapObjs, newMap("OrderedMap"), mapMethods(false)...)

	CollBitSet = collection("BitSet", types.BitSetH, BitSetObjs, rtFn("NewBitSet"),
		cm("typeInfo|type_info", "TypeInfo", givesString),
		collMethod{"set", fixed(sig(unit, i64)), goMethod("Set", Int64).withPos()},
		collMethod{"clear", fixed(sig(unit, i64)), goMethod("Clear", Int64).withPos()},
		collMethod{"test|get", fixed(sig(boolean, i64)), goMethod("Test", Int64).withPos()})
	CollSlice = collection("Slice", types.SliceH, SliceObjs, rtFn("NewSlice", Plain, Int64, Int64), withCommon(false,
		collMethod{"get", func(x In) Sig { return sig(optional(x.Elem), i64) }, goMethod("Get", Int64)},
		cm("first", "First", givesElem), cm("last", "Last", givesElem),
		collMethod{"contains|includes", elemToBool, goMethod("Contains")},
		cm("iter|toArray|to_array", "ToArray", givesArray))...)
)

// newSet and newMap make a set or a map of the kind name: rt.NewHashSet[T]().
func newSet(name string) Lowering { return newColl("New" + name) }
func newMap(name string) Lowering { return newColl("New" + name) }
