package rt

import (
	"math/bits"
	"strconv"
	"unsafe"
)

// std's bit intrinsics (EVERYDAY.md §7.4). Each works in the width W and signedness of its
// operand's type, on the W-bit two's complement of the value; an integer result keeps the type.

// FixedInt is an integer type of a fixed width: the operands of the bit intrinsics.
type FixedInt interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// widthOf is W, the width in bits of T.
func widthOf[T FixedInt]() int {
	var x T
	return int(unsafe.Sizeof(x)) * 8
}

// lowBits is the W bits of x, zero above them.
func lowBits[T FixedInt](x T) uint64 { return uint64(x) & lowMask(widthOf[T]()) }

// lowMask has the low n bits set (n ≤ 64).
func lowMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

func BitCount[T FixedInt](x T) uint32 { return uint32(bits.OnesCount64(lowBits(x))) }

func LeadingZeros[T FixedInt](x T) uint32 {
	return uint32(bits.LeadingZeros64(lowBits(x)) - (64 - widthOf[T]()))
}

func TrailingZeros[T FixedInt](x T) uint32 {
	if lowBits(x) == 0 {
		return uint32(widthOf[T]())
	}
	return uint32(bits.TrailingZeros64(lowBits(x)))
}

func LeadingOnes[T FixedInt](x T) uint32  { return LeadingZeros(^x) }
func TrailingOnes[T FixedInt](x T) uint32 { return TrailingZeros(^x) }

// BitWidth is the number of bits x needs: W less its leading zeros.
func BitWidth[T FixedInt](x T) uint32 { return uint32(widthOf[T]()) - LeadingZeros(x) }

func ReverseBits[T FixedInt](x T) T {
	return T(bits.Reverse64(lowBits(x)) >> uint(64-widthOf[T]()))
}

func ByteSwap[T FixedInt](x T) T {
	return T(bits.ReverseBytes64(lowBits(x)) >> uint(64-widthOf[T]()))
}

// RotateLeft rotates x's W bits left by n modulo W.
func RotateLeft[T FixedInt](x T, n int64, pos string) T {
	w := widthOf[T]()
	s := uint(nonNegative(n, pos) % int64(w))
	u := lowBits(x)
	return T((u<<s | u>>(uint(w)-s)) & lowMask(w))
}

// RotateRight rotates x's W bits right by n modulo W.
func RotateRight[T FixedInt](x T, n int64, pos string) T {
	w := int64(widthOf[T]())
	return RotateLeft(x, (w-nonNegative(n, pos)%w)%w, pos)
}

func BitTest[T FixedInt](x T, i int64, pos string) bool {
	return lowBits(x)>>bitRange(i, 1, widthOf[T](), pos)&1 == 1
}

func BitSet[T FixedInt](x T, i int64, pos string) T {
	return x | T(1)<<bitRange(i, 1, widthOf[T](), pos)
}

func BitClear[T FixedInt](x T, i int64, pos string) T {
	return x &^ (T(1) << bitRange(i, 1, widthOf[T](), pos))
}

func BitToggle[T FixedInt](x T, i int64, pos string) T {
	return x ^ T(1)<<bitRange(i, 1, widthOf[T](), pos)
}

// BitExtract gives the length bits of x from bit off (0 the lowest), shifted down.
func BitExtract[T FixedInt](x T, off, length int64, pos string) T {
	s := bitRange(off, length, widthOf[T](), pos)
	return T(lowBits(x) >> s & lowMask(int(length)))
}

// BitInsert gives x with the length bits from off taken from the low bits of v.
func BitInsert[T FixedInt](x T, off, length int64, v T, pos string) T {
	s := bitRange(off, length, widthOf[T](), pos)
	m := lowMask(int(length)) << s
	return T(lowBits(x)&^m | lowBits(v)<<s&m)
}

// BitMask is a u64 with the low length bits set.
func BitMask(length int64, pos string) uint64 { return BitMaskAt(0, length, pos) }

// BitMaskAt is a u64 with the low length bits set, shifted left by off.
func BitMaskAt(off, length int64, pos string) uint64 {
	return lowMask(int(length)) << bitRange(off, length, 64, pos)
}

// bitRange checks that the bits off to off+length are within a width of w, and gives off.
func bitRange(off, length int64, w int, pos string) uint {
	nonNegative(off, pos)
	nonNegative(length, pos)
	if off+length > int64(w) {
		Fail(pos, "invalid bit range: offset + width must not exceed "+strconv.Itoa(w))
	}
	return uint(off)
}

func nonNegative(n int64, pos string) int64 {
	if n < 0 {
		Fail(pos, "invalid shift amount or bit range: negative value")
	}
	return n
}
