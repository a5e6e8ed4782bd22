package concurrency_test

import (
	"testing"

	"adesh2go/frontend"
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/concurrency"
	"adesh2go/frontend/diag"
)

// load checks a one-file program and fails the test on any error.
func load(t *testing.T, src string) *frontend.Program {
	t.Helper()
	prog := frontend.LoadSource("t.adesh", []byte(src))
	if prog.Diags.HasErrors() {
		t.Fatalf("unexpected errors:\n%s", render(prog))
	}
	return prog
}

// funcsOf returns the FuncInfo of every lambda and async block, in source order.
func funcsOf(prog *frontend.Program) []*check.FuncInfo {
	var out []*check.FuncInfo
	for _, f := range prog.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.Lambda, *ast.AsyncBlock:
				out = append(out, prog.Info.FuncOf[n])
			}
			return true
		})
	}
	return out
}

// factsOf runs the analyses again on a loaded program for what they learned.
func factsOf(prog *frontend.Program) *concurrency.Facts {
	return concurrency.Analyze(prog.Info, diag.NewList(prog.Fset))
}

// captureString renders what a body captures: "x:ref:w y:move:r".
func captureString(captures []concurrency.Capture) string {
	s := ""
	for _, c := range captures {
		if s != "" {
			s += " "
		}
		mode := "ref"
		switch c.Mode {
		case concurrency.ByMove:
			mode = "move"
		case concurrency.ByCopy:
			mode = "copy"
		}
		rw := "r"
		if c.Written {
			rw = "w"
			if c.WriteAt == nil {
				s += "!"
			}
		}
		if c.Use == nil {
			s += "?"
		}
		s += c.Obj.Name + ":" + mode + ":" + rw
	}
	return s
}

func TestCaptureModes(t *testing.T) {
	prog := load(t, `
struct Box { items: [i64], n: i64 }
extend on Box {
    fn grow() { self.n += 1; }
    fn size(): i64 { return self.n; }
}
let global_count = 0;
async fn main() {
    let a = 1;
    let b = [1, 2];
    let c = Box { items: [], n: 0 };
    let d = Map::new();
    let m = Mutex::new(0);
    let e = 5;
    let r1 = () => a + b[0];                       // reads only
    let r2 = () => { b.push(a); };                 // push changes b
    let r3 = () => { c.grow(); print(c.size()); }; // a mutating method
    let r4 = () => { c.items[0] = 1; };            // through a field and an index
    let r5 = () => { d.set("k", 1); *m.lock() += 1; global_count += 1; };
    let h = spawn(async move { print(a, e); });
    await h;
    await async { e += 1; };
    let nested = async move {
        let inner = () => { print(a); };
        inner();
    };
    await nested;
    let blocks = async (x: i64) => { a++; return x; };
    print(await blocks(1));
    r1(); r2(); r3(); r4(); r5();
}
`)
	want := []string{
		"a:ref:r b:ref:r",
		"b:ref:w a:ref:r",
		"c:ref:w",
		"c:ref:w",
		"d:ref:w m:ref:r",
		"a:move:r e:move:r",
		"e:ref:w",
		"a:move:r",
		"a:ref:r",
		"a:ref:w",
	}
	got := funcsOf(prog)
	facts := factsOf(prog)
	if len(got) != len(want) {
		t.Fatalf("found %d bodies, want %d", len(got), len(want))
	}
	for i, fi := range got {
		if s := captureString(facts.Captures[fi]); s != want[i] {
			t.Errorf("body %d (%s at %d): captures %q, want %q", i, fi.Name, fi.Node.Pos(), s, want[i])
		}
	}
}

func TestScopeChildrenCopyPlainValues(t *testing.T) {
	// A child of a scope copies the plain values of the scope's body that nothing changes; it
	// borrows the rest (what is declared before the scope, arrays, handles).
	prog := load(t, `
async fn main() {
    let before = 1;
    let xs = [0];
    let total = Mutex::new(0);
    await scope(async (s) => {
        for i in 0..3 {
            let name = f"c{i}";
            let flag = i > 0;
            s.spawn(async { print(i, name, flag, before, xs.len()); *total.lock() += i; });
            await async { print(i); };
        }
    });
}
`)
	want := []string{
		"before:ref:r xs:ref:r total:ref:r",
		"i:copy:r name:copy:r flag:copy:r before:ref:r xs:ref:r total:ref:r",
		"i:ref:r",
	}
	got := funcsOf(prog)
	facts := factsOf(prog)
	if len(got) != len(want) {
		t.Fatalf("found %d bodies, want %d", len(got), len(want))
	}
	for i, fi := range got {
		if s := captureString(facts.Captures[fi]); s != want[i] {
			t.Errorf("body %d (%s at %d): captures %q, want %q", i, fi.Name, fi.Node.Pos(), s, want[i])
		}
	}
}

func TestMutatingMethodsAreWrites(t *testing.T) {
	// Every array method the checker marks as changing its receiver must count as a write.
	prog := load(t, `
let xs = [3, 1, 2];
let ys = [0];
let f = () => {
    xs.push(4); xs.append(5); xs.pop(); xs.insert(0, 9); xs.remove(0);
    xs.sort(); xs.reverse(); xs.extend(ys); xs.clear();
    print(ys.len(), ys.contains(0), ys.index_of(0), ys.join(","));
};
f();
`)
	fi := funcsOf(prog)[0]
	facts := factsOf(prog)
	for _, c := range facts.Captures[fi] {
		t.Errorf("globals are not captures, found %s", c.Obj.Name)
	}
	prog = load(t, `
async fn main() {
    let xs = [3, 1, 2];
    let ys = [0];
    let changers = [
        () => { xs.push(4); }, () => { xs.append(5); }, () => { xs.pop(); },
        () => { xs.insert(0, 9); }, () => { xs.remove(0); }, () => { xs.sort(); },
        () => { xs.reverse(); }, () => { xs.extend(ys); }, () => { xs.clear(); },
    ];
    let readers = [
        () => { print(xs.len()); }, () => { print(xs.contains(0)); }, () => { print(xs.join(",")); },
        () => { print(xs.map((x) => x + 1)); }, () => { print(xs[0]); },
    ];
    print(len(changers), len(readers));
}
`)
	bodies := funcsOf(prog)
	facts = factsOf(prog)
	changers, readers := bodies[:9], bodies[9:]
	for _, fi := range changers {
		if len(facts.Captures[fi]) == 0 || !facts.Captures[fi][0].Written {
			t.Errorf("lambda at %d: %q, want a write of xs", fi.Node.Pos(), captureString(facts.Captures[fi]))
		}
	}
	for _, fi := range readers {
		if fi.Node.(*ast.Lambda).Params != nil {
			continue // the inner x => x + 1
		}
		if len(facts.Captures[fi]) == 0 || facts.Captures[fi][0].Written {
			t.Errorf("lambda at %d: %q, want a read of xs", fi.Node.Pos(), captureString(facts.Captures[fi]))
		}
	}
}
