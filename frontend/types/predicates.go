package types

import (
	gotypes "go/types"
	"slices"
)

// IsBasic reports whether t (resolved) is the basic type of kind k.
func IsBasic(t Type, k Kind) bool {
	b, ok := Resolve(t).(*Basic)
	return ok && b.Kind == k
}

// BasicKind returns the kind of a basic type, or Invalid for other types.
func BasicKind(t Type) Kind {
	if b, ok := Resolve(t).(*Basic); ok {
		return b.Kind
	}
	return Invalid
}

// IsInteger reports whether t is one of the integer types.
func IsInteger(t Type) bool {
	k := BasicKind(t)
	return k >= Int8 && k <= Uint64
}

// IsUnsigned reports whether t is an unsigned integer type.
func IsUnsigned(t Type) bool {
	k := BasicKind(t)
	return k >= Uint8 && k <= Uint64
}

// IsFloat reports whether t is f32 or f64.
func IsFloat(t Type) bool {
	k := BasicKind(t)
	return k == Float32 || k == Float64
}

// IsNumeric reports whether t is an integer or float type.
func IsNumeric(t Type) bool { return IsInteger(t) || IsFloat(t) }

// IntFloatMix is the float type when one of x and y is an integer type and the other a float
// type (an operation the checker allows in untyped code, converting the integer side), else nil.
func IntFloatMix(x, y Type) Type {
	switch {
	case IsInteger(x) && IsFloat(y):
		return Resolve(y)
	case IsFloat(x) && IsInteger(y):
		return Resolve(x)
	}
	return nil
}

// WiderNumber is the type two different number types meet in (EVERYDAY.md §7.5, the
// interpreter having one number type): with a float, the float (the wider of two floats);
// two integers of one signedness, the wider; a signed and an unsigned one, i64. nil when x and
// y are not two different number types.
func WiderNumber(x, y Type) Type {
	x, y = Resolve(x), Resolve(y)
	if !IsNumeric(x) || !IsNumeric(y) || Identical(x, y) {
		return nil
	}
	if f := IntFloatMix(x, y); f != nil {
		return f
	}
	kx, ky := BasicKind(x), BasicKind(y)
	if IsFloat(x) { // two floats: f64
		return F64
	}
	if IsUnsigned(x) != IsUnsigned(y) {
		return I64
	}
	if SizeOf(x) >= SizeOf(y) {
		return Typ[kx]
	}
	return Typ[ky]
}

// IsAny reports whether t is the dynamic type.
func IsAny(t Type) bool { return IsBasic(t, Any) }

// IsInvalid reports whether t is the error type (or nil).
func IsInvalid(t Type) bool { return t == nil || IsBasic(t, Invalid) }

// IsUnit reports whether t is ().
func IsUnit(t Type) bool { return IsBasic(t, Unit) }

// IsNever reports whether t is the type of an expression that does not complete.
func IsNever(t Type) bool { return IsBasic(t, Never) }

// HandleOf returns t as a handle of kind k, or nil.
func HandleOf(t Type, k HandleKind) *Handle {
	if h, ok := Resolve(t).(*Handle); ok && h.Kind == k {
		return h
	}
	return nil
}

// IsGuard reports whether t is a lock guard.
func IsGuard(t Type) bool {
	h, ok := Resolve(t).(*Handle)
	return ok && h.Kind.IsGuard()
}

// IsShare reports whether t is a Share<T>.
func IsShare(t Type) bool { return HandleOf(t, ShareH) != nil }

// NeedsRelease reports whether a binding of t owns a count or a lock that the compiler releases
// at scope end: Share, Weak and guards.
func NeedsRelease(t Type) bool {
	h, ok := Resolve(t).(*Handle)
	return ok && (h.Kind == ShareH || h.Kind == WeakH || h.Kind.IsGuard())
}

// IsFuture reports whether t is awaitable: a Future, a JoinHandle or a Promise.
func IsFuture(t Type) bool {
	switch t := Resolve(t).(type) {
	case *Future:
		return true
	case *Handle:
		return t.Kind == JoinHandleH || t.Kind == PromiseH
	}
	return false
}

// AwaitResult is the type `await t` gives: the element of a future, or t itself.
func AwaitResult(t Type) Type {
	switch u := Resolve(t).(type) {
	case *Future:
		return u.Elem
	case *Handle:
		if u.Kind == JoinHandleH || u.Kind == PromiseH {
			return u.Elem
		}
	}
	return t
}

