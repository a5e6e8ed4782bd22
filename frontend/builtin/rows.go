package builtin

import (
	"slices"

	"adesh2go/frontend/types"
)

// The shorthands the rows are written with.

var (
	unit    = types.UnitType
	i64     = types.I64
	u64     = types.Typ[types.Uint64]
	f64     = types.F64
	str     = types.StringType
	boolean = types.BoolType
	char    = types.CharType
)

// sig is the signature (params…) → ret.
func sig(ret types.Type, params ...types.Type) Sig { return Sig{Params: params, Ret: ret} }

// opt lets the last n parameters be left out.
func (s Sig) opt(n int) Sig { s.Optional = n; return s }

func fn(ret types.Type, params ...types.Type) *types.Func {
	return &types.Func{Params: params, Ret: ret}
}
func arrayOf(t types.Type) *types.Array          { return &types.Array{Elem: t} }
func optional(t types.Type) *types.Optional      { return &types.Optional{Elem: t} }
func future(t types.Type, src any) *types.Future { return &types.Future{Elem: t, Src: src} }
func handle(k types.HandleKind, elem types.Type) *types.Handle {
	return &types.Handle{Kind: k, Elem: elem}
}

// method adds a method of the receiver kind of.
func method(of Kind, spellings string, flags Flags, s func(In) Sig, lo Lowering) ID {
	return def(Row{Of: of, Flags: flags, Sig: s, Lower: lo}, spellings)
}

// static adds a static member of the type object or module of.
func static(of Kind, spellings string, s func(In) Sig, lo Lowering) ID {
	return def(Row{Of: of, Static: true, Sig: s, Lower: lo}, spellings)
}

// function adds a predeclared function.
func function(spellings string, s func(In) Sig, lo Lowering) ID {
	return def(Row{Of: Global, Sig: s, Lower: lo}, spellings)
}

// typeObject adds a predeclared type object, whose static members are those of module.
func typeObject(name string, module Kind) ID {
	return def(Row{Of: Global, Module: module}, name)
}

// fixed is a builder for a signature that does not depend on the receiver. Each call gets its
// own copy of the parameters; the captured Sig is only read, since checkers run concurrently
// (the language server's tests, tools checking several programs at once).
func fixed(s Sig) func(In) Sig {
	return func(In) Sig { c := s; c.Params = slices.Clone(s.Params); return c }
}

// hook lowers by the ID (lower's switch).
var hook = Lowering{}

func rtFn(name string, args ...Arg) Lowering { return Lowering{How: RTFunc, Name: name, Args: args} }
func rtPlace(name string, args ...Arg) Lowering {
	return Lowering{How: RTFuncPlace, Name: name, Args: args}
}
func goMethod(name string, args ...Arg) Lowering {
	return Lowering{How: GoMethod, Name: name, Args: args}
}

// ioFuture lowers to an rt future: name, timeoutName with the timeout given, of type rt.futureType.
func ioFuture(name, timeoutName, futureType string) Lowering {
	return Lowering{How: IOFuture, Name: name, TimeoutName: timeoutName, Future: futureType}
}

// withElemTypeArg instantiates the rt function with the element type of the handle it gives.
func (l Lowering) withElemTypeArg() Lowering { l.ElemTypeArg = true; return l }

// withDefaults passes, for each parameter a call leaves out, the Go constant given for its
// index ("" for none).
func (l Lowering) withDefaults(lits ...string) Lowering { l.Defaults = lits; return l }

// withBare calls the rt function name when a call leaves out every optional parameter.
func (l Lowering) withBare(name string) Lowering { l.Bare = name; return l }

// withPos passes the call's position last.
func (l Lowering) withPos() Lowering { l.Pos = true; return l }
