package adesh2go_test

import (
	"fmt"
	"strconv"
	"strings"
)

// The statements, functions, classes and event-loop phases of the JavaScript-twin generator
// (genjs_gen_test.go).

// block writes n statements in a scope of their own.
func (g *jsGen) block(n int) {
	g.push()
	g.depth++
	for range n {
		g.stmt()
	}
	g.depth--
	g.pop()
}

// local reports whether v belongs to the function being built (a quiet function changes only
// those).
func (g *jsGen) local(v *jVar) bool {
	if g.quiet == nil {
		return true
	}
	for _, sc := range g.scopes[min(g.funcFloor, len(g.scopes)):] {
		for _, w := range sc {
			if w == v {
				return true
			}
		}
	}
	return false
}

func (g *jsGen) stmt() {
	nested := g.depth < 3
	for {
		switch g.pick(20) {
		case 0, 1, 2:
			g.let()
			return
		case 3, 4:
			if g.assign() {
				return
			}
		case 5, 6:
			if g.quiet == nil {
				g.print()
				return
			}
		case 7:
			if nested {
				g.w.open(cat(same("if ("), g.expr(jBool, nil, 2), same(") {")))
				g.block(1 + g.pick(2))
				if g.chance(0.4) {
					g.w.close(same("} else {"))
					g.w.indent += "    "
					g.block(1 + g.pick(2))
				}
				g.w.close(same("}"))
				return
			}
		case 8:
			if nested {
				g.forOf()
				return
			}
		case 9:
			if nested {
				g.counted()
				return
			}
		case 10, 11:
			if g.mutate() {
				return
			}
		case 12:
			if g.loops > 0 {
				g.guarded(same([]string{"break;", "continue;"}[g.pick(2)]))
				return
			}
			if g.fn != nil && g.cls == nil && g.inLambda == 0 {
				if g.fn.hasRet {
					g.guarded(cat(same("return "), g.expr(g.fn.ret, g.fn.retCls, 2), same(";")))
				} else {
					g.guarded(same("return;"))
				}
				return
			}
		case 13:
			if nested && g.quiet == nil {
				g.tryCatch()
				return
			}
		case 14:
			if g.canThrow() && !g.inCallback {
				g.guarded(g.throw())
				return
			}
		case 15:
			if g.callStmt() {
				return
			}
		case 16:
			if nested && g.quiet == nil {
				g.forEach()
				return
			}
		case 17:
			if g.async && !g.inCallback && g.fn != nil && g.quiet == nil {
				g.awaitStmt()
				return
			}
		case 18:
			if nested && g.quiet == nil && len(g.classes) > 0 {
				g.polymorphicLoop()
				return
			}
		case 19:
			if g.quiet == nil {
				g.opsObject()
				return
			}
		}
	}
}

// enterCallback starts the body of a callback of statements: it awaits nothing, a return, a
// break or a continue there would not leave what it seems to, and a try around it does not
// catch what it throws when it runs later. The function it gives ends the callback.
func (g *jsGen) enterCallback() func() {
	async, loops, tries := g.async, g.loops, g.tries
	g.async, g.loops, g.tries = false, 0, 0
	g.inLambda++
	return func() {
		g.async, g.loops, g.tries = async, loops, tries
		g.inLambda--
	}
}

// guarded wraps a statement that leaves the block in an if, so that what follows stays
// reachable.
func (g *jsGen) guarded(s twin) {
	g.w.open(cat(same("if ("), g.expr(jBool, nil, 1), same(") {")))
	g.w.line(s)
	g.w.close(same("}"))
}

func (g *jsGen) throw() twin {
	msg := g.expr(jStr, nil, 1)
	if g.errs {
		return twin{"throw Error(" + msg.a + ");", "throw new Error(" + msg.j + ");"}
	}
	return cat(same("throw "), msg, same(";"))
}