// Identical reports whether two types are the same type. Inference variables compare by what
// they are bound to; an unbound variable is identical only to itself. A Future with a known
// source and the abstract Future<T> are identical when their elements are (the difference only
// matters to the emitter).
func Identical(a, b Type) bool {
	a, b = Resolve(a), Resolve(b)
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *Basic:
		y, ok := b.(*Basic)
		return ok && x.Kind == y.Kind
	case *Array:
		y, ok := b.(*Array)
		return ok && Identical(x.Elem, y.Elem)
	case *MapT:
		y, ok := b.(*MapT)
		return ok && Identical(x.Key, y.Key) && Identical(x.Val, y.Val)
	case *SetT:
		y, ok := b.(*SetT)
		return ok && Identical(x.Elem, y.Elem)
	case *Optional:
		y, ok := b.(*Optional)
		return ok && Identical(x.Elem, y.Elem)
	case *Result:
		y, ok := b.(*Result)
		return ok && Identical(x.Ok, y.Ok) && Identical(x.Err, y.Err)
	case *Tuple:
		y, ok := b.(*Tuple)
		return ok && identicalList(x.Elems, y.Elems)
	case *Func:
		y, ok := b.(*Func)
		return ok && identicalList(x.Params, y.Params) && Identical(OrUnit(x.Ret), OrUnit(y.Ret))
	case *Future:
		y, ok := b.(*Future)
		return ok && Identical(x.Elem, y.Elem)
	case *Handle:
		y, ok := b.(*Handle)
		return ok && x.Kind == y.Kind && (!x.Kind.HasElem() || Identical(x.Elem, y.Elem))
	case *Named:
		y, ok := b.(*Named)
		return ok && x.Def == y.Def && identicalList(x.Args, y.Args)
	case *GoT:
		y, ok := b.(*GoT)
		return ok && gotypes.Identical(x.T, y.T)
	case *TypeParam:
		return false
	}
	return false
}

