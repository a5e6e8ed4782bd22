package rt

import "testing"

func TestOptionMethods(t *testing.T) {
	s, n := Some[int64](3), None[int64]()
	if s.IsNone() || !n.IsNone() || s.Unwrap(testPos) != 3 || n.UnwrapOr(7) != 7 || s.UnwrapOr(7) != 3 {
		t.Error("Option basics")
	}
	calls := 0
	fallback := func() int64 { calls++; return 9 }
	if s.OrElse(fallback) != 3 || calls != 0 || n.OrElse(fallback) != 9 || calls != 1 {
		t.Error("OrElse must evaluate its fallback only when null")
	}
	if s.ToValue() != int64(3) || n.ToValue() != nil {
		t.Error("ToValue")
	}
	wantFail(t, "unwrap on null", func() { n.Unwrap(testPos) })
}

func TestResultMethods(t *testing.T) {
	ok, bad := Ok[int64, string](1), Err[int64]("no")
	if ok.IsErr() || !bad.IsErr() || ok.Unwrap(testPos) != 1 || bad.UnwrapOr(5) != 5 || bad.UnwrapErr(testPos) != "no" {
		t.Error("Result basics")
	}
	if ok.OkValue() != Some[int64](1) || bad.OkValue().Some || bad.ErrValue() != Some("no") || ok.ErrValue().Some {
		t.Error("OkValue / ErrValue")
	}
	wantFail(t, `unwrap on Err("no")`, func() { bad.Unwrap(testPos) })
	wantFail(t, `unwrap_err on Ok(1)`, func() { ok.UnwrapErr(testPos) })
	// An Err holding an Error rethrows that error, so a catch sees its own message.
	wantFail(t, "connection refused", func() { Err[int64](NewError("connection refused")).Unwrap(testPos) })
}

func TestTupleFields(t *testing.T) {
	tp := Tuple4[int64, string, bool, Char]{1, "a", true, 'c'}
	for name, want := range map[string]Value{"0": int64(1), "1": "a", "2": true, "3": Char('c')} {
		if got, ok := tp.AdeshField(name); !ok || got != want {
			t.Errorf("field %s = %v", name, got)
		}
	}
	for _, name := range []string{"4", "", "01", "x"} {
		if _, ok := tp.AdeshField(name); ok {
			t.Errorf("field %q should not exist", name)
		}
	}
	if Str(Tuple5[int64, int64, int64, int64, string]{1, 2, 3, 4, "5"}) != `(1, 2, 3, 4, "5")` {
		t.Error("Tuple5 printing")
	}
}
