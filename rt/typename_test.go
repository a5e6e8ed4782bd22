package rt

import (
	"strings"
	"testing"
)

func TestTypeNames(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{int64(1), "i64"}, {1, "i64"}, {int8(1), "i8"}, {uint16(1), "u16"}, {uint64(1), "u64"},
		{float32(1), "f32"}, {1.0, "f64"}, {true, "bool"}, {"", "string"}, {Char('a'), "char"},
		{Unit{}, "()"}, {nil, "null"}, {[]Value{}, "[any]"}, {[]int64{}, "[i64]"}, {[][]string{}, "[[string]]"},
		{NewMap[string, int64](), "Map<string, i64>"}, {NewMap[Value, []Value](), "Map<any, [any]>"},
		{NewRecord(nil), "record"}, {NewError(""), "Error"}, {Some(int64(1)), "i64?"},
		{Ok[string, Error](""), "Result<string, Error>"}, {Tuple3[int64, string, Char]{}, "(i64, string, char)"},
		{DynFunc(nil), "fn"}, {config{}, "config"}, {pair[int64]{}, "pair"},
		{named{}, "Named"}, {&named{}, "Named"},
	}
	for _, tt := range tests {
		if got := TypeName(tt.v); got != tt.want {
			t.Errorf("TypeName(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

type named struct{}

func (named) AdeshTypeName() string { return "Named" }

// The shapes of generated code (lower/decls.go): an enum is an interface whose name travels in
// the result type of AdeshEnumType; a generic struct names its type arguments.
type (
	testShape interface {
		AdeshEnumType() testShapeType
	}
	testShapeType   struct{}
	testShapeCircle struct{ F0 float64 }

	testOpt[T any] interface {
		AdeshEnumType() testOptType[T]
	}
	testOptType[T any] struct{}
	testOptSome[T any] struct{ F0 T }

	testBox[T any] struct{ v T }
)

func (testShapeType) AdeshTypeName() string                 { return "Shape" }
func (testShapeCircle) AdeshEnumType() testShapeType        { return testShapeType{} }
func (testOptType[T]) AdeshTypeName() string                { return "Opt<" + TypeNameFor[T]() + ">" }
func (testOptSome[T]) AdeshEnumType() testOptType[T]        { return testOptType[T]{} }
func (testBox[T]) AdeshTypeName() string                    { return "Box<" + TypeNameFor[T]() + ">" }
func (*testMachine) Poll(*Context) Poll[testBox[testShape]] { return Poll[testBox[testShape]]{} }
func (*testMachine) Drop()                                  {}

type testMachine struct{}

// TestGeneratedTypeNames: a value names its type as AdeshLang spells it, however deeply it sits
// in other types, whether the Go type is an enum's interface, a variant or a type argument.
func TestGeneratedTypeNames(t *testing.T) {
	shape := testShape(testShapeCircle{1})
	tests := []struct {
		v    Value
		want string
	}{
		{shape, "Shape"},
		{[]testShape{shape}, "[Shape]"},
		{testOptSome[int64]{1}, "Opt<i64>"},
		{testOptSome[testShape]{shape}, "Opt<Shape>"},
		{[]testOpt[[]testShape]{}, "[Opt<[Shape]>]"},
		{testBox[[]string]{}, "Box<[string]>"},
		{testBox[testOpt[testBox[int64]]]{}, "Box<Opt<Box<i64>>>"},
		{NewMap[string, testBox[int64]](), "Map<string, Box<i64>>"},
		{NewMap[testShape, []testBox[int64]](), "Map<Shape, [Box<i64>]>"},
		{Some(testBox[Char]{}), "Box<char>?"},
		{None[testShape](), "Shape?"},
		{Ok[testShape, Error](shape), "Result<Shape, Error>"},
		{Tuple2[testShape, testOpt[string]]{}, "(Shape, Opt<string>)"},
		{func(testShape, int64) testBox[string] { return testBox[string]{} }, "fn(Shape, i64): Box<string>"},
		{func(string) {}, "fn(string)"},
		{func() Unit { return Unit{} }, "fn()"},
		{&testMachine{}, "Future<Box<Shape>>"},
		{YieldNow(), "Future<()>"},
		{Future[int64](nil), "null"},
		{[]Future[testShape]{}, "[Future<Shape>]"},
		{NewShare(shape), "Share<Shape>"},
		{(*Weak[[]testShape])(nil), "Weak<[Shape]>"},
		{NewMutex(testBox[int64]{}), "Mutex<Box<i64>>"},
		{NewRwLock(int64(1)), "RwLock<i64>"},
		{MutexGuard[testShape]{}, "MutexGuard<Shape>"},
		{ReadGuard[string]{}, "ReadGuard<string>"},
		{WriteGuard[string]{}, "WriteGuard<string>"},
		{NewChannel[testOpt[string]](0), "Channel<Opt<string>>"},
		{(*Promise[testShape])(nil), "Promise<Shape>"},
		{(*JoinHandle[[]int64])(nil), "JoinHandle<[i64]>"},
		{[]*Share[int64]{}, "[Share<i64>]"},
		{(*Scope)(nil), "Scope"}, {(*TcpListener)(nil), "TcpListener"}, {(*TcpStream)(nil), "TcpStream"},
		{Response{}, "Response"},
	}
	for _, tt := range tests {
		if got := TypeName(tt.v); got != tt.want {
			t.Errorf("TypeName(%T) = %q, want %q", tt.v, got, tt.want)
		}
	}
	if got := TypeNameFor[testShape](); got != "Shape" {
		t.Errorf("TypeNameFor[testShape]() = %q, want Shape", got)
	}
	if got := TypeNameFor[Value](); got != "any" {
		t.Errorf("TypeNameFor[Value]() = %q, want any", got)
	}
}

// TestMessagesNameVariantsByEnum: a run-time error about a variant names its enum, not the Go
// type of the variant.
func TestMessagesNameVariantsByEnum(t *testing.T) {
	defer func() {
		r, ok := recover().(*Thrown)
		if !ok || !strings.Contains(r.Err.Message, "+ to Shape ") {
			t.Errorf("got %v, want a message naming Shape", r)
		}
	}()
	DynAdd(testShape(testShapeCircle{1}), int64(1), testPos)
}

func TestDynTypeOfGivesTheInterpretersNames(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want string
	}{
		{true, "boolean"}, {nil, "null"}, {int64(1), "i64"}, {"s", "string"}, {NewRecord(nil), "object"},
		{NewSet[int64](), "set"}, {func(int64) int64 { return 0 }, "function"}, {Tuple2[int64, string]{}, "tuple"},
		{Unit{}, "()"}, {[]Value{int64(1)}, "[any]"},
	} {
		if got := DynTypeOf(c.v); got != c.want {
			t.Errorf("DynTypeOf(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestACharEqualsItsOneCharacterString(t *testing.T) {
	if !DynEq(Char('é'), "é") || !DynEq("a", Char('a')) || DynEq(Char('a'), "ab") || DynEq(Char('a'), "") {
		t.Error("a char and a string of one character compare by the character")
	}
}
