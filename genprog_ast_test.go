package adesh2go_test

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the small language the program generator of genprog_test.go builds: a subset
// of AdeshLang whose nodes print themselves as source and evaluate themselves, so that every
// generated program comes with the output it must print.

// gType is a type of the generated subset.
type gType uint8

const (
	gUnit gType = iota
	gInt
	gBool
	gStr
	gArr    // [i64]
	gFn     // fn(i64): i64, a lambda
	gErr    // the binding of a catch
	gOpt    // i64?
	gStruct // P, see programPrelude
	gEnum   // Sh
	gMap    // Map<string, i64>, a handle
	gRes    // Result<i64, string>
)

func (t gType) String() string {
	return [...]string{"()", "i64", "bool", "string", "[i64]", "fn(i64): i64", "Error", "i64?", "P", "Sh", "Map<string, i64>", "Result<i64, string>"}[t]
}

// programPrelude declares the struct, the enum and the generic and higher-order functions every
// generated program may use.
const programPrelude = `struct P { x: i64, s: string, xs: [i64] }
enum Sh { C(i64), S(string), E }

fn pick<T>(c: bool, a: T, b: T): T {
    return c ? a : b;
}

async fn later<T>(x: T): T {
    await yield_now();
    return x;
}

fn apply(f: fn(i64): i64, x: i64): i64 {
    return f(x);
}

`

// gValue is a run-time value: int64, bool, string, []int64, optInt, pVal, shVal, *mapVal,
// resVal, *gClosure.
type gValue any

// resVal is a Result<i64, string>.
type resVal struct {
	ok bool
	v  int64
	e  string
}

// gEarly is a `?` on an Err on its way out of its function; it travels as a Go panic.
type gEarly struct{ v resVal }

// optInt is a value of i64?.
type optInt struct {
	ok bool
	v  int64
}

// pVal is a value of the struct P.
type pVal struct {
	x  int64
	s  string
	xs []int64
}

// shVal is a value of the enum Sh: C(n), S(s) or E.
type shVal struct {
	tag int // 0 C, 1 S, 2 E
	n   int64
	s   string
}

// mapVal is a Map<string, i64>: a handle, printed in insertion order.
type mapVal struct {
	keys []string
	vals map[string]int64
}

func (m *mapVal) set(k string, v int64) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

// gClosure is a lambda with the frame it captures (by reference, as AdeshLang closures do).
type gClosure struct {
	lam   *gLambda
	frame *gFrame
}

// gThrown is an error on its way to a catch; it travels as a Go panic.
type gThrown struct{ msg string }

// gFrame holds the variables of one function activation. Generated names are unique in the
// program, so one flat map per activation is enough.
type gFrame struct {
	vars   map[string]gValue
	defers [][]gStmt
}

// gInterp runs a generated program and records what it prints.
type gInterp struct {
	out   strings.Builder
	frame *gFrame
}

// control is how a statement ends.
type control uint8

