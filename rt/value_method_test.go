package rt

import "testing"

func dynFn(f func(args []Value) Value) DynFunc {
	return func(args ...Value) Value { return f(args) }
}

func TestDynStringMethods(t *testing.T) {
	tests := []struct {
		recv string
		name string
		args []Value
		want string // Str of the result
	}{
		{"héllo", "len", nil, "5"},
		{"héllo", "length", nil, "5"},
		{"héllo ✓", "byte_len", nil, "10"},
		{"", "byte_len", nil, "0"},
		{"", "is_empty", nil, "true"},
		{"ab", "chars", nil, "['a', 'b']"},
		{"a,b", "split", []Value{","}, `["a", "b"]`},
		{" a b ", "split_whitespace", nil, `["a", "b"]`},
		{"a\nb", "lines", nil, `["a", "b"]`},
		{" x ", "trim", nil, "x"},
		{" x ", "trimStart", nil, "x "},
		{" x ", "trim_end", nil, " x"},
		{"Ab", "to_upper", nil, "AB"},
		{"Ab", "toLowerCase", nil, "ab"},
		{"hello", "contains", []Value{"ell"}, "true"},
		{"hello", "includes", []Value{"z"}, "false"},
		{"hello", "starts_with", []Value{"he"}, "true"},
		{"hello", "endsWith", []Value{"lo"}, "true"},
		{"a-b-c", "replace", []Value{"-", ""}, "abc"},
		{"héllo", "index_of", []Value{"l"}, "2"},
		{"ab", "repeat", []Value{int64(2)}, "abab"},
		{"abc", "reverse", nil, "cba"},
		{"42", "parse_int", nil, "42"},
		{"x", "parse_int", nil, "null"},
		{"2.5", "parse_float", nil, "2.5"},
		{"héllo", "char_at", []Value{int64(1)}, "é"},
		{"hello", "slice", []Value{int64(1)}, "ello"},
		{"hello", "substring", []Value{int64(1), int64(3)}, "el"},
		{"hello", "slice", []Value{int64(-3)}, "llo"},
		{"7", "pad_start", []Value{int64(3), "0"}, "007"},
		{"7", "padEnd", []Value{int64(2)}, "7 "},
		{"s", "to_string", nil, "s"},
	}
	for _, tt := range tests {
		if got := Str(DynMethod(tt.recv, tt.name, testPos, tt.args...)); got != tt.want {
			t.Errorf("%q.%s(%v) = %s, want %s", tt.recv, tt.name, tt.args, got, tt.want)
		}
	}
	wantFail(t, "split expects 1 argument, found 0", func() { DynMethod("s", "split", testPos) })
	wantFail(t, "expected a string argument to split, found i64 1", func() { DynMethod("s", "split", testPos, int64(1)) })
	wantFail(t, "slice expects 1 to 2 arguments, found 0", func() { DynMethod("s", "slice", testPos) })
	wantFail(t, `no method frobnicate on string "s"`, func() { DynMethod("s", "frobnicate", testPos) })
	wantFail(t, "cannot call method len on null", func() { DynMethod(nil, "len", testPos) })
}

