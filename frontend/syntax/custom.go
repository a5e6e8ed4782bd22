package syntax

import (
	"fmt"

	"github.com/alecthomas/participle/v2"

	"adesh2go/frontend/ast"
)

// The small custom productions of the grammar: names, blocks (with statement-level error
// recovery), the statement terminator, the head of a C-style for, function heads and
// signatures, and struct and enum bodies.

// Name = identifier .
func (p *parser) nameProd(lex *cursor) (nameNode, error) {
	t := lex.Peek()
	switch {
	case t.Type == tIdent:
		p.next(lex)
		return p.ident(t), nil
	case isKeyword(t.Type):
		// Taking the keyword makes participle report this error rather than try on.
		p.next(lex)
		return nil, p.errAt(t, "`%s` is a keyword and cannot be used as a name", p.val(t))
	}
	return nil, errNoMatch
}

// blockProd is Block for participle: it does not match unless `{` comes next.
func (p *parser) blockProd(lex *cursor) (blockNode, error) {
	if lex.Peek().Type != tLBrace {
		return nil, errNoMatch
	}
	b, err := p.parseBlock(lex)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Block = "{" { Statement } "}" .
// A broken statement is reported and skipped, and the block goes on with the next one; a
// missing `}` is reported at the end of the file. A `;` right after a statement that ends with
// `}` is dropped (it makes no EmptyStmt).
func (p *parser) parseBlock(lex *cursor) (*ast.Block, error) {
	open := p.next(lex)
	if err := p.enter(open); err != nil {
		return nil, p.errAt(open, "blocks nested too deeply (more than %d levels)", maxDepth)
	}
	defer p.leave()
	b := &ast.Block{}
	for {
		t := lex.Peek()
		switch {
		case t.Type == tRBrace:
			p.next(lex)
			b.Span = ast.Span{Start: p.startOf(open), End: p.end()}
			return b, nil
		case t.Type == tEOF:
			p.report(t.Pos.Offset, t.Pos.Offset, fmt.Sprintf("expected `}` to close the block opened at line %d, found %s", p.lineOf(open.Pos.Offset), p.describe(t)))
			b.Span = ast.Span{Start: p.startOf(open), End: p.startOf(t)}
			return b, nil
		case t.Type == tSemi && (lex.i > 0 && p.tokens[lex.i-1].Type == tRBrace):
			p.next(lex) // optional `;` after a block-bodied statement
			continue
		}
		if !startsItemOrStmt(t.Type) {
			p.reportErr(p.notAStatement(t))
			lex.Next()
			continue
		}
		start := lex.i
		s, err := p.parseBlockStmt(lex)
		if err != nil {
			p.reportErr(err)
			lex.i = p.skipBroken(start, p.indexAt(p.errorOffset(err)), lex.end, true)
			continue
		}
		if s != nil {
			b.Stmts = append(b.Stmts, s)
		}
	}
}

// Semi = ";" .
// The `;` may be left out after `}` (a block-bodied statement). When it is missing elsewhere,
// the error is reported and the parse goes on as if it were there, so that one forgotten `;`
// costs one error.
func (p *parser) semiProd(lex *cursor) (semiNode, error) {
	t := lex.Peek()
	if t.Type == tSemi {
		p.next(lex)
		return nil, nil
	}
	rc := lex.i
	if rc == 0 {
		return nil, p.expected("`;`", t)
	}
	prev := &p.tokens[rc-1]
	if prev.Type == tRBrace {
		return nil, nil
	}
	at := prev.end()
	p.report(at, at, "expected `;` after the statement, found "+p.describe(t))
	return nil, nil
}

// ForCHead = "(" ( ";" | LetStmt | Expr ";" ) [ Expr ] ";" [ ForPost ] ")" .
// The LetStmt begins with `let` or `const` and ends with its own `;`. forCHeadProd does not
// match (and ForStmt tries its other heads) unless the parenthesis holds a `;` at its own level.
func (p *parser) forCHeadProd(lex *cursor) (forCHead, error) {
	open := lex.Peek()
	if open.Type != tLParen {
		return nil, errNoMatch
	}
	rc := lex.i
	closeAt := int(p.closers[rc])
	if closeAt < 0 {
		closeAt = len(p.tokens) - 1
	}
	cStyle := false
	for i := rc + 1; i < closeAt; i++ {
		if k := p.tokens[i].Type; k == tSemi {
			cStyle = true
			break
		} else if opens(k) && p.closers[i] > 0 {
			i = int(p.closers[i])
		}
	}
	if !cStyle {
		return nil, errNoMatch
	}
	p.next(lex)
	fc := &ast.ForCStmt{}
	// init
	switch t := lex.Peek(); t.Type {
	case tSemi:
		p.next(lex)
	case kwLet, kwConst:
		l, err := p.parseLet(lex)
		if err != nil {
			return nil, err
		}
		fc.Init = l
	default:
		x, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		fc.Init = &ast.ExprStmt{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, X: x}
		if _, err := p.expect(lex, tSemi, "`;` after the loop's initialisation"); err != nil {
			return nil, err
		}
	}
	// condition
	if lex.Peek().Type != tSemi {
		x, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		fc.Cond = x
	}
	if _, err := p.expect(lex, tSemi, "`;` after the loop's condition"); err != nil {
		return nil, err
	}
	// post
	if lex.Peek().Type != tRParen {
		post, err := p.parseForPost(lex)
		if err != nil {
			return nil, err
		}
		fc.Post = post
	}
	if _, err := p.expect(lex, tRParen, "`)` after the loop's increment"); err != nil {
		return nil, err
	}
	return fc, nil
}

// Signature = Params [ ( ":" | "->" ) UnionType ] .
func (p *parser) signatureProd(lex *cursor) (signature, error) {
	t := lex.Peek()
	if t.Type != tLParen {
		return nil, p.expected("`(` and the parameters", t)
	}
	params, err := p.parseParams(lex)
	if err != nil {
		return nil, err
	}
	sig := &funcSignature{Params: params}
	if k := lex.Peek().Type; k == tColon || k == tArrow {
		p.next(lex)
		if sig.Ret, err = p.typeProd(lex); err != nil {
			return nil, err
		}
	}
	sig.Span = ast.Span{Start: p.startOf(t), End: p.end()}
	return sig, nil
}

// StructBody  = "{" { StructField [ "," | ";" ] | FuncDecl } "}" .
// StructField = identifier [ "?" ] ":" UnionType [ "=" Expr ] .
// A field's separator may be left out only before `}` or a method. Methods (from `fn` or
// `async`) go to participle's function production (parseMethod).
func (p *parser) structBodyProd(lex *cursor) (structBody, error) {
	open, err := p.expect(lex, tLBrace, "`{` and the fields")
	if err != nil {
		return nil, err
	}
	m := &structMembers{}
	for {
		t := lex.Peek()
		switch t.Type {
		case tRBrace:
			p.next(lex)
			m.Span = ast.Span{Start: p.startOf(open), End: p.end()}
			return m, nil
		case kwFn, kwAsync:
			f, err := p.parseMethod(lex)
			if err != nil {
				return nil, err
			}
			m.Methods = append(m.Methods, f)
			continue
		case tIdent:
		default:
			return nil, p.expected("a field name, a method or `}`", t)
		}
		p.next(lex)
		name := p.ident(t)
		optional := false
		if lex.Peek().Type == tQuestion {
			p.next(lex) // `value?: T`, the interpreter's optional field, is `value: T?`
			optional = true
		}
		if _, err := p.expect(lex, tColon, "`:` and the field's type"); err != nil {
			return nil, err
		}
		typ, err := p.typeProd(lex)
		if err != nil {
			return nil, err
		}
		if _, isOpt := typ.(*ast.OptionalType); optional && !isOpt {
			typ = &ast.OptionalType{Span: ast.Span{Start: typ.Pos(), End: typ.EndPos()}, Elem: typ}
		}
		var def ast.Expr
		if lex.Peek().Type == tAssign {
			p.next(lex) // `size: i64 = 10`: a literal the struct literals that leave it out get
			if def, err = p.parseExpr(lex, 0); err != nil {
				return nil, err
			}
		}
		m.Fields = append(m.Fields, &ast.Field{Span: ast.Span{Start: name.Start, End: p.end()}, Name: name, Type: typ, Default: def})
		switch t := lex.Peek(); t.Type {
		case tComma, tSemi:
			p.next(lex)
		case tRBrace, kwFn, kwAsync:
		default:
			return nil, p.expected("`,` or `}` after the field", t)
		}
	}
}

// parseMethod parses a FuncDecl at the cursor (a struct's method, a test) with participle's
// function production (funcG).
func (p *parser) parseMethod(lex *cursor) (*ast.FuncDecl, error) {
	to := p.stmtEnd(lex)
	chunk := p.chunkLexer(lex.i, to)
	saved := p.limit
	p.limit = to
	f, err := p.funcs.ParseFromLexer(chunk, participle.AllowTrailing(true))
	p.limit = saved
	if err != nil {
		return nil, err
	}
	lex.i = min(p.indexAt(chunk.Peek().Pos.Offset), to)
	p.lastEnd = p.tokens[lex.i-1].end()
	return p.convertFunc(f, f.Pos.Offset), nil
}

// EnumBody = "{" [ Variant { "," Variant } [ "," ] ] "}" .
// Variant  = identifier [ "(" [ UnionType { "," UnionType } [ "," ] ] ")" ] .
func (p *parser) enumBodyProd(lex *cursor) (enumBody, error) {
	open, err := p.expect(lex, tLBrace, "`{` and the variants")
	if err != nil {
		return nil, err
	}
	e := &enumVariants{}
	for lex.Peek().Type != tRBrace {
		t := lex.Peek()
		if t.Type != tIdent {
			return nil, p.expected("a variant name", t)
		}
		p.next(lex)
		v := &ast.Variant{Name: p.ident(t)}
		if lex.Peek().Type == tLParen {
			p.next(lex)
			for lex.Peek().Type != tRParen {
				typ, err := p.typeProd(lex)
				if err != nil {
					return nil, err
				}
				v.Payload = append(v.Payload, typ)
				if lex.Peek().Type != tComma {
					break
				}
				p.next(lex)
			}
			if _, err := p.expect(lex, tRParen, "`,` or `)` in the variant's payload"); err != nil {
				return nil, err
			}
		}
		v.Span = ast.Span{Start: v.Name.Start, End: p.end()}
		e.Variants = append(e.Variants, v)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRBrace, "`,` or `}` after the variant"); err != nil {
		return nil, err
	}
	e.Span = ast.Span{Start: p.startOf(open), End: p.end()}
	return e, nil
}

// FnHead = [ "async" ] "fn" .
// It does not match when `(` follows: that is a lambda, an expression.
func (p *parser) fnHeadProd(lex *cursor) (fnHead, error) {
	t := lex.Peek()
	n := 0
	switch {
	case t.Type == kwFn:
		n = 1
	case t.Type == kwAsync && p.peekAt(lex, 1).Type == kwFn:
		n = 2
	default:
		return nil, errNoMatch
	}
	if p.peekAt(lex, n).Type == tLParen {
		return nil, errNoMatch
	}
	for i := 0; i < n; i++ {
		p.next(lex)
	}
	return &fnKeyword{Span: ast.Span{Start: p.startOf(t), End: p.end()}, Async: n == 2}, nil
}
