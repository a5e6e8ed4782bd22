package rt

import (
	"math"
	"slices"
	"testing"
)

func TestRangeArrayEnds(t *testing.T) {
	if got := RangeArray[uint8](253, 255, true); !slices.Equal(got, []uint8{253, 254, 255}) {
		t.Errorf("253...255 as u8 = %v", got)
	}
	if got := RangeArray[int64](math.MaxInt64-1, math.MaxInt64, true); !slices.Equal(got, []int64{math.MaxInt64 - 1, math.MaxInt64}) {
		t.Errorf("up to MaxInt64 = %v", got)
	}
	if got := RangeArray[int64](-2, 1, false); !slices.Equal(got, []int64{-2, -1, 0}) {
		t.Errorf("-2..1 = %v", got)
	}
	for _, c := range []struct {
		lo, hi int64
		incl   bool
	}{{3, 3, false}, {5, 1, true}, {5, 1, false}} {
		if got := RangeArray(c.lo, c.hi, c.incl); got == nil || len(got) != 0 {
			t.Errorf("RangeArray(%d, %d, %v) = %#v, want an empty array", c.lo, c.hi, c.incl, got)
		}
	}
	if got := RangeArray[int8](7, 7, true); !slices.Equal(got, []int8{7}) {
		t.Errorf("7...7 = %v", got)
	}
}

func TestRangeArrayTooLarge(t *testing.T) {
	th := thrown(func() { RangeArray[int64](math.MinInt64, math.MaxInt64, true) })
	if th == nil || th.Err.Message != "range too large: 18446744073709551615 elements (an array holds at most 268435456)" {
		t.Fatalf("got %v", th)
	}
}
