package syntax

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// maxDepth bounds the nesting of expressions, types, patterns and blocks, so that deeply nested
// input gets an error instead of a stack overflow.
const maxDepth = 1000

// parser is the state of one parse. The participle parsers are built once per parser value
// (their custom productions are closures over it) and parser values are pooled.
type parser struct {
	file  *source.File
	diags *diag.List
	src   string
	base  source.Pos

	tokens  []tok   // every token of the file, EOF last
	closers []int32 // see matchBrackets
	first   int     // index in tokens of the first token of the chunk being parsed
	interp  bool    // parsing an interpolation (its tokens end at its closing brace)

	lexedToEnd bool // an unterminated literal or comment ran to the end of the file
	lastEnd    int  // offset just past the last token consumed by hand-written code
	depth      int
	docs       map[int]string   // doc comment by the offset of the token that follows it
	errored    map[int]struct{} // lines that already have an error (one error per line)

	items *participle.Parser[itemG]
	stmts *participle.Parser[stmtG]
	lets  *participle.Parser[letG]
}

var parserPool = sync.Pool{New: func() any { return newParser() }}

func newParser() *parser {
	p := &parser{}
	opts := []participle.Option{
		participle.Lexer(Definition{}),
		participle.ParseTypeWith(p.parseExprProd),
		participle.ParseTypeWith(p.parseStmtExprProd),
		participle.ParseTypeWith(p.parseHeadExprProd),
		participle.ParseTypeWith(p.parseTypeProd),
		participle.ParseTypeWith(p.parsePatternProd),
		participle.ParseTypeWith(p.parseNameProd),
		participle.ParseTypeWith(p.parseBlockProd),
		participle.ParseTypeWith(p.parseSemiProd),
		participle.ParseTypeWith(p.parseForCHeadProd),
		participle.ParseTypeWith(p.parseListSepProd),
		participle.ParseTypeWith(p.parseParamsProd),
		participle.ParseTypeWith(p.parsePayloadProd),
		participle.UseLookahead(0), // LL(1): once a production took a token, a failure is an error
	}
	items, err := participle.Build[itemG](opts...)
	if err != nil {
		panic("syntax: the grammar does not build: " + err.Error()) // a bug in grammar.go
	}
	p.items = items
	if p.stmts, err = participle.ParserForProduction[stmtG](items); err != nil {
		panic("syntax: " + err.Error())
	}
	if p.lets, err = participle.ParserForProduction[letG](items); err != nil {
		panic("syntax: " + err.Error())
	}
	return p
}

// ParseFile parses one file that was added to a source.FileSet. Syntax errors go to diags
// (code "", one per line at most); the result is always a File, partial after errors. It never
// panics.
func ParseFile(file *source.File, diags *diag.List) (result *ast.File) {
	p := parserPool.Get().(*parser)
	p.reset(file, diags)
	out := &ast.File{Name: file.Name, Span: ast.Span{Start: file.Base, End: file.Base + source.Pos(len(file.Src))}}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the parser must not crash the compiler: report it at the file start.
			diags.Errorf(file.Base, source.NoPos, "", "internal error in the parser: %v (please report this)", r)
			result = out
		}
		p.release()
		parserPool.Put(p)
	}()
	p.lexAll()
	p.parseItems(out)
	return out
}

func (p *parser) reset(file *source.File, diags *diag.List) {
	p.file, p.diags = file, diags
	p.src = string(file.Src)
	p.base = file.Base
	p.depth = 0
	p.lastEnd = 0
	p.lexedToEnd = false
	p.docs = nil
	p.errored = map[int]struct{}{}
}

func (p *parser) release() {
	p.file, p.diags, p.src, p.docs, p.errored = nil, nil, "", nil, nil
	p.tokens = p.tokens[:0]
	if cap(p.closers) > 1<<16 {
		// do not keep a huge file's tables alive in the pool
		p.closers, p.tokens = nil, nil
	}
}

// lexAll scans the whole file into p.tokens; lexical errors are reported as they are found.
func (p *parser) lexAll() {
	sc := newScanner(p.file.Name, p.src, p.lexError)
	sc.doc = func(off int, text string) {
		if p.docs == nil {
			p.docs = map[int]string{}
		}
		p.docs[off] = text
	}
	toks := p.tokens[:0]
	if want := len(p.src)/4 + 16; cap(toks) < want {
		toks = make([]tok, 0, want)
	}
	for {
		t := sc.scan()
		toks = append(toks, t)
		if t.Type == tEOF {
			break
		}
	}
	p.tokens = toks
	p.closers = matchBrackets(p.tokens, p.closers[:0])
}

// cursor is the index in p.tokens of the next token of lex.
func (p *parser) cursor(lex *lexer.PeekingLexer) int { return p.first + int(lex.RawCursor()) }

