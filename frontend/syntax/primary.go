package syntax

import (
	"adesh2go/frontend/ast"
)

// Primary expressions: names, literals, parentheses and tuples, arrays, maps, struct
// literals, `new`.

//	Primary = identifier | "None" "(" ")" | int_lit | float_lit | string_lit | char_lit |
//		fstring_lit | template_lit | "true" | "false" | "null" | Lambda | Paren | ArrayLit |
//		MapLit | SetLit | AsyncExpr | MatchExpr | "spawn" Paren | NewExpr .
//
// A Lambda begins with `name =>` (not in a match guard: noLambda), with a `(` that
// isLambdaParams accepts (not in a match guard either), or with `fn`. `None()`, the
// interpreter's spelling, is null. `spawn (e)` spawns e, without the parentheses.
func (p *parser) parsePrimary(lex *cursor, ns exprCtx) (ast.Expr, error) {
	t := lex.Peek()
	switch t.Type {
	case tIdent:
		if ns&noLambda == 0 && p.peekAt(lex, 1).Type == tFatArrow {
			return p.parseLambda(lex, false)
		}
		p.next(lex)
		if p.val(t) == "None" && lex.Peek().Type == tLParen && p.peekAt(lex, 1).Type == tRParen {
			// The interpreter's `None()` is the value `None`: null.
			p.next(lex)
			p.next(lex)
			return &ast.NullLit{Span: ast.Span{Start: p.startOf(t), End: p.end()}}, nil
		}
		return p.ident(t), nil
	case tInt:
		p.next(lex)
		return p.intLit(t), nil
	case tFloat:
		p.next(lex)
		return p.floatLit(t), nil
	case tString:
		p.next(lex)
		return p.stringLit(t), nil
	case tChar:
		p.next(lex)
		return p.charLit(t), nil
	case tFString, tTemplate:
		p.next(lex)
		return p.template(t), nil
	case kwTrue, kwFalse:
		p.next(lex)
		return &ast.BoolLit{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}, Value: t.Type == kwTrue}, nil
	case kwNull:
		p.next(lex)
		return &ast.NullLit{Span: ast.Span{Start: p.startOf(t), End: p.endOf(t)}}, nil
	case tLParen:
		if ns&noLambda == 0 && p.isLambdaParams(lex) {
			return p.parseLambda(lex, false)
		}
		return p.parseParen(lex)
	case tLBrack:
		return p.parseArray(lex)
	case tLBrace:
		return p.parseMap(lex)
	case kwFn:
		return p.parseLambda(lex, false)
	case kwAsync:
		return p.parseAsync(lex)
	case kwMatch:
		return p.parseMatch(lex)
	case kwSpawn:
		p.next(lex)
		x, err := p.parseParen(lex)
		if err != nil {
			return nil, err
		}
		if par, ok := x.(*ast.Paren); ok {
			x = par.X
		}
		return &ast.Spawn{Span: ast.Span{Start: p.startOf(t), End: p.end()}, X: x}, nil
	case kwNew:
		return p.parseNew(lex)
	}
	return nil, p.expected("an expression", t)
}

// parseParen parses `()`, `(e)` and tuples `(a, b)`.
//
// Paren = "(" [ Expr { "," Expr } [ "," ] ] ")" .
//
// `(e)` is e in parentheses; `()`, `(e,)` and `(a, b)` are tuples.
func (p *parser) parseParen(lex *cursor) (ast.Expr, error) {
	// The nesting is counted by parseExpr, once per parenthesis.
	open, err := p.expect(lex, tLParen, "`(`")
	if err != nil {
		return nil, err
	}
	var elems []ast.Expr
	trailingComma := false
	for lex.Peek().Type != tRParen {
		e, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
		trailingComma = false
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
		trailingComma = true
	}
	if _, err := p.expect(lex, tRParen, "`)`"); err != nil {
		return nil, err
	}
	span := ast.Span{Start: p.startOf(open), End: p.end()}
	if len(elems) == 1 && !trailingComma {
		return &ast.Paren{Span: span, X: elems[0]}, nil
	}
	return &ast.TupleLit{Span: span, Elems: elems}, nil
}

// ArrayLit = "[" [ Expr { "," Expr } [ "," ] ] "]" .
func (p *parser) parseArray(lex *cursor) (ast.Expr, error) {
	open := p.next(lex)
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	var elems []ast.Expr
	for lex.Peek().Type != tRBrack {
		e, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRBrack, "`,` or `]` in the array literal"); err != nil {
		return nil, err
	}
	return &ast.ArrayLit{Span: ast.Span{Start: p.startOf(open), End: p.end()}, Elems: elems}, nil
}

