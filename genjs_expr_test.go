package adesh2go_test

import (
	"fmt"
	"strconv"
)

// The expressions of the JavaScript-twin generator (genjs_gen_test.go).

// jsWords are the strings of the programs: plain ASCII, so that a string quoted inside an array
// reads the same in both languages.
var jsWords = []string{"a", "b", "go", "x1", "Hi", "zz", "q", "ab,c", " pad "}

var jsFloats = []string{"0.5", "1.5", "2.25", "0.1", "3.75", "2.0", "1.0", "0.0"}

func (g *jsGen) intLit() twin {
	n := g.pick(12) - 2
	if n < 0 {
		return same("(" + strconv.Itoa(n) + ")")
	}
	return same(strconv.Itoa(n))
}

func (g *jsGen) word() twin { return same(strconv.Quote(jsWords[g.pick(len(jsWords))])) }

// freshArray is an array literal of shape s: never a variable, so that an array changed in
// place starts unshared.
func (g *jsGen) freshArray(s jShape) twin {
	v := g.scopes
	g.scopes = nil
	x := g.leaf(s, nil)
	g.scopes = v
	return x
}

// read is a variable read as a value: an array that changes in place is copied, so that the
// value read never shares it (AdeshLang's arrays are values, JavaScript's references).
func read(v *jVar) twin {
	if v.owned {
		return same(v.name + ".slice(0)")
	}
	return same(v.name)
}

// expr builds an expression of shape s (of class cls or a subclass, for a jObj) at most d levels
// deep.
func (g *jsGen) expr(s jShape, cls *jClass, d int) twin {
	if v := g.pickVar(s, cls, false); v != nil && (d <= 0 || g.chance(0.35)) {
		return read(v)
	}
	if d <= 0 || g.chance(0.2) {
		return g.leaf(s, cls)
	}
	if x, ok := g.callOf(s, cls, d); ok && g.chance(0.3) {
		return x
	}
	if g.chance(0.06) && s != jObj {
		if s == jAny && g.chance(0.85) {
			// Branches of two types where any value fits: refused today (jsKnown), so seldom.
			s, cls = g.printable()
		}
		c, a, b := g.expr(jBool, nil, d-1), g.expr(s, cls, d-1), g.expr(s, cls, d-1)
		if (a.a[0] == '{' || b.a[0] == '{') && g.chance(0.9) {
			// An object literal as a branch is not parsed bare yet (jsKnown): seldom left so.
			a, b = cat(same("("), a, same(")")), cat(same("("), b, same(")"))
		}
		return cat(same("("), c, same(" ? "), a, same(" : "), b, same(")"))
	}
	switch s {
	case jNum:
		return g.numExpr(d)
	case jFlt:
		return g.fltExpr(d)
	case jStr:
		return g.strExpr(d)
	case jBool:
		return g.boolExpr(d)
	case jNums:
		return g.numsExpr(d)
	case jStrs:
		return g.strsExpr(d)
	case jAny:
		t, c := g.printable()
		return g.expr(t, c, d-1)
	case jObj:
		if o := g.pickVar(jObj, cls, false); o != nil {
			if ms := fluentMethods(o.cls); len(ms) > 0 && !g.pure && g.quiet == nil && g.chance(0.5) && o.cls.isA(cls) {
				m := ms[g.pick(len(ms))]
				return cat(same(o.name+"."+m.name+"("), g.args(m.params, d-1), same(")"))
			}
		}
	}
	return g.leaf(s, cls)
}

