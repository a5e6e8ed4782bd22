package rt

import (
	"sync/atomic"
	"testing"
)

func TestThreadPool(t *testing.T) {
	p := NewThreadPool(3, "p.adesh:1:1")
	var ran atomic.Int64
	for range 100 {
		ThreadPoolExecute(p, func() { ran.Add(1) }, "p.adesh:1:1")
	}
	var hs []*JoinHandle[int64]
	for i := range 50 {
		hs = append(hs, ThreadPoolSubmit(p, func() int64 { return int64(i * i) }, "p.adesh:1:1"))
	}
	var sum int64
	for _, h := range hs {
		sum += JobGet(h, "test")
		sum += JobGet(h, "test") - JobGet(h, "test") // a second get gives the value again
	}
	if !ThreadPoolJoinTimeout(p, 5000) || ran.Load() != 100 || sum != 40425 {
		t.Fatalf("join_timeout, ran %d, sum %d", ran.Load(), sum)
	}
	// A job that throws: get rethrows.
	bad := ThreadPoolSubmit(p, func() int64 { panic(&Thrown{Err: Error{Message: "boom"}}) }, "p.adesh:1:1")
	func() {
		defer func() {
			if th, ok := recover().(*Thrown); !ok || th.Err.Message != "boom" {
				t.Fatalf("get of a failed job: %v", th)
			}
		}()
		JobGet(bad, "test")
	}()
	// join_timeout of a busy pool says false.
	release := make(chan struct{})
	slow := ThreadPoolSubmit(p, func() bool { <-release; return true }, "p.adesh:1:1")
	if ThreadPoolJoinTimeout(p, 10) {
		t.Fatal("join_timeout of a busy pool gave true")
	}
	ThreadPoolShutdown(p)
	ThreadPoolShutdown(p)
	close(release)
	if !JobGet(slow, "test") || !ThreadPoolJoinTimeout(p, 5000) {
		t.Fatal("a job queued before shutdown did not run")
	}
	failsWith(t, "submit on a thread pool that was shut down", func() {
		ThreadPoolSubmit(p, func() int64 { return 1 }, "p.adesh:1:1")
	})
	failsWith(t, "execute on a thread pool that was shut down", func() {
		ThreadPoolExecute(p, func() {}, "p.adesh:1:1")
	})
	if Str(p) != "ThreadPool(3)" {
		t.Fatalf("printed %s", Str(p))
	}
}

func TestThreadPoolBadSize(t *testing.T) {
	failsWith(t, "thread.ThreadPool.new: a pool has from 1 to 4096 threads, got 0", func() { NewThreadPool(0, "p.adesh:1:1") })
	failsWith(t, "thread.ThreadPool.new: a pool has from 1 to 4096 threads, got -1", func() { NewThreadPool(-1, "p.adesh:1:1") })
}

func TestJobGetOfATask(t *testing.T) {
	h := &JoinHandle[int64]{}
	currentScheduler().adopt(&h.task, stateRunning, nil)
	failsWith(t, "get of a task's handle, which is not a pool job's: await it instead", func() { JobGet(h, "p.adesh:1:1") })
	h.finish(nil, nil, stateComplete) // (a task left unfinished would hold off the next run's end)
	failsWith(t, "get of a task's handle, which is not a pool job's: await it instead", func() { JobGet(h, "p.adesh:1:1") })
}

func TestThreadPoolMap(t *testing.T) {
	p := NewThreadPool(2, "")
	defer ThreadPoolJoin(p)
	got := ThreadPoolMap(p, []func() int64{func() int64 { return 1 }, func() int64 { return 2 }, func() int64 { return 3 }}, "")
	if len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("map gave %v", got)
	}
	ran := 0
	func() {
		defer func() {
			if r := recover(); r == nil {
				t.Error("a job that threw must make map throw")
			}
		}()
		ThreadPoolMap(p, []func() int64{func() int64 { Throw(NewError("boom"), "p.adesh:1:1"); return 0 }, func() int64 { ran++; return 2 }}, "")
	}()
	if ran != 1 {
		t.Error("map must wait for every job before it throws")
	}
}
