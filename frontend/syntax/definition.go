package syntax

import (
	"fmt"
	"io"

	"github.com/alecthomas/participle/v2/lexer"
)

// Definition is the AdeshLang lexer as a participle lexer.Definition (also used by tests and
// tools). Lexical errors are returned as the lexer's first error.
type Definition struct{}

var _ lexer.Definition = Definition{}
var _ lexer.StringDefinition = Definition{}

// Symbols names the token kinds the grammar refers to.
func (Definition) Symbols() map[string]lexer.TokenType { return symbols }

// Lex reads all of r and lexes it.
func (d Definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	buf, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(buf))
}

// LexString lexes s.
func (Definition) LexString(filename, s string) (lexer.Lexer, error) {
	l := &erroringLexer{}
	l.scanner = newScanner(filename, s, func(start, end int, format string, args ...any) {
		if l.err == nil {
			l.err = &lexError{pos: l.scanner.positionOf(start), msg: fmt.Sprintf(format, args...)}
		}
	})
	return l, nil
}

// erroringLexer turns the first lexical error into an error from Next.
type erroringLexer struct {
	*scanner
	err error
}

func (l *erroringLexer) Next() (lexer.Token, error) {
	t, _ := l.scanner.Next()
	if l.err != nil {
		return t, l.err
	}
	return t, nil
}

func (s *scanner) positionOf(off int) lexer.Position {
	line, col := 1, 1
	for i := 0; i < off && i < len(s.src); i++ {
		if s.src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return lexer.Position{Filename: s.filename, Offset: off, Line: line, Column: col}
}

type lexError struct {
	pos lexer.Position
	msg string
}

func (e *lexError) Error() string            { return e.pos.String() + ": " + e.msg }
func (e *lexError) Message() string          { return e.msg }
func (e *lexError) Position() lexer.Position { return e.pos }
