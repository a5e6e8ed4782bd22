package syntax

import (
	"adesh2go/frontend/ast"
)

// A class (EVERYDAY.md §2) desugars into what the compiler already has, so that no new node
// reaches the checker or the IR: `class C { fields; constructor(…) { … }; methods; static s() }`
// becomes
//
//	struct C { fields }                      // a field created by `this.x = …` has type `any`
//	extend on C { methods }
//	fn C__init(params): Share<C> { let self = share C { field: initial, … }; body; return self; }
//	fn C__s() { … }                          // a static method
//
// and, once the whole file is parsed (rewriteClassUses), `C(…)` and `new C(…)` call C__init,
// `C.s(…)` calls C__s, and the type `C` is `Share<C>`: instances are references, as in the
// interpreter, and print as the struct inside the share prints.
const (
	classInitSuffix = "__init"
	classSep        = "__"
)

// parseClass parses `class Name { … }` (the `class` name is the current token). Generic classes,
// `extends` and `implements` are refused, once, with the rest of the class skipped.
func (p *parser) parseClass(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	nameTok := p.next(lex)
	if t := lex.Peek(); t.Type != tLBrace {
		lex.i -= 2
		return p.skipUnsupported(lex, "generic classes, inheritance (`extends`, `super`) and `implements`"), nil
	}
	name := p.ident(nameTok)
	cls := &classParts{name: name}
	p.next(lex) // {
	for lex.Peek().Type != tRBrace {
		if err := p.parseClassMember(lex, cls); err != nil {
			return nil, err
		}
	}
	p.next(lex)
	if lex.Peek().Type == tSemi {
		p.next(lex)
	}
	span := ast.Span{Start: p.startOf(kw), End: p.end()}
	p.pendingItems = append(p.pendingItems, cls.decls(span)...)
	return &ast.EmptyStmt{Span: span}, nil
}

// classParts collects a class's members while its body is parsed.
type classParts struct {
	name    *ast.Ident
	fields  []*ast.Field
	inits   []ast.Expr // per field: its initial value
	ctor    *ast.FuncDecl
	methods []*ast.FuncDecl
	statics []*ast.FuncDecl
}

// parseClassMember parses one field, constructor or method.
func (p *parser) parseClassMember(lex *cursor, cls *classParts) error {
	static, async := false, false
	for {
		t := lex.Peek()
		v := p.val(t)
		if t.Type == tIdent && (v == "public" || v == "private" || v == "protected" || v == "static" || v == "readonly") && p.peekAt(lex, 1).Type != tLParen && p.peekAt(lex, 1).Type != tColon {
			if v == "static" {
				static = true
			}
			p.next(lex)
			continue
		}
		if t.Type == kwAsync {
			async = true
			p.next(lex)
			continue
		}
		break
	}
	start := lex.Peek()
	hasFn := false
	if start.Type == kwFn {
		hasFn = true
		p.next(lex)
	}
	nt := lex.Peek()
	if nt.Type != tIdent && !isKeyword(nt.Type) {
		return p.expected("a field, a constructor or a method", nt)
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
		body, err := p.parseBodyBlock(lex)
		if err != nil {
			return err
		}
		f := &ast.FuncDecl{Span: ast.Span{Start: p.startOf(start), End: p.end()}, Async: async, Name: name, Params: params, Ret: ret, Body: body}
		isCtor := !static && (name.Name == "constructor" || name.Name == cls.name.Name || hasFn && name.Name == "init")
		switch {
		case isCtor && cls.ctor != nil:
			return p.errAt(nt, "a class has one constructor; `%s` already has one", cls.name.Name)
		case isCtor && (async || ret != nil):
			return p.errAt(nt, "a constructor is neither `async` nor has a result type")
		case isCtor:
			cls.ctor = f
		case static:
			cls.statics = append(cls.statics, f)
		default:
			cls.methods = append(cls.methods, f)
		}
		return nil
	}
	if hasFn || async || static {
		if static {
			return p.errAt(nt, "unsupported: static fields are not implemented by adesh2go yet (a static method is)")
		}
		return p.expected("`(` and the parameters", lex.Peek())
	}
	var typ ast.Type
	var init ast.Expr
	var err error
	if lex.Peek().Type == tColon {
		p.next(lex)
		if typ, err = p.typeProd(lex); err != nil {
			return err
		}
	}
	if lex.Peek().Type == tAssign {
		p.next(lex)
		if init, err = p.parseExpr(lex, 0); err != nil {
			return err
		}
	}
	span := ast.Span{Start: name.Start, End: p.end()}
	if init == nil {
		if init = zeroValue(typ, span); init == nil {
			return p.errAt(nt, "unsupported: the field `%s` needs an initial value (`%s: T = …`): adesh2go has no default for its type", name.Name, name.Name)
		}
	}
	if typ == nil {
		typ = anyType(span)
	}
	cls.addField(&ast.Field{Span: span, Name: name, Type: typ}, init)
	switch t := lex.Peek(); t.Type {
	case tComma, tSemi:
		p.next(lex)
	case tRBrace:
	default:
		if !p.startsLine(lex.i) {
			return p.expected("`;` after the field", t)
		}
	}
	return nil
}

