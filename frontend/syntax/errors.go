package syntax

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// syntaxError is an error found by the hand-written productions. It satisfies participle.Error
// so that participle passes it through untouched.
type syntaxError struct {
	start, end int // byte offsets
	msg        string
}

func (e *syntaxError) Error() string   { return e.msg }
func (e *syntaxError) Message() string { return e.msg }
func (e *syntaxError) Position() lexer.Position {
	return lexer.Position{Offset: e.start}
}

// errAt makes an error at token t.
func (p *parser) errAt(t *tok, format string, args ...any) error {
	return &syntaxError{start: t.Pos.Offset, end: t.end(), msg: fmt.Sprintf(format, args...)}
}

// expected makes the usual "expected X, found Y" error at t.
func (p *parser) expected(what string, t *tok) error {
	if isKeyword(t.Type) && strings.Contains(what, "name") {
		return p.errAt(t, "`%s` is a keyword and cannot be used as a name", p.val(t))
	}
	return p.errAt(t, "expected %s, found %s", what, p.describe(t))
}

// lexError reports a lexical error.
func (p *parser) lexError(start, end int, format string, args ...any) {
	if strings.HasPrefix(format, "unterminated") || strings.Contains(format, "never closed") {
		p.lexedToEnd = true
	}
	p.report(start, end, fmt.Sprintf(format, args...))
}

// report records a syntax error unless its line already has one (which avoids cascades).
func (p *parser) report(start, end int, msg string) {
	if start >= len(p.src) && p.lexedToEnd {
		return // the end of the file was swallowed by an unterminated literal, already reported
	}
	line := p.lineOf(start)
	if _, dup := p.errored[line]; dup {
		return
	}
	p.errored[line] = struct{}{}
	var endPos source.Pos
	if end > start {
		endPos = p.base + source.Pos(end)
	}
	p.diags.Errorf(p.base+source.Pos(start), endPos, diag.Syntax, "%s", msg)
}

func (p *parser) lineOf(off int) int {
	if off > len(p.src) {
		off = len(p.src)
	}
	return p.file.Position(off).Line
}

// reportErr reports an error returned by participle or by a hand-written production.
func (p *parser) reportErr(err error) {
	start, end, msg := p.explain(err)
	p.report(start, end, msg)
}

func (p *parser) errorOffset(err error) int {
	start, _, _ := p.explain(err)
	return start
}

// explain turns any parse error into a position and a message in the user's words.
func (p *parser) explain(err error) (start, end int, msg string) {
	var se *syntaxError
	if errors.As(err, &se) {
		return se.start, se.end, se.msg
	}
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		t := p.tokenAt(ute.Unexpected.Pos.Offset)
		if want := expectedWords(ute.Message()); want != "" {
			return t.Pos.Offset, t.end(), "expected " + want + ", found " + p.describe(t)
		}
		return t.Pos.Offset, t.end(), "unexpected " + p.describe(t)
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		t := p.tokenAt(perr.Position().Offset)
		return t.Pos.Offset, t.end(), "unexpected " + p.describe(t)
	}
	return 0, 0, err.Error()
}

// tokenAt finds the token that starts at or after off.
func (p *parser) tokenAt(off int) *tok {
	i := p.indexAt(off)
	if i >= len(p.tokens) {
		i = len(p.tokens) - 1
	}
	return &p.tokens[i]
}

// indexAt is the index of the first token that starts at or after off.
func (p *parser) indexAt(off int) int {
	return sort.Search(len(p.tokens), func(i int) bool { return p.tokens[i].Pos.Offset >= off })
}

// describe names a token for an error message; the end of a chunk is the token after it.
func (p *parser) describe(t *tok) string {
	if t.Type == tEOF {
		if p.interp {
			return "the end of the interpolation"
		}
		if real := p.tokenAt(t.Pos.Offset); real.Type != tEOF {
			return describe(real, p.val(real))
		}
	}
	return describe(t, p.val(t))
}

// errNoMatch is what a custom production returns when the input is not for it.
var errNoMatch = participle.NextMatch

// productionWords names participle's productions for users.
var productionWords = map[string]string{
	"NameNode": "a name", "Expr": "an expression", "HeadExpr": "an expression",
	"StmtExpr": "an expression", "Type": "a type", "Pattern": "a pattern",
	"BlockNode": "`{`", "SemiNode": "`;`", "ForCHead": "`(`", "Signature": "`(`",
	"StructBody": "`{`", "EnumBody": "`{`", "FnHead": "`fn`", "FuncG": "`fn`", "IfG": "`if`",
	"StmtG": "a statement", "<ident>": "a name", "<string>": "a string",
}

// expectedWords extracts what participle expected from its message and says it in words, or ""
// when that is not something a user would recognise.
func expectedWords(msg string) string {
	i := strings.Index(msg, "(expected ")
	if i < 0 {
		return ""
	}
	want := strings.TrimSuffix(msg[i+len("(expected "):], ")")
	want = strings.TrimLeft(want, "(")
	if strings.HasPrefix(want, `"`) {
		if j := strings.Index(want[1:], `"`); j >= 0 {
			return "`" + want[1:1+j] + "`"
		}
	}
	word := want
	if j := strings.IndexAny(word, " )?*+|=\n"); j >= 0 {
		word = word[:j]
	}
	return productionWords[word]
}
