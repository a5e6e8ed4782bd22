package syntax

import (
	"sort"
	"strconv"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
)

// Inheritance (EVERYDAY.md §2) is resolved once the whole file is parsed, in the parser, so that
// the checker still sees only structs, extend blocks and functions. A class that extends
// another gets copies of its base's fields and methods (its own override them), its
// constructor runs the base's body where it calls `super(…)` (with the base's parameters bound
// to the arguments), and `super.m(…)` calls a copy of the base's `m` named `Base__m`. Each class
// is then a struct of its own, so that `this.area()` in an inherited method calls the class's
// own `area`.
//
// A variable of a class that others extend, of an abstract class or of an interface may hold
// instances of several classes: its type is `any`, whose field reads and method calls the
// instance answers at run time (lower's methodDispatch), as the interpreter does.

// finishClasses desugars the classes left for the end of the file (those that extend another
// or are abstract), checks `implements` and abstract methods, and gives the names of the types
// that become `any`.
func (p *parser) finishClasses(out *ast.File) (dynamic map[string]bool) {
	if len(p.classes) == 0 && len(p.ifaces) == 0 {
		return nil
	}
	classes := sortedByPos(p.classes)
	byName := map[string]*classParts{}
	for _, c := range classes {
		if byName[c.name.Name] == nil {
			byName[c.name.Name] = c
		}
	}
	ifaces := map[string]*ifaceParts{}
	for _, i := range sortedByPos(p.ifaces) {
		if ifaces[i.name.Name] == nil {
			ifaces[i.name.Name] = i
		}
	}
	dynamic = map[string]bool{}
	for name := range ifaces {
		dynamic[name] = true
	}
	state := map[*classParts]int{} // 1: being resolved, 2: done
	var resolve func(c *classParts)
	resolve = func(c *classParts) {
		if state[c] != 0 {
			if state[c] == 1 {
				p.errorAtSpan(c.base.Span, diag.Type, "the class `"+c.name.Name+"` extends itself (through `"+c.base.Name.Name+"`)")
				c.base = nil
			}
			return
		}
		state[c] = 1
		if c.base != nil {
			b := byName[c.base.Name.Name]
			switch {
			case b == nil && ifaces[c.base.Name.Name] != nil:
				p.errorAtSpan(c.base.Span, diag.Type, "`"+c.base.Name.Name+"` is an interface: a class implements it (`implements "+c.base.Name.Name+"`)")
			case b == nil && c.base.Name.Name == "Error" && len(c.base.Args) == 0:
				// JavaScript's `class E extends Error`: the base is the error, its message
				// field set by super(message); a thrown instance is caught as an Error whose
				// message it is (rt.ToError), `e instanceof E` and e's fields read through it.
				c.supers = []string{"Error"}
				p.inherit(c, errorBase(c.base.Span))
			case b == nil:
				p.errorAtSpan(c.base.Span, diag.Type, "unknown base class `"+c.base.Name.Name+"`")
			case len(b.typeParams) > 0 || len(c.base.Args) > 0:
				p.errorAtSpan(c.base.Span, diag.Syntax, "unsupported: a generic base class is not implemented by adesh2go yet")
			default:
				resolve(b)
				if c.base != nil {
					dynamic[b.name.Name] = true
					c.supers = append([]string{b.name.Name}, b.supers...)
					p.inherit(c, b)
				}
			}
		}
		state[c] = 2
	}
	for _, c := range classes {
		resolve(c)
		if c.abstract {
			dynamic[c.name.Name] = true
		}
	}
	for _, c := range classes {
		c.completeCtor()
		if !c.abstract {
			for _, m := range c.abstracts {
				p.errorAtSpan(c.name.Span, diag.Type, "the class `"+c.name.Name+"` does not implement the abstract method `"+m.Name.Name+"` of `"+c.base.Name.Name+"`")
			}
		}
		for _, it := range c.implements {
			p.checkImplements(c, it, ifaces)
		}
		if !c.emitted {
			out.Items = append(out.Items, p.classDecls(c)...)
			c.emitted = true
		}
	}
	return dynamic
}

// errorBase is the class a class that extends Error inherits from, placed at the base's name:
//
//	class Error { message: string = ""; constructor(message = "") { this.message = message; } }
func errorBase(at ast.Span) *classParts {
	name := func(n string) *ast.Ident { return &ast.Ident{Span: at, Name: n} }
	empty := func() ast.Expr { return &ast.StringLit{Span: at, Value: ""} }
	set := &ast.Assign{Span: at, Op: "=", X: &ast.Selector{Span: at, X: name("self"), Name: name("message")}, Y: name("message")}
	return &classParts{
		name:   name("Error"),
		span:   at,
		fields: []*ast.Field{{Span: at, Name: name("message"), Type: &ast.NamedType{Span: at, Name: name("string")}}},
		inits:  []ast.Expr{empty()},
		ctor: &ast.FuncDecl{Span: at, Name: name("constructor"),
			Params: []*ast.Param{{Span: at, Name: name("message"), Default: empty()}},
			Body:   &ast.Block{Span: at, Stmts: []ast.Stmt{&ast.ExprStmt{Span: at, X: set}}}},
	}
}

