package syntax

import (
	"fmt"

	"adesh2go/frontend/ast"
)

// The statement forms of the AdeshLang interpreter's dialect (EVERYDAY.md §1) that desugar into
// the statements the rest of the compiler already knows:
//
//   - `do { body } while (c);` is `for (let mut first = true; first || c; first = false) { body }`,
//     so that `continue` goes to the condition;
//   - `x, y = y, x;` is `{ let t = (y, x); x = t.0; y = t.1; }`;
//   - `let a, b = 1, 2;` and `let i = 0, j = 10;` are `let (a, b) = (1, 2);` (the types, if
//     written, make a tuple type);
//   - `for (x in xs)` and `for x of xs` are `for x in xs`.
//
// The names the desugaring introduces end in `__`; each lives in a scope of its own (a nested
// do … while's flag shadows the outer one inside the inner loop only). The nodes made keep the
// positions of what they stand for, but not always source order: `x, y = y, x` visits the
// values before the targets, as it runs.
const (
	doFirstName      = "do_first__"
	parallelTempName = "parallel__"
)

// Top-level statements reach these through everydayStmtProd, block statements through
// parseBlockStmt: both call the same functions.

// everydayStmt is HandStmt, a statement that only the hand-written parser parses (let and its
// kin, for, the interpreter's forms): a ast.Stmt.
type everydayStmt interface{ ast.Stmt }

// everydayStmtProd parses, at the top level, the statements whose parsing is hand-written; it
// does not match any other statement.
//
// HandStmt = LetStmt | ForStmt | IdentStmt .
//
// The LetStmt does not begin with `share`: letG takes that one.
func (p *parser) everydayStmtProd(lex *cursor) (everydayStmt, error) {
	var s ast.Stmt
	var err error
	switch t := lex.Peek(); t.Type {
	case kwLet, kwConst, kwStrong, kwWeak:
		s, err = p.parseLet(lex)
	case kwFor:
		s, err = p.parseFor(lex)
	case tIdent:
		var ok bool
		if s, ok, err = p.parseIdentStmt(lex, true); !ok && err == nil {
			return nil, errNoMatch
		}
	default:
		return nil, errNoMatch
	}
	if err != nil {
		return nil, err
	}
	// A top-level statement's span covers its `;`, as participle's spans do.
	switch s := s.(type) {
	case *ast.LetStmt:
		s.End = p.end()
	case *ast.Block:
		s.End = p.end()
	case *ast.ForCStmt:
		s.End = p.end()
	case *ast.EmptyStmt:
		s.End = p.end()
	case *ast.DeclStmt:
		s.End = p.end()
	}
	return s, nil
}

// parseIdentStmt parses the interpreter's statements that begin with a name: `do { } while`,
// a parallel assignment, and the declarations that begin with a contextual name, which only
// the top level has. ok is false (and nothing is read) for any other statement.
//
//	IdentStmt = DoWhileStmt | ClassDecl | InterfaceDecl | TypeDecl | TestDecl | ParallelAssign .
//
// The name and the tokens after it choose: `do {`, `class Name`, `interface Name`, `abstract
// class`, `type Name =` or `type Name <`, `test fn`, `test async` or `test Name {`, and `name ,`.
// Anywhere else these words are names.
func (p *parser) parseIdentStmt(lex *cursor, top bool) (s ast.Stmt, ok bool, err error) {
	t := lex.Peek()
	n := p.peekAt(lex, 1)
	switch name := p.val(t); {
	case name == "do" && n.Type == tLBrace:
		s, err = p.parseDoWhile(lex)
		return s, true, err
	case (name == "class" || name == "interface") && n.Type == tIdent, name == "abstract" && p.val(n) == "class":
		if !top {
			return nil, true, p.errAt(t, "`%s` is allowed only at the top level of a file", name)
		}
		if name == "interface" {
			s, err = p.parseInterface(lex)
		} else {
			s, err = p.parseClass(lex)
		}
		return s, true, err
	case name == "type" && n.Type == tIdent && (p.peekAt(lex, 2).Type == tAssign || p.peekAt(lex, 2).Type == tLess):
		if !top {
			return nil, true, p.errAt(t, "`type` is allowed only at the top level of a file")
		}
		s, err = p.parseTypeAlias(lex)
		return s, true, err
	case name == "test" && (n.Type == kwFn || n.Type == kwAsync || n.Type == tIdent && p.peekAt(lex, 2).Type == tLBrace):
		if !top {
			return nil, true, p.errAt(t, "a test is declared only at the top level of a file")
		}
		s, err = p.parseTest(lex)
		return s, true, err
	case n.Type == tComma:
		s, err = p.parseParallelAssign(lex)
		return s, true, err
	}
	return nil, false, nil
}

