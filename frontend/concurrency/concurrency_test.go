package concurrency_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"adesh2go/frontend"
)

func render(prog *frontend.Program) string {
	var b bytes.Buffer
	prog.Diags.WriteText(&b)
	return b.String()
}

// codes lists the diagnostics of a program as "CODE@line", in order.
func codes(prog *frontend.Program) string {
	var out []string
	for _, d := range prog.Diags.Items {
		out = append(out, fmt.Sprintf("%s@%d", d.Code, prog.Fset.Position(d.Pos).Line))
	}
	return strings.Join(out, " ")
}

// TestConcurrencyDiagnostics checks the code and line of what each small program gets. Line 1
// is the opening backquote's own line.
func TestConcurrencyDiagnostics(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"guard across await in an async fn", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    let g = m.lock();
    await sleep(1);
    *g += 1;
}
await f();`, "W0707@4"},
		{"dropped in an inner block", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    { let g = m.lock(); *g += 1; }
    await sleep(1);
}
await f();`, ""},
		{"a deferred unlock in an inner block releases at the block's end", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    {
        let g = m.lock();
        defer g.unlock();
        *g += 1;
    }
    await sleep(1);
}
await f();`, ""},
		{"a deferred unlock holds the guard across an await in its block", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    for i in 0..2 {
        let g = m.lock();
        defer g.unlock();
        await sleep(1);
    }
}
await f();`, "W0707@5"},
		{"unlocked before the await", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    let g = m.lock();
    g.unlock();
    await sleep(1);
}
await f();`, ""},
		{"unlocked on one branch only", `
let m: Mutex<i64> = Mutex::new(0);
async fn f(c: bool) {
    let g = m.lock();
    if (c) { g.unlock(); }
    await sleep(1);
}
await f(true);`, "W0707@4"},
		{"unlocked on every branch", `
let m: Mutex<i64> = Mutex::new(0);
async fn f(c: bool) {
    let g = m.lock();
    if (c) { g.unlock(); } else { g.drop(); }
    await sleep(1);
}
await f(true);`, ""},
		{"returns before the await", `
let m: Mutex<i64> = Mutex::new(0);
async fn f(c: bool): i64 {
    let g = m.lock();
    if (c) { return *g; }
    g.unlock();
    await sleep(1);
    return 0;
}
await f(true);`, ""},
		{"deferred unlock waits for the end", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    let g = m.lock();
    defer g.unlock();
    await sleep(1);
}
await f();`, "W0707@4"},
		{"await in the next loop iteration", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    let g = m.lock();
    for i in range(0, 2) {
        if (i == 1) { g.unlock(); }
        if (i == 0) { await sleep(1); }
    }
}
await f();`, "W0707@4"},
		{"lock and await per iteration, released at the body's end", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    for i in range(0, 2) {
        await sleep(1);
        let g = m.lock();
        *g += i;
    }
}
await f();`, ""},
		{"break and continue release the body's guards", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    while (true) {
        let g = m.lock();
        if (*g > 3) { break; }
        g.unlock();
        await sleep(1);
    }
    await sleep(1);
    for i in range(0, 3) {
        await sleep(1);
        let g = m.lock();
        if (i == 1) { continue; }
        g.unlock();
    }
}
await f();`, ""},
		{"break keeps a guard bound outside the loop", `
let m: Mutex<i64> = Mutex::new(0);
async fn f() {
    let g = m.lock();
    while (true) {
        if (*g > 3) { break; }
        g.unlock();
        return;
    }
    await sleep(1);
}
await f();`, "W0707@4"},
		{"channel loop holds the guard", `
let m: Mutex<i64> = Mutex::new(0);
async fn f(ch: Channel<i64>) {
    let g = m.lock();
    for x in ch { *g += x; }
}
await f(channel<i64>());`, "W0707@4"},
		{"temporary guard in the awaiting statement", `
let m: Mutex<i64> = Mutex::new(1);
async fn two(): i64 { await sleep(1); return 2; }
async fn f(): i64 {
    let a = *m.lock() + await two();
    let b = await two() + *m.lock();
    return a + b;
}
await f();`, "W0707@5"},
		{"guard moved into a function", `
let m: Mutex<i64> = Mutex::new(1);
fn consume(g: MutexGuard<i64>) { print(*g); }
async fn f() {
    let g = m.lock();
    consume(g);
    await sleep(1);
}
await f();`, ""},
		{"guard parameter of an async fn", `
