package rt

import (
	"math/bits"
	"strconv"
)

// std's bit functions, on the 64 bits of an i64.

func BitCount(x int64) int64      { return int64(bits.OnesCount64(uint64(x))) }
func LeadingZeros(x int64) int64  { return int64(bits.LeadingZeros64(uint64(x))) }
func TrailingZeros(x int64) int64 { return int64(bits.TrailingZeros64(uint64(x))) }

// RotateLeft rotates by n modulo 64; a negative n rotates right.
func RotateLeft(x, n int64) int64 { return int64(bits.RotateLeft64(uint64(x), int(n%64))) }

// RotateRight rotates by n modulo 64; a negative n rotates left.
func RotateRight(x, n int64) int64 { return int64(bits.RotateLeft64(uint64(x), -int(n%64))) }

// BitExtract gives the length bits of x from bit start (0 the lowest), shifted down.
func BitExtract(x, start, length int64, pos string) int64 {
	if start < 0 || length < 0 || start+length > 64 {
		Fail(pos, "bit_extract: bits "+strconv.FormatInt(start, 10)+" to "+strconv.FormatInt(start+length, 10)+" are not within 0 to 64")
	}
	if length == 64 {
		return x
	}
	return int64(uint64(x) >> uint(start) & (1<<uint(length) - 1))
}