// leaf builds a literal, a constructor call or a variable of shape s.
func (g *jsGen) leaf(s jShape, cls *jClass) twin {
	if v := g.pickVar(s, cls, false); v != nil && g.chance(0.5) {
		return read(v)
	}
	switch s {
	case jNum:
		return g.intLit()
	case jFlt:
		return same(jsFloats[g.pick(len(jsFloats))])
	case jStr:
		return g.word()
	case jBool:
		return same([]string{"true", "false"}[g.pick(2)])
	case jNums:
		var xs []twin
		for range 1 + g.pick(3) {
			xs = append(xs, g.intLit())
		}
		return cat(same("["), joinTwins(xs, ", "), same("]"))
	case jStrs:
		var xs []twin
		for range 1 + g.pick(3) {
			xs = append(xs, g.word())
		}
		return cat(same("["), joinTwins(xs, ", "), same("]"))
	case jMixed:
		var xs []twin
		for _, t := range []jShape{jNum, jStr, jFlt, jBool}[:2+g.pick(3)] {
			xs = append(xs, g.leaf(t, nil))
		}
		g.r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		return cat(same("["), joinTwins(xs, ", "), same("]"))
	case jRec:
		return cat(same("{n: "), g.leaf(jNum, nil), same(", s: "), g.leaf(jStr, nil), same("}"))
	case jMap:
		// A map is built by statements (let m = new Map(); m.set(…)), and asked for only where
		// one is in scope.
		return read(g.pickVar(jMap, nil, false))
	case jObj:
		return g.newObject(cls)
	case jFn:
		return g.lambda()
	case jAny:
		t, c := g.printable()
		return g.leaf(t, c)
	}
	panic("genjs: no leaf of shape " + strconv.Itoa(int(s)))
}

// newObject constructs an instance of cls or of a class that extends it.
func (g *jsGen) newObject(cls *jClass) twin {
	var fits []*jClass
	for _, c := range g.classes {
		if c.isA(cls) {
			fits = append(fits, c)
		}
	}
	c := fits[g.pick(len(fits))]
	g.objects++
	defer func() { g.objects-- }()
	d := 1
	if g.objects > 2 {
		d = 0
	}
	if c.make != nil && g.chance(0.3) {
		return cat(same(c.name+".make("), g.args(c.make.params, d), same(")"))
	}
	return cat(same("new "+c.name+"("), g.args(c.ctor, d), same(")"))
}

// lambda is a function of one integral number, without statements.
func (g *jsGen) lambda() twin {
	p := &jVar{name: g.name("x"), s: jNum, fixed: true}
	pure := g.pure
	g.pure = true
	g.push(p)
	body := g.expr(jNum, nil, 2)
	g.pop()
	g.pure = pure
	return cat(same("(("+p.name+") => "), body, same(")"))
}

// args builds the arguments of a call for the parameters ps.
func (g *jsGen) args(ps []*jVar, d int) twin {
	var xs []twin
	for _, p := range ps {
		xs = append(xs, g.expr(p.s, p.cls, d))
	}
	return joinTwins(xs, ", ")
}

// callOf calls a function, a method or a lambda that gives shape s, if one may be called here.
func (g *jsGen) callOf(s jShape, cls *jClass, d int) (twin, bool) {
	if s == jNum {
		if f := g.pickVar(jFn, nil, false); f != nil {
			return cat(same(f.name+"("), g.expr(jNum, nil, d-1), same(")")), true
		}
	}
	var fs []*jFunc
	for _, f := range g.funcs {
		if f.hasRet && f.ret == s && (s != jObj || f.retCls.isA(cls)) && g.mayCall(f) {
			fs = append(fs, f)
		}
	}
	if len(fs) > 0 && g.chance(0.6) {
		f := fs[g.pick(len(fs))]
		call := cat(same(f.name+"("), g.args(f.params, d-1), same(")"))
		if f.async {
			return cat(same("(await "), call, same(")")), true
		}
		return call, true
	}
	for _, o := range g.vars(jObj, nil, false) {
		for _, m := range o.cls.allMethods() {
			if !m.fluent && m.ret == s && s != jObj && (!g.pure || len(m.params) == 0) {
				return cat(same(o.name+"."+m.name+"("), g.args(m.params, d-1), same(")")), true
			}
		}
	}
	return twin{}, false
}