// caught prints what a catch caught, as the thrown values of the program are.
func (g *jsGen) caught(e string) twin {
	if g.errs {
		return same(fmt.Sprintf("print(%q, %s.message);", "caught", e))
	}
	return same(fmt.Sprintf("print(%q + %s);", "caught: ", e))
}

func (g *jsGen) let() {
	s, c := g.shape()
	if g.chance(0.08) {
		s = jMap
	}
	v := &jVar{name: g.name("v"), s: s, cls: c}
	switch {
	case s == jNums && g.chance(0.5) || s == jStrs && g.chance(0.3):
		// An array this code changes in place: it starts empty or as a fresh array.
		v.owned = true
		if g.chance(0.4) {
			g.w.line(same("let " + v.name + " = [];"))
			for range 1 + g.pick(2) {
				g.w.line(cat(same(v.name+".push("), g.expr(elemOf(s), nil, 1), same(");")))
			}
		} else {
			g.w.line(cat(same("let "+v.name+" = "), g.freshArray(s), same(";")))
		}
	case s == jMap:
		g.w.line(same("let " + v.name + " = new Map();"))
		for range g.pick(3) {
			g.w.line(cat(same(v.name+".set("), g.word(), same(", "), g.expr(jNum, nil, 1), same(");")))
		}
	default:
		g.w.line(cat(same("let "+v.name+" = "), g.expr(s, c, 2), same(";")))
	}
	g.declare(v)
}

func elemOf(s jShape) jShape {
	if s == jStrs {
		return jStr
	}
	return jNum
}

// assign changes a variable (or, in a method, a field) that may change here.
func (g *jsGen) assign() bool {
	s, c := g.shape()
	if s == jMap || s == jFn && g.pure {
		return false
	}
	v := g.pickVar(s, c, true)
	if v == nil || !g.local(v) || v.owned && g.chance(0.7) {
		return false
	}
	x := g.expr(s, v.cls, 2)
	if v.owned {
		x = g.freshArray(s) // still not shared
	}
	switch {
	case s == jNum && g.chance(0.2):
		g.w.line(same(v.name + []string{"++;", "--;"}[g.pick(2)]))
		return true
	case (s == jNum || s == jFlt || s == jStr) && g.chance(0.4):
		if s == jStr && strings.Contains(x.a, v.name) {
			return false // `s += s + …` doubles s: run often, no string holds it
		}
		g.w.line(cat(same(v.name+" += "), x, same(";")))
		return true
	}
	if x.a == v.name || s == jFn && strings.Contains(x.a, v.name+"(") {
		return false // (a lambda that calls the variable it replaces recurses without end)
	}
	if s == jStr && strings.Count(x.a, v.name) > 1 {
		return false // `s = s + s` doubles s, as `s += s + …` does
	}
	g.w.line(cat(same(v.name+" = "), x, same(";")))
	return true
}

func (g *jsGen) print() {
	var xs []twin
	for range 1 + g.pick(3) {
		s, c := g.printable()
		xs = append(xs, g.expr(s, c, 2))
	}
	if last := xs[len(xs)-1]; last.a[0] == '{' {
		// An object literal last is print's options (docs/language.md, Printing).
		xs = append(xs, same("0"))
	}
	g.w.line(cat(same("print("), joinTwins(xs, ", "), same(");")))
}

// forOf loops over an array (a copy, when it is one this code changes).
func (g *jsGen) forOf() {
	s := []jShape{jNums, jStrs, jMixed}[g.pick(3)]
	over := g.expr(s, nil, 1)
	x := &jVar{name: g.name("e"), s: elemOf(s), fixed: true}
	if s == jMixed {
		x.s = jAny
	}
	g.w.open(twin{"for " + x.name + " in " + over.a + " {", "for (const " + x.name + " of " + over.j + ") {"})
	g.push(x)
	g.loops++
	g.block(1 + g.pick(2))
	g.loops--
	g.pop()
	g.w.close(same("}"))
}