// parseTest parses a test declaration, `test [async] fn name() { … }`, or a group of tests,
// `test Group { [async] fn name() { … } … }` (the current token is `test`).
//
// TestDecl = "test" ( FuncDecl | identifier "{" { FuncDecl } "}" ) [ ";" ] .
func (p *parser) parseTest(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	d := &ast.TestDecl{}
	if t := lex.Peek(); t.Type == tIdent {
		p.next(lex)
		d.Group = p.ident(t)
		if _, err := p.expect(lex, tLBrace, "`{` and the tests of the group"); err != nil {
			return nil, err
		}
		for lex.Peek().Type != tRBrace {
			if t := lex.Peek(); t.Type != kwFn && t.Type != kwAsync {
				return nil, p.expected("a test of the group (`fn`, `async fn`) or `}`", t)
			}
			f, err := p.parseMethod(lex)
			if err != nil {
				return nil, err
			}
			d.Funcs = append(d.Funcs, f)
		}
		p.next(lex)
	} else {
		name := p.peekAt(lex, 1)
		if lex.Peek().Type == kwAsync {
			if p.peekAt(lex, 1).Type != kwFn {
				return nil, p.expected("`fn` after `test async` (`test async fn name() { … }`)", p.peekAt(lex, 1))
			}
			name = p.peekAt(lex, 2)
		}
		if name.Type != tIdent {
			return nil, p.expected("the test's name after `test fn` (`test fn name() { … }`)", name)
		}
		f, err := p.parseMethod(lex)
		if err != nil {
			return nil, err
		}
		if f.Doc == "" {
			f.Doc = p.docs[kw.Pos.Offset]
		}
		d.Funcs = append(d.Funcs, f)
	}
	if lex.Peek().Type == tSemi {
		p.next(lex)
	}
	d.Span = ast.Span{Start: p.startOf(kw), End: p.end()}
	return &ast.DeclStmt{Span: d.Span, Decl: d}, nil
}

// parseDoWhile parses `do { body } while (cond);` (the `;` is optional).
//
// DoWhileStmt = "do" Block "while" Expr [ ";" ] .
//
// The condition is any Expr: in parentheses, as the interpreter writes it, or not.
func (p *parser) parseDoWhile(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	body, err := p.parseBodyBlock(lex)
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(lex, kwWhile, "`while` after the body of `do`"); err != nil {
		return nil, err
	}
	cond, err := p.parseExpr(lex, 0)
	if err != nil {
		return nil, err
	}
	if lex.Peek().Type == tSemi {
		p.next(lex)
	}
	span := ast.Span{Start: p.startOf(kw), End: p.end()}
	at := ast.Span{Start: span.Start, End: span.Start}
	first := func() *ast.Ident {
		return &ast.Ident{Span: at, Name: doFirstName}
	}
	cond = &ast.Binary{Span: ast.Span{Start: cond.Pos(), End: cond.EndPos()}, Op: "||", X: first(), Y: cond}
	post := &ast.Assign{Span: at, Op: "=", X: first(), Y: &ast.BoolLit{Span: at, Value: false}}
	return &ast.ForCStmt{
		Span: span,
		Init: &ast.LetStmt{Span: at, Mut: true, Pattern: &ast.BindPat{Span: at, Name: first()},
			Value: &ast.BoolLit{Span: at, Value: true}},
		Cond: cond,
		Post: &ast.ExprStmt{Span: at, X: post},
		Body: body,
	}, nil
}

// parseParallelAssign parses `a, b = e1, e2;` (a swap when the values are the targets): every
// value is computed before the first target changes.
//
// ParallelAssign = identifier "," ExprList "=" ExprList Semi .
//
// The first target is a plain name (parseIdentStmt knows the statement by a name and a `,`);
// the two lists have as many expressions.
func (p *parser) parseParallelAssign(lex *cursor) (ast.Stmt, error) {
	start := p.startOf(lex.Peek())
	targets, err := p.parseExprList(lex, noLambda)
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(lex, tAssign, "`=` after the targets of a parallel assignment"); err != nil {
		return nil, err
	}
	values, err := p.parseExprList(lex, 0)
	if err != nil {
		return nil, err
	}
	if len(values) != len(targets) {
		return nil, &syntaxError{start: int(values[0].Pos() - p.base), end: int(values[len(values)-1].EndPos() - p.base),
			msg: fmt.Sprintf("a parallel assignment of %d targets needs %d values, found %d", len(targets), len(targets), len(values))}
	}
	span := ast.Span{Start: start, End: p.end()}
	at := ast.Span{Start: start, End: start}
	tmp := func() *ast.Ident { return &ast.Ident{Span: at, Name: parallelTempName} }
	b := &ast.Block{Span: span}
	b.Stmts = append(b.Stmts, &ast.LetStmt{Span: span, Pattern: &ast.BindPat{Span: at, Name: tmp()},
		Value: &ast.TupleLit{Span: ast.Span{Start: values[0].Pos(), End: values[len(values)-1].EndPos()}, Elems: values}})
	for i, x := range targets {
		field := &ast.Ident{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, Name: fmt.Sprint(i)}
		y := &ast.Selector{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, X: tmp(), Name: field}
		as := &ast.Assign{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, Op: "=", X: x, Y: y}
		b.Stmts = append(b.Stmts, &ast.ExprStmt{Span: as.Span, X: as})
	}
	return b, p.semi(lex)
}

