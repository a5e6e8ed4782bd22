package rt

import "testing"

// Dynamic operations against the typed Go the compiler emits when it knows the types: the price
// of `any` (§7).

func BenchmarkDynAddIntVsTyped(b *testing.B) {
	var acc Value = int64(0)
	var typed int64
	versus(b,
		func(i int) { acc = DynAdd(acc, int64(i&255), "") },
		func(i int) { typed += int64(i & 255) })
	_ = typed
}

func BenchmarkDynCompareVsTyped(b *testing.B) {
	xs := []Value{int64(3), 2.5, int64(-1), 7.0}
	ys := []float64{3, 2.5, -1, 7}
	n := 0
	versus(b,
		func(i int) {
			if DynLess(xs[i&3], xs[(i+1)&3], "") {
				n++
			}
		},
		func(i int) {
			if ys[i&3] < ys[(i+1)&3] {
				n++
			}
		})
}

func BenchmarkDynIndexVsTyped(b *testing.B) {
	dyn := []Value{int64(1), int64(2), int64(3), int64(4)}
	var dv Value = dyn
	typed := []int64{1, 2, 3, 4}
	var sink int64
	versus(b,
		func(i int) { sink += AsInt(DynIndex(dv, int64(i&3), ""), "") },
		func(i int) { sink += typed[Index(int64(i&3), len(typed), "")] })
	_ = sink
}

func BenchmarkEqualArraysVsSlicesEqual(b *testing.B) {
	x := [][]int64{{1, 2, 3}, {4, 5}}
	y := [][]int64{{1, 2, 3}, {4, 5}}
	n := 0
	versus(b,
		func(int) {
			if Equal(x, y) {
				n++
			}
		},
		func(int) {
			eq := len(x) == len(y)
			for i := 0; eq && i < len(x); i++ {
				eq = len(x[i]) == len(y[i])
				for j := 0; eq && j < len(x[i]); j++ {
					eq = x[i][j] == y[i][j]
				}
			}
			if eq {
				n++
			}
		})
}