func sortedByPos[T any](m map[source.Pos]T) []T {
	keys := make([]source.Pos, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	out := make([]T, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

// errorAtSpan reports an error found after parsing, at a node.
func (p *parser) errorAtSpan(span ast.Span, code, msg string) {
	p.diags.Errorf(span.Start, span.End, code, "%s", msg)
}

// inherit gives c what it inherits from its (resolved) base b.
func (p *parser) inherit(c, b *classParts) {
	b.completeCtor()
	for name := range b.private {
		if c.private == nil {
			c.private = map[string]bool{}
		}
		c.private[name] = true
	}
	// Fields: the base's first, in its order; a field c declares again keeps c's initial value.
	own, ownInits := c.fields, c.inits
	c.fields, c.inits = nil, nil
	for i, f := range b.fields {
		c.addField(ast.Clone(f), ast.Clone(b.inits[i]))
	}
	for i, f := range own {
		c.setField(f, ownInits[i])
	}
	// The constructor: the base's body where c calls super(…), or the base's constructor whole
	// when c declares none.
	if c.ctor == nil {
		c.ctor = ast.Clone(b.ctor)
	} else {
		p.inlineSuperCall(c, b)
	}
	// Methods: c's own, then the base's that c does not override; `super.m(…)` calls a copy of
	// the base's m.
	has := map[string]bool{}
	for _, m := range c.methods {
		has[m.Name.Name] = true
	}
	for _, m := range c.abstracts {
		has[m.Name.Name] = true
	}
	p.rewriteSuperCalls(c, b, has)
	for _, m := range b.methods {
		if !has[m.Name.Name] {
			c.methods = append(c.methods, cloneMethod(m))
			has[m.Name.Name] = true
		}
	}
	var abstracts []*ast.FuncDecl
	for _, m := range b.abstracts {
		if !implemented(c, m.Name.Name) {
			abstracts = append(abstracts, m)
		}
	}
	c.abstracts = append(abstracts, c.abstracts...)
}

func implemented(c *classParts, name string) bool {
	for _, m := range c.methods {
		if m.Name.Name == name {
			return true
		}
	}
	return false
}

// setField adds f, or gives the field of that name f's type and initial value.
func (c *classParts) setField(f *ast.Field, init ast.Expr) {
	for i, g := range c.fields {
		if g.Name.Name == f.Name.Name {
			c.fields[i], c.inits[i] = f, init
			return
		}
	}
	c.fields = append(c.fields, f)
	c.inits = append(c.inits, init)
}

// cloneMethod copies a method without its extend block (the class it is copied into has its own).
func cloneMethod(m *ast.FuncDecl) *ast.FuncDecl {
	recv := m.Recv
	m.Recv = nil
	out := ast.Clone(m)
	m.Recv = recv
	return out
}

// inlineSuperCall replaces the statement `super(args);` of c's constructor by a block that binds
// the base constructor's parameters to the arguments and runs its body.
func (p *parser) inlineSuperCall(c, b *classParts) {
	found := false
	ast.Inspect(c.ctor.Body, func(n ast.Node) bool {
		blk, ok := n.(*ast.Block)
		if !ok {
			return true
		}
		for i, s := range blk.Stmts {
			call := superCall(s)
			if call == nil {
				continue
			}
			if found {
				p.errorAtSpan(call.Span, diag.Type, "`super(…)` is called twice in the constructor of `"+c.name.Name+"`")
				continue
			}
			found = true
			blk.Stmts[i] = p.baseCtorBlock(call, b)
		}
		return true
	})
}

// superCall gives the call of a statement `super(…);`, or nil.
func superCall(s ast.Stmt) *ast.Call {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	call, ok := es.X.(*ast.Call)
	if !ok {
		return nil
	}
	if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "super" {
		return call
	}
	return nil
}

func (p *parser) baseCtorBlock(call *ast.Call, b *classParts) ast.Stmt {
	ctor := ast.Clone(b.ctor)
	if len(call.Args) > len(ctor.Params) {
		p.errorAtSpan(call.Span, diag.Type, "`super(…)` passes "+strconv.Itoa(len(call.Args))+" arguments; the constructor of `"+b.name.Name+"` takes "+strconv.Itoa(len(ctor.Params)))
	}
	var stmts []ast.Stmt
	for i, prm := range ctor.Params {
		var v ast.Expr
		switch {
		case i < len(call.Args):
			v = call.Args[i]
		case prm.Default != nil:
			v = prm.Default
		default:
			v = &ast.NullLit{Span: call.Span}
		}
		stmts = append(stmts, &ast.LetStmt{Span: call.Span, Pattern: &ast.BindPat{Span: prm.Name.Span, Name: prm.Name}, Type: prm.Type, Value: v})
	}
	stmts = append(stmts, ctor.Body.Stmts...)
	return &ast.Block{Span: call.Span, Stmts: stmts}
}

// rewriteSuperCalls turns each `super.m(…)` in c's constructor and methods into a call of a copy
// of b's m, named `B__m`, added to c's methods.
func (p *parser) rewriteSuperCalls(c, b *classParts, has map[string]bool) {
	bodies := []ast.Node{c.ctor.Body}
	for _, m := range c.methods {
		bodies = append(bodies, m.Body)
	}
	for _, body := range bodies {
		ast.Inspect(body, func(n ast.Node) bool {
			sel, ok := n.(*ast.Selector)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "super" {
				return true
			}
			var base *ast.FuncDecl
			for _, m := range b.methods {
				if m.Name.Name == sel.Name.Name {
					base = m
				}
			}
			if base == nil {
				p.errorAtSpan(sel.Span, diag.Type, "`super."+sel.Name.Name+"`: the class `"+b.name.Name+"` has no method `"+sel.Name.Name+"`")
				return false
			}
			copyName := b.name.Name + classSep + base.Name.Name
			sel.X = &ast.Ident{Span: id(sel.X).Span, Name: "self"}
			sel.Name = &ast.Ident{Span: sel.Name.Span, Name: copyName}
			if !has[copyName] {
				m := cloneMethod(base)
				m.Name = &ast.Ident{Span: m.Name.Span, Name: copyName}
				c.methods = append(c.methods, m)
				has[copyName] = true
			}
			return false
		})
	}
}

func id(x ast.Expr) *ast.Ident { return x.(*ast.Ident) }
