package rt

import (
	"math"
	"strconv"
)

// FormatFloat renders f the way JavaScript's Number#toString does: the shortest digits that
// read back as f, integral values without a decimal point, exponent form below 1e-6 and from
// 1e21 on, NaN, Infinity, -Infinity, and -0 as 0.
func FormatFloat(f float64) string {
	var buf [32]byte
	return string(appendFloat(buf[:0], f, 64))
}

// FormatFloat32 renders f like FormatFloat, with the shortest digits that read back as a float32
// (so float32(0.1) prints 0.1, not 0.10000000149011612).
func FormatFloat32(f float32) string {
	var buf [32]byte
	return string(appendFloat(buf[:0], float64(f), 32))
}

// appendFloat appends f in JavaScript's Number#toString form; bitSize (32 or 64) picks the
// precision whose shortest round-tripping digits are used.
func appendFloat(dst []byte, f float64, bitSize int) []byte {
	switch {
	case f == 0: // also -0
		return append(dst, '0')
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	// Integral values below the precision's 2^mantissa are the common case; where the spacing of
	// representable values is at most 1 the exact integer is also the shortest form.
	limit := float64(1 << 53)
	if bitSize == 32 {
		limit = 1 << 24
	}
	if f == math.Trunc(f) && f > -limit && f < limit {
		return strconv.AppendInt(dst, int64(f), 10)
	}
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}
	// 'e' with precision -1 gives the shortest digits d.ddddde±XX; relayout them as JS does.
	var sci [32]byte
	s := strconv.AppendFloat(sci[:0], f, 'e', -1, bitSize)
	mark := len(s) - 1
	for s[mark] != 'e' {
		mark--
	}
	exp := 0
	for _, c := range s[mark+2:] {
		exp = exp*10 + int(c-'0')
	}
	if s[mark+1] == '-' {
		exp = -exp
	}
	var digitBuf [24]byte
	digits := append(digitBuf[:0], s[0])
	if mark > 1 {
		digits = append(digits, s[2:mark]...)
	}
	k := len(digits)
	n := exp + 1 // the value is 0.digits × 10^n
	switch {
	case k <= n && n <= 21:
		dst = append(dst, digits...)
		for range n - k {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, digits[:n]...)
		dst = append(dst, '.')
		dst = append(dst, digits[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, "0."...)
		for range -n {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	default:
		dst = append(dst, digits[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}
