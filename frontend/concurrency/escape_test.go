package concurrency_test

import (
	"strings"
	"testing"

	"adesh2go/frontend"
	"adesh2go/frontend/concurrency"
)

var kindNames = map[concurrency.EscapeKind]string{
	concurrency.Spawned: "spawned", concurrency.ScopeChild: "child", concurrency.Returned: "returned",
	concurrency.Stored: "stored", concurrency.HeldIn: "held",
}

// fateString renders an EscapeInfo: "spawned held:f | outlives x y".
func fateString(e *concurrency.EscapeInfo) string {
	if e == nil {
		return "<nil>"
	}
	var parts []string
	for _, f := range e.Fates {
		s := kindNames[f.Kind]
		if f.Into != nil {
			s += ":" + f.Into.Name
		}
		if f.Via != nil {
			s += "@" + f.Via.Name
		}
		parts = append(parts, s)
	}
	s := strings.Join(parts, " ")
	if len(e.Outlives) > 0 {
		s += " | outlives"
		for _, o := range e.Outlives {
			s += " " + o.Name
		}
	}
	return s
}

func TestEscapes(t *testing.T) {
	// Loaded without failing on errors: the escaping blocks are E0702s.
	prog := frontend.LoadSource("t.adesh", []byte(`
fn keep(f: Future<()>) { spawn(f); }
fn pass(f: Future<()>): Future<()> { return f; }
fn make(n: i64): Future<i64> { return async { return n; }; }
async fn main() {
    let x = 1;
    await async { print(x); };
    let a = async { print(x); };
    await a;
    let b = async { print(x); };
    let b2 = b;
    spawn(b2);
    keep(async { print(x); });
    await pass(async { print(x); });
    let outer: Future<()>? = null;
    {
        let y = 2;
        outer = async { print(x, y); };
    }
    let ch = channel<Future<()>>();
    ch.send(async move { print(x); });
    let arr: [Future<()>] = [];
    arr.push(async { print(x); });
    await join_all(arr);
    await scope(async (s) => {
        let z = [3];
        s.spawn(async { print(x, z); });
    });
    let m = spawn(async move { print(x); });
    await m;
    setTimeout(() => { print(x); }, 1);
}
`))
	blocks := funcsOf(prog)
	facts := factsOf(prog)
	want := []string{
		"returned | outlives n",               // make's block borrows make's parameter
		"",                                    // awaited where it is made
		"held:a",                              // kept in a local, then awaited
		"held:b held:b2 spawned | outlives x", // through two variables to spawn
		"spawned@keep | outlives x",           // keep spawns its parameter
		"",                                    // pass returns it, then it is awaited
		"held:outer | outlives y",             // outer lives longer than y
		"stored",                              // sent on a channel (a move block: borrows nothing)
		"held:arr",                            // pushed into a local array, awaited with it
		"",                                    // the scope's body
		"child | outlives z",                  // a child outlives the scope body's z (an int would be copied)
		"spawned",                             // m holds the handle, not the block
		"stored | outlives x",                 // a timer callback borrows x (lambdas may: no error)
	}
	if len(blocks) != len(want) {
		t.Fatalf("found %d bodies, want %d:\n%s", len(blocks), len(want), render(prog))
	}
	for i, fi := range blocks {
		if got := fateString(facts.Escapes[fi]); got != want[i] {
			t.Errorf("body %d at %d: fates %q, want %q", i, fi.Node.Pos(), got, want[i])
		}
	}
}
