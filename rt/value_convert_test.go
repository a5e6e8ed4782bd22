package rt

import (
	"math"
	"testing"
)

func TestAsConversions(t *testing.T) {
	if AsInt(int64(5), testPos) != 5 || AsInt(int32(-5), testPos) != -5 || AsInt(uint8(200), testPos) != 200 {
		t.Error("AsInt")
	}
	if AsFloat(2.5, testPos) != 2.5 || AsFloat(int64(2), testPos) != 2 || AsFloat(float32(0.5), testPos) != 0.5 {
		t.Error("AsFloat")
	}
	if !AsBool(true, testPos) || AsString("s", testPos) != "s" || AsChar(Char('c'), testPos) != 'c' {
		t.Error("AsBool / AsString / AsChar")
	}
	wantFail(t, `expected i64, found string "x"`, func() { AsInt("x", testPos) })
	wantFail(t, `expected i64, found f64 3`, func() { AsInt(3.0, testPos) })
	wantFail(t, `expected i64, found u64 18446744073709551615`, func() { AsInt(uint64(math.MaxUint64), testPos) })
	wantFail(t, `expected f64, found null`, func() { AsFloat(nil, testPos) })
	wantFail(t, `expected bool, found i64 1`, func() { AsBool(int64(1), testPos) })
	wantFail(t, `expected string, found char 'c'`, func() { AsString(Char('c'), testPos) })
	wantFail(t, `expected char, found string "c"`, func() { AsChar("c", testPos) })
}

func TestDynTo(t *testing.T) {
	if DynTo[int64](int64(3), testPos) != 3 || DynTo[string]("s", testPos) != "s" || DynTo[Value](nil, testPos) != nil {
		t.Error("identity conversions")
	}
	if DynTo[float64](int64(3), testPos) != 3 || DynTo[int32](int64(-7), testPos) != -7 || DynTo[uint8](int64(255), testPos) != 255 {
		t.Error("numeric conversions")
	}
	if got := DynTo[[]int64]([]Value{int64(1), int64(2)}, testPos); !Equal(got, []int64{1, 2}) {
		t.Errorf("array conversion: %v", got)
	}
	if got := DynTo[[][]float64]([]Value{[]Value{int64(1)}, []Value{}}, testPos); Str(got) != "[[1], []]" {
		t.Errorf("nested array conversion: %v", got)
	}
	if got := DynTo[[]Value]([]string{"a"}, testPos); Str(got) != `["a"]` {
		t.Errorf("typed to dynamic array: %v", got)
	}
	if got := DynTo[Option[int64]](nil, testPos); got.Some {
		t.Errorf("null to optional: %v", got)
	}
	if got := DynTo[Option[int64]](int64(4), testPos); got != Some[int64](4) {
		t.Errorf("value to optional: %v", got)
	}
	if got := DynTo[[]Option[string]]([]Value{"a", nil}, testPos); Str(got) != `["a", null]` || got[1].Some {
		t.Errorf("array of optionals: %v", got)
	}
	dm := MapOf([]Value{"a"}, []Value{int64(1)})
	if got := DynTo[*Map[string, float64]](dm, testPos); Str(got) != `{"a": 1}` || got.At("a", testPos) != 1.0 {
		t.Errorf("map conversion: %v", got)
	}
	tm := MapOf([]string{"k"}, []int64{1})
	if DynTo[*Map[string, int64]](tm, testPos) != tm {
		t.Error("a map of the right type must keep its identity")
	}
	if got := DynTo[Tuple2[int64, string]](Tuple2[Value, Value]{int64(1), "x"}, testPos); got != (Tuple2[int64, string]{1, "x"}) {
		t.Errorf("tuple conversion: %v", got)
	}
	if got := DynTo[Result[int64, Error]](Ok[Value, Value](int64(2)), testPos); got != Ok[int64, Error](2) {
		t.Errorf("result conversion: %v", got)
	}
	if got := DynTo[Result[int64, Error]](Err[Value, Value](NewError("e")), testPos); got != Err[int64](NewError("e")) {
		t.Errorf("err conversion: %v", got)
	}
	if got := DynTo[Error](NewError("e"), testPos); got.Message != "e" {
		t.Error("Error")
	}
	if got := DynTo[Formatter](Unit{}, testPos); got == nil {
		t.Error("to an interface the value implements")
	}

	wantFail(t, `expected i64, found string "x"`, func() { DynTo[int64]("x", testPos) })
	wantFail(t, `expected i64, found null`, func() { DynTo[int64](nil, testPos) })
	wantFail(t, `expected u8, found i64 256`, func() { DynTo[uint8](int64(256), testPos) })
	wantFail(t, `expected u8, found i64 -1`, func() { DynTo[uint8](int64(-1), testPos) })
	wantFail(t, `expected i8, found i64 -129`, func() { DynTo[int8](int64(-129), testPos) })
	wantFail(t, `expected i64, found u64 18446744073709551615`, func() { DynTo[int64](uint64(math.MaxUint64), testPos) })
	wantFail(t, `expected char, found i64 97`, func() { DynTo[Char](int64(97), testPos) })
	wantFail(t, `expected [i64], found [any] [1, "a"]`, func() { DynTo[[]int64]([]Value{int64(1), "a"}, testPos) })
	wantFail(t, `expected i64, found string "a"`, func() { DynTo[Option[int64]]("a", testPos) })
	wantFail(t, `expected Map<string, i64>, found [any] []`, func() { DynTo[*Map[string, int64]]([]Value{}, testPos) })
	wantFail(t, `expected string, found i64 1`, func() { DynTo[*Map[string, int64]](MapOf([]Value{int64(1)}, []Value{int64(1)}), testPos) })
	wantFail(t, `expected (i64, string), found (string, string) ("a", "b")`, func() {
		DynTo[Tuple2[int64, string]](Tuple2[string, string]{"a", "b"}, testPos)
	})
	wantFail(t, `expected config, found i64 1`, func() { DynTo[config](int64(1), testPos) })
}