const (
	ctlNext control = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

type gExpr interface {
	typ() gType
	write(b *strings.Builder)
	eval(x *gInterp) gValue
}

type gStmt interface {
	write(b *strings.Builder, indent string)
	exec(x *gInterp) (control, gValue)
}

// formatValue renders a value as print does at top level.
func formatValue(v gValue) string {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		return strconv.FormatBool(v)
	case string:
		return v
	case []int64:
		parts := make([]string, len(v))
		for i, n := range v {
			parts[i] = strconv.FormatInt(n, 10)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case optInt:
		if !v.ok {
			return "null"
		}
		return strconv.FormatInt(v.v, 10)
	case pVal:
		return fmt.Sprintf("P { x: %d, s: %s, xs: %s }", v.x, strconv.Quote(v.s), formatValue(v.xs))
	case shVal:
		switch v.tag {
		case 0:
			return fmt.Sprintf("C(%d)", v.n)
		case 1:
			return "S(" + strconv.Quote(v.s) + ")"
		}
		return "E"
	case resVal:
		if v.ok {
			return fmt.Sprintf("Ok(%d)", v.v)
		}
		return "Err(" + strconv.Quote(v.e) + ")"
	case *mapVal:
		parts := make([]string, len(v.keys))
		for i, k := range v.keys {
			parts[i] = fmt.Sprintf("%s: %d", strconv.Quote(k), v.vals[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	panic(fmt.Sprintf("genprog: cannot format %T", v))
}

// copyValue gives arrays, and structs holding them, their value semantics: every binding,
// argument and result is a copy. A map is a handle and is not copied.
func copyValue(v gValue) gValue {
	switch v := v.(type) {
	case []int64:
		return append([]int64(nil), v...)
	case pVal:
		v.xs = append([]int64(nil), v.xs...)
		return v
	}
	return v
}

func writeList(b *strings.Builder, xs []gExpr) {
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		x.write(b)
	}
}

// Expressions.

type gLit struct {
	t gType
	v gValue
}

func (e *gLit) typ() gType { return e.t }
func (e *gLit) write(b *strings.Builder) {
	switch v := e.v.(type) {
	case int64:
		if v < 0 {
			fmt.Fprintf(b, "(%d)", v)
		} else {
			fmt.Fprintf(b, "%d", v)
		}
	case string:
		b.WriteString(strconv.Quote(v))
	default:
		b.WriteString(formatValue(v))
	}
}
func (e *gLit) eval(*gInterp) gValue { return e.v }

type gVar struct {
	name string
	t    gType
}

func (e *gVar) typ() gType                  { return e.t }
func (e *gVar) write(b *strings.Builder)    { b.WriteString(e.name) }
func (e *gVar) eval(x *gInterp) gValue      { return copyValue(x.frame.vars[e.name]) }
func (e *gVar) read(x *gInterp) gValue      { return x.frame.vars[e.name] }
func (e *gVar) assign(x *gInterp, v gValue) { x.frame.vars[e.name] = v }

type gBinary struct {
	op   string
	t    gType
	x, y gExpr
}

func (e *gBinary) typ() gType { return e.t }
func (e *gBinary) write(b *strings.Builder) {
	b.WriteByte('(')
	e.x.write(b)
	b.WriteString(" " + e.op + " ")
	if e.op == "/" || e.op == "%" {
		// The divisor is odd, hence never zero.
		b.WriteByte('(')
		e.y.write(b)
		b.WriteString(" | 1)")
	} else {
		e.y.write(b)
	}
	b.WriteByte(')')
}
func (e *gBinary) eval(x *gInterp) gValue {
	l := e.x.eval(x)
	switch e.op {
	case "&&":
		if !l.(bool) {
			return false
		}
		return e.y.eval(x)
	case "||":
		if l.(bool) {
			return true
		}
		return e.y.eval(x)
	}
	r := e.y.eval(x)
	switch l := l.(type) {
	case int64:
		r := r.(int64)
		switch e.op {
		case "+":
			return l + r
		case "-":
			return l - r
		case "*":
			return l * r
		case "/":
			return l / (r | 1)
		case "%":
			return l % (r | 1)
		case "&":
			return l & r
		case "|":
			return l | r
		case "^":
			return l ^ r
		case "<<":
			return l << uint(r)
		case ">>":
			return l >> uint(r)
		case "<":
			return l < r
		case "<=":
			return l <= r
		case ">":
			return l > r
		case ">=":
			return l >= r
		case "==":
			return l == r
		case "!=":
			return l != r
		}
	case string:
		r := r.(string)
		switch e.op {
		case "+":
			return l + r
		case "==":
			return l == r
		case "!=":
			return l != r
		}
	case bool:
		r := r.(bool)
		switch e.op {
		case "==":
			return l == r
		case "!=":
			return l != r
		}
	}
	panic("genprog: bad binary " + e.op)
}

type gUnary struct {
	op string
	x  gExpr
}

func (e *gUnary) typ() gType { return e.x.typ() }
func (e *gUnary) write(b *strings.Builder) {
	b.WriteString("(" + e.op)
	e.x.write(b)
	b.WriteByte(')')
}
func (e *gUnary) eval(x *gInterp) gValue {
	v := e.x.eval(x)
	switch e.op {
	case "-":
		return -v.(int64)
	case "~":
		return ^v.(int64)
	}
	return !v.(bool)
}

// gCond is `(c ? a : b)`.
type gCond struct{ c, a, b gExpr }

func (e *gCond) typ() gType { return e.a.typ() }
func (e *gCond) write(b *strings.Builder) {
	b.WriteByte('(')
	e.c.write(b)
	b.WriteString(" ? ")
	writeArm(b, e.a) // `c ? {` reads as the postfix ? before a block
	b.WriteString(" : ")
	writeArm(b, e.b)
	b.WriteByte(')')
}
func (e *gCond) eval(x *gInterp) gValue {
	if e.c.eval(x).(bool) {
		return e.a.eval(x)
	}
	return e.b.eval(x)
}

// gCall calls a function of the program; an async one is awaited at once.
type gCall struct {
	fn   *gFunc
	args []gExpr
}

func (e *gCall) typ() gType { return e.fn.ret }
func (e *gCall) write(b *strings.Builder) {
	if e.fn.async {
		b.WriteString("(await ")
	}
	e.writeCall(b)
	if e.fn.async {
		b.WriteByte(')')
	}
}
func (e *gCall) writeCall(b *strings.Builder) {
	b.WriteString(e.fn.name + "(")
	writeList(b, e.args)
	b.WriteByte(')')
}
func (e *gCall) eval(x *gInterp) gValue {
	args := make([]gValue, len(e.args))
	for i, a := range e.args {
		args[i] = a.eval(x)
	}
	return e.fn.call(x, args)
}

// gLambdaCall calls a lambda held in a variable.
type gLambdaCall struct {
	fn  *gVar
	arg gExpr
}

func (e *gLambdaCall) typ() gType { return gInt }
func (e *gLambdaCall) write(b *strings.Builder) {
	b.WriteString(e.fn.name + "(")
	e.arg.write(b)
	b.WriteByte(')')
}
func (e *gLambdaCall) eval(x *gInterp) gValue {
	c := e.fn.read(x).(*gClosure)
	arg := e.arg.eval(x)
	saved := x.frame
	x.frame = c.frame
	// Parameter names are unique and a lambda body calls nothing: the parameter can live in
	// the captured frame.
	c.frame.vars[c.lam.param] = arg
	v := c.lam.body.eval(x)
	x.frame = saved
	return v
}

// gLambda is `(p: i64): i64 => body`; the body reads p and captured variables only.
type gLambda struct {
	param string
	body  gExpr
}

func (e *gLambda) typ() gType { return gFn }
func (e *gLambda) write(b *strings.Builder) {
	b.WriteString("(" + e.param + ": i64): i64 => ")
	e.body.write(b)
}
func (e *gLambda) eval(x *gInterp) gValue { return &gClosure{lam: e, frame: x.frame} }

type gArrLit struct{ elems []gExpr }

func (e *gArrLit) typ() gType { return gArr }
func (e *gArrLit) write(b *strings.Builder) {
	b.WriteByte('[')
	writeList(b, e.elems)
	b.WriteByte(']')
}
func (e *gArrLit) eval(x *gInterp) gValue {
	out := make([]int64, len(e.elems))
	for i, el := range e.elems {
		out[i] = el.eval(x).(int64)
	}
	return out
}

// gIndex is `a[k % a.len()]` where a is a variable or a field of one: arrays are never empty,
// so the index is in range.
type gIndex struct {
	arr gExpr
	k   int64
}

func (e *gIndex) typ() gType { return gInt }
func (e *gIndex) write(b *strings.Builder) {
	var a strings.Builder
	e.arr.write(&a)
	fmt.Fprintf(b, "%s[%d %% %s.len()]", a.String(), e.k, a.String())
}
func (e *gIndex) eval(x *gInterp) gValue {
	a := e.arr.eval(x).([]int64)
	return a[e.k%int64(len(a))]
}

// gMethod is a method call without arguments on a string or an array (len, to_upper) or the
// builtin str(x).
type gMethod struct {
	name string
	x    gExpr
}

func (e *gMethod) typ() gType {
	if e.name == "len" {
		return gInt
	}
	return gStr
}
func (e *gMethod) write(b *strings.Builder) {
	if e.name == "str" {
		b.WriteString("str(")
		e.x.write(b)
		b.WriteByte(')')
		return
	}
	e.x.write(b)
	b.WriteString("." + e.name + "()")
}
func (e *gMethod) eval(x *gInterp) gValue {
	v := e.x.eval(x)
	switch e.name {
	case "len":
		if a, ok := v.([]int64); ok {
			return int64(len(a))
		}
		return int64(len(v.(string)))
	case "to_upper":
		return strings.ToUpper(v.(string))
	}
	return formatValue(v)
}

// gFString is f"…{x}…" over variables.
type gFString struct {
	text []string // len(text) == len(vars)+1
	vars []*gVar
}

func (e *gFString) typ() gType { return gStr }
func (e *gFString) write(b *strings.Builder) {
	b.WriteString(`f"`)
	for i, t := range e.text {
		b.WriteString(t)
		if i < len(e.vars) {
			b.WriteString("{" + e.vars[i].name + "}")
		}
	}
	b.WriteByte('"')
}
func (e *gFString) eval(x *gInterp) gValue {
	var s strings.Builder
	for i, t := range e.text {
		s.WriteString(t)
		if i < len(e.vars) {
			s.WriteString(formatValue(e.vars[i].eval(x)))
		}
	}
	return s.String()
}

// gMatch is `match (x % 3) { 0 => a, 1 => b, _ => c }`.
type gMatch struct {
	x    gExpr
	arms [3]gExpr
}

func (e *gMatch) typ() gType { return e.arms[0].typ() }
func (e *gMatch) write(b *strings.Builder) {
	b.WriteString("match (")
	e.x.write(b)
	b.WriteString(" % 3) { 0 => ")
	writeArm(b, e.arms[0])
	b.WriteString(", 1 => ")
	writeArm(b, e.arms[1])
	b.WriteString(", _ => ")
	writeArm(b, e.arms[2])
	b.WriteString(" }")
}

// writeArm writes the value of a match arm or a ternary branch; a map literal there would read
// as a block.
func writeArm(b *strings.Builder, x gExpr) {
	if _, ok := x.(*gMapLit); ok {
		b.WriteByte('(')
		x.write(b)
		b.WriteByte(')')
		return
	}
	x.write(b)
}
func (e *gMatch) eval(x *gInterp) gValue {
	switch e.x.eval(x).(int64) % 3 {
	case 0:
		return e.arms[0].eval(x)
	case 1:
		return e.arms[1].eval(x)
	}
	return e.arms[2].eval(x)
}

// gErrMessage is `e.message` of a catch binding.
type gErrMessage struct{ v *gVar }

func (e *gErrMessage) typ() gType               { return gStr }
func (e *gErrMessage) write(b *strings.Builder) { b.WriteString(e.v.name + ".message") }
func (e *gErrMessage) eval(x *gInterp) gValue   { return e.v.read(x) }

// gNull is `null` of type i64?.
type gNull struct{}

func (e *gNull) typ() gType               { return gOpt }
func (e *gNull) write(b *strings.Builder) { b.WriteString("null") }
func (e *gNull) eval(*gInterp) gValue     { return optInt{} }

// gSome is an i64 used where an i64? is expected: the conversion is implicit.
type gSome struct{ x gExpr }

func (e *gSome) typ() gType               { return gOpt }
func (e *gSome) write(b *strings.Builder) { e.x.write(b) }
func (e *gSome) eval(x *gInterp) gValue   { return optInt{ok: true, v: e.x.eval(x).(int64)} }

// gCoalesce is `(o ?? d)`.
type gCoalesce struct{ o, d gExpr }

func (e *gCoalesce) typ() gType { return gInt }
func (e *gCoalesce) write(b *strings.Builder) {
	b.WriteByte('(')
	e.o.write(b)
	b.WriteString(" ?? ")
	e.d.write(b)
	b.WriteByte(')')
}
func (e *gCoalesce) eval(x *gInterp) gValue {
	if o := e.o.eval(x).(optInt); o.ok {
		return o.v
	}
	return e.d.eval(x)
}

// gIsNull is `(o == null)` or `(o != null)`.
type gIsNull struct {
	o   gExpr
	not bool
}

func (e *gIsNull) typ() gType { return gBool }
func (e *gIsNull) write(b *strings.Builder) {
	b.WriteByte('(')
	e.o.write(b)
	if e.not {
		b.WriteString(" != null)")
	} else {
		b.WriteString(" == null)")
	}
}
func (e *gIsNull) eval(x *gInterp) gValue { return e.o.eval(x).(optInt).ok == e.not }

// gStructLit is `(P { x: …, s: …, xs: … })`, parenthesized so that it may sit in a condition.
type gStructLit struct{ x, s, xs gExpr }

func (e *gStructLit) typ() gType { return gStruct }
func (e *gStructLit) write(b *strings.Builder) {
	b.WriteString("(P { x: ")
	e.x.write(b)
	b.WriteString(", s: ")
	e.s.write(b)
	b.WriteString(", xs: ")
	e.xs.write(b)
	b.WriteString(" })")
}
func (e *gStructLit) eval(x *gInterp) gValue {
	return pVal{x: e.x.eval(x).(int64), s: e.s.eval(x).(string), xs: e.xs.eval(x).([]int64)}
}

// gField is `v.x`, `v.s` or `v.xs` of a variable of type P.
type gField struct {
	v    *gVar
	name string
}

func (e *gField) typ() gType {
	return map[string]gType{"x": gInt, "s": gStr, "xs": gArr}[e.name]
}
func (e *gField) write(b *strings.Builder) { b.WriteString(e.v.name + "." + e.name) }
func (e *gField) eval(x *gInterp) gValue {
	p := e.v.read(x).(pVal)
	switch e.name {
	case "x":
		return p.x
	case "s":
		return p.s
	}
	return append([]int64(nil), p.xs...)
}

// gEnumLit is `Sh::C(n)`, `Sh::S(s)` or `Sh::E`.
type gEnumLit struct {
	tag int
	arg gExpr
}

func (e *gEnumLit) typ() gType { return gEnum }
func (e *gEnumLit) write(b *strings.Builder) {
	switch e.tag {
	case 0, 1:
		b.WriteString([]string{"Sh::C(", "Sh::S("}[e.tag])
		e.arg.write(b)
		b.WriteByte(')')
	default:
		b.WriteString("Sh::E")
	}
}
func (e *gEnumLit) eval(x *gInterp) gValue {
	switch e.tag {
	case 0:
		return shVal{tag: 0, n: e.arg.eval(x).(int64)}
	case 1:
		return shVal{tag: 1, s: e.arg.eval(x).(string)}
	}
	return shVal{tag: 2}
}

// gEnumMatch is `match sh { Sh::C(n) => a, Sh::S(s) => b, Sh::E => c }`.
type gEnumMatch struct {
	x    gExpr
	n, s *gVar
	arms [3]gExpr
}

func (e *gEnumMatch) typ() gType { return e.arms[0].typ() }
func (e *gEnumMatch) write(b *strings.Builder) {
	b.WriteString("match ")
	switch e.x.(type) {
	case *gMatch, *gEnumMatch:
		// `match match x {…} {…}` does not parse: the inner match goes in parentheses.
		b.WriteByte('(')
		e.x.write(b)
		b.WriteByte(')')
	default:
		e.x.write(b)
	}
	b.WriteString(" { Sh::C(" + e.n.name + ") => ")
	writeArm(b, e.arms[0])
	b.WriteString(", Sh::S(" + e.s.name + ") => ")
	writeArm(b, e.arms[1])
	b.WriteString(", Sh::E => ")
	writeArm(b, e.arms[2])
	b.WriteString(" }")
}
func (e *gEnumMatch) eval(x *gInterp) gValue {
	v := e.x.eval(x).(shVal)
	switch v.tag {
	case 0:
		e.n.assign(x, v.n)
	case 1:
		e.s.assign(x, v.s)
	}
	return e.arms[v.tag].eval(x)
}

// gMapLit is `{"k": v, …}` with distinct keys.
type gMapLit struct {
	keys []string
	vals []gExpr
}

func (e *gMapLit) typ() gType { return gMap }
func (e *gMapLit) write(b *strings.Builder) {
	b.WriteByte('{')
	for i, k := range e.keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(k) + ": ")
		e.vals[i].write(b)
	}
	b.WriteByte('}')
}
func (e *gMapLit) eval(x *gInterp) gValue {
	m := &mapVal{vals: map[string]int64{}}
	for i, k := range e.keys {
		m.set(k, e.vals[i].eval(x).(int64))
	}
	return m
}

// gMapGet is `m.get(k)` (an i64?), `m.contains_key(k)` or `m.len()`.
type gMapGet struct {
	m      *gVar
	method string
	k      gExpr
}

func (e *gMapGet) typ() gType {
	return map[string]gType{"get": gOpt, "contains_key": gBool, "len": gInt}[e.method]
}
func (e *gMapGet) write(b *strings.Builder) {
	b.WriteString(e.m.name + "." + e.method + "(")
	if e.k != nil {
		e.k.write(b)
	}
	b.WriteByte(')')
}
func (e *gMapGet) eval(x *gInterp) gValue {
	m := e.m.read(x).(*mapVal)
	if e.method == "len" {
		return int64(len(m.keys))
	}
	v, ok := m.vals[e.k.eval(x).(string)]
	if e.method == "contains_key" {
		return ok
	}
	return optInt{ok: ok, v: v}
}

// Statements.

func writeBlock(b *strings.Builder, indent string, body []gStmt) {
	b.WriteString("{\n")
	for _, s := range body {
		s.write(b, indent+"    ")
	}
	b.WriteString(indent + "}")
}

// block runs statements; the defers they register run when the block ends, however it ends
// (LANGUAGE.md §4), the last registered first.
func (x *gInterp) block(body []gStmt) (control, gValue) {
	frame, mark := x.frame, len(x.frame.defers)
	defer func() {
		for len(frame.defers) > mark {
			last := frame.defers[len(frame.defers)-1]
			frame.defers = frame.defers[:len(frame.defers)-1]
			saved := x.frame
			x.frame = frame
			x.block(last)
			x.frame = saved
		}
	}()
	for _, s := range body {
		if c, v := s.exec(x); c != ctlNext {
			return c, v
		}
	}
	return ctlNext, nil
}

type gLet struct {
	v     *gVar
	typed bool
	x     gExpr
}

func (s *gLet) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "let " + s.v.name)
	if s.typed {
		b.WriteString(": " + s.v.t.String())
	}
	b.WriteString(" = ")
	s.x.write(b)
	b.WriteString(";\n")
}
func (s *gLet) exec(x *gInterp) (control, gValue) {
	s.v.assign(x, s.x.eval(x))
	return ctlNext, nil
}

