package rt

import "testing"

// An atomic prints its value, and dynamic code (an atomic in a record or an `any`) calls its
// methods by name.
func TestAtomicFormatAndDynamicMethods(t *testing.T) {
	a := NewAtomic[int64](3)
	if got := Str(a); got != "Atomic(3)" {
		t.Errorf("print gives %q", got)
	}
	var d Value = a
	if got := DynMethod(d, "fetch_add", "t:1", int64(2)); got != int64(3) {
		t.Errorf("fetch_add gives %v", got)
	}
	if got := DynMethod(d, "load", "t:2"); got != int64(5) {
		t.Errorf("load gives %v", got)
	}
	flag := NewAtomic(false)
	DynMethod(flag, "store", "t:3", true)
	if got := DynMethod(flag, "load", "t:4"); got != true {
		t.Errorf("a bool's load gives %v", got)
	}
	if _, ok := flag.AdeshMethod("fetch_add", "t:5", []Value{int64(1)}); ok {
		t.Error("a bool atomic has no fetch_add")
	}
}
