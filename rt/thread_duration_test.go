package rt

import (
	"testing"
	"time"
)

func TestMillisForms(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want int64
	}{
		{int64(7), 7}, {2.9, 2}, {BigLit("20000000"), 20}, {BigLit("999999"), 0},
		{NewRecord([]string{"millis"}, int64(5)), 5},
		{NewRecord([]string{"seconds", "millis"}, 1.5, int64(2)), 1502},
		{NewRecord([]string{"nanos"}, BigLit("3000000")), 3},
		{3 * time.Second, 3000},
	} {
		if got := Millis(c.v, ""); got != c.want {
			t.Errorf("Millis(%v) = %d, want %d", c.v, got, c.want)
		}
	}
	wantFail(t, "expected a duration (milliseconds, a BigInt of nanoseconds, {millis}, {seconds} or {nanos}), found string \"5\"", func() { Millis("5", "t.adesh:1:1") })
	wantFail(t, "the duration's seconds must be a number, found bool true", func() {
		Millis(NewRecord([]string{"seconds"}, true), "t.adesh:1:1")
	})
}
