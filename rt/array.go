package rt

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Arrays. AdeshLang's [T] is a Go []T: push is append, xs[i] is xs[Index(i, len(xs), pos)] for
// reads and writes alike. Every other array method is a function named Arr + the method
// (ArrPop, ArrSort, ArrMap…), so that none collides with the string functions, the Map type or
// the numeric helpers; Index and Equal are not specific to arrays and keep short names.
// Functions that change an array's length take a *[]T; those that return a new array never
// share storage with their input.

// Index checks i against an array length n and gives it as a Go index.
func Index(i int64, n int, pos string) int {
	if uint64(i) >= uint64(n) {
		failIndex(i, n, pos)
	}
	return int(i)
}

func failIndex(i int64, n int, pos string) {
	Fail(pos, "index "+strconv.FormatInt(i, 10)+" out of range for length "+strconv.Itoa(n))
}

// ArrPop removes and gives the last element, or null when the array is empty.
func ArrPop[T any](xs *[]T) Option[T] {
	s := *xs
	if len(s) == 0 {
		return Option[T]{}
	}
	last := s[len(s)-1]
	var zero T
	s[len(s)-1] = zero // let the GC have what the vacated slot held
	*xs = s[:len(s)-1]
	return Some(last)
}

// ArrShift removes and gives the first element, or null when there is none.
func ArrShift[T any](xs *[]T) Option[T] {
	s := *xs
	if len(s) == 0 {
		return Option[T]{}
	}
	first := s[0]
	*xs = slices.Delete(s, 0, 1)
	return Some(first)
}

// ArrUnshift puts v before the first element.
func ArrUnshift[T any](xs *[]T, v T) {
	*xs = slices.Insert(*xs, 0, v)
}

// ArrInsert puts v at index i (0 ≤ i ≤ len), moving the later elements up.
func ArrInsert[T any](xs *[]T, i int64, v T, pos string) {
	if uint64(i) > uint64(len(*xs)) {
		Fail(pos, "insert index "+strconv.FormatInt(i, 10)+" out of range for length "+strconv.Itoa(len(*xs)))
	}
	*xs = slices.Insert(*xs, int(i), v)
}

// ArrRemove removes and gives the element at index i, moving the later elements down.
func ArrRemove[T any](xs *[]T, i int64, pos string) T {
	at := Index(i, len(*xs), pos)
	v := (*xs)[at]
	*xs = slices.Delete(*xs, at, at+1)
	return v
}

// ArrContains reports whether v is an element (==, so NaN is never found).
func ArrContains[T comparable](xs []T, v T) bool { return slices.Contains(xs, v) }

// ArrIndexOf is the index of the first element equal to v, or -1.
func ArrIndexOf[T comparable](xs []T, v T) int64 { return int64(slices.Index(xs, v)) }

// ArrContainsEqual is ArrContains for element types Go cannot compare with == (arrays, structs
// holding arrays), using Equal.
func ArrContainsEqual[T any](xs []T, v T) bool { return ArrIndexOfEqual(xs, v) >= 0 }

// ArrIndexOfEqual is ArrIndexOf using Equal.
func ArrIndexOfEqual[T any](xs []T, v T) int64 {
	for i, x := range xs {
		if Equal(x, v) {
			return int64(i)
		}
	}
	return -1
}

// ArrJoin joins the elements' top-level forms with sep.
func ArrJoin[T any](xs []T, sep string) string {
	switch ys := any(xs).(type) {
	case []string:
		return strings.Join(ys, sep)
	case []int64:
		buf := make([]byte, 0, len(ys)*(len(sep)+4))
		for i, y := range ys {
			if i > 0 {
				buf = append(buf, sep...)
			}
			buf = strconv.AppendInt(buf, y, 10)
		}
		return string(buf)
	}
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(sep)
		}
		Format(&b, x, false)
	}
	return b.String()
}

// ArrSort sorts in ascending order, in place (NaNs first).
func ArrSort[T cmp.Ordered](xs []T) { slices.Sort(xs) }

// ArrSortBy sorts in place by less, keeping equal elements in their order (stable). less is
// called once per comparison (a user's comparator may be costly or throw).
func ArrSortBy[T any](xs []T, less func(a, b T) bool) {
	if len(xs) < 2 {
		return
	}
	mergeSort(xs, make([]T, len(xs)), less)
}

// ArrSortCmp sorts in place, stable, by a comparator in JavaScript's style: negative when a
// comes first, positive when b does (`xs.sort((a, b) => a - b)`).
func ArrSortCmp[T any, N Number](xs []T, compare func(a, b T) N) {
	ArrSortBy(xs, func(a, b T) bool { return compare(a, b) < 0 })
}

// mergeSort is a stable top-down merge sort using scratch (of the same length) as its buffer.
func mergeSort[T any](xs, scratch []T, less func(a, b T) bool) {
	if len(xs) <= 12 {
		for i := 1; i < len(xs); i++ {
			for j := i; j > 0 && less(xs[j], xs[j-1]); j-- {
				xs[j], xs[j-1] = xs[j-1], xs[j]
			}
		}
		return
	}
	mid := len(xs) / 2
	mergeSort(xs[:mid], scratch[:mid], less)
	mergeSort(xs[mid:], scratch[mid:], less)
	if !less(xs[mid], xs[mid-1]) {
		return // already in order
	}
	copy(scratch, xs)
	left, right := scratch[:mid], scratch[mid:len(xs)]
	i, j, k := 0, 0, 0
	for i < len(left) && j < len(right) {
		if less(right[j], left[i]) {
			xs[k] = right[j]
			j++
		} else {
			xs[k] = left[i]
			i++
		}
		k++
	}
	k += copy(xs[k:], left[i:])
	copy(xs[k:], right[j:])
}