type gAssign struct {
	v  *gVar
	op string // "=", "+=", "-=", "*="
	x  gExpr
}

func (s *gAssign) write(b *strings.Builder, indent string) {
	b.WriteString(indent + s.v.name + " " + s.op + " ")
	s.x.write(b)
	b.WriteString(";\n")
}
func (s *gAssign) exec(x *gInterp) (control, gValue) {
	r := s.x.eval(x)
	if s.op == "=" {
		s.v.assign(x, r)
		return ctlNext, nil
	}
	switch l := s.v.read(x).(type) {
	case int64:
		switch s.op {
		case "+=":
			s.v.assign(x, l+r.(int64))
		case "-=":
			s.v.assign(x, l-r.(int64))
		case "*=":
			s.v.assign(x, l*r.(int64))
		case "&=":
			s.v.assign(x, l&r.(int64))
		case "|=":
			s.v.assign(x, l|r.(int64))
		case "^=":
			s.v.assign(x, l^r.(int64))
		}
	case string:
		s.v.assign(x, l+r.(string))
	}
	return ctlNext, nil
}

type gPush struct {
	v *gVar
	x gExpr
}

func (s *gPush) write(b *strings.Builder, indent string) {
	b.WriteString(indent + s.v.name + ".push(")
	s.x.write(b)
	b.WriteString(");\n")
}
func (s *gPush) exec(x *gInterp) (control, gValue) {
	n := s.x.eval(x).(int64)
	s.v.assign(x, append(s.v.read(x).([]int64), n))
	return ctlNext, nil
}

