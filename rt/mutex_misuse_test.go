package rt_test

import (
	"testing"

	"adesh2go/rt"
)

// The position of a misuse error is that of the call into rt, which the //line directives of
// generated code map to the AdeshLang source. The calls below come from outside package rt under
// such directives, as generated code does.
func TestMisusePositionIsTheAdeshLine(t *testing.T) {
	m := rt.NewMutex(0)
	g := m.Lock()
	g.Unlock()
	thrown := syncThrownBy(func() { unlockAgain(&g) })
	if thrown == nil || thrown.Pos != "prog.adesh:42" {
		t.Fatalf("got %v, want an error at prog.adesh:42", thrown)
	}

	s := rt.NewShare("x")
	s.Release()
	thrown = syncThrownBy(func() { releaseAgain(s) })
	if thrown == nil || thrown.Pos != "prog.adesh:7" || thrown.Err.Message != "release below zero of a Share<string>" {
		t.Fatalf("got %v, want release below zero at prog.adesh:7", thrown)
	}
}

func syncThrownBy(f func()) (thrown *rt.Thrown) {
	defer func() { thrown, _ = recover().(*rt.Thrown) }()
	f()
	return nil
}

// The directives below renumber the rest of this file, so they stay at its end.

func unlockAgain(g *rt.MutexGuard[int]) {
//line prog.adesh:42
	g.Unlock()
}

func releaseAgain(s *rt.Share[string]) {
//line prog.adesh:7
	s.Release()
}