// ArrMap gives a new array of f applied to every element.
func ArrMap[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// ArrFilter gives a new array of the elements for which keep is true.
func ArrFilter[T any](xs []T, keep func(T) bool) []T {
	out := []T{}
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// ArrReduce folds the elements from the left, starting from init.
func ArrReduce[T, A any](xs []T, f func(A, T) A, init A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// ArrFind gives the first element for which pred is true, or null.
func ArrFind[T any](xs []T, pred func(T) bool) Option[T] {
	for _, x := range xs {
		if pred(x) {
			return Some(x)
		}
	}
	return Option[T]{}
}

// ArrFindIndex gives the index of the first element for which pred is true, or -1.
func ArrFindIndex[T any](xs []T, pred func(T) bool) int64 {
	for i, x := range xs {
		if pred(x) {
			return int64(i)
		}
	}
	return -1
}

// ArrAny reports whether pred is true for some element.
func ArrAny[T any](xs []T, pred func(T) bool) bool {
	for _, x := range xs {
		if pred(x) {
			return true
		}
	}
	return false
}

// ArrAll reports whether pred is true for every element (true for an empty array).
func ArrAll[T any](xs []T, pred func(T) bool) bool {
	for _, x := range xs {
		if !pred(x) {
			return false
		}
	}
	return true
}

// ArrForEach calls f on every element in order.
func ArrForEach[T any](xs []T, f func(T)) {
	for _, x := range xs {
		f(x)
	}
}

// ArrReverse reverses the array in place.
func ArrReverse[T any](xs []T) { slices.Reverse(xs) }

// ArrReversed gives a reversed copy.
func ArrReversed[T any](xs []T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

// ArrSlice gives a copy of the elements from index a up to, not including, b; it fails at pos
// unless 0 ≤ a ≤ b ≤ len.
func ArrSlice[T any](xs []T, a, b int64, pos string) []T {
	lo, hi := a, b
	if lo < 0 { // from the end, as in JavaScript: slice(-2) is the last two
		lo += int64(len(xs))
	}
	if hi < 0 {
		hi += int64(len(xs))
	}
	if lo < 0 || hi < lo || hi > int64(len(xs)) {
		Fail(pos, "slice "+strconv.FormatInt(a, 10)+".."+strconv.FormatInt(b, 10)+
			" out of range for length "+strconv.Itoa(len(xs)))
	}
	return slices.Clone(xs[lo:hi:hi])
}

// ArrConcat gives a new array of a's elements followed by b's.
func ArrConcat[T any](a, b []T) []T {
	out := make([]T, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// ArrClone gives a shallow copy with its own storage: the compiler copies arrays on assignment
// to give them value semantics. A nil array clones to an empty one.
func ArrClone[T any](xs []T) []T {
	return append(make([]T, 0, len(xs)), xs...)
}

// ArrFirst gives the first element, or null.
func ArrFirst[T any](xs []T) Option[T] {
	if len(xs) == 0 {
		return Option[T]{}
	}
	return Some(xs[0])
}

// ArrLast gives the last element, or null.
func ArrLast[T any](xs []T) Option[T] {
	if len(xs) == 0 {
		return Option[T]{}
	}
	return Some(xs[len(xs)-1])
}

// ArrSum adds the elements (wrapping for integers); 0 for an empty array.
func ArrSum[T Number](xs []T) T {
	var sum T
	for _, x := range xs {
		sum += x
	}
	return sum
}

// ArrSumDyn adds up dynamic values (`[any].sum()`) from 0 with the rules of `+`, checked as it
// goes.
func ArrSumDyn(xs []Value, pos string) Value {
	var sum Value = int64(0)
	for _, x := range xs {
		sum = DynAdd(sum, x, pos)
	}
	return sum
}

// ArrMinBy gives the smallest element by less (the first of equals), or null for an empty array:
// `[any].min()` with rt.Less.
func ArrMinBy[T any](xs []T, less func(a, b T) bool) Option[T] {
	if len(xs) == 0 {
		return Option[T]{}
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if less(x, m) {
			m = x
		}
	}
	return Some(m)
}

// ArrMaxBy gives the largest element by less (the first of equals), or null for an empty array.
func ArrMaxBy[T any](xs []T, less func(a, b T) bool) Option[T] {
	if len(xs) == 0 {
		return Option[T]{}
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if less(m, x) {
			m = x
		}
	}
	return Some(m)
}

// ArrMin gives the smallest element (the first of equals), or null for an empty array.
func ArrMin[T cmp.Ordered](xs []T) Option[T] {
	if len(xs) == 0 {
		return Option[T]{}
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if x < m {
			m = x
		}
	}
	return Some(m)
}

// ArrMax gives the largest element (the first of equals), or null for an empty array.
func ArrMax[T cmp.Ordered](xs []T) Option[T] {
	if len(xs) == 0 {
		return Option[T]{}
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return Some(m)
}
