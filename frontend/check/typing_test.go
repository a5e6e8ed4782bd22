package check_test

import (
	"bytes"
	"strings"
	"testing"

	"adesh2go/frontend"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
)

// typeErrors checks a one-file program and returns its diagnostics as text ("" when none).
func typeErrors(src string) string {
	prog := frontend.LoadSource("t.adesh", []byte(src))
	var b bytes.Buffer
	prog.Diags.WriteText(&b)
	return b.String()
}

func TestNarrowingFlow(t *testing.T) {
	ok := []struct{ name, src string }{
		{"loop assigns the narrowed variable", `
let cur: i64? = 5;
while cur != null {
    print(cur + 1);
    cur = cur > 0 ? cur - 2 : null;
}`},
		{"right side of an assignment reads the narrowed value", `
fn f(x: i64?): i64? {
    if x == null { return null; }
    x = x + 1;
    return x;
}`},
		{"narrowed until assigned", `
let v: i64? = 10;
if v != null {
    let doubled = v * 2;
    v = null;
    print(doubled, v);
}`},
		{"a lambda of a never-assigned variable", `
fn g(x: i64?): i64 {
    if x == null { return 0; }
    let f = () => x + 1;
    return f();
}`},
		{"c-style for narrows its body", `
let n: i64? = 3;
for (let i = 0; n != null && i < n; i++) { print(i * n); }`},
	}
	for _, c := range ok {
		if got := typeErrors(c.src); got != "" {
			t.Errorf("%s: unexpected errors:\n%s", c.name, got)
		}
	}
	refused := []struct{ name, src string }{
		{"use after assigning null", `let v: i64? = 1; if v != null { v = null; print(v + 1); }`},
		{"loop comes back after the assignment", `let v: i64? = 1; if v != null { while true { print(v + 1); v = null; } }`},
		{"c-style loop comes back after the assignment", `let v: i64? = 1; if v != null { for (let i = 0; i < 2; i++) { print(v + 1); v = null; } }`},
		{"lambda of a variable assigned later", `let v: i64? = 1; if v != null { let f = () => v + 1; print(f()); } v = null;`},
		{"a function sees no narrowing of its caller", `let g: i64? = 1; if g != null { f(); } fn f() { print(g + 1); }`},
		{"early return, then assigned", `fn h(x: i64?): i64 { if x == null { return 0; } x = null; return x + 1; }`},
	}
	for _, c := range refused {
		if got := typeErrors(c.src); !strings.Contains(got, "error[E0705]") || !strings.Contains(got, "i64?") {
			t.Errorf("%s: want an E0705 about `i64?`, got:\n%s", c.name, got)
		}
	}
}

func TestGenericInstantiationNeeds(t *testing.T) {
	ok := `
fn max_of<T>(a: T, b: T): T { return a > b ? a : b; }
fn sum<T>(xs: [T], zero: T): T { let s = zero; for x in xs { s = s + x; } return s; }
fn count<K>(xs: [K]): Map<K, i64> { let m: Map<K, i64> = {}; for x in xs { m[x] = 1; } return m; }
fn clamp<T>(x: T, hi: T): T { return max_of(x, hi); }
fn same<T>(a: T, b: T): bool { return a == b; }
print(max_of("a", "b"), max_of('a', 'b'), sum([1.5], 0.0), count([true]), clamp(1u8, 2u8), same([1], [1]));`
	if got := typeErrors(ok); got != "" {
		t.Fatalf("unexpected errors:\n%s", got)
	}
	cases := []struct{ src, want string }{
		{`struct P { x: i64 }
fn max_of<T>(a: T, b: T): T { return a > b ? a : b; }
print(max_of(P { x: 1 }, P { x: 2 }));`, "`P` cannot stand for the type parameter `T` of `max_of`: its values are compared with `<`"},
		{`fn sum<T>(a: T, b: T): T { return a + b; }
print(sum("a", "b"));`, "`string` cannot stand for the type parameter `T` of `sum`: its values are used in arithmetic"},
		{`fn count<K>(xs: [K]): i64 { let m: Map<K, i64> = {}; return m.len(); }
print(count([[1]]));`, "`[i64]` cannot stand for the type parameter `K` of `count`: its values are used as a map key"},
		{`fn max_of<T>(a: T, b: T): T { return a > b ? a : b; }
fn outer<U>(a: U, b: U): U { return max_of(a, b); }
print(outer([1], [2]));`, "`[i64]` cannot stand for the type parameter `U` of `outer`"},
		{`struct Box<T> { v: T }
extend on Box<T> { fn bigger(o: T): bool { return self.v > o; } }
let b = Box<bool> { v: true };`, "`bool` cannot stand for the type parameter `T` of `Box`"},
	}
	for _, c := range cases {
		if got := typeErrors(c.src); !strings.Contains(got, c.want) {
			t.Errorf("want %q in:\n%s\ngot:\n%s", c.want, c.src, got)
		}
	}
}

