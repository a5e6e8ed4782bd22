package rt

import (
	"strings"
	"testing"
)

func TestDynIndexAndSetIndex(t *testing.T) {
	arr := []Value{"a", int64(2), nil}
	m := MapOf([]Value{"k", int64(1)}, []Value{"v", "one"})
	typed := MapOf([]string{"x"}, []int64{10})
	rec := NewRecord([]string{"name"}, "r")
	tests := []struct {
		name      string
		got, want Value
	}{
		{"array", DynIndex(arr, int64(1), testPos), int64(2)},
		{"array with i32 index", DynIndex(arr, int32(0), testPos), "a"},
		{"string", DynIndex("héllo", int64(1), testPos), Char('é')},
		{"map", DynIndex(m, "k", testPos), "v"},
		{"map int key", DynIndex(m, int64(1), testPos), "one"},
		{"typed map", DynIndex(typed, "x", testPos), int64(10)},
		{"record", DynIndex(rec, "name", testPos), "r"},
		{"tuple", DynIndex(Tuple2[int64, string]{5, "t"}, int64(1), testPos), "t"},
		{"typed array", DynIndex([]string{"p", "q"}, int64(1), testPos), "q"},
		{"typed array of structs", DynIndex([]plain{{Name: "s"}}, int64(0), testPos), plain{Name: "s"}},
	}
	for _, tt := range tests {
		if !DynEq(tt.got, tt.want) {
			t.Errorf("%s: got %#v, want %#v", tt.name, tt.got, tt.want)
		}
	}

	DynSetIndex(arr, int64(2), 3.5, testPos)
	DynSetIndex(m, "new", int64(1), testPos)
	DynSetIndex(typed, "y", int64(20), testPos)
	DynSetIndex(rec, "age", int64(3), testPos)
	ints := []int64{1, 2}
	DynSetIndex(ints, int64(0), int64(9), testPos)
	floats := []float64{0}
	DynSetIndex(floats, int64(0), int64(4), testPos) // an integer converts to the element type
	if Str(arr) != `["a", 2, 3.5]` || Str(m) != `{"k": "v", 1: "one", "new": 1}` || Str(typed) != `{"x": 10, "y": 20}` ||
		Str(rec) != `{ name: "r", age: 3 }` || ints[0] != 9 || floats[0] != 4 {
		t.Errorf("after sets: %s %s %s %s %v %v", Str(arr), Str(m), Str(typed), Str(rec), ints, floats)
	}

	wantFail(t, "index 3 out of range for length 3", func() { DynIndex(arr, int64(3), testPos) })
	wantFail(t, "index -1 out of range for length 2", func() { DynIndex([]int64{1, 2}, int64(-1), testPos) })
	wantFail(t, "index 9 out of range for length 5", func() { DynIndex("hello", int64(9), testPos) })
	wantFail(t, `expected an integer index, found string "1"`, func() { DynIndex(arr, "1", testPos) })
	wantFail(t, `expected an integer index, found f64 1.5`, func() { DynIndex(arr, 1.5, testPos) })
	wantFail(t, `key "zz" not found`, func() { DynIndex(m, "zz", testPos) })
	wantFail(t, `key 5 not found`, func() { DynIndex(typed, int64(5), testPos) })
	wantFail(t, `no field nope on record { name: "r", age: 3 }`, func() { DynIndex(rec, "nope", testPos) })
	wantFail(t, "cannot index null", func() { DynIndex(nil, int64(0), testPos) })
	wantFail(t, "cannot index i64 5", func() { DynIndex(int64(5), int64(0), testPos) })
	wantFail(t, "cannot assign to a character of a string", func() { DynSetIndex("s", int64(0), Char('x'), testPos) })
	wantFail(t, `expected i64, found string "x"`, func() { DynSetIndex(typed, "z", "x", testPos) })
	wantFail(t, `expected string, found i64 1`, func() { DynSetIndex(typed, int64(1), int64(1), testPos) })
	wantFail(t, `expected i64, found string "s"`, func() { DynSetIndex(ints, int64(0), "s", testPos) })
	wantFail(t, `cannot use [any] [] as a map key`, func() { DynSetIndex(m, []Value{}, int64(1), testPos) })
	wantFail(t, `cannot assign to an index of bool true`, func() { DynSetIndex(true, int64(0), int64(1), testPos) })
}