func (c *classParts) addField(f *ast.Field, init ast.Expr) {
	for _, g := range c.fields {
		if g.Name.Name == f.Name.Name {
			return
		}
	}
	c.fields = append(c.fields, f)
	c.inits = append(c.inits, init)
}

func anyType(span ast.Span) ast.Type {
	return &ast.NamedType{Span: span, Name: &ast.Ident{Span: span, Name: "any"}}
}

// zeroValue is the value a field of type t starts with when the class gives none: nil when
// there is none (a field of a struct or class type must be initialised).
func zeroValue(t ast.Type, span ast.Span) ast.Expr {
	switch t := t.(type) {
	case nil:
		return &ast.NullLit{Span: span}
	case *ast.OptionalType:
		return &ast.NullLit{Span: span}
	case *ast.ArrayType:
		return &ast.ArrayLit{Span: span}
	case *ast.NamedType:
		if t.Pkg != nil || len(t.Args) > 0 {
			return nil
		}
		switch t.Name.Name {
		case "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "int":
			return &ast.IntLit{Span: span, Raw: "0"}
		case "f32", "f64", "float", "number":
			return &ast.FloatLit{Span: span, Raw: "0.0"}
		case "bool":
			return &ast.BoolLit{Span: span}
		case "string", "str", "String":
			return &ast.StringLit{Span: span}
		case "any":
			return &ast.NullLit{Span: span}
		}
	}
	return nil
}