async fn f(g: MutexGuard<i64>) {
    await sleep(1);
    print(*g);
}
let m = Mutex::new(1);
let g = m.lock();
await f(g);`, "W0707@2"},
		{"top-level code holds a guard", `
let m = Mutex::new(1);
let g = m.lock();
await sleep(1);
g.unlock();`, "W0707@3"},
		{"guard held across await in a spawned block", `
let m = Mutex::new(1);
let h = spawn(async move {
    let g = m.lock();
    await sleep(1);
});
await h;`, "E0701@3"},
		{"spawned twice: one error per spawn, no warning", `
let m = Mutex::new(1);
async fn f() { let g = m.lock(); await sleep(1); }
let a = spawn(f());
let b = spawn(f());
await a;
await b;`, "E0701@4 E0701@5"},
		{"spawned and awaited: the error only", `
let m = Mutex::new(1);
async fn f() { let g = m.lock(); await sleep(1); }
await f();
let a = spawn(f());
await a;`, "E0701@5"},
		{"an unawaited statement is spawned", `
let m = Mutex::new(1);
async fn f() { let g = m.lock(); await sleep(1); }
f();`, "W0706@4 E0701@4"},
		{"moved guard into spawned block", `
async fn main() {
    let m = Mutex::new(1);
    let g = m.lock();
    let h = spawn(async move { print(*g); });
    await h;
}`, "E0701@5"},
		{"a clone of the mutex moved in", `
async fn main() {
    let m = Mutex::new(1);
    let m2 = m.clone();
    let h = spawn(async move { let g = m2.lock(); *g += 1; });
    await h;
    print(*m.lock());
}`, ""},
		{"share clone before async move", `
struct C { n: i64 }
async fn main() {
    share let c: Share<C> = share C { n: 1 };
    let c2 = c.clone();
    let h = spawn(async move { print(c2.n); });
    await h;
}`, ""},
		{"non-move block spawned", `
async fn main() {
    let n = 1;
    let h = spawn(async { print(n); });
    await h;
}`, "E0702@4"},
		{"non-move block awaited where it is made", `
async fn main() {
    let n = 1;
    let f = async { return n + 1; };
    print(await f);
    print(await join(async { return n; }, async { return n * 2; }));
    let fs: [Future<i64>] = [async { return n; }];
    print(await join_all(fs));
}`, ""},
		{"non-move block using only globals and constants", `
let g = 5;
async fn main() {
    const K = 2;
    let h = spawn(async { print(g * K); });
    await h;
}`, ""},
		{"scope: readers and separate writers", `
async fn main() {
    let data = [1, 2, 3];
    let a = 0;
    let b = 0;
    await scope(async (s) => {
        s.spawn(async { a = len(data); });
        s.spawn(async { b = data[0]; });
        s.spawn(async { print(data); });
    });
    print(a, b);
}`, ""},
		{"scope: per-iteration variables", `
async fn main() {
    let results = [0, 0, 0];
    await scope(async (s) => {
        for i in range(0, 3) {
            s.spawn(async move { print(i); });
        }
    });
    print(results);
}`, ""},
		{"scope: two writers", `
async fn main() {
    let n = 0;
    await scope(async (s) => {
        s.spawn(async { n += 1; });
        s.spawn(async { n += 2; });
    });
}`, "E0703@6"},
		{"scope: a mutex shared by the children", `
async fn main() {
    let n = Mutex::new(0);
    await scope(async (s) => {
        s.spawn(async { *n.lock() += 1; });
        s.spawn(async { *n.lock() += 2; });
    });
    print(*n.lock());
}`, ""},
		{"scope: the parent changes it after the scope", `
async fn main() {
    let n = 0;
    await scope(async (s) => {
        s.spawn(async { n += 1; });
    });
    n += 1;
    print(n);
}`, ""},
		{"await in a plain lambda", `
async fn f(): i64 { return 1; }
async fn main() {
    let g = () => await f();
}`, "E0700@4"},
		{"await in a defer", `
async fn f(): i64 { return 1; }
async fn main() {
    defer await f();
}`, "E0704@4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog := frontend.LoadSource("t.adesh", []byte(tc.src))
			if got := codes(prog); got != tc.want {
				t.Errorf("got %q, want %q\n%s", got, tc.want, render(prog))
			}
		})
	}
}