type point struct {
	X, Y int64
	tag  string
}

type getter struct{}

func (getter) AdeshField(name string) (any, bool) {
	if name == "answer" {
		return int64(42), true
	}
	return nil, false
}

func TestDynFields(t *testing.T) {
	rec := NewRecord([]string{"a"}, int64(1))
	p := &point{X: 1, Y: 2, tag: "t"}
	tests := []struct {
		name      string
		got, want Value
	}{
		{"record", DynField(rec, "a", testPos), int64(1)},
		{"getter", DynField(getter{}, "answer", testPos), int64(42)},
		{"error message", DynField(NewError("bad"), "message", testPos), "bad"},
		{"tuple", DynField(Tuple2[int64, string]{1, "x"}, "1", testPos), "x"},
		{"struct by reflection", DynField(point{X: 3}, "X", testPos), int64(3)},
		{"unexported field", DynField(point{tag: "u"}, "tag", testPos), "u"},
		{"pointer to struct", DynField(p, "Y", testPos), int64(2)},
		{"array length", DynField([]Value{int64(1)}, "length", testPos), int64(1)},
		{"typed array length", DynField([]int64{1, 2}, "length", testPos), int64(2)},
		{"string length", DynField("hé", "length", testPos), int64(2)},
	}
	for _, tt := range tests {
		if !DynEq(tt.got, tt.want) {
			t.Errorf("%s: got %#v, want %#v", tt.name, tt.got, tt.want)
		}
	}
	DynSetField(rec, "b", "new", testPos)
	DynSetField(p, "X", int32(10), testPos)
	DynSetField(p, "tag", "changed", testPos)
	if Str(rec) != `{ a: 1, b: "new" }` || p.X != 10 || p.tag != "changed" {
		t.Errorf("after sets: %s %+v", Str(rec), *p)
	}
	wantFail(t, "no field zz on record { a: 1, b: \"new\" }", func() { DynField(rec, "zz", testPos) })
	wantFail(t, "no field q on getter getter {}", func() { DynField(getter{}, "q", testPos) })
	wantFail(t, "cannot read field x of null", func() { DynField(nil, "x", testPos) })
	wantFail(t, "no field x on i64 1", func() { DynField(int64(1), "x", testPos) })
	wantFail(t, `no field 2 on (i64, string) (1, "x")`, func() {
		DynField(Tuple2[int64, string]{1, "x"}, "2", testPos)
	})
	wantFail(t, `no field names on record { a: 1, b: "new" }`, func() { DynField(rec, "names", testPos) })
	wantFail(t, `no field Val on i64? 1`, func() { DynField(Some[int64](1), "Val", testPos) })
	wantFail(t, `no field F0 on (i64, string) (1, "x")`, func() { DynField(Tuple2[int64, string]{1, "x"}, "F0", testPos) })
	wantFail(t, `cannot set field index on Map<string, i64> {}`, func() { DynSetField(NewMap[string, int64](), "index", nil, testPos) })
	wantFail(t, "cannot set field x of null", func() { DynSetField(nil, "x", int64(1), testPos) })
	wantFail(t, `expected i64, found string "s"`, func() { DynSetField(p, "Y", "s", testPos) })
	wantFail(t, "cannot set field Z on point point { X: 10, Y: 2, tag: \"changed\" }", func() { DynSetField(p, "Z", int64(1), testPos) })
	wantFail(t, "cannot set field X on point point { X: 1, Y: 0, tag: \"\" }", func() { DynSetField(point{X: 1}, "X", int64(1), testPos) })
}

