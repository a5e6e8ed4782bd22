package lower

import (
	"math"
	"strconv"
	"strings"

	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// Go evaluates an expression of constants exactly and refuses a result that its type cannot
// hold (`255 + 1` as a uint8, `9223372036854775807 + 1`), and it adds `0.1 + 0.2` to exactly 0.3.
// AdeshLang wraps integers and rounds floats at every operation (§6). So an operation whose
// operands are all literals is computed here, with AdeshLang's semantics, and becomes one
// literal; one that fails at run time (a division by zero, a negative shift) is left alone.

// intBits reads an integer literal as the bits of a value of kind k (sign-extended for signed
// kinds).
func intBits(x ir.Expr, k types.Kind) (uint64, bool) {
	lit, ok := x.(*ir.Lit)
	if !ok {
		return 0, false
	}
	if strings.HasPrefix(lit.Text, "-") {
		v, err := strconv.ParseInt(lit.Text, 10, 64)
		if err != nil {
			return 0, false
		}
		return wrapInt(uint64(v), k), true
	}
	v, err := strconv.ParseUint(lit.Text, 10, 64)
	if err != nil {
		return 0, false
	}
	return wrapInt(v, k), true
}

// floatVal reads a numeric literal as a float.
func floatVal(x ir.Expr) (float64, bool) {
	lit, ok := x.(*ir.Lit)
	if !ok || strings.HasPrefix(lit.Text, "'") {
		return 0, false
	}
	f, err := strconv.ParseFloat(lit.Text, 64)
	return f, err == nil
}

// wrapInt truncates v to the width of kind k and extends it back to 64 bits.
func wrapInt(v uint64, k types.Kind) uint64 {
	switch k {
	case types.Int8:
		return uint64(int64(int8(v)))
	case types.Int16:
		return uint64(int64(int16(v)))
	case types.Int32:
		return uint64(int64(int32(v)))
	case types.Uint8:
		return uint64(uint8(v))
	case types.Uint16:
		return uint64(uint16(v))
	case types.Uint32:
		return uint64(uint32(v))
	}
	return v
}

func intWidth(k types.Kind) uint64 {
	switch k {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

func isSignedKind(k types.Kind) bool { return k >= types.Int8 && k <= types.Int64 }

func intLit(v uint64, k types.Kind) ir.Expr {
	if isSignedKind(k) {
		return &ir.Lit{Text: strconv.FormatInt(int64(v), 10)}
	}
	return &ir.Lit{Text: strconv.FormatUint(v, 10)}
}

// floatExpr writes a float value of kind k: a literal, or math.Inf/math.NaN (converted for f32).
func floatExpr(f float64, k types.Kind) ir.Expr {
	var x ir.Expr
	switch {
	case math.IsInf(f, 0):
		sign := "1"
		if f < 0 {
			sign = "-1"
		}
		x = &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Inf"}, Args: []ir.Expr{&ir.Lit{Text: sign}}}
	case math.IsNaN(f):
		x = &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "NaN"}}
	case f == 0 && math.Signbit(f):
		// Go constants have no negative zero.
		x = &ir.Call{Fun: &ir.Ident{Pkg: "math", Name: "Copysign"}, Args: []ir.Expr{&ir.Lit{Text: "0"}, &ir.Lit{Text: "-1"}}}
	default:
		return &ir.Lit{Text: floatLit(f)}
	}
	if k == types.Float32 {
		return &ir.Conv{Type: goType("float32"), X: x}
	}
	return x
}

// foldBinary computes `x op y` for literal operands of type t, or returns nil.
func foldBinary(op string, x, y ir.Expr, t, yt types.Type) ir.Expr {
	k := types.BasicKind(t)
	switch {
	case types.IsInteger(t):
		a, ok1 := intBits(x, k)
		if !ok1 {
			return nil
		}
		if op == "<<" || op == ">>" {
			yk := types.BasicKind(yt)
			c, ok := intBits(y, yk)
			if !ok || isSignedKind(yk) && int64(c) < 0 {
				return nil
			}
			return intLit(shift(op, a, c, k), k)
		}
		b, ok2 := intBits(y, k)
		if !ok2 {
			return nil
		}
		var v uint64
		switch op {
		case "+":
			v = a + b
		case "-":
			v = a - b
		case "*":
			v = a * b
		case "&":
			v = a & b
		case "|":
			v = a | b
		case "^":
			v = a ^ b
		case "/", "%":
			if b == 0 {
				return nil // a run-time error
			}
			switch {
			case !isSignedKind(k) && op == "/":
				v = a / b
			case !isSignedKind(k):
				v = a % b
			case op == "/":
				v = uint64(int64(a) / int64(b))
			default:
				v = uint64(int64(a) % int64(b))
			}
		default:
			return nil
		}
		return intLit(wrapInt(v, k), k)
	case types.IsFloat(t):
		a, ok1 := floatVal(x)
		b, ok2 := floatVal(y)
		if !ok1 || !ok2 {
			return nil
		}
		v, ok := floatOp(op, a, b)
		if k == types.Float32 {
			v, ok = floatOp(op, float32(a), float32(b))
		}
		if !ok {
			return nil
		}
		return floatExpr(v, k)
	}
	return nil
}

// floatOp folds an arithmetic operator on floats of one size: float32 arithmetic rounds at
// each step, as Go's does at run time.
func floatOp[F float32 | float64](op string, a, b F) (float64, bool) {
	switch op {
	case "+":
		return float64(a + b), true
	case "-":
		return float64(a - b), true
	case "*":
		return float64(a * b), true
	case "/":
		return float64(a / b), true
	case "%":
		return float64(F(math.Mod(float64(a), float64(b)))), true
	}
	return 0, false
}

// shift computes a shift with Go's run-time rules: a count at least the width gives 0, or the
// sign for a right shift of a negative value.
func shift(op string, a, c uint64, k types.Kind) uint64 {
	w := intWidth(k)
	if op == "<<" {
		if c >= w {
			return 0
		}
		return wrapInt(a<<c, k)
	}
	if isSignedKind(k) {
		if c >= 64 {
			c = 63
		}
		return wrapInt(uint64(int64(a)>>c), k)
	}
	if c >= 64 {
		return 0
	}
	return a >> c
}

// foldUnary computes `-x` or `~x` for a literal x of type t, or returns nil.
func foldUnary(op string, x ir.Expr, t types.Type) ir.Expr {
	k := types.BasicKind(t)
	switch {
	case types.IsInteger(t):
		a, ok := intBits(x, k)
		if !ok {
			return nil
		}
		switch op {
		case "-":
			return intLit(wrapInt(-a, k), k)
		case "~":
			return intLit(wrapInt(^a, k), k)
		}
	case types.IsFloat(t) && op == "-":
		a, ok := floatVal(x)
		if !ok {
			return nil
		}
		return floatExpr(-a, k)
	}
	return nil
}

// foldCast computes `x as to` for an integer literal x converted to another number type.
func foldCast(x ir.Expr, from, to types.Type) ir.Expr {
	fk, tk := types.BasicKind(from), types.BasicKind(to)
	switch {
	case types.IsBasic(from, types.Char) && types.IsInteger(to):
		// `'a' as u8`: folded, or Go would see a constant and refuse `'a' as u8 + 200`.
		if lit, ok := x.(*ir.Lit); ok {
			if r, err := strconv.Unquote(lit.Text); err == nil && strings.HasPrefix(lit.Text, "'") {
				return intLit(wrapInt(uint64([]rune(r)[0]), tk), tk)
			}
		}
		return nil
	case types.IsFloat(from) && types.IsFloat(to):
		// `1e40 as f32` is +Inf, as it is at run time; Go refuses the constant.
		f, ok := floatVal(x)
		if !ok {
			return nil
		}
		if tk == types.Float32 {
			f = float64(float32(f))
		}
		return floatExpr(f, tk)
	case !types.IsInteger(from):
		return nil
	}
	a, ok := intBits(x, fk)
	if !ok {
		return nil
	}
	switch {
	case types.IsInteger(to):
		return intLit(wrapInt(a, tk), tk)
	case types.IsFloat(to):
		f := float64(a)
		if isSignedKind(fk) {
			f = float64(int64(a))
		}
		if tk == types.Float32 {
			f = float64(float32(f))
		}
		return floatExpr(f, tk)
	}
	return nil
}

// typedLit gives a literal operand its Go type, so that a generic runtime helper (rt.Div) is
// instantiated at the AdeshLang type rather than at Go's default int or float64.
func (l *lowerer) typedLit(x ir.Expr, t types.Type) ir.Expr {
	if isConstant(x) {
		return &ir.Conv{Type: l.goTypeOf(t), X: x}
	}
	return x
}

// isConstant reports whether x is a Go constant expression (`7`, `-7`, `1 << 3`): as the
// argument of a generic function, Go would give it its default type (int, float64).
func isConstant(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Lit:
		return true
	case *ir.Unary:
		return x.Op != "&" && x.Op != "*" && isConstant(x.X)
	case *ir.Binary:
		return isConstant(x.X) && isConstant(x.Y)
	case *ir.Paren:
		return isConstant(x.X)
	}
	return false
}
