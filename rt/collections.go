package rt

// An array's get, which the Collections module's Vec has too (coll_seq.go).

// ArrGet is xs.get(i): the element at i, or null when i is out of range.
func ArrGet[T any](xs []T, i int64) Option[T] {
	if uint64(i) >= uint64(len(xs)) {
		return Option[T]{}
	}
	return Some(xs[i])
}