func TestDynLenIterUnpack(t *testing.T) {
	lens := []struct {
		v    Value
		want int64
	}{
		{"héllo", 5}, {[]Value{nil, nil}, 2}, {MapOf([]string{"a"}, []int64{1}), 1}, {NewRecord([]string{"a", "b"}, nil, nil), 2}, {[]int64{1, 2, 3}, 3},
	}
	for _, l := range lens {
		if got := DynLen(l.v, testPos); got != l.want {
			t.Errorf("DynLen(%#v) = %d, want %d", l.v, got, l.want)
		}
	}
	wantFail(t, "i64 3 has no length", func() { DynLen(int64(3), testPos) })

	iters := []struct {
		v    Value
		want string
	}{
		{[]Value{int64(1), "a"}, `[1, "a"]`},
		{"hé", `['h', 'é']`},
		{MapOf([]string{"a", "b"}, []int64{1, 2}), `[("a", 1), ("b", 2)]`},
		{NewRecord([]string{"x"}, true), `[("x", true)]`},
		{[]string{"p"}, `["p"]`},
		{Tuple2[int64, int64]{1, 2}, `[1, 2]`},
	}
	for _, it := range iters {
		if got := Str(DynIter(it.v, testPos)); got != it.want {
			t.Errorf("DynIter(%#v) = %s, want %s", it.v, got, it.want)
		}
	}
	wantFail(t, "cannot iterate over null", func() { DynIter(nil, testPos) })
	wantFail(t, "cannot iterate over i64 1", func() { DynIter(int64(1), testPos) })

	for _, v := range []Value{Tuple2[int64, string]{1, "a"}, []Value{int64(1), "a"}, Tuple2[Value, Value]{int64(1), "a"}} {
		parts := DynUnpack(v, 2, testPos)
		if !DynEq(parts[0], int64(1)) || parts[1] != "a" {
			t.Errorf("DynUnpack(%#v) = %v", v, parts)
		}
	}
	if got := DynUnpack([]int64{4, 5}, 2, testPos); got[1] != int64(5) {
		t.Errorf("DynUnpack of typed array = %v", got)
	}
	wantFail(t, "cannot destructure 3 values into 2", func() { DynUnpack([]Value{nil, nil, nil}, 2, testPos) })
	wantFail(t, "cannot destructure 1 value into 2", func() { DynUnpack([]Value{nil}, 2, testPos) })
	wantFail(t, "cannot destructure i64 1 into 2 values", func() { DynUnpack(int64(1), 2, testPos) })
	wantFail(t, "cannot destructure null into 2 values", func() { DynUnpack(nil, 2, testPos) })
}

func TestDynCall(t *testing.T) {
	add := DynFunc(func(args ...Value) Value {
		CheckArgs(args, 2, testPos)
		return DynAdd(args[0], args[1], testPos)
	})
	if got := DynCall(add, testPos, int64(1), int64(2)); got != int64(3) {
		t.Errorf("DynFunc call = %#v", got)
	}
	wantFail(t, "expected 2 arguments, found 1", func() { DynCall(add, testPos, int64(1)) })
	typed := func(n int64, s string) string { return strings.Repeat(s, int(n)) }
	if got := DynCall(typed, testPos, int64(2), "ab"); got != "abab" {
		t.Errorf("typed call = %#v", got)
	}
	if got := DynCall(func(x float64) float64 { return x / 2 }, testPos, int64(3)); got != 1.5 {
		t.Errorf("argument conversion: %#v", got)
	}
	if got := DynCall(func() {}, testPos); got != (Unit{}) {
		t.Errorf("no result gives %#v", got)
	}
	variadic := func(sep string, xs ...int64) string { return ArrJoin(xs, sep) }
	if got := DynCall(variadic, testPos, "-", int64(1), int64(2)); got != "1-2" {
		t.Errorf("variadic call = %#v", got)
	}
	wantFail(t, "expected 2 arguments, found 1", func() { DynCall(typed, testPos, int64(1)) })
	wantFail(t, "expected at least 1 argument, found 0", func() { DynCall(variadic, testPos) })
	wantFail(t, `expected i64 for argument 1, found string "x"`, func() { DynCall(typed, testPos, "x", "y") })
	wantFail(t, "cannot call null", func() { DynCall(nil, testPos) })
	wantFail(t, `cannot call string "f"`, func() { DynCall("f", testPos) })
	th := thrown(func() {
		DynCall(func() { Fail("inner.adesh:2:2", "thrown inside") }, testPos)
	})
	if th == nil || th.Pos != "inner.adesh:2:2" {
		t.Errorf("a throw inside a reflected call must pass through unchanged: %v", th)
	}
}