func TestNegativeLiteralBounds(t *testing.T) {
	if got := typeErrors(`let a: i8 = -128i8; let b: i8 = -128; let c = -9223372036854775808; print(a, b, c);`); got != "" {
		t.Errorf("the most negative literals must fit:\n%s", got)
	}
	for _, src := range []string{`let a = 128i8;`, `let b: i8 = -129;`, `let c: u8 = 256;`, `let d = 9223372036854775808;`} {
		if got := typeErrors(src); !strings.Contains(got, "does not fit") {
			t.Errorf("%s: want a `does not fit` error, got:\n%s", src, got)
		}
	}
}

func TestInfiniteLoopsTerminate(t *testing.T) {
	src := `
fn a(): i64 { while true { return 1; } }
fn b(): i64 { for (let i = 0; ; i++) { if i > 2 { return i; } } }
fn c(): i64 { while (true) { } }
print(a(), b());`
	if got := typeErrors(src); got != "" {
		t.Errorf("unexpected errors:\n%s", got)
	}
	if got := typeErrors(`fn d(): i64 { for (let i = 0; ; i++) { if i > 2 { break; } } }`); !strings.Contains(got, "missing return") {
		t.Errorf("a loop that breaks does not terminate:\n%s", got)
	}
}

func TestExhaustivenessOfRecursiveEnums(t *testing.T) {
	ok := `
enum Expr { Num(i64), Add(Expr, Expr), Neg(Expr) }
fn eval(e: Expr): i64 {
    return match e {
        Expr::Num(n) => n,
        Expr::Add(Expr::Num(0), b) => eval(b),
        Expr::Add(a, b) => eval(a) + eval(b),
        Expr::Neg(x) => -eval(x),
    };
}
print(eval(Expr::Neg(Expr::Num(1))));`
	if got := typeErrors(ok); got != "" {
		t.Fatalf("unexpected errors:\n%s", got)
	}
	missing := `
enum Expr { Num(i64), Add(Expr, Expr), Neg(Expr) }
fn eval(e: Expr): i64 {
    return match e {
        Expr::Num(n) => n,
        Expr::Add(Expr::Num(a), b) => a,
        Expr::Neg(x) => 0,
    };
}`
	if got := typeErrors(missing); !strings.Contains(got, "non-exhaustive match: `Add` not covered") {
		t.Errorf("want `Add` reported as not covered, got:\n%s", got)
	}
	nested := `
fn f(r: Result<i64?, string>): i64 {
    return match r { Ok(Some(n)) => n, Err(e) => 0 };
}`
	if got := typeErrors(nested); !strings.Contains(got, "`Ok` not covered") {
		t.Errorf("want `Ok` reported as not covered, got:\n%s", got)
	}
}

func TestRecursiveStructsRefused(t *testing.T) {
	for _, src := range []string{
		`struct Node { val: i64, next: Node? }`,
		`struct A { b: B } struct B { a: (A, i64)? }`,
		`struct R { r: Result<R, string> }`,
		`struct Box<T> { v: T } struct S { b: Box<S> }`,
	} {
		if got := typeErrors(src); !strings.Contains(got, "holds itself through the field") {
			t.Errorf("%s: want a recursive-struct error, got:\n%s", src, got)
		}
	}
	fine := `struct T { kids: [T], parent: i64? }
enum E { N(E), Z }
struct W { e: E, m: Map<string, W>, f: fn(W): W }
print(T { kids: [], parent: null }, E::N(E::Z));`
	if got := typeErrors(fine); got != "" {
		t.Errorf("arrays, maps, enums and functions hold their values out of line:\n%s", got)
	}
}