type gPrint struct{ args []gExpr }

func (s *gPrint) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "print(")
	writeList(b, s.args)
	b.WriteString(");\n")
}
func (s *gPrint) exec(x *gInterp) (control, gValue) {
	parts := make([]string, len(s.args))
	for i, a := range s.args {
		parts[i] = formatValue(a.eval(x))
	}
	x.out.WriteString(strings.Join(parts, " ") + "\n")
	return ctlNext, nil
}

type gExprStmt struct{ x gExpr }

func (s *gExprStmt) write(b *strings.Builder, indent string) {
	b.WriteString(indent)
	if c, ok := s.x.(*gCall); ok && c.fn.async {
		b.WriteString("await ")
		c.writeCall(b)
	} else {
		s.x.write(b)
	}
	b.WriteString(";\n")
}
func (s *gExprStmt) exec(x *gInterp) (control, gValue) {
	s.x.eval(x)
	return ctlNext, nil
}

type gIf struct {
	cond      gExpr
	then, els []gStmt
}

func (s *gIf) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "if ")
	s.cond.write(b)
	b.WriteByte(' ')
	writeBlock(b, indent, s.then)
	if s.els != nil {
		b.WriteString(" else ")
		writeBlock(b, indent, s.els)
	}
	b.WriteByte('\n')
}
func (s *gIf) exec(x *gInterp) (control, gValue) {
	if s.cond.eval(x).(bool) {
		return x.block(s.then)
	}
	return x.block(s.els)
}