// decls is the class as a struct, an extend block and functions.
func (c *classParts) decls(span ast.Span) []ast.Node {
	if c.ctor == nil {
		c.ctor = &ast.FuncDecl{Span: span, Name: &ast.Ident{Span: c.name.Span, Name: "constructor"}, Body: &ast.Block{Span: span}}
	}
	// Fields created by assignment in the constructor.
	ast.Inspect(c.ctor.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.Assign); ok && a.Op == "=" {
			if s, ok := a.X.(*ast.Selector); ok {
				if id, ok := s.X.(*ast.Ident); ok && id.Name == "self" {
					c.addField(&ast.Field{Span: s.Span, Name: &ast.Ident{Span: s.Name.Span, Name: s.Name.Name}, Type: anyType(s.Span)}, &ast.NullLit{Span: s.Span})
				}
			}
		}
		return true
	})
	named := func(name string) *ast.NamedType {
		return &ast.NamedType{Span: c.name.Span, Name: &ast.Ident{Span: c.name.Span, Name: name}}
	}
	st := &ast.StructDecl{Span: span, Name: c.name, Fields: c.fields}
	out := []ast.Node{st}
	if len(c.methods) > 0 {
		ext := &ast.ExtendDecl{Span: span, Target: named(c.name.Name)}
		for _, m := range c.methods {
			m.Recv = ext
		}
		ext.Methods = c.methods
		out = append(out, ext)
	}
	lit := &ast.StructLit{Span: c.ctor.Span, Type: named(c.name.Name)}
	for i, f := range c.fields {
		lit.Fields = append(lit.Fields, &ast.FieldInit{Span: f.Span, Name: &ast.Ident{Span: f.Name.Span, Name: f.Name.Name}, Value: c.inits[i]})
	}
	self := &ast.Ident{Span: c.ctor.Name.Span, Name: "self"}
	body := []ast.Stmt{&ast.LetStmt{Span: c.ctor.Span, Pattern: &ast.BindPat{Span: self.Span, Name: self},
		Value: &ast.Share{Span: c.ctor.Span, X: lit}}}
	body = append(body, c.ctor.Body.Stmts...)
	body = append(body, &ast.ReturnStmt{Span: ast.Span{Start: c.ctor.Body.End, End: c.ctor.Body.End}, Value: &ast.Ident{Span: self.Span, Name: "self"}})
	ret := named("Share")
	ret.Args = []ast.Type{named(c.name.Name)}
	out = append(out, &ast.FuncDecl{Span: c.ctor.Span, Name: &ast.Ident{Span: c.ctor.Name.Span, Name: c.name.Name + classInitSuffix},
		Params: c.ctor.Params, Ret: ret, Body: &ast.Block{Span: c.ctor.Body.Span, Stmts: body}})
	for _, s := range c.statics {
		s.Name = &ast.Ident{Span: s.Name.Span, Name: c.name.Name + classSep + s.Name.Name}
		out = append(out, s)
	}
	return out
}

// rewriteClassUses turns, in the whole file, the uses of the classes it declares into uses of
// what they desugar to (see parseClass).
func rewriteClassUses(f *ast.File) {
	classes := map[string]bool{}
	statics := map[string]bool{}
	funcs := map[string]bool{}
	for _, it := range f.Items {
		switch d := it.(type) {
		case *ast.StructDecl:
			classes[d.Name.Name] = true
		case *ast.FuncDecl:
			funcs[d.Name.Name] = true
		}
	}
	for c := range classes {
		if !funcs[c+classInitSuffix] {
			delete(classes, c)
		}
	}
	if len(classes) == 0 {
		return
	}
	for fn := range funcs {
		statics[fn] = true
	}
	keep := map[*ast.NamedType]bool{}
	for _, it := range f.Items {
		ast.Inspect(it, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.StructLit:
				keep[n.Type] = true
			case *ast.ExtendDecl:
				if t, ok := n.Target.(*ast.NamedType); ok {
					keep[t] = true
				}
			case *ast.NamedType:
				if n.Pkg == nil && n.Name.Name == "Share" {
					for _, a := range n.Args {
						if t, ok := a.(*ast.NamedType); ok {
							keep[t] = true
						}
					}
				}
				if n.Pkg == nil && len(n.Args) == 0 && classes[n.Name.Name] && !keep[n] {
					inner := &ast.NamedType{Span: n.Span, Name: n.Name}
					keep[inner] = true
					n.Name = &ast.Ident{Span: n.Name.Span, Name: "Share"}
					n.Args = []ast.Type{inner}
				}
			case *ast.Call:
				switch fun := n.Fun.(type) {
				case *ast.Ident:
					if classes[fun.Name] {
						fun.Name += classInitSuffix
					}
				case *ast.Selector:
					if id, ok := fun.X.(*ast.Ident); ok && classes[id.Name] && statics[id.Name+classSep+fun.Name.Name] {
						n.Fun = &ast.Ident{Span: fun.Span, Name: id.Name + classSep + fun.Name.Name}
					}
				}
			}
			return true
		})
	}
}