// parseMap parses `{k: v, …}`; an identifier key is the string of its name. A first element
// followed by `,` or `}` instead of `:` makes a set literal `{a, b, c}`; `{}` is a map.
//
//	MapLit   = "{" [ MapEntry { "," MapEntry } [ "," ] ] "}" .
//	MapEntry = ( identifier | Expr ) ":" Expr .
func (p *parser) parseMap(lex *cursor) (ast.Expr, error) {
	open := p.next(lex)
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	m := &ast.MapLit{Object: true}
	for lex.Peek().Type != tRBrace {
		var key ast.Expr
		if k := lex.Peek(); k.Type == tIdent && p.peekAt(lex, 1).Type == tColon {
			p.next(lex)
			key = &ast.StringLit{Span: ast.Span{Start: p.startOf(k), End: p.endOf(k)}, Value: p.val(k)}
		} else {
			m.Object = false
			var err error
			if key, err = p.parseExpr(lex, 0); err != nil {
				return nil, err
			}
		}
		if len(m.Keys) == 0 && (lex.Peek().Type == tComma || lex.Peek().Type == tRBrace) {
			return p.parseSetRest(lex, open, key)
		}
		if _, err := p.expect(lex, tColon, "`:` after the map key"); err != nil {
			return nil, err
		}
		v, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		m.Keys = append(m.Keys, key)
		m.Values = append(m.Values, v)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRBrace, "`,` or `}` in the map literal"); err != nil {
		return nil, err
	}
	m.Span = ast.Span{Start: p.startOf(open), End: p.end()}
	return m, nil
}

// parseSetRest parses the elements after the first of a set literal `{first, …}`.
//
// SetLit = "{" Expr { "," Expr } [ "," ] "}" .
func (p *parser) parseSetRest(lex *cursor, open *tok, first ast.Expr) (ast.Expr, error) {
	set := &ast.SetLit{Elems: []ast.Expr{first}}
	for lex.Peek().Type == tComma {
		p.next(lex)
		if lex.Peek().Type == tRBrace {
			break
		}
		e, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		set.Elems = append(set.Elems, e)
	}
	if _, err := p.expect(lex, tRBrace, "`,` or `}` in the set literal"); err != nil {
		return nil, err
	}
	set.Span = ast.Span{Start: p.startOf(open), End: p.end()}
	return set, nil
}

// parseStructLit parses `{ field: value, … }` after the type path x and its type arguments.
//
//	StructLit = "{" [ FieldInit { "," FieldInit } [ "," ] ] "}" .
//	FieldInit = identifier [ ":" Expr ] .
func (p *parser) parseStructLit(lex *cursor, x ast.Expr, targs []ast.Type) (ast.Expr, error) {
	typ := pathType(x)
	typ.Args = targs
	typ.End = p.end()
	open := p.next(lex) // {
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	lit := &ast.StructLit{Type: typ}
	for lex.Peek().Type != tRBrace {
		n := lex.Peek()
		if n.Type != tIdent {
			return nil, p.expected("a field name", n)
		}
		p.next(lex)
		name := p.ident(n)
		fi := &ast.FieldInit{Name: name}
		if lex.Peek().Type == tColon {
			p.next(lex)
			v, err := p.parseExpr(lex, 0)
			if err != nil {
				return nil, err
			}
			fi.Value = v
		} else {
			// shorthand `Config { host }` is `host: host`
			fi.Value = &ast.Ident{Span: name.Span, Name: name.Name}
		}
		fi.Span = ast.Span{Start: name.Start, End: fi.Value.EndPos()}
		lit.Fields = append(lit.Fields, fi)
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tRBrace, "`,` or `}` in the struct literal"); err != nil {
		return nil, err
	}
	lit.Span = ast.Span{Start: x.Pos(), End: p.end()}
	return lit, nil
}

// pathType turns `a`, `m.A` or `a.b.c` into the named type of a struct literal.
func pathType(x ast.Expr) *ast.NamedType {
	switch e := x.(type) {
	case *ast.Ident:
		return &ast.NamedType{Span: e.Span, Name: e}
	case *ast.Selector:
		if id, ok := e.X.(*ast.Ident); ok {
			return &ast.NamedType{Span: e.Span, Pkg: id, Name: e.Name}
		}
		return &ast.NamedType{Span: e.Span, Name: e.Name}
	}
	return &ast.NamedType{}
}

// parseNew parses `new Path<T>(args)`.
//
// NewExpr = "new" identifier { ( "." | "::" ) MemberName } [ "<" Type { "," Type } ">" ] Args .
func (p *parser) parseNew(lex *cursor) (ast.Expr, error) {
	kw := p.next(lex)
	n := lex.Peek()
	if n.Type != tIdent {
		return nil, p.expected("a type name after `new`", n)
	}
	p.next(lex)
	var fun ast.Expr = p.ident(n)
	for lex.Peek().Type == tDot || lex.Peek().Type == tColon2 {
		sep := p.next(lex)
		m := lex.Peek()
		if m.Type != tIdent && !isKeyword(m.Type) {
			return nil, p.expected("a name after `"+p.val(sep)+"`", m)
		}
		p.next(lex)
		name := p.ident(m)
		fun = &ast.Selector{Span: ast.Span{Start: fun.Pos(), End: name.End}, X: fun, Name: name, DoubleColon: sep.Type == tColon2}
	}
	var targs []ast.Type
	if lex.Peek().Type == tLess {
		p.next(lex)
		for {
			t, err := p.parseType(lex)
			if err != nil {
				return nil, err
			}
			targs = append(targs, t)
			if lex.Peek().Type != tComma {
				break
			}
			p.next(lex)
		}
		if _, err := p.expect(lex, tGreater, "`>` after the type arguments"); err != nil {
			return nil, err
		}
	}
	if lex.Peek().Type != tLParen {
		return nil, p.expected("`(` after `new "+p.val(n)+"`", lex.Peek())
	}
	args, err := p.parseArgs(lex)
	if err != nil {
		return nil, err
	}
	return &ast.Call{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Fun: fun, TypeArgs: targs, Args: args, New: true}, nil
}
