package syntax

import (
	"fmt"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
)

// An interface (EVERYDAY.md §2) names methods and fields that a class declaring `implements`
// must have; it declares nothing for the checker. A variable of the interface's type is `any`,
// so it holds any instance (or record) that has them.
type ifaceParts struct {
	name    *ast.Ident
	extends []*ast.NamedType
	methods []*ast.FuncDecl // signatures
	fields  []*ast.Field
	span    ast.Span
}

// parseInterface parses `interface Name extends J, K { fn m(a: T): R; field: T; }` (the
// `interface` name is the current token).
//
//	InterfaceDecl = "interface" identifier [ TypeParamNames ]
//		[ "extends" NamedType { "," NamedType } ] "{" { InterfaceMember } "}" [ ";" ] .
//
// The type parameters are read and dropped: a variable of the interface's type is `any`.
func (p *parser) parseInterface(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	nameTok := p.next(lex)
	in := &ifaceParts{name: p.ident(nameTok)}
	if _, err := p.parseTypeParamList(lex); err != nil {
		return nil, err
	}
	var err error
	if in.extends, err = p.parseInterfaceList(lex, "extends"); err != nil {
		return nil, err
	}
	if err := p.parseBracedMembers(lex, "interface", func(lex *cursor) error { return p.parseInterfaceMember(lex, in) }); err != nil {
		return nil, err
	}
	in.span = ast.Span{Start: p.startOf(kw), End: p.end()}
	p.ifaces[in.span.Start] = in
	return &ast.EmptyStmt{Span: in.span}, nil
}

// parseInterfaceMember parses `[fn] m(params)[: R];` or `name[?]: T;`.
//
//	InterfaceMember = { "async" | "fn" | "readonly" | "public" } MemberName ( MethodSig | FieldSig )
//		[ "," | ";" ] .
//	MethodSig       = Params [ ( ":" | "->" ) UnionType ] .
//	FieldSig        = [ "?" ] ":" UnionType .
//
// `readonly` and `public` (every member of an interface is) are modifiers only when a name or
// `fn` follows them. The separator may be left out only before `}` or a line break.
func (p *parser) parseInterfaceMember(lex *cursor, in *ifaceParts) error {
	isModifier := func(t *tok) bool {
		next := p.peekAt(lex, 1).Type
		return t.Type == tIdent && (p.val(t) == "readonly" || p.val(t) == "public") && (next == tIdent || next == kwFn || next == kwAsync)
	}
	for t := lex.Peek(); t.Type == kwAsync || t.Type == kwFn || isModifier(t); t = lex.Peek() {
		p.next(lex)
	}
	nt := lex.Peek()
	if nt.Type != tIdent && !isKeyword(nt.Type) {
		return p.expected("a method or a field of the interface", nt)
	}
	p.next(lex)
	name := p.ident(nt)
	if lex.Peek().Type == tLParen {
		params, err := p.parseParams(lex)
		if err != nil {
			return err
		}
		var ret ast.Type
		if t := lex.Peek(); t.Type == tColon || t.Type == tArrow {
			p.next(lex)
			if ret, err = p.typeProd(lex); err != nil {
				return err
			}
		}
		in.methods = append(in.methods, &ast.FuncDecl{Span: ast.Span{Start: name.Start, End: p.end()}, Name: name, Params: params, Ret: ret})
	} else {
		if lex.Peek().Type == tQuestion {
			p.next(lex)
		}
		if _, err := p.expect(lex, tColon, "`:` and the field's type, or `(` and a method's parameters"); err != nil {
			return err
		}
		typ, err := p.typeProd(lex)
		if err != nil {
			return err
		}
		in.fields = append(in.fields, &ast.Field{Span: ast.Span{Start: name.Start, End: p.end()}, Name: name, Type: typ})
	}
	switch t := lex.Peek(); t.Type {
	case tComma, tSemi:
		p.next(lex)
	case tRBrace:
	default:
		if !p.startsLine(lex.i) {
			return p.expected("`;` after the interface's member", t)
		}
	}
	return nil
}

// checkImplements reports what of the interface it the class c lacks: a method by name and
// number of parameters, a field by name.
func (p *parser) checkImplements(c *classParts, it *ast.NamedType, ifaces map[string]*ifaceParts) {
	in := ifaces[it.Name.Name]
	if in == nil {
		p.errorAtSpan(it.Span, diag.Type, "unknown interface `"+it.Name.Name+"`")
		return
	}
	seen := map[*ifaceParts]bool{}
	var check func(in *ifaceParts)
	check = func(in *ifaceParts) {
		if seen[in] {
			return
		}
		seen[in] = true
		for _, m := range in.methods {
			var have *ast.FuncDecl
			for _, cm := range append(append([]*ast.FuncDecl(nil), c.methods...), c.abstracts...) {
				if cm.Name.Name == m.Name.Name {
					have = cm
				}
			}
			switch {
			case have == nil:
				p.errorAtSpan(c.name.Span, diag.Type, "the class `"+c.name.Name+"` does not implement `"+m.Name.Name+"` of the interface `"+in.name.Name+"`")
			case len(have.Params) != len(m.Params):
				p.errorAtSpan(have.Name.Span, diag.Type, fmt.Sprintf("`%s` takes %d parameter%s in the interface `%s`, %d here", m.Name.Name, len(m.Params), diag.Plural(len(m.Params)), in.name.Name, len(have.Params)))
			}
		}
		for _, f := range in.fields {
			found := false
			for _, cf := range c.fields {
				found = found || cf.Name.Name == f.Name.Name
			}
			if !found {
				p.errorAtSpan(c.name.Span, diag.Type, "the class `"+c.name.Name+"` has no field `"+f.Name.Name+"` that the interface `"+in.name.Name+"` requires")
			}
		}
		for _, j := range in.extends {
			if jn := ifaces[j.Name.Name]; jn != nil {
				check(jn)
			} else {
				p.errorAtSpan(j.Span, diag.Type, "unknown interface `"+j.Name.Name+"`")
			}
		}
	}
	check(in)
}

// parseBracedMembers parses the body `{ member… }` of a class or an interface, and a `;` after
// it if there is one: "{" { member } "}" [ ";" ].
func (p *parser) parseBracedMembers(lex *cursor, what string, member func(*cursor) error) error {
	if _, err := p.expect(lex, tLBrace, "`{` and the body of the "+what); err != nil {
		return err
	}
	for lex.Peek().Type != tRBrace {
		if err := member(lex); err != nil {
			return err
		}
	}
	p.next(lex)
	if lex.Peek().Type == tSemi {
		p.next(lex)
	}
	return nil
}

// parseInterfaceList parses `keyword I, J` if it comes next (a class's `implements`, an
// interface's `extends`): [ keyword NamedType { "," NamedType } ].
func (p *parser) parseInterfaceList(lex *cursor, keyword string) ([]*ast.NamedType, error) {
	if t := lex.Peek(); t.Type != tIdent || p.val(t) != keyword {
		return nil, nil
	}
	p.next(lex)
	var list []*ast.NamedType
	for {
		t, err := p.namedTypeProd(lex, "an interface")
		if err != nil {
			return nil, err
		}
		list = append(list, t)
		if lex.Peek().Type != tComma {
			return list, nil
		}
		p.next(lex)
	}
}