func TestDynArrayMethods(t *testing.T) {
	double := dynFn(func(a []Value) Value { return DynMul(a[0], int64(2), testPos) })
	isBig := dynFn(func(a []Value) Value { return DynGreater(a[0], int64(2), testPos) })
	plus := dynFn(func(a []Value) Value { return DynAdd(a[0], a[1], testPos) })
	arr := func() []Value { return []Value{int64(3), int64(1), int64(4), 1.5} }
	tests := []struct {
		name string
		args []Value
		want string
	}{
		{"len", nil, "4"},
		{"is_empty", nil, "false"},
		{"contains", []Value{1.0}, "true"},
		{"includes", []Value{"3"}, "false"},
		{"index_of", []Value{int64(4)}, "2"},
		{"indexOf", []Value{int64(9)}, "-1"},
		{"join", nil, "3,1,4,1.5"},
		{"join", []Value{" "}, "3 1 4 1.5"},
		{"reversed", nil, "[1.5, 4, 1, 3]"},
		{"map", []Value{double}, "[6, 2, 8, 3]"},
		{"filter", []Value{isBig}, "[3, 4]"},
		{"find", []Value{isBig}, "3"},
		{"find_index", []Value{isBig}, "0"},
		{"any", []Value{isBig}, "true"},
		{"every", []Value{isBig}, "false"},
		{"reduce", []Value{plus}, "9.5"},
		{"reduce", []Value{plus, ""}, "3141.5"},
		{"slice", []Value{int64(1), int64(3)}, "[1, 4]"},
		{"slice", []Value{int64(2)}, "[4, 1.5]"},
		{"concat", []Value{[]int64{7}}, "[3, 1, 4, 1.5, 7]"},
		{"first", nil, "3"},
		{"last", nil, "1.5"},
		{"sum", nil, "9.5"},
		{"min", nil, "1"},
		{"max", nil, "4"},
		{"clone", nil, "[3, 1, 4, 1.5]"},
		{"to_string", nil, "[3, 1, 4, 1.5]"},
	}
	for _, tt := range tests {
		if got := Str(DynMethod(arr(), tt.name, testPos, tt.args...)); got != tt.want {
			t.Errorf("array.%s(%v) = %s, want %s", tt.name, tt.args, got, tt.want)
		}
	}
	var empty Value = []Value{}
	if DynMethod(empty, "first", testPos) != nil || DynMethod(empty, "max", testPos) != nil || DynMethod(empty, "sum", testPos) != int64(0) {
		t.Error("methods of an empty array")
	}
	wantFail(t, "reduce of an empty array with no initial value", func() { DynMethod(empty, "reduce", testPos, plus) })
	wantFail(t, "expected a function argument to map, found i64 1", func() { DynMethod(empty, "map", testPos, int64(1)) })
	wantFail(t, `cannot compare i64 1 with string "a"`, func() { DynMethod([]Value{"a", int64(1)}, "sort", testPos) })
}

func TestDynArrayMethodsThatChangeTheArray(t *testing.T) {
	var xs Value = []Value{int64(3), int64(1)}
	DynMethodRef(&xs, "push", testPos, int64(2), "s")
	if Str(xs) != `[3, 1, 2, "s"]` {
		t.Fatalf("push: %s", Str(xs))
	}
	if got := DynMethodRef(&xs, "pop", testPos); got != "s" || Str(xs) != "[3, 1, 2]" {
		t.Fatalf("pop: %v, %s", got, Str(xs))
	}
	DynMethodRef(&xs, "insert", testPos, int64(0), int64(0))
	if got := DynMethodRef(&xs, "remove", testPos, int64(1)); got != int64(3) || Str(xs) != "[0, 1, 2]" {
		t.Fatalf("insert/remove: %v, %s", got, Str(xs))
	}
	DynMethod(xs, "reverse", testPos) // in place: no variable needed
	if Str(xs) != "[2, 1, 0]" {
		t.Fatalf("reverse: %s", Str(xs))
	}
	DynMethod(xs, "sort", testPos)
	if Str(xs) != "[0, 1, 2]" {
		t.Fatalf("sort: %s", Str(xs))
	}
	desc := dynFn(func(a []Value) Value { return DynSub(a[1], a[0], testPos) })
	DynMethod(xs, "sort", testPos, desc)
	if Str(xs) != "[2, 1, 0]" {
		t.Fatalf("sort with a JavaScript comparator: %s", Str(xs))
	}
	less := dynFn(func(a []Value) Value { return DynLess(a[0], a[1], testPos) })
	DynMethod(xs, "sort_by", testPos, less)
	if Str(xs) != "[0, 1, 2]" {
		t.Fatalf("sort_by with a less-than: %s", Str(xs))
	}
	DynMethodRef(&xs, "clear", testPos)
	if Str(xs) != "[]" {
		t.Fatalf("clear: %s", Str(xs))
	}
	if got := DynMethodRef(&xs, "pop", testPos); got != nil {
		t.Fatalf("pop of empty: %v", got)
	}
	wantFail(t, "push needs an array held in a variable", func() { DynMethod(xs, "push", testPos, int64(1)) })
	wantFail(t, "index 5 out of range for length 0", func() { DynMethodRef(&xs, "remove", testPos, int64(5)) })
}

