package bench

import (
	"os"
	"testing"
	"time"

	"adesh2go/rt"
)

func TestDbgFan(t *testing.T) {
	for _, n := range []int{1, 2, 2, 2, 4} {
		start := time.Now()
		rtFanout(n)
		t.Log(n, time.Since(start))
		rt.WriteMetrics(os.Stdout)
	}
	for _, n := range []int{1, 2, 2, 4} {
		start := time.Now()
		goFanout(n)
		t.Log("go", n, time.Since(start))
	}
}
