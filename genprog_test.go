package adesh2go

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"adesh2go/frontend"
)

// TestGeneratedPrograms compiles random well-typed programs (sync and async functions, loops,
// awaits inside expressions, closures, defers, try/catch, spawn and join), builds them, vets
// them, and runs each with 1 and 4 workers: it must print what the generator's own evaluation
// of the program printed. It catches lowering bugs that yield invalid Go or wrong behaviour.
//
// ADESH_GENPROGS sets how many programs (default 16), ADESH_GENSEED the first seed (default
// 1): a failure names the program gen/SEED, and ADESH_GENSEED=SEED ADESH_GENPROGS=1 reproduces
// it alone.
func TestGeneratedPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	count := envInt(t, "ADESH_GENPROGS", 16)
	first := envInt(t, "ADESH_GENSEED", 1)
	// A program is named gen/SEED, or regression/N for one of genRegressions.
	type generated struct{ name, src, want string }
	var progs []generated
	srcs := map[string][]byte{}
	all := make([]generated, 0, count+len(genRegressions))
	for i, r := range genRegressions {
		all = append(all, generated{name: fmt.Sprintf("regression/%d", i), src: r.src, want: r.want})
	}
	for seed := first; seed < first+count; seed++ {
		p := generateProgram(int64(seed))
		all = append(all, generated{name: fmt.Sprintf("gen/%d", seed), src: p.source(), want: p.output()})
	}
	for _, g := range all {
		prog := frontend.LoadSource("gen.adesh", []byte(g.src))
		if prog.Diags.HasErrors() {
			var b bytes.Buffer
			prog.Diags.WriteText(&b)
			t.Errorf("%s: a well-typed program is refused:\n%s\n%s", g.name, b.String(), numbered(g.src))
			continue
		}
		out, err := goSourceNoPanic(prog)
		if err != nil {
			t.Errorf("%s: %v\n%s", g.name, err, numbered(g.src))
			continue
		}
		srcs[g.name] = out
		progs = append(progs, g)
	}
	if len(progs) == 0 {
		return
	}
	dir := t.TempDir()
	if err := writeTestModule(dir, srcs); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	goCmd(t, dir, "build", "-o", bin+string(filepath.Separator), "./progs/...")
	goCmd(t, dir, "vet", "./progs/...")
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, g := range progs {
		for _, workers := range []string{"1", "4"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				cmd := exec.Command(filepath.Join(bin, exeName(g.name)))
				cmd.Env = append(os.Environ(), "ADESH_WORKERS="+workers)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				if err != nil || stdout.String() != g.want {
					t.Errorf("%s with %s workers: %v\n%s\nstderr:\n%s\nsource:\n%s", g.name, workers, err,
						outputDiff(g.want, stdout.String()), stderr.String(), numbered(g.src))
				}
			}()
		}
	}
	wg.Wait()
}

// genRegressions are programs that once made the compiler crash or emit Go that did not build,
// found by this test; they are built and run with the generated ones.
var genRegressions = []struct{ src, want string }{
	// A defer inside a try that does not await, in an async fn.
	{`async fn f(a: i64): i64 {
    try {
        defer { print("d", a); }
        print("body");
    } catch (e) {
        print(e.message);
    }
    return a;
}
print(await f(1));
`, "body\nd 1\n1\n"},
	// A ternary over two integer literals (rt.Cond was instantiated at Go's int).
	{`let x: i64 = true ? 1 : 2;
let xs: [i64] = [false ? 3 : 4];
let big = 10 / (true ? 3 : 1);
print(x, xs, big, (false ? 7 : 9) | 1);
`, "1 [4] 3 9\n"},
}

// TestGeneratedProgramsAreDeterministic guards the generator itself: one seed, one program.
func TestGeneratedProgramsAreDeterministic(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		a, b := generateProgram(seed), generateProgram(seed)
		if a.source() != b.source() || a.output() != b.output() {
			t.Fatalf("seed %d gives two different programs", seed)
		}
		if a.output() == "" {
			t.Errorf("seed %d prints nothing:\n%s", seed, a.source())
		}
	}
}

// goSourceNoPanic is GoSource with a crash turned into an error, so that one bad program does
// not hide the others.
func goSourceNoPanic(prog *frontend.Program) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the compiler crashed: %v", r)
		}
	}()
	return GoSource(prog)
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q is not a number", name, s)
	}
	return n
}

