package syntax

import "strings"

// Error recovery: where to go on after a broken statement or item, found by bracket matching.

// skipBroken finds where to go on after a broken item or statement that starts at token first
// and went wrong at token errAt: after a `;` or a closing `}` at the statement's own level, or
// at a line that starts a new statement or declaration, or (in a block) at the `}` that closes
// the block. Tokens are not read past limit.
func (p *parser) skipBroken(first, errAt, limit int, inBlock bool) int {
	if errAt <= first {
		errAt = first + 1 // always make progress
	}
	if errAt > limit {
		return limit
	}
	// Brackets opened before the error and closed after it are still to be skipped; brackets
	// never closed (the likely mistake) are not waited for.
	level := 0
	for i := first; i < errAt; i++ {
		if opens(p.tokens[i].Type) && int(p.closers[i]) >= errAt {
			level++
		}
	}
	i := errAt
	for i < limit {
		t := &p.tokens[i]
		switch {
		case t.Type == tEOF:
			return i
		case t.Type == tSemi && level == 0:
			return i + 1
		case t.Type == tRBrace || t.Type == tRParen || t.Type == tRBrack:
			if level == 0 {
				if t.Type == tRBrace && inBlock {
					return i // the end of the enclosing block
				}
				i++ // a stray closer
				continue
			}
			level--
			i++
			if level == 0 && t.Type == tRBrace {
				return i
			}
			continue
		case opens(t.Type) && p.closers[i] > 0 && int(p.closers[i]) < limit:
			i = int(p.closers[i]) + 1 // the whole group
			if level == 0 && t.Type == tLBrace && !p.continuesAfterBrace(i) {
				return i // a block-bodied statement ends here
			}
			continue
		case level == 0 && startsStatement(t.Type) && p.startsLine(i):
			return i
		}
		i++
	}
	return limit
}

// continuesAfterBrace reports whether token i, after a `}`, continues the statement
// (`} else`, `} catch`, `} finally`, `}.then(…)`, `})`, `}, …`, `};`).
func (p *parser) continuesAfterBrace(i int) bool {
	if i >= len(p.tokens) {
		return false
	}
	t := &p.tokens[i]
	switch t.Type {
	case kwElse, kwElif, kwCatch, tDot, tComma, tRParen, tRBrack, tSemi, tQuestion:
		return true
	case tIdent:
		return p.val(t) == "finally"
	}
	return false
}

// stmtEnd is the index just past the statement at the cursor, found by bracket matching:
// after its `;`, or after its last `{ … }` group.
func (p *parser) stmtEnd(c *cursor) int {
	i := c.i
	for i < c.end {
		k := p.tokens[i].Type
		switch {
		case k == tSemi:
			return i + 1
		case k == tRBrace:
			return i
		case opens(k):
			cl := int(p.closers[i])
			if cl < 0 || cl >= c.end {
				return c.end
			}
			i = cl + 1
			if k == tLBrace && !p.continuesAfterBrace(i) {
				return i
			}
			continue
		}
		i++
	}
	return c.end
}

func opens(k Kind) bool { return k == tLParen || k == tLBrack || k == tLBrace }

func bracketDelta(k Kind) int {
	switch k {
	case tLParen, tLBrack, tLBrace:
		return 1
	case tRParen, tRBrack, tRBrace:
		return -1
	}
	return 0
}

// startsItemOrStmt reports whether a token can begin a declaration or a statement.
func startsItemOrStmt(k Kind) bool {
	if startsExpr(k) || startsStatement(k) {
		return true
	}
	switch k {
	case kwAsync, kwShare, kwElif, tSemi, tLBrace:
		return true
	}
	return false
}

// notAStatement is the error for a token that cannot begin a statement.
func (p *parser) notAStatement(t *tok) error {
	switch t.Type {
	case tRBrace, tRParen, tRBrack:
		return p.errAt(t, "unexpected %s", p.describe(t))
	case kwElse:
		return p.errAt(t, "`else` without an `if` before it")
	case kwCatch:
		return p.errAt(t, "`catch` without a `try` block before it")
	}
	return p.errAt(t, "expected a declaration or a statement, found %s", p.describe(t))
}

// startsStatement reports whether a token at the start of a line surely begins a new statement
// or declaration (a recovery point).
func startsStatement(k Kind) bool {
	switch k {
	case kwFn, kwLet, kwConst, kwStruct, kwEnum, kwExtend, kwImpl, kwImport, kwExport, kwIf,
		kwWhile, kwFor, kwReturn, kwBreak, kwContinue, kwDefer, kwTry, kwThrow, kwStrong, kwWeak:
		return true
	}
	return false
}

// startsLine reports whether token i is the first of its line (a line break separates it
// from the token before; comments between them may hold it).
func (p *parser) startsLine(i int) bool {
	if i == 0 {
		return true
	}
	return strings.IndexByte(p.src[p.tokens[i-1].end():p.tokens[i].Pos.Offset], '\n') >= 0
}
