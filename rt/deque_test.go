package rt

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestDequeOwnerLIFOThiefFIFO(t *testing.T) {
	d, thief := newWorkDeque(4)
	ts := make([]*task, 5)
	for i := range ts {
		ts[i] = &task{id: uint32(i)}
	}
	for i := 0; i < 4; i++ {
		if !d.push(ts[i]) {
			t.Fatalf("push %d into a deque of 4 failed", i)
		}
	}
	if d.push(ts[4]) {
		t.Fatal("a full deque took a fifth task")
	}
	if got := thief.steal(); got != ts[0] {
		t.Fatalf("steal took task %d, want the oldest", got.id)
	}
	if got := d.pop(); got != ts[3] {
		t.Fatalf("pop took task %d, want the newest", got.id)
	}
	if d.d.slots[3&d.d.mask].Load() != nil {
		t.Fatal("the owner left a popped task in its slot")
	}
	d.pop()
	d.pop()
	if d.pop() != nil || thief.steal() != nil || thief.length() != 0 {
		t.Fatal("an emptied deque still gave tasks")
	}
}

func TestDequeConcurrentStealsTakeEachTaskOnce(t *testing.T) {
	const total, thieves = 200_000 / stressScale, 3
	d, thief := newWorkDeque(4)
	tasks := make([]task, total)
	var taken [total]atomic.Int32
	var wg sync.WaitGroup
	var done atomic.Bool
	take := func(x *task) {
		if taken[x.id].Add(1) != 1 {
			t.Errorf("task %d taken twice", x.id)
		}
	}
	for i := 0; i < thieves; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !done.Load() || thief.length() > 0 {
				if x := thief.steal(); x != nil {
					take(x)
				}
			}
		}()
	}
	for i := range tasks {
		tasks[i].id = uint32(i)
		for !d.push(&tasks[i]) {
			if x := d.pop(); x != nil {
				take(x)
			}
		}
		if i%3 == 0 {
			if x := d.pop(); x != nil {
				take(x)
			}
		}
	}
	for x := d.pop(); x != nil; x = d.pop() {
		take(x)
	}
	done.Store(true)
	wg.Wait()
	for i := range taken {
		if taken[i].Load() != 1 {
			t.Fatalf("task %d taken %d times", i, taken[i].Load())
		}
	}
}

func TestDoubleWakeSchedulesOnce(t *testing.T) {
	s := newScheduler() // no workers: every schedule goes to the injection queue
	tk := &task{}
	s.adopt(tk, stateIdle, nil)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				Waker{t: tk}.Wake()
			}
		}()
	}
	wg.Wait()
	if n := s.inject.length.Load(); n != 1 {
		t.Fatalf("400 wakes of an idle task queued it %d times", n)
	}
	w := newWorker(s, 0)
	if s.inject.pop() != tk || tk.startRun(w) {
		t.Fatal("dequeue of the woken task")
	}
	tk.wake(nil) // woken while running: notified, not queued
	tk.wake(nil)
	if s.inject.length.Load() != 0 || tk.lifecycle() != stateNotified {
		t.Fatalf("wake while running: queue %d, state %s", s.inject.length.Load(), stateNames[tk.lifecycle()])
	}
	if !tk.suspend() || tk.lifecycle() != stateScheduled {
		t.Fatal("a task notified during its poll must be re-queued once")
	}
}
