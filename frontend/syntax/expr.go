package syntax

import (
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/source"
)

// Expressions by precedence climbing (LANGUAGE.md §5), loosest first:
//
//	assignment · c ? a : b · a..b · || · && · ?? · | · ^ · & · == != · < <= > >= · << >> ·
//	+ - · * / % · as · prefix ! - ~ * & await spawn share new · postfix () . :: [] ? ++ --
//
// ns ("no struct") is set in the head of if/while/for/match, where `x {` starts the body and
// not a struct literal; any bracket resets it.

// exprCtx restricts what an expression may be, for the place it is in. Brackets lift the
// restrictions.
type exprCtx uint8

const (
	noStruct exprCtx = 1 << iota // `x {` ends the expression: the head of if/while/for/match
	noLambda                     // `x =>` ends the expression: a match guard
)

// ----- token helpers

func (p *parser) at(off int) source.Pos { return p.base + source.Pos(off) }

func (p *parser) startOf(t *tok) source.Pos { return p.at(t.Pos.Offset) }

func (p *parser) endOf(t *tok) source.Pos { return p.at(t.end()) }

// val is the text of t.
func (p *parser) val(t *tok) string { return p.src[t.Pos.Offset:t.end()] }

// next consumes a token and remembers where it ends (the end of the node being built). Every
// hand-written production consumes tokens through next or expect.
func (p *parser) next(lex *cursor) *tok {
	t := lex.Next()
	p.lastEnd = t.end()
	return t
}

func (p *parser) end() source.Pos { return p.at(p.lastEnd) }

// expect consumes a token of kind k or fails with "expected what, found …".
func (p *parser) expect(lex *cursor, k Kind, what string) (*tok, error) {
	t := lex.Peek()
	if t.Type != k {
		return nil, p.expected(what, t)
	}
	return p.next(lex), nil
}

// peekAt returns the token n places after the next one (0 is the next one).
func (p *parser) peekAt(lex *cursor, n int) *tok {
	i := lex.i + n
	if i >= len(p.tokens) {
		return &p.tokens[len(p.tokens)-1]
	}
	return &p.tokens[i]
}

// adjacent reports whether token b starts right where token a ends (`>` `>` is `>>`).
func adjacent(a, b *tok) bool { return a.end() == b.Pos.Offset }

