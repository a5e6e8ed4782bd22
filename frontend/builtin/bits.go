package builtin

// std's bit functions (EVERYDAY.md §4), on the 64 bits of an i64: std.bit_count(x),
// std.leading_zeros(x), std.trailing_zeros(x), std.rotate_left(x, n), std.rotate_right(x, n)
// and std.bit_extract(x, start, len).

var (
	StdObj = typeObject("std", StdBits)

	StdBitCount      = static(StdBits, "bit_count", fixed(sig(i64, i64)), rtFn("BitCount"))
	StdLeadingZeros  = static(StdBits, "leading_zeros", fixed(sig(i64, i64)), rtFn("LeadingZeros"))
	StdTrailingZeros = static(StdBits, "trailing_zeros", fixed(sig(i64, i64)), rtFn("TrailingZeros"))
	StdRotateLeft    = static(StdBits, "rotate_left", fixed(sig(i64, i64, i64)), rtFn("RotateLeft"))
	StdRotateRight   = static(StdBits, "rotate_right", fixed(sig(i64, i64, i64)), rtFn("RotateRight"))
	StdBitExtract    = static(StdBits, "bit_extract", fixed(sig(i64, i64, i64, i64)), rtFn("BitExtract").withPos())
)