func numbered(src string) string {
	lines := strings.Split(src, "\n")
	for i := range lines {
		lines[i] = fmt.Sprintf("%4d  %s", i+1, lines[i])
	}
	return strings.Join(lines, "\n")
}

// outputDiff shows the first line where the output differs from the expected one.
func outputDiff(want, got string) string {
	if want == got {
		return "(same output)"
	}
	return "output " + firstDiff(want, got)
}

// maxOutput bounds what one generated program prints; a seed that prints more is skipped.
const maxOutput = 64 << 10

// generateProgram builds the program of one seed. The same seed always gives the same program.
func generateProgram(seed int64) *gProgram {
	for attempt := int64(0); ; attempt++ {
		g := &progGen{r: rand.New(rand.NewSource(seed*1000 + attempt))}
		p := g.program()
		if out := p.output(); out != "" && len(out) <= maxOutput {
			return p
		}
	}
}

// progGen builds random programs that the checker must accept: every expression is built for
// a type, from the variables in scope and the functions declared before.
type progGen struct {
	r      *rand.Rand
	names  int
	funcs  []*gFunc
	fn     *gFunc // the function being built; nil at top level
	async  bool   // await is allowed here
	pure   bool   // no calls and no awaits (lambda bodies, defers)
	scopes [][]*gVar
	fixed  map[*gVar]bool // parameters, loop variables, lambdas and catch bindings
	loops  int            // enclosing loops of the current function (break, continue)
	tries  int            // enclosing try bodies (a throw is caught)
	depth  int            // statement nesting
}

func (g *progGen) name(prefix string) string {
	g.names++
	return prefix + strconv.Itoa(g.names)
}

func (g *progGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *progGen) declare(v *gVar, fixed bool) {
	g.scopes[len(g.scopes)-1] = append(g.scopes[len(g.scopes)-1], v)
	if fixed {
		g.fixed[v] = true
	}
}

// vars lists the variables in scope of type t (mutable ones only when mutable is set).
func (g *progGen) vars(t gType, mutable bool) []*gVar {
	var out []*gVar
	for _, s := range g.scopes {
		for _, v := range s {
			if v.t == t && (!mutable || !g.fixed[v]) {
				out = append(out, v)
			}
		}
	}
	return out
}

func (g *progGen) pickVar(t gType, mutable bool) *gVar {
	vs := g.vars(t, mutable)
	if len(vs) == 0 {
		return nil
	}
	return vs[g.r.Intn(len(vs))]
}

// canThrow reports whether a throw here would be caught or may leave the function.
func (g *progGen) canThrow() bool { return g.tries > 0 || g.fn != nil && g.fn.throws }

// callable lists the functions of result type t that may be called here.
func (g *progGen) callable(t gType) []*gFunc {
	if g.pure {
		return nil
	}
	var out []*gFunc
	for _, f := range g.funcs {
		if f.ret == t && (!f.async || g.async) && (!f.throws || g.canThrow()) {
			out = append(out, f)
		}
	}
	return out
}

func (g *progGen) call(f *gFunc) *gCall {
	c := &gCall{fn: f}
	for _, p := range f.params {
		c.args = append(c.args, g.expr(p.t, 1))
	}
	if g.fn != nil {
		g.fn.prints = g.fn.prints || f.prints
	}
	return c
}

var words = []string{"a", "b", "go", "fn", "x1", "Hi", "zz", "q"}

func (g *progGen) intLit() *gLit {
	switch g.r.Intn(8) {
	case 0:
		return &gLit{gInt, int64(math.MaxInt64 - g.r.Intn(3))}
	case 1:
		return &gLit{gInt, int64(math.MinInt64 + 1 + g.r.Intn(3))}
	}
	return &gLit{gInt, int64(g.r.Intn(40) - 10)}
}

func (g *progGen) leaf(t gType) gExpr {
	if v := g.pickVar(t, false); v != nil && g.chance(0.7) {
		return v
	}
	switch t {
	case gInt:
		return g.intLit()
	case gBool:
		return &gLit{gBool, g.chance(0.5)}
	case gStr:
		return &gLit{gStr, words[g.r.Intn(len(words))]}
	case gArr:
		n := 1 + g.r.Intn(3)
		a := &gArrLit{}
		for range n {
			a.elems = append(a.elems, g.intLit())
		}
		return a
	}
	panic("genprog: no leaf of type " + t.String())
}