// counted is a C-style for or a while over a counter.
func (g *jsGen) counted() {
	i := &jVar{name: g.name("i"), s: jNum, fixed: true}
	n := 1 + g.pick(4)
	if g.chance(0.5) {
		g.w.open(same(fmt.Sprintf("for (let %s = 0; %s < %d; %s = %s + 1) {", i.name, i.name, n, i.name, i.name)))
	} else {
		g.w.line(same("let " + i.name + " = 0;"))
		g.w.open(same(fmt.Sprintf("while (%s < %d) {", i.name, n)))
		g.w.line(same(i.name + " = " + i.name + " + 1;"))
	}
	g.push(i)
	g.loops++
	g.block(1 + g.pick(2))
	g.loops--
	g.pop()
	g.w.close(same("}"))
}

// mutate changes an array, a map, a record or an instance in place.
func (g *jsGen) mutate() bool {
	switch g.pick(5) {
	case 0, 1:
		var owned []*jVar
		for _, s := range []jShape{jNums, jStrs} {
			for _, v := range g.vars(s, nil, false) {
				if v.owned && g.local(v) {
					owned = append(owned, v)
				}
			}
		}
		if len(owned) == 0 {
			return false
		}
		v := owned[g.pick(len(owned))]
		switch g.pick(6) {
		case 0:
			g.w.line(same(v.name + ".pop();"))
		case 1:
			if v.s == jNums {
				g.w.line(same(v.name + ".sort((a, b) => a - b);"))
			} else {
				g.w.line(same(v.name + ".sort();"))
			}
		case 2:
			g.w.line(same(v.name + ".reverse();"))
		case 3:
			g.w.open(same("if (" + v.name + ".length > 0) {"))
			g.w.line(cat(same(v.name+"[0] = "), g.expr(elemOf(v.s), nil, 1), same(";")))
			g.w.close(same("}"))
		default:
			g.w.line(cat(same(v.name+".push("), g.expr(elemOf(v.s), nil, 1), same(");")))
		}
		return true
	case 2:
		m := g.pickVar(jMap, nil, false)
		if m == nil || !g.local(m) {
			return false
		}
		if g.chance(0.2) {
			g.w.line(cat(same(m.name+".delete("), g.word(), same(");")))
		} else {
			g.w.line(cat(same(m.name+".set("), g.word(), same(", "), g.expr(jNum, nil, 1), same(");")))
		}
		return true
	case 3:
		r := g.pickVar(jRec, nil, false)
		if r == nil || !g.local(r) {
			return false
		}
		if g.chance(0.5) {
			g.w.line(cat(same(r.name+".n = "), g.expr(jNum, nil, 1), same(";")))
		} else {
			g.w.line(cat(same(r.name+".s = "), g.expr(jStr, nil, 1), same(";")))
		}
		return true
	}
	o := g.pickVar(jObj, nil, false)
	if o == nil || !g.local(o) {
		return false
	}
	var ms []*jMethod
	for _, m := range o.cls.allMethods() {
		if m.fluent {
			ms = append(ms, m)
		}
	}
	fields := o.cls.allFields()
	if len(ms) > 0 && g.chance(0.6) {
		call := same(o.name)
		for range 1 + g.pick(2) {
			m := ms[g.pick(len(ms))]
			call = cat(call, same("."+m.name+"("), g.args(m.params, 1), same(")"))
		}
		g.w.line(cat(call, same(";")))
		return true
	}
	f := fields[g.pick(len(fields))]
	if f.owned {
		g.w.line(cat(same(o.name+"."+f.name[5:]+".push("), g.expr(jNum, nil, 1), same(");")))
	} else {
		g.w.line(cat(same(o.name+"."+f.name[5:]+" = "), g.expr(f.s, nil, 1), same(";")))
	}
	return true
}

