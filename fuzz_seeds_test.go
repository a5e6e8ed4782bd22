package adesh2go_test

import (
	"bytes"
	"strings"
)

// mutate derives broken or altered variants from a valid seed program, so that the fuzzer starts
// from inputs that reach deep into the checker and the lowering rather than stopping at the
// parser: wrong types, missing names, lost awaits, lost async, a cut-off file.
func mutate(src []byte) [][]byte {
	var out [][]byte
	add := func(m []byte) {
		if !bytes.Equal(m, src) {
			out = append(out, m)
		}
	}
	add(bytes.ReplaceAll(src, []byte("i64"), []byte("string")))
	add(bytes.ReplaceAll(src, []byte("string"), []byte("[i64]")))
	add(bytes.ReplaceAll(src, []byte("print("), []byte("prnt(")))
	add(bytes.ReplaceAll(src, []byte("await "), nil))
	add(bytes.ReplaceAll(src, []byte("async fn"), []byte("fn")))
	add(bytes.ReplaceAll(src, []byte("return "), []byte("return null ?? ")))
	if i := bytes.LastIndexByte(src[:len(src)/2], '\n'); i > 0 {
		add(src[:i+1])
	}
	return out
}

// fuzzMutations are hand-written programs aimed at the checker and the lowering: type errors,
// unknown names, recursion, misused generics, deep nesting and huge literals. Each is small; the
// fuzzer combines them with the seeds.
var fuzzMutations = []string{
	// Wrong types.
	`let x: i64 = "s";`,
	`if 1 { print(1); }`,
	`let a = [1, "a", true]; print(a[0] + 1);`,
	`let m = {1: "a", "b": 2}; print(m);`,
	`let s = 1 + "s" - true;`,
	`let (a, b) = 1;`,
	`let (a, b, c) = (1, 2);`,
	`match 1 { "a" => print(1), _ => print(2) }`,
	`for x in 5 { print(x); }`,
	`let f = 5; f();`,
	`"s".nope();`,
	`let n = null; print(n.x);`,
	`let u = (); print(u.y, u + 1);`,
	`let x: i8 = 300; let y: u8 = -1;`,
	`let a: [i64] = [1]; a.push("s"); a[true] = 1;`,
	`let m: Map<string, i64> = {}; m[1] = "x";`,
	`fn f(a: i64): string { return a; }`,
	`fn f(): i64 { }`,
	`fn f(): i64 { if true { return 1; } }`,
	`let x = 1; x = "s"; x += [1];`,
	`let o: i64? = 1; print(o + 1);`,
	`let t = (1, "a"); print(t.5, t.0 + t.1);`,
	`enum E { A(i64), B } let e = E::A("s"); match e { E::A(x) => print(x) }`,
	`enum E { A, B } match E::A { E::C => print(1), _ => print(2) }`,
	`struct P { x: i64 } let p = P { x: 1, y: 2 }; let q = P {}; print(p.z);`,
	`let r: Result<i64, Error> = Ok("s"); print(r?);`,
	`fn f(): i64 { let x: i64? = null; return x?; }`,
	`let c = 'ab'; let d = ''; print(c, d);`,
	`print(1 as string, "a" as i64, [1] as any as [string]);`,
	`let g = (x) => x + 1; print(g("a"), g());`,
	`throw 1; throw; try { } catch { }`,
	`let v: () = print(1); let w: fn(i64): i64 = 5;`,
	// Missing names.
	`print(y);`,
	`let f = Foo { a: 1 };`,
	`enum Shape { Circle(f64) } print(Shape::Nope, Shape.Circle);`,
	`print(m.x); import "./missing.adesh" as m;`,
	`print(self.x, this);`,
	`break; continue; return 1;`,
	`extend on Nope { fn f() { } }`,
	`extend on i64 { fn f(): i64 { return self; } } print(1.f());`,
	`let x: Nope<i64> = 1; let y: T = 2;`,
	`x++; undefined_fn(1, 2);`,
	// Recursion.
	`fn f(x) { return f(x); } print(f(1));`,
	`fn a(x) { return b(x); } fn b(x) { return a(x) + 1; } print(a(1));`,
	`fn g<T>(x: T): T { return g([x])[0]; } print(g(1));`,
	`fn h<T>(x: T): i64 { return h((x, x)); } print(h(1));`,
	`struct A { a: A } let a: A;`,
	`struct L { next: L? } let l = L { next: L { next: null } }; print(l);`,
	`enum T { Leaf, Node(T, T) } let t = T::Node(T::Leaf, T::Leaf); print(t);`,
	`async fn r(n: i64): i64 { if n == 0 { return 0; } return await r(n - 1) + 1; } print(await r(3));`,
	`async fn p(n) { return await q(n); } async fn q(n) { return await p(n); } p(1);`,
	`let f = (n) => f(n - 1);`,
	`const A: i64 = B; const B: i64 = A; print(A);`,
	`struct S { x: i64 } extend on S { fn m(): i64 { return self.m(); } } print(S { x: 1 }.m());`,
	// Generics misused.
	`fn id<T>(x: T): T { return x; } print(id<i64, string>(1), id<>(1));`,
	`let a: Map<i64> = {}; let b: [i64, string] = []; let c: Result<i64> = Ok(1);`,
	`let s: Share<> = share 1; let o: Option<i64, i64> = None;`,
	`fn f<T>(x: T) { x.foo(); print(x + 1); }`,
	`fn f<T, T>(x: T) {} f(1);`,
	`fn f<T>(): T { return 1; } print(f());`,
	`struct B<T> { v: T } let b: B = B { v: 1 }; let c: B<i64, i64>; print(b.v.v);`,
	`fn f<T>(x: T): T { return x; } let g = f; print(g(1));`,
	`let x: i64<string> = 1; let y: string<> = "";`,
	// Deep nesting.
	`print(` + strings.Repeat("(", 300) + `1` + strings.Repeat(")", 300) + `);`,
	strings.Repeat("{ ", 200) + `print(1);` + strings.Repeat(" }", 200),
	`let a = ` + strings.Repeat("[", 200) + `1` + strings.Repeat("]", 200) + `; print(a);`,
	`let f = ` + strings.Repeat("x => ", 100) + `1; print(f);`,
	`let x = ` + strings.Repeat("async { await ", 50) + `1` + strings.Repeat(" }", 50) + `; print(await x);`,
	`let o: i64` + strings.Repeat("?", 100) + ` = 1; print(o);`,
	`print(1` + strings.Repeat(" + 1", 2000) + `);`,
	`let s = "a"` + strings.Repeat(` + "a"`, 1000) + `; print(s);`,
	`let t = ` + strings.Repeat("(1, ", 100) + `1` + strings.Repeat(")", 100) + `; print(t);`,
	strings.Repeat("if true { ", 100) + `print(1);` + strings.Repeat(" }", 100),
	`fn f(): i64 { ` + strings.Repeat("while true { ", 60) + `return 1;` + strings.Repeat(" }", 60) + ` } print(f());`,
	`async fn f(): i64 { ` + strings.Repeat("if true { await sleep(0); ", 60) + `return 1;` + strings.Repeat(" }", 60) + ` return 0; } print(await f());`,
	`print(match 1 { ` + strings.Repeat("1 => match 1 { ", 50) + `_ => 1` + strings.Repeat(" }, _ => 0", 50) + ` });`,
	// Huge literals.
	`print(99999999999999999999999999999);`,
	`print(1e999999, 1e-999999, 0.0000000000000000000000001);`,
	`print(0xffffffffffffffffffffffff, 0b` + strings.Repeat("1", 100) + `);`,
	`print(300u8, 70000u16, -129i8, 18446744073709551616u64, -9223372036854775809);`,
	`let s = "` + strings.Repeat("x", 100000) + `"; print(s.len());`,
	`print("\u{110000}", "\u{D800}", "\xff", '\u{10FFFF}');`,
	`let a = [` + strings.Repeat("1, ", 5000) + `1]; print(a.len());`,
	`print(f"{` + strings.Repeat("1 + ", 500) + `1}");`,
	`for i in 0..9223372036854775807 { break; }`,
	`print(1 << 64, 1 >> -1, 1 / 0, 1 % 0, -9223372036854775807 - 1 / -1);`,
	// Async misuse.
	`let x = await 1; let h = spawn 1; await await x;`,
	`fn f() { await sleep(1); }`,
	`async fn f() { defer { await sleep(1); } }`,
	`scope(1); scope(async (s) => { s.spawn(1); });`,
	`let h = 5; h.cancel(); await h;`,
	`let m = Mutex::new(0); let g = m.lock(); await sleep(1); print(*g);`,
	`let p = new Promise((resolve) => resolve(1)); print(await p.then());`,
	`let ch = channel<i64>(); ch.send("s"); for x in ch { print(x); }`,
	`let a = async { return 1; }; let b: i64 = a;`,
	`async fn f(): i64 { return 1; } let x: i64 = f();`,
	`share s = 1; weak w = s; strong t = w; print(*s, w.upgrade(), *t);`,
}
