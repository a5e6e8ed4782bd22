package rt

import (
	"math"
	"math/big"
	"strings"
)

// BigInt is AdeshLang's `bigint` (`123n`, EVERYDAY.md §7.5): an integer of any size. It is
// immutable, and comparable in Go: the magnitude is kept as canonical big-endian bytes, so that
// Go's == and map keys compare values, as an i64's do.
type BigInt struct {
	neg bool
	mag string
}

// BigLit is the bigint of a literal's digits (decimal, or 0x, 0o, 0b with underscores).
func BigLit(digits string) BigInt {
	var z big.Int
	if _, ok := z.SetString(strings.ReplaceAll(digits, "_", ""), 0); !ok {
		panic("rt.BigLit: " + digits) // check accepted the literal
	}
	return bigOf(&z)
}

// BigFromInt converts a signed integer.
func BigFromInt(x int64) BigInt { return bigOf(big.NewInt(x)) }

// BigFromUint converts an unsigned integer.
func BigFromUint(x uint64) BigInt { return bigOf(new(big.Int).SetUint64(x)) }

// BigFromFloat converts a whole float; a fraction (or NaN, or an infinity) fails at pos.
func BigFromFloat(f float64, pos string) BigInt {
	if f != math.Trunc(f) || math.IsInf(f, 0) {
		Fail(pos, "Cannot convert non-integer number to BigInt")
	}
	z, _ := big.NewFloat(f).Int(nil)
	return bigOf(z)
}

func bigOf(z *big.Int) BigInt {
	return BigInt{neg: z.Sign() < 0, mag: string(z.Bytes())}
}

func (b BigInt) big() *big.Int {
	z := new(big.Int).SetBytes([]byte(b.mag))
	if b.neg {
		z.Neg(z)
	}
	return z
}

// String gives the decimal digits, without the `n` of a literal.
func (b BigInt) String() string { return b.big().String() }

// AdeshFormat prints a bigint as its digits, nested or not (`[1, 2]` for `[1n, 2n]`).
func (b BigInt) AdeshFormat(sb *strings.Builder, _ bool) { sb.WriteString(b.String()) }

// AdeshTypeName is `bigint`, the name typeof gives.
func (BigInt) AdeshTypeName() string { return "bigint" }

// AdeshEqual compares with a bigint or any number exactly: `100n == 100` is true.
func (b BigInt) AdeshEqual(other any) bool {
	c, ordered, ok := bigCompare(b, other)
	return ok && ordered && c == 0
}

// IsZero reports whether b is 0n, the one falsy bigint.
func (b BigInt) IsZero() bool { return b.mag == "" }

// Float converts to the nearest float (`float(b)`).
func (b BigInt) Float() float64 {
	f, _ := new(big.Float).SetInt(b.big()).Float64()
	return f
}

// BigToInt converts to an i64; a bigint outside its range fails at pos.
func BigToInt(b BigInt, pos string) int64 {
	z := b.big()
	if !z.IsInt64() {
		Fail(pos, "BigInt "+z.String()+" is out of the range of i64")
	}
	return z.Int64()
}

// BigNeg is -b.
func BigNeg(b BigInt) BigInt {
	if b.IsZero() {
		return b
	}
	return BigInt{neg: !b.neg, mag: b.mag}
}

// BigNot is ~b: -b - 1, bigints being infinite two's complement.
func BigNot(b BigInt) BigInt { return bigOf(new(big.Int).Not(b.big())) }

