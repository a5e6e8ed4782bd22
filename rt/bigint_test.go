package rt

import "testing"

func TestBigIntComparableAndExact(t *testing.T) {
	zero, negZero := BigFromInt(0), BigNeg(BigFromInt(0))
	if zero != negZero || !zero.IsZero() {
		t.Fatalf("0n and -0n differ: %#v %#v", zero, negZero)
	}
	big := BigArith("**", BigFromInt(2), BigFromInt(64), "")
	if big.String() != "18446744073709551616" || big != BigLit("0x1_0000_0000_0000_0000") {
		t.Fatalf("2n ** 64n = %s", big)
	}
	if BigArith("%", BigFromInt(-7), BigFromInt(3), "").String() != "-1" || BigArith("/", BigFromInt(-7), BigFromInt(2), "").String() != "-3" {
		t.Fatal("/ and % must truncate toward zero")
	}
	m := map[BigInt]int{BigFromUint(1 << 63): 1}
	if m[BigLit("9223372036854775808")] != 1 {
		t.Fatal("equal bigints must be one map key")
	}
	for _, c := range []struct {
		other Value
		want  int
	}{{int64(5), 0}, {uint8(4), 1}, {5.5, -1}, {4.999, 1}, {BigFromInt(6), -1}} {
		if got, ok := BigCompare(BigFromInt(5), c.other); !ok || got != c.want {
			t.Errorf("compare 5n with %v = %d, want %d", c.other, got, c.want)
		}
	}
	if !DynEq(int64(100), BigFromInt(100)) || DynLess(BigFromInt(1), 0.5, "") || !DynLess(0.5, BigFromInt(1), "") {
		t.Fatal("dynamic comparisons of bigints with numbers")
	}
	if BigLess(BigFromInt(1), nan()) || BigGreaterEq(BigFromInt(1), nan()) {
		t.Fatal("a comparison with NaN is false")
	}
	if got := DynAdd(BigFromInt(1), 2.0, ""); got != BigFromInt(3) {
		t.Fatalf("1n + 2.0 = %v", got)
	}
	if got := Str([]Value{BigFromInt(-12), BigNot(BigFromInt(0))}); got != "[-12, -1]" {
		t.Fatalf("printed %s", got)
	}
}

func nan() float64 { z := 0.0; return z / z }
