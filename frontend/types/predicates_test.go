package types

import "testing"

func TestDefaultUnbound(t *testing.T) {
	unbound := &Var{ID: 1}
	bound := &Var{ID: 2, Bound: I64}
	box := &TypeDef{Name: "Box", TypeParams: []*TypeParam{{Name: "T"}}}
	tests := []struct {
		in   Type
		want string
	}{
		{&Array{Elem: unbound}, "[any]"},
		{&MapT{Key: unbound, Val: bound}, "Map<any, i64>"},
		{&SetT{Elem: unbound}, "Set<any>"},
		{&SetT{Elem: bound}, "Set<i64>"},
		{&Named{Def: box, Args: []Type{&Optional{Elem: unbound}}}, "Box<any?>"},
		{&Func{Params: []Type{unbound}, Ret: &Var{ID: 3, Bound: UnitType}}, "fn(any)"},
		{&Tuple{Elems: []Type{bound, &Handle{Kind: ShareH, Elem: unbound}}}, "(i64, Share<any>)"},
		{&Array{Elem: bound}, "[i64]"},
	}
	for _, tt := range tests {
		if got := DefaultUnbound(tt.in).String(); got != tt.want {
			t.Errorf("DefaultUnbound(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
	if unbound.Bound != nil {
		t.Error("DefaultUnbound bound a variable")
	}
}

func TestSubst(t *testing.T) {
	tp := &TypeParam{Name: "T"}
	other := &TypeParam{Name: "U"}
	in := &Result{Ok: &Array{Elem: tp}, Err: &Future{Elem: other}}
	got := Subst(in, map[*TypeParam]Type{tp: StringType})
	if got.String() != "Result<[string], Future<U>>" {
		t.Errorf("Subst = %s", got)
	}
	if in.String() != "Result<[T], Future<U>>" {
		t.Errorf("Subst changed its operand: %s", in)
	}
}
