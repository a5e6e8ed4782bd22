package syntax

import (
	"adesh2go/frontend/ast"
)

// Patterns of match arms and of let/for destructuring: `_`, literals (negative numbers too),
// ranges `1..5`, bindings `x` / `mut x`, variants `Ok(x)`, `Result::Ok(x)`, `Shape.Empty`,
// tuples `(a, b)`, or-patterns `a | b` and `(a | b)`.

// Pattern = PrimaryPattern .
// The pattern of a let or a for (and of participle's productions): an or-pattern there is in
// parentheses.
func (p *parser) patternProd(lex *cursor) (ast.Pattern, error) {
	t := lex.Peek()
	if !startsPattern(t.Type) {
		if isKeyword(t.Type) {
			return nil, p.expected("a name", t)
		}
		return nil, p.expected("a name or a pattern", t)
	}
	return p.parsePattern(lex, false)
}

func startsPattern(k Kind) bool {
	switch k {
	case tIdent, tInt, tFloat, tString, tChar, tMinus, tLParen, kwTrue, kwFalse, kwNull, kwMut:
		return true
	}
	return false
}

// ArmPattern = PrimaryPattern { "|" PrimaryPattern } .
// parsePattern parses an ArmPattern when bareOr is set (a match arm, the elements of brackets),
// else a Pattern.
func (p *parser) parsePattern(lex *cursor, bareOr bool) (ast.Pattern, error) {
	first, err := p.parsePatternPrimary(lex)
	if err != nil || !bareOr || lex.Peek().Type != tPipe {
		return first, err
	}
	or := &ast.OrPat{Alts: []ast.Pattern{first}}
	for lex.Peek().Type == tPipe {
		p.next(lex)
		alt, err := p.parsePatternPrimary(lex)
		if err != nil {
			return nil, err
		}
		or.Alts = append(or.Alts, alt)
	}
	or.Span = ast.Span{Start: first.Pos(), End: p.end()}
	return or, nil
}

//	PrimaryPattern = "_" | PathPattern | "mut" identifier |
//		LiteralPattern [ ( ".." | "..." ) LiteralPattern ] |
//		"(" [ ArmPattern { "," ArmPattern } [ "," ] ] ")" .
//
// `(p)` is p (grouping: `(a | b)`); `()`, `(p,)` and `(a, b)` are tuple patterns.
func (p *parser) parsePatternPrimary(lex *cursor) (ast.Pattern, error) {
	t := lex.Peek()
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	start := p.startOf(t)
	switch t.Type {
	case tIdent:
		if p.val(t) == "_" {
			p.next(lex)
			return &ast.WildcardPat{Span: ast.Span{Start: start, End: p.end()}}, nil
		}
		return p.parsePathPattern(lex)
	case kwMut:
		p.next(lex)
		n := lex.Peek()
		if n.Type != tIdent {
			return nil, p.expected("a name after `mut`", n)
		}
		p.next(lex)
		return &ast.BindPat{Span: ast.Span{Start: start, End: p.end()}, Name: p.ident(n), Mut: true}, nil
	case tInt, tFloat, tString, tChar, tMinus, kwTrue, kwFalse, kwNull:
		lo, err := p.parseLiteralPattern(lex)
		if err != nil {
			return nil, err
		}
		if k := lex.Peek().Type; k == tDot2 || k == tDot3 {
			p.next(lex)
			hi, err := p.parseLiteralPattern(lex)
			if err != nil {
				return nil, err
			}
			return &ast.RangePat{Span: ast.Span{Start: start, End: p.end()}, Lo: lo, Hi: hi, Inclusive: k == tDot3}, nil
		}
		return &ast.LitPat{Span: ast.Span{Start: start, End: p.end()}, Value: lo}, nil
	case tLParen:
		p.next(lex)
		var elems []ast.Pattern
		trailingComma := false
		for lex.Peek().Type != tRParen {
			e, err := p.parsePattern(lex, true)
			if err != nil {
				return nil, err
			}
			elems = append(elems, e)
			trailingComma = false
			if lex.Peek().Type != tComma {
				break
			}
			p.next(lex)
			trailingComma = true
		}
		if _, err := p.expect(lex, tRParen, "`,` or `)` in the pattern"); err != nil {
			return nil, err
		}
		if len(elems) == 1 && !trailingComma {
			return elems[0], nil // grouping: `(a | b)`
		}
		return &ast.TuplePat{Span: ast.Span{Start: start, End: p.end()}, Elems: elems}, nil
	}
	if isKeyword(t.Type) {
		return nil, p.expected("a name", t)
	}
	return nil, p.expected("a pattern", t)
}

