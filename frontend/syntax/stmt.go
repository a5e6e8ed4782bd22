package syntax

import (
	"adesh2go/frontend/ast"
)

// The statements that fill function bodies are most of any program, and participle's
// reflection costs about a microsecond per production: so inside blocks the frequent
// statements (expression, let and its kin, if, while, for, return, break, continue, block) are
// parsed here by hand, as grammar.go describes them, and the rest (defer, try, throw, nested
// declarations) by participle's statement production. TestHandMatchesGrammar checks that both
// paths build the same tree. (let and for take more spellings than letG and forG say: at the
// top level too they are parsed by these functions, through everydayStmtProd.)

// parseBlockStmt parses one statement inside a block.
//
//	Statement  = LetStmt | IfStmt | WhileStmt | ForStmt | ReturnStmt | BranchStmt | Block |
//		EmptyStmt | DeferStmt | TryStmt | ThrowStmt | FuncDecl | StructDecl | EnumDecl |
//		IdentStmt | ExprStmt .
//	WhileStmt  = "while" HeadExpr Block .
//	ReturnStmt = "return" [ Expr ] Semi .
//	BranchStmt = ( "break" | "continue" ) Semi .
//	EmptyStmt  = ";" .
//	ExprStmt   = StmtExpr Semi .
//
// DeferStmt, TryStmt, ThrowStmt and the declarations go to participle's statement production
// (parseStmt). `share` begins a LetStmt only as `share let`, `share name =` or `share name :`,
// and an expression otherwise. `export`, `import`, `extend` and `impl` are refused here, as are
// the IdentStmts that declare (class, interface, type, test): they are top-level only.
func (p *parser) parseBlockStmt(lex *cursor) (ast.Stmt, error) {
	t := lex.Peek()
	switch t.Type {
	case kwLet, kwConst, kwStrong, kwWeak:
		return p.parseLet(lex)
	case kwShare:
		if n := p.peekAt(lex, 1); n.Type == kwLet || n.Type == tIdent && (p.peekAt(lex, 2).Type == tAssign || p.peekAt(lex, 2).Type == tColon) {
			return p.parseLet(lex)
		}
	case kwIf, kwElif:
		return p.parseIf(lex)
	case kwWhile:
		p.next(lex)
		cond, err := p.headExprProd(lex)
		if err != nil {
			return nil, err
		}
		body, err := p.parseBodyBlock(lex)
		if err != nil {
			return nil, err
		}
		return &ast.WhileStmt{Span: ast.Span{Start: p.startOf(t), End: p.end()}, Cond: cond, Body: body}, nil
	case kwFor:
		return p.parseFor(lex)
	case kwReturn:
		p.next(lex)
		r := &ast.ReturnStmt{}
		if startsExpr(lex.Peek().Type) {
			x, err := p.parseExpr(lex, 0)
			if err != nil {
				return nil, err
			}
			r.Value = x
		}
		r.Span = ast.Span{Start: p.startOf(t), End: p.end()}
		return r, p.semi(lex)
	case kwBreak, kwContinue:
		p.next(lex)
		b := &ast.BranchStmt{Span: ast.Span{Start: p.startOf(t), End: p.end()}, Continue: t.Type == kwContinue}
		return b, p.semi(lex)
	case tLBrace:
		return p.parseBlock(lex)
	case tSemi:
		p.next(lex)
		return &ast.EmptyStmt{Span: ast.Span{Start: p.startOf(t), End: p.end()}}, nil
	case kwDefer, kwTry, kwThrow, kwFn, kwStruct, kwEnum:
		return p.parseStmt(lex) // participle's statement production
	case kwAsync:
		if p.peekAt(lex, 1).Type == kwFn {
			return p.parseStmt(lex)
		}
	case kwExport, kwImport, kwExtend, kwImpl:
		return nil, p.errAt(t, "`%s` is allowed only at the top level of a file", p.val(t))
	case tIdent:
		if s, ok, err := p.parseIdentStmt(lex, false); ok || err != nil {
			return s, err
		}
	}
	x, err := p.stmtExprProd(lex)
	if err != nil {
		if err == errNoMatch {
			return nil, p.errAt(t, "unexpected %s at the start of a statement", p.describe(t))
		}
		return nil, err
	}
	s := &ast.ExprStmt{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, X: x}
	return s, p.semi(lex)
}

// semi is semiProd for the hand-written statements.
func (p *parser) semi(lex *cursor) error {
	_, err := p.semiProd(lex)
	return err
}

// parseBodyBlock parses the Block a statement requires: a missing `{` is an error, not a
// no-match.
func (p *parser) parseBodyBlock(lex *cursor) (*ast.Block, error) {
	if lex.Peek().Type != tLBrace {
		return nil, p.expected("`{`", lex.Peek())
	}
	return p.parseBlock(lex)
}