// gWhile is `let c = 0; while c < n { c += 1; … }`: bounded, and continue cannot skip the step.
type gWhile struct {
	counter *gVar
	n       int64
	body    []gStmt
}

func (s *gWhile) write(b *strings.Builder, indent string) {
	fmt.Fprintf(b, "%slet %s = 0;\n%swhile %s < %d {\n%s    %s += 1;\n", indent, s.counter.name, indent, s.counter.name, s.n, indent, s.counter.name)
	for _, st := range s.body {
		st.write(b, indent+"    ")
	}
	b.WriteString(indent + "}\n")
}
func (s *gWhile) exec(x *gInterp) (control, gValue) {
	s.counter.assign(x, int64(0))
	for s.counter.read(x).(int64) < s.n {
		s.counter.assign(x, s.counter.read(x).(int64)+1)
		c, v := x.block(s.body)
		if c == ctlBreak {
			break
		}
		if c == ctlReturn {
			return c, v
		}
	}
	return ctlNext, nil
}

// gFor is `for v in lo..hi { }` or, with arr set, `for v in arr { }`.
type gFor struct {
	v      *gVar
	lo, hi int64
	arr    gExpr
	body   []gStmt
}

func (s *gFor) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "for " + s.v.name + " in ")
	if s.arr != nil {
		s.arr.write(b)
	} else {
		fmt.Fprintf(b, "%d..%d", s.lo, s.hi)
	}
	b.WriteByte(' ')
	writeBlock(b, indent, s.body)
	b.WriteByte('\n')
}
func (s *gFor) exec(x *gInterp) (control, gValue) {
	var items []int64
	if s.arr != nil {
		items = s.arr.eval(x).([]int64)
	} else {
		for i := s.lo; i < s.hi; i++ {
			items = append(items, i)
		}
	}
	for _, it := range items {
		s.v.assign(x, it)
		c, v := x.block(s.body)
		if c == ctlBreak {
			break
		}
		if c == ctlReturn {
			return c, v
		}
	}
	return ctlNext, nil
}