func TestDynMethodsOnTypedArrays(t *testing.T) {
	var xs Value = []int64{3, 1, 2}
	DynMethodRef(&xs, "push", testPos, int64(0))
	typed, ok := xs.([]int64)
	if !ok || Str(typed) != "[3, 1, 2, 0]" {
		t.Fatalf("push on a typed array: %#v", xs)
	}
	DynMethod(xs, "sort", testPos)
	if Str(typed) != "[0, 1, 2, 3]" {
		t.Fatalf("sort on a typed array: %v", typed)
	}
	if got := DynMethod(xs, "index_of", testPos, int64(2)); got != int64(2) {
		t.Errorf("index_of on a typed array: %v", got)
	}
	wantFail(t, `expected [i64], found [any] [0, 1, 2, 3, "x"]`, func() { DynMethodRef(&xs, "push", testPos, "x") })
}

func TestDynMapMethods(t *testing.T) {
	m := NewMap[Value, Value]()
	call := func(name string, args ...Value) string { return Str(DynMethod(m, name, testPos, args...)) }
	call("set", "a", int64(1))
	call("insert", int64(2), "two")
	checks := []struct{ got, want string }{
		{call("len"), "2"},
		{call("size"), "2"},
		{call("get", "a"), "1"},
		{call("get", "zz"), "null"},
		{call("get", []Value{}), "null"},
		{call("has", int64(2)), "true"},
		{call("contains_key", "b"), "false"},
		{call("keys"), `["a", 2]`},
		{call("values"), `[1, "two"]`},
		{call("entries"), `[("a", 1), (2, "two")]`},
		{call("delete", "a"), "true"},
		{call("remove", "a"), "false"},
		{call("is_empty"), "false"},
		{call("clear"), "()"},
		{call("is_empty"), "true"},
	}
	for i, c := range checks {
		if c.got != c.want {
			t.Errorf("check %d: got %s, want %s", i, c.got, c.want)
		}
	}
	typed := MapOf([]string{"k"}, []int64{1})
	if DynMethod(typed, "get", testPos, int64(1)) != nil {
		t.Error("a key of the wrong type is absent")
	}
	wantFail(t, "get expects 1 argument, found 0", func() { DynMethod(m, "get", testPos) })
	wantFail(t, `expected i64, found string "v"`, func() { DynMethod(typed, "set", testPos, "k", "v") })
}

func TestDynMethodsOfRecordsAndCallers(t *testing.T) {
	rec := NewRecord([]string{"greet"}, dynFn(func(a []Value) Value { return DynAdd("hi ", a[0], testPos) }))
	if got := DynMethod(rec, "greet", testPos, "bob"); got != "hi bob" {
		t.Errorf("record method: %v", got)
	}
	r := Ok[int64, Error](5)
	if DynMethod(r, "is_ok", testPos) != true || DynMethod(r, "unwrap", testPos) != int64(5) || DynMethod(r, "unwrap_or", testPos, int64(0)) != int64(5) {
		t.Error("Result methods")
	}
	e := Err[int64](NewError("bad"))
	if DynMethod(e, "is_err", testPos) != true || DynMethod(e, "unwrap_or", testPos, int64(0)) != int64(0) || DynMethod(e, "ok", testPos) != nil {
		t.Error("Err methods")
	}
	o := Some("x")
	if DynMethod(o, "is_some", testPos) != true || DynMethod(None[string](), "unwrap_or", testPos, "d") != "d" {
		t.Error("Option methods")
	}
	if DynMethod(int64(5), "to_string", testPos) != "5" || DynMethod(config{"h", 1}, "to_string", testPos) != `Config { host: "h", port: 1 }` {
		t.Error("to_string")
	}
	wantFail(t, "bad", func() { DynMethod(e, "unwrap", testPos) })
	wantFail(t, `no method fly on record { greet: <fn> }`, func() { DynMethod(rec, "fly", testPos) })
	wantFail(t, `cannot call i64 1`, func() { DynMethod(NewRecord([]string{"f"}, int64(1)), "f", testPos) })
}
