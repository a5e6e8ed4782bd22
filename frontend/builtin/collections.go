package builtin

// The Collections module (EVERYDAY.md §6): the interpreter's HashMap and Vec are spellings of
// the language's own Map<K, V> and [T], not types of their own. Collections.HashMap<K, V>() is
// Map.new<K, V>() (Same), Collections.Vec<T>() an empty [T] (the checker decides T, as for
// Map.new: the type argument, the expected type, or what the program puts in it), and the
// methods the interpreter calls them with are spellings of the Map and array methods:
// containsKey (maps.go), toArray (a copy: arrays.go) and get below.

var (
	CollectionsModuleObj = module("Collections", CollectionsModule)

	CollectionsHashMap = def(Row{Of: CollectionsModule, Static: true, Same: MapNew}, "HashMap")
	CollectionsVec     = static(CollectionsModule, "Vec", nil, hook)

	// xs.get(i) is the element at i, or null when i is out of range (xs[i] fails instead).
	ArrayGet = method(Arrays, "get", Aliases,
		func(x In) Sig { return sig(optional(x.Elem), i64) }, rtFn("ArrGet", Int64))
)
