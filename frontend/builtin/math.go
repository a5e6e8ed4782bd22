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
	MathModuleObj = module("Math|cmath", MathModule)

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

	MathSin = static(MathModule, "sin", floatFn(1), rtFn("MathSin"))
	MathCos = static(MathModule, "cos", floatFn(1), rtFn("MathCos"))
	MathTan = static(MathModule, "tan", floatFn(1), rtFn("MathTan"))
	// log(x) is the natural logarithm, log(x, base) the logarithm in base.
	MathLog    = static(MathModule, "log", fixed(sig(f64, f64, f64).opt(1)), rtFn("MathLog"))
	MathExp    = static(MathModule, "exp", floatFn(1), rtFn("MathExp"))
	MathRandom = static(MathModule, "random", floatFn(0), rtFn("MathRandom"))

	// The interpreter's other functions (EVERYDAY.md §7.3).
	MathAsin     = static(MathModule, "asin", floatFn(1), rtFn("MathAsin"))
	MathAcos     = static(MathModule, "acos", floatFn(1), rtFn("MathAcos"))
	MathAtan     = static(MathModule, "atan", floatFn(1), rtFn("MathAtan"))
	MathAtan2    = static(MathModule, "atan2", floatFn(2), rtFn("MathAtan2"))
	MathSinh     = static(MathModule, "sinh", floatFn(1), rtFn("MathSinh"))
	MathCosh     = static(MathModule, "cosh", floatFn(1), rtFn("MathCosh"))
	MathTanh     = static(MathModule, "tanh", floatFn(1), rtFn("MathTanh"))
	MathAsinh    = static(MathModule, "asinh", floatFn(1), rtFn("MathAsinh"))
	MathAcosh    = static(MathModule, "acosh", floatFn(1), rtFn("MathAcosh"))
	MathAtanh    = static(MathModule, "atanh", floatFn(1), rtFn("MathAtanh"))
	MathLog10    = static(MathModule, "log10", floatFn(1), rtFn("MathLog10"))
	MathLog2     = static(MathModule, "log2", floatFn(1), rtFn("MathLog2"))
	MathTrunc    = static(MathModule, "trunc", floatFn(1), rtFn("MathTrunc"))
	MathSign     = static(MathModule, "sign", floatFn(1), rtFn("MathSign"))
	MathCbrt     = static(MathModule, "cbrt", floatFn(1), rtFn("MathCbrt"))
	MathHypot    = static(MathModule, "hypot", floatFn(2), rtFn("MathHypot"))
	MathDegToRad = static(MathModule, "degToRad", floatFn(1), rtFn("MathDegToRad"))
	MathRadToDeg = static(MathModule, "radToDeg", floatFn(1), rtFn("MathRadToDeg"))
	MathClamp    = static(MathModule, "clamp", floatFn(3), rtFn("MathClamp"))
	MathLerp     = static(MathModule, "lerp", floatFn(3), rtFn("MathLerp"))

	MathGcd       = static(MathModule, "gcd", fixed(sig(i64, i64, i64)), rtFn("MathGcd"))
	MathLcm       = static(MathModule, "lcm", fixed(sig(i64, i64, i64)), rtFn("MathLcm"))
	MathFactorial = static(MathModule, "factorial", fixed(sig(i64, i64)), rtFn("MathFactorial").withPos())
	MathComb      = static(MathModule, "comb", fixed(sig(i64, i64, i64)), rtFn("MathComb").withPos())
	MathPerm      = static(MathModule, "perm", fixed(sig(i64, i64, i64)), rtFn("MathPerm").withPos())
	MathIsqrt     = static(MathModule, "isqrt", fixed(sig(i64, i64)), rtFn("MathIsqrt").withPos())

	MathSeed        = static(MathModule, "seed", fixed(sig(unit, i64)), rtFn("MathSeed"))
	MathRandomInt   = static(MathModule, "randomInt", fixed(sig(i64, i64, i64)), rtFn("MathRandomInt"))
	MathRandomRange = static(MathModule, "randomRange", floatFn(2), rtFn("MathRandomRange"))
)
