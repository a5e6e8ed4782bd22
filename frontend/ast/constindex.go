package ast

// ConstIndex is the value of an index written as an integer literal, maybe negated (`t[1]`,
// `t[-1]`); ok is false for any other expression.
func ConstIndex(e Expr) (int64, bool) {
	switch e := Unparen(e).(type) {
	case *IntLit:
		if e.Value > 1<<62 {
			return 0, false
		}
		return int64(e.Value), true
	case *Unary:
		if e.Op == "-" {
			if v, ok := ConstIndex(e.X); ok {
				return -v, true
			}
		}
	}
	return 0, false
}

// TupleSlot is the element a constant index k selects of a tuple of n elements (negative from
// the end); ok is false when it is out of range.
func TupleSlot(k int64, n int) (int, bool) {
	if k < 0 {
		k += int64(n)
	}
	return int(k), k >= 0 && k < int64(n)
}
