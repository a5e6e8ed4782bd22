package adesh2go_test

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

	"adesh2go"
	"adesh2go/frontend"
)

// TestGeneratedPrograms compiles random well-typed programs (sync and async functions, loops,
// awaits inside expressions, closures, defers, try/catch, Result and ?, optionals, a struct, an
// enum, maps, async blocks, spawn, join, a mutex and a channel), builds them, vets them, and
// runs each with 1 and 4 workers: it must print what the generator's own evaluation of the
// program printed. It catches lowering bugs that yield invalid Go or wrong behaviour.
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
	goCmd(t, dir, "build", "-trimpath", "-o", bin+string(filepath.Separator), "./progs/...")
	// Random conditions repeat themselves (`true || x || true`, `a == "q" && a == "b"`): the
	// bools analyzer would judge the AdeshLang author's logic, not the lowering.
	goCmd(t, dir, "vet", "-bools=false", "./progs/...")
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
	// Arithmetic where an i64? is expected (the match became an i64? and was refused).
	{`let v: i64? = (match 1 { 1 => 2, _ => 3 } * 4);
print(v);
`, "8\n"},
	// A ternary whose branches are both null (rt.Cond(true, nil, nil) did not build).
	{`let a = 4;
print(match (a % 3) { 0 => a, 1 => (true ? null : null), _ => 3 });
`, "null\n"},
	// A lambda in an exploded loop of a borrowing async block (emitted **int64).
	{`async fn f(): i64 {
    let c = 1;
    let fb = async {
        for q in [1, 2] {
            let l = (p: i64): i64 => c * q;
            await sleep(0);
            print(l(1));
        }
        return 1;
    };
    await fb;
    return c;
}
print(await f());
`, "1\n2\n1\n"},
	// A ternary of null and a value, typed i64? or any (rt.Cond(c, nil, x) did not build).
	{`let a: i64? = 3;
print((false ? null : a));
let b = 4;
let x: any = (true ? null : b);
print(x);
`, "3\nnull\n"},
	// - and ~ where an i64? is expected (the match became an i64? and was refused).
	{`let v: i64? = (~match 1 { 1 => 2, _ => 3 });
let w: i64? = -match 1 { 1 => 2, _ => 3 };
print(v, w);
`, "-3 -2\n"},
	// A throw after a channel receive (the zero receive future's Drop crashed).
	{`async fn f(): i64 {
    let ch = channel<i64>();
    ch.send(1);
    for q in ch {
        if q == 1 {
            throw "boom";
        }
    }
    return 0;
}
try {
    print(await f());
} catch (e) {
    print("caught", e.message);
}
`, "caught boom\n"},
	// async move copies a top-level variable (a later assignment leaked into the block).
	{`let x = 1;
let f = async move { return x; };
x = 2;
print(await f);
`, "1\n"},
	// A borrowing block inside an async move block reads the copy of a top-level variable.
	{`let x = 1;
let f = async move {
    let g = async { return x + 1; };
    return await g;
};
x = 5;
print(await f);
`, "2\n"},
	// A borrowed capture handed on to an inner block, used after the await (it was cleared as
	// dead: a nil dereference).
	{`async fn f(a: string): bool {
    let fb28 = async {
        let fb38 = async {
            return a + a;
        };
        let r39 = await fb38;
        return a;
    };
    print(await fb28);
    return true;
}
print(await f("x"));
`, "x\ntrue\n"},
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
	return adesh2go.GoSource(prog)
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
	// inBlock counts the enclosing async blocks: no return or defer of the function there.
	inBlock int
	// frozen is the number of outer scopes whose variables may not be assigned (an async
	// block's body leaves the variables it reads alone).
	frozen int
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
	for i, s := range g.scopes {
		if mutable && i < g.frozen {
			continue
		}
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
	case gOpt:
		if g.chance(0.4) {
			return &gNull{}
		}
		return &gSome{x: g.intLit()}
	case gStruct:
		return &gStructLit{x: g.intLit(), s: g.leaf(gStr), xs: g.leaf(gArr)}
	case gEnum:
		switch tag := g.r.Intn(3); tag {
		case 0:
			return &gEnumLit{tag: tag, arg: g.intLit()}
		case 1:
			return &gEnumLit{tag: tag, arg: g.leaf(gStr)}
		default:
			return &gEnumLit{tag: tag}
		}
	case gMap:
		return g.mapLit(0)
	}
	panic("genprog: no leaf of type " + t.String())
}

