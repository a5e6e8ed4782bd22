package rt

import (
	"cmp"
	"math"
	"reflect"
	"strings"
	"unicode/utf8"
)

// DynEq is a == b on dynamic values: deep, numbers by value across types, unlike types unequal.
func DynEq(a, b Value) bool { return valuesEqual(a, b, 0) }

// deepEqualer is an Equaler that compares what it holds with valuesEqual at a depth.
type deepEqualer interface {
	equalAt(other any, depth int) bool
}

// maxEqualDepth bounds deep comparison so that a cyclic Go value compares unequal instead of
// overflowing the stack.
const maxEqualDepth = 100

// CharIsString reports whether the string s is the one character c: 'a' == "a", as in the
// interpreter, where a char and a one-character string compare equal.
func CharIsString(c Char, s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && n > 0 && r == rune(c)
}

func valuesEqual(a, b Value, depth int) bool {
	if depth > maxEqualDepth {
		return false
	}
	if o, ok := a.(dynamicPayloader); ok {
		a = o.dynamicPayload()
	}
	if o, ok := b.(dynamicPayloader); ok {
		b = o.dynamicPayload()
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case int64:
		if y, ok := b.(int64); ok {
			return x == y
		}
	case string:
		if y, ok := b.(Char); ok {
			return CharIsString(y, x)
		}
		y, ok := b.(string)
		return ok && x == y
	case float64:
		if y, ok := b.(float64); ok {
			return x == y
		}
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case Char:
		if y, ok := b.(string); ok {
			return CharIsString(x, y)
		}
		y, ok := b.(Char)
		return ok && x == y
	case Error:
		y, ok := b.(Error)
		return ok && x.Message == y.Message
	case []Value:
		if y, ok := b.([]Value); ok {
			if len(x) != len(y) {
				return false
			}
			for i := range x {
				if !valuesEqual(x[i], y[i], depth+1) {
					return false
				}
			}
			return true
		}
	case deepEqualer:
		// A handle equals itself at once (a map that contains itself), and the depth carries
		// on through its entries, so that two cyclic values end unequal instead of recursing.
		return a == b || x.equalAt(b, depth)
	case Equaler:
		return x.AdeshEqual(b)
	}
	if b == nil {
		return false
	}
	if y, ok := b.(BigInt); ok {
		return y.AdeshEqual(a)
	}
	if x := toNum(a); x.kind != notNum {
		y := toNum(b)
		if y.kind == notNum {
			return false
		}
		c, ordered := compareNums(x, y)
		return ordered && c == 0
	}
	return reflectEqual(reflect.ValueOf(a), reflect.ValueOf(b), depth)
}

