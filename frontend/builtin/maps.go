package builtin

import "adesh2go/frontend/types"

// The methods of Map<K, V> (docs/language.md §14, Maps).

var (
	MapGet = method(Maps, "get", Aliases, func(x In) Sig { return sig(optional(x.Val), x.Key) }, goMethod("Get"))
	MapSet = method(Maps, "set|insert", Mutates|Stores,
		func(x In) Sig { return sig(unit, x.Key, x.Val) }, goMethod("Set", Plain, Owned))
	MapHas = method(Maps, "has|contains_key|contains|containsKey", 0,
		func(x In) Sig { return sig(boolean, x.Key) }, goMethod("Has"))
	MapDelete = method(Maps, "delete|remove", Mutates,
		func(x In) Sig { return sig(boolean, x.Key) }, goMethod("Delete"))
	MapClear   = method(Maps, "clear", Mutates, fixed(sig(unit)), goMethod("Clear"))
	MapLen     = method(Maps, "len|size", 0, fixed(sig(i64)), hook)
	MapIsEmpty = method(Maps, "is_empty|isEmpty", 0, fixed(sig(boolean)), hook)
	// The interpreter's dictionary methods (EVERYDAY.md §7.5): getOr(k, default), merge(other)
	// (a new map: this one's entries, then other's over them), toArray() (the values).
	MapGetOr   = method(Maps, "getOr|get_or", 0, func(x In) Sig { return sig(x.Val, x.Key, x.Val) }, goMethod("GetOr"))
	MapMerge   = method(Maps, "merge", 0, func(x In) Sig { return sig(x.Recv, x.Recv) }, goMethod("Merge"))
	MapToArray = method(Maps, "toArray|to_array", 0, func(x In) Sig { return sig(arrayOf(x.Val)) }, goMethod("Values"))
	MapKeys    = method(Maps, "keys", 0, func(x In) Sig { return sig(arrayOf(x.Key)) }, goMethod("Keys"))
	MapValues  = method(Maps, "values", Aliases, func(x In) Sig { return sig(arrayOf(x.Val)) }, goMethod("Values"))
	MapEntries = method(Maps, "entries", 0, func(x In) Sig {
		return sig(arrayOf(&types.Tuple{Elems: []types.Type{x.Key, x.Val}}))
	}, goMethod("Entries"))
)
