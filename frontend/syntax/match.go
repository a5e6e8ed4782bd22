package syntax

import (
	"adesh2go/frontend/ast"
)

// MatchExpr = "match" Expr "{" { Arm [ "," ] } "}" .
// The matched Expr takes no struct literal outside brackets (noStruct), as a HeadExpr. The `,`
// after an arm may be left out only after a Block body or before `}`.
func (p *parser) parseMatch(lex *cursor) (ast.Expr, error) {
	kw := p.next(lex)
	x, err := p.parseExpr(lex, noStruct)
	if err != nil {
		return nil, err
	}
	open, err := p.expect(lex, tLBrace, "`{` after the matched value")
	if err != nil {
		return nil, err
	}
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	m := &ast.Match{X: x}
	for lex.Peek().Type != tRBrace {
		arm, blockBody, err := p.parseArm(lex)
		if err != nil {
			return nil, err
		}
		m.Arms = append(m.Arms, arm)
		switch t := lex.Peek(); {
		case t.Type == tComma:
			p.next(lex)
		case t.Type == tRBrace || blockBody:
		default:
			return nil, p.expected("`,` or `}` after the match arm", t)
		}
	}
	p.next(lex) // }
	m.Span = ast.Span{Start: p.startOf(kw), End: p.end()}
	return m, nil
}

// Arm = ArmPattern [ "if" Expr ] "=>" ( Block | Expr ) .
// The guard takes no `name =>` or `(…) =>` lambda outside brackets (noLambda): that `=>` is the
// arm's. A `{` after `=>` always begins a Block. The bool reports a Block body.
func (p *parser) parseArm(lex *cursor) (*ast.Arm, bool, error) {
	if t := lex.Peek(); t.Type == tEOF {
		return nil, false, p.expected("a match arm or `}`", t)
	}
	pat, err := p.parsePattern(lex, true)
	if err != nil {
		return nil, false, err
	}
	arm := &ast.Arm{Pattern: pat}
	if lex.Peek().Type == kwIf {
		p.next(lex)
		g, err := p.parseExpr(lex, noLambda)
		if err != nil {
			return nil, false, err
		}
		arm.Guard = g
	}
	if _, err := p.expect(lex, tFatArrow, "`=>` after the pattern"); err != nil {
		return nil, false, err
	}
	blockBody := false
	if lex.Peek().Type == tLBrace {
		b, err := p.parseBlock(lex)
		if err != nil {
			return nil, false, err
		}
		arm.Body = &ast.BlockExpr{Span: b.Span, Block: b}
		blockBody = true
	} else {
		e, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, false, err
		}
		arm.Body = e
	}
	arm.Span = ast.Span{Start: pat.Pos(), End: arm.Body.EndPos()}
	return arm, blockBody, nil
}