// gJump is break, continue, or return with an optional value.
type gJump struct {
	ctl control
	x   gExpr
}

func (s *gJump) write(b *strings.Builder, indent string) {
	switch s.ctl {
	case ctlBreak:
		b.WriteString(indent + "break;\n")
	case ctlContinue:
		b.WriteString(indent + "continue;\n")
	default:
		b.WriteString(indent + "return")
		if s.x != nil {
			b.WriteByte(' ')
			s.x.write(b)
		}
		b.WriteString(";\n")
	}
}
func (s *gJump) exec(x *gInterp) (control, gValue) {
	if s.x != nil {
		return s.ctl, s.x.eval(x)
	}
	return s.ctl, nil
}

// gSuspend is `await sleep(0);` or `await yield_now();`: a suspension with no value.
type gSuspend struct{ call string }

func (s *gSuspend) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "await " + s.call + ";\n")
}
func (s *gSuspend) exec(*gInterp) (control, gValue) { return ctlNext, nil }

type gDefer struct{ body []gStmt }

func (s *gDefer) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "defer ")
	writeBlock(b, indent, s.body)
	b.WriteByte('\n')
}
func (s *gDefer) exec(x *gInterp) (control, gValue) {
	x.frame.defers = append(x.frame.defers, s.body)
	return ctlNext, nil
}

type gThrow struct{ msg gExpr }

func (s *gThrow) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "throw ")
	s.msg.write(b)
	b.WriteString(";\n")
}
func (s *gThrow) exec(x *gInterp) (control, gValue) {
	panic(gThrown{msg: s.msg.eval(x).(string)})
}

type gTry struct {
	body  []gStmt
	err   *gVar
	catch []gStmt
}

func (s *gTry) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "try ")
	writeBlock(b, indent, s.body)
	b.WriteString(" catch (" + s.err.name + ") ")
	writeBlock(b, indent, s.catch)
	b.WriteByte('\n')
}
func (s *gTry) exec(x *gInterp) (ctl control, v gValue) {
	thrown, caught := func() (t gThrown, caught bool) {
		frame := x.frame
		defer func() {
			if r := recover(); r != nil {
				t, caught = r.(gThrown)
				if !caught {
					panic(r)
				}
				x.frame = frame
			}
		}()
		ctl, v = x.block(s.body)
		return
	}()
	if !caught {
		return ctl, v
	}
	s.err.assign(x, thrown.msg)
	return x.block(s.catch)
}

// gSpawn is `let h = spawn(f(args)); …; let v = await h;` for a function that neither prints
// nor throws, so that when it runs does not change the output.
type gSpawn struct {
	handle string
	v      *gVar
	call   *gCall
	mid    []gStmt
}

func (s *gSpawn) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "let " + s.handle + " = spawn(")
	s.call.writeCall(b)
	b.WriteString(");\n")
	for _, st := range s.mid {
		st.write(b, indent)
	}
	b.WriteString(indent + "let " + s.v.name + " = await " + s.handle + ";\n")
}
func (s *gSpawn) exec(x *gInterp) (control, gValue) {
	v := s.call.eval(x)
	if c, r := x.block(s.mid); c != ctlNext {
		return c, r
	}
	s.v.assign(x, v)
	return ctlNext, nil
}

// gJoin is `let (a, b) = await join(f(…), g(…));` over functions that neither print nor throw.
type gJoin struct {
	a, b   *gVar
	ca, cb *gCall
}

func (s *gJoin) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "let (" + s.a.name + ", " + s.b.name + ") = await join(")
	s.ca.writeCall(b)
	b.WriteString(", ")
	s.cb.writeCall(b)
	b.WriteString(");\n")
}
func (s *gJoin) exec(x *gInterp) (control, gValue) {
	va, vb := s.ca.eval(x), s.cb.eval(x)
	s.a.assign(x, va)
	s.b.assign(x, vb)
	return ctlNext, nil
}

// Functions.

type gFunc struct {
	name   string
	async  bool
	params []*gVar
	ret    gType
	body   []gStmt
	prints bool // it, or what it calls, prints
	throws bool // it, or what it calls, may throw
}

func (f *gFunc) write(b *strings.Builder) {
	if f.async {
		b.WriteString("async ")
	}
	b.WriteString("fn " + f.name + "(")
	for i, p := range f.params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.name + ": " + p.t.String())
	}
	b.WriteByte(')')
	if f.ret != gUnit {
		b.WriteString(": " + f.ret.String())
	}
	b.WriteByte(' ')
	writeBlock(b, "", f.body)
	b.WriteString("\n\n")
}

// call runs the function in a fresh frame (its body's block runs its defers, also when it throws).
func (f *gFunc) call(x *gInterp, args []gValue) (result gValue) {
	saved := x.frame
	frame := &gFrame{vars: map[string]gValue{}}
	for i, p := range f.params {
		frame.vars[p.name] = args[i]
	}
	x.frame = frame
	defer func() {
		r := recover()
		x.frame = saved
		if early, ok := r.(gEarly); ok {
			result = early.v
		} else if r != nil {
			panic(r)
		}
	}()
	_, v := x.block(f.body)
	return copyValue(v)
}

// gProgram is a generated program: functions, top-level statements and perhaps a main.
type gProgram struct {
	funcs []*gFunc
	top   []gStmt
	main  *gFunc
}

