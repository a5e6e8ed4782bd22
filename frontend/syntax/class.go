package syntax

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
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
	classInitSuffix = ast.ClassInitSuffix
	classSep        = "__"
)

// parseClass parses `[abstract] class Name<T…> extends Base implements I, J { … }` (the current
// token is `abstract` or `class`). A class that extends another, or is abstract, is desugared
// when the whole file is parsed (finishClasses), since its base may come later; the others at
// once, into the items that follow it.
//
//	ClassDecl = [ "abstract" ] "class" identifier [ TypeParamNames ]
//		[ "extends" NamedType ] [ "implements" NamedType { "," NamedType } ] ClassBody .
//	ClassBody = "{" { ClassMember } "}" [ ";" ] .
//
// abstract, class, extends and implements are contextual names; each NamedType has no package.
func (p *parser) parseClass(lex *cursor) (ast.Stmt, error) {
	kw := p.next(lex)
	cls := &classParts{}
	if p.val(kw) == "abstract" {
		cls.abstract = true
		p.next(lex) // class
	}
	nameTok := lex.Peek()
	if nameTok.Type != tIdent {
		return nil, p.expected("the name of the class", nameTok)
	}
	p.next(lex)
	cls.name = p.ident(nameTok)
	var err error
	if cls.typeParams, err = p.parseTypeParamList(lex); err != nil {
		return nil, err
	}
	if t := lex.Peek(); t.Type == tIdent && p.val(t) == "extends" {
		p.next(lex)
		if cls.base, err = p.namedTypeProd(lex, "the base class"); err != nil {
			return nil, err
		}
	}
	if cls.implements, err = p.parseInterfaceList(lex, "implements"); err != nil {
		return nil, err
	}
	if err := p.parseBracedMembers(lex, "class", func(lex *cursor) error { return p.parseClassMember(lex, cls) }); err != nil {
		return nil, err
	}
	cls.span = ast.Span{Start: p.startOf(kw), End: p.end()}
	if cls.base == nil && !cls.abstract && len(cls.implements) == 0 {
		p.pendingItems = append(p.pendingItems, p.classDecls(cls)...)
		cls.emitted = true
	}
	p.classes[cls.span.Start] = cls
	return &ast.EmptyStmt{Span: cls.span}, nil
}

// parseTypeParamList parses `<T, U>` if it comes next: the type parameters of a class, an
// interface or a type alias, which have no bounds.
//
// TypeParamNames = "<" identifier { "," identifier } ">" .
func (p *parser) parseTypeParamList(lex *cursor) ([]*ast.TypeParam, error) {
	if lex.Peek().Type != tLess {
		return nil, nil
	}
	p.next(lex)
	var tparams []*ast.TypeParam
	for {
		t := lex.Peek()
		if t.Type != tIdent {
			return nil, p.expected("a type parameter", t)
		}
		p.next(lex)
		id := p.ident(t)
		tparams = append(tparams, &ast.TypeParam{Span: id.Span, Name: id})
		if lex.Peek().Type != tComma {
			break
		}
		p.next(lex)
	}
	if _, err := p.expect(lex, tGreater, "`,` or `>` after the type parameters"); err != nil {
		return nil, err
	}
	return tparams, nil
}

// namedTypeProd parses a type that must be a name (with type arguments), as after `extends`:
// a UnionType that must come out as a NamedType without a package.
func (p *parser) namedTypeProd(lex *cursor, what string) (*ast.NamedType, error) {
	t := lex.Peek()
	typ, err := p.typeProd(lex)
	if err != nil {
		return nil, err
	}
	n, ok := typ.(*ast.NamedType)
	if !ok || n.Pkg != nil {
		return nil, p.expected(what+"'s name", t)
	}
	return n, nil
}

// classParts collects a class's members while its body is parsed.
type classParts struct {
	name       *ast.Ident
	typeParams []*ast.TypeParam
	base       *ast.NamedType   // after `extends`
	implements []*ast.NamedType // after `implements`
	abstract   bool
	supers     []string // its bases, nearest first (set as inheritance is resolved)
	span       ast.Span
	emitted    bool // its declarations are in the file already

	fields    []*ast.Field
	inits     []ast.Expr // per field: its initial value
	ctor      *ast.FuncDecl
	methods   []*ast.FuncDecl
	abstracts []*ast.FuncDecl // abstract methods: a signature, no body
	statics   []*ast.FuncDecl
	private   map[string]bool // the `private` and `protected` members (checked by the checker)
}

