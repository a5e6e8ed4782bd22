package syntax

import (
	"runtime"
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

// maxChain bounds the operators in a row (`a + b + …`, `x.f().g()…`) and the interpolations of
// one template: a chain's tree is as deep as it is long, and the Go it becomes takes the Go
// compiler time and memory that grow with the square of its length (an f-string of 10,000
// interpolations: 150 s and 4 GB; 100,000 `+`: Go refuses it).
const maxChain = 1000

// parser is the state of one parse. The participle parsers are built once per parser value
// (their custom productions are closures over it) and parser values are pooled.
type parser struct {
	file  *source.File
	diags *diag.List
	src   string
	base  source.Pos

	tokens  []tok   // every token of the file (or of the interpolation being parsed), EOF last
	closers []int32 // see matchBrackets
	limit   int     // index in tokens where the part being parsed ends (a chunk, a statement)
	interp  bool    // parsing an interpolation (its tokens end at its closing brace)

	lexedToEnd   bool                       // an unterminated literal or comment ran to the end of the file
	pendingItems []ast.Node                 // the declarations a class desugars into, added after its item
	classes      map[source.Pos]*classParts // every class of the file, by position (finishClasses)
	ifaces       map[source.Pos]*ifaceParts // every interface of the file, by position
	lastEnd      int                        // offset just past the last token consumed by hand-written code
	depth        int
	docs         map[int]string   // doc comment by the offset of the token that follows it
	errored      map[int]struct{} // lines that already have an error (one error per line)

	chunks *participle.Parser[chunkG]
	items  *participle.Parser[itemG]

	chunkBuf    []lexer.Token // reused by chunkLexer
	freeCursors []*cursor     // reused by hand
	stmts       *participle.Parser[stmtG]
	funcs       *participle.Parser[funcG]
}

// Built parsers are kept for reuse: building the grammar costs milliseconds. (Not a sync.Pool,
// which a garbage collection empties.)
var (
	poolMu sync.Mutex
	pool   []*parser
)

func getParser() *parser {
	poolMu.Lock()
	defer poolMu.Unlock()
	if n := len(pool); n > 0 {
		p := pool[n-1]
		pool = pool[:n-1]
		return p
	}
	return newParser()
}

func putParser(p *parser) {
	poolMu.Lock()
	defer poolMu.Unlock()
	if len(pool) < 16 {
		pool = append(pool, p)
	}
}

func newParser() *parser {
	p := &parser{}
	opts := []participle.Option{
		participle.Lexer(Definition{}),
		participle.ParseTypeWith(hand(p, p.exprProd)),
		participle.ParseTypeWith(hand(p, p.stmtExprProd)),
		participle.ParseTypeWith(hand(p, p.headExprProd)),
		participle.ParseTypeWith(hand(p, p.typeProd)),
		participle.ParseTypeWith(hand(p, p.patternProd)),
		participle.ParseTypeWith(hand(p, p.nameProd)),
		participle.ParseTypeWith(hand(p, p.blockProd)),
		participle.ParseTypeWith(hand(p, p.semiProd)),
		participle.ParseTypeWith(hand(p, p.forCHeadProd)),
		participle.ParseTypeWith(hand(p, p.everydayStmtProd)),
		participle.ParseTypeWith(hand(p, p.signatureProd)),
		participle.ParseTypeWith(hand(p, p.fnHeadProd)),
		participle.ParseTypeWith(hand(p, p.structBodyProd)),
		participle.ParseTypeWith(hand(p, p.enumBodyProd)),
		participle.UseLookahead(0), // LL(1): once a production took a token, a failure is an error
	}
	chunks, err := participle.Build[chunkG](opts...)
	if err != nil {
		panic("syntax: the grammar does not build: " + err.Error()) // a bug in grammar.go
	}
	p.chunks = chunks
	if p.items, err = participle.ParserForProduction[itemG](chunks); err != nil {
		panic("syntax: " + err.Error())
	}
	if p.funcs, err = participle.ParserForProduction[funcG](chunks); err != nil {
		panic("syntax: " + err.Error())
	}
	if p.stmts, err = participle.ParserForProduction[stmtG](chunks); err != nil {
		panic("syntax: " + err.Error())
	}
	return p
}

// ParseFile parses one file that was added to a source.FileSet. Syntax errors go to diags
// (code "", one per line at most); the result is always a File, partial after errors. It never
// panics.
func ParseFile(file *source.File, diags *diag.List) (result *ast.File) {
	p := getParser()
	p.reset(file, diags)
	out := &ast.File{Name: file.Name, Span: ast.Span{Start: file.Base, End: file.Base + source.Pos(len(file.Src))}}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the parser must not crash the compiler: report it at the file start.
			diags.Errorf(file.Base, source.NoPos, diag.Syntax, "internal error in the parser: %v (please report this)", r)
			result = out
		}
		p.release()
		putParser(p)
	}()
	p.lexAll()
	p.parseItems(out)
	p.rewriteClassUses(out, p.finishClasses(out))
	return out
}

