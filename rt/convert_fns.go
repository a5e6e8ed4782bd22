package rt

import "math"

// The conversion functions `int(x)`, `float(x)` and `bool(x)` (EVERYDAY.md §7.5) on a value
// whose type the compiler did not know: numbers convert (a float toward zero), a bigint must
// fit, a string is read as a number, a bool is 1 or 0.

// ToInt is `int(v)`.
func ToInt(v Value, pos string) int64 {
	switch x := v.(type) {
	case BigInt:
		return BigToInt(x, pos)
	case string:
		if i := ParseInt(x); i.Some {
			return i.Val
		}
		if f := ParseFloat(x); f.Some && !math.IsNaN(f.Val) && !math.IsInf(f.Val, 0) {
			return FloatToInt[int64](f.Val)
		}
		Fail(pos, "cannot convert "+Quote(x)+" to int")
	case bool:
		if x {
			return 1
		}
		return 0
	}
	switch n := toNum(v); n.kind {
	case signedNum, unsignedNum:
		return n.int()
	case floatNum:
		return FloatToInt[int64](n.f)
	}
	Fail(pos, "cannot convert "+describe(v)+" to int")
	return 0
}

// ToFloat is `float(v)`.
func ToFloat(v Value, pos string) float64 {
	switch x := v.(type) {
	case BigInt:
		return x.Float()
	case string:
		if f := ParseFloat(x); f.Some {
			return f.Val
		}
		Fail(pos, "cannot convert "+Quote(x)+" to float")
	case bool:
		if x {
			return 1
		}
		return 0
	}
	if n := toNum(v); n.kind != notNum {
		return n.float()
	}
	Fail(pos, "cannot convert "+describe(v)+" to float")
	return 0
}