// parseClassMember parses one field, constructor or method.
//
//	ClassMember = { Modifier | "async" } [ "fn" ] MemberName ( ClassMethod | ClassField ) .
//	Modifier    = "public" | "private" | "protected" | "static" | "readonly" | "abstract" |
//		"override" .
//	ClassMethod = [ TypeParamNames ] Params [ ( ":" | "->" ) UnionType ] ( Block | [ ";" ] ) .
//	ClassField  = [ ":" UnionType ] [ "=" Expr ] [ "," | ";" ] .
//
// A modifier word followed by `(` or `:` is the member's name instead. Only an abstract method
// has no Block; its `;`, as a field's separator, may be left out only before `}` or a line
// break. A field has no `fn`, `async` or `static`. The constructor is the method named
// `constructor`, or named as the class, or `init` after `fn`.
func (p *parser) parseClassMember(lex *cursor, cls *classParts) error {
	static, async, abstract, private := false, false, false, false
	for {
		t := lex.Peek()
		v := p.val(t)
		if t.Type == tIdent && (v == "public" || v == "private" || v == "protected" || v == "static" || v == "readonly" || v == "abstract" || v == "override") &&
			p.peekAt(lex, 1).Type != tLParen && p.peekAt(lex, 1).Type != tColon {
			switch v {
			case "static":
				static = true
			case "abstract":
				abstract = true
			case "private", "protected":
				private = true
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
	if private && !static {
		if cls.private == nil {
			cls.private = map[string]bool{}
		}
		cls.private[name.Name] = true
	}
	var tparams []*ast.TypeParam
	if lex.Peek().Type == tLess { // a generic method: `wrap<U>(x: U): [U] { … }`
		var err error
		if tparams, err = p.parseTypeParamList(lex); err != nil {
			return err
		}
		if lex.Peek().Type != tLParen {
			return p.expected("`(` and the parameters of the generic method", lex.Peek())
		}
	}
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
		if abstract {
			if !cls.abstract {
				return p.errAt(nt, "the abstract method `%s` needs an abstract class (`abstract class %s`)", name.Name, cls.name.Name)
			}
			if t := lex.Peek(); t.Type == tSemi {
				p.next(lex)
			} else if t.Type != tRBrace && !p.startsLine(lex.i) {
				return p.expected("`;` after the abstract method", t)
			}
			cls.abstracts = append(cls.abstracts, &ast.FuncDecl{Span: ast.Span{Start: p.startOf(start), End: p.end()}, Async: async, Name: name, TypeParams: tparams, Params: params, Ret: ret})
			return nil
		}
		body, err := p.parseBodyBlock(lex)
		if err != nil {
			return err
		}
		f := &ast.FuncDecl{Span: ast.Span{Start: p.startOf(start), End: p.end()}, Async: async, Name: name, TypeParams: tparams, Params: params, Ret: ret, Body: body}
		isCtor := !static && (name.Name == "constructor" || name.Name == cls.name.Name || hasFn && name.Name == "init")
		switch {
		case isCtor && len(tparams) > 0:
			return p.errAt(nt, "a constructor has no type parameters of its own (the class's are given by its arguments)")
		case isCtor && cls.ctor != nil:
			return p.errAt(nt, "a class has one constructor; `%s` already has one", cls.name.Name)
		case isCtor && (async || ret != nil):
			return p.errAt(nt, "a constructor is neither `async` nor has a result type")
		case isCtor:
			cls.ctor = f
		case static:
			cls.statics = append(cls.statics, f)
		default:
			markReturnsSelf(f)
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
		init = zeroValue(typ, span) // nil: the constructor must assign it (see hoistCtorAssigns)
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

// completeCtor gives the class its constructor (an empty one when it declares none) and its
// fields created by assignment in the constructor.
func (c *classParts) completeCtor() {
	if c.ctor == nil {
		c.ctor = &ast.FuncDecl{Span: c.span, Name: &ast.Ident{Span: c.name.Span, Name: "constructor"}, Body: &ast.Block{Span: c.span}}
	}
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
	c.typeParamsFromFields()
}

// typeParamsFromFields gives an untyped constructor parameter that the constructor stores in a
// typed field, and never assigns, the field's type: `data: T; Node(data) { this.data = data; }`
// takes a T, so that `new Node(1)` infers T and a typed class's instances are built without
// dynamic values.
func (c *classParts) typeParamsFromFields() {
	fieldType := map[string]ast.Type{}
	for _, f := range c.fields {
		if t, ok := f.Type.(*ast.NamedType); !ok || t.Pkg != nil || t.Name.Name != "any" {
			fieldType[f.Name.Name] = f.Type
		}
	}
	stored := map[string]ast.Type{}
	assigned := map[string]bool{}
	for _, s := range c.ctor.Body.Stmts {
		if f, value := selfFieldAssign(s); value != nil {
			if id, ok := value.(*ast.Ident); ok && fieldType[f] != nil {
				stored[id.Name] = fieldType[f]
			}
		}
	}
	ast.Inspect(c.ctor.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.Assign); ok {
			if id, ok := a.X.(*ast.Ident); ok {
				assigned[id.Name] = true
			}
		}
		return true
	})
	for _, prm := range c.ctor.Params {
		if prm.Type != nil || prm.Default != nil {
			continue
		}
		if t := stored[prm.Name.Name]; t != nil && !assigned[prm.Name.Name] {
			prm.Type = ast.Clone(t)
		}
	}
}

// selfType is the class's struct type inside its own declarations: `C`, or `C<T, U>`.
func (c *classParts) selfType() *ast.NamedType {
	t := &ast.NamedType{Span: c.name.Span, Name: &ast.Ident{Span: c.name.Span, Name: c.name.Name}}
	for _, tp := range c.typeParams {
		t.Args = append(t.Args, &ast.NamedType{Span: tp.Span, Name: &ast.Ident{Span: tp.Span, Name: tp.Name.Name}})
	}
	return t
}

// decls is the class as a struct, an extend block and functions (an abstract class: its static
// methods only, since it has no instances of its own).
func (p *parser) classDecls(c *classParts) []ast.Node {
	c.completeCtor()
	var out []ast.Node
	if !c.abstract {
		p.hoistCtorAssigns(c)
		supers := append([]string(nil), c.supers...)
		for _, it := range c.implements {
			supers = append(supers, it.Name.Name)
		}
		out = append(out, &ast.StructDecl{Span: c.span, Name: c.name, TypeParams: c.typeParams, Fields: c.fields, Class: true, Private: c.private, Supers: supers})
		if len(c.methods) > 0 {
			ext := &ast.ExtendDecl{Span: c.span, Target: c.selfType()}
			for _, m := range c.methods {
				m.Recv = ext
			}
			ext.Methods = c.methods
			out = append(out, ext)
		}
		lit := &ast.StructLit{Span: c.ctor.Span, Type: c.selfType()}
		for i, f := range c.fields {
			lit.Fields = append(lit.Fields, &ast.FieldInit{Span: f.Span, Name: &ast.Ident{Span: f.Name.Span, Name: f.Name.Name}, Value: c.inits[i]})
		}
		self := &ast.Ident{Span: c.ctor.Name.Span, Name: "self"}
		body := []ast.Stmt{&ast.LetStmt{Span: c.ctor.Span, Pattern: &ast.BindPat{Span: self.Span, Name: self},
			Value: &ast.Share{Span: c.ctor.Span, X: lit}}}
		body = append(body, c.ctor.Body.Stmts...)
		body = append(body, &ast.ReturnStmt{Span: ast.Span{Start: c.ctor.Body.End, End: c.ctor.Body.End}, Value: &ast.Ident{Span: self.Span, Name: "self"}})
		ret := &ast.NamedType{Span: c.name.Span, Name: &ast.Ident{Span: c.name.Span, Name: "Share"}, Args: []ast.Type{c.selfType()}}
		out = append(out, &ast.FuncDecl{Span: c.ctor.Span, Name: &ast.Ident{Span: c.ctor.Name.Span, Name: c.name.Name + classInitSuffix},
			TypeParams: ast.Clone(&ast.StructDecl{TypeParams: c.typeParams}).TypeParams,
			Params:     c.ctor.Params, Ret: ret, Body: &ast.Block{Span: c.ctor.Body.Span, Stmts: body}})
	}
	for _, s := range c.statics {
		s.Name = &ast.Ident{Span: s.Name.Span, Name: c.name.Name + classSep + s.Name.Name}
		out = append(out, s)
	}
	return out
}

// hoistCtorAssigns gives each field that has no initial value of its own (a field of a type
// parameter's or a class's type) the value its constructor assigns it first: the constructor's
// leading run of `this.f = e` statements, e not reading the instance, moves into the share
// literal. A call among them moves only if every statement before it moved too, so that the
// constructor's effects keep their order.
func (p *parser) hoistCtorAssigns(c *classParts) {
	index := map[string]int{}
	for i, f := range c.fields {
		index[f.Name.Name] = i
	}
	stmts := c.ctor.Body.Stmts
	kept := stmts[:0:0]
	i := 0
	for ; i < len(stmts); i++ {
		f, value := selfFieldAssign(stmts[i])
		if value == nil || mentionsSelf(value) {
			break
		}
		if j, ok := index[f]; ok && c.inits[j] == nil && (len(kept) == 0 || !hasCall(value)) {
			c.inits[j] = value
			continue
		}
		kept = append(kept, stmts[i])
	}
	c.ctor.Body.Stmts = append(kept, stmts[i:]...)
	for j, f := range c.fields {
		if c.inits[j] == nil {
			p.errorAtSpan(f.Name.Span, diag.Syntax, "unsupported: the field `"+f.Name.Name+"` needs an initial value (`"+f.Name.Name+": T = …`), or an assignment `this."+f.Name.Name+" = …` among the first statements of the constructor: adesh2go has no default for its type")
			c.inits[j] = &ast.NullLit{Span: f.Span}
		}
	}
}

// selfFieldAssign is f and e when s is `self.f = e`.
func selfFieldAssign(s ast.Stmt) (string, ast.Expr) {
	if es, ok := s.(*ast.ExprStmt); ok {
		if a, ok := es.X.(*ast.Assign); ok && a.Op == "=" {
			if sel, ok := a.X.(*ast.Selector); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "self" {
					return sel.Name.Name, a.Y
				}
			}
		}
	}
	return "", nil
}

func mentionsSelf(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "self" {
			found = true
		}
		return !found
	})
	return found
}

