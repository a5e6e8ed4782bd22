package rt

import (
	"math"
	"testing"
)

func TestFormatFloatMatchesJavaScript(t *testing.T) {
	point1, point2 := 0.1, 0.2 // variables: Go constant arithmetic would be exact
	tests := []struct {
		in   float64
		want string // String(x) in JavaScript
	}{
		{point1 + point2, "0.30000000000000004"},
		{1e21, "1e+21"},
		{1e-7, "1e-7"},
		{123456789012345680000, "123456789012345680000"},
		{math.Copysign(0, -1), "0"},
		{0, "0"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "Infinity"},
		{math.Inf(-1), "-Infinity"},
		{3.0, "3"},
		{-3.0, "-3"},
		{2.5e-3, "0.0025"},
		{1.5, "1.5"},
		{-1.5, "-1.5"},
		{1e-6, "0.000001"},
		{1.5e-6, "0.0000015"},
		{-0.000001234, "-0.000001234"},
		{1e20, "100000000000000000000"},
		{1.2345e21, "1.2345e+21"},
		{-1e-7, "-1e-7"},
		{5e-324, "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{1e15, "1000000000000000"},
		{1e16, "10000000000000000"},
		{2e53, "2e+53"},
		{9007199254740993, "9007199254740992"},
		{123.456, "123.456"},
		{0.1, "0.1"},
		{100, "100"},
		{1 / 3.0, "0.3333333333333333"},
		{2.0 / 3.0, "0.6666666666666666"},
		{1e300 * 10, "1e+301"},
	}
	for _, tt := range tests {
		if got := FormatFloat(tt.in); got != tt.want {
			t.Errorf("FormatFloat(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFormatFloat32UsesFloat32ShortestDigits(t *testing.T) {
	tests := []struct {
		in   float32
		want string
	}{
		{0.1, "0.1"},
		{1.0 / 3.0, "0.33333334"},
		{3, "3"},
		{16777216, "16777216"},
		{123456789, "123456790"},
		{1e21, "1e+21"},
		{1e-7, "1e-7"},
		{float32(math.Inf(-1)), "-Infinity"},
	}
	for _, tt := range tests {
		if got := FormatFloat32(tt.in); got != tt.want {
			t.Errorf("FormatFloat32(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