// ParseExpr parses a file that holds a single expression (for tests and tools). Errors go to
// diags; the result is nil when the expression does not parse.
func ParseExpr(file *source.File, diags *diag.List) (result ast.Expr) {
	p := getParser()
	p.reset(file, diags)
	defer func() {
		if r := recover(); r != nil {
			diags.Errorf(file.Base, source.NoPos, diag.Syntax, "internal error in the parser: %v (please report this)", r)
			result = nil
		}
		p.release()
		putParser(p)
	}()
	p.lexAll()
	p.limit = len(p.tokens) - 1
	c := p.newCursor(0)
	x, err := p.parseExpr(c, 0)
	if err != nil {
		p.reportErr(err)
		return nil
	}
	if t := c.Peek(); t.Type != tEOF {
		p.report(t.Pos.Offset, t.end(), "unexpected "+p.describe(t)+" after the expression")
	}
	return x
}

func (p *parser) reset(file *source.File, diags *diag.List) {
	p.file, p.diags = file, diags
	p.src = string(file.Src)
	p.base = file.Base
	p.depth = 0
	p.lastEnd = 0
	p.lexedToEnd = false
	p.interp = false
	p.docs = nil
	p.errored = map[int]struct{}{}
	p.classes, p.ifaces = map[source.Pos]*classParts{}, map[source.Pos]*ifaceParts{}
}