func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.Call:
			found = true
		}
		return !found
	})
	return found
}

// rewriteClassUses turns, in the whole file, the uses of the classes it declares into uses of
// what they desugar to (see parseClass); the types named in dynamic (see finishClasses) become
// `any`.
func (p *parser) rewriteClassUses(f *ast.File, dynamic map[string]bool) {
	classes := map[string]*classParts{}
	for _, c := range sortedByPos(p.classes) {
		if classes[c.name.Name] == nil { // (a second class of the name is the checker's error)
			classes[c.name.Name] = c
		}
	}
	if len(classes) == 0 && len(dynamic) == 0 {
		return
	}
	funcs := map[string]bool{}
	for _, it := range f.Items {
		if d, ok := it.(*ast.FuncDecl); ok {
			funcs[d.Name.Name] = true
		}
	}
	keep := map[*ast.NamedType]bool{}
	inTry := callsInTry(f)
	abstractCalled := map[*classParts]bool{}
	var abstractOrder []*classParts
	defer func() {
		for _, c := range abstractOrder {
			f.Items = append(f.Items, abstractCtor(c))
		}
	}()
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
				if n.Pkg != nil || keep[n] {
					break
				}
				if dynamic[n.Name.Name] {
					n.Name = &ast.Ident{Span: n.Name.Span, Name: "any"}
					n.Args = nil
				} else if c := classes[n.Name.Name]; c != nil && len(n.Args) == len(c.typeParams) {
					inner := &ast.NamedType{Span: n.Span, Name: n.Name, Args: n.Args}
					keep[inner] = true
					n.Name = &ast.Ident{Span: n.Name.Span, Name: "Share"}
					n.Args = []ast.Type{inner}
				}
			case *ast.Call:
				switch fun := n.Fun.(type) {
				case *ast.Ident:
					if c := classes[fun.Name]; c != nil {
						if c.abstract && inTry[n] {
							// Inside try, as the interpreter has it: a run-time error the catch
							// gets, from a function that throws it (abstractCtor).
							if !abstractCalled[c] {
								abstractCalled[c] = true
								abstractOrder = append(abstractOrder, c)
							}
							fun.Name += abstractSuffix
							return true
						}
						if c.abstract {
							p.errorAtSpan(fun.Span, diag.Type, abstractMessage(fun.Name)+" (construct a class that extends it)")
						}
						fun.Name += classInitSuffix
					}
				case *ast.Selector:
					if id, ok := fun.X.(*ast.Ident); ok && classes[id.Name] != nil && funcs[id.Name+classSep+fun.Name.Name] {
						n.Fun = &ast.Ident{Span: fun.Span, Name: id.Name + classSep + fun.Name.Name}
					}
				}
			}
			return true
		})
	}
}

