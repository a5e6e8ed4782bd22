package rt

import (
	"strings"
	"testing"
)

// TestDescribeNamesATypeOnce: a run-time message shows a value as its type and its printed
// form; a handle that prints as its kind must not have its type named twice
// (`JoinHandle<i64> JoinHandle`).
func TestDescribeNamesATypeOnce(t *testing.T) {
	values := []Value{
		NewAtomic[int64](1), NewChannel[int64](1), NewQueue[string](), NewVec[int64](),
		NewMutex[int64](1), NewRwLock[int64](1), NewShare[int64](1), NewOnce[int64](),
		NewConcurrentQueue[int64](), NewCondvar(), NewThreadBuilder(), NewSemaphore(1, ""),
		NewBarrier(1, ""), NewCountDownLatch(1, ""), NewWaitGroup(),
		NewPromise[int64](func(func(int64), func(Error)) {}), Spawn[int64](nil, ready(func(*Context) int64 { return 1 })),
	}
	for _, v := range values {
		d := describe(v)
		words := strings.Fields(d)
		for i := 1; i < len(words); i++ {
			prev := words[i-1]
			if _, bare, ok := strings.Cut(prev, "."); ok {
				prev = bare
			}
			if strings.HasPrefix(prev, words[i]) {
				t.Errorf("describe(%T) = %q names its type twice", v, d)
			}
		}
	}
}
