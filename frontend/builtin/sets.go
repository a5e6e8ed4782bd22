package builtin

import "adesh2go/frontend/types"

// The methods of Set<T> (EVERYDAY.md §3; docs/language.md, Sets).

func setOf(t types.Type) *types.SetT { return &types.SetT{Elem: t} }

var (
	SetAdd = method(Sets, "add|insert", Mutates|Stores,
		func(x In) Sig { return sig(unit, x.Elem) }, goMethod("Add"))
	SetHas     = method(Sets, "has|contains", 0, func(x In) Sig { return sig(boolean, x.Elem) }, goMethod("Has"))
	SetRemove  = method(Sets, "remove|delete", Mutates, func(x In) Sig { return sig(boolean, x.Elem) }, goMethod("Remove"))
	SetClear   = method(Sets, "clear", Mutates, fixed(sig(unit)), goMethod("Clear"))
	SetLen     = method(Sets, "len|size", 0, fixed(sig(i64)), hook)
	SetIsEmpty = method(Sets, "is_empty", 0, fixed(sig(boolean)), hook)
	SetValues  = method(Sets, "values|to_array", 0, func(x In) Sig { return sig(arrayOf(x.Elem)) }, goMethod("Values"))
	SetClone   = method(Sets, "clone|copy", 0, func(x In) Sig { return sig(setOf(x.Elem)) }, goMethod("Clone"))
	// union, intersection and difference give new sets; the receiver's order comes first.
	SetUnion        = method(Sets, "union", 0, func(x In) Sig { return sig(setOf(x.Elem), setOf(x.Elem)) }, goMethod("Union"))
	SetIntersection = method(Sets, "intersection", 0, func(x In) Sig { return sig(setOf(x.Elem), setOf(x.Elem)) }, goMethod("Intersection"))
	SetDifference   = method(Sets, "difference", 0, func(x In) Sig { return sig(setOf(x.Elem), setOf(x.Elem)) }, goMethod("Difference"))
)