func (p *parser) enter(t *tok) error {
	p.depth++
	if p.depth > maxDepth {
		p.depth--
		return p.errAt(t, "expression nested too deeply (more than %d levels)", maxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// ----- participle entry points

// exprProd is Expr for participle: it does not match unless an expression can begin here.
func (p *parser) exprProd(lex *cursor) (ast.Expr, error) {
	if !startsExpr(lex.Peek().Type) {
		return nil, errNoMatch
	}
	return p.parseExpr(lex, 0)
}

// HeadExpr = Expr .
// The head of if, while and for (a condition, an iterable): it may not begin with `{`, and a
// struct literal in it must be in parentheses (noStruct). The parentheses of `if (c)` are those
// of a parenthesised Expr.
func (p *parser) headExprProd(lex *cursor) (headExpr, error) {
	if t := lex.Peek(); !startsExpr(t.Type) || t.Type == tLBrace {
		return nil, p.expected("a condition or a value before the block", t)
	}
	return p.parseExpr(lex, noStruct)
}

// StmtExpr = Expr .
// The expression that begins an ExprStmt: it does not match `{` (a Block), `fn name` or `async
// fn name` (a FuncDecl), or `share let`, `share name =` and `share name :` (a LetStmt).
func (p *parser) stmtExprProd(lex *cursor) (stmtExpr, error) {
	t := lex.Peek()
	switch t.Type {
	case tLBrace:
		return nil, errNoMatch // a block
	case kwFn:
		if p.peekAt(lex, 1).Type != tLParen {
			return nil, errNoMatch // a declaration
		}
	case kwAsync:
		if p.peekAt(lex, 1).Type == kwFn && p.peekAt(lex, 2).Type != tLParen {
			return nil, errNoMatch
		}
	case kwShare:
		if n := p.peekAt(lex, 1); n.Type == kwLet || n.Type == tIdent && (p.peekAt(lex, 2).Type == tAssign || p.peekAt(lex, 2).Type == tColon) {
			return nil, errNoMatch // `share let x = …` / `share x = …`
		}
	}
	if !startsExpr(t.Type) {
		return nil, errNoMatch
	}
	return p.parseExpr(lex, 0)
}

// startsExpr reports whether a token can begin an expression.
func startsExpr(k Kind) bool {
	switch k {
	case tIdent, tInt, tFloat, tString, tChar, tFString, tTemplate, tLParen, tLBrack, tLBrace,
		tBang, tMinus, tTilde, tStar, tAmp, kwAwait, kwSpawn, kwShare, kwNew, kwFn, kwAsync,
		kwMatch, kwTrue, kwFalse, kwNull:
		return true
	}
	return false
}

// ----- levels

// parseExpr parses a whole expression, assignment included.
//
//	Expr      = Ternary [ assign_op Expr ] .
//	assign_op = "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=" .
//
// Assignment associates to the right: `a = b = c` is `a = (b = c)`. `>>=` is the tokens `>`
// and `>=` written together.
func (p *parser) parseExpr(lex *cursor, ns exprCtx) (ast.Expr, error) {
	if err := p.enter(lex.Peek()); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.parseTernary(lex, ns)
	if err != nil {
		return nil, err
	}
	op, n := p.assignOp(lex)
	if n == 0 {
		return x, nil
	}
	for i := 0; i < n; i++ {
		p.next(lex)
	}
	y, err := p.parseExpr(lex, ns)
	if err != nil {
		return nil, err
	}
	return &ast.Assign{Span: ast.Span{Start: x.Pos(), End: y.EndPos()}, Op: op, X: x, Y: y}, nil
}

var assignOps = map[Kind]string{
	tAssign: "=", tPlusAssign: "+=", tMinusAssign: "-=", tStarAssign: "*=", tSlashAssign: "/=",
	tPercentAssign: "%=", tAmpAssign: "&=", tPipeAssign: "|=", tCaretAssign: "^=", tShlAssign: "<<=",
}

// assignOp returns the assign_op at the cursor and how many tokens spell it.
func (p *parser) assignOp(lex *cursor) (string, int) {
	t := lex.Peek()
	if op, ok := assignOps[t.Type]; ok {
		return op, 1
	}
	if t.Type == tGreater {
		if n := p.peekAt(lex, 1); n.Type == tGreaterEq && adjacent(t, n) {
			return ">>=", 2
		}
	}
	return "", 0
}

// Ternary = Range [ "?" Expr ":" Expr ] .
// The `?` is the conditional's when postfixOps left it (see questionIsTernary).
func (p *parser) parseTernary(lex *cursor, ns exprCtx) (ast.Expr, error) {
	c, err := p.parseRange(lex, ns)
	if err != nil {
		return nil, err
	}
	if lex.Peek().Type != tQuestion {
		return c, nil
	}
	p.next(lex)
	a, err := p.parseExpr(lex, 0)
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(lex, tColon, "`:` of the conditional expression `c ? a : b`"); err != nil {
		return nil, err
	}
	b, err := p.parseExpr(lex, ns)
	if err != nil {
		return nil, err
	}
	return &ast.Cond{Span: ast.Span{Start: c.Pos(), End: b.EndPos()}, C: c, A: a, B: b}, nil
}

// Range = Binary [ ( ".." | "..." ) Binary ] .
// `a...b` includes b.
func (p *parser) parseRange(lex *cursor, ns exprCtx) (ast.Expr, error) {
	lo, err := p.parseBinary(lex, 1, ns)
	if err != nil {
		return nil, err
	}
	k := lex.Peek().Type
	if k != tDot2 && k != tDot3 {
		return lo, nil
	}
	p.next(lex)
	hi, err := p.parseBinary(lex, 1, ns)
	if err != nil {
		return nil, err
	}
	return &ast.Range{Span: ast.Span{Start: lo.Pos(), End: hi.EndPos()}, Lo: lo, Hi: hi, Inclusive: k == tDot3}, nil
}

// binaryOp returns the binary operator at the cursor, its precedence (0: none) and how many
// tokens spell it.
//
//	binary_op = "||" | "or" | "&&" | "and" | "??" | "|" | "^" | "&" | "==" | "!=" |
//		"<" | "<=" | ">" | ">=" | "instanceof" | "<<" | ">>" | "+" | "-" | "*" | "/" | "%" | "**" .
//
// `or`, `and` and `instanceof` are contextual names; `>>` is two adjacent `>` (see tGreater), `**` two
// adjacent `*` (binds tightest, to the right).
func (p *parser) binaryOp(lex *cursor) (op string, prec, n int) {
	t := lex.Peek()
	switch t.Type {
	case tOrOr:
		return "||", 1, 1
	case tAndAnd:
		return "&&", 2, 1
	case tIdent:
		switch p.val(t) {
		case "or":
			return "||", 1, 1
		case "and":
			return "&&", 2, 1
		case "instanceof":
			return "instanceof", 8, 1 // `x instanceof C`: C names a type (check)
		}
	case tQuestion2:
		return "??", 3, 1
	case tPipe:
		return "|", 4, 1
	case tCaret:
		return "^", 5, 1
	case tAmp:
		return "&", 6, 1
	case tEq:
		return "==", 7, 1
	case tNotEq:
		return "!=", 7, 1
	case tLess:
		return "<", 8, 1
	case tLessEq:
		return "<=", 8, 1
	case tGreaterEq:
		return ">=", 8, 1
	case tGreater:
		if n := p.peekAt(lex, 1); adjacent(t, n) {
			switch n.Type {
			case tGreater:
				return ">>", 9, 2
			case tGreaterEq:
				return "", 0, 0 // `>>=`
			}
		}
		return ">", 8, 1
	case tShl:
		return "<<", 9, 1
	case tPlus:
		return "+", 10, 1
	case tMinus:
		return "-", 10, 1
	case tStar:
		if n := p.peekAt(lex, 1); n.Type == tStar && adjacent(t, n) {
			return "**", 12, 2 // the power operator (JavaScript's and the interpreter's)
		}
		return "*", 11, 1
	case tSlash:
		return "/", 11, 1
	case tPercent:
		return "%", 11, 1
	}
	return "", 0, 0
}

// Binary = Cast { binary_op Cast } .
// By precedence climbing: an operator binds more tightly than those of lower precedence in
// binaryOp, and operators of one level associate to the left.
func (p *parser) parseBinary(lex *cursor, minPrec int, ns exprCtx) (ast.Expr, error) {
	x, err := p.parseCast(lex, ns)
	if err != nil {
		return nil, err
	}
	for chain := 1; ; chain++ {
		op, prec, n := p.binaryOp(lex)
		if prec < minPrec || n == 0 {
			return x, nil
		}
		if chain > maxChain {
			return nil, p.errAt(lex.Peek(), "expression too long: more than %d operators in a row; split it into several statements", maxChain)
		}
		for i := 0; i < n; i++ {
			p.next(lex)
		}
		next := prec + 1
		if op == "**" {
			next = prec // `a ** b ** c` is `a ** (b ** c)`, as in JavaScript
		}
		y, err := p.parseBinary(lex, next, ns)
		if err != nil {
			return nil, err
		}
		x = &ast.Binary{Span: ast.Span{Start: x.Pos(), End: y.EndPos()}, Op: op, X: x, Y: y}
	}
}

// Cast = Unary { "as" Type } .
// Type, not UnionType: `x as i64 | y` is a bitwise or.
func (p *parser) parseCast(lex *cursor, ns exprCtx) (ast.Expr, error) {
	x, err := p.parseUnary(lex, ns)
	if err != nil {
		return nil, err
	}
	for lex.Peek().Type == kwAs {
		p.next(lex)
		t, err := p.parseType(lex)
		if err != nil {
			return nil, err
		}
		x = &ast.Cast{Span: ast.Span{Start: x.Pos(), End: t.EndPos()}, X: x, Type: t}
	}
	return x, nil
}

//	Unary    = unary_op Unary | Await | Typeof | Postfix .
//	unary_op = "!" | "-" | "~" | "*" | "&" | "share" | "spawn" .
//	Await    = "await" ( Unary | Postfix ) { PostfixOp } .
//
// `spawn (` begins a Postfix instead (`spawn(e)` binds like a call). The operand of await is a
// Unary when it begins with a prefix operator (`await await p`, `await *g`), else a Postfix that
// stops before its first `?`: the PostfixOps after it apply to the awaited value, so that
// `await f(x)?` is `(await f(x))?`.
func (p *parser) parseUnary(lex *cursor, ns exprCtx) (ast.Expr, error) {
	t := lex.Peek()
	switch t.Type {
	case tBang, tMinus, tTilde, tStar, tAmp, kwAwait, kwShare:
	case kwSpawn:
		if p.peekAt(lex, 1).Type == tLParen {
			return p.parsePostfix(lex, ns, false) // `spawn(e)` binds like a call
		}
	case tIdent:
		if n := p.peekAt(lex, 1); p.val(t) == "typeof" && n.Type != tLParen && startsExpr(n.Type) && (n.Type != tLBrace || ns&noStruct == 0) {
			return p.parseTypeofOperator(lex, ns)
		}
		return p.parsePostfix(lex, ns, false)
	default:
		return p.parsePostfix(lex, ns, false)
	}
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	op := p.next(lex)
	start := p.startOf(op)
	if op.Type == kwAwait {
		// `await f(x)?` is `(await f(x))?`: the operand stops before `?`, which then applies
		// to the awaited value along with any postfix operators after it.
		// A prefix operator after it starts a unary operand: `await await p`, `await *g`.
		var x ast.Expr
		var err error
		switch lex.Peek().Type {
		case tBang, tMinus, tTilde, tStar, tAmp, kwAwait, kwShare, kwSpawn:
			x, err = p.parseUnary(lex, ns)
		default:
			x, err = p.parsePostfix(lex, ns, true)
		}
		if err != nil {
			return nil, err
		}
		return p.postfixOps(lex, &ast.Await{Span: ast.Span{Start: start, End: x.EndPos()}, X: x}, ns, false)
	}
	x, err := p.parseUnary(lex, ns)
	if err != nil {
		return nil, err
	}
	span := ast.Span{Start: start, End: x.EndPos()}
	switch op.Type {
	case kwShare:
		return &ast.Share{Span: span, X: x}, nil
	case kwSpawn:
		return &ast.Spawn{Span: span, X: x}, nil
	}
	return &ast.Unary{Span: span, Op: p.val(op), X: x}, nil
}

// Postfix = Primary { PostfixOp } .
// stopAtTry leaves a `?` for the caller (the operand of await).
func (p *parser) parsePostfix(lex *cursor, ns exprCtx, stopAtTry bool) (ast.Expr, error) {
	x, err := p.parsePrimary(lex, ns)
	if err != nil {
		return nil, err
	}
	return p.postfixOps(lex, x, ns, stopAtTry)
}

// postfixOps parses the postfix operators after x.
//
//	PostfixOp  = Args | TypeArgs ( Args | StructLit ) | ( "." | "::" ) MemberName |
//		"." TupleIndex | "[" Expr "]" | "?" | "++" | "--" | StructLit .
//	MemberName = identifier | keyword .
//	TupleIndex = int_lit | float_lit .
//
// TypeArgs and StructLit follow only a path (isPath), and StructLit not in a head (noStruct),
// where `{` begins the body. A TupleIndex is one or two digits; the float `0.1` of `t.0.1` is two
// of them. A `?` that questionIsTernary gives to the conditional ends the Postfix.
func (p *parser) postfixOps(lex *cursor, x ast.Expr, ns exprCtx, stopAtTry bool) (ast.Expr, error) {
	for chain := 1; ; chain++ {
		t := lex.Peek()
		if chain > 2*maxChain+1 { // a method call is two: the selector and the call
			return nil, p.errAt(t, "expression too long: more than %d calls in a row (or twice as many fields and indexes); split it into several statements", maxChain)
		}
		switch t.Type {
		case tLParen:
			args, err := p.parseArgs(lex)
			if err != nil {
				return nil, err
			}
			x = &ast.Call{Span: ast.Span{Start: x.Pos(), End: p.end()}, Fun: x, Args: args}
		case tLess:
			if !isPath(x) {
				return x, nil
			}
			targs, ok := p.tryTypeArgs(lex, ns)
			if !ok {
				return x, nil
			}
			if lex.Peek().Type == tLBrace {
				lit, err := p.parseStructLit(lex, x, targs)
				if err != nil {
					return nil, err
				}
				x = lit // a postfix may follow: `Box<i64> { v: 1 }.v`
				continue
			}
			args, err := p.parseArgs(lex)
			if err != nil {
				return nil, err
			}
			x = &ast.Call{Span: ast.Span{Start: x.Pos(), End: p.end()}, Fun: x, TypeArgs: targs, Args: args}
		case tDot, tColon2:
			p.next(lex)
			n := lex.Peek()
			if t.Type == tDot && (n.Type == tInt || n.Type == tFloat) {
				// A tuple element: `t.0`, and `t.0.1`, which the lexer reads as `t` `.` `0.1`.
				sel, ok := p.tupleFields(x, n)
				if !ok {
					return nil, p.expected("a member name after `.`", n)
				}
				p.next(lex)
				x = sel
				continue
			}
			if n.Type != tIdent && !isKeyword(n.Type) {
				return nil, p.expected("a member name after `"+p.val(t)+"`", n)
			}
			p.next(lex)
			name := p.ident(n)
			x = &ast.Selector{Span: ast.Span{Start: x.Pos(), End: name.End}, X: x, Name: name, DoubleColon: t.Type == tColon2}
		case tLBrack:
			if err := p.enter(t); err != nil {
				return nil, err
			}
			p.next(lex)
			i, err := p.parseExpr(lex, 0)
			p.leave()
			if err != nil {
				return nil, err
			}
			if _, err := p.expect(lex, tRBrack, "`]` after the index"); err != nil {
				return nil, err
			}
			x = &ast.Index{Span: ast.Span{Start: x.Pos(), End: p.end()}, X: x, Index: i}
		case tQuestion:
			if stopAtTry || p.questionIsTernary(lex) {
				return x, nil
			}
			p.next(lex)
			x = &ast.Try{Span: ast.Span{Start: x.Pos(), End: p.end()}, X: x}
		case tInc, tDec:
			p.next(lex)
			x = &ast.IncDec{Span: ast.Span{Start: x.Pos(), End: p.end()}, Op: p.val(t), X: x}
		case tLBrace:
			if !isPath(x) {
				return x, nil
			}
			if ns&noStruct != 0 {
				if p.peekAt(lex, 1).Type == tIdent && p.peekAt(lex, 2).Type == tColon {
					return nil, p.errAt(t, "a struct literal here must be in parentheses: `(%s { … })`, because `{` starts the body", exprText(p, x))
				}
				return x, nil
			}
			lit, err := p.parseStructLit(lex, x, nil)
			if err != nil {
				return nil, err
			}
			x = lit // a postfix may follow: `P { x: 1 }.x`
		default:
			return x, nil
		}
	}
}

// isPath reports whether x can name a type or a generic function: `a`, `a.b`, `a::b`.
func isPath(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return true
		case *ast.Selector:
			x = e.X
		default:
			return false
		}
	}
}

// questionIsTernary tells `c ? a : b` from the postfix `x?`: it is a conditional when an
// expression follows and a `:` follows that on the same level.
func (p *parser) questionIsTernary(lex *cursor) bool {
	rc := lex.i
	if rc+1 >= len(p.tokens) {
		return false
	}
	switch next := &p.tokens[rc+1]; next.Type {
	case tLParen, tLBrack, tMinus, tStar, tAmp:
		// `f()? * 2` or `c ? -1 : 1`: look for the `:`
	case tLBrace:
		// `if f()? { … }` is a block after the postfix `?`; `c ? {n: 1} : {n: 2}` an object
		// literal, known by the `:` after its `}`.
		c := int(p.closers[rc+1])
		return c > 0 && c+1 < len(p.tokens) && p.tokens[c+1].Type == tColon
	case tIdent:
		if v := p.val(next); v == "or" || v == "and" {
			return false
		}
		return true
	default:
		// After the postfix `?` only an operator or the end can come: a value means `c ? a : b`.
		return startsExpr(next.Type)
	}
	const limit = 2000 // a conditional's middle part is never this long
	for i, n := rc+1, 0; i < len(p.tokens) && n < limit; i, n = i+1, n+1 {
		switch p.tokens[i].Type {
		case tColon:
			return true
		case tLParen, tLBrack, tLBrace:
			if c := p.closers[i]; c > 0 {
				i = int(c)
				continue
			}
			return false
		case tSemi, tComma, tRParen, tRBrack, tRBrace, tEOF:
			return false
		}
	}
	return false
}

// tupleFields builds the selectors of tuple elements written after a `.`: the integer token
// `0`, or the float token `0.1` (two elements). It reports false for anything else (`1e3`).
func (p *parser) tupleFields(x ast.Expr, n *tok) (ast.Expr, bool) {
	text := p.val(n)
	start := p.startOf(n)
	for _, part := range strings.Split(text, ".") {
		if part == "" || len(part) > 2 || strings.Trim(part, "0123456789") != "" {
			return nil, false
		}
		name := &ast.Ident{Span: ast.Span{Start: start, End: start + source.Pos(len(part))}, Name: part}
		x = &ast.Selector{Span: ast.Span{Start: x.Pos(), End: name.End}, X: x, Name: name}
		start = name.End + 1
	}
	if n.Type == tFloat && strings.Count(text, ".") != 1 || n.Type == tInt && strings.Contains(text, ".") {
		return nil, false
	}
	return x, true
}

// TypeArgs = "<" Type { "," Type } ">" .
// tryTypeArgs parses TypeArgs after a path when they are followed by `(` (a generic call) or,
// where struct literals are allowed, by `{`; otherwise it rewinds and reports false, and `<` is
// a comparison.
func (p *parser) tryTypeArgs(lex *cursor, ns exprCtx) ([]ast.Type, bool) {
	cp, lastEnd, depth := lex.MakeCheckpoint(), p.lastEnd, p.depth
	fail := func() ([]ast.Type, bool) {
		lex.LoadCheckpoint(cp)
		p.lastEnd, p.depth = lastEnd, depth
		return nil, false
	}
	p.next(lex) // <
	var args []ast.Type
	for {
		if !startsType(lex.Peek().Type) {
			return fail()
		}
		t, err := p.parseType(lex)
		if err != nil {
			return fail()
		}
		args = append(args, t)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if lex.Peek().Type != tGreater {
		return fail()
	}
	p.next(lex)
	switch lex.Peek().Type {
	case tLParen:
		return args, true
	case tLBrace:
		if ns&noStruct == 0 {
			return args, true
		}
	}
	return fail()
}

// Args = "(" [ Expr { "," Expr } [ "," ] ] ")" .
func (p *parser) parseArgs(lex *cursor) ([]ast.Expr, error) {
	p.next(lex) // ( — the nesting is counted by parseExpr, once per argument level
	var args []ast.Expr
	for lex.Peek().Type != tRParen {
		a, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRParen, "`,` or `)` in the argument list"); err != nil {
		return nil, err
	}
	return args, nil
}

// ident is the name of token t (which the caller consumed); `this` reads as `self`.
func (p *parser) ident(t *tok) *ast.Ident {
	name := p.val(t)
	if name == "this" {
		name = "self"
	}
	return &ast.Ident{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}, Name: name}
}

// exprText is the source text of x, shortened.
func exprText(p *parser, x ast.Expr) string {
	start, end := int(x.Pos()-p.base), int(x.EndPos()-p.base)
	if start < 0 || end > len(p.src) || start > end {
		return "…"
	}
	return clip(p.src[start:end])
}