// TestCheckTwiceSameResult: a program whose untyped parameters need the silent pass checks the
// same way twice over one tree (what the final pass finds does not depend on what was in the AST).
func TestCheckTwiceSameResult(t *testing.T) {
	src := `
fn twice(f, x) { return f(f(x)); }
fn pick(n) { if n > 0 { return n; } return "none"; }
print(twice((v) => v + 1, 3), pick(1), pick(0));
let y: i64 = "a";`
	prog := frontend.LoadSource("t.adesh", []byte(src))
	var first bytes.Buffer
	prog.Diags.WriteText(&first)
	if first.Len() == 0 {
		t.Fatal("expected the type error of `let y: i64 = \"a\"`")
	}
	again := diag.NewList(prog.Fset)
	check.Check(prog.Files, prog.Fset, again)
	again.Sort()
	var second bytes.Buffer
	again.WriteText(&second)
	if second.String() != first.String() {
		t.Errorf("second check differs:\n%s\nfirst:\n%s", second.String(), first.String())
	}
}

// An untyped parameter whose argument is another untyped function's result takes that
// function's result type, which the other's own argument fixes (issue 14: it was `()`).
func TestUntypedParamFromUntypedResult(t *testing.T) {
	for _, src := range []string{
		"fn a(x) { return x * 2; }\nfn b(y) { return y; }\nprint(b(a(1)));",
		"fn a(x) { return x * 2; }\nfn b(y) { return y; }\nlet t = a(1);\nprint(b(t));",
		"fn a(x) { return x - 0.5; }\nfn b(y) { return y; }\nfn c(z) { return b(z); }\nprint(c(a(1.5)) + 1.0);",
		"fn id(x) { return x; }\nfn twice(y) { return id(id(y)); }\nprint(twice(\"s\") + \"!\");",
	} {
		prog := frontend.LoadSource("t.adesh", []byte(src))
		var b bytes.Buffer
		prog.Diags.WriteText(&b)
		if b.Len() > 0 {
			t.Errorf("%s\nunexpected errors:\n%s", src, b.String())
			continue
		}
		for _, f := range prog.Info.Fallbacks {
			t.Errorf("%s\n`%s` is dynamic: %s", src, f.Name, f.Reason)
		}
	}
}

// A variable bound to an integer literal takes the number type its uses give it (EVERYDAY.md
// §3); two number types meet in the wider one, in typed code too (§7.5, issue 30 item 7), but a
// variable keeps its type when it is stored into.
func TestLiteralLetTakesTheTypeItMeets(t *testing.T) {
	for _, src := range []string{
		"fn f(n: i32): i32 { let i = 0; while i < n { i = i + 1; } return i; }\nprint(f(3));",
		"let x = 0;\nx = x + 0.5;\nlet y: f64 = x;\nprint(y);",
		"let small: u8 = 1;\nlet k = 2;\nlet s: u8 = k + small;\nprint(s);",
		"let a: i32 = 1;\nlet b: i64 = 2;\nlet i = 0;\nprint(i < a, i < b);",
		"fn scale(x: i64, f: f64): f64 { return x * f; }\nprint(scale(3, 1.5));",
	} {
		if got := typeErrors(src); got != "" {
			t.Errorf("%s\nunexpected errors:\n%s", src, got)
		}
	}
	for _, src := range []string{
		"let n: i64 = 1;\nlet f: f64 = 0.5;\nn = n * f;\nprint(n);",
	} {
		if got := typeErrors(src); !strings.Contains(got, "mismatched types") {
			t.Errorf("%s\nwant a mismatch, got:\n%s", src, got)
		}
	}
}
