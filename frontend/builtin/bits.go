package builtin

// std's bit intrinsics (EVERYDAY.md §7.4): std.bit_count(x) … std.bit_mask_at(off, len), also
// spelled Std. and STD. A typed integer works in its own width and signedness and an integer
// result keeps its type; an untyped whole number (an i64 here) works on 64 bits. The checker
// decides the signatures (check/bits.go: the operand's type is the rt function's type
// argument); counts are u32, bit_test a bool, the masks u64.

// bitFn adds a bit intrinsic: rt.Name[T](x, args…), T the type of x; with checked, which takes a
// count or an index that may be out of range, the call's position last.
func bitFn(name, rtName string, checked bool) ID {
	lo := Lowering{How: RTFunc, Name: rtName, Args: []Arg{Plain, Int64, Int64, Plain}, Pos: checked, OperandTypeArg: true}
	return static(StdBits, name, nil, lo)
}

var (
	StdObj = def(Row{Of: Global, Module: StdBits}, "std|Std|STD")

	StdBitCount      = bitFn("bit_count", "BitCount", false)
	StdLeadingZeros  = bitFn("leading_zeros", "LeadingZeros", false)
	StdTrailingZeros = bitFn("trailing_zeros", "TrailingZeros", false)
	StdLeadingOnes   = bitFn("leading_ones", "LeadingOnes", false)
	StdTrailingOnes  = bitFn("trailing_ones", "TrailingOnes", false)
	StdBitWidth      = bitFn("bit_width", "BitWidth", false)
	StdReverseBits   = bitFn("reverse_bits", "ReverseBits", false)
	StdByteSwap      = bitFn("byte_swap", "ByteSwap", false)
	StdRotateLeft    = bitFn("rotate_left", "RotateLeft", true)
	StdRotateRight   = bitFn("rotate_right", "RotateRight", true)
	StdBitTest       = bitFn("bit_test", "BitTest", true)
	StdBitSet        = bitFn("bit_set", "BitSet", true)
	StdBitClear      = bitFn("bit_clear", "BitClear", true)
	StdBitToggle     = bitFn("bit_toggle", "BitToggle", true)
	StdBitExtract    = bitFn("bit_extract", "BitExtract", true)
	StdBitInsert     = bitFn("bit_insert", "BitInsert", true)
	StdBitMask       = static(StdBits, "bit_mask", nil, Lowering{How: RTFunc, Name: "BitMask", Args: []Arg{Int64}, Pos: true})
	StdBitMaskAt     = static(StdBits, "bit_mask_at", nil, Lowering{How: RTFunc, Name: "BitMaskAt", Args: []Arg{Int64, Int64}, Pos: true})
)

// BitShape is what the bit intrinsic id takes after its operand (the counts and indexes, and
// bit_insert's value, which is of the operand's type) and what it gives.
type BitShape struct {
	Counts  int  // the i64 arguments after the operand
	Value   bool // a last argument of the operand's type (bit_insert)
	Operand bool // it takes an integer operand first (all but the masks)
	Gives   BitResult
}

// Arity is the number of arguments the intrinsic takes.
func (s BitShape) Arity() int {
	n := s.Counts
	if s.Operand {
		n++
	}
	if s.Value {
		n++
	}
	return n
}

// BitResult is the type a bit intrinsic gives.
type BitResult uint8

const (
	BitsCount BitResult = iota // a u32
	BitsSame                   // the operand's type
	BitsBool                   // bit_test
	BitsMask                   // a u64
)

// BitIntrinsic is the shape of the bit intrinsic id; ok is false for another builtin.
func BitIntrinsic(id ID) (s BitShape, ok bool) {
	switch id {
	case StdBitCount, StdLeadingZeros, StdTrailingZeros, StdLeadingOnes, StdTrailingOnes, StdBitWidth:
		return BitShape{Operand: true, Gives: BitsCount}, true
	case StdReverseBits, StdByteSwap:
		return BitShape{Operand: true, Gives: BitsSame}, true
	case StdRotateLeft, StdRotateRight, StdBitSet, StdBitClear, StdBitToggle:
		return BitShape{Operand: true, Counts: 1, Gives: BitsSame}, true
	case StdBitTest:
		return BitShape{Operand: true, Counts: 1, Gives: BitsBool}, true
	case StdBitExtract:
		return BitShape{Operand: true, Counts: 2, Gives: BitsSame}, true
	case StdBitInsert:
		return BitShape{Operand: true, Counts: 2, Value: true, Gives: BitsSame}, true
	case StdBitMask:
		return BitShape{Counts: 1, Gives: BitsMask}, true
	case StdBitMaskAt:
		return BitShape{Counts: 2, Gives: BitsMask}, true
	}
	return BitShape{}, false
}