// reflectEqual compares values of Go types the switch above does not know: typed arrays,
// structs, generated enums, pointers (by what they point to), functions (only nil equals nil).
func reflectEqual(a, b reflect.Value, depth int) bool {
	ta, tb := a.Type(), b.Type()
	ka, kb := ta.Kind(), tb.Kind()
	if ta != tb {
		// Arrays of different element types (a [any] and an [i64]) compare element by element.
		if (ka == reflect.Slice || ka == reflect.Array) && (kb == reflect.Slice || kb == reflect.Array) {
			return sequencesEqual(a, b, depth)
		}
		return false
	}
	switch ka {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Slice, reflect.Array:
		return sequencesEqual(a, b, depth)
	case reflect.Struct:
		a, b = addressable(a), addressable(b)
		for i := range ta.NumField() {
			if !elemsEqual(a.Field(i), b.Field(i), depth) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if a.Pointer() == b.Pointer() {
			return true
		}
		if a.IsNil() || b.IsNil() {
			return false
		}
		return elemsEqual(a.Elem(), b.Elem(), depth)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return childrenEqual(a.Elem(), b.Elem(), true, depth)
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for it := a.MapRange(); it.Next(); {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() || !elemsEqual(it.Value(), bv, depth) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	case reflect.Chan, reflect.UnsafePointer:
		return a.Pointer() == b.Pointer()
	}
	return false
}

func sequencesEqual(a, b reflect.Value, depth int) bool {
	if a.Len() != b.Len() {
		return false
	}
	a, b = addressable(a), addressable(b)
	if a.Type() == b.Type() && !hasOwnEquality(a.Type().Elem()) {
		switch a.Type().Elem().Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			for i := range a.Len() {
				if a.Index(i).Int() != b.Index(i).Int() {
					return false
				}
			}
			return true
		case reflect.String:
			for i := range a.Len() {
				if a.Index(i).String() != b.Index(i).String() {
					return false
				}
			}
			return true
		}
	}
	own := hasOwnEquality(a.Type().Elem()) || hasOwnEquality(b.Type().Elem())
	for i := range a.Len() {
		if !childrenEqual(a.Index(i), b.Index(i), own, depth) {
			return false
		}
	}
	return true
}

// childrenEqual compares components. Those whose type has rules of its own (own: an interface
// holding anything, an Equaler, an optional) go through valuesEqual; the others are compared
// reflectively, which does not allocate.
func childrenEqual(a, b reflect.Value, own bool, depth int) bool {
	if own {
		a, b = readable(a), readable(b)
		if a.CanInterface() && b.CanInterface() {
			return valuesEqual(a.Interface(), b.Interface(), depth+1)
		}
	}
	return reflectEqual(a, b, depth+1)
}

// elemsEqual compares two components of one static type.
func elemsEqual(a, b reflect.Value, depth int) bool {
	return childrenEqual(a, b, hasOwnEquality(a.Type()), depth)
}

var (
	equalerType   = reflect.TypeFor[Equaler]()
	payloaderType = reflect.TypeFor[dynamicPayloader]()
)

func hasOwnEquality(t reflect.Type) bool {
	return t.Kind() == reflect.Interface || t.Implements(equalerType) || t.Implements(payloaderType)
}

// compareNums orders two numbers exactly, also across integer and float types (no rounding of
// large integers); ordered is false when either is NaN.
func compareNums(x, y num) (c int, ordered bool) {
	switch {
	case x.kind == signedNum && y.kind == signedNum:
		return cmp.Compare(x.i, y.i), true
	case x.kind == unsignedNum && y.kind == unsignedNum:
		return cmp.Compare(x.u, y.u), true
	case x.kind == floatNum && y.kind == floatNum:
		if x.f != x.f || y.f != y.f {
			return 0, false
		}
		return cmp.Compare(x.f, y.f), true
	case x.kind == floatNum:
		c, ok := compareNums(y, x)
		return -c, ok
	case y.kind == floatNum:
		return compareIntFloat(x, y.f)
	case x.kind == signedNum: // y unsigned
		if x.i < 0 {
			return -1, true
		}
		return cmp.Compare(uint64(x.i), y.u), true
	default: // x unsigned, y signed
		if y.i < 0 {
			return 1, true
		}
		return cmp.Compare(x.u, uint64(y.i)), true
	}
}

// compareIntFloat orders an integer num against a float exactly.
func compareIntFloat(x num, f float64) (int, bool) {
	switch {
	case f != f:
		return 0, false
	case f >= 1<<64:
		return -1, true
	case f < -(1 << 63):
		return 1, true
	}
	t := math.Trunc(f)
	var c int
	if x.kind == signedNum {
		if t >= 1<<63 {
			c = -1
		} else {
			c = cmp.Compare(x.i, int64(t))
		}
	} else {
		if t < 0 {
			c = 1
		} else {
			c = cmp.Compare(x.u, uint64(t))
		}
	}
	if c != 0 {
		return c, true
	}
	// Equal integer parts: the fraction decides.
	return cmp.Compare(t, f), true
}

// DynCompare orders a and b: -1, 0 or 1. Numbers (NaN below every other number, as in sorting),
// strings, chars, bools and arrays (lexicographically) are ordered; other pairs fail at pos.
func DynCompare(a, b Value, pos string) int {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return cmp.Compare(x, y)
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y)
		}
	case Char:
		if y, ok := b.(Char); ok {
			return cmp.Compare(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			return compareBools(x, y)
		}
	case []Value:
		if y, ok := b.([]Value); ok {
			for i := range min(len(x), len(y)) {
				if c := DynCompare(x[i], y[i], pos); c != 0 {
					return c
				}
			}
			return cmp.Compare(len(x), len(y))
		}
	}
	if x := toNum(a); x.kind != notNum {
		if y := toNum(b); y.kind != notNum {
			if c, ok := compareNums(x, y); ok {
				return c
			}
			return cmp.Compare(x.float(), y.float()) // NaN first, as cmp.Compare does
		}
	}
	if c, ordered, ok := dynBigOrder(a, b); ok {
		if !ordered {
			return cmp.Compare(toNum(a).float(), toNum(b).float()) // NaN first
		}
		return c
	}
	Fail(pos, "cannot compare "+describe(a)+" with "+describe(b))
	return 0
}

// dynBigOrder orders a bigint with a bigint or number, on either side; ok is false when
// neither operand is a bigint or the other is no number.
func dynBigOrder(a, b Value) (c int, ordered, ok bool) {
	if x, isBig := a.(BigInt); isBig {
		return bigCompare(x, b)
	}
	if y, isBig := b.(BigInt); isBig {
		c, ordered, ok = bigCompare(y, a)
		return -c, ordered, ok
	}
	return 0, false, false
}

func compareBools(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

// DynLess is a < b; with NaN it is false, as every comparison with NaN is.
func DynLess(a, b Value, pos string) bool {
	c, ok := dynOrder(a, b, pos)
	return ok && c < 0
}

// DynLessEq is a <= b.
func DynLessEq(a, b Value, pos string) bool {
	c, ok := dynOrder(a, b, pos)
	return ok && c <= 0
}

// DynGreater is a > b.
func DynGreater(a, b Value, pos string) bool {
	c, ok := dynOrder(a, b, pos)
	return ok && c > 0
}

// DynGreaterEq is a >= b.
func DynGreaterEq(a, b Value, pos string) bool {
	c, ok := dynOrder(a, b, pos)
	return ok && c >= 0
}

// dynOrder is DynCompare that reports NaN operands as unordered instead of ordering them.
func dynOrder(a, b Value, pos string) (int, bool) {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return cmp.Compare(x, y), true
		}
	case float64:
		if y, ok := b.(float64); ok {
			if x != x || y != y {
				return 0, false
			}
			return cmp.Compare(x, y), true
		}
	}
	if x := toNum(a); x.kind != notNum {
		if y := toNum(b); y.kind != notNum {
			return compareNums(x, y)
		}
	}
	if c, ordered, ok := dynBigOrder(a, b); ok {
		return c, ordered
	}
	return DynCompare(a, b, pos), true
}