// BigArith applies a binary operator to two bigints: `+ - * / % **` (`/` truncates toward
// zero, `%` takes the dividend's sign, as JavaScript's), and the bit operators on infinite
// two's complement.
func BigArith(op string, a, b BigInt, pos string) BigInt {
	x, y := a.big(), b.big()
	z := new(big.Int)
	switch op {
	case "+":
		z.Add(x, y)
	case "-":
		z.Sub(x, y)
	case "*":
		z.Mul(x, y)
	case "/", "%":
		if y.Sign() == 0 {
			if op == "/" {
				Fail(pos, "Division by zero")
			}
			Fail(pos, "Modulo by zero")
		}
		if op == "/" {
			z.Quo(x, y)
		} else {
			z.Rem(x, y)
		}
	case "**":
		if y.Sign() < 0 {
			Fail(pos, "BigInt exponent must be non-negative")
		}
		if !y.IsInt64() || y.Int64() > 1<<24 && x.CmpAbs(big.NewInt(1)) > 0 {
			Fail(pos, "BigInt exponent "+y.String()+" is too large")
		}
		z.Exp(x, y, nil)
	case "&":
		z.And(x, y)
	case "|":
		z.Or(x, y)
	case "^":
		z.Xor(x, y)
	case "<<", ">>":
		if y.Sign() < 0 {
			Fail(pos, "invalid shift amount: negative value")
		}
		if !y.IsInt64() || y.Int64() > 1<<30 {
			Fail(pos, "BigInt shift amount "+y.String()+" is too large")
		}
		if op == "<<" {
			z.Lsh(x, uint(y.Int64()))
		} else {
			z.Rsh(x, uint(y.Int64()))
		}
	default:
		Fail(pos, "cannot apply "+op+" to bigints")
	}
	return bigOf(z)
}

// BigCompare orders a bigint and a bigint or number exactly; ordered is false beside NaN.
func BigCompare(a BigInt, other Value) (c int, ordered bool) {
	c, ordered, _ = bigCompare(a, other)
	return c, ordered
}

// BigLess and its kin are the comparisons of a bigint with a bigint or number (false beside
// NaN, as every comparison with NaN is).
func BigLess(a BigInt, b Value) bool      { c, ok := BigCompare(a, b); return ok && c < 0 }
func BigLessEq(a BigInt, b Value) bool    { c, ok := BigCompare(a, b); return ok && c <= 0 }
func BigGreater(a BigInt, b Value) bool   { c, ok := BigCompare(a, b); return ok && c > 0 }
func BigGreaterEq(a BigInt, b Value) bool { c, ok := BigCompare(a, b); return ok && c >= 0 }

// bigCompare orders a against a bigint or number; ok is false when other is neither.
func bigCompare(a BigInt, other Value) (c int, ordered, ok bool) {
	if y, isBig := other.(BigInt); isBig {
		return a.big().Cmp(y.big()), true, true
	}
	n := toNum(other)
	switch n.kind {
	case signedNum:
		return a.big().Cmp(big.NewInt(n.i)), true, true
	case unsignedNum:
		return a.big().Cmp(new(big.Int).SetUint64(n.u)), true, true
	case floatNum:
		if math.IsNaN(n.f) {
			return 0, false, true
		}
		if math.IsInf(n.f, 0) {
			if n.f > 0 {
				return -1, true, true
			}
			return 1, true, true
		}
		return new(big.Float).SetInt(a.big()).Cmp(big.NewFloat(n.f)), true, true
	}
	return 0, false, false
}

// bigOperand gives a dynamic operand of bigint arithmetic as a bigint: a bigint, an integer,
// or a whole float; ok is false for anything else.
func bigOperand(v Value, pos string) (BigInt, bool) {
	if b, ok := v.(BigInt); ok {
		return b, true
	}
	switch n := toNum(v); n.kind {
	case signedNum:
		return BigFromInt(n.i), true
	case unsignedNum:
		return BigFromUint(n.u), true
	case floatNum:
		return BigFromFloat(n.f, pos), true
	}
	return BigInt{}, false
}

// bigArith is a dynamic operator with a bigint on either side (arith's slow path).
func bigArith(op string, a, b Value, pos string) (Value, bool) {
	_, aBig := a.(BigInt)
	_, bBig := b.(BigInt)
	if !aBig && !bBig {
		return nil, false
	}
	x, ok1 := bigOperand(a, pos)
	y, ok2 := bigOperand(b, pos)
	if !ok1 || !ok2 {
		failOperands(op, a, b, pos)
	}
	return BigArith(op, x, y, pos), true
}

// fromDynamic converts a dynamic value to a bigint place (a typed `let b: bigint = dyn`): a
// bigint, an integer or a whole float.
func (BigInt) fromDynamic(v Value, pos string) any {
	if b, ok := bigOperand(v, pos); ok {
		return b
	}
	failExpected("bigint", v, pos)
	return BigInt{}
}
