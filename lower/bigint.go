package lower

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// Bigints (`123n`, EVERYDAY.md §7.5) are rt.BigInt values: comparable in Go, so == and map
// keys need nothing, while every operator is a call. The other operand of a mixed operator is
// converted (a float with a fraction fails when the program runs, as in the interpreter).

func isBig(t types.Type) bool { return types.IsBasic(t, types.BigInt) }

// bigLit is the bigint of a literal: `123n`, or a whole-number literal a bigint place holds.
func bigLit(raw string) ir.Expr {
	return rtCall("BigLit", &ir.Lit{Text: `"` + strings.TrimSuffix(raw, "n") + `"`})
}

// toBig converts a number (or a bigint) to a bigint.
func (l *lowerer) toBig(x ir.Expr, t types.Type, n ast.Node) ir.Expr {
	switch {
	case isBig(t):
		return x
	case types.IsFloat(t):
		return rtCall("BigFromFloat", &ir.Conv{Type: tF64, X: x}, l.pos(n))
	case types.IsUnsigned(t):
		return rtCall("BigFromUint", &ir.Conv{Type: goType("uint64"), X: x})
	}
	return rtCall("BigFromInt", &ir.Conv{Type: tInt64, X: x})
}

// bigBinary lowers an operator with a bigint on one side (check's bigBinary): arithmetic and
// bit operators on two bigints, comparisons exact against any number.
func (l *lowerer) bigBinary(op string, x, y ir.Expr, xt, yt types.Type, n ast.Node) ir.Expr {
	if op == "+" && (types.IsBasic(xt, types.String) || types.IsBasic(yt, types.String)) {
		return &ir.Binary{Op: "+", X: l.toStr(x, xt), Y: l.toStr(y, yt)}
	}
	if !isComparison(op) {
		return rtCall("BigArith", &ir.Lit{Text: `"` + op + `"`}, l.toBig(x, xt, n), l.toBig(y, yt, n), l.pos(n))
	}
	if isBig(xt) && isBig(yt) && (op == "==" || op == "!=") {
		return &ir.Binary{Op: op, X: x, Y: y}
	}
	if !isBig(xt) {
		// `1 < b` is `b > 1`: the bigint goes first.
		x, y, xt, yt = y, x, yt, xt
		op = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}[op]
	}
	other := l.toAny(y, yt)
	switch op {
	case "==":
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "AdeshEqual"}, Args: []ir.Expr{other}}
	case "!=":
		return ir.Not(&ir.Call{Fun: &ir.Sel{X: x, Name: "AdeshEqual"}, Args: []ir.Expr{other}})
	}
	name := map[string]string{"<": "BigLess", "<=": "BigLessEq", ">": "BigGreater", ">=": "BigGreaterEq"}[op]
	return rtCall(name, x, other)
}

func isComparison(op string) bool {
	switch op {
	case "==", "!=", "<", "<=", ">", ">=":
		return true
	}
	return false
}
