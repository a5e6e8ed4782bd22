package syntax

import (
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// scanner is the hand-written lexer: one pass over the source, no regular expressions, token
// values are substrings of the source (no copies). It never fails: a malformed token is
// reported through errorf and scanning goes on, so that the parser sees every later token.
type scanner struct {
	src       string
	off       int // offset of the next unread byte
	line      int // 1-based line of off
	lineStart int // offset of the first byte of line
	filename  string

	// errorf reports a lexical error covering src[start:end].
	errorf func(start, end int, format string, args ...any)
	// doc receives a /** … */ comment and the offset of the token right after it.
	doc func(tokenOffset int, text string)

	pendingDoc string
}

func newScanner(filename, src string, errorf func(start, end int, format string, args ...any)) *scanner {
	if errorf == nil {
		errorf = func(int, int, string, ...any) {}
	}
	return &scanner{src: src, line: 1, filename: filename, errorf: errorf}
}

// Next returns the next token; at the end it returns EOF tokens forever. It implements
// participle's lexer.Lexer.
func (s *scanner) Next() (lexer.Token, error) {
	t := s.scan()
	pos := lexer.Position{Filename: s.filename, Offset: t.Pos.Offset, Line: s.line, Column: t.Pos.Offset - s.lineStart + 1}
	return lexer.Token{Type: t.Type, Value: s.src[t.Pos.Offset:t.end()], Pos: pos}, nil
}

// scan returns the next token in compact form.
func (s *scanner) scan() tok {
	for {
		s.skipSpaceAndComments()
		start := s.off
		if start >= len(s.src) {
			return tok{Type: tEOF, Pos: tokPos{start}}
		}
		if s.pendingDoc != "" {
			if s.doc != nil {
				s.doc(start, s.pendingDoc)
			}
			s.pendingDoc = ""
		}
		kind := s.scanToken()
		s.off = min(s.off, len(s.src))
		if kind != tInvalid {
			return tok{Type: kind, Pos: tokPos{start}, n: s.off - start}
		}
	}
}

func (s *scanner) newline(at int) {
	s.line++
	s.lineStart = at + 1
}

// skipSpaceAndComments skips blanks and the three comment forms, remembering a doc comment
// (`/** … */`).
//
//	comment = "//" { unicode_char } | "#" { unicode_char } | "/*" { unicode_char | newline } "*/" .
//
// (As in Go's specification, unicode_char is any character but a newline.)
func (s *scanner) skipSpaceAndComments() {
	src := s.src
	for s.off < len(src) {
		c := src[s.off]
		switch c {
		case ' ', '\t', '\r':
			s.off++
		case '\n':
			s.newline(s.off)
			s.off++
		case '#':
			s.skipLine()
		case '/':
			if s.off+1 >= len(src) {
				return
			}
			switch src[s.off+1] {
			case '/':
				s.skipLine()
			case '*':
				s.skipBlockComment()
			default:
				return
			}
		default:
			return
		}
	}
}

func (s *scanner) skipLine() {
	for s.off < len(s.src) && s.src[s.off] != '\n' {
		if s.src[s.off] >= utf8.RuneSelf {
			s.checkRune()
			continue
		}
		s.off++
	}
}

func (s *scanner) skipBlockComment() {
	start := s.off
	s.off += 2
	for s.off+1 < len(s.src) {
		c := s.src[s.off]
		if c == '*' && s.src[s.off+1] == '/' {
			s.off += 2
			if text := s.src[start:s.off]; len(text) > 5 && text[2] == '*' {
				s.pendingDoc = docText(text)
			}
			return
		}
		if c == '\n' {
			s.newline(s.off)
		}
		if c >= utf8.RuneSelf {
			s.checkRune()
			continue
		}
		s.off++
	}
	s.errorf(start, start+2, "unterminated comment: `/*` is never closed by `*/`")
	for ; s.off < len(s.src); s.off++ {
		if s.src[s.off] == '\n' {
			s.newline(s.off)
		}
	}
}

// checkRune consumes one non-ASCII character, reporting invalid UTF-8.
func (s *scanner) checkRune() rune {
	r, size := utf8.DecodeRuneInString(s.src[s.off:])
	if r == utf8.RuneError && size == 1 {
		s.errorf(s.off, s.off+1, "invalid UTF-8 encoding")
	}
	s.off += size
	return r
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdentByte(c byte) bool {
	return isLetter(c) || isDigit(c)
}

// scanToken scans one token starting at s.off (not a blank, not a comment, not the end).
//
//	identifier = letter { letter | digit } .
//	letter     = "a" … "z" | "A" … "Z" | "_" .
//	digit      = "0" … "9" .
//
// A keyword is an identifier of the keywords table; `r"`, `r#"` and `f"` begin strings. The
// operators are the kinds of token.go (`>>` and `>>=` are none: see tGreater).
func (s *scanner) scanToken() Kind {
	src := s.src
	start := s.off
	c := src[start]
	if isLetter(c) {
		if c == 'r' && start+1 < len(src) && (src[start+1] == '"' || src[start+1] == '#' && s.rawHashes(start+1)) {
			s.scanRawString()
			return tString
		}
		if c == 'f' && start+1 < len(src) && src[start+1] == '"' {
			s.off++
			s.scanFString()
			return tFString
		}
		s.off++
		for s.off < len(src) && isIdentByte(src[s.off]) {
			s.off++
		}
		if k, ok := keywords[src[start:s.off]]; ok {
			return k
		}
		return tIdent
	}
	if isDigit(c) {
		return s.scanNumber()
	}
	s.off++
	next := byte(0)
	if s.off < len(src) {
		next = src[s.off]
	}
	// two-character operators
	pick := func(second byte, two, one Kind) Kind {
		if next == second {
			s.off++
			return two
		}
		return one
	}
	switch c {
	case '"':
		s.scanString(start)
		return tString
	case '\'':
		s.scanChar(start)
		return tChar
	case '`':
		s.scanTemplate(start)
		return tTemplate
	case '(':
		return tLParen
	case ')':
		return tRParen
	case '[':
		return tLBrack
	case ']':
		return tRBrack
	case '{':
		return tLBrace
	case '}':
		return tRBrace
	case ',':
		return tComma
	case ';':
		return tSemi
	case '~':
		return tTilde
	case ':':
		return pick(':', tColon2, tColon)
	case '.':
		if next == '.' {
			s.off++
			if s.off < len(src) && src[s.off] == '.' {
				s.off++
				return tDot3
			}
			return tDot2
		}
		return tDot
	case '?':
		return pick('?', tQuestion2, tQuestion)
	case '=':
		if next == '>' {
			s.off++
			return tFatArrow
		}
		return pick('=', tEq, tAssign)
	case '!':
		return pick('=', tNotEq, tBang)
	case '+':
		if next == '+' {
			s.off++
			return tInc
		}
		return pick('=', tPlusAssign, tPlus)
	case '-':
		switch next {
		case '>':
			s.off++
			return tArrow
		case '-':
			s.off++
			return tDec
		}
		return pick('=', tMinusAssign, tMinus)
	case '*':
		return pick('=', tStarAssign, tStar)
	case '/':
		return pick('=', tSlashAssign, tSlash)
	case '%':
		return pick('=', tPercentAssign, tPercent)
	case '^':
		return pick('=', tCaretAssign, tCaret)
	case '&':
		if next == '&' {
			s.off++
			return tAndAnd
		}
		return pick('=', tAmpAssign, tAmp)
	case '|':
		if next == '|' {
			s.off++
			return tOrOr
		}
		return pick('=', tPipeAssign, tPipe)
	case '<':
		if next == '<' {
			s.off++
			if s.off < len(src) && src[s.off] == '=' {
				s.off++
				return tShlAssign
			}
			return tShl
		}
		return pick('=', tLessEq, tLess)
	case '>':
		return pick('=', tGreaterEq, tGreater)
	}
	// Not a token: report it, skip it, and scan the next one.
	s.off = start
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(src[start:])
		if r == utf8.RuneError && size == 1 {
			s.errorf(start, start+1, "invalid UTF-8 encoding")
		} else {
			s.errorf(start, start+size, "invalid character %U %q in the program text (names are ASCII letters, digits and `_`)", r, r)
		}
		s.off += size
	} else {
		if c == 0 {
			s.errorf(start, start+1, "invalid NUL character")
		} else {
			s.errorf(start, start+1, "invalid character %q", rune(c))
		}
		s.off++
	}
	return tInvalid
}

// rawHashes reports whether src[i:] is a run of '#' followed by '"' (the start of r#"…"#).
func (s *scanner) rawHashes(i int) bool {
	for i < len(s.src) && s.src[i] == '#' {
		i++
	}
	return i < len(s.src) && s.src[i] == '"'
}

// scanRawString scans r"…" or r#"…"#; it may span lines and has no escapes.
//
//	raw_string_lit = "r" { "#" } `"` { unicode_char | newline } `"` { "#" } .
//
// It ends at the first `"` followed by as many `#` as it began with.
func (s *scanner) scanRawString() {
	start := s.off
	s.off++ // r
	hashes := 0
	for s.src[s.off] == '#' {
		hashes++
		s.off++
	}
	s.off++ // "
	for s.off < len(s.src) {
		c := s.src[s.off]
		if c == '"' && s.closesRaw(s.off+1, hashes) {
			s.off += 1 + hashes
			return
		}
		if c == '\n' {
			s.newline(s.off)
		}
		if c >= utf8.RuneSelf {
			s.checkRune()
			continue
		}
		s.off++
	}
	s.errorf(start, start+2+hashes, "unterminated raw string literal")
}

func (s *scanner) closesRaw(i, hashes int) bool {
	for n := 0; n < hashes; n++ {
		if i+n >= len(s.src) || s.src[i+n] != '#' {
			return false
		}
	}
	return true
}

// scanString scans a "…" string whose opening quote is at start; it ends at the line's end
// when the closing quote is missing.
//
//	string_lit = `"` { unicode_char | `\` ( unicode_char | newline ) } `"` | raw_string_lit .
//
// The parser decodes the escapes (unescape), reporting an unknown one.
func (s *scanner) scanString(start int) {
	for s.off < len(s.src) {
		switch c := s.src[s.off]; c {
		case '"':
			s.off++
			return
		case '\\':
			s.off += 2
			if s.off > len(s.src) {
				s.off = len(s.src)
			} else if s.src[s.off-1] == '\n' {
				s.newline(s.off - 1)
			}
		case '\n':
			s.errorf(start, s.off, "unterminated string literal: the closing `\"` is missing")
			return
		default:
			if c >= utf8.RuneSelf {
				s.checkRune()
			} else {
				s.off++
			}
		}
	}
	s.errorf(start, s.off, "unterminated string literal: the closing `\"` is missing")
}

// scanChar scans a character literal whose quote is at start.
//
//	char_lit = "'" { unicode_char | `\` unicode_char } "'" .
//
// The parser checks that it holds one character.
func (s *scanner) scanChar(start int) {
	for s.off < len(s.src) {
		switch c := s.src[s.off]; c {
		case '\'':
			s.off++
			return
		case '\\':
			s.off += 2
			if s.off > len(s.src) {
				s.off = len(s.src)
			} else if s.src[s.off-1] == '\n' {
				s.off--
				s.errorf(start, s.off, "unterminated character literal")
				return
			}
		case '\n':
			s.errorf(start, s.off, "unterminated character literal")
			return
		default:
			if c >= utf8.RuneSelf {
				s.checkRune()
			} else {
				s.off++
			}
		}
	}
	s.errorf(start, s.off, "unterminated character literal")
}

// scanFString scans f"…" (s.off at the quote). Interpolations `{…}` may hold nested strings;
// `{{` and `}}` are literal braces.
//
//	fstring_lit = "f" `"` { unicode_char | `\` ( unicode_char | newline ) | "{{" | "}}" |
//		"{" Expr "}" } `"` .
//
// The Expr stays on the line (skipInterpolation); the parser parses it (interpolation).
func (s *scanner) scanFString() {
	start := s.off - 1
	s.off++
	for s.off < len(s.src) {
		switch c := s.src[s.off]; c {
		case '"':
			s.off++
			return
		case '\\':
			s.off += 2
			if s.off > len(s.src) {
				s.off = len(s.src)
			} else if s.src[s.off-1] == '\n' {
				s.newline(s.off - 1)
			}
		case '\n':
			s.errorf(start, s.off, "unterminated f-string: the closing `\"` is missing")
			return
		case '{':
			if s.off+1 < len(s.src) && s.src[s.off+1] == '{' {
				s.off += 2
				continue
			}
			open := s.off
			end, ok := s.skipInterpolation(s.off+1, true)
			if !ok {
				s.errorf(open, open+1, "`{` in the f-string is never closed by `}`")
				s.off = end
				return
			}
			s.off = end
		default:
			if c >= utf8.RuneSelf {
				s.checkRune()
			} else {
				s.off++
			}
		}
	}
	s.errorf(start, s.off, "unterminated f-string: the closing `\"` is missing")
}

// scanTemplate scans a backtick template (s.off after the backtick). It may span lines.
//
//	template_lit = "`" { unicode_char | newline | `\` ( unicode_char | newline ) |
//		"${" Expr "}" } "`" .
func (s *scanner) scanTemplate(start int) {
	for s.off < len(s.src) {
		switch c := s.src[s.off]; c {
		case '`':
			s.off++
			return
		case '\\':
			s.off += 2
			if s.off > len(s.src) {
				s.off = len(s.src)
			} else if s.src[s.off-1] == '\n' {
				s.newline(s.off - 1)
			}
		case '\n':
			s.newline(s.off)
			s.off++
		case '$':
			if s.off+1 < len(s.src) && s.src[s.off+1] == '{' {
				open := s.off
				end, ok := s.skipInterpolation(s.off+2, false)
				if !ok {
					s.errorf(open, open+2, "`${` is never closed by `}`")
					s.off = end
					return
				}
				s.off = end
				continue
			}
			s.off++
		default:
			if c >= utf8.RuneSelf {
				s.checkRune()
			} else {
				s.off++
			}
		}
	}
	s.errorf(start, start+1, "unterminated template literal: the closing '`' is missing")
}

// skipInterpolation skips the expression of an interpolation starting at i (just after its
// `{` or `${`), through nested braces and strings, and returns the offset after the closing `}`.
// It stops with ok false at the end of the input, or at a line end inside an f-string's
// single-line strings, or at any line end when singleLine is set (inside an f-string).
func (s *scanner) skipInterpolation(i int, singleLine bool) (end int, ok bool) {
	src := s.src
	depth := 0
	for i < len(src) {
		c := src[i]
		switch c {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return i + 1, true
			}
			depth--
		case '\n':
			if singleLine {
				return i, false
			}
			s.newline(i)
		case '"', '\'', '`':
			j, closed := s.skipQuoted(i)
			if !closed {
				return j, false
			}
			i = j
			continue
		}
		i++
	}
	return i, false
}