// chunkTokens is about how many tokens participle's lexer gets at a time. The file is cut into
// chunks at the start of top-level declarations, so that participle's token buffer stays small
// (one buffer for a whole large file costs more in allocation and GC than the parse itself).
const chunkTokens = 1024

// parseItems parses the top-level items chunk by chunk, recovering after an error at the next
// item boundary.
func (p *parser) parseItems(out *ast.File) {
	depth := 0
	start := 0
	for i := range p.tokens {
		t := &p.tokens[i]
		if t.Type == tEOF || i-start >= chunkTokens && depth == 0 && p.startsItem(i) {
			p.parseChunk(start, i, out)
			start = i
		}
		depth += bracketDelta(t.Type)
		if depth < 0 {
			depth = 0
		}
	}
}

// startsItem reports whether token i begins a top-level declaration on a new line, a place
// where no item can be in progress.
func (p *parser) startsItem(i int) bool {
	t := &p.tokens[i]
	switch t.Type {
	case kwFn:
		if p.tokens[i+1].Type != tIdent {
			return false
		}
	case kwAsync:
		if p.tokens[i+1].Type != kwFn || p.tokens[i+2].Type != tIdent {
			return false
		}
	case kwStruct, kwEnum, kwExtend, kwImpl, kwImport, kwExport, kwLet, kwConst:
	default:
		return false
	}
	return p.startsLine(int(t.start))
}

// parseChunk parses the items of p.tokens[from:to].
func (p *parser) parseChunk(from, to int, out *ast.File) {
	eof := lexer.Token{Type: tEOF, Pos: lexer.Position{Offset: int(p.tokens[to].start)}}
	lex, _ := lexer.Upgrade(&replayLexer{src: p.src, toks: p.tokens[from:to], eof: eof})
	p.first = from
	for {
		t := lex.Peek()
		if t.Type == tEOF {
			return
		}
		if t.Type == tSemi && p.prevIsRBrace(lex) {
			lex.Next() // optional `;` after a block-bodied item
			continue
		}
		if !startsItemOrStmt(t.Type) {
			p.reportErr(p.notAStatement(t))
			lex.Next()
			continue
		}
		start := lex.MakeCheckpoint()
		item, err := p.items.ParseFromLexer(lex, participle.AllowTrailing(true))
		if err != nil {
			p.reportErr(err)
			p.recover(lex, start, err, false)
			continue
		}
		if n := p.convertItem(item); n != nil {
			out.Items = append(out.Items, n)
		}
	}
}

// parseStmt parses one statement with participle's statement production.
func (p *parser) parseStmt(lex *lexer.PeekingLexer) (ast.Stmt, error) {
	s, err := p.stmts.ParseFromLexer(lex, participle.AllowTrailing(true))
	if err != nil {
		return nil, err
	}
	return p.convertStmt(s), nil
}

// recover skips what is left of a broken item or statement: up to and including a `;` or a
// closing `}` at its own level, or up to a line that starts a new statement or declaration,
// or (in a block) up to the `}` that closes the block.
func (p *parser) recover(lex *lexer.PeekingLexer, start lexer.Checkpoint, err error, inBlock bool) {
	errOff := p.errorOffset(err)
	lex.LoadCheckpoint(start)
	first := p.cursor(lex)
	if lex.Next().Type == tEOF { // always make progress
		return
	}
	for t := lex.Peek(); t.Type != tEOF && t.Pos.Offset < errOff; t = lex.Peek() {
		lex.Next()
	}
	// The brackets opened before the error and closed after it are still to be skipped;
	// brackets never closed (the likely mistake) are not waited for.
	errAt := p.cursor(lex)
	level := 0
	for i := first; i < errAt; i++ {
		if opens(p.tokens[i].Type) && int(p.closers[i]) >= errAt {
			level++
		}
	}
	for {
		t := lex.Peek()
		i := p.cursor(lex)
		switch {
		case t.Type == tEOF:
			return
		case t.Type == tSemi && level == 0:
			lex.Next()
			return
		case t.Type == tRBrace || t.Type == tRParen || t.Type == tRBrack:
			if level == 0 {
				if t.Type == tRBrace && inBlock {
					return // the end of the enclosing block
				}
				lex.Next() // a stray closer
				continue
			}
			level--
			lex.Next()
			if level == 0 && t.Type == tRBrace {
				return
			}
			continue
		case opens(t.Type) && p.closers[i] > 0:
			// skip the whole group
			for c := int(p.closers[i]); p.cursor(lex) <= c && lex.Peek().Type != tEOF; {
				lex.Next()
			}
			if level == 0 && t.Type == tLBrace && !p.continuesAfterBrace(lex) {
				return // a block-bodied statement ends here
			}
			continue
		case level == 0 && startsStatement(t.Type) && p.startsLine(t.Pos.Offset):
			return
		}
		lex.Next()
	}
}