// mayCall reports whether f may be called here: not from a lambda's expression, an async one
// only where await is allowed (and not in a callback), one that throws only inside a try, and
// from a quiet function only a quiet one.
func (g *jsGen) mayCall(f *jFunc) bool {
	switch {
	case g.pure, f.async && (!g.async || g.inCallback), f.throws && !g.canThrow(), g.quiet != nil && !f.quiet:
		return false
	}
	return f != g.fn
}

var numOps = []string{"+", "-", "*"}

func (g *jsGen) numExpr(d int) twin {
	switch g.pick(12) {
	case 0:
		return cat(g.strExpr(d-1), same(".length"))
	case 1:
		if x, ok := g.arrayOf(d); ok {
			return cat(x, same(".length"))
		}
	case 2:
		xs := g.expr(jNums, nil, d-1)
		return cat(xs, same(".reduce((a, b) => a + b, 0)"))
	case 3:
		return cat(same("Math."+[]string{"max", "min"}[g.pick(2)]+"("), g.expr(jNum, nil, d-1), same(", "), g.expr(jNum, nil, d-1), same(")"))
	case 4:
		return cat(g.expr(jNums, nil, d-1), same(".indexOf("), g.expr(jNum, nil, d-1), same(")"))
	case 5:
		if m := g.pickVar(jMap, nil, false); m != nil {
			if g.chance(0.5) {
				return twin{m.name + ".size()", m.name + ".size"}
			}
			return cat(same("("+m.name+".get("), g.word(), same(") ?? "), g.intLit(), same(")"))
		}
	case 6:
		if r := g.pickVar(jRec, nil, false); r != nil {
			return same(r.name + ".n")
		}
	case 7:
		if o := g.pickVar(jObj, nil, false); o != nil {
			if f := fieldOf(o.cls, jNum); f != "" {
				return same(o.name + "." + f)
			}
		}
	case 8:
		xs := g.expr(jNums, nil, d-1)
		return cat(same("("), xs, same(".find((x) => x > "), g.intLit(), same(") ?? "), g.intLit(), same(")"))
	case 9:
		if o := g.pickVar(jOps, nil, false); o != nil {
			if g.chance(0.5) {
				return same(o.name + ".zero()")
			}
			return cat(same(o.name+".inc("), g.expr(jNum, nil, d-1), same(")"))
		}
	}
	op := numOps[g.pick(len(numOps))]
	if g.loops > 0 && op == "*" {
		op = "+" // a product repeated by a loop outgrows the exact integers
	}
	return cat(same("("), g.expr(jNum, nil, d-1), same(" "+op+" "), g.expr(jNum, nil, d-1), same(")"))
}

// fltExpr mixes floats with integer literals only: an i64 value beside a float is refused in
// typed code on purpose (docs/language.md §3).
func (g *jsGen) fltExpr(d int) twin {
	operand := func() twin {
		if g.chance(0.25) {
			return g.intLit()
		}
		return g.expr(jFlt, nil, d-1)
	}
	switch g.pick(8) {
	case 0:
		return cat(same("("), g.expr(jFlt, nil, d-1), same(" / "), same([]string{"2.5", "0.5", "4.0"}[g.pick(3)]), same(")"))
	case 1:
		return cat(same("Math."+[]string{"floor", "abs", "ceil"}[g.pick(3)]+"("), g.expr(jFlt, nil, d-1), same(")"))
	case 2:
		if o := g.pickVar(jObj, nil, false); o != nil {
			if f := fieldOf(o.cls, jFlt); f != "" {
				return same(o.name + "." + f)
			}
		}
	}
	op := numOps[g.pick(len(numOps))]
	if g.loops > 0 && op == "*" {
		op = "-"
	}
	return cat(same("("), g.expr(jFlt, nil, d-1), same(" "+op+" "), operand(), same(")"))
}