// skipQuoted skips a quoted literal inside an interpolation (nested strings, chars, f-strings,
// templates with their own interpolations) starting at its quote; it returns the offset after
// the closing quote.
func (s *scanner) skipQuoted(i int) (int, bool) {
	src := s.src
	quote := src[i]
	isF := quote == '"' && i > 0 && src[i-1] == 'f' && (i < 2 || !isIdentByte(src[i-2]))
	i++
	for i < len(src) {
		c := src[i]
		switch {
		case c == quote:
			return i + 1, true
		case c == '\\':
			i += 2
			continue
		case c == '\n':
			if quote != '`' {
				return i, false
			}
			s.newline(i)
		case c == '{' && isF:
			if i+1 < len(src) && src[i+1] == '{' {
				i += 2
				continue
			}
			j, ok := s.skipInterpolation(i+1, true)
			if !ok {
				return j, false
			}
			i = j
			continue
		case c == '$' && quote == '`' && i+1 < len(src) && src[i+1] == '{':
			j, ok := s.skipInterpolation(i+2, false)
			if !ok {
				return j, false
			}
			i = j
			continue
		}
		i++
	}
	return min(i, len(src)), false
}

// scanNumber scans an integer or float literal with its suffix; the parser decodes it.
//
//	int_lit   = decimals [ suffix ] | "0" ( "x" | "X" | "b" | "B" | "o" | "O" ) { letter | digit } .
//	float_lit = decimals ( "." decimals [ exponent ] | exponent ) [ suffix ] .
//	decimals  = digit { digit | "_" } .
//	exponent  = ( "e" | "E" ) [ "+" | "-" ] decimals .
//	suffix    = letter { letter | digit } .
//
// The parser checks the digits and the suffix (intLit, floatLit): i8 … u64, f32, f64, and an
// int_lit with a float suffix (`1f32`) is a float.
func (s *scanner) scanNumber() Kind {
	src := s.src
	kind := tInt
	if src[s.off] == '0' && s.off+1 < len(src) && (src[s.off+1]|0x20 == 'x' || src[s.off+1]|0x20 == 'b' || src[s.off+1]|0x20 == 'o') {
		s.off += 2
		for s.off < len(src) && isIdentByte(src[s.off]) {
			s.off++
		}
		return tInt
	}
	for s.off < len(src) && (isDigit(src[s.off]) || src[s.off] == '_') {
		s.off++
	}
	if s.off+1 < len(src) && src[s.off] == '.' && isDigit(src[s.off+1]) {
		kind = tFloat
		s.off++
		for s.off < len(src) && (isDigit(src[s.off]) || src[s.off] == '_') {
			s.off++
		}
	}
	if s.off < len(src) && src[s.off]|0x20 == 'e' {
		i := s.off + 1
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i < len(src) && isDigit(src[i]) {
			kind = tFloat
			s.off = i
			for s.off < len(src) && (isDigit(src[s.off]) || src[s.off] == '_') {
				s.off++
			}
		}
	}
	// suffix (validated by the parser)
	for s.off < len(src) && isIdentByte(src[s.off]) {
		s.off++
	}
	return kind
}

// docText strips the markers of a /** … */ comment and the leading `*` of its lines.
func docText(comment string) string {
	body := comment[3 : len(comment)-2]
	out := make([]byte, 0, len(body))
	lineStart := true
	for i := 0; i < len(body); i++ {
		c := body[i]
		if lineStart {
			if c == ' ' || c == '\t' || c == '\r' {
				continue
			}
			lineStart = false
			if c == '*' {
				if i+1 < len(body) && body[i+1] == ' ' {
					i++
				}
				continue
			}
		}
		out = append(out, c)
		if c == '\n' {
			lineStart = true
		}
	}
	// trim blank lines and spaces around
	for len(out) > 0 && (out[0] == '\n' || out[0] == ' ') {
		out = out[1:]
	}
	for len(out) > 0 && (out[len(out)-1] == '\n' || out[len(out)-1] == ' ' || out[len(out)-1] == '\r') {
		out = out[:len(out)-1]
	}
	return string(out)
}
