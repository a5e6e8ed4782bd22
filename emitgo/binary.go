package emitgo

import "adesh2go/lower"

// gofmt's spacing of binary expressions, after go/printer's binaryExpr (the algorithm is Russ
// Cox's). depth 1 is "normal mode", deeper is "compact mode" (inside the index of an index
// expression, or an argument of a call with several). The only decision is whether levels 4
// (+ - | ^) and 5 (* / % << >> & &^) get blanks; levels 3 and below always do:
//
//  1. a right operand that would fuse with the operator without a blank (`/ *p`, `& &x`,
//     `& ^x`, `- -x`, `+ +x`) forces blanks at and below its level;
//  2. a mix of levels 4 and 5 puts blanks around level 4 only in normal mode, none in compact;
//  3. otherwise all operators get blanks in normal mode and levels 4 and 5 none in compact.

const (
	lowestPrec  = 0
	unaryPrec   = 6
	highestPrec = 7
)

// precedence is Go's binary operator precedence.
func precedence(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "==", "!=", "<", "<=", ">", ">=":
		return 3
	case "+", "-", "|", "^":
		return 4
	}
	return 5
}

// parenthesized reports whether an operand of a binary expression is printed in parentheses:
// where Go would otherwise group it differently.
func parenthesized(x lower.Expr, parent string, right bool) bool {
	b, ok := x.(*lower.Binary)
	if !ok {
		return false
	}
	p, pp := precedence(b.Op), precedence(parent)
	return p < pp || right && p == pp
}

// prefixOp is the prefix operator an expression starts with as Go reads it back: a unary
// expression's, or the sign of a negative literal.
func prefixOp(x lower.Expr) string {
	switch x := x.(type) {
	case *lower.Unary:
		return x.Op
	case *lower.Lit:
		if len(x.Text) > 1 && x.Text[0] == '-' {
			return "-"
		}
	}
	return ""
}

func walkBinary(e *lower.Binary) (has4, has5 bool, maxProblem int) {
	switch precedence(e.Op) {
	case 4:
		has4 = true
	case 5:
		has5 = true
	}
	if l, ok := e.X.(*lower.Binary); ok && !parenthesized(l, e.Op, false) {
		h4, h5, mp := walkBinary(l)
		has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
	}
	if r, ok := e.Y.(*lower.Binary); ok {
		if !parenthesized(r, e.Op, true) {
			h4, h5, mp := walkBinary(r)
			has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
		}
		return
	}
	switch u := prefixOp(e.Y); {
	case u == "*":
		if e.Op == "/" {
			maxProblem = 5
		}
	case u != "":
		switch e.Op + u {
		case "&&", "&^":
			maxProblem = 5
		case "++", "--":
			maxProblem = max(maxProblem, 4)
		}
	}
	return
}

func cutoff(e *lower.Binary, depth int) int {
	has4, has5, maxProblem := walkBinary(e)
	if maxProblem > 0 {
		return maxProblem + 1
	}
	if has4 && has5 {
		if depth == 1 {
			return 5
		}
		return 4
	}
	if depth == 1 {
		return 6
	}
	return 4
}

// diffPrec is 0 when x is a binary expression of precedence prec printed without parentheses.
func diffPrec(x lower.Expr, prec int, parent string) int {
	if b, ok := x.(*lower.Binary); ok && precedence(b.Op) == prec && !parenthesized(b, parent, false) {
		return 0
	}
	return 1
}

func reduceDepth(depth int) int { return max(depth-1, 1) }

// isBinary reports whether x is read back as a binary expression (not a parenthesized one).
func isBinary(x lower.Expr) bool {
	_, ok := x.(*lower.Binary)
	return ok
}

func (p *printer) binary(x *lower.Binary, depth int) {
	prec := precedence(x.Op)
	blank := prec < cutoff(x, depth)
	p.operand(x.X, x.Op, false, prec, depth+diffPrec(x.X, prec, x.Op))
	if blank {
		p.byte(' ')
	}
	p.op(x.Op)
	if blank {
		p.byte(' ')
	}
	p.operand(x.Y, x.Op, true, prec+1, depth+1)
}

// operand prints one side of a binary expression.
func (p *printer) operand(x lower.Expr, parent string, right bool, prec, depth int) {
	if parenthesized(x, parent, right) {
		p.paren(x, depth)
		return
	}
	p.expr1(x, prec, depth)
}

// paren prints x in parentheses, which undo one level of depth.
func (p *printer) paren(x lower.Expr, depth int) {
	p.byte('(')
	p.expr1(x, lowestPrec, reduceDepth(depth))
	p.byte(')')
}
