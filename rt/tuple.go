package rt

import "strings"

// Tuples print as `(a, b, …)` with their elements in nested form, expose their elements to
// dynamic code as fields "0", "1", … (t.0 in AdeshLang) and unpack into []Value for dynamic
// destructuring.

// formatTuple prints the elements of a tuple.
func formatTuple(b *strings.Builder, items ...any) {
	b.WriteByte('(')
	for i, x := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		Format(b, x, true)
	}
	b.WriteByte(')')
}

// tupleField maps a field name "0", "1", … to an element index below n.
func tupleField(name string, n int) (int, bool) {
	if len(name) != 1 || name[0] < '0' || int(name[0]-'0') >= n {
		return 0, false
	}
	return int(name[0] - '0'), true
}

// AdeshFormat prints the tuple.
func (t Tuple2[A, B]) AdeshFormat(b *strings.Builder, _ bool) { formatTuple(b, t.F0, t.F1) }

// AdeshField gives element "0" … "1".
func (t Tuple2[A, B]) AdeshField(name string) (any, bool) {
	i, ok := tupleField(name, 2)
	if !ok {
		return nil, false
	}
	return t.items()[i], true
}

func (t Tuple2[A, B]) items() []Value { return []Value{t.F0, t.F1} }

// AdeshFormat prints the tuple.
func (t Tuple3[A, B, C]) AdeshFormat(b *strings.Builder, _ bool) { formatTuple(b, t.F0, t.F1, t.F2) }

// AdeshField gives element "0" … "2".
func (t Tuple3[A, B, C]) AdeshField(name string) (any, bool) {
	i, ok := tupleField(name, 3)
	if !ok {
		return nil, false
	}
	return t.items()[i], true
}

func (t Tuple3[A, B, C]) items() []Value { return []Value{t.F0, t.F1, t.F2} }

// AdeshFormat prints the tuple.
func (t Tuple4[A, B, C, D]) AdeshFormat(b *strings.Builder, _ bool) {
	formatTuple(b, t.F0, t.F1, t.F2, t.F3)
}

// AdeshField gives element "0" … "3".
func (t Tuple4[A, B, C, D]) AdeshField(name string) (any, bool) {
	i, ok := tupleField(name, 4)
	if !ok {
		return nil, false
	}
	return t.items()[i], true
}

func (t Tuple4[A, B, C, D]) items() []Value { return []Value{t.F0, t.F1, t.F2, t.F3} }

// AdeshFormat prints the tuple.
func (t Tuple5[A, B, C, D, E]) AdeshFormat(b *strings.Builder, _ bool) {
	formatTuple(b, t.F0, t.F1, t.F2, t.F3, t.F4)
}

// AdeshField gives element "0" … "4".
func (t Tuple5[A, B, C, D, E]) AdeshField(name string) (any, bool) {
	i, ok := tupleField(name, 5)
	if !ok {
		return nil, false
	}
	return t.items()[i], true
}

func (t Tuple5[A, B, C, D, E]) items() []Value { return []Value{t.F0, t.F1, t.F2, t.F3, t.F4} }

// AdeshFormat prints the tuple.
func (t Tuple6[A, B, C, D, E, F]) AdeshFormat(b *strings.Builder, _ bool) {
	formatTuple(b, t.F0, t.F1, t.F2, t.F3, t.F4, t.F5)
}

// AdeshField gives element "0" … "5".
func (t Tuple6[A, B, C, D, E, F]) AdeshField(name string) (any, bool) {
	i, ok := tupleField(name, 6)
	if !ok {
		return nil, false
	}
	return t.items()[i], true
}

func (t Tuple6[A, B, C, D, E, F]) items() []Value { return []Value{t.F0, t.F1, t.F2, t.F3, t.F4, t.F5} }
