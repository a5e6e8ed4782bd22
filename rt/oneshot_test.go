package rt

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestGoBridgesAGoroutineIntoATask(t *testing.T) {
	for _, workers := range []int{1, 4} {
		v := mustRun(t, workers, Go(func() (string, error) {
			time.Sleep(5 * time.Millisecond) // a blocking call: the run must wait, not deadlock
			return "from a goroutine", nil
		}))
		if v != "from a goroutine" {
			t.Fatalf("got %q", v)
		}
	}
	_, th := runChecked(t, 1, Go(func() (int, error) { return 0, errors.New("it broke") }))
	wantThrown(t, th, "it broke")
	_, th = runChecked(t, 1, Go(func() (int, error) { panic("boom") }))
	wantThrown(t, th, "panic: boom")
}

func TestOneShotAwaitedByManyTasks(t *testing.T) {
	o := NewOneShot[int]()
	go func() {
		time.Sleep(5 * time.Millisecond)
		o.Complete(7)
		if o.Complete(8) || o.Fail(Error{Message: "late"}) {
			t.Errorf("a settled OneShot accepted a second result")
		}
	}()
	got := mustRun(t, 4, spawnAll(func() []Future[Unit] {
		var fs []Future[Unit]
		for range 10 {
			fs = append(fs, &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
				if p := o.Poll(cx); !p.Ready {
					return Pending[Unit]()
				} else if p.Value != 7 {
					panic(fmt.Sprint("got ", p.Value))
				}
				return Ready(Unit{})
			}})
		}
		return fs
	}))
	if len(got) != 10 {
		t.Fatalf("%d tasks finished", len(got))
	}
}

// A dropped OneShot no longer holds the run: a task that gave up on it lets the run end.
func TestDroppedOneShotReleasesTheRun(t *testing.T) {
	o := NewOneShot[int]()
	v := mustRun(t, 1, &pollFn[int]{poll: func(cx *Context) Poll[int] {
		o.Poll(cx)
		o.Drop()
		return Ready(1)
	}})
	if v != 1 || o.Complete(2) {
		t.Fatalf("the dropped OneShot took a value")
	}
}
