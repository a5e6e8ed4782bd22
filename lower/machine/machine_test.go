package machine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// These tests build small bodies by hand, as lower hands them to the pass, and pin what the
// pass makes of them: the fields of the state struct, which locals live there, and for every
// case of Poll's switch the states it jumps to.

// fakeLowerer answers the pass's questions for bodies whose values are all int64.
type fakeLowerer struct{ temps int }

func (*fakeLowerer) ValueType(t types.Type) ir.Type {
	if types.IsUnit(t) {
		return ir.TUnit
	}
	return ir.TInt64
}
func (*fakeLowerer) FallOffEnd(types.Type) ir.Stmt { return ir.Unreachable() }
func (*fakeLowerer) IsStruct(name string) bool     { return strings.HasSuffix(name, "Future") }
func (l *fakeLowerer) Temp(want string, t ir.Type) *ir.Local {
	l.temps++
	return &ir.Local{Name: fmt.Sprintf("%s%d_", want, l.temps), Type: t, Temp: true}
}
func (*fakeLowerer) ReleaseCall(x ir.Expr, _ ir.Type) ir.Expr {
	return &ir.Call{Fun: &ir.Sel{X: x, Name: "Release"}}
}

func local(name string) *ir.Local { return &ir.Local{Name: name, Type: ir.TInt64} }

func ref(v *ir.Local) *ir.Ref { return &ir.Ref{V: v} }

// await is `dst = await fn()`, the Define of dst before it as lower writes it; fn's future
// is the struct fnFuture.
func await(dst *ir.Local, fn, site string) []ir.Stmt {
	return []ir.Stmt{
		&ir.Define{V: dst},
		&ir.Await{Dst: ref(dst), Future: &ir.Call{Fun: &ir.Ident{Name: fn}}, FutType: ir.GoType(fn + "Future"),
			Result: ir.TInt64, Site: site},
	}
}

// built is what the pass made of one spec.
type built struct {
	fields []string         // the state struct's fields, in order
	jumps  map[string][]int // "case N" -> the states it sets, in order; "fallthrough" marked as -1
}

func build(t *testing.T, spec *Spec) built {
	t.Helper()
	prog := &ir.Program{}
	Build(&fakeLowerer{}, prog, spec)
	var b built
	for _, d := range prog.Decls {
		switch d := d.(type) {
		case *ir.TypeDecl:
			if d.Name == spec.Name {
				for _, f := range d.Type.(*ir.TStruct).Fields {
					b.fields = append(b.fields, f.Name)
				}
			}
		case *ir.Func:
			if d.Name == "Poll" && d.Recv != nil {
				b.jumps = pollJumps(t, d)
			}
		}
	}
	if b.fields == nil || b.jumps == nil {
		t.Fatalf("no state struct %s or no Poll in %d decls", spec.Name, len(prog.Decls))
	}
	return b
}

// pollJumps finds the switch on f.state in Poll and lists, per case, the states it assigns and
// its fallthrough.
func pollJumps(t *testing.T, poll *ir.Func) map[string][]int {
	t.Helper()
	var sw *ir.Switch
	ir.WalkStmts(poll.Body.Stmts, false, func(s ir.Stmt) {
		if s, ok := s.(*ir.Switch); ok && isState(s.Tag) && sw == nil {
			sw = s
		}
	})
	if sw == nil {
		t.Fatal("Poll has no switch on f.state")
	}
	jumps := map[string][]int{}
	for _, c := range sw.Cases {
		key := "default"
		if len(c.Exprs) > 0 {
			key = "case " + c.Exprs[0].(*ir.Lit).Text
		}
		jumps[key] = []int{}
		ir.WalkStmts(c.Body, false, func(s ir.Stmt) {
			switch s := s.(type) {
			case *ir.Assign:
				if len(s.Lhs) == 1 && isState(s.Lhs[0]) {
					var n int
					fmt.Sscan(s.Rhs[0].(*ir.Lit).Text, &n)
					jumps[key] = append(jumps[key], n)
				}
			case *ir.Branch:
				if s.Tok == "fallthrough" {
					jumps[key] = append(jumps[key], -1)
				}
			}
		})
	}
	return jumps
}

func isState(x ir.Expr) bool {
	s, ok := x.(*ir.Sel)
	if !ok || s.Name != "state" {
		return false
	}
	id, ok := s.X.(*ir.Ident)
	return ok && id.Name == "f"
}