// parseLet parses `let`, `let mut`, `const`, `share let`, `share x = …`, `strong a = d`,
// `weak w = d`; `let x;` has neither type nor value.
//
//	LetStmt = LetWord [ "mut" ] ( Pattern | BracketPattern ) [ ":" UnionType ] [ "=" Expr ]
//		[ MultiLet ] Semi .
//	LetWord = "let" | "const" | "share" [ "let" ] | "strong" | "weak" .
//
// letG is the same production without BracketPattern and MultiLet; it parses only the
// top-level `share` forms, everydayStmtProd taking the others here.
func (p *parser) parseLet(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	l := &ast.LetStmt{Kind: letKinds[p.val(kw)]}
	if kw.Type == kwShare && lex.Peek().Type == kwLet {
		p.next(lex)
	}
	if lex.Peek().Type == kwMut {
		p.next(lex)
		l.Mut = true
	}
	var pat ast.Pattern
	var err error
	if lex.Peek().Type == tLBrack {
		pat, err = p.parseBracketPattern(lex)
	} else {
		pat, err = p.patternProd(lex)
	}
	if err != nil {
		if err == errNoMatch {
			return nil, p.expected("a name or a pattern", lex.Peek())
		}
		return nil, err
	}
	l.Pattern = pat
	if lex.Peek().Type == tColon {
		p.next(lex)
		t, err := p.typeProd(lex)
		if err != nil {
			if err == errNoMatch {
				return nil, p.expected("a type", lex.Peek())
			}
			return nil, err
		}
		l.Type = t
	}
	if lex.Peek().Type == tAssign {
		p.next(lex)
		if !startsExpr(lex.Peek().Type) {
			return nil, p.expected("an expression", lex.Peek())
		}
		v, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		l.Value = v
	}
	if lex.Peek().Type == tComma {
		if err := p.parseMultiLet(lex, l); err != nil {
			return nil, err
		}
	}
	l.Span = ast.Span{Start: p.startOf(kw), End: p.end()}
	return l, p.semi(lex)
}

// parseIf parses `if c { } else if c { } elif c { } else { }` (ifG).
//
//	IfStmt     = ( "if" | "elif" ) HeadExpr Block [ ElseClause ] .
//	ElseClause = "else" ( IfStmt | Block ) | IfStmt .
//
// The IfStmt that no `else` precedes begins with `elif`. `if (c) { }` is the HeadExpr `(c)`.
// A statement may begin with `elif` where no `if` precedes it: it is an if.
func (p *parser) parseIf(lex *cursor) (*ast.IfStmt, error) {
	kw := p.next(lex)
	if err := p.enter(kw); err != nil {
		return nil, err
	}
	defer p.leave()
	cond, err := p.headExprProd(lex)
	if err != nil {
		return nil, err
	}
	then, err := p.parseBodyBlock(lex)
	if err != nil {
		return nil, err
	}
	s := &ast.IfStmt{Cond: cond, Then: then}
	switch lex.Peek().Type {
	case kwElse:
		p.next(lex)
		switch lex.Peek().Type {
		case kwIf, kwElif:
			if s.Else, err = p.parseIf(lex); err != nil {
				return nil, err
			}
		default:
			if s.Else, err = p.parseBodyBlock(lex); err != nil {
				return nil, err
			}
		}
	case kwElif:
		if s.Else, err = p.parseIf(lex); err != nil {
			return nil, err
		}
	}
	s.Span = ast.Span{Start: p.startOf(kw), End: p.end()}
	return s, nil
}

// parseFor parses `for (init; cond; post) { }`, `for pattern in iter { }` and the
// interpreter's `for (x in xs) { }` and `for x of xs { }` (forG has only the first two).
//
//	ForStmt = "for" ( ForCHead Block | ParenForIn | Pattern ( "in" | "of" ) HeadExpr Block ) .
//
// `of` is a contextual name. The heads are tried in this order: ForCHead when its parenthesis
// holds a `;`, ParenForIn when it holds `pattern in` or `pattern of` and `{` follows it, else
// the bare head, whose pattern may be a tuple: `for (k, v) in m`.
func (p *parser) parseFor(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	head, err := p.forCHeadProd(lex)
	if err == nil {
		fc := head.(*ast.ForCStmt)
		if fc.Body, err = p.parseBodyBlock(lex); err != nil {
			return nil, err
		}
		fc.Span = ast.Span{Start: p.startOf(kw), End: p.end()}
		return fc, nil
	}
	if err != errNoMatch {
		return nil, err
	}
	if s, ok, err := p.parseParenForIn(lex, kw); ok || err != nil {
		return s, err
	}
	pat, err := p.patternProd(lex)
	if err != nil {
		if err == errNoMatch {
			return nil, p.expected("a pattern or `(`", lex.Peek())
		}
		return nil, err
	}
	if t := lex.Peek(); t.Type == tIdent && p.val(t) == "of" {
		p.next(lex) // `for x of xs`, as in JavaScript
	} else if _, err := p.expect(lex, kwIn, "`in`"); err != nil {
		return nil, err
	}
	iter, err := p.headExprProd(lex)
	if err != nil {
		return nil, err
	}
	body, err := p.parseBodyBlock(lex)
	if err != nil {
		return nil, err
	}
	return &ast.ForInStmt{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Pattern: pat, Iter: iter, Body: body}, nil
}
