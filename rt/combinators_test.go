package rt

import (
	"fmt"
	"sync/atomic"
	"testing"
)

// sleepValue is `async { await sleep(ms); return v }`, counting its drops.
func sleepValue[T any](ms int64, v T, drops *atomic.Int32) *pollFn[T] {
	s := Sleep(ms)
	return &pollFn[T]{
		poll: func(cx *Context) Poll[T] {
			if !s.Poll(cx).Ready {
				return Pending[T]()
			}
			return Ready(v)
		},
		drop: func() {
			s.Drop()
			if drops != nil {
				drops.Add(1)
			}
		},
	}
}

func TestJoinGivesAllValuesInOrder(t *testing.T) {
	for _, n := range []int{1, 2} {
		j2 := Join2[int, string](sleepValue(10, 1, nil), sleepValue(1, "b", nil))
		if got := mustRun(t, n, &awaitValue[Tuple2[int, string]]{f: &j2}); got != "{1 b}" {
			t.Errorf("join2: %q", got)
		}
		j3 := Join3[int, int, int](sleepValue(3, 1, nil), sleepValue(2, 2, nil), sleepValue(1, 3, nil))
		if got := mustRun(t, n, &awaitValue[Tuple3[int, int, int]]{f: &j3}); got != "{1 2 3}" {
			t.Errorf("join3: %q", got)
		}
		j4 := Join4[int, int, int, int](sleepValue(0, 1, nil), sleepValue(2, 2, nil), sleepValue(1, 3, nil), sleepValue(0, 4, nil))
		if got := mustRun(t, n, &awaitValue[Tuple4[int, int, int, int]]{f: &j4}); got != "{1 2 3 4}" {
			t.Errorf("join4: %q", got)
		}
		var fs []Future[int]
		for i := 0; i < 10; i++ {
			fs = append(fs, sleepValue(int64(10-i), i, nil))
		}
		ja := JoinAll(fs)
		if got := mustRun(t, n, &awaitValue[[]int]{f: &ja}); got != "[0 1 2 3 4 5 6 7 8 9]" {
			t.Errorf("join_all: %q", got)
		}
	}
}

func TestJoinThrowsAndDropDropsTheRest(t *testing.T) {
	var drops atomic.Int32
	failing := &pollFn[int]{poll: func(*Context) Poll[int] { Throw(NewError("first"), ""); return Ready(0) }}
	j := Join2[int, int](failing, sleepValue(10_000, 2, &drops))
	got := mustRun(t, 1, &pollFn[string]{poll: func(cx *Context) Poll[string] {
		th := catchThrown(func() { j.Poll(cx) })
		j.Drop() // what the generated code does when the await throws
		return Ready(fmt.Sprint(th != nil && th.Err.Message == "first", drops.Load()))
	}})
	if got != "true 1" {
		t.Fatalf("join with a throwing future: %q", got)
	}
}

func TestSelectTakesTheFirstAndDropsTheOthers(t *testing.T) {
	for _, n := range []int{1, 2} {
		var drops atomic.Int32
		sel := Select[string](sleepValue(10_000, "slow", &drops), sleepValue(2, "fast", &drops), sleepValue(5_000, "slower", &drops))
		got := mustRun(t, n, &awaitValue[string]{f: &sel})
		if got != "fast" || drops.Load() != 2 {
			t.Errorf("%d workers: select gave %q and dropped %d, want fast and 2", n, got, drops.Load())
		}
	}
	tie := Select[int](sleepValue(0, 1, nil), sleepValue(0, 2, nil))
	if got := mustRun(t, 1, &awaitValue[int]{f: &tie}); got != "1" {
		t.Errorf("select tie: %q, want the first argument", got)
	}
}

// yielder appends its name to a log n times, yielding between.
type yielder struct {
	name string
	n    int
	log  *syncLog
	y    YieldFuture
	on   bool
}

func (f *yielder) Poll(cx *Context) Poll[Unit] {
	for {
		if f.on {
			if !f.y.Poll(cx).Ready {
				return Pending[Unit]()
			}
			f.on = false
		}
		if f.n == 0 {
			return Ready(Unit{})
		}
		f.log.add(f.name)
		f.n--
		f.y = YieldNow()
		f.on = true
	}
}

func (f *yielder) Drop() {}

func TestYieldNowTakesTurns(t *testing.T) {
	log := &syncLog{}
	mustRun(t, 1, ready(func(cx *Context) Unit {
		Spawn[Unit](cx, &yielder{name: "a", n: 3, log: log}).Drop()
		Spawn[Unit](cx, &yielder{name: "b", n: 3, log: log}).Drop()
		return Unit{}
	}))
	if got := log.String(); got != "a b a b a b" {
		t.Fatalf("yielding tasks ran %q", got)
	}
}

// greedy receives from an always-full channel until told to stop, counting its receives.
type greedy struct {
	ch    *Channel[int]
	stop  *atomic.Bool
	count int
	recv  RecvFuture[int]
}

func (f *greedy) Poll(cx *Context) Poll[int] {
	for !f.stop.Load() {
		f.recv = f.ch.Recv()
		if !f.recv.Poll(cx).Ready {
			return Pending[int]()
		}
		f.count++
		f.ch.SendNow(cx, 0)
	}
	return Ready(f.count)
}

