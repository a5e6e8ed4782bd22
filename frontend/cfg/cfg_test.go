package cfg

import (
	"strings"
	"testing"

	"adesh2go/frontend/ast"
)

// TestGraphs pins the graphs of a few bodies that show each construct's shape.
func TestGraphs(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"while with defer, break and continue", `fn f(n: i64) {
    let i = 0;
    while i < n {
        defer print(i);
        if i == 3 { break; }
        i++;
        continue;
    }
}`, `0 entry
	Param n
	IntLit 0
	LetStmt let i = 0
	statement end LetStmt
	→ 2
1 exit
2 while.head
	Ident i
	Ident n
	Binary i < n
	if i < n → 3 else → 4
3 while.body
	statement end WhileStmt
	DeferStmt defer print(i);
	Ident i
	IntLit 3
	Binary i == 3
	if i == 3 → 5 else → 6
4 while.done
	statement end WhileStmt
	scope end Block
	scope end FuncDecl
	→ 1
5 if.then
	statement end IfStmt
	BranchStmt break
	scope end Block
	Ident print
	Ident i
	Call print(i)
	ExprStmt print(i)
	statement end ExprStmt
	scope end Block
	→ 4
6 if.done
	statement end IfStmt
	Ident i
	IncDec i++
	ExprStmt i++
	statement end ExprStmt
	BranchStmt continue
	Ident print
	Ident i
	Call print(i)
	ExprStmt print(i)
	statement end ExprStmt
	scope end Block
	→ 2
`},
		{"try, catch and finally with a return", `fn f() {
    try { let g = m.lock(); return 1; } catch (e) { print(e); } finally { done(); }
}`, `0 entry
	→ 3
1 exit
2 try.catch
	scope end Block (unwind)
	catch
	Ident print
	Ident e
	Call print(e)
	ExprStmt print(e)
	statement end ExprStmt
	scope end Block
	scope end TryStmt
	→ 5
3 try.body
	Ident m
	Selector m.lock
	Call m.lock()
	LetStmt let g = m.lock()
	statement end LetStmt
	IntLit 1
	ReturnStmt return 1
	scope end Block
	Ident done
	Call done()
	ExprStmt done()
	statement end ExprStmt
	scope end Block
	scope end Block
	scope end FuncDecl
	→ 1 2
5 try.done
	Ident done
	Call done()
	ExprStmt done()
	statement end ExprStmt
	scope end Block
	scope end Block
	scope end FuncDecl
	→ 1
`},
		{"match with a guard, short circuits and ?", `fn f(x) {
    let y = match x { 1 => 2, n if n > 3 => { return 4; }, _ => 5 };
    return a && b ? y : z?;
}`, `0 entry
	Param x
	Ident x
	→ 3 4 8
1 exit
2 match.done
	Match match x { 1 => 2, n if n > 3 => { return 4; }, _ => 5 }
	LetStmt let y = match x { 1 => 2, n if n > 3 => { return 4; }, _ => 5 }
	statement end LetStmt
	Ident a
	→ 9 10
3 match.arm
	IntLit 1
	Arm 1
	IntLit 2
	scope end Arm
	→ 2
4 match.arm
	Arm n
	Ident n
	IntLit 3
	Binary n > 3
	if n > 3 → 5 else → 6
5 match.body
	IntLit 4
	ReturnStmt return 4
	scope end Block
	scope end Arm
	scope end Block
	scope end FuncDecl
	→ 1
6 match.guardfail
	scope end Arm
	→ 8
7 unreachable (unreachable)
	BlockExpr { return 4; }
	→ 2
8 match.arm
	Arm _
	IntLit 5
	scope end Arm
	→ 2
9 binary.right
	Ident b
	→ 10
10 binary.done
	Binary a && b
	if a && b → 11 else → 12
11 cond.then
	Ident y
	→ 13
12 cond.else
	Ident z
	Try z?
	→ 15 14
13 cond.done
	Cond a && b ? y : z?
	ReturnStmt return a && b ? y : z?
	scope end Block
	scope end FuncDecl
	→ 1
14 try.return
	scope end Block
	scope end FuncDecl
	→ 1
15 try.continue
	→ 13
`},
	} {
		if got := graphText(t, c.src); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestCompletesNormally asks whether the first statement of f's body can complete, for the
// shapes the checker and lower ask about.
func TestCompletesNormally(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"return 1;", false},
		{"throw e;", false},
		{"exit(1);", false},
		{"x = 1;", true},
		{"if c { return 1; }", true},
		{"if c { return 1; } else { throw e; }", false},
		{"if c { return 1; } else if d { return 2; } else { return 3; }", false},
		{"while (true) { x(); }", false},
		{"while true { if c { break; } }", true},
		{"while (true) { while c { break; } return 1; }", false}, // the break leaves the inner loop only
		{"while (true) { for x in xs { break; } }", false},
		{"for (;;) { continue; }", false},
		{"for (;;) { if c { break; } }", true},
		{"while c { return 1; }", true},
		{"for x in xs { return 1; }", true},
		{"{ return 1; }", false},
		{"match x { 1 => { return 1; }, _ => { throw e; } }", false},
		{"match x { 1 => { return 1; }, _ => 2 }", true},
		{"try { return 1; } catch (e) { return 2; }", false},
		{"try { throw e; } catch (e) { }", true},
		{"try { x(); } finally { return 1; }", false},
		{"try { return 1; } finally { x(); }", false},
		{"try { x(); } catch (e) { return 1; }", true},
		{"do_it(a?);", true},
	} {
		f, _ := parse(t, "fn f() { "+c.src+" }")
		fd := fn(t, f, "f")
		if got := Build(fd).CompletesNormally(fd.Body.Stmts[0]); got != c.want {
			t.Errorf("%s: completes normally %v, want %v", c.src, got, c.want)
		}
	}
}