// expr builds an expression of type t at most d levels deep.
func (g *progGen) expr(t gType, d int) gExpr {
	if d <= 0 || g.chance(0.25) {
		return g.leaf(t)
	}
	if fs := g.callable(t); len(fs) > 0 && g.chance(0.3) {
		return g.call(fs[g.r.Intn(len(fs))])
	}
	if g.chance(0.08) {
		return &gCond{c: g.expr(gBool, d-1), a: g.expr(t, d-1), b: g.expr(t, d-1)}
	}
	if g.chance(0.05) {
		m := &gMatch{x: g.expr(gInt, d-1)}
		for i := range m.arms {
			m.arms[i] = g.expr(t, d-1)
		}
		return m
	}
	switch t {
	case gInt:
		return g.intExpr(d)
	case gBool:
		return g.boolExpr(d)
	case gStr:
		return g.strExpr(d)
	}
	a := &gArrLit{}
	for range 1 + g.r.Intn(3) {
		a.elems = append(a.elems, g.expr(gInt, d-1))
	}
	return a
}

var arithOps = []string{"+", "-", "*", "/", "%", "&", "|", "^"}

func (g *progGen) intExpr(d int) gExpr {
	switch g.r.Intn(9) {
	case 0:
		return &gUnary{op: []string{"-", "~"}[g.r.Intn(2)], x: g.expr(gInt, d-1)}
	case 1:
		op := []string{"<<", ">>"}[g.r.Intn(2)]
		return &gBinary{op: op, t: gInt, x: g.expr(gInt, d-1), y: &gLit{gInt, int64(g.r.Intn(63))}}
	case 2:
		if f := g.pickVar(gFn, false); f != nil && !g.pure {
			return &gLambdaCall{fn: f, arg: g.expr(gInt, d-1)}
		}
	case 3:
		if a := g.pickVar(gArr, false); a != nil {
			return &gIndex{arr: a, k: int64(g.r.Intn(5))}
		}
	case 4:
		if g.chance(0.5) {
			return &gMethod{name: "len", x: g.expr(gStr, d-1)}
		}
		return &gMethod{name: "len", x: g.expr(gArr, d-1)}
	}
	return &gBinary{op: arithOps[g.r.Intn(len(arithOps))], t: gInt, x: g.expr(gInt, d-1), y: g.expr(gInt, d-1)}
}

var compareOps = []string{"<", "<=", ">", ">=", "==", "!="}

func (g *progGen) boolExpr(d int) gExpr {
	switch g.r.Intn(6) {
	case 0, 1:
		return &gBinary{op: compareOps[g.r.Intn(len(compareOps))], t: gBool, x: g.expr(gInt, d-1), y: g.expr(gInt, d-1)}
	case 2:
		return &gBinary{op: []string{"==", "!="}[g.r.Intn(2)], t: gBool, x: g.expr(gStr, d-1), y: g.expr(gStr, d-1)}
	case 3:
		return &gUnary{op: "!", x: g.expr(gBool, d-1)}
	}
	op := []string{"&&", "||"}[g.r.Intn(2)]
	for range 4 {
		e := &gBinary{op: op, t: gBool, x: g.expr(gBool, d-1), y: g.expr(gBool, d-1)}
		if !repeatsOperand(e) {
			return e
		}
	}
	return &gUnary{op: "!", x: g.expr(gBool, d-1)}
}

// repeatsOperand reports whether a chain of && (or ||) has one operand twice, which go vet
// calls redundant in the emitted Go.
func repeatsOperand(e *gBinary) bool {
	seen := map[string]bool{}
	var walk func(x gExpr) bool
	walk = func(x gExpr) bool {
		if b, ok := x.(*gBinary); ok && b.op == e.op {
			return walk(b.x) || walk(b.y)
		}
		var sb strings.Builder
		x.write(&sb)
		src := strings.Trim(sb.String(), "()")
		if seen[src] {
			return true
		}
		seen[src] = true
		return false
	}
	return walk(e)
}

func (g *progGen) strExpr(d int) gExpr {
	switch g.r.Intn(6) {
	case 0:
		return &gMethod{name: "str", x: g.expr(gInt, d-1)}
	case 1:
		return &gMethod{name: "to_upper", x: g.expr(gStr, d-1)}
	case 2:
		var vs []*gVar
		for _, t := range []gType{gInt, gBool, gStr, gArr} {
			vs = append(vs, g.vars(t, false)...)
		}
		if len(vs) > 0 {
			f := &gFString{text: []string{words[g.r.Intn(len(words))]}}
			for range 1 + g.r.Intn(2) {
				f.vars = append(f.vars, vs[g.r.Intn(len(vs))])
				f.text = append(f.text, []string{"-", " ", ":", ""}[g.r.Intn(4)])
			}
			return f
		}
	case 3:
		if e := g.pickVar(gErr, false); e != nil {
			return &gErrMessage{v: e}
		}
	}
	return &gBinary{op: "+", t: gStr, x: g.expr(gStr, d-1), y: g.expr(gStr, d-1)}
}