// tryCatch is a try whose body may throw, with a catch and sometimes a finally.
func (g *jsGen) tryCatch() {
	g.w.open(same("try {"))
	g.tries++
	g.block(1 + g.pick(3))
	g.tries--
	e := g.name("err")
	g.w.close(same("} catch (" + e + ") {"))
	g.w.indent += "    "
	g.w.line(g.caught(e))
	g.block(g.pick(2))
	if g.chance(0.3) {
		g.w.close(same("} finally {"))
		g.w.indent += "    "
		g.block(1)
	}
	g.w.close(same("}"))
}

// callStmt calls a function that gives nothing, or one whose value it drops.
func (g *jsGen) callStmt() bool {
	var fs []*jFunc
	for _, f := range g.funcs {
		if g.mayCall(f) {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return false
	}
	f := fs[g.pick(len(fs))]
	call := cat(same(f.name+"("), g.args(f.params, 1), same(")"))
	if f.async {
		call = cat(same("await "), call)
	}
	g.w.line(cat(call, same(";")))
	return true
}

// forEach runs a callback of statements over an array, at once.
func (g *jsGen) forEach() {
	s := []jShape{jNums, jStrs}[g.pick(2)]
	over := g.expr(s, nil, 1)
	x := &jVar{name: g.name("y"), s: elemOf(s), fixed: true}
	g.w.open(cat(over, same(".forEach(("+x.name+") => {")))
	g.push(x)
	leave := g.enterCallback()
	g.block(1 + g.pick(2))
	leave()
	g.pop()
	g.w.close(same("});"))
}

// polymorphicLoop calls a method every instance of an array of classes has.
func (g *jsGen) polymorphicLoop() {
	base := g.classes[g.pick(len(g.classes))]
	var ms []*jMethod
	for _, m := range base.allMethods() {
		if !m.fluent && m.name != "make" {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		g.print()
		return
	}
	m := ms[g.pick(len(ms))]
	var objs []twin
	for range 2 + g.pick(2) {
		objs = append(objs, g.newObject(base))
	}
	o := &jVar{name: g.name("o"), s: jObj, cls: base, fixed: true}
	over := cat(same("["), joinTwins(objs, ", "), same("]"))
	g.w.open(twin{"for " + o.name + " in " + over.a + " {", "for (const " + o.name + " of " + over.j + ") {"})
	g.push(o)
	g.w.line(cat(same("print("+o.name+"."+m.name+"("), g.args(m.params, 1), same("));")))
	g.pop()
	g.w.close(same("}"))
}

// opsObject is an object literal whose fields are functions of different arities.
func (g *jsGen) opsObject() {
	v := &jVar{name: g.name("ops"), s: jOps}
	inc := g.lambda()
	pure := g.pure
	g.pure = true
	zero := g.expr(jNum, nil, 1)
	g.pure = pure
	g.w.line(cat(same("let "+v.name+" = {inc: "), inc, same(", zero: () => "), zero, same("};")))
	g.declare(v)
}

// awaitStmt awaits, in an async function or a sequential section: a sleep, an async call, a
// promise chain or a promise a timer settles (nothing else is pending then).
func (g *jsGen) awaitStmt() {
	switch g.pick(4) {
	case 0:
		g.w.line(same(fmt.Sprintf("await sleep(%d);", g.pick(3))))
	case 1:
		v := &jVar{name: g.name("t")}
		v.s, v.cls = g.shape()
		inCallback := g.inCallback
		g.inCallback = true // x is written inside the timer's callback: no await there
		x := g.expr(v.s, v.cls, 1)
		g.inCallback = inCallback
		g.w.line(cat(same(fmt.Sprintf("let %s = await new Promise((resolve) => setTimeout(() => resolve(", v.name)), x, same(fmt.Sprintf("), %d));", g.pick(3)))))
		g.declare(v)
	case 2:
		v := &jVar{name: g.name("t"), s: jNum}
		g.w.line(cat(same("let "+v.name+" = await Promise.resolve("), g.expr(jNum, nil, 1), same(").then("), g.fnValue(), same(");")))
		g.declare(v)
	default:
		if !g.promiseAll() {
			g.w.line(same("await sleep(1);"))
		}
	}
}

// promiseAll awaits quiet async calls that run at once.
func (g *jsGen) promiseAll() bool {
	var quiet []*jFunc
	for _, f := range g.funcs {
		// Not one that gives a function: print shows no function the same in both.
		if f.async && f.quiet && f.hasRet && f.ret != jFn && !f.throws && f != g.fn {
			quiet = append(quiet, f)
		}
	}
	if len(quiet) == 0 {
		return false
	}
	f := quiet[g.pick(len(quiet))]
	var calls []twin
	for range 2 + g.pick(2) {
		calls = append(calls, cat(same(f.name+"("), g.args(f.params, 1), same(")")))
	}
	g.w.line(cat(same("print(await Promise.all(["), joinTwins(calls, ", "), same("]));")))
	return true
}

// function declares a top-level function over the globals, the classes and the functions
// declared before it.
func (g *jsGen) function() {
	f := &jFunc{name: g.name("f"), async: g.chance(0.4), throws: g.chance(0.2), quiet: g.chance(0.35)}
	if f.quiet {
		f.throws = false
	}
	f.hasRet = g.chance(0.8)
	if f.hasRet {
		f.ret, f.retCls = g.shape()
	}
	for range g.pick(4) {
		p := &jVar{name: g.name("p"), fixed: true}
		p.s, p.cls = g.shape()
		if g.chance(0.15) {
			p.s, p.cls = jAny, nil // its calls pass values of several shapes
		}
		f.params = append(f.params, p)
	}
	g.fn, g.async, g.loops, g.tries = f, f.async, 0, 0
	if f.quiet {
		g.quiet = f
	}
	g.push(f.params...)
	g.funcFloor = len(g.scopes)
	head := "function " + f.name
	aHead := "fn " + f.name
	if f.async {
		head, aHead = "async "+head, "async "+aHead
	}
	var names []string
	for _, p := range f.params {
		names = append(names, p.name)
	}
	params := "(" + joinNames(names) + ") {"
	g.w.open(twin{aHead + params, head + params})
	g.block(1 + g.pick(4))
	if f.hasRet {
		g.w.line(cat(same("return "), g.expr(f.ret, f.retCls, 2), same(";")))
	}
	g.w.close(same("}"))
	g.w.line(same(""))
	g.pop()
	g.quiet, g.fn, g.funcFloor = nil, nil, 0
	g.funcs = append(g.funcs, f)
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

// class declares a class, extending one declared before it now and then.
func (g *jsGen) class() {
	c := &jClass{name: fmt.Sprintf("C%d", len(g.classes)+1)}
	if len(g.classes) > 0 && g.chance(0.6) {
		c.base = g.classes[g.pick(len(g.classes))]
	}
	for i := range 1 + g.pick(3) {
		f := &jVar{name: fmt.Sprintf("this.%s%d", []string{"n", "w", "s", "on", "xs"}[i%5], len(g.classes)+1)}
		switch i % 5 {
		case 0:
			f.s = jNum
		case 1:
			f.s = jFlt
		case 2:
			f.s = jStr
		case 3:
			f.s = jBool
		default:
			f.s, f.owned = jNums, true
		}
		c.fields = append(c.fields, f)
	}
	head := "class " + c.name
	if c.base != nil {
		head += " extends " + c.base.name
	}
	g.w.open(same(head + " {"))
	// The constructor: a parameter for some fields, a value for the others.
	g.push()
	for _, f := range c.fields {
		if !f.owned && g.chance(0.6) {
			c.ctor = append(c.ctor, &jVar{name: g.name("p"), s: f.s, fixed: true})
		}
	}
	g.push(c.ctor...)
	var names []string
	for _, p := range c.ctor {
		names = append(names, p.name)
	}
	g.w.open(same("constructor(" + joinNames(names) + ") {"))
	if c.base != nil {
		g.w.line(cat(same("super("), g.args(c.base.ctor, 1), same(");")))
	}
	k := 0
	for _, f := range c.fields {
		switch {
		case f.owned:
			g.w.line(same(f.name + " = [];"))
		case k < len(c.ctor) && c.ctor[k].s == f.s:
			g.w.line(same(f.name + " = " + c.ctor[k].name + ";"))
			k++
		default:
			g.w.line(cat(same(f.name+" = "), g.leaf(f.s, nil), same(";")))
		}
	}
	g.w.close(same("}"))
	g.pop()
	// Constructed from here on, not in its own constructor (which would never end).
	g.classes = append(g.classes, c)
	// The methods see every field, the base's too.
	g.cls = c
	g.push(c.allFields()...)
	if c.base != nil && g.chance(0.7) {
		g.override(c)
	}
	for range 1 + g.pick(3) {
		g.method(c)
	}
	if g.chance(0.3) {
		c.toStr = true
		g.w.line(cat(same("toString() { return "), g.template(1), same("; }")))
	}
	g.pop()
	g.pop()
	g.cls = nil
	if g.chance(0.4) {
		// A static factory: JavaScript's classes inherit it, so it is called on its own class
		// only (newObject).
		c.make = &jMethod{name: "make", ret: jObj, params: []*jVar{{name: g.name("p"), s: jNum, fixed: true}}}
		g.push(c.make.params...)
		g.w.line(cat(same("static make("+c.make.params[0].name+") { return new "+c.name+"("), g.args(c.ctor, 1), same("); }")))
		g.pop()
	}
	g.w.close(same("}"))
	g.w.line(same(""))
}

// method adds a getter (a value from the fields and its parameter) or a fluent mutator.
func (g *jsGen) method(c *jClass) {
	m := &jMethod{name: g.name("m")}
	if g.chance(0.5) {
		m.params = []*jVar{{name: g.name("p"), s: []jShape{jNum, jStr, jFlt}[g.pick(3)], fixed: true}}
	}
	g.push(m.params...)
	head := m.name + "(" + paramNames(m.params) + ") {"
	if g.chance(0.4) {
		m.fluent, m.ret = true, jObj
		g.w.open(same(head))
		g.fieldChange(c)
		g.w.line(same("return this;"))
		g.w.close(same("}"))
	} else {
		m.ret = []jShape{jNum, jStr, jFlt, jBool}[g.pick(4)]
		g.w.line(cat(same(head+" return "), g.expr(m.ret, nil, 2), same("; }")))
	}
	g.pop()
	c.methods = append(c.methods, m)
}

// override redefines a getter of the base, calling the base's through super.
func (g *jsGen) override(c *jClass) {
	var getters []*jMethod
	for _, m := range c.base.allMethods() {
		if !m.fluent && m.name != "make" && (m.ret == jNum || m.ret == jStr) {
			getters = append(getters, m)
		}
	}
	if len(getters) == 0 {
		return
	}
	b := getters[g.pick(len(getters))]
	m := &jMethod{name: b.name, params: b.params, ret: b.ret}
	g.push(m.params...)
	sup := same("super." + m.name + "(" + paramNames(m.params) + ")")
	g.w.line(cat(same(m.name+"("+paramNames(m.params)+") { return ("), sup, same(" + "), g.expr(m.ret, nil, 1), same("); }")))
	g.pop()
	c.methods = append(c.methods, m)
}

// fieldChange changes a field of the instance, from its parameters and fields.
func (g *jsGen) fieldChange(c *jClass) {
	fields := c.allFields()
	f := fields[g.pick(len(fields))]
	switch {
	case f.owned:
		g.w.line(cat(same(f.name+".push("), g.expr(jNum, nil, 1), same(");")))
	case f.s == jNum || f.s == jFlt || f.s == jStr:
		g.w.line(cat(same(f.name+" = "+f.name+" + "), g.expr(f.s, nil, 1), same(";")))
	default:
		g.w.line(cat(same(f.name+" = "), g.expr(f.s, nil, 1), same(";")))
	}
}

func paramNames(ps []*jVar) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.name)
	}
	return joinNames(names)
}