func (g *jsGen) strExpr(d int) twin {
	switch g.pick(14) {
	case 0:
		return cat(g.expr(jStr, nil, d-1), same("."+[]string{"toUpperCase()", "toLowerCase()", "trim()", "repeat(2)", "slice(1)"}[g.pick(5)]))
	case 1:
		return cat(g.expr(jStr, nil, d-1), same(".padStart(4, \"*\")"))
	case 2:
		return cat(g.expr(jStr, nil, d-1), same(".replaceAll(\"a\", \"o\")"))
	case 3:
		x, _ := g.arrayOf(d)
		if x.a == "" {
			x = g.expr(jNums, nil, d-1)
		}
		return cat(x, same(".join(\"-\")"))
	case 4, 5:
		return g.template(d)
	case 6:
		t, c := g.printable()
		x := g.expr(t, c, d-1)
		return twin{"str(" + x.a + ")", "show(" + x.j + ")"}
	case 7:
		if v := g.pickVar([]jShape{jNum, jFlt}[g.pick(2)], nil, false); v != nil {
			return same(v.name + ".toString()")
		}
	case 8:
		if r := g.pickVar(jRec, nil, false); r != nil {
			return same(r.name + ".s")
		}
	case 9:
		if o := g.pickVar(jObj, nil, false); o != nil {
			if g.hasToString(o.cls) {
				return same(o.name + ".toString()")
			}
			if f := fieldOf(o.cls, jStr); f != "" {
				return same(o.name + "." + f)
			}
		}
	case 10:
		// A string and a number or a bool, either side.
		t := []jShape{jNum, jFlt, jBool}[g.pick(3)]
		if g.chance(0.5) {
			return cat(same("("), g.expr(jStr, nil, d-1), same(" + "), g.expr(t, nil, d-1), same(")"))
		}
		return cat(same("("), g.expr(t, nil, d-1), same(" + "), g.expr(jStr, nil, d-1), same(")"))
	}
	return cat(same("("), g.expr(jStr, nil, d-1), same(" + "), g.expr(jStr, nil, d-1), same(")"))
}

// template is a template string over values of any shape (JavaScript shows the ones it would
// write otherwise).
func (g *jsGen) template(d int) twin {
	t := same("`" + jsWords[g.pick(4)])
	for range 1 + g.pick(2) {
		s, c := g.printable()
		if s == jObj && g.hasToString(c) {
			s = jNum // a class's toString in a template: left out, see hasToString
		}
		x := g.expr(s, c, d-1)
		switch s {
		case jNum, jFlt, jStr, jBool:
			t = cat(t, same("${"), x, same("}"))
		default:
			t = cat(t, twin{"${" + x.a + "}", "${show(" + x.j + ")}"})
		}
		t = cat(t, same([]string{" ", "-", ":", ""}[g.pick(4)]))
	}
	return cat(t, same("`"))
}

var cmpOps = []string{"<", "<=", ">", ">="}

func (g *jsGen) boolExpr(d int) twin {
	eq := func() twin {
		if g.chance(0.5) {
			return twin{" == ", " === "}
		}
		return twin{" != ", " !== "}
	}
	switch g.pick(11) {
	case 0, 1:
		t := []jShape{jNum, jFlt}[g.pick(2)]
		return cat(same("("), g.expr(t, nil, d-1), same(" "+cmpOps[g.pick(len(cmpOps))]+" "), g.expr(t, nil, d-1), same(")"))
	case 2:
		return cat(same("("), g.expr(jStr, nil, d-1), eq(), g.expr(jStr, nil, d-1), same(")"))
	case 3:
		return cat(same("("), g.expr(jNum, nil, d-1), eq(), g.expr(jNum, nil, d-1), same(")"))
	case 4:
		return cat(same("!"), g.expr(jBool, nil, d-1))
	case 5:
		return cat(g.expr(jStr, nil, d-1), same("."+[]string{"includes", "startsWith", "endsWith"}[g.pick(3)]+"("), g.word(), same(")"))
	case 6:
		return cat(g.expr(jNums, nil, d-1), same(".includes("), g.expr(jNum, nil, d-1), same(")"))
	case 7:
		return cat(g.expr(jNums, nil, d-1), same("."+[]string{"some", "every"}[g.pick(2)]+"((x) => x > "), g.intLit(), same(")"))
	case 8:
		if m := g.pickVar(jMap, nil, false); m != nil {
			return cat(same(m.name+".has("), g.word(), same(")"))
		}
	}
	return cat(same("("), g.expr(jBool, nil, d-1), same(" "+[]string{"&&", "||"}[g.pick(2)]+" "), g.expr(jBool, nil, d-1), same(")"))
}

