package syntax

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"adesh2go/frontend/ast"
)

// Literal decoding. A malformed literal is reported and decoded as well as possible, so that
// the parse goes on (the literal's token was lexed fine).

var intSuffixes = []string{"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"}

func splitSuffix(raw string, suffixes ...string) (digits, suffix string) {
	for _, s := range suffixes {
		if strings.HasSuffix(raw, s) && len(raw) > len(s) {
			return raw[:len(raw)-len(s)], s
		}
	}
	return raw, ""
}

func (p *parser) intLit(t *tok) ast.Expr {
	raw := p.val(t)
	span := ast.Span{Start: p.startOf(t), End: p.endOf(t)}
	base, body := 10, raw
	if len(raw) > 1 && raw[0] == '0' {
		switch raw[1] | 0x20 {
		case 'x':
			base, body = 16, raw[2:]
		case 'b':
			base, body = 2, raw[2:]
		case 'o':
			base, body = 8, raw[2:]
		}
	}
	if big, ok := strings.CutSuffix(raw, "n"); ok && big != "" && big[len(big)-1] != '_' {
		return p.bigIntLit(t, span, raw, big)
	}
	digits, suffix := splitSuffix(body, intSuffixes...)
	if base == 10 && suffix == "" {
		if d, s := splitSuffix(body, "f32", "f64"); s != "" {
			// `1f32` is a float
			v, _ := strconv.ParseFloat(strings.ReplaceAll(d, "_", ""), 64)
			return &ast.FloatLit{Span: span, Raw: raw, Value: v, Suffix: s}
		}
	}
	clean := strings.ReplaceAll(digits, "_", "")
	if clean == "" {
		p.report(t.Pos.Offset, t.Pos.Offset+len(raw), "the number `"+clip(raw)+"` has no digits")
		return &ast.IntLit{Span: span, Raw: raw, Suffix: suffix}
	}
	v, err := strconv.ParseUint(clean, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			p.report(t.Pos.Offset, t.Pos.Offset+len(raw), "the integer `"+clip(raw)+"` is too large (more than 64 bits)")
		} else {
			p.report(t.Pos.Offset, t.Pos.Offset+len(raw), p.badNumber(raw, clean, base))
		}
	}
	return &ast.IntLit{Span: span, Raw: raw, Value: v, Suffix: suffix}
}

// bigIntLit decodes a BigInt literal: digits in any base, then `n` (`123n`, `0xffn`).
func (p *parser) bigIntLit(t *tok, span ast.Span, raw, digits string) ast.Expr {
	if _, ok := new(big.Int).SetString(digits, 0); !ok || strings.HasPrefix(digits, "0") && len(digits) > 1 && digits[1]|0x20 != 'x' && digits[1]|0x20 != 'b' && digits[1]|0x20 != 'o' {
		p.report(t.Pos.Offset, t.Pos.Offset+len(raw), "invalid BigInt literal `"+clip(raw)+"`")
	}
	return &ast.BigIntLit{Span: span, Raw: raw}
}

// badNumber explains why a number does not read.
func (p *parser) badNumber(raw, digits string, base int) string {
	names := map[int]string{2: "binary", 8: "octal", 10: "decimal", 16: "hexadecimal"}
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		d := 99
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			d = int(c|0x20-'a') + 10
		}
		if d >= base {
			if isLetter(c) && base == 10 || (base == 16 && !(c|0x20 >= 'a' && c|0x20 <= 'f')) {
				return "invalid suffix `" + clip(digits[i:]) + "` on the number `" + clip(raw) + "` (suffixes: i8…i64, u8…u64, f32, f64)"
			}
			return "invalid digit '" + string(c) + "' in the " + names[base] + " number `" + clip(raw) + "`"
		}
	}
	return "invalid number `" + clip(raw) + "`"
}

