package syntax

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"adesh2go/frontend/ast"
)

// The small custom productions of the grammar: names, blocks (with statement-level error
// recovery), the statement terminator and the head of a C-style for.

func (p *parser) parseNameProd(lex *lexer.PeekingLexer) (nameNode, error) {
	t := lex.Peek()
	switch {
	case t.Type == tIdent:
		p.next(lex)
		return p.ident(t), nil
	case isKeyword(t.Type):
		// Taking the keyword makes participle report this error rather than try on.
		p.next(lex)
		return nil, p.errAt(t, "`%s` is a keyword and cannot be used as a name", t.Value)
	}
	return nil, participle.NextMatch
}

func (p *parser) parseBlockProd(lex *lexer.PeekingLexer) (blockNode, error) {
	if lex.Peek().Type != tLBrace {
		return nil, participle.NextMatch
	}
	b, err := p.parseBlock(lex)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// parseBlock parses `{ statements }`. A broken statement is reported and skipped, and the
// block goes on with the next one; a missing `}` is reported at the end of the file.
func (p *parser) parseBlock(lex *lexer.PeekingLexer) (*ast.Block, error) {
	open := p.next(lex)
	if err := p.enter(open); err != nil {
		return nil, p.errAt(open, "blocks nested too deeply (more than %d levels)", maxDepth)
	}
	defer p.leave()
	b := &ast.Block{}
	for {
		t := lex.Peek()
		switch {
		case t.Type == tRBrace:
			p.next(lex)
			b.Span = ast.Span{Start: p.startOf(open), End: p.end()}
			return b, nil
		case t.Type == tEOF:
			p.report(t.Pos.Offset, t.Pos.Offset, fmt.Sprintf("expected `}` to close the block opened at line %d, found %s", p.lineOf(open.Pos.Offset), p.describe(t)))
			b.Span = ast.Span{Start: p.startOf(open), End: p.startOf(t)}
			return b, nil
		case t.Type == tSemi && p.prevIsRBrace(lex):
			p.next(lex) // optional `;` after a block-bodied statement
			continue
		}
		if !startsItemOrStmt(t.Type) {
			p.reportErr(p.notAStatement(t))
			lex.Next()
			continue
		}
		start := lex.MakeCheckpoint()
		s, err := p.parseBlockStmt(lex)
		if err != nil {
			p.reportErr(err)
			p.recover(lex, start, err, true)
			continue
		}
		if s != nil {
			b.Stmts = append(b.Stmts, s)
		}
	}
}

// parseSemiProd matches the `;` that ends a statement. It may be left out after `}` (a
// block-bodied statement). When it is missing elsewhere, the error is reported and the parse
// goes on as if it were there, so that one forgotten `;` costs one error.
func (p *parser) parseSemiProd(lex *lexer.PeekingLexer) (semiNode, error) {
	t := lex.Peek()
	if t.Type == tSemi {
		p.next(lex)
		return nil, nil
	}
	rc := p.cursor(lex)
	if rc == 0 {
		return nil, p.expected("`;`", t)
	}
	prev := &p.tokens[rc-1]
	if prev.Type == tRBrace {
		return nil, nil
	}
	at := int(prev.end)
	p.report(at, at, "expected `;` after the statement, found "+p.describe(t))
	return nil, nil
}

// parseForCHeadProd parses `(init; cond; post)` of a C-style for. It does not match (and the
// grammar tries `for pattern in …`) unless the parenthesis holds a `;` at its own level.
func (p *parser) parseForCHeadProd(lex *lexer.PeekingLexer) (forCHead, error) {
	open := lex.Peek()
	if open.Type != tLParen {
		return nil, participle.NextMatch
	}
	rc := p.cursor(lex)
	closeAt := int(p.closers[rc])
	if closeAt < 0 {
		closeAt = len(p.tokens) - 1
	}
	cStyle := false
	for i := rc + 1; i < closeAt; i++ {
		if k := p.tokens[i].Type; k == tSemi {
			cStyle = true
			break
		} else if opens(k) && p.closers[i] > 0 {
			i = int(p.closers[i])
		}
	}
	if !cStyle {
		return nil, participle.NextMatch
	}
	p.next(lex)
	fc := &ast.ForCStmt{}
	// init
	switch t := lex.Peek(); t.Type {
	case tSemi:
		p.next(lex)
	case kwLet, kwConst:
		l, err := p.lets.ParseFromLexer(lex, participle.AllowTrailing(true))
		if err != nil {
			return nil, err
		}
		fc.Init = p.convertLet(l, false)
	default:
		x, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		fc.Init = &ast.ExprStmt{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, X: x}
		if _, err := p.expect(lex, tSemi, "`;` after the loop's initialisation"); err != nil {
			return nil, err
		}
	}
	// condition
	if lex.Peek().Type != tSemi {
		x, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		fc.Cond = x
	}
	if _, err := p.expect(lex, tSemi, "`;` after the loop's condition"); err != nil {
		return nil, err
	}
	// post
	if lex.Peek().Type != tRParen {
		x, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		fc.Post = &ast.ExprStmt{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, X: x}
	}
	if _, err := p.expect(lex, tRParen, "`)` after the loop's increment"); err != nil {
		return nil, err
	}
	return fc, nil
}

func (p *parser) parseListSepProd(lex *lexer.PeekingLexer) (listSep, error) {
	switch t := lex.Peek(); t.Type {
	case tComma, tSemi:
		p.next(lex)
	case tRBrace, kwFn, kwAsync:
	default:
		return nil, p.expected("`,` or `}`", t)
	}
	return nil, nil
}

func (p *parser) parseParamsProd(lex *lexer.PeekingLexer) (paramsNode, error) {
	t := lex.Peek()
	if t.Type != tLParen {
		return nil, p.expected("`(` and the parameters", t)
	}
	params, err := p.parseParams(lex)
	if err != nil {
		return nil, err
	}
	return &paramList{Span: ast.Span{Start: p.startOf(t), End: p.end()}, Params: params}, nil
}

func (p *parser) parsePayloadProd(lex *lexer.PeekingLexer) (payloadNode, error) {
	open := lex.Peek()
	if open.Type != tLParen {
		return nil, errNoMatch
	}
	p.next(lex)
	list := &typeList{}
	for lex.Peek().Type != tRParen {
		t, err := p.parseType(lex)
		if err != nil {
			return nil, err
		}
		list.Types = append(list.Types, t)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRParen, "`,` or `)` in the variant's payload"); err != nil {
		return nil, err
	}
	list.Span = ast.Span{Start: p.startOf(open), End: p.end()}
	return list, nil
}
