package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// onceTask is a node of a binary spawn tree: it spawns its two children (onto its worker's
// deque, where idle workers steal them), counts its completion and catches a concurrent or
// late poll. Every third one yields once first, so re-queued tasks are in the mix.
type onceTask struct {
	node    int32
	depth   int8
	yielded bool
	check   *onceCheck
	busy    atomic.Bool
}

type onceCheck struct {
	runs []atomic.Int32
	bad  atomic.Int64
}

func (f *onceTask) Poll(cx *Context) Poll[Unit] {
	if !f.busy.CompareAndSwap(false, true) {
		f.check.bad.Add(1) // polled by two workers at once
	}
	defer f.busy.Store(false)
	if f.node%3 == 0 && !f.yielded {
		f.yielded = true
		cx.Waker().WakeFrom(cx)
		return Pending[Unit]()
	}
	if f.depth > 0 {
		for c := int32(1); c <= 2; c++ {
			SpawnValue[Unit](cx, onceTask{node: 2*f.node + c, depth: f.depth - 1, check: f.check}).Drop()
		}
	}
	if f.check.runs[f.node].Add(1) != 1 {
		f.check.bad.Add(1) // polled again after completing
	}
	return Ready(Unit{})
}

func (f *onceTask) Drop() { f.check.bad.Add(1) } // nothing is cancelled here

// fanGenerator spawns three leaves at a time (they fit the 4-slot deque, so idle workers must
// steal them) and awaits them before the next three.
type fanGenerator struct {
	next, end int32
	check     *onceCheck
	batch     awaitAll[Unit]
}

func (f *fanGenerator) Poll(cx *Context) Poll[Unit] {
	for {
		if f.batch.hs != nil {
			if !f.batch.Poll(cx).Ready {
				return Pending[Unit]()
			}
			f.batch = awaitAll[Unit]{}
		}
		if f.next >= f.end {
			return Ready(Unit{})
		}
		for i := 0; i < 3 && f.next < f.end; i++ {
			f.batch.hs = append(f.batch.hs, SpawnValue[Unit](cx, onceTask{node: f.next, check: f.check}))
			f.next++
		}
	}
}

func (f *fanGenerator) Drop() {}

func TestExactlyOnceUnderStealing(t *testing.T) {
	withDequeSlots(t, 4)
	depth := int8(18) // a spawn tree of 2^19 - 1 tasks, then as many again in batches of three
	if stressScale > 1 {
		depth = 15
	}
	tree := int32(1)<<(depth+1) - 1
	check := &onceCheck{runs: make([]atomic.Int32, 2*tree)}

	// The tree overflows the deques all the time: the global queue takes the excess.
	mustRun(t, 4, ready(func(cx *Context) Unit {
		SpawnValue[Unit](cx, onceTask{depth: depth, check: check}).Drop()
		return Unit{}
	}))
	treeSteals, treeGlobal := stealCounts()

	// Two generators on four workers: the other two run dry and must steal.
	const generators = 2
	mustRun(t, 4, ready(func(cx *Context) Unit {
		for g := int32(0); g < generators; g++ {
			from := tree + g*tree/generators
			to := tree + (g+1)*tree/generators
			Spawn[Unit](cx, &fanGenerator{next: from, end: to, check: check}).Drop()
		}
		return Unit{}
	}))
	fanSteals, fanGlobal := stealCounts()

	if check.bad.Load() != 0 {
		t.Fatalf("%d concurrent, repeated or dropped polls", check.bad.Load())
	}
	for i := range check.runs {
		if n := check.runs[i].Load(); n != 1 {
			t.Fatalf("task %d ran %d times", i, n)
		}
	}
	t.Logf("%d tasks; tree: %d steals, %d global pops; batches: %d steals, %d global pops",
		2*tree, treeSteals, treeGlobal, fanSteals, fanGlobal)
	if treeGlobal == 0 || fanSteals == 0 {
		t.Errorf("want overflow to the global queue in the tree run and steals in the batch run")
	}
}

// stealCounts sums the steals and global-queue pops of the last run, and checks that no
// deque held more than its slots.
func stealCounts() (steals, globalPops uint64) {
	m, _ := SchedulerMetrics()
	for _, w := range m.Workers {
		steals += w.Steals
		globalPops += w.GlobalPops
		if w.MaxDeque > uint64(dequeSlots) {
			panic("a deque held more tasks than its slots")
		}
	}
	return steals, globalPops
}

