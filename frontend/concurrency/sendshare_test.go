package concurrency_test

import (
	"strings"
	"testing"

	"adesh2go/frontend/concurrency"
	"adesh2go/frontend/types"
)

func handle(k types.HandleKind, elem types.Type) *types.Handle {
	return &types.Handle{Kind: k, Elem: elem}
}

func TestSendShareOfTypes(t *testing.T) {
	guard := handle(types.MutexGuardH, types.I64)
	// struct Slot<T> { label: string, value: T }
	tp := &types.TypeParam{Name: "T"}
	slot := &types.TypeDef{Name: "Slot", TypeParams: []*types.TypeParam{tp},
		Fields: []*types.FieldDef{{Name: "label", Type: types.StringType}, {Name: "value", Type: tp}}}
	// enum Maybe<T> { Nothing, One(T) }
	mtp := &types.TypeParam{Name: "T"}
	maybe := &types.TypeDef{Name: "Maybe", Enum: true, TypeParams: []*types.TypeParam{mtp}}
	maybe.Variants = []*types.VariantDef{{Name: "Nothing", Enum: maybe}, {Name: "One", Index: 1, Payload: []types.Type{mtp}, Enum: maybe}}
	// struct Node { next: Node?, value: i64 }: recursive, and Send.
	node := &types.TypeDef{Name: "Node"}
	node.Fields = []*types.FieldDef{{Name: "next", Type: &types.Optional{Elem: &types.Named{Def: node}}}, {Name: "value", Type: types.I64}}
	// struct Locked { g: MutexGuard<i64>, tail: Locked? }: recursive, and not Send.
	locked := &types.TypeDef{Name: "Locked"}
	locked.Fields = []*types.FieldDef{{Name: "g", Type: guard}, {Name: "tail", Type: &types.Optional{Elem: &types.Named{Def: locked}}}}

	tests := []struct {
		name string
		t    types.Type
		send bool
		why  string // a part of the explanation, when not Send
	}{
		{"i64", types.I64, true, ""},
		{"string", types.StringType, true, ""},
		{"unit", types.UnitType, true, ""},
		{"any", types.AnyType, true, ""},
		{"TcpStream", types.Typ[types.TcpStream], true, ""},
		{"TcpListener", types.Typ[types.TcpListener], true, ""},
		{"[string]", &types.Array{Elem: types.StringType}, true, ""},
		{"Map<string, [i64]>", &types.MapT{Key: types.StringType, Val: &types.Array{Elem: types.I64}}, true, ""},
		{"Set<string>", &types.SetT{Elem: types.StringType}, true, ""},
		{"(i64, string)", &types.Tuple{Elems: []types.Type{types.I64, types.StringType}}, true, ""},
		{"Result<i64, Error>", &types.Result{Ok: types.I64, Err: types.ErrorType}, true, ""},
		{"Share<[i64]>", handle(types.ShareH, &types.Array{Elem: types.I64}), true, ""},
		{"Weak<string>", handle(types.WeakH, types.StringType), true, ""},
		{"Mutex<i64>", handle(types.MutexH, types.I64), true, ""},
		{"RwLock<[i64]>", handle(types.RwLockH, &types.Array{Elem: types.I64}), true, ""},
		{"Channel<string>", handle(types.ChannelH, types.StringType), true, ""},
		{"Promise<i64>", handle(types.PromiseH, types.I64), true, ""},
		{"JoinHandle<()>", handle(types.JoinHandleH, types.UnitType), true, ""},
		{"fn(i64): i64", &types.Func{Params: []types.Type{types.I64}, Ret: types.I64}, true, ""},
		{"Future<i64>", &types.Future{Elem: types.I64}, true, ""},
		{"T", tp, true, ""},
		{"Slot<i64>", &types.Named{Def: slot, Args: []types.Type{types.I64}}, true, ""},
		{"Maybe<string>", &types.Named{Def: maybe, Args: []types.Type{types.StringType}}, true, ""},
		{"Node", &types.Named{Def: node}, true, ""},
		{"thread.Mutex<i64>", handle(types.ThreadMutexH, types.I64), true, ""},
		{"Atomic<i64>", handle(types.AtomicH, types.I64), true, ""},
		{"thread.RwLock<[i64]>", handle(types.ThreadRwLockH, &types.Array{Elem: types.I64}), true, ""},
		{"thread.Semaphore", handle(types.SemaphoreH, nil), true, ""},
		{"thread.Barrier", handle(types.BarrierH, nil), true, ""},
		{"thread.CountDownLatch", handle(types.LatchH, nil), true, ""},
		{"thread.CancellationSource", handle(types.CancelSourceH, nil), true, ""},
		{"thread.CancellationToken", handle(types.CancelTokenH, nil), true, ""},
		{"thread.Condvar", handle(types.CondvarH, nil), true, ""},
		{"[thread.Semaphore]", &types.Array{Elem: handle(types.SemaphoreH, nil)}, true, ""},

		{"MutexGuard<i64>", guard, false, "`MutexGuard<i64>` is a lock guard"},
		{"ReadGuard<string>", handle(types.ReadGuardH, types.StringType), false, "is a lock guard"},
		{"WriteGuard<string>", handle(types.WriteGuardH, types.StringType), false, "is a lock guard"},
		{"[MutexGuard<i64>]", &types.Array{Elem: guard}, false, "`[MutexGuard<i64>]` holds `MutexGuard<i64>`, a lock guard"},
		{"MutexGuard<i64>?", &types.Optional{Elem: guard}, false, "a lock guard"},
		{"(i64, MutexGuard<i64>)", &types.Tuple{Elems: []types.Type{types.I64, guard}}, false, "a lock guard"},
		{"Map<string, MutexGuard<i64>>", &types.MapT{Key: types.StringType, Val: guard}, false, "a lock guard"},
		{"Result<MutexGuard<i64>, Error>", &types.Result{Ok: guard, Err: types.ErrorType}, false, "a lock guard"},
		{"Share<MutexGuard<i64>>", handle(types.ShareH, guard), false, "`Share<MutexGuard<i64>>` holds"},
		{"Mutex<MutexGuard<i64>>", handle(types.MutexH, guard), false, "a lock guard"},
		{"Channel<[MutexGuard<i64>]>", handle(types.ChannelH, &types.Array{Elem: guard}), false, "a lock guard"},
		{"JoinHandle<MutexGuard<i64>>", handle(types.JoinHandleH, guard), false, "a lock guard"},
		{"Future<MutexGuard<i64>>", &types.Future{Elem: guard}, false, "a lock guard"},
		{"Slot<MutexGuard<i64>>", &types.Named{Def: slot, Args: []types.Type{guard}}, false, "field `value` of `Slot<MutexGuard<i64>>` holds"},
		{"Maybe<MutexGuard<i64>>", &types.Named{Def: maybe, Args: []types.Type{guard}}, false, "variant `One` of `Maybe<MutexGuard<i64>>` holds"},
		{"Locked", &types.Named{Def: locked}, false, "field `g` of `Locked` holds"},
		{"thread.RwLock<MutexGuard<i64>>", handle(types.ThreadRwLockH, guard), false, "`thread.RwLock<MutexGuard<i64>>` holds"},
	}
	for _, tc := range tests {
		if got := concurrency.IsSend(tc.t); got != tc.send {
			t.Errorf("IsSend(%s) = %v, want %v", tc.name, got, tc.send)
		}
		// §10 gives Send and Share the same rules.
		if got := concurrency.IsShare(tc.t); got != tc.send {
			t.Errorf("IsShare(%s) = %v, want %v", tc.name, got, tc.send)
		}
		why := concurrency.WhyNot(concurrency.Send, tc.t)
		if tc.send && why != "" {
			t.Errorf("WhyNot(Send, %s) = %q, want \"\"", tc.name, why)
		}
		if !tc.send && !strings.Contains(why, tc.why) {
			t.Errorf("WhyNot(Send, %s) = %q, want it to contain %q", tc.name, why, tc.why)
		}
	}
}

func TestPropertyNames(t *testing.T) {
	if concurrency.Send.String() != "Send" || concurrency.Share.String() != "Share" {
		t.Errorf("property names: %s, %s", concurrency.Send, concurrency.Share)
	}
}
