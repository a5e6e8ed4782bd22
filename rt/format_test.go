package rt

import (
	"errors"
	"strings"
	"testing"
)

// config is shaped like a generated struct.
type config struct {
	host string
	port int64
}

func (c config) AdeshFormat(b *strings.Builder, nested bool) {
	FormatStruct(b, "Config", nested, []string{"host", "port"}, c.host, c.port)
}

// circle and empty are shaped like generated enum variants.
type circle struct{ r float64 }

func (c circle) AdeshFormat(b *strings.Builder, _ bool) { FormatVariant(b, "Circle", c.r) }

type empty struct{}

func (empty) AdeshFormat(b *strings.Builder, _ bool) { FormatVariant(b, "Empty") }

// Go types without AdeshFormat, printed by reflection.
type (
	celsius float64
	plain   struct {
		Name  string
		tags  []string
		inner *plain
	}
	pair[T any] struct{ A, B T }
	node        struct{ next *node }
)

func TestFormat(t *testing.T) {
	m := NewMap[string, int64]()
	m.Set("a", 1)
	m.Set("b", 2)
	cyclic := &node{}
	cyclic.next = cyclic
	tests := []struct {
		name   string
		in     any
		nested bool
		want   string
	}{
		{"int", int64(-42), false, "-42"},
		{"i8", int8(-8), false, "-8"},
		{"u64", uint64(18446744073709551615), false, "18446744073709551615"},
		{"go int", 7, false, "7"},
		{"float", 2.5, false, "2.5"},
		{"integral float", 3.0, false, "3"},
		{"f32", float32(0.1), false, "0.1"},
		{"true", true, false, "true"},
		{"false", false, true, "false"},
		{"null", nil, false, "null"},
		{"string top", `a"b`, false, `a"b`},
		{"string nested", `a"b`, true, `"a\"b"`},
		{"string escapes", "t\tn\nr\rz\x00b\\\x01\x7f", true, `"t\tn\nr\rz\0b\\\x01\x7f"`},
		{"string unicode nested", "héllo ✓", true, `"héllo ✓"`},
		{"char top", Char('x'), false, "x"},
		{"char nested", Char('x'), true, "'x'"},
		{"char quote nested", Char('\''), true, `'\''`},
		{"char dquote nested", Char('"'), true, `'"'`},
		{"char unicode", Char('é'), false, "é"},
		{"unit", Unit{}, false, "()"},
		{"array ints", []int64{1, 2, 3}, false, "[1, 2, 3]"},
		{"array strings", []string{"a", "b"}, false, `["a", "b"]`},
		{"array floats", []float64{1, 0.5}, false, "[1, 0.5]"},
		{"array bools", []bool{true}, false, "[true]"},
		{"empty array", []int64{}, false, "[]"},
		{"nil array", []int64(nil), false, "[]"},
		{"dynamic array", []Value{int64(1), "a", nil, Char('c'), 1.5}, false, `[1, "a", null, 'c', 1.5]`},
		{"nested arrays", [][]string{{"a"}, {}}, false, `[["a"], []]`},
		{"array of i32", []int32{1, -2}, false, "[1, -2]"},
		{"array of chars", []Char{'a', 'b'}, false, "['a', 'b']"},
		{"map", m, false, `{"a": 1, "b": 2}`},
		{"empty map", NewMap[int64, int64](), false, "{}"},
		{"map of arrays", MapOf([]int64{1}, [][]string{{"x"}}), false, `{1: ["x"]}`},
		{"struct", config{"h", 1}, false, `Config { host: "h", port: 1 }`},
		{"struct nested", []config{{"h", 1}}, false, `[Config { host: "h", port: 1 }]`},
		{"variant", circle{1.5}, false, "Circle(1.5)"},
		{"variant no payload", empty{}, false, "Empty"},
		{"ok", Ok[int64, string](3), false, "Ok(3)"},
		{"err", Err[int64]("x"), false, `Err("x")`},
		{"ok of array", Ok[[]string, Error]([]string{"a"}), false, `Ok(["a"])`},
		{"err of Error", Err[int64](NewError("boom")), false, `Err(Error("boom"))`},
		{"ok unit", Ok[Unit, Error](Unit{}), false, "Ok(())"},
		{"some top", Some("x"), false, "x"},
		{"some nested", Some("x"), true, `"x"`},
		{"none", None[int64](), false, "null"},
		{"options in array", []Option[int64]{Some[int64](1), None[int64]()}, false, "[1, null]"},
		{"error", NewError("bad"), false, `Error("bad")`},
		{"error nested", NewError("bad"), true, `Error("bad")`},
		{"go error", errors.New("oops"), false, `Error("oops")`},
		{"thrown", &Thrown{Err: NewError("t")}, false, `Error("t")`},
		{"tuple", Tuple2[int64, string]{1, "a"}, false, `(1, "a")`},
		{"tuple3", Tuple3[int64, Char, bool]{1, 'c', true}, false, `(1, 'c', true)`},
		{"tuple6", Tuple6[int64, int64, int64, int64, int64, int64]{1, 2, 3, 4, 5, 6}, false, "(1, 2, 3, 4, 5, 6)"},
		{"record", NewRecord([]string{"a", "b"}, int64(1), "x"), false, `{ a: 1, b: "x" }`},
		{"empty record", NewRecord(nil), false, "{}"},
		{"named float", celsius(21.5), false, "21.5"},
		{"plain struct", plain{Name: "n", tags: []string{"t"}}, false, `plain { Name: "n", tags: ["t"], inner: null }`},
		{"pointer to struct", &plain{Name: "p"}, false, `plain { Name: "p", tags: [], inner: null }`},
		{"generic struct", pair[int64]{1, 2}, false, "pair { A: 1, B: 2 }"},
		{"cyclic pointer", cyclic, false, strings.Repeat("node { next: ", 32) + "..." + strings.Repeat(" }", 32)},
		{"func", func() {}, false, "<fn>"},
		{"dyn func", DynFunc(func(...Value) Value { return nil }), false, "<fn>"},
		{"nil func", (func())(nil), false, "null"},
		{"chan", make(chan int), false, "<channel>"},
		{"go map sorted", map[string]int{"b": 2, "a": 1}, false, `{"a": 1, "b": 2}`},
		{"complex", complex(1, 2), false, "(1+2i)"},
	}
	for _, tt := range tests {
		var b strings.Builder
		Format(&b, tt.in, tt.nested)
		if got := b.String(); got != tt.want {
			t.Errorf("%s: Format(%#v, %v) = %q, want %q", tt.name, tt.in, tt.nested, got, tt.want)
		}
	}
}