var valueTypes = []gType{gInt, gInt, gBool, gStr, gArr}

// block builds a scope of n statements.
func (g *progGen) block(n int) []gStmt {
	g.scopes = append(g.scopes, nil)
	g.depth++
	var out []gStmt
	for range n {
		out = append(out, g.stmt())
	}
	g.depth--
	g.scopes = g.scopes[:len(g.scopes)-1]
	return out
}

// guarded wraps a statement that leaves the block in an if, so that what follows it is still
// reachable.
func (g *progGen) guarded(s gStmt) gStmt {
	return &gIf{cond: g.expr(gBool, 2), then: []gStmt{s}}
}

func (g *progGen) stmt() gStmt {
	nested := g.depth < 4
	for {
		switch g.r.Intn(19) {
		case 0, 1, 2:
			t := valueTypes[g.r.Intn(len(valueTypes))]
			v := &gVar{name: g.name("v"), t: t}
			s := &gLet{v: v, typed: g.chance(0.4), x: g.expr(t, 3)}
			g.declare(v, false)
			return s
		case 3:
			if g.pure {
				continue
			}
			v := &gVar{name: g.name("l"), t: gFn}
			param := &gVar{name: g.name("p"), t: gInt}
			g.scopes = append(g.scopes, []*gVar{param})
			g.pure = true
			body := g.expr(gInt, 2)
			g.pure = false
			g.scopes = g.scopes[:len(g.scopes)-1]
			g.declare(v, true)
			return &gLet{v: v, x: &gLambda{param: param.name, body: body}}
		case 4, 5:
			t := valueTypes[g.r.Intn(len(valueTypes))]
			v := g.pickVar(t, true)
			if v == nil {
				continue
			}
			op := "="
			switch {
			case t == gInt && g.chance(0.5):
				op = []string{"+=", "-=", "*="}[g.r.Intn(3)]
			case t == gStr && g.chance(0.5):
				op = "+="
			}
			x := g.expr(t, 2)
			if x == gExpr(v) && op == "=" {
				continue // go vet calls `v = v` a self-assignment
			}
			return &gAssign{v: v, op: op, x: x}
		case 6:
			if v := g.pickVar(gArr, true); v != nil {
				return &gPush{v: v, x: g.expr(gInt, 2)}
			}
		case 7, 8:
			return g.print()
		case 9:
			if nested {
				s := &gIf{cond: g.expr(gBool, 3), then: g.block(1 + g.r.Intn(3))}
				if g.chance(0.5) {
					s.els = g.block(1 + g.r.Intn(2))
				}
				return s
			}
		case 10:
			if nested {
				counter := &gVar{name: g.name("c"), t: gInt}
				g.declare(counter, true)
				g.loops++
				s := &gWhile{counter: counter, n: int64(1 + g.r.Intn(3)), body: g.block(1 + g.r.Intn(3))}
				g.loops--
				return s
			}
		case 11:
			if nested {
				s := &gFor{v: &gVar{name: g.name("i"), t: gInt}}
				if a := g.pickVar(gArr, false); a != nil && g.chance(0.5) {
					s.arr = a
				} else {
					s.lo = int64(g.r.Intn(3) - 1)
					s.hi = s.lo + int64(g.r.Intn(4))
				}
				g.scopes = append(g.scopes, []*gVar{s.v})
				g.fixed[s.v] = true
				g.loops++
				s.body = g.block(1 + g.r.Intn(3))
				g.loops--
				g.scopes = g.scopes[:len(g.scopes)-1]
				return s
			}
		case 12:
			if g.loops > 0 {
				return g.guarded(&gJump{ctl: []control{ctlBreak, ctlContinue}[g.r.Intn(2)]})
			}
			if g.fn != nil {
				j := &gJump{ctl: ctlReturn}
				if g.fn.ret != gUnit {
					j.x = g.expr(g.fn.ret, 2)
				}
				return g.guarded(j)
			}
		case 13:
			if g.async {
				return &gSuspend{call: []string{"sleep(0)", "yield_now()", "sleep(1)"}[g.r.Intn(3)]}
			}
		case 14:
			if g.fn != nil && !g.pure {
				// A defer runs at the return, when the variables of the blocks it sits in are
				// gone: it prints only the function's own top-level variables.
				scopes := g.scopes
				g.scopes, g.pure = scopes[:min(2, len(scopes))], true
				d := &gDefer{body: []gStmt{g.print()}}
				g.scopes, g.pure = scopes, false
				g.fn.prints = true
				return d
			}
		case 15:
			if nested {
				g.tries++
				body := g.block(1 + g.r.Intn(3))
				g.tries--
				err := &gVar{name: g.name("e"), t: gErr}
				g.scopes = append(g.scopes, []*gVar{err})
				g.fixed[err] = true
				catch := g.block(1 + g.r.Intn(2))
				g.scopes = g.scopes[:len(g.scopes)-1]
				return &gTry{body: body, err: err, catch: catch}
			}
		case 16:
			if g.canThrow() && !g.pure {
				return g.guarded(&gThrow{msg: g.expr(gStr, 2)})
			}
		case 17:
			if s := g.spawn(); s != nil {
				return s
			}
		case 18:
			if fs := g.callable(gUnit); len(fs) > 0 {
				return &gExprStmt{x: g.call(fs[g.r.Intn(len(fs))])}
			}
		}
	}
}

