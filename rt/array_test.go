package rt

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestIndex(t *testing.T) {
	if got := Index(2, 3, testPos); got != 2 {
		t.Errorf("Index(2, 3) = %d", got)
	}
	wantFail(t, "index 5 out of range for length 3", func() { Index(5, 3, testPos) })
	wantFail(t, "index 3 out of range for length 3", func() { Index(3, 3, testPos) })
	wantFail(t, "index -1 out of range for length 3", func() { Index(-1, 3, testPos) })
	wantFail(t, "index 0 out of range for length 0", func() { Index(0, 0, testPos) })
}

func TestArrPopInsertRemove(t *testing.T) {
	xs := []int64{1, 2, 3}
	if got := ArrPop(&xs); !got.Some || got.Val != 3 || len(xs) != 2 {
		t.Errorf("ArrPop = %v, xs = %v", got, xs)
	}
	if got := ArrPop(new([]int64)); got.Some {
		t.Errorf("ArrPop of empty = %v", got)
	}
	ArrInsert(&xs, 0, 0, testPos)
	ArrInsert(&xs, 3, 9, testPos)
	if !slices.Equal(xs, []int64{0, 1, 2, 9}) {
		t.Errorf("after inserts: %v", xs)
	}
	wantFail(t, "insert index 5 out of range for length 4", func() { ArrInsert(&xs, 5, 1, testPos) })
	wantFail(t, "insert index -1 out of range for length 4", func() { ArrInsert(&xs, -1, 1, testPos) })
	if got := ArrRemove(&xs, 1, testPos); got != 1 || !slices.Equal(xs, []int64{0, 2, 9}) {
		t.Errorf("ArrRemove = %d, xs = %v", got, xs)
	}
	wantFail(t, "index 3 out of range for length 3", func() { ArrRemove(&xs, 3, testPos) })
}

func TestArrPopReleasesTheSlot(t *testing.T) {
	xs := []*int64{new(int64), new(int64)}
	backing := xs[:2]
	ArrPop(&xs)
	if backing[1] != nil {
		t.Error("popped slot still references its element")
	}
}

func TestArrSearch(t *testing.T) {
	xs := []string{"a", "b", "a"}
	if !ArrContains(xs, "b") || ArrContains(xs, "z") {
		t.Error("ArrContains")
	}
	if ArrIndexOf(xs, "a") != 0 || ArrIndexOf(xs, "z") != -1 {
		t.Error("ArrIndexOf")
	}
	if ArrContains([]float64{math.NaN()}, math.NaN()) {
		t.Error("NaN found")
	}
	nested := [][]int64{{1}, {2, 3}}
	if ArrIndexOfEqual(nested, []int64{2, 3}) != 1 || ArrContainsEqual(nested, []int64{2}) {
		t.Error("ArrIndexOfEqual / ArrContainsEqual")
	}
	isEven := func(x int64) bool { return x%2 == 0 }
	ns := []int64{1, 3, 4, 6}
	if got := ArrFind(ns, isEven); !got.Some || got.Val != 4 {
		t.Errorf("ArrFind = %v", got)
	}
	if got := ArrFind(ns[:2], isEven); got.Some {
		t.Errorf("ArrFind without match = %v", got)
	}
	if ArrFindIndex(ns, isEven) != 2 || ArrFindIndex(ns[:2], isEven) != -1 {
		t.Error("ArrFindIndex")
	}
	if !ArrAny(ns, isEven) || ArrAny(ns[:2], isEven) || ArrAll(ns, isEven) || !ArrAll(ns[2:], isEven) || !ArrAll(nil, isEven) {
		t.Error("ArrAny / ArrAll")
	}
}