// callsInTry are the calls inside the body of a try statement (not in a function nested there).
func callsInTry(f *ast.File) map[*ast.Call]bool {
	in := map[*ast.Call]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if t, ok := n.(*ast.TryStmt); ok {
			ast.Inspect(t.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Lambda, *ast.DeclStmt:
					return false
				case *ast.Call:
					in[n] = true
				}
				return true
			})
		}
		return true
	})
	return in
}

// abstractMessage says that the class name has no instances, at compile time or, inside a try,
// when the program runs.
func abstractMessage(name string) string {
	return "the class `" + name + "` is abstract: it has no instances of its own"
}

// abstractSuffix names the function that `new` of an abstract class calls inside a try.
const abstractSuffix = "__abstract"

// abstractCtor is, for an abstract class constructed inside a try, the function that call
// becomes: it takes the constructor's arguments and throws. It lies inside the class, whose text
// the formatter keeps for it.
//
//	fn Base__abstract(a, b): any { throw Error("the class `Base` is abstract: …"); }
func abstractCtor(c *classParts) *ast.FuncDecl {
	at := c.span
	errCall := &ast.Call{Span: at, Fun: &ast.Ident{Span: at, Name: "Error"}, Args: []ast.Expr{&ast.StringLit{Span: at, Value: abstractMessage(c.name.Name)}}}
	var params []*ast.Param
	if c.ctor != nil {
		for _, p := range c.ctor.Params {
			param := &ast.Param{Span: at, Name: &ast.Ident{Span: at, Name: p.Name.Name}}
			if p.Default != nil {
				param.Default = ast.Clone(p.Default)
			}
			params = append(params, param)
		}
	}
	return &ast.FuncDecl{Span: at, Name: &ast.Ident{Span: c.name.Span, Name: c.name.Name + abstractSuffix}, Params: params,
		Ret:  &ast.NamedType{Span: at, Name: &ast.Ident{Span: at, Name: "any"}},
		Body: &ast.Block{Span: at, Stmts: []ast.Stmt{&ast.ThrowStmt{Span: at, Value: errCall}}}}
}

// markReturnsSelf marks a method whose every return gives `this` (a fluent method) and makes
// those returns plain: a call of it gives the instance it was called on (ast.FuncDecl.ReturnsSelf),
// where returning `this` itself would give a copy of the instance's struct.
func markReturnsSelf(f *ast.FuncDecl) {
	var returns []*ast.ReturnStmt
	self := true
	ast.Inspect(f.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
			return false
		case *ast.ReturnStmt:
			id, ok := ast.Unparen(n.Value).(*ast.Ident)
			self = self && n.Value != nil && ok && id.Name == "self"
			returns = append(returns, n)
		}
		return self
	})
	if !self || len(returns) == 0 || f.Ret != nil || f.Async {
		return
	}
	f.ReturnsSelf = true
	for _, r := range returns {
		r.Value = nil
	}
}