// ExprList = Ternary { "," Ternary } .
// No assignment inside: `a, b = …` stops at `=`.
func (p *parser) parseExprList(lex *cursor, ns exprCtx) ([]ast.Expr, error) {
	var xs []ast.Expr
	for {
		x, err := p.parseTernary(lex, ns)
		if err != nil {
			return nil, err
		}
		xs = append(xs, x)
		if lex.Peek().Type != tComma {
			return xs, nil
		}
		p.next(lex)
	}
}

// parseMultiLet goes on with a `let` after the `,` that follows its first variable: `let a, b,
// c = 1, 2, 3;`, `let p: i32, q: f64 = 42, 3.5;` or `let i = 0, j = 10;`. The variables become
// one tuple pattern bound to a tuple of the values.
//
//	MultiLet = "," MoreVar "=" Ternary { "," MoreVar "=" Ternary }  // after `let a = e`
//		| "," MoreVar { "," MoreVar } [ "=" ExprList ] .          // after `let a` or `let a: T`
//	MoreVar  = identifier [ ":" UnionType ] .
//
// The first variable is a plain name; values and variables are as many; without values, at
// least one variable has a type (the others are `any`).
func (p *parser) parseMultiLet(lex *cursor, l *ast.LetStmt) error {
	first, ok := l.Pattern.(*ast.BindPat)
	if !ok {
		return p.errAt(lex.Peek(), "several variables in one `let` must be plain names")
	}
	pats := []ast.Pattern{first}
	typs := []ast.Type{l.Type}
	var vals []ast.Expr
	if l.Value != nil {
		vals = append(vals, l.Value)
	}
	for lex.Peek().Type == tComma {
		p.next(lex)
		t := lex.Peek()
		if t.Type != tIdent {
			return p.expected("the name of a variable", t)
		}
		p.next(lex)
		id := p.ident(t)
		pats = append(pats, &ast.BindPat{Span: id.Span, Name: id})
		var typ ast.Type
		if lex.Peek().Type == tColon {
			p.next(lex)
			var err error
			if typ, err = p.parseUnionType(lex); err != nil {
				return err
			}
		}
		typs = append(typs, typ)
		if l.Value != nil {
			// `let i = 0, j = 10;`: each variable has its own value.
			if _, err := p.expect(lex, tAssign, "`=` and the value of `"+id.Name+"`"); err != nil {
				return err
			}
			v, err := p.parseTernary(lex, 0)
			if err != nil {
				return err
			}
			vals = append(vals, v)
		}
	}
	if l.Value == nil && lex.Peek().Type == tAssign {
		p.next(lex)
		var err error
		if vals, err = p.parseExprList(lex, 0); err != nil {
			return err
		}
		if len(vals) != len(pats) {
			return &syntaxError{start: int(vals[0].Pos() - p.base), end: int(vals[len(vals)-1].EndPos() - p.base),
				msg: fmt.Sprintf("%d variables need %d values, found %d", len(pats), len(pats), len(vals))}
		}
	}
	start, end := first.Pos(), p.end()
	l.Pattern = &ast.TuplePat{Span: ast.Span{Start: start, End: end}, Elems: pats}
	l.Type = tupleTypeOf(typs, ast.Span{Start: start, End: end})
	if vals != nil {
		l.Value = &ast.TupleLit{Span: ast.Span{Start: vals[0].Pos(), End: vals[len(vals)-1].EndPos()}, Elems: vals}
	} else if l.Type == nil {
		return &syntaxError{start: int(start - p.base), end: int(end - p.base), msg: "several variables without values need their types: `let a: T, b: U;`"}
	}
	return nil
}

// tupleTypeOf is the tuple type of the variables' types: nil when none is written; a variable
// without one takes the dynamic type `any`.
func tupleTypeOf(typs []ast.Type, span ast.Span) ast.Type {
	written := false
	for _, t := range typs {
		written = written || t != nil
	}
	if !written {
		return nil
	}
	tt := &ast.TupleType{Span: span}
	for _, t := range typs {
		if t == nil {
			t = &ast.NamedType{Span: span, Name: &ast.Ident{Span: span, Name: "any"}}
		}
		tt.Elems = append(tt.Elems, t)
	}
	return tt
}

