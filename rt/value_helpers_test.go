package rt

import (
	"testing"
	"time"
)

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

// versus runs contender and then baseline b.N times each and reports both per-operation times
// and their ratio ("x-baseline": below 1 means the contender is faster). Both run in the same
// benchmark so that the ratio is taken under the same machine load.
func versus(b *testing.B, contender, baseline func(i int)) {
	b.Helper()
	b.ReportAllocs()
	start := time.Now()
	for i := range b.N {
		contender(i)
	}
	c := time.Since(start)
	start = time.Now()
	for i := range b.N {
		baseline(i)
	}
	base := time.Since(start)
	b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "rt-ns/op")
	b.ReportMetric(float64(base.Nanoseconds())/float64(b.N), "baseline-ns/op")
	b.ReportMetric(float64(c)/float64(max(base, 1)), "x-baseline")
}
