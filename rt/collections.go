package rt

// The Collections module (EVERYDAY.md §6) is the language's own Map and arrays under the
// interpreter's names: its one method that arrays did not have is get.

// ArrGet is xs.get(i): the element at i, or null when i is out of range.
func ArrGet[T any](xs []T, i int64) Option[T] {
	if uint64(i) >= uint64(len(xs)) {
		return Option[T]{}
	}
	return Some(xs[i])
}