func (p *gProgram) source() string {
	var b strings.Builder
	b.WriteString(programPrelude)
	for _, f := range p.funcs {
		f.write(&b)
	}
	if p.main != nil {
		p.main.write(&b)
	}
	for _, s := range p.top {
		s.write(&b, "")
	}
	return b.String()
}

// output runs the program as AdeshLang would: the top-level statements, then main.
func (p *gProgram) output() string {
	x := &gInterp{frame: &gFrame{vars: map[string]gValue{}}}
	x.block(p.top)
	if p.main != nil {
		p.main.call(x, nil)
	}
	return x.out.String()
}

// gFieldSet is `v.x = e;`, `v.x += e;`, `v.s += e;` or `v.xs.push(e);` on a variable of type P.
type gFieldSet struct {
	v    *gVar
	name string
	op   string // "=", "+=" or "push"
	x    gExpr
}

func (s *gFieldSet) write(b *strings.Builder, indent string) {
	if s.op == "push" {
		b.WriteString(indent + s.v.name + "." + s.name + ".push(")
		s.x.write(b)
		b.WriteString(");\n")
		return
	}
	b.WriteString(indent + s.v.name + "." + s.name + " " + s.op + " ")
	s.x.write(b)
	b.WriteString(";\n")
}
func (s *gFieldSet) exec(x *gInterp) (control, gValue) {
	r := s.x.eval(x)
	p := s.v.read(x).(pVal)
	switch {
	case s.name == "x" && s.op == "=":
		p.x = r.(int64)
	case s.name == "x":
		p.x += r.(int64)
	case s.name == "s" && s.op == "=":
		p.s = r.(string)
	case s.name == "s":
		p.s += r.(string)
	case s.op == "push":
		p.xs = append(p.xs, r.(int64))
	default:
		p.xs = r.([]int64)
	}
	s.v.assign(x, p)
	return ctlNext, nil
}

// gMapSet is `m[k] = e;`.
type gMapSet struct {
	m    *gVar
	k, x gExpr
}

func (s *gMapSet) write(b *strings.Builder, indent string) {
	b.WriteString(indent + s.m.name + "[")
	s.k.write(b)
	b.WriteString("] = ")
	s.x.write(b)
	b.WriteString(";\n")
}
func (s *gMapSet) exec(x *gInterp) (control, gValue) {
	k := s.k.eval(x).(string)
	v := s.x.eval(x).(int64)
	s.m.read(x).(*mapVal).set(k, v)
	return ctlNext, nil
}

// gAsyncBlock is `let f = async [move] { body; return r; }; mid; let v = await f;`. Without
// move the block reads the variables when it runs (at the await); with move it reads copies
// made when it was created.
type gAsyncBlock struct {
	fut  string
	move bool
	body []gStmt
	ret  gExpr
	mid  []gStmt
	v    *gVar
}

func (s *gAsyncBlock) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "let " + s.fut + " = async ")
	if s.move {
		b.WriteString("move ")
	}
	b.WriteString("{\n")
	for _, st := range s.body {
		st.write(b, indent+"    ")
	}
	b.WriteString(indent + "    return ")
	s.ret.write(b)
	b.WriteString(";\n" + indent + "};\n")
	for _, st := range s.mid {
		st.write(b, indent)
	}
	b.WriteString(indent + "let " + s.v.name + " = await " + s.fut + ";\n")
}
func (s *gAsyncBlock) exec(x *gInterp) (control, gValue) {
	frame := x.frame
	if s.move {
		frame = &gFrame{vars: map[string]gValue{}}
		for k, v := range x.frame.vars {
			frame.vars[k] = copyValue(v)
		}
	}
	if c, r := x.block(s.mid); c != ctlNext {
		return c, r
	}
	saved := x.frame
	x.frame = frame
	x.block(s.body)
	v := s.ret.eval(x)
	x.frame = saved
	s.v.assign(x, v)
	return ctlNext, nil
}

// gMutexSum spawns tasks that each add a value to a Mutex<i64> under its lock, awaits them
// all, and reads the total: the order of the tasks does not change it.
type gMutexSum struct {
	m       string
	handles []string
	start   gExpr
	parts   []gExpr
	v       *gVar
}

func (s *gMutexSum) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "let " + s.m + " = Mutex::new(")
	s.start.write(b)
	b.WriteString(");\n")
	for i, p := range s.parts {
		fmt.Fprintf(b, "%slet %s = spawn(async move { let g = %s.lock(); *g += ", indent, s.handles[i], s.m)
		p.write(b)
		b.WriteString("; });\n")
	}
	for _, h := range s.handles {
		b.WriteString(indent + "await " + h + ";\n")
	}
	b.WriteString(indent + "let " + s.v.name + " = *" + s.m + ".lock();\n")
}
func (s *gMutexSum) exec(x *gInterp) (control, gValue) {
	total := s.start.eval(x).(int64)
	for _, p := range s.parts {
		total += p.eval(x).(int64)
	}
	s.v.assign(x, total)
	return ctlNext, nil
}

// gChannel is a producer task sending i*k for i in 0..n on an unbounded channel, then
// closing it, and a `for q in ch { … }` loop receiving in order.
type gChannel struct {
	ch, h string
	n     int64
	k     gExpr
	q     *gVar
	body  []gStmt
}

