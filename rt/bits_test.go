package rt

import "testing"

func TestBitIntrinsicsWorkInTheirWidth(t *testing.T) {
	if got := LeadingZeros(uint8(1)); got != 7 {
		t.Errorf("LeadingZeros(u8 1) = %d, want 7", got)
	}
	if got := LeadingZeros(int8(-1)); got != 0 {
		t.Errorf("LeadingZeros(i8 -1) = %d, want 0", got)
	}
	if got := TrailingZeros(uint16(0)); got != 16 {
		t.Errorf("TrailingZeros(u16 0) = %d, want 16", got)
	}
	if got := RotateLeft(int8(-128), 1, ""); got != 1 {
		t.Errorf("RotateLeft(i8 -128, 1) = %d, want 1", got)
	}
	if got := RotateRight(uint32(1), 33, ""); got != 1<<31 {
		t.Errorf("RotateRight(u32 1, 33) = %d, want 2^31", got)
	}
	if got := ReverseBits(uint16(1)); got != 1<<15 {
		t.Errorf("ReverseBits(u16 1) = %d", got)
	}
	if got := ByteSwap(int32(0x01020304)); got != 0x04030201 {
		t.Errorf("ByteSwap = %#x", got)
	}
	if got := BitExtract(int64(-1), 0, 64, ""); got != -1 {
		t.Errorf("BitExtract(-1, 0, 64) = %d", got)
	}
	if got := BitInsert(uint8(0xFF), 2, 3, 0, ""); got != 0xE3 {
		t.Errorf("BitInsert = %#x, want 0xe3", got)
	}
	if got := BitMaskAt(60, 4, ""); got != 0xF<<60 {
		t.Errorf("BitMaskAt(60, 4) = %#x", got)
	}
}

func TestBitIntrinsicsRefuseBadRanges(t *testing.T) {
	for name, f := range map[string]func(){
		"bit_test past the width": func() { BitTest(uint8(1), 8, "p") },
		"a negative count":        func() { RotateLeft(int64(1), -1, "p") },
		"a mask past 64 bits":     func() { BitMask(65, "p") },
		"extract past the width":  func() { BitExtract(int16(1), 10, 7, "p") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no failure", name)
				}
			}()
			f()
		}()
	}
}
