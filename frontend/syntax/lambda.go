package syntax

import (
	"adesh2go/frontend/ast"
)

// isLambdaParams reports whether the `(` at the cursor opens lambda parameters: its group is
// followed by `=>`, or by `: Type =>` (not `-> Type =>`).
func (p *parser) isLambdaParams(lex *cursor) bool {
	rc := lex.i
	c := int(p.closers[rc])
	if c < 0 || c+1 >= len(p.tokens) {
		return false
	}
	switch p.tokens[c+1].Type {
	case tFatArrow:
		return true
	case tColon:
		// `(x): T => …`; try the type.
		cp, lastEnd, depth := lex.MakeCheckpoint(), p.lastEnd, p.depth
		defer func() { lex.LoadCheckpoint(cp); p.lastEnd, p.depth = lastEnd, depth }()
		for lex.i <= c+1 && lex.Peek().Type != tEOF {
			lex.Next()
		}
		if _, err := p.parseType(lex); err != nil {
			return false
		}
		return lex.Peek().Type == tFatArrow
	}
	return false
}

// parseLambda parses `x => e`, `(a, b) => e`, `(v) => { … }`, `fn(a, b) { … }` and
// `fn(x: i64): i64 => e`; async says that `async` was already consumed.
//
//	Lambda     = identifier "=>" LambdaBody |
//		Params [ ":" Type ] "=>" LambdaBody |
//		"fn" Params [ ( ":" | "->" ) Type ] ( "=>" LambdaBody | Block ) .
//	LambdaBody = Block | Expr .
//
// (Its callers take `(` for lambda parameters only when isLambdaParams agrees, which does not
// know `->`: `(x) -> T => e` is no lambda, though this function would parse it.)
func (p *parser) parseLambda(lex *cursor, async bool) (ast.Expr, error) {
	first := lex.Peek()
	lam := &ast.Lambda{Async: async}
	start := p.startOf(first)
	if t := first; t.Type == tIdent {
		p.next(lex)
		name := p.ident(t)
		lam.Params = []*ast.Param{{Span: name.Span, Name: name}}
	} else {
		if t.Type == kwFn {
			p.next(lex)
			lam.Fn = true
			if n := lex.Peek(); n.Type != tLParen {
				if isKeyword(n.Type) {
					return nil, p.errAt(n, "`%s` is a keyword and cannot be used as a name", p.val(n))
				}
				return nil, p.expected("`(` after `fn` (a function declaration goes at the top level or in a block)", n)
			}
		}
		params, err := p.parseParams(lex)
		if err != nil {
			return nil, err
		}
		lam.Params = params
		if k := lex.Peek().Type; k == tColon || k == tArrow {
			p.next(lex)
			ret, err := p.parseType(lex)
			if err != nil {
				return nil, err
			}
			lam.Ret = ret
		}
	}
	switch lex.Peek().Type {
	case tFatArrow:
		p.next(lex)
		if lex.Peek().Type == tLBrace {
			b, err := p.parseBlock(lex)
			if err != nil {
				return nil, err
			}
			lam.Body = b
		} else {
			e, err := p.parseExpr(lex, 0)
			if err != nil {
				return nil, err
			}
			lam.ExprBody = e
		}
	case tLBrace:
		if !lam.Fn {
			return nil, p.expected("`=>`", lex.Peek())
		}
		b, err := p.parseBlock(lex)
		if err != nil {
			return nil, err
		}
		lam.Body = b
	default:
		if lam.Fn {
			return nil, p.expected("`{` or `=>` after the parameters", lex.Peek())
		}
		return nil, p.expected("`=>`", lex.Peek())
	}
	lam.Span = ast.Span{Start: start, End: p.end()}
	return lam, nil
}

// parseParams parses `(a, b: T, c = 1)`.
//
//	Params = "(" [ Param { "," Param } [ "," ] ] ")" .
//	Param  = identifier [ ":" UnionType ] [ "=" Expr ] .
func (p *parser) parseParams(lex *cursor) ([]*ast.Param, error) {
	open, err := p.expect(lex, tLParen, "`(`")
	if err != nil {
		return nil, err
	}
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	var params []*ast.Param
	for lex.Peek().Type != tRParen {
		n := lex.Peek()
		if n.Type != tIdent {
			return nil, p.expected("a parameter name", n)
		}
		p.next(lex)
		name := p.ident(n)
		par := &ast.Param{Name: name}
		if lex.Peek().Type == tColon {
			p.next(lex)
			t, err := p.parseUnionType(lex)
			if err != nil {
				return nil, err
			}
			par.Type = t
		}
		if lex.Peek().Type == tAssign {
			p.next(lex)
			d, err := p.parseExpr(lex, 0)
			if err != nil {
				return nil, err
			}
			par.Default = d
		}
		par.Span = ast.Span{Start: name.Start, End: p.end()}
		params = append(params, par)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRParen, "`,` or `)` in the parameter list"); err != nil {
		return nil, err
	}
	return params, nil
}

// parseAsync parses `async { … }`, `async move { … }` and async lambdas.
//
// AsyncExpr = "async" ( [ "move" ] Block | Lambda ) .
//
// `move` is a contextual name.
func (p *parser) parseAsync(lex *cursor) (ast.Expr, error) {
	kw := p.next(lex)
	t := lex.Peek()
	switch {
	case t.Type == tLBrace || t.Type == tIdent && p.val(t) == "move" && p.peekAt(lex, 1).Type == tLBrace:
		move := t.Type == tIdent
		if move {
			p.next(lex)
		}
		b, err := p.parseBlock(lex)
		if err != nil {
			return nil, err
		}
		return &ast.AsyncBlock{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Move: move, Body: b}, nil
	case t.Type == kwFn || t.Type == tIdent && p.peekAt(lex, 1).Type == tFatArrow || t.Type == tLParen && p.isLambdaParams(lex):
		x, err := p.parseLambda(lex, true)
		if err != nil {
			return nil, err
		}
		lam := x.(*ast.Lambda)
		lam.Start = p.startOf(kw)
		return lam, nil
	}
	return nil, p.expected("`{`, `move {` or a lambda after `async`", t)
}
