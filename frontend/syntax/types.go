package syntax

import (
	"adesh2go/frontend/ast"
)

// Types as written (LANGUAGE.md §6): `i64`, `m.Config`, `Map<K, V>`, `[T]`, `T?`, `(A, B)`,
// `()`, `fn(A, B): R`, `async fn(A) -> R`.

// typeProd is UnionType for participle and for the annotations of the hand-written parsers.
// It does not match before `)`; any other token that cannot begin a type is an error.
func (p *parser) typeProd(lex *cursor) (ast.Type, error) {
	t := lex.Peek()
	if !startsType(t.Type) {
		if t.Type == tRParen {
			return nil, errNoMatch // `Variant()`
		}
		return nil, p.expected("a type", t)
	}
	return p.parseUnionType(lex)
}

// UnionType   = UnionMember { "|" UnionMember } .
// UnionMember = Type | "null" .
//
// parseUnionType parses a type of an annotation, which may be a union `A | B | null` (the
// interpreter's spelling, EVERYDAY.md §1): `T | null` is `T?`, and a union of several types is
// the dynamic type `any` (optional if null is one of them: `any` holds null anyway). Casts do
// not take unions, so that `x as i64 | y` stays a bitwise or. A lone `null` is not a type.
func (p *parser) parseUnionType(lex *cursor) (ast.Type, error) {
	first := lex.Peek()
	var members []ast.Type
	nullable := false
	for {
		if t := lex.Peek(); t.Type == kwNull && len(members) > 0 || t.Type == kwNull && p.peekAt(lex, 1).Type == tPipe {
			p.next(lex)
			nullable = true
		} else {
			m, err := p.parseType(lex)
			if err != nil {
				return nil, err
			}
			members = append(members, m)
		}
		if lex.Peek().Type != tPipe {
			break
		}
		p.next(lex)
	}
	span := ast.Span{Start: p.startOf(first), End: p.end()}
	var typ ast.Type
	switch {
	case len(members) == 1:
		typ = members[0]
	case len(members) == 0:
		return &ast.NamedType{Span: span, Name: &ast.Ident{Span: span, Name: "null"}}, nil
	default:
		return &ast.NamedType{Span: span, Name: &ast.Ident{Span: span, Name: "any"}}, nil
	}
	if nullable {
		if _, ok := typ.(*ast.OptionalType); !ok {
			typ = &ast.OptionalType{Span: span, Elem: typ}
		}
	}
	return typ, nil
}

func startsType(k Kind) bool {
	return k == tIdent || k == tLBrack || k == tLParen || k == kwFn || k == kwAsync
}

//	Type      = TypeBase { "?" | "[" "]" } .
//	TypeBase  = NamedType | "[" Type "]" | "(" [ Type { "," Type } [ "," ] ] ")" | FuncType .
//	FuncType  = [ "async" ] "fn" "(" [ FuncParam { "," FuncParam } [ "," ] ] ")"
//		[ ( ":" | "->" ) Type ] .
//	FuncParam = [ identifier ":" ] Type .
//
// `(T)` is T; `()`, `(T,)` and `(A, B)` are tuples. `T[]` is `[T]`. A FuncParam's name is
// documentation.
func (p *parser) parseType(lex *cursor) (ast.Type, error) {
	t := lex.Peek()
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	var typ ast.Type
	switch t.Type {
	case tIdent:
		nt, err := p.parseNamedType(lex)
		if err != nil {
			return nil, err
		}
		typ = nt
	case tLBrack:
		p.next(lex)
		elem, err := p.parseType(lex)
		if err != nil {
			return nil, err
		}
		if _, err := p.expect(lex, tRBrack, "`]` after the element type"); err != nil {
			return nil, err
		}
		typ = &ast.ArrayType{Span: ast.Span{Start: p.startOf(t), End: p.end()}, Elem: elem}
	case tLParen:
		p.next(lex)
		var elems []ast.Type
		trailingComma := false
		for lex.Peek().Type != tRParen {
			e, err := p.parseType(lex)
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
		if _, err := p.expect(lex, tRParen, "`,` or `)` in the tuple type"); err != nil {
			return nil, err
		}
		if len(elems) == 1 && !trailingComma {
			typ = elems[0] // (T) is T
		} else {
			typ = &ast.TupleType{Span: ast.Span{Start: p.startOf(t), End: p.end()}, Elems: elems}
		}
	case kwFn, kwAsync:
		ft := &ast.FuncType{}
		if t.Type == kwAsync {
			p.next(lex)
			ft.Async = true
			if _, err := p.expect(lex, kwFn, "`fn` after `async` in a type"); err != nil {
				return nil, err
			}
		} else {
			p.next(lex)
		}
		if _, err := p.expect(lex, tLParen, "`(` after `fn` in a function type"); err != nil {
			return nil, err
		}
		for lex.Peek().Type != tRParen {
			// A parameter may be named (`fn(x: i64)`); the name is documentation.
			if lex.Peek().Type == tIdent && p.peekAt(lex, 1).Type == tColon {
				p.next(lex)
				p.next(lex)
			}
			e, err := p.parseType(lex)
			if err != nil {
				return nil, err
			}
			ft.Params = append(ft.Params, e)
			if lex.Peek().Type != tComma {
				break
			}
			p.next(lex)
		}
		if _, err := p.expect(lex, tRParen, "`,` or `)` in the function type"); err != nil {
			return nil, err
		}
		if k := lex.Peek().Type; k == tColon || k == tArrow {
			p.next(lex)
			r, err := p.parseType(lex)
			if err != nil {
				return nil, err
			}
			ft.Ret = r
		}
		ft.Span = ast.Span{Start: p.startOf(t), End: p.end()}
		typ = ft
	default:
		return nil, p.expected("a type", t)
	}
	for {
		switch n := lex.Peek(); {
		case n.Type == tQuestion:
			p.next(lex)
			typ = &ast.OptionalType{Span: ast.Span{Start: typ.Pos(), End: p.end()}, Elem: typ}
			continue
		case n.Type == tLBrack && p.peekAt(lex, 1).Type == tRBrack:
			// `T[]` is `[T]` (EVERYDAY.md §1).
			p.next(lex)
			p.next(lex)
			typ = &ast.ArrayType{Span: ast.Span{Start: typ.Pos(), End: p.end()}, Elem: typ}
			continue
		}
		return typ, nil
	}
}

// parseNamedType parses `Name`, `m.Name` and `Name<Args>`.
//
// NamedType = identifier [ "." identifier ] [ "<" Type { "," Type } [ "," ] ">" ] .
func (p *parser) parseNamedType(lex *cursor) (*ast.NamedType, error) {
	first := p.next(lex)
	nt := &ast.NamedType{Name: p.ident(first)}
	if lex.Peek().Type == tDot && p.peekAt(lex, 1).Type == tIdent {
		p.next(lex)
		nt.Pkg = nt.Name
		nt.Name = p.ident(p.next(lex))
	}
	if lex.Peek().Type == tLess {
		p.next(lex)
		for {
			a, err := p.parseType(lex)
			if err != nil {
				return nil, err
			}
			nt.Args = append(nt.Args, a)
			if lex.Peek().Type != tComma {
				break
			}
			p.next(lex)
			if lex.Peek().Type == tGreater {
				break // trailing comma
			}
		}
		if _, err := p.expect(lex, tGreater, "`,` or `>` in the type arguments"); err != nil {
			return nil, err
		}
	}
	nt.Span = ast.Span{Start: p.startOf(first), End: p.end()}
	return nt, nil
}
