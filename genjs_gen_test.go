package adesh2go_test

import (
	"fmt"
	"math/rand"
	"strconv"
)

// The generator of TestNodeOracle: untyped programs in the part of AdeshLang that is also
// JavaScript, each written out twice (genjs_twin_test.go). It keeps out of the forms where
// AdeshLang differs from JavaScript on purpose (docs/language.md, "What differs, and why", §8
// "What still differs from JavaScript" and §6): an array is a value in AdeshLang and a reference
// in JavaScript, so an array that changes in place is never shared (it is copied with slice(0)
// where it is read as a value); integers divide as integers, so `/` has a fraction on its right;
// callbacks that print run only in phases whose order both event loops fix (below); the bodies
// of async functions that print are awaited where they are called.

// jShape is what the generator knows of a value.
type jShape uint8

const (
	jNum   jShape = iota // an integral number
	jFlt                 // a number that may have a fraction
	jStr                 // a string
	jBool                // a bool
	jNums                // an array of integral numbers
	jStrs                // an array of strings
	jMixed               // an array of values of several shapes
	jRec                 // a record {n: number, s: string}
	jMap                 // a Map of string keys to integral numbers
	jObj                 // an instance of a class (see jVar.cls)
	jFn                  // a function of one integral number to one
	jAny                 // a value of any shape: printed, interpolated, passed on
	jOps                 // an object of two functions of different arities, {inc: (x) => …, zero: () => …}
)

// valueShapes are the shapes a variable, a parameter or a result is drawn from (jObj where a
// class exists); a map is made by statements only (let() makes one now and then).
var valueShapes = []jShape{jNum, jNum, jFlt, jStr, jStr, jBool, jNums, jStrs, jMixed, jRec, jObj, jFn, jAny}

// jVar is a variable, a parameter or a field (named `this.f`) in scope.
type jVar struct {
	name  string
	s     jShape
	cls   *jClass // of a jObj
	fixed bool    // not assigned (a parameter of a lambda, a loop variable)
	// owned: an array changed in place (push, sort…); it is read as a value only through a
	// copy, so that no other name shares it.
	owned bool
}

// jFunc is a top-level function.
type jFunc struct {
	name   string
	params []*jVar
	ret    jShape
	retCls *jClass
	hasRet bool
	async  bool
	throws bool
	// quiet: it prints nothing and assigns nothing outside itself, so that calls of it may run
	// at once (Promise.all).
	quiet bool
}

// jClass is a class; base is the class it extends.
type jClass struct {
	name    string
	base    *jClass
	fields  []*jVar // its own, named this.NAME
	ctor    []*jVar // the constructor's parameters
	methods []*jMethod
	make    *jMethod // its static factory, or nil
	toStr   bool
}

// jMethod is a method: a getter of a shape, a fluent mutator (`return this`), or a static
// factory (jClass.make).
type jMethod struct {
	name   string
	params []*jVar
	ret    jShape // jObj for a fluent method
	fluent bool
}

// allFields are a class's fields, its base's first.
func (c *jClass) allFields() []*jVar {
	if c == nil {
		return nil
	}
	return append(c.base.allFields(), c.fields...)
}