func (f *greedy) Drop() { f.recv.Drop() }

func TestPollBudgetStopsABusyTaskStarvingOthers(t *testing.T) {
	ch := NewChannel[int](0)
	ch.SendNow(nil, 0)
	var stop atomic.Bool
	got := mustRun(t, 1, &pollFn[int]{poll: func() func(cx *Context) Poll[int] {
		var h *JoinHandle[int]
		return func(cx *Context) Poll[int] {
			if h == nil {
				h = Spawn[int](cx, &greedy{ch: ch, stop: &stop})
				Spawn[Unit](cx, ready(func(*Context) Unit { stop.Store(true); return Unit{} })).Drop()
			}
			return h.Poll(cx)
		}
	}()})
	if got > 2*pollBudget {
		t.Fatalf("a task with an always-ready channel made %d receives before another task ran", got)
	}
}

func TestSpawnBlockingRunsOffTheWorkers(t *testing.T) {
	// With one worker, a blocking job that waits for that worker's task could never finish if
	// it ran on the worker.
	release := make(chan int)
	got := mustRun(t, 1, &pollFn[string]{poll: func() func(cx *Context) Poll[string] {
		var h *JoinHandle[int]
		var failing *JoinHandle[int]
		sent := false
		return func(cx *Context) Poll[string] {
			if h == nil {
				h = SpawnBlocking(func() int { return <-release * 2 })
				failing = SpawnBlocking(func() int { panic("bad job") })
			}
			if !sent {
				sent = true
				release <- 21 // blocks this worker until the pool goroutine takes it
			}
			p := h.Poll(cx)
			if !p.Ready {
				return Pending[string]()
			}
			var msg string
			th := catchThrown(func() {
				if q := failing.Poll(cx); !q.Ready {
					msg = "pending"
				}
			})
			if msg == "pending" {
				return Pending[string]()
			}
			return Ready(fmt.Sprint(p.Value, " ", th != nil && th.Err.Message == fmt.Sprintf("panic in task %d: bad job", failing.ID())))
		}
	}()})
	if got != "42 true" {
		t.Fatalf("spawn_blocking: %q", got)
	}
}

// busyLoop awaits an always-ready leaf future in a loop until told to stop.
type busyLoop struct {
	leaf  func() Future[Unit]
	stop  *atomic.Bool
	count int
	cur   Future[Unit]
}

func (f *busyLoop) Poll(cx *Context) Poll[int] {
	for !f.stop.Load() {
		if f.cur == nil {
			f.cur = f.leaf()
		}
		if !f.cur.Poll(cx).Ready {
			return Pending[int]()
		}
		f.cur = nil
		f.count++
	}
	return Ready(f.count)
}

func (f *busyLoop) Drop() {}

func TestPollBudgetCoversSendsAndZeroSleeps(t *testing.T) {
	ch := NewChannel[int](0)
	leaves := map[string]func() Future[Unit]{
		"send":     func() Future[Unit] { s := ch.Send(1); return &s },
		"sleep(0)": func() Future[Unit] { s := Sleep(0); return &s },
	}
	for name, leaf := range leaves {
		var stop atomic.Bool
		got := mustRun(t, 1, &pollFn[int]{poll: func() func(cx *Context) Poll[int] {
			var h *JoinHandle[int]
			return func(cx *Context) Poll[int] {
				if h == nil {
					h = Spawn[int](cx, &busyLoop{leaf: leaf, stop: &stop})
					Spawn[Unit](cx, ready(func(*Context) Unit { stop.Store(true); return Unit{} })).Drop()
				}
				return h.Poll(cx)
			}
		}()})
		if got > 2*pollBudget {
			t.Errorf("a loop of %s made %d iterations before another task ran", name, got)
		}
	}
}

// TestBlockingJobsSubmittedTogetherRunTogether: a job submitted while an idle pool goroutine is
// being woken for another gets a goroutine of its own, so that two jobs that wait for each other
// (a server's Serve and a client's request) both run.
func TestBlockingJobsSubmittedTogetherRunTogether(t *testing.T) {
	for range 50 {
		ping, pong := make(chan int), make(chan int)
		got := mustRun(t, 1, &pollFn[int]{poll: func() func(cx *Context) Poll[int] {
			var warm, a, b *JoinHandle[int]
			return func(cx *Context) Poll[int] {
				if warm == nil {
					warm = SpawnBlocking(func() int { return 0 }) // leaves an idle pool goroutine
				}
				if a == nil {
					if !warm.Poll(cx).Ready {
						return Pending[int]()
					}
					a = SpawnBlocking(func() int { ping <- 1; return <-pong })
					b = SpawnBlocking(func() int { v := <-ping; pong <- v + 1; return v })
				}
				pa, pb := a.Poll(cx), b.Poll(cx)
				if !pa.Ready || !pb.Ready {
					return Pending[int]()
				}
				return Ready(pa.Value + pb.Value)
			}
		}()})
		if got != 3 {
			t.Fatalf("two blocking jobs that wait for each other: %d", got)
		}
	}
}
