package rt

import (
	"math"
	"strings"
	"testing"
)

func TestDynArithmetic(t *testing.T) {
	i, f := int64(7), 2.0
	tests := []struct {
		name      string
		got, want Value
	}{
		{"int + int", DynAdd(i, int64(3), testPos), int64(10)},
		{"int + float", DynAdd(i, f, testPos), 9.0},
		{"float + int", DynAdd(f, i, testPos), 9.0},
		{"string + int", DynAdd("n=", i, testPos), "n=7"},
		{"int + string", DynAdd(i, "!", testPos), "7!"},
		{"string + array", DynAdd("xs=", []Value{"a", int64(1)}, testPos), `xs=["a", 1]`},
		{"string + null", DynAdd("v=", nil, testPos), "v=null"},
		{"string + float", DynAdd("", 3.0, testPos), "3"},
		{"char + string", DynAdd(Char('a'), "b", testPos), "ab"},
		{"wrapping", DynAdd(int64(math.MaxInt64), int64(1), testPos), int64(math.MinInt64)},
		{"i32 keeps its type", DynAdd(int32(math.MaxInt32), int32(1), testPos), int32(math.MinInt32)},
		{"u8 keeps its type", DynMul(uint8(16), uint8(17), testPos), uint8(16)},
		{"mixed int types give i64", DynAdd(int32(1), int8(2), testPos), int64(3)},
		{"f32 + f32", DynAdd(float32(0.5), float32(0.25), testPos), float32(0.75)},
		{"f32 + int", DynAdd(float32(0.5), int64(1), testPos), 1.5},
		{"sub", DynSub(i, int64(10), testPos), int64(-3)},
		{"sub float", DynSub(f, 0.5, testPos), 1.5},
		{"mul", DynMul(i, f, testPos), 14.0},
		{"div truncates", DynDiv(int64(-7), int64(2), testPos), int64(-3)},
		{"div float", DynDiv(i, f, testPos), 3.5},
		{"div float by zero", DynDiv(1.0, int64(0), testPos), math.Inf(1)},
		{"mod", DynMod(int64(-7), int64(3), testPos), int64(-1)},
		{"mod float", DynMod(5.5, int64(2), testPos), 1.5},
		{"u64 div", DynDiv(uint64(math.MaxUint64), uint64(2), testPos), uint64(math.MaxUint64 / 2)},
		{"and", DynBitAnd(int64(6), int64(3), testPos), int64(2)},
		{"or", DynBitOr(int64(6), int64(3), testPos), int64(7)},
		{"xor", DynBitXor(int64(6), int64(3), testPos), int64(5)},
		{"bool and", DynBitAnd(true, false, testPos), false},
		{"bool xor", DynBitXor(true, false, testPos), true},
		{"shl", DynShl(int64(1), int64(4), testPos), int64(16)},
		{"shl wide", DynShl(int64(1), int64(64), testPos), int64(0)},
		{"shl i8", DynShl(int8(1), int64(7), testPos), int8(math.MinInt8)},
		{"shr", DynShr(int64(-16), int64(2), testPos), int64(-4)},
		{"shr u8", DynShr(uint8(128), uint64(7), testPos), uint8(1)},
		{"neg", DynNeg(i, testPos), int64(-7)},
		{"neg float", DynNeg(f, testPos), -2.0},
		{"neg i16", DynNeg(int16(5), testPos), int16(-5)},
		{"bit not", DynBitNot(int64(0), testPos), int64(-1)},
		{"bit not u8", DynBitNot(uint8(0), testPos), uint8(255)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %#v, want %#v", tt.name, tt.got, tt.want)
		}
	}
}

func TestDynArithmeticErrors(t *testing.T) {
	wantFail(t, `cannot apply + to bool true and i64 1`, func() { DynAdd(true, int64(1), testPos) })
	wantFail(t, `cannot apply - to string "a" and i64 1`, func() { DynSub("a", int64(1), testPos) })
	wantFail(t, `cannot apply * to [any] [1] and i64 2`, func() { DynMul([]Value{int64(1)}, int64(2), testPos) })
	wantFail(t, `cannot apply + to null and i64 1`, func() { DynAdd(nil, int64(1), testPos) })
	wantFail(t, `cannot apply + to char 'a' and char 'b'`, func() { DynAdd(Char('a'), Char('b'), testPos) })
	wantFail(t, `cannot apply & to f64 1.5 and i64 1`, func() { DynBitAnd(1.5, int64(1), testPos) })
	wantFail(t, `cannot apply << to f64 1.5 and i64 1`, func() { DynShl(1.5, int64(1), testPos) })
	wantFail(t, "division by zero", func() { DynDiv(int64(1), int64(0), testPos) })
	wantFail(t, "modulo by zero", func() { DynMod(int64(1), int64(0), testPos) })
	wantFail(t, "division by zero", func() { DynDiv(uint8(1), uint8(0), testPos) })
	wantFail(t, "negative shift count -1", func() { DynShl(int64(1), int64(-1), testPos) })
	wantFail(t, `cannot negate string "x"`, func() { DynNeg("x", testPos) })
	wantFail(t, "cannot apply ~ to f64 1.5", func() { DynBitNot(1.5, testPos) })
	long := strings.Repeat("é", 100)
	th := thrown(func() { DynSub(long, int64(1), testPos) })
	if th == nil || !strings.Contains(th.Err.Message, `"éé`) || !strings.Contains(th.Err.Message, `... and i64 1`) {
		t.Errorf("long operand not shortened: %v", th)
	}
}