func (p *parser) release() {
	p.file, p.diags, p.src, p.docs, p.errored = nil, nil, "", nil, nil
	p.classes, p.ifaces = nil, nil
	// The token and bracket tables hold no pointers: they are kept for the next file (up to a
	// size), which saves allocating and clearing them.
	p.tokens, p.closers = p.tokens[:0], p.closers[:0]
	if cap(p.tokens) > 4<<20 {
		p.tokens, p.closers = nil, nil
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
	if want := len(p.src)/3 + 16; cap(toks) < want { // about one token per 3 bytes in real code
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

// chunkTokens is about how many tokens participle's lexer gets at a time: the file is cut into
// chunks at the start of top-level declarations.
const chunkTokens = 1024

// SourceFile = { Item } .
// parseItems parses the top-level items chunk by chunk: in order, or on every CPU at once when
// the file is large (the chunks are independent: each starts a top-level item).
func (p *parser) parseItems(out *ast.File) {
	bounds := p.chunkBounds()
	if len(bounds) < ParallelMinChunks || runtime.GOMAXPROCS(0) == 1 {
		for _, b := range bounds {
			p.parseChunk(b[0], b[1], out)
		}
		return
	}
	p.parseChunksInParallel(bounds, out)
}

// chunkBounds cuts the tokens into runs of at least chunkTokens tokens, each beginning a
// top-level item.
func (p *parser) chunkBounds() [][2]int {
	var bounds [][2]int
	depth := 0
	start := 0
	for i := range p.tokens {
		t := &p.tokens[i]
		if t.Type == tEOF || i-start >= chunkTokens && depth == 0 && p.startsItem(i) {
			bounds = append(bounds, [2]int{start, i})
			start = i
		}
		depth += bracketDelta(t.Type)
		if depth < 0 {
			depth = 0
		}
	}
	return bounds
}

// startsItem reports whether token i begins a top-level declaration on a new line, a place
// where no item can be in progress.
func (p *parser) startsItem(i int) bool {
	t := &p.tokens[i]
	if i > 0 && p.tokens[i-1].Type == tIdent && p.val(&p.tokens[i-1]) == "test" && (t.Type == kwFn || t.Type == kwAsync) {
		return false // `test` on the line before: the fn is a test's
	}
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
	return p.startsLine(i)
}

// parseChunk parses the items of p.tokens[from:to] with participle's item production (chunkG,
// then itemG), recovering after an error at the next item boundary. A `;` after an item that
// ends with `}` is dropped.
func (p *parser) parseChunk(from, to int, out *ast.File) {
	lex := p.chunkLexer(from, to)
	p.limit = to
	// Most chunks parse in one go; after an error the chunk is parsed again item by item, to
	// recover (errors reported twice are dropped, being on the same line).
	chunkStart := lex.MakeCheckpoint()
	p.depth = 0
	if chunk, err := p.chunks.ParseFromLexer(lex, participle.AllowTrailing(true)); err == nil {
		for _, it := range chunk.Items {
			if n := p.convertItem(it); n != nil && !p.optionalSemi(n) {
				out.Items = append(out.Items, n)
			}
		}
		out.Items = append(out.Items, p.pendingItems...)
		p.pendingItems = p.pendingItems[:0]
		// What is left (if anything) does not start an item: the loop below reports it.
	} else {
		lex.LoadCheckpoint(chunkStart)
		p.pendingItems = p.pendingItems[:0]
	}
	for {
		t := lex.Peek()
		if t.Type == tEOF {
			return
		}
		i := p.indexAt(t.Pos.Offset)
		if t.Type == tSemi && i > 0 && p.tokens[i-1].Type == tRBrace {
			lex.Next() // optional `;` after a block-bodied item
			continue
		}
		if !startsItemOrStmt(t.Type) {
			p.reportErr(p.notAStatement(&p.tokens[i]))
			lex.Next()
			continue
		}
		start := lex.MakeCheckpoint()
		item, err := p.items.ParseFromLexer(lex, participle.AllowTrailing(true))
		pending := p.pendingItems
		p.pendingItems = p.pendingItems[:0]
		if err != nil {
			p.reportErr(err)
			resume := p.skipBroken(i, p.indexAt(p.errorOffset(err)), to, false)
			lex.LoadCheckpoint(start)
			p.syncLexerTo(lex, resume)
			continue
		}
		if n := p.convertItem(item); n != nil {
			out.Items = append(out.Items, n)
		}
		out.Items = append(out.Items, pending...)
	}
}

// optionalSemi reports whether n is the optional `;` after a block-bodied item, which the
// item-by-item loop skips.
func (p *parser) optionalSemi(n ast.Node) bool {
	if _, ok := n.(*ast.EmptyStmt); !ok {
		return false
	}
	i := p.indexAt(int(n.Pos() - p.base))
	return i > 0 && p.tokens[i].Type == tSemi && p.tokens[i-1].Type == tRBrace
}

// parseStmt parses one Statement at the cursor with participle's statement production, stmtG
// (the statements that parseBlockStmt leaves to the grammar: DeferStmt, TryStmt, ThrowStmt,
// FuncDecl, StructDecl, EnumDecl).
func (p *parser) parseStmt(c *cursor) (ast.Stmt, error) {
	to := p.stmtEnd(c)
	lex := p.chunkLexer(c.i, to)
	saved := p.limit
	p.limit = to
	s, err := p.stmts.ParseFromLexer(lex, participle.AllowTrailing(true))
	p.limit = saved
	if err != nil {
		return nil, err
	}
	c.i = p.indexAt(lex.Peek().Pos.Offset)
	if c.i > to {
		c.i = to
	}
	if c.i > 0 {
		p.lastEnd = p.tokens[c.i-1].end()
	}
	return p.convertStmt(s), nil
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