func identicalList(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Identical(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Subst replaces type parameters by the types of m (by pointer).
func Subst(t Type, m map[*TypeParam]Type) Type {
	if len(m) == 0 || t == nil {
		return t
	}
	return replace(t, func(t Type) Type {
		if tp, ok := t.(*TypeParam); ok && m[tp] != nil {
			return m[tp]
		}
		return nil
	})
}

// DefaultUnbound replaces the inference variables nothing bound by any: the type of `[]` that
// nothing is ever added to is `[any]` when it is named.
func DefaultUnbound(t Type) Type {
	if t == nil || !HasUnbound(t) {
		return t
	}
	return replace(t, func(t Type) Type {
		if v, ok := t.(*Var); ok && v.Bound == nil {
			return AnyType
		}
		return nil
	})
}

// replace rebuilds t with each part for which with gives a type (not nil) replaced by it.
func replace(t Type, with func(Type) Type) Type {
	if t == nil {
		return nil
	}
	t = Resolve(t)
	if r := with(t); r != nil {
		return r
	}
	switch x := t.(type) {
	case *Array:
		return &Array{Elem: replace(x.Elem, with)}
	case *MapT:
		return &MapT{Key: replace(x.Key, with), Val: replace(x.Val, with)}
	case *SetT:
		return &SetT{Elem: replace(x.Elem, with)}
	case *Optional:
		return &Optional{Elem: replace(x.Elem, with), Loose: x.Loose}
	case *Result:
		return &Result{Ok: replace(x.Ok, with), Err: replace(x.Err, with)}
	case *Tuple:
		return &Tuple{Elems: replaceList(x.Elems, with)}
	case *Func:
		return &Func{Params: replaceList(x.Params, with), Ret: replace(x.Ret, with)}
	case *Future:
		return &Future{Elem: replace(x.Elem, with), Src: x.Src}
	case *Handle:
		if x.Elem == nil {
			return x
		}
		return &Handle{Kind: x.Kind, Elem: replace(x.Elem, with)}
	case *Named:
		if len(x.Args) == 0 {
			return x
		}
		return &Named{Def: x.Def, Args: replaceList(x.Args, with)}
	default:
		return x
	}
}

func replaceList(ts []Type, with func(Type) Type) []Type {
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = replace(t, with)
	}
	return out
}

// Mentions reports whether t contains a type parameter or an unbound inference variable.
func Mentions(t Type, pred func(Type) bool) bool {
	t = Resolve(t)
	if pred(t) {
		return true
	}
	switch x := t.(type) {
	case *Array:
		return Mentions(x.Elem, pred)
	case *MapT:
		return Mentions(x.Key, pred) || Mentions(x.Val, pred)
	case *SetT:
		return Mentions(x.Elem, pred)
	case *Optional:
		return Mentions(x.Elem, pred)
	case *Result:
		return Mentions(x.Ok, pred) || Mentions(x.Err, pred)
	case *Tuple:
		return mentionsList(x.Elems, pred)
	case *Func:
		return mentionsList(x.Params, pred) || (x.Ret != nil && Mentions(x.Ret, pred))
	case *Future:
		return Mentions(x.Elem, pred)
	case *Handle:
		return x.Elem != nil && Mentions(x.Elem, pred)
	case *Named:
		return mentionsList(x.Args, pred)
	}
	return false
}

func mentionsList(ts []Type, pred func(Type) bool) bool {
	for _, t := range ts {
		if Mentions(t, pred) {
			return true
		}
	}
	return false
}

// HasUnbound reports whether t still contains an unbound inference variable.
func HasUnbound(t Type) bool {
	return Mentions(t, func(t Type) bool { v, ok := t.(*Var); return ok && v.Bound == nil })
}

// FieldsOf returns the fields of a struct type with its type arguments substituted.
func FieldsOf(n *Named) []*FieldDef {
	if len(n.Args) == 0 {
		return n.Def.Fields
	}
	m := n.Subst()
	out := make([]*FieldDef, len(n.Def.Fields))
	for i, f := range n.Def.Fields {
		out[i] = &FieldDef{Name: f.Name, Type: Subst(f.Type, m)}
	}
	return out
}

// Subst is the substitution of a named type's parameters by its arguments.
func (n *Named) Subst() map[*TypeParam]Type {
	if len(n.Args) == 0 {
		return nil
	}
	m := make(map[*TypeParam]Type, len(n.Args))
	for i, p := range n.Def.TypeParams {
		if i < len(n.Args) {
			m[p] = n.Args[i]
		}
	}
	return m
}

// Settled is t with every inference variable that is bound replaced by what it is bound to, at
// any depth; a variable nothing bound stays. It is t itself when t mentions no bound variable.
func Settled(t Type) Type {
	if !hasBound(t) {
		return t
	}
	return replace(t, func(Type) Type { return nil })
}

// SettledList is Settled of each of ts: ts itself when none mentions a bound variable.
func SettledList(ts []Type) []Type {
	if !slices.ContainsFunc(ts, hasBound) {
		return ts
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = Settled(t)
	}
	return out
}

// hasBound reports whether t mentions, at any depth, an inference variable that is bound.
func hasBound(t Type) bool {
	switch x := t.(type) {
	case *Var:
		return x.Bound != nil
	case *Array:
		return hasBound(x.Elem)
	case *MapT:
		return hasBound(x.Key) || hasBound(x.Val)
	case *SetT:
		return hasBound(x.Elem)
	case *Optional:
		return hasBound(x.Elem)
	case *Result:
		return hasBound(x.Ok) || hasBound(x.Err)
	case *Tuple:
		return slices.ContainsFunc(x.Elems, hasBound)
	case *Func:
		return slices.ContainsFunc(x.Params, hasBound) || x.Ret != nil && hasBound(x.Ret)
	case *Future:
		return hasBound(x.Elem)
	case *Handle:
		return x.Elem != nil && hasBound(x.Elem)
	case *Named:
		return slices.ContainsFunc(x.Args, hasBound)
	}
	return false
}

// IsSettled reports whether t is as Settled leaves it: it mentions no bound inference variable.
func IsSettled(t Type) bool { return !hasBound(t) }

// SizeOf is the size in bytes of a value of a number type, bool or char (what `sizeof` gives);
// 0 for every other type.
func SizeOf(t Type) int64 {
	switch BasicKind(t) {
	case Bool, Int8, Uint8:
		return 1
	case Int16, Uint16:
		return 2
	case Int32, Uint32, Float32, Char:
		return 4
	case Int64, Uint64, Float64:
		return 8
	}
	return 0
}

// OrUnit is t, or () for a function result that is not written (nil).
func OrUnit(t Type) Type {
	if t == nil {
		return UnitType
	}
	return t
}

// PromisedElem is T when t, a Future<T> or a JoinHandle<T>, may be used as a Promise<T> (an
// async fn's result is also a promise, as in JavaScript).
func PromisedElem(t Type) (Type, bool) {
	switch u := Resolve(t).(type) {
	case *Future:
		return u.Elem, true
	case *Handle:
		if u.Kind == JoinHandleH {
			return u.Elem, true
		}
	}
	return nil, false
}

// Replace rebuilds t with every part for which with gives a type replaced by it (with sees a
// part before its own parts; nil keeps the part and looks inside it).
func Replace(t Type, with func(Type) Type) Type { return replace(t, with) }

// CharAndString reports whether one of x and y is a char and the other a string: they compare
// equal when the string is that one character ('a' == "a").
func CharAndString(x, y Type) bool {
	return IsBasic(x, Char) && IsBasic(y, String) || IsBasic(x, String) && IsBasic(y, Char)
}
