package rt

import (
	"math"
	"math/rand/v2"
)

// The Math module's functions that AdeshLang has no predeclared function for.

func MathSin(x float64) float64 { return math.Sin(x) }
func MathCos(x float64) float64 { return math.Cos(x) }
func MathTan(x float64) float64 { return math.Tan(x) }
func MathLog(x float64) float64 { return math.Log(x) }
func MathExp(x float64) float64 { return math.Exp(x) }

// MathRandom is a number in [0, 1), as JavaScript's Math.random.
func MathRandom() float64 { return rand.Float64() }