// parseForPost parses the increment of a C-style for: one expression, or several separated by
// `,` (`i = i + 1, j = j - 1`), which run in order.
//
// ForPost = Expr { "," Expr } .
func (p *parser) parseForPost(lex *cursor) (ast.Stmt, error) {
	var stmts []ast.Stmt
	for {
		x, err := p.parseExpr(lex, 0)
		if err != nil {
			return nil, err
		}
		stmts = append(stmts, &ast.ExprStmt{Span: ast.Span{Start: x.Pos(), End: x.EndPos()}, X: x})
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if len(stmts) == 1 {
		return stmts[0], nil
	}
	return &ast.Block{Span: ast.Span{Start: stmts[0].Pos(), End: p.end()}, Stmts: stmts}, nil
}

// parseParenForIn parses `for (x in xs) { }` and `for (x of xs) { }` after the `for`. ok is
// false, and nothing is read, when the parenthesis is something else (`for (k, v) in m`).
//
// ParenForIn = "(" Pattern ( "in" | "of" ) Expr ")" Block .
func (p *parser) parseParenForIn(lex *cursor, kw *tok) (s ast.Stmt, ok bool, err error) {
	if lex.Peek().Type != tLParen {
		return nil, false, nil
	}
	closeAt := int(p.closers[lex.i])
	if closeAt < 0 || p.tokens[closeAt+1].Type != tLBrace {
		return nil, false, nil
	}
	cp, lastEnd := lex.MakeCheckpoint(), p.lastEnd
	p.next(lex)
	pat, perr := p.patternProd(lex)
	if t := lex.Peek(); perr != nil || !(t.Type == kwIn || t.Type == tIdent && p.val(t) == "of") {
		lex.LoadCheckpoint(cp)
		p.lastEnd = lastEnd
		return nil, false, nil
	}
	p.next(lex)
	iter, err := p.parseExpr(lex, 0)
	if err != nil {
		return nil, true, err
	}
	if _, err := p.expect(lex, tRParen, "`)` after the loop's iterable"); err != nil {
		return nil, true, err
	}
	body, err := p.parseBodyBlock(lex)
	if err != nil {
		return nil, true, err
	}
	return &ast.ForInStmt{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Pattern: pat, Iter: iter, Body: body}, true, nil
}

// parseTypeofOperator parses `typeof x` (JavaScript's operator, binding as a prefix operator
// does) as the call `typeof(x)`.
//
// Typeof = "typeof" Unary .
//
// `typeof` is a contextual name: parseUnary takes it for the operator only when an expression
// follows that does not begin with `(` (`typeof(x)` is a call) nor, in a head, with `{`.
func (p *parser) parseTypeofOperator(lex *cursor, ns exprCtx) (ast.Expr, error) {
	kw := p.next(lex)
	if err := p.enter(kw); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.parseUnary(lex, ns)
	if err != nil {
		return nil, err
	}
	return &ast.Call{Span: ast.Span{Start: p.startOf(kw), End: x.EndPos()}, Fun: p.ident(kw), Args: []ast.Expr{x}}, nil
}

// parseTypeAlias parses `type Name = Type;` (a TypeAliasDecl) and the record alias
// `type Name<T> = { field: T; other?: U };` (a StructDecl), each wrapped in a DeclStmt that
// the top level unwraps.
//
// TypeDecl = "type" identifier [ TypeParamNames ] "=" ( StructBody | UnionType ) Semi .
//
// Only a record alias may have type parameters, and it has no methods.
func (p *parser) parseTypeAlias(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	name := p.ident(p.next(lex))
	tparams, err := p.parseTypeParamList(lex)
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(lex, tAssign, "`=` and the aliased type"); err != nil {
		return nil, err
	}
	var decl ast.Decl
	if lex.Peek().Type == tLBrace {
		body, err := p.structBodyProd(lex)
		if err != nil {
			return nil, err
		}
		m := body.(*structMembers)
		if len(m.Methods) > 0 {
			return nil, &syntaxError{start: int(m.Methods[0].Pos() - p.base), end: int(m.Methods[0].Pos()-p.base) + 2, msg: "a record alias has fields only; declare methods in `extend on " + name.Name + " { … }`"}
		}
		decl = &ast.StructDecl{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Doc: p.docs[kw.Pos.Offset], Name: name, TypeParams: tparams, Fields: m.Fields}
	} else {
		if len(tparams) > 0 {
			return nil, p.errAt(lex.Peek(), "unsupported: a generic type alias that is not a record (`type %s<…> = { … }` is supported)", name.Name)
		}
		typ, err := p.typeProd(lex)
		if err != nil {
			return nil, err
		}
		decl = &ast.TypeAliasDecl{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Name: name, Type: typ}
	}
	if err := p.semi(lex); err != nil {
		return nil, err
	}
	return &ast.DeclStmt{Span: ast.Span{Start: p.startOf(kw), End: p.end()}, Decl: decl}, nil
}