func (g *progGen) mapLit(d int) *gMapLit {
	m := &gMapLit{}
	for _, i := range g.r.Perm(len(words))[:1+g.r.Intn(3)] {
		m.keys = append(m.keys, words[i])
		m.vals = append(m.vals, g.expr(gInt, d))
	}
	return m
}

// expr builds an expression of type t at most d levels deep.
func (g *progGen) expr(t gType, d int) gExpr {
	if t == gRes {
		return g.resExpr(d)
	}
	if t == gInt && g.fn != nil && g.fn.ret == gRes && g.inBlock == 0 && !g.pure && g.chance(0.15) {
		if fs := g.callable(gRes); len(fs) > 0 {
			return &gQuestion{call: g.call(fs[g.r.Intn(len(fs))])}
		}
	}
	if d <= 0 || g.chance(0.25) {
		return g.leaf(t)
	}
	if fs := g.callable(gRes); len(fs) > 0 && g.chance(0.05) {
		m := &gResMatch{x: g.call(fs[g.r.Intn(len(fs))]), v: &gVar{name: g.name("ok"), t: gInt}, e: &gVar{name: g.name("err"), t: gStr}}
		for i, bound := range []*gVar{m.v, m.e} {
			g.scopes = append(g.scopes, []*gVar{bound})
			g.fixed[bound] = true
			m.arms[i] = g.expr(t, d-1)
			g.scopes = g.scopes[:len(g.scopes)-1]
		}
		return m
	}
	if fs := g.callable(t); len(fs) > 0 && g.chance(0.3) {
		return g.call(fs[g.r.Intn(len(fs))])
	}
	if g.chance(0.08) {
		return &gCond{c: g.expr(gBool, d-1), a: g.expr(t, d-1), b: g.expr(t, d-1)}
	}
	// T is inferred from the arguments alone: pick(c, 1, null) or later(null) cannot be i64?.
	if g.chance(0.05) && !g.pure && t != gOpt {
		if g.async && g.chance(0.5) {
			return &gGeneric{name: "later", args: []gExpr{g.expr(t, d-1)}}
		}
		return &gGeneric{name: "pick", args: []gExpr{g.expr(gBool, d-1), g.expr(t, d-1), g.expr(t, d-1)}}
	}
	if g.chance(0.05) {
		m := &gMatch{x: g.expr(gInt, d-1)}
		for i := range m.arms {
			m.arms[i] = g.expr(t, d-1)
		}
		return m
	}
	if g.chance(0.05) {
		m := &gEnumMatch{x: g.expr(gEnum, d-1), n: &gVar{name: g.name("n"), t: gInt}, s: &gVar{name: g.name("t"), t: gStr}}
		for i, bound := range []*gVar{m.n, m.s, nil} {
			g.scopes = append(g.scopes, nil)
			if bound != nil {
				g.declare(bound, true)
			}
			m.arms[i] = g.expr(t, d-1)
			g.scopes = g.scopes[:len(g.scopes)-1]
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
	case gOpt:
		if m := g.pickVar(gMap, false); m != nil && g.chance(0.4) {
			return &gMapGet{m: m, method: "get", k: g.expr(gStr, d-1)}
		}
		return &gSome{x: g.expr(gInt, d-1)}
	case gStruct:
		return &gStructLit{x: g.expr(gInt, d-1), s: g.expr(gStr, d-1), xs: g.expr(gArr, d-1)}
	case gEnum:
		e := g.leaf(gEnum)
		if lit, ok := e.(*gEnumLit); ok && lit.tag < 2 {
			lit.arg = g.expr([]gType{gInt, gStr}[lit.tag], d-1)
		}
		return e
	case gMap:
		return g.mapLit(d - 1)
	}
	a := &gArrLit{}
	for range 1 + g.r.Intn(3) {
		a.elems = append(a.elems, g.expr(gInt, d-1))
	}
	return a
}

// resExpr builds a Result<i64, string>: a call, a variable, or Ok(…) / Err(…) (no ternary or
// match over them, whose two sides would each know only half the type).
func (g *progGen) resExpr(d int) gExpr {
	if fs := g.callable(gRes); len(fs) > 0 && g.chance(0.3) {
		return g.call(fs[g.r.Intn(len(fs))])
	}
	if v := g.pickVar(gRes, false); v != nil && g.chance(0.3) {
		return v
	}
	if g.chance(0.7) {
		return &gResLit{ok: true, x: g.expr(gInt, d-1)}
	}
	return &gResLit{x: g.expr(gStr, d-1)}
}

var arithOps = []string{"+", "-", "*", "/", "%", "&", "|", "^"}

func (g *progGen) intExpr(d int) gExpr {
	switch g.r.Intn(11) {
	case 0:
		return &gUnary{op: []string{"-", "~"}[g.r.Intn(2)], x: g.expr(gInt, d-1)}
	case 1:
		op := []string{"<<", ">>"}[g.r.Intn(2)]
		return &gBinary{op: op, t: gInt, x: g.expr(gInt, d-1), y: &gLit{gInt, int64(g.r.Intn(63))}}
	case 2:
		if f := g.pickVar(gFn, false); f != nil && !g.pure {
			if g.chance(0.5) {
				return &gApply{fn: f, arg: g.expr(gInt, d-1)}
			}
			return &gLambdaCall{fn: f, arg: g.expr(gInt, d-1)}
		}
	case 3:
		if a := g.pickVar(gArr, false); a != nil {
			return &gIndex{arr: a, k: int64(g.r.Intn(5))}
		}
		if p := g.pickVar(gStruct, false); p != nil {
			return &gIndex{arr: &gField{v: p, name: "xs"}, k: int64(g.r.Intn(5))}
		}
	case 5:
		// `??` needs an optional on its left, not an i64 that would convert to one.
		if o := g.pickVar(gOpt, false); o != nil {
			return &gCoalesce{o: o, d: g.expr(gInt, d-1)}
		}
		if m := g.pickVar(gMap, false); m != nil {
			return &gCoalesce{o: &gMapGet{m: m, method: "get", k: g.expr(gStr, d-1)}, d: g.expr(gInt, d-1)}
		}
	case 6:
		if p := g.pickVar(gStruct, false); p != nil {
			return &gField{v: p, name: "x"}
		}
		if m := g.pickVar(gMap, false); m != nil {
			return &gMapGet{m: m, method: "len"}
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
	switch g.r.Intn(8) {
	case 6:
		// A null test of a variable would narrow it (then `v ?? d` and `v == null` are
		// refused); the generator does not track narrowing, so it tests lookups only.
		if m := g.pickVar(gMap, false); m != nil {
			return &gIsNull{o: &gMapGet{m: m, method: "get", k: g.expr(gStr, d-1)}, not: g.chance(0.5)}
		}
	case 7:
		if m := g.pickVar(gMap, false); m != nil {
			return &gMapGet{m: m, method: "contains_key", k: g.expr(gStr, d-1)}
		}
	case 0, 1:
		return &gBinary{op: compareOps[g.r.Intn(len(compareOps))], t: gBool, x: g.expr(gInt, d-1), y: g.expr(gInt, d-1)}
	case 2:
		return &gBinary{op: []string{"==", "!="}[g.r.Intn(2)], t: gBool, x: g.expr(gStr, d-1), y: g.expr(gStr, d-1)}
	case 3:
		return &gUnary{op: "!", x: g.expr(gBool, d-1)}
	}
	return &gBinary{op: []string{"&&", "||"}[g.r.Intn(2)], t: gBool, x: g.expr(gBool, d-1), y: g.expr(gBool, d-1)}
}

func (g *progGen) strExpr(d int) gExpr {
	switch g.r.Intn(6) {
	case 0:
		return &gMethod{name: "str", x: g.expr(gInt, d-1)}
	case 1:
		return &gMethod{name: "to_upper", x: g.expr(gStr, d-1)}
	case 2:
		var vs []*gVar
		for _, t := range []gType{gInt, gBool, gStr, gArr, gOpt, gStruct, gEnum, gMap} {
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
	case 4:
		if p := g.pickVar(gStruct, false); p != nil {
			return &gField{v: p, name: "s"}
		}
	}
	return &gBinary{op: "+", t: gStr, x: g.expr(gStr, d-1), y: g.expr(gStr, d-1)}
}

var valueTypes = []gType{gInt, gInt, gInt, gBool, gStr, gStr, gArr, gOpt, gStruct, gEnum, gMap}

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
		switch g.r.Intn(22) {
		case 0, 1, 2:
			t := valueTypes[g.r.Intn(len(valueTypes))]
			v := &gVar{name: g.name("v"), t: t}
			// `let o = null;` has no type to infer: an optional is declared with its type.
			s := &gLet{v: v, typed: t == gOpt || g.chance(0.4), x: g.expr(t, 3)}
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
			if s := g.assign(); s != nil {
				return s
			}
		case 6:
			if v := g.pickVar(gArr, true); v != nil {
				return &gPush{v: v, x: g.expr(gInt, 2)}
			}
			if v := g.pickVar(gStruct, true); v != nil {
				f := &gFieldSet{v: v, name: []string{"x", "s", "xs"}[g.r.Intn(3)], op: "="}
				switch {
				case f.name == "xs" && g.chance(0.7):
					f.op = "push"
					f.x = g.expr(gInt, 2)
				case f.name != "xs" && g.chance(0.5):
					f.op = "+="
				}
				if f.x == nil {
					f.x = g.expr((&gField{name: f.name}).typ(), 2)
				}
				if same, ok := f.x.(*gField); ok && f.op == "=" && same.v == v && same.name == f.name {
					continue // go vet calls `v.s = v.s` a self-assignment
				}
				return f
			}
			if m := g.pickVar(gMap, false); m != nil {
				return &gMapSet{m: m, k: g.expr(gStr, 1), x: g.expr(gInt, 2)}
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
			if nested && g.chance(0.3) {
				s := &gCFor{v: &gVar{name: g.name("k"), t: gInt}, n: int64(g.r.Intn(4))}
				g.scopes = append(g.scopes, []*gVar{s.v})
				g.fixed[s.v] = true
				g.loops++
				s.body = g.block(1 + g.r.Intn(3))
				g.loops--
				g.scopes = g.scopes[:len(g.scopes)-1]
				return s
			}
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
			if g.fn != nil && g.inBlock == 0 {
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
			if g.fn != nil && !g.pure && g.inBlock == 0 {
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
		case 19:
			if g.async && !g.pure && nested {
				return g.asyncBlock()
			}
		case 20:
			if g.async && !g.pure {
				return g.mutexSum()
			}
		case 21:
			if g.async && !g.pure && nested {
				return g.channel()
			}
		}
	}
}

// assign builds an assignment to a variable that may change here, or returns nil.
func (g *progGen) assign() gStmt {
	t := valueTypes[g.r.Intn(len(valueTypes))]
	v := g.pickVar(t, true)
	if v == nil {
		return nil
	}
	op := "="
	switch {
	case t == gInt && g.chance(0.2):
		return &gStep{v: v, op: []string{"++", "--"}[g.r.Intn(2)]}
	case t == gInt && g.chance(0.5):
		op = []string{"+=", "-=", "*=", "&=", "|=", "^="}[g.r.Intn(6)]
	case t == gStr && g.chance(0.5):
		op = "+="
	}
	x := g.expr(t, 2)
	if x == gExpr(v) && op == "=" {
		return nil // go vet calls `v = v` a self-assignment
	}
	return &gAssign{v: v, op: op, x: x}
}

// asyncBlock builds a future from an async block, statements that may change what it reads,
// and the await.
func (g *progGen) asyncBlock() gStmt {
	s := &gAsyncBlock{fut: g.name("fb"), move: g.chance(0.5), v: &gVar{name: g.name("r")}}
	loops, frozen := g.loops, g.frozen
	g.loops, g.frozen = 0, len(g.scopes)
	g.inBlock++
	s.body = g.block(1 + g.r.Intn(3))
	// The block's type comes from its return, so `return 3` makes an i64, never an i64?.
	for s.v.t = gOpt; s.v.t == gOpt; {
		s.v.t = valueTypes[g.r.Intn(len(valueTypes))]
	}
	s.ret = g.expr(s.v.t, 2)
	g.inBlock--
	g.loops, g.frozen = loops, frozen
	for range g.r.Intn(3) {
		if a := g.assign(); a != nil {
			s.mid = append(s.mid, a)
		}
	}
	g.declare(s.v, false)
	return s
}

// pureInt is an int expression without calls or awaits (it may run in another task).
func (g *progGen) pureInt(d int) gExpr {
	pure := g.pure
	g.pure = true
	x := g.expr(gInt, d)
	g.pure = pure
	return x
}

func (g *progGen) mutexSum() gStmt {
	s := &gMutexSum{m: g.name("m"), start: g.pureInt(1), v: &gVar{name: g.name("sum"), t: gInt}}
	for range 1 + g.r.Intn(3) {
		s.handles = append(s.handles, g.name("h"))
		s.parts = append(s.parts, g.pureInt(2))
	}
	g.declare(s.v, false)
	return s
}

func (g *progGen) channel() gStmt {
	s := &gChannel{ch: g.name("ch"), h: g.name("h"), n: int64(g.r.Intn(4)), k: g.pureInt(1), q: &gVar{name: g.name("q"), t: gInt}}
	g.scopes = append(g.scopes, []*gVar{s.q})
	g.fixed[s.q] = true
	g.loops++
	s.body = g.block(1 + g.r.Intn(3))
	g.loops--
	g.scopes = g.scopes[:len(g.scopes)-1]
	return s
}

func (g *progGen) print() gStmt {
	p := &gPrint{}
	for range 1 + g.r.Intn(3) {
		p.args = append(p.args, g.expr(valueTypes[g.r.Intn(len(valueTypes))], 2))
	}
	if fs := g.callable(gRes); len(fs) > 0 && g.chance(0.3) {
		p.args = append(p.args, g.call(fs[g.r.Intn(len(fs))]))
	}
	if _, options := p.args[len(p.args)-1].(*gMapLit); options {
		// A last argument written as an object literal is print's options object (sep, end,
		// styles), not a value: print a literal after it (drawing nothing from the random
		// source, so the rest of the program is what the seed gave before).
		p.args = append(p.args, &gLit{gInt, int64(0)})
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
		if f.async && !f.prints && !f.throws && f.ret != gUnit && !f.takes(gMap) {
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

// takes reports whether the function has a parameter of type t.
func (f *gFunc) takes(t gType) bool {
	for _, p := range f.params {
		if p.t == t {
			return true
		}
	}
	return false
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
		ret := gUnit
		switch {
		case g.chance(0.2):
			ret = gRes
		case g.chance(0.8):
			ret = valueTypes[g.r.Intn(len(valueTypes))]
		}
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