func (s *gChannel) write(b *strings.Builder, indent string) {
	fmt.Fprintf(b, "%slet %s = channel<i64>();\n%slet %s = spawn(async move { for i in 0..%d { %s.send(i * ", indent, s.ch, indent, s.h, s.n, s.ch)
	s.k.write(b)
	fmt.Fprintf(b, "); } %s.close(); });\n%sfor %s in %s ", s.ch, indent, s.q.name, s.ch)
	writeBlock(b, indent, s.body)
	b.WriteString("\n" + indent + "await " + s.h + ";\n")
}
func (s *gChannel) exec(x *gInterp) (control, gValue) {
	k := s.k.eval(x).(int64)
	for i := int64(0); i < s.n; i++ {
		s.q.assign(x, i*k)
		c, v := x.block(s.body)
		if c == ctlBreak {
			break
		}
		if c == ctlReturn {
			return c, v
		}
	}
	return ctlNext, nil
}

// gResLit is `Ok(x)` or `Err(s)`.
type gResLit struct {
	ok bool
	x  gExpr
}

func (e *gResLit) typ() gType { return gRes }
func (e *gResLit) write(b *strings.Builder) {
	if e.ok {
		b.WriteString("Ok(")
	} else {
		b.WriteString("Err(")
	}
	e.x.write(b)
	b.WriteByte(')')
}
func (e *gResLit) eval(x *gInterp) gValue {
	if e.ok {
		return resVal{ok: true, v: e.x.eval(x).(int64)}
	}
	return resVal{e: e.x.eval(x).(string)}
}

// gQuestion is `(f(…)?)` or `(await f(…)?)` (the ? applies to the awaited value): an Err returns
// from the enclosing function at once.
type gQuestion struct{ call *gCall }

func (e *gQuestion) typ() gType { return gInt }
func (e *gQuestion) write(b *strings.Builder) {
	b.WriteByte('(')
	if e.call.fn.async {
		b.WriteString("await ")
	}
	e.call.writeCall(b)
	b.WriteString("?)")
}
func (e *gQuestion) eval(x *gInterp) gValue {
	r := e.call.eval(x).(resVal)
	if !r.ok {
		panic(gEarly{v: r})
	}
	return r.v
}

// gResMatch is `match r { Ok(v) => a, Err(e) => b }`.
type gResMatch struct {
	x    gExpr
	v, e *gVar
	arms [2]gExpr
}

func (m *gResMatch) typ() gType { return m.arms[0].typ() }
func (m *gResMatch) write(b *strings.Builder) {
	b.WriteString("match ")
	m.x.write(b)
	b.WriteString(" { Ok(" + m.v.name + ") => ")
	writeArm(b, m.arms[0])
	b.WriteString(", Err(" + m.e.name + ") => ")
	writeArm(b, m.arms[1])
	b.WriteString(" }")
}
func (m *gResMatch) eval(x *gInterp) gValue {
	r := m.x.eval(x).(resVal)
	if r.ok {
		m.v.assign(x, r.v)
		return m.arms[0].eval(x)
	}
	m.e.assign(x, r.e)
	return m.arms[1].eval(x)
}

// gGeneric calls a generic function of the prelude: `pick(c, a, b)` or `(await later(x))`.
type gGeneric struct {
	name string // "pick" or "later"
	args []gExpr
}

func (e *gGeneric) typ() gType { return e.args[len(e.args)-1].typ() }
func (e *gGeneric) write(b *strings.Builder) {
	if e.name == "later" {
		b.WriteString("(await later(")
		e.args[0].write(b)
		b.WriteString("))")
		return
	}
	b.WriteString("pick(")
	writeList(b, e.args)
	b.WriteByte(')')
}
func (e *gGeneric) eval(x *gInterp) gValue {
	vals := make([]gValue, len(e.args))
	for i, a := range e.args {
		vals[i] = a.eval(x)
	}
	if e.name == "later" {
		return vals[0]
	}
	if vals[0].(bool) {
		return vals[1]
	}
	return vals[2]
}

// gApply is `apply(l, x)`: a lambda passed to a function.
type gApply struct {
	fn  *gVar
	arg gExpr
}

func (e *gApply) typ() gType { return gInt }
func (e *gApply) write(b *strings.Builder) {
	b.WriteString("apply(" + e.fn.name + ", ")
	e.arg.write(b)
	b.WriteByte(')')
}
func (e *gApply) eval(x *gInterp) gValue {
	return (&gLambdaCall{fn: e.fn, arg: e.arg}).eval(x)
}

// gStep is `v++;` or `v--;`.
type gStep struct {
	v  *gVar
	op string
}

func (s *gStep) write(b *strings.Builder, indent string) {
	b.WriteString(indent + s.v.name + s.op + ";\n")
}
func (s *gStep) exec(x *gInterp) (control, gValue) {
	n := s.v.read(x).(int64)
	if s.op == "++" {
		s.v.assign(x, n+1)
	} else {
		s.v.assign(x, n-1)
	}
	return ctlNext, nil
}

// gCFor is `for (let i = 0; i < n; i++) { … }`: continue still runs i++.
type gCFor struct {
	v    *gVar
	n    int64
	body []gStmt
}

func (s *gCFor) write(b *strings.Builder, indent string) {
	fmt.Fprintf(b, "%sfor (let %s = 0; %s < %d; %s++) ", indent, s.v.name, s.v.name, s.n, s.v.name)
	writeBlock(b, indent, s.body)
	b.WriteByte('\n')
}
func (s *gCFor) exec(x *gInterp) (control, gValue) {
	for s.v.assign(x, int64(0)); s.v.read(x).(int64) < s.n; s.v.assign(x, s.v.read(x).(int64)+1) {
		c, v := x.block(s.body)
		if c == ctlBreak {
			break
		}
		if c == ctlReturn {
			return c, v
		}
	}
	return ctlNext, nil
}