func TestStraightLineAwait(t *testing.T) {
	// async fn f(n) { let a = n + 1; let b = await two(); return a + b; }
	n := &ir.Local{Name: "n", Type: ir.TInt64, Field: true, Param: true}
	a, aw, b := local("a"), local("aw_"), local("b")
	aw.Temp = true
	body := []ir.Stmt{&ir.Define{V: a, Value: &ir.Binary{Op: "+", X: ref(n), Y: &ir.Lit{Text: "1"}}}}
	body = append(body, await(aw, "two", "t.adesh:4")...)
	body = append(body,
		&ir.Define{V: b, Value: ref(aw)},
		&ir.Return{Results: []ir.Expr{&ir.Binary{Op: "+", X: ref(a), Y: ref(b)}}})
	got := build(t, &Spec{Name: "fFuture", Fields: []*ir.Local{n}, Body: body, Ret: types.I64})

	// a is read after the await: a field. b and the temporary are not: Go locals of Poll.
	if want := []string{"state", "n", "a", "sub1_"}; !reflect.DeepEqual(got.fields, want) {
		t.Errorf("fields = %v, want %v", got.fields, want)
	}
	if !a.Field || b.Field || aw.Field {
		t.Errorf("Field: a %v, b %v, aw_ %v; want only a", a.Field, b.Field, aw.Field)
	}
	// case 0 starts the sub-future and falls into case 1, which polls it and returns.
	want := map[string][]int{"case 0": {1, -1}, "case 1": {}, "default": {}}
	if !reflect.DeepEqual(got.jumps, want) {
		t.Errorf("jumps = %v, want %v", got.jumps, want)
	}
}

func TestTwoAwaitsNumberStatesInOrder(t *testing.T) {
	// async fn g() { let x = await two(); let y = await three(); return x + y; }
	x, y := local("x"), local("y")
	body := append(await(x, "two", "t.adesh:2"), await(y, "three", "t.adesh:3")...)
	body = append(body, &ir.Return{Results: []ir.Expr{&ir.Binary{Op: "+", X: ref(x), Y: ref(y)}}})
	got := build(t, &Spec{Name: "gFuture", Body: body, Ret: types.I64})

	// x lives across the second await; each future type has its own sub-future field.
	if want := []string{"state", "x", "sub1_", "sub2_"}; !reflect.DeepEqual(got.fields, want) {
		t.Errorf("fields = %v, want %v", got.fields, want)
	}
	if !x.Field || y.Field {
		t.Errorf("Field: x %v, y %v; want only x", x.Field, y.Field)
	}
	want := map[string][]int{"case 0": {1, -1}, "case 1": {2, -1}, "case 2": {}, "default": {}}
	if !reflect.DeepEqual(got.jumps, want) {
		t.Errorf("jumps = %v, want %v", got.jumps, want)
	}
}

func TestAwaitsOfOneTypeShareAField(t *testing.T) {
	// async fn g() { let x = await two(); let y = await two(); return x + y; }
	x, y := local("x"), local("y")
	body := append(await(x, "two", "t.adesh:2"), await(y, "two", "t.adesh:3")...)
	body = append(body, &ir.Return{Results: []ir.Expr{&ir.Binary{Op: "+", X: ref(x), Y: ref(y)}}})
	got := build(t, &Spec{Name: "gFuture", Body: body, Ret: types.I64})

	// A future awaits one thing at a time: both awaits poll sub1_.
	if want := []string{"state", "x", "sub1_"}; !reflect.DeepEqual(got.fields, want) {
		t.Errorf("fields = %v, want %v", got.fields, want)
	}
	want := map[string][]int{"case 0": {1, -1}, "case 1": {2, -1}, "case 2": {}, "default": {}}
	if !reflect.DeepEqual(got.jumps, want) {
		t.Errorf("jumps = %v, want %v", got.jumps, want)
	}
}

func TestAwaitInLoopJumpsBack(t *testing.T) {
	// async fn h() { var i = 0; while i < 3 { i = i + await two(); } return i; }
	i, aw := local("i"), local("aw_")
	aw.Temp = true
	loop := append(await(aw, "two", "t.adesh:3"),
		&ir.Assign{Lhs: []ir.Expr{ref(i)}, Op: "=", Rhs: []ir.Expr{&ir.Binary{Op: "+", X: ref(i), Y: ref(aw)}}})
	body := []ir.Stmt{
		&ir.Define{V: i, Value: &ir.Lit{Text: "0"}},
		&ir.For{Cond: &ir.Binary{Op: "<", X: ref(i), Y: &ir.Lit{Text: "3"}}, Body: &ir.Block{Stmts: loop}},
		&ir.Return{Results: []ir.Expr{ref(i)}},
	}
	got := build(t, &Spec{Name: "hFuture", Body: body, Ret: types.I64})

	if want := []string{"state", "i", "sub1_"}; !reflect.DeepEqual(got.fields, want) {
		t.Errorf("fields = %v, want %v", got.fields, want)
	}
	if !i.Field || aw.Field {
		t.Errorf("Field: i %v, aw_ %v; want only i", i.Field, aw.Field)
	}
	// The loop's head is state 1: the start falls into it; from it the exit jumps to 3 (the
	// return) and the body starts the sub-future and falls into 2, which polls it and jumps back
	// to the head.
	want := map[string][]int{"case 0": {1, -1}, "case 1": {3, 2, -1}, "case 2": {1}, "case 3": {}, "default": {}}
	if !reflect.DeepEqual(got.jumps, want) {
		t.Errorf("jumps = %v, want %v", got.jumps, want)
	}
}
