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

func TestTagAndValue(t *testing.T) {
	if got := Some[int64](5).Tag(); got != "Some" {
		t.Errorf("Some(5).tag = %q", got)
	}
	if got := None[int64]().Tag(); got != "None" {
		t.Errorf("None.tag = %q", got)
	}
	ok, bad := Result[int64, string]{IsOk: true, Val: 1}, Result[int64, string]{Err: "no"}
	if ok.Tag() != "Ok" || bad.Tag() != "Err" || ok.ToValue() != int64(1) || bad.ToValue() != "no" {
		t.Errorf("Result tags and values: %q %q %v %v", ok.Tag(), bad.Tag(), ok.ToValue(), bad.ToValue())
	}
	if got := ResultValue(Result[string, string]{Err: "e"}); got != "e" {
		t.Errorf("ResultValue of an Err = %q", got)
	}
	if got := VariantName(1, "Red", "Green"); got != "Green" {
		t.Errorf("VariantName(1) = %q", got)
	}
}
