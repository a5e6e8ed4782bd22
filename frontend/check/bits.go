package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/types"
)

// bitsCall checks a bit intrinsic of std (EVERYDAY.md §7.4). The operand is an integer of any
// width, worked on in its own width; an untyped whole number is an i64 and a dynamic value one
// at run time. The counts and indexes are i64 (non-negative, checked at run time).
func (c *checker) bitsCall(e *ast.Call, ci *CallInfo, shape builtin.BitShape) types.Type {
	n := shape.Arity()
	if len(e.Args) != n {
		c.errorf(e, "wrong number of arguments: expected %d, found %d", n, len(e.Args))
	}
	operand := types.Type(types.I64)
	params := make([]types.Type, n)
	for i, a := range e.Args {
		switch {
		case i >= n:
			c.expr(a, nil)
			continue
		case i == 0 && shape.Operand:
			operand = c.bitOperand(a)
			params[i] = operand
			continue
		case i == n-1 && shape.Value:
			params[i] = operand // bit_insert's bits: of the operand's type
		default:
			params[i] = types.I64
		}
		c.expectAssignable(a, c.expr(a, params[i]), params[i], " in this argument")
	}
	ci.Params = params
	switch shape.Gives {
	case builtin.BitsCount:
		ci.Ret = types.Typ[types.Uint32]
	case builtin.BitsBool:
		ci.Ret = types.BoolType
	case builtin.BitsMask:
		ci.Ret = types.Typ[types.Uint64]
	default:
		ci.Ret = operand
	}
	return c.recordCall(e, ci)
}

// bitOperand is the integer type a bit intrinsic works in for its operand a.
func (c *checker) bitOperand(a ast.Expr) types.Type {
	t := types.Resolve(c.expr(a, nil))
	switch {
	case types.IsInteger(t):
		return t
	case types.IsAny(t):
		return types.I64 // converted at run time, failing for a fraction
	case types.IsInvalid(t):
		return types.InvalidType
	}
	if v, ok := t.(*types.Var); ok && c.unify(v, types.I64) {
		return types.I64
	}
	c.errorf(a, "a bit intrinsic needs an integer operand, found `%s`", typeString(t)).
		WithHelp("convert it first: `int(x)`, or a typed integer such as `x as u64`")
	return types.InvalidType
}
