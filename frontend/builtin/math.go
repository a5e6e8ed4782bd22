package builtin

import "adesh2go/frontend/types"

// The Math module (EVERYDAY.md §6): JavaScript's Math. The members that AdeshLang already has as
// predeclared functions are those functions; the others take and give f64.

// same adds a static member of of that is the predeclared function id.
func same(of Kind, name string, id ID) ID { return def(Row{Of: of, Static: true, Same: id}, name) }

func floatFn(params int) func(In) Sig {
	ps := make([]types.Type, params)
	for i := range ps {
		ps[i] = f64
	}
	return fixed(sig(f64, ps...))
}

// constant adds a static member of of that is a value of type t, written lit in Go.
func constant(of Kind, name string, t types.Type, lit string) ID {
	return static(of, name, fixed(sig(t)), Lowering{How: Constant, Name: lit})
}

var (
	MathModuleObj = module("Math", MathModule)

	MathPI = constant(MathModule, "PI", f64, "3.141592653589793")
	MathE  = constant(MathModule, "E", f64, "2.718281828459045")

	MathSqrt  = same(MathModule, "sqrt", FnSqrt)
	MathAbs   = same(MathModule, "abs", FnAbs)
	MathFloor = same(MathModule, "floor", FnFloor)
	MathCeil  = same(MathModule, "ceil", FnCeil)
	MathRound = same(MathModule, "round", FnRound)
	MathPow   = same(MathModule, "pow", FnPow)
	MathMin   = same(MathModule, "min", FnMin)
	MathMax   = same(MathModule, "max", FnMax)

	MathSin    = static(MathModule, "sin", floatFn(1), rtFn("MathSin"))
	MathCos    = static(MathModule, "cos", floatFn(1), rtFn("MathCos"))
	MathTan    = static(MathModule, "tan", floatFn(1), rtFn("MathTan"))
	MathLog    = static(MathModule, "log", floatFn(1), rtFn("MathLog"))
	MathExp    = static(MathModule, "exp", floatFn(1), rtFn("MathExp"))
	MathRandom = static(MathModule, "random", floatFn(0), rtFn("MathRandom"))
)
