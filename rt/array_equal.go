package rt

import "slices"

// Equal is AdeshLang's == for values of one type that Go cannot compare with ==, or compares
// differently: arrays, structs and tuples holding arrays, optionals, Results, maps (by entries)
// and dynamic values. It is deep; NaN is unequal to itself, as with ==.
func Equal[T any](a, b T) bool {
	// T may be an interface type, so b's dynamic type is checked, not assumed.
	switch x := any(a).(type) {
	case []int64:
		if y, ok := any(b).([]int64); ok {
			return slices.Equal(x, y)
		}
	case []string:
		if y, ok := any(b).([]string); ok {
			return slices.Equal(x, y)
		}
	case []float64:
		if y, ok := any(b).([]float64); ok {
			return slices.Equal(x, y)
		}
	}
	return valuesEqual(any(a), any(b), 0)
}