// TestReaches asks what may run after what.
func TestReaches(t *testing.T) {
	src := `fn f() {
    let h = spawn_it();
    while c {
        let fresh = 1;
        child(fresh, shared);
        if d { join_it(h); }
        shared = 2;
    }
    after();
}`
	f, text := parse(t, src)
	g := Build(fn(t, f, "f"))
	call := func(s string) ast.Node { return find[*ast.Call](t, f, text, s) }
	let := func(s string) ast.Node { return find[*ast.LetStmt](t, f, text, s) }
	isJoin := func(n ast.Node) bool { return n == call("join_it(h)") }
	checks := []struct {
		name string
		got  bool
		want bool
	}{
		{"the child runs again", g.Reaches(call("child(fresh, shared)"), call("child(fresh, shared)"), nil), true},
		{"not without a new `fresh`", g.Reaches(call("child(fresh, shared)"), call("child(fresh, shared)"), func(n ast.Node) bool { return n == let("let fresh = 1") }), false},
		{"after runs after the spawn", g.Reaches(call("spawn_it()"), call("after()"), nil), true},
		{"after may run with no join between", g.Reaches(call("spawn_it()"), call("after()"), isJoin), true},
		{"the spawn does not run again", g.Reaches(call("spawn_it()"), call("spawn_it()"), nil), false},
		{"after does not run before the loop", g.Reaches(call("after()"), call("child(fresh, shared)"), nil), false},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestEveryExpressionOnce checks that each expression of a body runs at exactly one place,
// those of finally and defer bodies (copied on each path out) and the bodies of lambdas and
// async blocks (graphs of their own) aside.
func TestEveryExpressionOnce(t *testing.T) {
	src := `fn f(a, b = 2) {
    let t = [a, {"k": b}, {1, 2}, Point { x: a, y }, (a, b), f"{a}", -a, a + b, a ?? b, a ? b : 0];
    t[0] += 1; t.x++;
    let r = 1..5; let c = a as i64; let s = share a; let w = await a; let v = spawn a; let q = a?;
    let l = (x) => x + a; let k = async { return a; };
    if a || b { g(a); } else if b { } else { h(); }
    while a { for x in b { match x { 1 | 2 => 1, 3..4 => 2, y if y > a => { break; }, _ => 3 } } }
    for (let i = 0; i < 3; i++) { continue; }
    try { throw a; } catch (e) { g(e); }
    { ; }
    fn inner() { }
    return t;
}`
	f, text := parse(t, src)
	fd := fn(t, f, "f")
	g := Build(fd)
	names := map[ast.Node]bool{} // names that are no values: after a dot, of a field, of a catch
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Selector:
			names[n.Name] = true
		case *ast.FieldInit:
			if n.Value != nil {
				names[n.Name] = true
			}
		case *ast.TryStmt:
			names[n.CatchName] = true
		}
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n.(type) {
		case ast.Pattern, ast.Type:
			return false // no expression runs there but a pattern's values, checked with the arm
		case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
			if len(g.Points(n)) != 1 {
				t.Errorf("%s runs at %d places", text(n), len(g.Points(n)))
			}
			return false
		}
		if e, ok := n.(ast.Expr); ok && !names[e] {
			if got := len(g.Points(e)); got != 1 {
				t.Errorf("%T %s runs at %d places", e, text(e), got)
			}
		}
		return true
	})
	if !strings.Contains(g.Format(text), "next of b") {
		t.Error("the for-in takes no element")
	}
}