func TestDynToWrapsFunctions(t *testing.T) {
	double := DynFunc(func(args ...Value) Value { return DynMul(args[0], int64(2), testPos) })
	f := DynTo[func(int64) int64](double, testPos)
	if f(21) != 42 {
		t.Error("dynamic function as a typed function")
	}
	if got := ArrMap([]int64{1, 2}, f); !Equal(got, []int64{2, 4}) {
		t.Errorf("used by a typed array method: %v", got)
	}
	bad := DynTo[func(int64) string](double, testPos)
	wantFail(t, "expected string, found i64 2", func() { bad(1) })
	typed := func(a, b int64) int64 { return a - b }
	g := DynTo[DynFunc](typed, testPos)
	if g(int64(5), int64(3)) != int64(2) {
		t.Error("typed function as a dynamic function")
	}
	wantFail(t, "expected 2 arguments, found 1", func() { g(int64(1)) })
	wantFail(t, "expected fn(), found i64 1", func() { DynTo[func()](int64(1), testPos) })
}

func TestToValuesAndDynClone(t *testing.T) {
	if got := ToValues([]int64{1, 2}); Str(got) != "[1, 2]" {
		t.Errorf("ToValues: %v", got)
	}
	orig := []Value{int64(1), []Value{int64(2)}}
	if got := ToValues(orig); &got[0] != &orig[0] {
		t.Error("ToValues of a []Value should not copy")
	}
	c := DynClone(orig).([]Value)
	c[1].([]Value)[0] = int64(99)
	c[0] = int64(98)
	if Str(orig) != "[1, [2]]" {
		t.Errorf("DynClone shares storage: %s", Str(orig))
	}
	if DynClone("s") != "s" {
		t.Error("DynClone of a non-array")
	}
}
