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

// The thread module's value-less handles print as their kind and are identical by kind alone.
func TestHandlesWithoutElement(t *testing.T) {
	sem := &Handle{Kind: SemaphoreH}
	if sem.Kind.HasElem() || ScopeH.HasElem() || !ThreadRwLockH.HasElem() || !MutexH.HasElem() {
		t.Fatal("HasElem is wrong for Semaphore, Scope, thread.RwLock or Mutex")
	}
	for k, want := range map[HandleKind]string{SemaphoreH: "thread.Semaphore", BarrierH: "thread.Barrier",
		LatchH: "thread.CountDownLatch", CancelSourceH: "thread.CancellationSource",
		CancelTokenH: "thread.CancellationToken", CondvarH: "thread.Condvar", ScopeH: "Scope"} {
		if got := (&Handle{Kind: k}).String(); got != want {
			t.Errorf("%d prints %q, want %q", k, got, want)
		}
	}
	if got := (&Handle{Kind: ThreadRwLockH, Elem: I64}).String(); got != "thread.RwLock<i64>" {
		t.Errorf("thread.RwLock<i64> prints %q", got)
	}
	if !Identical(sem, &Handle{Kind: SemaphoreH}) || Identical(sem, &Handle{Kind: BarrierH}) {
		t.Error("value-less handles are not identical by kind")
	}
}