// allMethods are the methods an instance has: its class's, then those of its bases it does not
// redefine.
func (c *jClass) allMethods() []*jMethod {
	var out []*jMethod
	seen := map[string]bool{}
	for k := c; k != nil; k = k.base {
		for _, m := range k.methods {
			if !seen[m.name] {
				seen[m.name] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// isA reports whether c is k or extends it.
func (c *jClass) isA(k *jClass) bool {
	for ; c != nil; c = c.base {
		if c == k {
			return true
		}
	}
	return false
}

// jsGen builds one program.
type jsGen struct {
	// objects is how many constructor calls are being built, one inside another's arguments
	// (newObject): past two, their arguments are plain values, so that a function that takes
	// an object, called for a constructor's argument, does not recurse without end.
	objects int
	r       *rand.Rand
	w       twinWriter
	names   int
	scopes  [][]*jVar
	funcs   []*jFunc
	classes []*jClass
	fn      *jFunc   // the function being built; nil at top level
	cls     *jClass  // the class whose method is being built
	async   bool     // await is allowed here
	pure    bool     // an expression of a lambda: no calls of functions that print or throw
	loops   int      // enclosing loops
	tries   int      // enclosing try blocks
	depth   int      // statement nesting
	quiet   *jFunc   // the quiet function being built: it must not print or assign outside
	errs    bool     // throws Error values (e.message) rather than strings
	lambdaS []string // names of the parameters of the enclosing expression lambdas
	// inCallback: inside a callback of the event loop, which sets no timer (a timer set there
	// would race with the timers of its phase).
	inCallback bool
	// inLambda counts the enclosing callbacks of statements: a return there would leave the
	// callback, not the function.
	inLambda int
	// funcFloor is the first scope of the body of the function being built: a quiet function
	// changes the variables from there on only, not its parameters' objects.
	funcFloor int
}

func (g *jsGen) name(prefix string) string {
	g.names++
	return prefix + strconv.Itoa(g.names)
}

func (g *jsGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *jsGen) pick(n int) int { return g.r.Intn(n) }

func (g *jsGen) declare(v *jVar) { g.scopes[len(g.scopes)-1] = append(g.scopes[len(g.scopes)-1], v) }

func (g *jsGen) push(vs ...*jVar) { g.scopes = append(g.scopes, vs) }

func (g *jsGen) pop() { g.scopes = g.scopes[:len(g.scopes)-1] }

// vars lists the variables in scope of shape s (assignable ones only when assign is set; of
// class cls or a subclass for a jObj).
func (g *jsGen) vars(s jShape, cls *jClass, assign bool) []*jVar {
	var out []*jVar
	for _, sc := range g.scopes {
		for _, v := range sc {
			if v.s != s || assign && v.fixed || s == jObj && cls != nil && !v.cls.isA(cls) {
				continue
			}
			if assign && s == jObj && v.cls != cls {
				continue // an instance of a subclass held where its base is: assigned alike only
			}
			out = append(out, v)
		}
	}
	return out
}

func (g *jsGen) pickVar(s jShape, cls *jClass, assign bool) *jVar {
	vs := g.vars(s, cls, assign)
	if len(vs) == 0 {
		return nil
	}
	return vs[g.pick(len(vs))]
}

// shape draws a shape for a new value; cls is its class for a jObj.
func (g *jsGen) shape() (jShape, *jClass) {
	for {
		s := valueShapes[g.pick(len(valueShapes))]
		if s != jObj {
			return s, nil
		}
		if len(g.classes) > 0 {
			return s, g.classes[g.pick(len(g.classes))]
		}
	}
}

// printable draws the shape of a value to print: not a function (print shows no function the
// same in both), a map where one is in scope.
func (g *jsGen) printable() (jShape, *jClass) {
	if g.pickVar(jMap, nil, false) != nil && g.chance(0.1) {
		return jMap, nil
	}
	for {
		if s, c := g.shape(); s != jFn {
			return s, c
		}
	}
}

// canThrow reports whether a throw here is caught, or may leave a function its callers call
// inside a try.
func (g *jsGen) canThrow() bool { return g.tries > 0 || g.fn != nil && g.fn.throws }

// generateJSProgram builds the program of one seed; the same seed always gives the same program.
func generateJSProgram(seed int64) (adesh, js string) {
	g := &jsGen{r: rand.New(rand.NewSource(seed))}
	g.errs = g.chance(0.5)
	g.w.a.WriteString("import Math;\n\n")
	g.w.j.WriteString(jsPrelude)
	g.push()
	g.globals()
	for range g.pick(3) {
		g.class()
	}
	for range 2 + g.pick(5) {
		g.function()
	}
	g.fn, g.async = nil, true
	g.push()
	for range 3 + g.pick(4) {
		switch g.pick(5) {
		case 0:
			g.callbackPhase()
		case 1:
			g.awaitSection()
		default:
			for range 1 + g.pick(3) {
				g.stmt()
			}
		}
	}
	g.print()
	return g.w.a.String(), g.w.j.String()
}

// globals declares top-level variables that functions read and change: a number declared with
// an integer that its later values make a float (`let total = 0;`, issue 35) among them.
func (g *jsGen) globals() {
	for range 1 + g.pick(3) {
		v := &jVar{name: g.name("g")}
		switch g.pick(4) {
		case 0:
			v.s = jFlt
			g.w.line(same(fmt.Sprintf("let %s = %d;", v.name, g.pick(5))))
		case 1:
			v.s = jStr
			g.w.line(same(fmt.Sprintf("let %s = %q;", v.name, jsWords[g.pick(len(jsWords))])))
		case 2:
			// An empty array that nothing fills is refused today (jsKnown): most start with
			// an element.
			v.s, v.owned = jNums, true
			if g.chance(0.75) {
				g.w.line(same(fmt.Sprintf("let %s = [%d];", v.name, g.pick(5))))
			} else {
				g.w.line(same(fmt.Sprintf("let %s = [];", v.name)))
			}
		default:
			v.s = jNum
			g.w.line(same(fmt.Sprintf("let %s = %d;", v.name, g.pick(5))))
		}
		g.declare(v)
	}
	g.w.line(same(""))
}