func (p *parser) floatLit(t *tok) ast.Expr {
	raw := p.val(t)
	digits, suffix := splitSuffix(raw, "f32", "f64")
	clean := strings.ReplaceAll(digits, "_", "")
	v, err := strconv.ParseFloat(clean, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			p.report(t.Pos.Offset, t.Pos.Offset+len(raw), "the number `"+clip(raw)+"` is out of the range of a float")
			v = math.Inf(1)
		} else {
			p.report(t.Pos.Offset, t.Pos.Offset+len(raw), "invalid number `"+clip(raw)+"` (suffixes: f32, f64)")
		}
	}
	return &ast.FloatLit{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}, Raw: raw, Value: v, Suffix: suffix}
}

func (p *parser) stringLit(t *tok) ast.Expr {
	raw := p.val(t)
	lit := &ast.StringLit{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}}
	if raw[0] == 'r' {
		lit.Raw = true
		hashes := strings.IndexByte(raw, '"') - 1
		body := raw[2+hashes:]
		if len(body) >= 1+hashes && strings.HasSuffix(body, `"`+strings.Repeat("#", hashes)) {
			body = body[:len(body)-1-hashes]
		}
		lit.Value = body
		return lit
	}
	body := raw[1:]
	if len(body) > 0 && body[len(body)-1] == '"' && !escapedQuote(body) {
		body = body[:len(body)-1]
	}
	lit.Value = p.unescape(body, t.Pos.Offset+1, 0)
	return lit
}

// escapedQuote reports whether the final `"` of body is escaped (an unterminated string).
func escapedQuote(body string) bool {
	n := 0
	for i := len(body) - 2; i >= 0 && body[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

func (p *parser) charLit(t *tok) ast.Expr {
	raw := p.val(t)
	lit := &ast.CharLit{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}}
	body := raw[1:]
	if len(body) > 0 && body[len(body)-1] == '\'' && !escapedQuote(body) {
		body = body[:len(body)-1]
	} else {
		return lit // unterminated: already reported by the lexer
	}
	s := p.unescape(body, t.Pos.Offset+1, 0)
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || size != len(s) {
		p.report(t.Pos.Offset, t.Pos.Offset+len(raw), "a character literal holds exactly one character; use \"…\" for a string")
	}
	lit.Value = r
	return lit
}

// unescape decodes the escapes \n \r \t \0 \\ \" \' \` \$ \xHH \u{H…} of s, which starts at
// offset off of the file. In an f-string (brace '{'), `{{` and `}}` are literal braces.
func (p *parser) unescape(s string, off int, brace byte) string {
	if strings.IndexByte(s, '\\') < 0 && (brace == 0 || !strings.ContainsAny(s, "{}")) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if brace != 0 && (c == '{' || c == '}') && i+1 < len(s) && s[i+1] == c {
			b.WriteByte(c)
			i++
			continue
		}
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '0':
			b.WriteByte(0)
		case '\\', '"', '\'', '`', '$', '{', '}':
			b.WriteByte(e)
		case '\n':
			// a backslash at a line end continues the string on the next line
		case 'x':
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
				b.WriteByte(byte(v))
				i += 2
			} else {
				p.report(off+i-1, off+i+1, "invalid escape: `\\x` takes two hexadecimal digits, as in \\x41")
			}
		case 'u':
			end := strings.IndexByte(s[i:], '}')
			if i+1 < len(s) && s[i+1] == '{' && end > 2 {
				v, err := strconv.ParseUint(s[i+2:i+end], 16, 32)
				if err != nil || v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
					p.report(off+i-1, off+i+end+1, "invalid escape: `\\u{"+clip(s[i+2:i+end])+"}` is not a Unicode character")
				} else {
					b.WriteRune(rune(v))
				}
				i += end
			} else {
				p.report(off+i-1, off+i+1, "invalid escape: write a Unicode character as \\u{1F600}")
			}
		default:
			p.report(off+i-1, off+i+1, "unknown escape `\\"+string(rune(e))+"` (escapes: \\n \\r \\t \\0 \\\\ \\\" \\' \\xHH \\u{…})")
		}
	}
	return b.String()
}

