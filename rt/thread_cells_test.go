package rt

import (
	"sync"
	"testing"
	"time"
)

// The queue keeps first-in-first-out order across the compactions of its taken half, and its
// len counts what is left.
func TestConcurrentQueueOrder(t *testing.T) {
	q := NewConcurrentQueue[int64]()
	next, want := int64(0), int64(0)
	for round := range 50 {
		for range round%3 + 1 { // (pops outrun the pushes at times: the queue empties and compacts)
			q.Push(next)
			next++
		}
		for range round % 5 {
			r := q.Pop().(*Record)
			if ok, _ := r.Get("ok"); ok == false {
				break
			}
			if got, _ := r.Get("value"); got != want {
				t.Fatalf("round %d: popped %v, want %d", round, got, want)
			}
			want++
		}
		if q.Len() != next-want {
			t.Fatalf("round %d: len %d, want %d", round, q.Len(), next-want)
		}
	}
	for q.Len() > 0 {
		q.Pop()
	}
	r := q.Pop().(*Record)
	if kind, _ := r.Get("kind"); kind != "empty" {
		t.Fatalf("pop of an empty queue: %v", Str(r))
	}
	if msg, _ := r.Get("message"); msg != "queue empty" {
		t.Fatalf("pop of an empty queue: %v", Str(r))
	}
}

// call_once runs one function however many threads call it at once; a throw leaves the Once
// uncompleted, and the next call runs its own function.
func TestOnce(t *testing.T) {
	var o Once[int64]
	if thrown(func() { o.CallOnce(func() int64 { throwHere(Error{Message: "no"}); return 0 }) }) == nil || o.IsCompleted() {
		t.Fatal("a throwing call_once completed the Once")
	}
	var runs sync.WaitGroup
	var mu sync.Mutex
	n := 0
	for i := range 8 {
		runs.Add(1)
		go func() {
			defer runs.Done()
			v := o.CallOnce(func() int64 { mu.Lock(); n++; mu.Unlock(); return int64(i) })
			if w := o.CallOnce(func() int64 { return -1 }); w != v {
				t.Errorf("call_once gave %d, then %d", v, w)
			}
		}()
	}
	runs.Wait()
	if n != 1 || !o.IsCompleted() {
		t.Fatalf("%d runs, completed %v", n, o.IsCompleted())
	}
}

// The event flag: a notify before the wait is kept, reset clears it, and a waiter of the flag
// is woken by a notify from another goroutine.
func TestCondvarFlag(t *testing.T) {
	c := NewCondvar()
	if c.WaitTimeout(1) {
		t.Fatal("a new condvar's flag is set")
	}
	c.NotifyOne()
	c.WaitFlag()
	if !c.WaitTimeout(0) {
		t.Fatal("the flag did not stay set")
	}
	c.Reset()
	done := make(chan struct{})
	go func() { c.WaitFlag(); close(done) }()
	select {
	case <-done:
		t.Fatal("a wait returned after reset without a notify")
	case <-time.After(10 * time.Millisecond):
	}
	c.NotifyAll()
	<-done
}
