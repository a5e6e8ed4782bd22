package rt

import "math"

// Arithmetic on dynamic values. The common case, i64 op i64 or f64 op f64, is checked first
// without leaving the function; everything else goes through num, a number of any Go numeric
// type widened to 64 bits together with the type it came from.

type numKind uint8

const (
	notNum numKind = iota
	signedNum
	unsignedNum
	floatNum
)

// numType is the Go type a num came from, so that i32 op i32 can give an i32 again.
type numType uint8

const (
	typeInt64 numType = iota
	typeInt
	typeInt8
	typeInt16
	typeInt32
	typeUint
	typeUint8
	typeUint16
	typeUint32
	typeUint64
	typeFloat32
	typeFloat64
)

type num struct {
	kind numKind
	typ  numType
	i    int64   // signedNum
	u    uint64  // unsignedNum
	f    float64 // floatNum
}

func toNum(v Value) num {
	switch x := v.(type) {
	case int64:
		return num{kind: signedNum, typ: typeInt64, i: x}
	case float64:
		return num{kind: floatNum, typ: typeFloat64, f: x}
	case int:
		return num{kind: signedNum, typ: typeInt, i: int64(x)}
	case int8:
		return num{kind: signedNum, typ: typeInt8, i: int64(x)}
	case int16:
		return num{kind: signedNum, typ: typeInt16, i: int64(x)}
	case int32:
		return num{kind: signedNum, typ: typeInt32, i: int64(x)}
	case uint:
		return num{kind: unsignedNum, typ: typeUint, u: uint64(x)}
	case uint8:
		return num{kind: unsignedNum, typ: typeUint8, u: uint64(x)}
	case uint16:
		return num{kind: unsignedNum, typ: typeUint16, u: uint64(x)}
	case uint32:
		return num{kind: unsignedNum, typ: typeUint32, u: uint64(x)}
	case uint64:
		return num{kind: unsignedNum, typ: typeUint64, u: x}
	case float32:
		return num{kind: floatNum, typ: typeFloat32, f: float64(x)}
	}
	return num{}
}

func (n num) float() float64 {
	switch n.kind {
	case signedNum:
		return float64(n.i)
	case unsignedNum:
		return float64(n.u)
	}
	return n.f
}

// int gives an integer num as an i64 (wrapping a u64 above the i64 range).
func (n num) int() int64 {
	if n.kind == unsignedNum {
		return int64(n.u)
	}
	return n.i
}

// signedOf gives x as the signed type t (wrapping, as Go's conversions do).
func signedOf(t numType, x int64) Value {
	switch t {
	case typeInt:
		return int(x)
	case typeInt8:
		return int8(x)
	case typeInt16:
		return int16(x)
	case typeInt32:
		return int32(x)
	}
	return x
}

// unsignedOf gives x as the unsigned type t (wrapping).
func unsignedOf(t numType, x uint64) Value {
	switch t {
	case typeUint:
		return uint(x)
	case typeUint8:
		return uint8(x)
	case typeUint16:
		return uint16(x)
	case typeUint32:
		return uint32(x)
	}
	return x
}

// DynAdd is a + b: numbers add, and a string on either side concatenates the other operand's
// top-level printed form.
func DynAdd(a, b Value, pos string) Value {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return x + y
		}
	case float64:
		if y, ok := b.(float64); ok {
			return x + y
		}
	case string:
		return x + Str(b)
	}
	if y, ok := b.(string); ok {
		return Str(a) + y
	}
	return arith("+", a, b, pos)
}

// DynSub is a - b.
func DynSub(a, b Value, pos string) Value {
	if x, ok := a.(int64); ok {
		if y, ok := b.(int64); ok {
			return x - y
		}
	}
	return arith("-", a, b, pos)
}

// DynMul is a * b.
func DynMul(a, b Value, pos string) Value {
	if x, ok := a.(int64); ok {
		if y, ok := b.(int64); ok {
			return x * y
		}
	}
	return arith("*", a, b, pos)
}

// DynDiv is a / b: integer division truncates and fails on a zero divisor; float division
// follows IEEE 754 (1 / 0.0 is Infinity).
func DynDiv(a, b Value, pos string) Value { return arith("/", a, b, pos) }

// DynMod is a % b: the sign follows a; an integer zero divisor fails; floats use math.Mod.
func DynMod(a, b Value, pos string) Value { return arith("%", a, b, pos) }

// DynPow is a ** b: an integer to a non-negative integer power is an integer, anything else a
// float (`2 ** -1` is 0.5, as in JavaScript).
func DynPow(a, b Value, pos string) Value {
	x, y := toNum(a), toNum(b)
	if x.kind != floatNum && y.kind != floatNum && x.kind != notNum && y.kind != notNum && y.int() < 0 {
		return math.Pow(x.float(), y.float())
	}
	return arith("**", a, b, pos)
}

// DynMin is Math.min(a, b) where one is dynamic: the smaller, keeping its own type; NaN if
// either is NaN, as in JavaScript.
func DynMin(a, b Value, pos string) Value { return minMax("min", a, b, pos) }

// DynMax is Math.max(a, b) where one is dynamic.
func DynMax(a, b Value, pos string) Value { return minMax("max", a, b, pos) }

func minMax(op string, a, b Value, pos string) Value {
	x, y := toNum(a), toNum(b)
	if x.kind == notNum || y.kind == notNum {
		failOperands(op, a, b, pos)
	}
	if x.kind == floatNum && math.IsNaN(x.f) {
		return a
	}
	if y.kind == floatNum && math.IsNaN(y.f) {
		return b
	}
	if DynLess(b, a, pos) == (op == "min") && !DynEq(a, b) {
		return b
	}
	return a
}

