package rt

import (
	"math"
	"strconv"
	"unsafe"
)

// Integer is every AdeshLang integer type (i8…i64, u8…u64) and Go's int.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Float is f32 and f64.
type Float interface{ ~float32 | ~float64 }

// Number is every numeric type.
type Number interface{ Integer | Float }

// Integer arithmetic wraps on overflow and / and % truncate toward zero, as Go's do; the helpers
// below add the run-time errors AdeshLang has where Go would panic or differ.

// Div is a / b on integers; dividing by zero fails at pos. The most negative value divided by -1
// wraps to itself, as Go defines.
func Div[T Integer](a, b T, pos string) T {
	if b == 0 {
		Fail(pos, "division by zero")
	}
	return a / b
}

// Mod is a % b on integers (the sign follows a); modulo by zero fails at pos.
func Mod[T Integer](a, b T, pos string) T {
	if b == 0 {
		Fail(pos, "modulo by zero")
	}
	return a % b
}

// Shl is a << n; a negative count fails at pos, a count of the width or more gives 0.
func Shl[T, S Integer](a T, n S, pos string) T {
	if n < 0 {
		failNegativeShift(int64(n), pos)
	}
	return a << n
}

// Shr is a >> n (arithmetic for signed types); a negative count fails at pos, a count of the
// width or more gives 0 or -1.
func Shr[T, S Integer](a T, n S, pos string) T {
	if n < 0 {
		failNegativeShift(int64(n), pos)
	}
	return a >> n
}

func failNegativeShift(n int64, pos string) {
	Fail(pos, "negative shift count "+strconv.FormatInt(n, 10))
}

// FloatToInt converts like Rust's `as`: toward zero, saturating at T's bounds, NaN to 0.
func FloatToInt[T Integer](f float64) T {
	if f != f {
		return 0
	}
	lo, hi := intBounds[T]()
	if f <= float64(lo) {
		return lo
	}
	// float64(hi) rounds up to a power of two for 64-bit types, so >= catches exactly the
	// values that do not fit.
	if f >= float64(hi) {
		return hi
	}
	return T(f)
}

// intBounds gives the smallest and largest value of an integer type.
func intBounds[T Integer]() (lo, hi T) {
	bits := unsafe.Sizeof(lo) * 8
	if T(0)-1 < 0 { // signed
		hi = T(1)<<(bits-1) - 1
		return -hi - 1, hi
	}
	return 0, ^T(0)
}

// IntPow is base raised to exp with wrapping multiplication; a negative exponent fails at pos.
func IntPow[T Integer](base T, exp int64, pos string) T {
	if exp < 0 {
		Fail(pos, "negative exponent "+strconv.FormatInt(exp, 10))
	}
	result := T(1)
	for exp > 0 {
		if exp&1 == 1 {
			result *= base
		}
		base *= base
		exp >>= 1
	}
	return result
}

// Abs is the absolute value; the most negative integer wraps to itself, as in Rust's wrapping_abs.
func Abs[T Number](x T) T {
	if x < 0 {
		return -x
	}
	return x
}

// Sign is -1, 0 or 1 (NaN for NaN).
func Sign[T Number](x T) T {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return T(0) - 1
	}
	return x
}

// The math helpers below are math's, generic so that generated code for an f32 needs no
// conversions at every call.

// Floor rounds down.
func Floor[T Float](x T) T { return T(math.Floor(float64(x))) }

// Ceil rounds up.
func Ceil[T Float](x T) T { return T(math.Ceil(float64(x))) }

// Round rounds half away from zero.
func Round[T Float](x T) T { return T(math.Round(float64(x))) }

// Trunc rounds toward zero.
func Trunc[T Float](x T) T { return T(math.Trunc(float64(x))) }

// Sqrt is the square root (NaN for a negative x).
func Sqrt[T Float](x T) T { return T(math.Sqrt(float64(x))) }