func (g *progGen) print() gStmt {
	p := &gPrint{}
	for range 1 + g.r.Intn(3) {
		p.args = append(p.args, g.expr(valueTypes[g.r.Intn(len(valueTypes))], 2))
	}
	if g.fn != nil {
		g.fn.prints = true
	}
	return p
}

// spawn builds a spawn-then-await or a join over async functions that neither print nor
// throw: their results do not depend on when the scheduler runs them.
func (g *progGen) spawn() gStmt {
	if !g.async || g.pure {
		return nil
	}
	var quiet []*gFunc
	for _, f := range g.funcs {
		if f.async && !f.prints && !f.throws && f.ret != gUnit {
			quiet = append(quiet, f)
		}
	}
	if len(quiet) == 0 {
		return nil
	}
	pick := func() *gCall { return g.call(quiet[g.r.Intn(len(quiet))]) }
	if g.chance(0.5) {
		ca, cb := pick(), pick()
		s := &gJoin{a: &gVar{name: g.name("j"), t: ca.fn.ret}, b: &gVar{name: g.name("j"), t: cb.fn.ret}, ca: ca, cb: cb}
		g.declare(s.a, false)
		g.declare(s.b, false)
		return s
	}
	c := pick()
	s := &gSpawn{handle: g.name("h"), call: c, v: &gVar{name: g.name("s"), t: c.fn.ret}}
	if g.chance(0.5) {
		s.mid = []gStmt{g.print()}
	}
	g.declare(s.v, false)
	return s
}

// function builds a function over the functions declared so far.
func (g *progGen) function(name string, async bool, ret gType, params int) *gFunc {
	f := &gFunc{name: name, async: async, ret: ret, throws: name != "main" && g.chance(0.25)}
	g.fn, g.async, g.loops, g.tries = f, async, 0, 0
	g.scopes = [][]*gVar{nil}
	for range params {
		p := &gVar{name: g.name("a"), t: valueTypes[g.r.Intn(len(valueTypes))]}
		f.params = append(f.params, p)
		g.declare(p, true)
	}
	f.body = g.block(2 + g.r.Intn(4))
	if ret != gUnit {
		g.scopes = [][]*gVar{f.params}
		f.body = append(f.body, &gJump{ctl: ctlReturn, x: g.expr(ret, 2)})
	}
	return f
}

func (g *progGen) program() *gProgram {
	g.fixed = map[*gVar]bool{}
	p := &gProgram{}
	for range 2 + g.r.Intn(5) {
		ret := []gType{gUnit, gInt, gInt, gBool, gStr, gArr}[g.r.Intn(6)]
		f := g.function(g.name("f"), g.chance(0.6), ret, g.r.Intn(4))
		g.funcs = append(g.funcs, f)
		p.funcs = append(p.funcs, f)
	}
	if g.chance(0.5) {
		p.main = g.function("main", g.chance(0.7), gUnit, 0)
	}
	g.fn, g.async, g.loops, g.tries = nil, true, 0, 0
	g.scopes = [][]*gVar{nil}
	p.top = g.block(3 + g.r.Intn(5))
	p.top = append(p.top, g.print())
	return p
}