// continuesAfterBrace reports whether the token after a `}` continues the statement
// (`} else`, `} catch`, `} finally`, `}.then(…)`, `})`, `}, …`, `};`).
func (p *parser) continuesAfterBrace(lex *lexer.PeekingLexer) bool {
	t := lex.Peek()
	switch t.Type {
	case kwElse, kwElif, kwCatch, tDot, tComma, tRParen, tRBrack, tSemi, tQuestion:
		return true
	case tIdent:
		return t.Value == "finally"
	}
	return false
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
func (p *parser) notAStatement(t *lexer.Token) error {
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

// startsLine reports whether only blanks precede offset off on its line.
func (p *parser) startsLine(off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch p.src[i] {
		case ' ', '\t', '\r':
			continue
		case '\n':
			return true
		}
		return false
	}
	return true
}

func (p *parser) prevIsRBrace(lex *lexer.PeekingLexer) bool {
	rc := p.cursor(lex)
	return rc > 0 && p.tokens[rc-1].Type == tRBrace
}

// ---------------------------------------------------------------------------------------------
// Errors

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
func (p *parser) errAt(t *lexer.Token, format string, args ...any) error {
	return &syntaxError{start: t.Pos.Offset, end: t.Pos.Offset + len(t.Value), msg: fmt.Sprintf(format, args...)}
}

// expected makes the usual "expected X, found Y" error at t.
func (p *parser) expected(what string, t *lexer.Token) error {
	if isKeyword(t.Type) && strings.Contains(what, "name") {
		return p.errAt(t, "`%s` is a keyword and cannot be used as a name", t.Value)
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
	p.diags.Errorf(p.base+source.Pos(start), endPos, "", "%s", msg)
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
			return t.Pos.Offset, t.Pos.Offset + len(t.Value), "expected " + want + ", found " + p.describe(t)
		}
		return t.Pos.Offset, t.Pos.Offset + len(t.Value), "unexpected " + p.describe(t)
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		t := p.tokenAt(perr.Position().Offset)
		return t.Pos.Offset, t.Pos.Offset + len(t.Value), "unexpected " + p.describe(t)
	}
	return 0, 0, err.Error()
}

// tokenAt finds the token that starts at or after off.
func (p *parser) tokenAt(off int) *lexer.Token {
	i := sort.Search(len(p.tokens), func(i int) bool { return int(p.tokens[i].start) >= off })
	if i >= len(p.tokens) {
		i = len(p.tokens) - 1
	}
	t := p.tokens[i]
	return &lexer.Token{Type: t.Type, Value: p.src[t.start:t.end], Pos: lexer.Position{Offset: int(t.start)}}
}

// describe names a token for an error message; the end of a chunk is the token after it.
func (p *parser) describe(t *lexer.Token) string {
	if t.Type == tEOF {
		if p.interp {
			return "the end of the interpolation"
		}
		if real := p.tokenAt(t.Pos.Offset); real.Type != tEOF {
			return describe(real)
		}
	}
	return describe(t)
}

// errNoMatch is what a custom production returns when the input is not for it.
var errNoMatch = participle.NextMatch

// productionWords names participle's productions for users.
var productionWords = map[string]string{
	"NameNode": "a name", "Expr": "an expression", "HeadExpr": "an expression", "Type": "a type",
	"Pattern": "a pattern", "BlockNode": "`{`", "SemiNode": "`;`", "ForCHead": "`(`",
	"FuncG": "`fn`", "FieldG": "a field", "VariantG": "a variant", "ParamG": "a parameter",
	"TypeParamG": "a type parameter", "IfG": "`if`", "Ident": "a name", "<ident>": "a name",
	"<string>": "a string", "StmtG": "a statement",
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

// matchBrackets returns, for each token, the index of the bracket that closes it when it is an
// opening bracket (-1 when it is not closed, or is not an opening bracket). One pass, so that
// lookahead over a parenthesised group is O(1) however deep the nesting.
func matchBrackets(toks []tok, closers []int32) []int32 {
	if cap(closers) < len(toks) {
		closers = make([]int32, len(toks))
	}
	closers = closers[:len(toks)]
	var stack []int32
	for i := range toks {
		closers[i] = -1
		var open Kind
		switch toks[i].Type {
		case tLParen, tLBrack, tLBrace:
			stack = append(stack, int32(i))
			continue
		case tRParen:
			open = tLParen
		case tRBrack:
			open = tLBrack
		case tRBrace:
			open = tLBrace
		default:
			continue
		}
		// Close the innermost bracket of the same kind; the unclosed ones inside it stay
		// unmatched (-1). A closer with no opener is ignored.
		n := len(stack) - 1
		for n >= 0 && n >= len(stack)-64 && toks[stack[n]].Type != open {
			n-- // (bounded, so that pathological input stays linear)
		}
		if n >= 0 && toks[stack[n]].Type == open {
			closers[stack[n]] = int32(i)
			stack = stack[:n]
		}
	}
	return closers
}
