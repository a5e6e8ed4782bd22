package rt

import (
	"math"
	"testing"
)

func TestDivModTruncateAndCheckZero(t *testing.T) {
	if Div[int64](-7, 2, testPos) != -3 || Mod[int64](-7, 2, testPos) != -1 || Mod[int64](7, -2, testPos) != 1 {
		t.Error("truncation toward zero")
	}
	if Div[int64](math.MinInt64, -1, testPos) != math.MinInt64 || Mod[int64](math.MinInt64, -1, testPos) != 0 {
		t.Error("MinInt64 / -1 wraps")
	}
	if Div[uint8](200, 3, testPos) != 66 {
		t.Error("unsigned division")
	}
	wantFail(t, "division by zero", func() { Div[int64](1, 0, testPos) })
	wantFail(t, "modulo by zero", func() { Mod[int32](1, 0, testPos) })
}

func TestShifts(t *testing.T) {
	if Shl[int64](1, int64(3), testPos) != 8 || Shr[int64](-16, int64(2), testPos) != -4 {
		t.Error("shifts")
	}
	if Shl[int64](1, int64(64), testPos) != 0 || Shr[int64](-1, int64(100), testPos) != -1 || Shr[uint8](255, int64(8), testPos) != 0 {
		t.Error("shift by the width or more")
	}
	if Shl[int8](1, int64(7), testPos) != math.MinInt8 {
		t.Error("shift into the sign bit wraps")
	}
	wantFail(t, "negative shift count -1", func() { Shl[int64](1, int64(-1), testPos) })
	wantFail(t, "negative shift count -2", func() { Shr[int64](1, int32(-2), testPos) })
}

func TestFloatToIntSaturates(t *testing.T) {
	checks := []struct {
		got, want int64
	}{
		{int64(FloatToInt[int64](3.99)), 3},
		{int64(FloatToInt[int64](-3.99)), -3},
		{int64(FloatToInt[int64](math.NaN())), 0},
		{int64(FloatToInt[int64](1e300)), math.MaxInt64},
		{int64(FloatToInt[int64](-1e300)), math.MinInt64},
		{int64(FloatToInt[int64](math.Inf(1))), math.MaxInt64},
		{int64(FloatToInt[int64](9223372036854775807.0)), math.MaxInt64},
		{int64(FloatToInt[int64](-9223372036854775808.0)), math.MinInt64},
		{int64(FloatToInt[int8](300)), 127},
		{int64(FloatToInt[int8](-300)), -128},
		{int64(FloatToInt[int8](-128.5)), -128},
		{int64(FloatToInt[uint8](-5)), 0},
		{int64(FloatToInt[uint8](255.9)), 255},
		{int64(FloatToInt[uint8](256)), 255},
		{int64(FloatToInt[int32](2147483647.5)), math.MaxInt32},
	}
	for i, c := range checks {
		if c.got != c.want {
			t.Errorf("case %d: got %d, want %d", i, c.got, c.want)
		}
	}
	if FloatToInt[uint64](1e30) != math.MaxUint64 || FloatToInt[uint64](1.8446744073709550e19) != 18446744073709549568 {
		t.Error("u64 bounds")
	}
}

func TestIntPowAbsSign(t *testing.T) {
	if IntPow[int64](3, 4, testPos) != 81 || IntPow[int64](2, 0, testPos) != 1 || IntPow[int64](2, 64, testPos) != 0 || IntPow[int8](3, 5, testPos) != -13 {
		t.Error("IntPow")
	}
	wantFail(t, "negative exponent -1", func() { IntPow[int64](2, -1, testPos) })
	if Abs[int64](-5) != 5 || Abs(2.5) != 2.5 || Abs[int64](math.MinInt64) != math.MinInt64 {
		t.Error("Abs")
	}
	if Sign[int64](-9) != -1 || Sign(0.0) != 0 || Sign[uint8](9) != 1 || !math.IsNaN(Sign(math.NaN())) {
		t.Error("Sign")
	}
	if Floor(-1.5) != -2 || Ceil(float32(1.2)) != 2 || Round(2.5) != 3 || Round(-2.5) != -3 || Trunc(-1.7) != -1 || Sqrt(16.0) != 4 {
		t.Error("math helpers")
	}
}