// callbackPhase registers timers and promise reactions that print, then waits for them all.
// Both event loops run them in one order (docs/language.md §8): reactions before the next timer,
// timers by their due time, alike ones in the order they were set. So the timers of a phase are
// set with delays that never decrease (then they are due in the order they were set, whatever
// time passes between two of them), none is set from a callback, and the phase ends by awaiting
// a timer due after all of them.
func (g *jsGen) callbackPhase() {
	delay := 1 + g.pick(3)
	g.inCallback = true
	leave := g.enterCallback()
	for range 1 + g.pick(4) {
		switch g.pick(5) {
		case 0, 1:
			g.w.open(same("setTimeout(() => {"))
			g.block(1 + g.pick(2))
			g.w.close(same(fmt.Sprintf("}, %d);", delay)))
		case 2:
			v := &jVar{name: g.name("r"), s: jNum, fixed: true}
			g.w.open(cat(same("new Promise((resolve) => setTimeout(() => resolve("), g.expr(jNum, nil, 1), same(fmt.Sprintf("), %d)).then((%s) => {", delay, v.name))))
			g.push(v)
			g.block(1 + g.pick(2))
			g.pop()
			g.w.close(same("});"))
		case 3:
			v := &jVar{name: g.name("r"), s: jNum, fixed: true}
			w := &jVar{name: g.name("r"), s: jNum, fixed: true}
			g.w.open(cat(same("Promise.resolve("), g.expr(jNum, nil, 1), same(").then(("+v.name+") => {")))
			g.push(v)
			g.block(1 + g.pick(2))
			g.w.line(cat(same("return "), g.expr(jNum, nil, 1), same(";")))
			g.pop()
			g.w.close(same("}).then((" + w.name + ") => print(" + strconv.Quote("then") + ", " + w.name + "));"))
		default:
			e := g.name("err")
			msg := g.expr(jStr, nil, 1)
			rejected := cat(same("Promise.reject("), msg, same(")"))
			if g.errs {
				rejected = twin{"Promise.reject(Error(" + msg.a + "))", "Promise.reject(new Error(" + msg.j + "))"}
			}
			g.w.line(cat(rejected, same(".catch(("+e+") => "), trimSemi(g.caught(e)), same(").finally(() => print(\"settled\"));")))
		}
		delay += []int{0, 0, 5, 10}[g.pick(4)]
	}
	g.inCallback = false
	leave()
	// Top-level code that runs before the callbacks: it awaits nothing (an await would let
	// them run, and Node's await of a settled promise yields where AdeshLang's does not).
	g.async = false
	for range g.pick(2) {
		g.stmt()
	}
	g.async = true
	g.w.line(same(fmt.Sprintf("await new Promise((resolve) => setTimeout(resolve, %d));", delay+30)))
}

// trimSemi drops a statement's `;`, making it an expression.
func trimSemi(t twin) twin {
	return twin{t.a[:len(t.a)-1], t.j[:len(t.j)-1]}
}

// awaitSection awaits async calls one after the other, at the top level: nothing else runs
// meanwhile, so the prints of their bodies come in one order.
func (g *jsGen) awaitSection() {
	for range 1 + g.pick(3) {
		var fs []*jFunc
		for _, f := range g.funcs {
			if f.async && (!f.throws || g.canThrow()) {
				fs = append(fs, f)
			}
		}
		if len(fs) == 0 || g.chance(0.3) {
			g.awaitStmt()
			continue
		}
		f := fs[g.pick(len(fs))]
		call := cat(same("await "+f.name+"("), g.args(f.params, 1), same(")"))
		if f.hasRet && f.ret != jFn {
			g.w.line(cat(same("print("), call, same(");")))
		} else {
			g.w.line(cat(call, same(";")))
		}
	}
}
