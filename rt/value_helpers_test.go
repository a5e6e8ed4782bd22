package rt

import "testing"

// thrown runs f and gives the *Thrown it panicked with, or nil.
func thrown(f func()) (th *Thrown) {
	defer func() {
		if r := recover(); r != nil {
			th = r.(*Thrown)
		}
	}()
	f()
	return nil
}

// wantFail checks that f fails with message msg at position "t.adesh:1:1".
func wantFail(t *testing.T, msg string, f func()) {
	t.Helper()
	th := thrown(f)
	if th == nil {
		t.Errorf("no failure, want %q", msg)
		return
	}
	if th.Err.Message != msg || th.Pos != testPos {
		t.Errorf("failed with %q at %q, want %q at %q", th.Err.Message, th.Pos, msg, testPos)
	}
}

const testPos = "t.adesh:1:1"
