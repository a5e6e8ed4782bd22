package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Participle and the hand-written productions share the token stream this way: participle gets
// a chunk of the file as lexer.Tokens in which every `{ … }` group that it does not parse
// itself (anything but the body of an extend block, whose methods it parses) is collapsed into a single
// token, and each custom production runs the hand-written parser on a cursor over the file's
// own tokens, then moves participle's lexer past what it read. So participle sees item
// structure only, and a function body costs it one token.

// cursor is the hand-written parser's position in p.tokens; tokens from end on read as EOF.
type cursor struct {
	toks   []tok
	i, end int
	eof    tok
}

// Peek returns the next token.
func (c *cursor) Peek() *tok {
	if c.i >= c.end {
		return &c.eof
	}
	return &c.toks[c.i]
}

// Next consumes the next token.
func (c *cursor) Next() *tok {
	t := c.Peek()
	if c.i < c.end {
		c.i++
	}
	return t
}

// MakeCheckpoint and LoadCheckpoint save and restore the position (speculative parses).
func (c *cursor) MakeCheckpoint() int  { return c.i }
func (c *cursor) LoadCheckpoint(i int) { c.i = i }

// newCursor makes a cursor over p.tokens from i up to p.limit.
func (p *parser) newCursor(i int) *cursor {
	end := p.limit
	eofOff := len(p.src)
	if end < len(p.tokens) {
		eofOff = p.tokens[end].Pos.Offset
	}
	c := &cursor{}
	if n := len(p.freeCursors); n > 0 {
		c = p.freeCursors[n-1]
		p.freeCursors = p.freeCursors[:n-1]
	}
	*c = cursor{i: i, end: end, toks: p.tokens, eof: tok{Type: tEOF, Pos: tokPos{eofOff}}}
	return c
}

// hand adapts a hand-written production to participle: it runs f on a cursor at participle's
// position and then moves participle's lexer past what f read (also after an error, so that
// participle sees the progress and reports the error rather than trying other alternatives).
func hand[T any](p *parser, f func(*cursor) (T, error)) func(*lexer.PeekingLexer) (T, error) {
	return func(lex *lexer.PeekingLexer) (T, error) {
		c := p.newCursor(p.indexAt(lex.Peek().Pos.Offset))
		v, err := f(c)
		p.syncLexerTo(lex, c.i)
		p.freeCursors = append(p.freeCursors, c)
		return v, err
	}
}

// syncLexerTo moves participle's lexer forward to token i of p.tokens.
func (p *parser) syncLexerTo(lex *lexer.PeekingLexer, i int) {
	if i >= len(p.tokens) {
		i = len(p.tokens) - 1
	}
	off := p.tokens[i].Pos.Offset
	if p.tokens[i].Type == tEOF {
		off = len(p.src) + 1
	}
	for t := lex.Peek(); t.Type != tEOF && t.Pos.Offset < off; t = lex.Peek() {
		lex.Next()
	}
}

// chunkLexer gives participle the tokens p.tokens[from:to], with the `{ … }` groups it does
// not parse collapsed, then EOF.
func (p *parser) chunkLexer(from, to int) *lexer.PeekingLexer {
	toks := p.chunkBuf[:0] // participle copies the tokens: the buffer is reused
	typeBody := false      // the next `{` opens the body of an extend block
	for i := from; i < to; {
		t := &p.tokens[i]
		lt := lexer.Token{Type: t.Type, Value: p.src[t.Pos.Offset:t.end()], Pos: lexer.Position{Offset: t.Pos.Offset}}
		switch t.Type {
		case kwExtend, kwImpl:
			typeBody = true
		case tSemi, tRBrace:
			typeBody = false
		case tLBrace:
			if c := int(p.closers[i]); !typeBody && c > i && c < to {
				// One token stands for the group; its text spans it, so that spans stay right.
				lt.Value = p.src[t.Pos.Offset:p.tokens[c].end()]
				toks = append(toks, lt)
				i = c + 1
				continue
			}
			typeBody = false
		}
		toks = append(toks, lt)
		i++
	}
	eofOff := len(p.src)
	if to < len(p.tokens) {
		eofOff = p.tokens[to].Pos.Offset
	}
	lex, _ := lexer.Upgrade(&sliceLexer{toks: toks, eof: lexer.Token{Type: tEOF, Pos: lexer.Position{Offset: eofOff}}})
	clear(toks) // drop the references to the source
	p.chunkBuf = toks[:0]
	return lex
}

// sliceLexer hands tokens, then eof, to participle.
type sliceLexer struct {
	toks []lexer.Token
	eof  lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.eof, nil
	}
	l.i++
	return l.toks[l.i-1], nil
}