func TestArrJoin(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{ArrJoin([]string{"a", "b"}, ", "), "a, b"},
		{ArrJoin([]int64{1, 2, 3}, "-"), "1-2-3"},
		{ArrJoin([]float64{1, 0.5}, " "), "1 0.5"},
		{ArrJoin([]Value{"s", int64(1), []string{"n"}}, "|"), `s|1|["n"]`},
		{ArrJoin([]int64{}, ","), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestArrSorting(t *testing.T) {
	xs := []int64{3, 1, 2}
	ArrSort(xs)
	if !slices.Equal(xs, []int64{1, 2, 3}) {
		t.Errorf("ArrSort: %v", xs)
	}
	type item struct {
		key   int
		order int
	}
	items := make([]item, 200)
	for i := range items {
		items[i] = item{key: (i * 7919) % 13, order: i}
	}
	calls := 0
	ArrSortBy(items, func(a, b item) bool { calls++; return a.key < b.key })
	for i := 1; i < len(items); i++ {
		a, b := items[i-1], items[i]
		if a.key > b.key || a.key == b.key && a.order > b.order {
			t.Fatalf("ArrSortBy not sorted and stable at %d: %v %v", i, a, b)
		}
	}
	if calls > 200*8*2 {
		t.Errorf("ArrSortBy made %d comparisons for 200 elements", calls)
	}
	words := []string{"ccc", "a", "bb", "dd"}
	ArrSortCmp(words, func(a, b string) float64 { return float64(len(b) - len(a)) })
	if !slices.Equal(words, []string{"ccc", "bb", "dd", "a"}) {
		t.Errorf("ArrSortCmp (descending length, stable): %v", words)
	}
}

func TestArrTransforms(t *testing.T) {
	xs := []int64{1, 2, 3, 4}
	if got := ArrMap(xs, func(x int64) string { return strings.Repeat("*", int(x)) }); !slices.Equal(got, []string{"*", "**", "***", "****"}) {
		t.Errorf("ArrMap: %v", got)
	}
	if got := ArrFilter(xs, func(x int64) bool { return x > 2 }); !slices.Equal(got, []int64{3, 4}) {
		t.Errorf("ArrFilter: %v", got)
	}
	if got := ArrFilter(xs, func(int64) bool { return false }); got == nil || len(got) != 0 {
		t.Errorf("ArrFilter of nothing should be an empty array, got %#v", got)
	}
	if got := ArrReduce(xs, func(acc string, x int64) string { return acc + Str(x) }, ">"); got != ">1234" {
		t.Errorf("ArrReduce: %q", got)
	}
	var seen []int64
	ArrForEach(xs, func(x int64) { seen = append(seen, x) })
	if !slices.Equal(seen, xs) {
		t.Errorf("ArrForEach: %v", seen)
	}
	rev := ArrReversed(xs)
	if !slices.Equal(rev, []int64{4, 3, 2, 1}) || xs[0] != 1 {
		t.Errorf("ArrReversed: %v (input %v)", rev, xs)
	}
	ArrReverse(rev)
	if !slices.Equal(rev, xs) {
		t.Errorf("ArrReverse: %v", rev)
	}
}

func TestArrSliceConcatCloneDoNotShareStorage(t *testing.T) {
	xs := []int64{1, 2, 3, 4}
	s := ArrSlice(xs, 1, 3, testPos)
	s[0] = 99
	c := ArrClone(xs)
	c[0] = 99
	cat := ArrConcat(xs[:1], xs[1:2])
	cat[0] = 99
	if !slices.Equal(xs, []int64{1, 2, 3, 4}) {
		t.Errorf("input changed: %v", xs)
	}
	if !slices.Equal(ArrSlice(xs, 0, 0, testPos), []int64{}) || !slices.Equal(ArrSlice(xs, 4, 4, testPos), []int64{}) {
		t.Error("empty slices")
	}
	if len(cat) != 2 || cat[1] != 2 {
		t.Errorf("ArrConcat: %v", cat)
	}
	wantFail(t, "slice 1..5 out of range for length 4", func() { ArrSlice(xs, 1, 5, testPos) })
	wantFail(t, "slice 3..2 out of range for length 4", func() { ArrSlice(xs, 3, 2, testPos) })
	wantFail(t, "slice -1..2 out of range for length 4", func() { ArrSlice(xs, -1, 2, testPos) })
	if got := ArrSlice(xs, -2, 4, testPos); !slices.Equal(got, []int64{3, 4}) {
		t.Errorf("slice(-2): %v, want the last two", got)
	}
	if ArrClone([]int64(nil)) == nil {
		t.Error("ArrClone(nil) should be an empty array")
	}
	grow := xs[:2]
	cl := ArrClone(grow)
	_ = append(cl, 7)
	if xs[2] != 3 {
		t.Error("append to a clone wrote into the original's storage")
	}
}

func TestArrAggregates(t *testing.T) {
	xs := []int64{3, -1, 7, 7}
	if ArrSum(xs) != 16 || ArrSum([]float64{0.5, 0.25}) != 0.75 || ArrSum([]int64{}) != 0 {
		t.Error("ArrSum")
	}
	if ArrSum([]int8{100, 100}) != -56 {
		t.Error("ArrSum does not wrap")
	}
	if got := ArrMin(xs); got != Some[int64](-1) {
		t.Errorf("ArrMin = %v", got)
	}
	if got := ArrMax(xs); got != Some[int64](7) {
		t.Errorf("ArrMax = %v", got)
	}
	if ArrMin([]string{}).Some || ArrMax([]int64(nil)).Some {
		t.Error("ArrMin/ArrMax of empty")
	}
	if ArrFirst(xs) != Some[int64](3) || ArrLast(xs) != Some[int64](7) || ArrFirst([]int64{}).Some || ArrLast([]int64{}).Some {
		t.Error("ArrFirst / ArrLast")
	}
}

func TestEqual(t *testing.T) {
	m1 := MapOf([]string{"a", "b"}, []int64{1, 2})
	m2 := MapOf([]string{"b", "a"}, []int64{2, 1})
	m3 := MapOf([]string{"a", "b"}, []int64{1, 3})
	type withArray struct {
		name  string
		items []int64
	}
	tests := []struct {
		name string
		eq   bool
		want bool
	}{
		{"ints", Equal([]int64{1, 2}, []int64{1, 2}), true},
		{"ints differ", Equal([]int64{1, 2}, []int64{1}), false},
		{"strings", Equal([]string{"a"}, []string{"a"}), true},
		{"floats NaN", Equal([]float64{math.NaN()}, []float64{math.NaN()}), false},
		{"nested", Equal([][]int64{{1}, {2}}, [][]int64{{1}, {2}}), true},
		{"nested differ", Equal([][]int64{{1}, {2}}, [][]int64{{1}, {3}}), false},
		{"struct with array", Equal(withArray{"a", []int64{1}}, withArray{"a", []int64{1}}), true},
		{"struct with array differ", Equal(withArray{"a", []int64{1}}, withArray{"a", []int64{2}}), false},
		{"tuple", Equal(Tuple2[[]int64, string]{[]int64{1}, "x"}, Tuple2[[]int64, string]{[]int64{1}, "x"}), true},
		{"option some", Equal(Some([]int64{1}), Some([]int64{1})), true},
		{"option none", Equal(None[[]int64](), None[[]int64]()), true},
		{"option some none", Equal(Some([]int64{}), None[[]int64]()), false},
		{"result", Equal(Ok[[]int64, Error]([]int64{1}), Ok[[]int64, Error]([]int64{1})), true},
		{"result ok err", Equal(Ok[int64, Error](0), Err[int64](NewError(""))), false},
		{"result err", Equal(Err[int64](NewError("x")), Err[int64](NewError("x"))), true},
		{"maps by entries", Equal(m1, m2), true},
		{"maps differ", Equal(m1, m3), false},
		{"values", Equal[Value]([]Value{int64(1)}, []int64{1}), true},
		{"values unlike", Equal[Value]("1", int64(1)), false},
	}
	for _, tt := range tests {
		if tt.eq != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, tt.eq, tt.want)
		}
	}
}
