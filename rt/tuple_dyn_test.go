package rt

import "testing"

func TestTupleIndexesFromEitherEnd(t *testing.T) {
	p := Tuple3[int64, string, bool]{1, "a", true}
	if TupleAt(p, -1) != true || TupleAt(p, 0) != int64(1) || TupleAt(p, 3) != nil || TupleAt(p, -4) != nil {
		t.Error("TupleAt")
	}
	if TupleIndexOf(p, "a") != 1 || TupleIndexOf(p, "b") != -1 || !TupleContains(p, true) {
		t.Error("TupleIndexOf, TupleContains")
	}
	wantFail(t, "expected a non-negative integer, found -1", func() { TupleGet(p, -1, testPos) })
}

func TestDynTuplePrintsAndCompares(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want string
	}{
		{NewDynTuple(), "()"}, {NewDynTuple(int64(42)), "(42,)"}, {NewDynTuple(int64(1), "a"), `(1, "a")`},
		{TupleSlice(Tuple3[int64, string, bool]{1, "a", true}, 1), `("a", true)`},
		{TupleSlice(Tuple2[int64, int64]{1, 2}, 2, 1), "()"},
		{TupleOf([]int64{3, 4}, testPos), "(3, 4)"},
	} {
		if got := Str(c.v); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	if !DynEq(NewDynTuple(int64(1), "a"), Tuple2[int64, string]{1, "a"}) || DynEq(NewDynTuple(int64(1)), NewDynTuple(int64(2))) {
		t.Error("a DynTuple equals a tuple of the same elements")
	}
	wantFail(t, "tuple() needs an array, a set or a tuple, found i64 3", func() { TupleOf(int64(3), testPos) })
}