func isHex(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

// ----- templates

// template splits an f-string `f"a{x}b"` or a backtick template (an fstring_lit or a
// template_lit token) into literal parts and interpolated expressions, parsing each expression
// where it stands in the file.
func (p *parser) template(t *tok) ast.Expr {
	raw := p.val(t)
	tpl := &ast.Template{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}, Backtick: raw[0] == '`'}
	var body string
	bodyOff := t.Pos.Offset
	closing := byte('`')
	brace := byte(0)
	if tpl.Backtick {
		body, bodyOff = raw[1:], bodyOff+1
	} else {
		body, bodyOff = raw[2:], bodyOff+2
		closing, brace = '"', '{'
	}
	if len(body) > 0 && body[len(body)-1] == closing && !escapedQuote(body) {
		body = body[:len(body)-1]
	}
	sc := newScanner(p.file.Name, p.src, nil)
	litStart, interpolations := 0, 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\':
			i++
			if i+1 < len(body) && body[i] == 'u' && body[i+1] == '{' {
				// `\u{e9}` is an escape, not an interpolation
				if end := strings.IndexByte(body[i:], '}'); end > 0 {
					i += end
				}
			}
			continue
		case tpl.Backtick && c == '$' && i+1 < len(body) && body[i+1] == '{':
		case !tpl.Backtick && c == '{' && i+1 < len(body) && body[i+1] == '{':
			i++
			continue
		case !tpl.Backtick && c == '}' && i+1 < len(body) && body[i+1] == '}':
			i++
			continue
		case !tpl.Backtick && c == '{':
		default:
			continue
		}
		if i > litStart {
			tpl.Parts = append(tpl.Parts, ast.TemplatePart{Lit: p.unescape(body[litStart:i], bodyOff+litStart, brace)})
		}
		exprStart := i + 1
		if tpl.Backtick {
			exprStart++
		}
		end, ok := sc.skipInterpolation(bodyOff+exprStart, !tpl.Backtick)
		if !ok {
			// reported by the lexer; keep what can be read
			end = bodyOff + len(body) + 1
		}
		exprEnd := end - 1 // the closing brace
		if exprEnd > bodyOff+len(body) {
			exprEnd = bodyOff + len(body)
		}
		if interpolations++; interpolations > maxChain {
			p.report(bodyOff+exprStart-1, exprEnd+1, fmt.Sprintf("template too long: more than %d interpolations in one string; build it in several pieces", maxChain))
			return tpl
		}
		if x := p.interpolation(bodyOff+exprStart, exprEnd); x != nil {
			tpl.Parts = append(tpl.Parts, ast.TemplatePart{Expr: x})
		}
		i = end - bodyOff - 1
		litStart = i + 1
	}
	if litStart < len(body) {
		tpl.Parts = append(tpl.Parts, ast.TemplatePart{Lit: p.unescape(body[litStart:], bodyOff+litStart, brace)})
	}
	return tpl
}

// interpolation parses the Expr in src[start:end] (the inside of `{…}` or `${…}`), which must
// be the whole of it.
func (p *parser) interpolation(start, end int) ast.Expr {
	if strings.TrimSpace(p.src[start:end]) == "" {
		p.report(start-1, end+1, "empty interpolation: write an expression between the braces")
		return nil
	}
	if err := p.enter(&tok{Pos: tokPos{start}}); err != nil {
		p.reportErr(err)
		return nil
	}
	defer p.leave()
	sc := newScanner(p.file.Name, p.src[:end], p.lexError)
	sc.off = start
	var toks []tok
	for {
		t := sc.scan()
		toks = append(toks, t)
		if t.Type == tEOF {
			break
		}
	}
	// The parser reads p.tokens, p.closers and p.limit: point them at the interpolation's
	// tokens while it is parsed.
	saved := *p
	p.tokens, p.closers, p.limit, p.interp = toks, matchBrackets(toks, nil), len(toks)-1, true
	defer func() {
		p.tokens, p.closers, p.limit, p.interp, p.lastEnd = saved.tokens, saved.closers, saved.limit, saved.interp, saved.lastEnd
	}()
	c := p.newCursor(0)
	x, err := p.parseExpr(c, 0)
	if err != nil {
		p.reportErr(err)
		return nil
	}
	if t := c.Peek(); t.Type != tEOF {
		p.report(t.Pos.Offset, t.end(), "unexpected "+p.describe(t)+" in the interpolation")
	}
	return x
}