func (g *jsGen) numsExpr(d int) twin {
	switch g.pick(5) {
	case 0:
		f := g.fnValue()
		return cat(g.expr(jNums, nil, d-1), same(".map("), f, same(")"))
	case 1:
		return cat(g.expr(jNums, nil, d-1), same(".filter((x) => x > "), g.intLit(), same(")"))
	case 2:
		// Not slice(1): an array's slice out of range is an error in AdeshLang
		// (docs/language.md §14), where JavaScript gives [] for an empty array.
		return cat(g.expr(jNums, nil, d-1), same(".filter((x) => x != "), g.intLit(), same(")"))
	case 3:
		return cat(g.expr(jNums, nil, d-1), same(".concat("), g.expr(jNums, nil, d-1), same(")"))
	}
	return g.leaf(jNums, nil)
}

func (g *jsGen) strsExpr(d int) twin {
	switch g.pick(4) {
	case 0:
		return cat(g.expr(jStr, nil, d-1), same(".split(\",\")"))
	case 1:
		return cat(g.expr(jStrs, nil, d-1), same(".map((w) => w.toUpperCase())"))
	case 2:
		return cat(g.expr(jStrs, nil, d-1), same(".filter((w) => w.length > 1)"))
	}
	return g.leaf(jStrs, nil)
}

// arrayOf is an expression of one of the array shapes, if the dice say so.
func (g *jsGen) arrayOf(d int) (twin, bool) {
	s := []jShape{jNums, jStrs, jMixed}[g.pick(3)]
	return g.expr(s, nil, d-1), true
}

// fnValue is a function of one integral number: a lambda, a variable holding one, or a quiet
// top-level function passed by name.
func (g *jsGen) fnValue() twin {
	if !g.pure {
		var named []*jFunc
		for _, f := range g.funcs {
			if f.quiet && !f.async && !f.throws && f.hasRet && f.ret == jNum && len(f.params) == 1 && f.params[0].s == jNum && f != g.fn {
				named = append(named, f)
			}
		}
		if len(named) > 0 && g.chance(0.4) {
			return same(named[g.pick(len(named))].name)
		}
	}
	if v := g.pickVar(jFn, nil, false); v != nil && g.chance(0.4) {
		return same(v.name)
	}
	return g.lambda()
}

// fieldOf is a field of shape s that instances of c have, or "".
func fieldOf(c *jClass, s jShape) string {
	for _, f := range c.allFields() {
		if f.s == s {
			return f.name[len("this."):]
		}
	}
	return ""
}

// hasToString reports whether an instance held where a c is expected may have a toString of
// its class: a template would call it in JavaScript, where AdeshLang's shows the fields.
func (g *jsGen) hasToString(c *jClass) bool {
	for _, k := range g.classes {
		if k.toStr && (c.isA(k) || k.isA(c)) {
			return true
		}
	}
	return false
}

func fluentMethods(c *jClass) []*jMethod {
	var out []*jMethod
	for _, m := range c.allMethods() {
		if m.fluent {
			out = append(out, m)
		}
	}
	return out
}

func (s jShape) String() string {
	return fmt.Sprintf("shape%d", int(s))
}