func TestDynEq(t *testing.T) {
	m := MapOf([]Value{"a"}, []Value{int64(1)})
	tests := []struct {
		a, b Value
		want bool
	}{
		{int64(1), int64(1), true},
		{int64(1), 1.0, true},
		{1.0, int64(1), true},
		{int64(1), 1.5, false},
		{int32(3), int64(3), true},
		{uint64(math.MaxUint64), int64(-1), false},
		{int64(math.MaxInt64), float64(math.MaxInt64), false}, // the float is 2^63
		{math.NaN(), math.NaN(), false},
		{"a", "a", true},
		{"1", int64(1), false},
		{nil, nil, true},
		{nil, int64(0), false},
		{int64(0), nil, false},
		{true, true, true},
		{true, int64(1), false},
		{Char('a'), Char('a'), true},
		{Char('a'), "a", true}, {Char('a'), "ab", false}, // 'a' == "a", as in the interpreter
		{Unit{}, Unit{}, true},
		{[]Value{int64(1), "x"}, []Value{1.0, "x"}, true},
		{[]Value{int64(1)}, []Value{int64(1), int64(2)}, false},
		{[]Value{int64(1)}, []int64{1}, true},
		{[]int64{1}, []Value{int64(1)}, true},
		{m, MapOf([]Value{"a"}, []Value{1.0}), true},
		{m, MapOf([]string{"a"}, []int64{1}), true},
		{m, MapOf([]Value{"b"}, []Value{int64(1)}), false},
		{NewRecord([]string{"a", "b"}, int64(1), "x"), NewRecord([]string{"b", "a"}, "x", int64(1)), true},
		{NewRecord([]string{"a"}, int64(1)), NewRecord([]string{"a"}, int64(2)), false},
		{NewError("e"), NewError("e"), true},
		{NewError("e"), NewError("f"), false},
		{Some(int64(1)), int64(1), true},
		{None[int64](), nil, true},
		{Tuple2[Value, Value]{int64(1), "a"}, Tuple2[Value, Value]{1.0, "a"}, true},
		{Ok[int64, Error](1), Ok[int64, Error](1), true},
		{config{"h", 1}, config{"h", 1}, true},
		{config{"h", 1}, config{"h", 2}, false},
		{circle{1}, empty{}, false},
		{DynFunc(func(...Value) Value { return nil }), DynFunc(func(...Value) Value { return nil }), false},
	}
	for _, tt := range tests {
		if got := DynEq(tt.a, tt.b); got != tt.want {
			t.Errorf("DynEq(%#v, %#v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestDynOrdering(t *testing.T) {
	tests := []struct {
		a, b Value
		want int
	}{
		{int64(1), int64(2), -1},
		{int64(2), 1.5, 1},
		{1.5, int64(2), -1},
		{int64(9007199254740993), float64(9007199254740992), 1}, // exact, no rounding
		{int64(-1), uint64(0), -1},
		{uint64(math.MaxUint64), int64(math.MaxInt64), 1},
		{int64(math.MaxInt64), 1e19, -1},
		{uint64(1), -0.5, 1},
		{"a", "b", -1},
		{"b", "a", 1},
		{"é", "z", 1},
		{Char('a'), Char('b'), -1},
		{false, true, -1},
		{true, true, 0},
		{[]Value{int64(1), int64(2)}, []Value{int64(1), int64(3)}, -1},
		{[]Value{int64(1)}, []Value{int64(1), int64(0)}, -1},
		{[]Value{}, []Value{}, 0},
		{math.NaN(), int64(1), -1},
	}
	for _, tt := range tests {
		if got := DynCompare(tt.a, tt.b, testPos); got != tt.want {
			t.Errorf("DynCompare(%#v, %#v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	if !DynLess(int64(1), 1.5, testPos) || DynLess(1.5, int64(1), testPos) || !DynLessEq(int64(1), 1.0, testPos) ||
		!DynGreater("b", "a", testPos) || !DynGreaterEq(int64(2), int64(2), testPos) {
		t.Error("DynLess family")
	}
	nan := math.NaN()
	if DynLess(nan, 1.0, testPos) || DynGreater(nan, 1.0, testPos) || DynLessEq(nan, nan, testPos) || DynGreaterEq(int64(1), nan, testPos) {
		t.Error("comparisons with NaN must be false")
	}
	wantFail(t, `cannot compare string "a" with i64 1`, func() { DynLess("a", int64(1), testPos) })
	wantFail(t, `cannot compare null with null`, func() { DynCompare(nil, nil, testPos) })
	wantFail(t, `cannot compare Map<any, any> {} with Map<any, any> {}`, func() {
		DynLess(NewMap[Value, Value](), NewMap[Value, Value](), testPos)
	})
	wantFail(t, `cannot compare string "x" with i64 1`, func() {
		DynCompare([]Value{"x"}, []Value{int64(1)}, testPos)
	})
}

func TestDynTruthy(t *testing.T) {
	falsy := []Value{false, nil, Unit{}, int64(0), 0.0, math.NaN(), "", int8(0), uint16(0), float32(0), None[int64]()}
	truthy := []Value{true, int64(-1), 0.5, "0", " ", []Value{}, NewMap[Value, Value](), NewRecord(nil), Char(0), uint8(1), Some(true), config{}}
	for _, v := range falsy {
		if DynTruthy(v) || !DynNot(v) {
			t.Errorf("%#v should be falsy", v)
		}
	}
	for _, v := range truthy {
		if !DynTruthy(v) || DynNot(v) {
			t.Errorf("%#v should be truthy", v)
		}
	}
}