// DynBitAnd is a & b on integers (or bools).
func DynBitAnd(a, b Value, pos string) Value { return arith("&", a, b, pos) }

// DynBitOr is a | b on integers (or bools).
func DynBitOr(a, b Value, pos string) Value { return arith("|", a, b, pos) }

// DynBitXor is a ^ b on integers (or bools).
func DynBitXor(a, b Value, pos string) Value { return arith("^", a, b, pos) }

// DynShl is a << b on integers; a negative count fails.
func DynShl(a, b Value, pos string) Value { return arith("<<", a, b, pos) }

// DynShr is a >> b on integers; a negative count fails.
func DynShr(a, b Value, pos string) Value { return arith(">>", a, b, pos) }

func arith(op string, a, b Value, pos string) Value {
	x, y := toNum(a), toNum(b)
	if x.kind == notNum || y.kind == notNum {
		if r, ok := bigArith(op, a, b, pos); ok {
			return r
		}
		if p, ok := a.(bool); ok {
			if q, ok := b.(bool); ok {
				switch op {
				case "&":
					return p && q
				case "|":
					return p || q
				case "^":
					return p != q
				}
			}
		}
		failOperands(op, a, b, pos)
	}
	if op == "<<" || op == ">>" {
		return shift(op, x, y, a, b, pos)
	}
	if x.kind == floatNum || y.kind == floatNum {
		r := floatArith(op, x.float(), y.float(), a, b, pos)
		if x.typ == typeFloat32 && y.typ == typeFloat32 {
			return float32(r)
		}
		return r
	}
	same := x.typ == y.typ
	if same && x.kind == unsignedNum {
		return unsignedOf(x.typ, intArith(op, x.u, y.u, pos))
	}
	r := intArith(op, x.int(), y.int(), pos)
	if same {
		return signedOf(x.typ, r)
	}
	return r
}

// intArith applies an integer operator of a dynamic value, signed or unsigned.
func intArith[T int64 | uint64](op string, a, b T, pos string) T {
	switch op {
	case "+":
		return a + b
	case "-":
		return a - b
	case "*":
		return a * b
	case "/":
		return Div(a, b, pos)
	case "%":
		return Mod(a, b, pos)
	case "**":
		return IntPow(a, int64(b), pos)
	case "&":
		return a & b
	case "|":
		return a | b
	}
	return a ^ b
}

func floatArith(op string, x, y float64, a, b Value, pos string) float64 {
	switch op {
	case "+":
		return x + y
	case "-":
		return x - y
	case "*":
		return x * y
	case "/":
		return x / y
	case "%":
		return math.Mod(x, y)
	case "**":
		return math.Pow(x, y)
	}
	failOperands(op, a, b, pos)
	return 0
}

// shift shifts x by y; the result has x's type.
func shift(op string, x, y num, a, b Value, pos string) Value {
	if x.kind == floatNum || y.kind == floatNum {
		failOperands(op, a, b, pos)
	}
	var count uint64
	if y.kind == unsignedNum {
		count = y.u
	} else {
		if y.i < 0 {
			failNegativeShift(y.i, pos)
		}
		count = uint64(y.i)
	}
	if x.kind == unsignedNum {
		if op == "<<" {
			return unsignedOf(x.typ, x.u<<count)
		}
		return unsignedOf(x.typ, x.u>>count)
	}
	if op == "<<" {
		return signedOf(x.typ, x.i<<count)
	}
	return signedOf(x.typ, x.i>>count)
}

func failOperands(op string, a, b Value, pos string) {
	Fail(pos, "cannot apply "+op+" to "+describe(a)+" and "+describe(b))
}

// DynNeg is -v for a number (integers wrap).
func DynNeg(v Value, pos string) Value {
	switch x := v.(type) {
	case int64:
		return -x
	case float64:
		return -x
	case BigInt:
		return BigNeg(x)
	}
	switch n := toNum(v); n.kind {
	case signedNum:
		return signedOf(n.typ, -n.i)
	case unsignedNum:
		return unsignedOf(n.typ, -n.u)
	case floatNum:
		if n.typ == typeFloat32 {
			return float32(-n.f)
		}
		return -n.f
	}
	Fail(pos, "cannot negate "+describe(v))
	return nil
}

// DynBitNot is ~v for an integer.
func DynBitNot(v Value, pos string) Value {
	switch n := toNum(v); n.kind {
	case signedNum:
		return signedOf(n.typ, ^n.i)
	case unsignedNum:
		return unsignedOf(n.typ, ^n.u)
	}
	if b, ok := v.(BigInt); ok {
		return BigNot(b)
	}
	Fail(pos, "cannot apply ~ to "+describe(v))
	return nil
}

// DynTruthy is the condition value of v (see Value): false, null, (), zero numbers, NaN and ""
// are false; everything else is true.
func DynTruthy(v Value) bool {
	switch x := v.(type) {
	case bool:
		return x
	case nil, Unit:
		return false
	case int64:
		return x != 0
	case float64:
		return x != 0 && x == x
	case string:
		return x != ""
	case BigInt:
		return !x.IsZero()
	case dynamicPayloader:
		return DynTruthy(x.dynamicPayload())
	}
	switch n := toNum(v); n.kind {
	case signedNum:
		return n.i != 0
	case unsignedNum:
		return n.u != 0
	case floatNum:
		return n.f != 0 && n.f == n.f
	}
	return true
}

// DynNot is !v: the negation of v's truthiness.
func DynNot(v Value) bool { return !DynTruthy(v) }
