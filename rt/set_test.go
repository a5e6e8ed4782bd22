package rt

import (
	"slices"
	"testing"
)

func TestSetBasics(t *testing.T) {
	s := SetOf([]int64{3, 1, 3, 2}) // a repeated element keeps its first place
	if s.Len() != 3 || !s.Has(1) || s.Has(7) {
		t.Errorf("Len/Has: %d", s.Len())
	}
	s.Add(1) // already there: keeps its place
	s.Add(9)
	if !slices.Equal(s.Values(), []int64{3, 1, 2, 9}) {
		t.Errorf("Values %v", s.Values())
	}
	if Str(s) != "{3, 1, 2, 9}" {
		t.Errorf("printed %s", Str(s))
	}
	if Str(NewSet[int64]()) != "{}" || Str(SetOf([]string{"a", "b"})) != `{"a", "b"}` {
		t.Errorf("printed %s and %s", Str(NewSet[int64]()), Str(SetOf([]string{"a", "b"})))
	}
	var nilSet *Set[int64]
	if nilSet.Len() != 0 || nilSet.Has(1) || nilSet.Remove(1) || len(nilSet.Values()) != 0 {
		t.Error("a nil set reads as empty")
	}
}

func TestSetRemoveKeepsInsertionOrder(t *testing.T) {
	s := SetOf([]string{"a", "b", "c", "d"})
	if !s.Remove("b") || s.Remove("b") || s.Remove("zz") {
		t.Error("Remove results")
	}
	s.Add("b") // removed and added again: last
	if !slices.Equal(s.Values(), []string{"a", "c", "d", "b"}) {
		t.Errorf("Values %v", s.Values())
	}
	// Many removals compact the entries and keep the order of the rest.
	big := NewSet[int64]()
	for i := range int64(200) {
		big.Add(i)
	}
	for i := range int64(190) {
		big.Remove(i)
	}
	if !slices.Equal(big.Values(), []int64{190, 191, 192, 193, 194, 195, 196, 197, 198, 199}) {
		t.Errorf("after compaction %v", big.Values())
	}
	s.Clear()
	if s.Len() != 0 || Str(s) != "{}" {
		t.Errorf("after Clear %s", Str(s))
	}
}

func TestSetAlgebra(t *testing.T) {
	a, b := SetOf([]int64{1, 2, 3, 4}), SetOf([]int64{6, 4, 2, 5})
	for _, c := range []struct {
		name string
		got  *Set[int64]
		want []int64
	}{
		{"union", a.Union(b), []int64{1, 2, 3, 4, 6, 5}},
		{"intersection", a.Intersection(b), []int64{2, 4}},
		{"difference", a.Difference(b), []int64{1, 3}},
		{"difference the other way", b.Difference(a), []int64{6, 5}},
	} {
		if !slices.Equal(c.got.Values(), c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got.Values(), c.want)
		}
	}
	if a.Len() != 4 || b.Len() != 4 {
		t.Error("the operands changed")
	}
}

func TestSetIterationWhileChanging(t *testing.T) {
	s := SetOf([]int64{1, 2, 3})
	var seen []int64
	for x := range s.All() {
		seen = append(seen, x)
		if x == 1 {
			s.Remove(2) // not visited
			s.Add(4)    // added meanwhile: not visited
		}
	}
	if !slices.Equal(seen, []int64{1, 3}) {
		t.Errorf("visited %v", seen)
	}
}

func TestSetDynamic(t *testing.T) {
	var d Value = SetOf([]int64{1, 2})
	if DynLen(d, testPos) != 2 || TypeName(d) != "Set<i64>" {
		t.Errorf("len %d, type %s", DynLen(d, testPos), TypeName(d))
	}
	if DynMethod(d, "has", testPos, int64(2)) != true || DynMethod(d, "contains", testPos, "x") != false {
		t.Error("has")
	}
	DynMethod(d, "insert", testPos, int64(5))
	if got := Str(DynMethod(d, "union", testPos, SetOf([]int64{7}))); got != "{1, 2, 5, 7}" {
		t.Errorf("union %s", got)
	}
	if got := Str(DynMethod(d, "difference", testPos, []Value{int64(1)})); got != "{2, 5}" {
		t.Errorf("difference with an array %s", got)
	}
	if got := DynIter(d, testPos); !slices.Equal(got, []Value{int64(1), int64(2), int64(5)}) {
		t.Errorf("DynIter %v", got)
	}
	wantFail(t, "expected i64, found string \"s\"", func() { DynMethod(d, "add", testPos, "s") })
	if !DynEq(d, SetOf([]Value{int64(5), int64(2), int64(1)})) || DynEq(d, SetOf([]int64{1})) {
		t.Error("sets compare by their elements, in any order")
	}
	dyn := DynSetOf([]Value{"a", int64(1), "a"}, testPos)
	if Str(dyn) != `{"a", 1}` || TypeName(dyn) != "Set<any>" {
		t.Errorf("DynSetOf %s %s", Str(dyn), TypeName(dyn))
	}
	wantFail(t, "cannot put [any] [1] in a set", func() { dyn.dynAdd([]Value{int64(1)}, testPos) })
	typed := DynTo[*Set[int64]](dyn.Difference(SetOf([]Value{"a"})), testPos)
	if !slices.Equal(typed.Values(), []int64{1}) {
		t.Errorf("DynTo %v", typed.Values())
	}
}