// wakeCounter is a task waiting until `need` signals have been posted by other goroutines,
// each followed by a wake. It publishes its waker on the first poll.
type wakeCounter struct {
	need   int64
	posted atomic.Int64
	waker  atomic.Pointer[Waker]
	polls  int
}

func (f *wakeCounter) Poll(cx *Context) Poll[int] {
	f.polls++
	if f.waker.Load() == nil {
		w := cx.Waker()
		f.waker.Store(&w)
	}
	if f.posted.Load() >= f.need {
		return Ready(f.polls)
	}
	return Pending[int]()
}

func (f *wakeCounter) Drop() {}

func (f *wakeCounter) post() {
	f.posted.Add(1)
	for f.waker.Load() == nil {
		runtime.Gosched()
	}
	f.waker.Load().Wake()
}

func TestNoLostWakeups(t *testing.T) {
	const tasks = 32
	need := int64(4000 / stressScale)
	for _, n := range []int{1, 2, 4} {
		counters := make([]*wakeCounter, tasks)
		for i := range counters {
			counters[i] = &wakeCounter{need: need}
		}
		var wg sync.WaitGroup
		mustRun(t, n, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
			var all *awaitAll[int]
			return func(cx *Context) Poll[Unit] {
				if all == nil {
					// The foreign goroutines wake tasks the workers cannot see coming.
					release := KeepAlive()
					hs := make([]*JoinHandle[int], tasks)
					for i, c := range counters {
						hs[i] = Spawn[int](cx, c)
					}
					all = &awaitAll[int]{hs: hs}
					wg.Add(tasks)
					for _, c := range counters {
						go func() {
							defer wg.Done()
							for j := int64(0); j < need; j++ {
								c.post()
								if j%64 == 0 {
									runtime.Gosched()
								}
							}
						}()
					}
					go func() { wg.Wait(); release() }()
				}
				if !all.Poll(cx).Ready {
					return Pending[Unit]()
				}
				return Ready(Unit{})
			}
		}()})
		wg.Wait()
		for i, c := range counters {
			if c.posted.Load() != need {
				t.Fatalf("%d workers: counter %d saw %d posts", n, i, c.posted.Load())
			}
		}
	}
}

// pingPong is one side of two tasks waking each other through channels from within polls.
type pingPong struct {
	state  int
	rounds int
	in     *Channel[int]
	out    *Channel[int]
	serve  bool
	recv   RecvFuture[int]
	send   SendFuture[int]
	i      int
}

func (f *pingPong) Poll(cx *Context) Poll[int] {
	for {
		switch f.state {
		case 0:
			if f.i == f.rounds {
				return Ready(f.i)
			}
			if f.serve {
				f.recv = f.in.Recv()
				f.state = 2
				continue
			}
			f.send = f.out.Send(f.i)
			f.state = 1
		case 1:
			if !f.send.Poll(cx).Ready {
				return Pending[int]()
			}
			if f.serve {
				f.i++
				f.state = 0
				continue
			}
			f.recv = f.in.Recv()
			f.state = 2
		case 2:
			p := f.recv.Poll(cx)
			if !p.Ready {
				return Pending[int]()
			}
			if !p.Value.Some || p.Value.Val != f.i {
				Fail("", "ping-pong out of step")
			}
			if f.serve {
				f.send = f.out.Send(p.Value.Val)
				f.state = 1
				continue
			}
			f.i++
			f.state = 0
		}
	}
}

func (f *pingPong) Drop() {
	f.recv.Drop()
	f.send.Drop()
}

func TestPingPongAcrossWorkers(t *testing.T) {
	rounds := 20000 / stressScale
	for _, n := range []int{1, 2, 4} {
		for _, bound := range []int{0, 1} {
			a, b := NewChannel[int](bound), NewChannel[int](bound)
			got := mustRun(t, n, &pollFn[[]int]{poll: func() func(cx *Context) Poll[[]int] {
				var all *awaitAll[int]
				return func(cx *Context) Poll[[]int] {
					if all == nil {
						all = &awaitAll[int]{hs: []*JoinHandle[int]{
							Spawn[int](cx, &pingPong{rounds: rounds, in: b, out: a}),
							Spawn[int](cx, &pingPong{rounds: rounds, in: a, out: b, serve: true}),
						}}
					}
					return all.Poll(cx)
				}
			}()})
			if got[0] != rounds || got[1] != rounds {
				t.Fatalf("%d workers, bound %d: %v rounds, want %d", n, bound, got, rounds)
			}
		}
	}
}