func TestStrIsTopLevelForm(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{"s", "s"},
		{int64(12), "12"},
		{0.5, "0.5"},
		{true, "true"},
		{Char('ß'), "ß"},
		{[]string{"a"}, `["a"]`},
		{Some("x"), "x"},
		{Ok[string, Error]("payload"), `Ok("payload")`},
		{nil, "null"},
	}
	for _, tt := range tests {
		if got := Str(tt.in); got != tt.want {
			t.Errorf("Str(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Quote("a"); got != `"a"` {
		t.Errorf(`Quote("a") = %q`, got)
	}
}

func TestFormatStructWithoutFields(t *testing.T) {
	var b strings.Builder
	FormatStruct(&b, "Marker", false, nil)
	if b.String() != "Marker {}" {
		t.Errorf("got %q", b.String())
	}
}

func TestNestedStringsInContainers(t *testing.T) {
	m := NewMap[string, []string]()
	m.Set(`k"`, []string{"a\nb"})
	tests := []struct {
		in   any
		want string
	}{
		{[]string{`x"y`}, `["x\"y"]`},
		{m, `{"k\"": ["a\nb"]}`},
		{Ok[string, string]("v"), `Ok("v")`},
		{Err[string](`e"`), `Err("e\"")`},
		{Tuple2[string, Char]{"s", '\n'}, `("s", '\n')`},
		{[]Option[string]{Some("o")}, `["o"]`},
		{config{host: `q"`}, `Config { host: "q\"", port: 0 }`},
	}
	for _, tt := range tests {
		if got := Str(tt.in); got != tt.want {
			t.Errorf("Str(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