// parseLiteralPattern parses a literal, maybe negative.
//
//	LiteralPattern = [ "-" ] ( int_lit | float_lit ) | string_lit | char_lit | "true" | "false" |
//		"null" .
func (p *parser) parseLiteralPattern(lex *cursor) (ast.Expr, error) {
	t := lex.Peek()
	if t.Type == tMinus {
		p.next(lex)
		n := lex.Peek()
		if n.Type != tInt && n.Type != tFloat {
			return nil, p.expected("a number after `-` in the pattern", n)
		}
		x, err := p.parsePrimary(lex, noStruct)
		if err != nil {
			return nil, err
		}
		return &ast.Unary{Span: ast.Span{Start: p.startOf(t), End: x.EndPos()}, Op: "-", X: x}, nil
	}
	switch t.Type {
	case tInt, tFloat, tString, tChar, kwTrue, kwFalse, kwNull:
		return p.parsePrimary(lex, noStruct)
	}
	return nil, p.expected("a literal", t)
}

// parsePathPattern parses a binding or a variant: `x`, `None`, `Ok(v)`, `Shape::Circle(r)`,
// `Shape.Empty`.
//
//	PathPattern = identifier { ( "." | "::" ) MemberName } [ PatternArgs ] .
//	PatternArgs = "(" [ ArmPattern { "," ArmPattern } [ "," ] ] ")" .
//
// A lone identifier is a BindPat, which the checker may find to be a unit variant, `None` or a
// constant; a path or arguments make a VariantPat.
func (p *parser) parsePathPattern(lex *cursor) (ast.Pattern, error) {
	first := p.next(lex)
	path := []*ast.Ident{p.ident(first)}
	for k := lex.Peek().Type; k == tDot || k == tColon2; k = lex.Peek().Type {
		p.next(lex)
		n := lex.Peek()
		if n.Type != tIdent && !isKeyword(n.Type) {
			return nil, p.expected("a variant name", n)
		}
		p.next(lex)
		path = append(path, p.ident(n))
	}
	start := path[0].Start
	if lex.Peek().Type != tLParen {
		if len(path) == 1 {
			return &ast.BindPat{Span: path[0].Span, Name: path[0]}, nil
		}
		return &ast.VariantPat{Span: ast.Span{Start: start, End: p.end()}, Path: path}, nil
	}
	p.next(lex)
	vp := &ast.VariantPat{Path: path, Parens: true}
	for lex.Peek().Type != tRParen {
		a, err := p.parsePattern(lex, true)
		if err != nil {
			return nil, err
		}
		vp.Args = append(vp.Args, a)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRParen, "`,` or `)` in the variant pattern"); err != nil {
		return nil, err
	}
	vp.Span = ast.Span{Start: start, End: p.end()}
	return vp, nil
}

// BracketPattern = "[" [ ArmPattern { "," ArmPattern } [ "," ] ] "]" .
//
// parseBracketPattern parses the `[a, b]` of `let [a, b] = pair;`: a tuple pattern written with
// brackets, as JavaScript destructures the pair of a channel (thread.Channel.bounded). It binds
// the elements of a tuple; the checker refuses it over an array, as `let (a, b)`.
func (p *parser) parseBracketPattern(lex *cursor) (ast.Pattern, error) {
	start := p.startOf(p.next(lex))
	var elems []ast.Pattern
	for lex.Peek().Type != tRBrack {
		e, err := p.parsePattern(lex, true)
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRBrack, "`,` or `]` in the pattern"); err != nil {
		return nil, err
	}
	return &ast.TuplePat{Span: ast.Span{Start: start, End: p.end()}, Elems: elems, Brackets: true}, nil
}
