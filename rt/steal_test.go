package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Stress tests for stealing half a deque and for the LIFO slot (see worker.go).

// TestStealHalfTakesEachTaskOnce: worker 0 pushes and pops on a deque of 8 slots while three
// thieves take half of any other worker's deque (their own included, which the others rob in
// turn) and run down their own: every task must be taken exactly once.
func TestStealHalfTakesEachTaskOnce(t *testing.T) {
	const total, thieves = 50_000 / stressScale, 3
	withDequeSlots(t, 8)
	s := newScheduler()
	s.workers = make([]*worker, 1+thieves)
	for i := range s.workers {
		s.workers[i] = newWorker(s, i)
	}
	tasks := make([]task, total)
	taken := make([]atomic.Int32, total)
	var count, batches atomic.Int64
	take := func(x *task) {
		if taken[x.id].Add(1) != 1 {
			t.Errorf("task %d taken twice", x.id)
		}
		count.Add(1)
	}
	var wg, started sync.WaitGroup
	var done atomic.Bool
	for i := 1; i <= thieves; i++ {
		w := s.workers[i]
		wg.Add(1)
		started.Add(1)
		go func() {
			defer wg.Done()
			started.Done()
			for !done.Load() || count.Load() < total {
				v := s.workers[int(w.random()%uint64(len(s.workers)))]
				if v == w {
					continue
				}
				x := w.stealHalf(v)
				if x == nil {
					runtime.Gosched()
					continue
				}
				take(x)
				if w.local.length() > 0 {
					batches.Add(1)
				}
				for x := w.local.pop(); x != nil; x = w.local.pop() {
					take(x)
				}
			}
		}()
	}
	started.Wait() // the owner must not be done before a thief looks
	owner := s.workers[0]
	for i := range tasks {
		tasks[i].id = uint32(i)
		for !owner.local.push(&tasks[i]) {
			runtime.Gosched() // full: let the thieves in first
			if x := owner.local.pop(); x != nil {
				take(x)
			}
		}
		if i%3 == 0 {
			if x := owner.local.pop(); x != nil {
				take(x)
			}
		}
	}
	for x := owner.local.pop(); x != nil; x = owner.local.pop() {
		take(x)
	}
	done.Store(true)
	wg.Wait()
	if s.inject.length.Load() != 0 {
		t.Fatalf("a thief overflowed %d tasks into the global queue", s.inject.length.Load())
	}
	var steals uint64
	for i, w := range s.workers {
		if i > 0 {
			steals += w.stats[statSteals]
		}
	}
	for i := range taken {
		if n := taken[i].Load(); n != 1 {
			t.Fatalf("task %d taken %d times", i, n)
		}
	}
	// How often a thief found more than one task depends on how the goroutines were scheduled;
	// that one steal takes half is checked without them.
	t.Logf("%d tasks, %d stolen, %d steals of more than one", total, steals, batches.Load())
	full := make([]task, owner.local.capacity())
	for i := range full {
		if !owner.local.push(&full[i]) {
			t.Fatalf("the deque of %d slots took only %d tasks", len(full), i)
		}
	}
	thief := s.workers[1]
	if thief.stealHalf(owner) != &full[0] {
		t.Fatal("a steal did not take the oldest task first")
	}
	if got, want := thief.local.length(), len(full)/2-1; got < want {
		t.Errorf("a steal from a full deque of %d took %d tasks besides the oldest, want at least %d", len(full), got, want)
	}
	if owner.local.length()+thief.local.length()+1 != len(full) {
		t.Errorf("a steal lost tasks: %d left, %d moved, of %d", owner.local.length(), thief.local.length(), len(full))
	}
}

// relay is a task of a ring: it receives a token from in and passes it on to out (SendNow:
// the channels have room for every token), until it has passed `laps` tokens. Every pass wakes
// the next task from inside a poll, through the LIFO slot of the worker that polls it; a
// concurrent poll is caught.
type relay struct {
	in, out *Channel[int]
	laps    int
	passed  int
	armed   bool
	recv    RecvFuture[int]
	busy    atomic.Bool
	bad     *atomic.Int64
}

func (f *relay) Poll(cx *Context) Poll[int] {
	if !f.busy.CompareAndSwap(false, true) {
		f.bad.Add(1)
	}
	defer f.busy.Store(false)
	for f.passed < f.laps {
		if !f.armed {
			f.recv = f.in.Recv()
			f.armed = true
		}
		p := f.recv.Poll(cx)
		if !p.Ready {
			return Pending[int]()
		}
		f.armed = false
		if !p.Value.Some {
			f.bad.Add(1)
			break
		}
		f.out.SendNow(cx, p.Value.Val+1)
		f.passed++
	}
	return Ready(f.passed)
}

func (f *relay) Drop() { f.recv.Drop() }

// TestLIFOSlotUnderStealing: a ring of 64 tasks passing 16 tokens around, on 4 workers with
// deques of 4 slots, so that woken tasks keep displacing each other from the LIFO slots onto
// the deques, where the other workers steal them. Every token must go round exactly as often
// as it was passed, with no concurrent poll, no lost wake-up (the run would deadlock) and the
// same result on every worker count.
func TestLIFOSlotUnderStealing(t *testing.T) {
	withDequeSlots(t, 4)
	const ringSize, tokens = 64, 16
	laps := 2000 / stressScale
	for _, n := range []int{1, 2, 4} {
		var bad atomic.Int64
		chans := make([]*Channel[int], ringSize)
		for i := range chans {
			chans[i] = NewChannel[int](tokens)
		}
		got := mustRun(t, n, &pollFn[int]{poll: func() func(cx *Context) Poll[int] {
			var all *awaitAll[int]
			return func(cx *Context) Poll[int] {
				if all == nil {
					all = &awaitAll[int]{}
					for i := range chans {
						all.hs = append(all.hs, Spawn[int](cx, &relay{in: chans[i], out: chans[(i+1)%ringSize], laps: laps, bad: &bad}))
					}
					for k := 0; k < tokens; k++ {
						chans[k*ringSize/tokens].SendNow(cx, 0)
					}
				}
				p := all.Poll(cx)
				if !p.Ready {
					return Pending[int]()
				}
				sum := 0
				for _, v := range p.Value {
					sum += v
				}
				return Ready(sum)
			}
		}()})
		if bad.Load() != 0 {
			t.Fatalf("%d workers: %d concurrent polls or lost tokens", n, bad.Load())
		}
		if got != ringSize*laps {
			t.Fatalf("%d workers: %d passes, want %d", n, got, ringSize*laps)
		}
		// The tokens went round: what is left in the channels is the tokens, each counted up
		// by the passes it made.
		left, hops := 0, 0
		for _, c := range chans {
			for v := c.TryRecv(); v.Some; v = c.TryRecv() {
				left++
				hops += v.Val
			}
		}
		if left != tokens || hops != ringSize*laps {
			t.Fatalf("%d workers: %d tokens left with %d hops, want %d with %d", n, left, hops, tokens, ringSize*laps)
		}
		if m, _ := SchedulerMetrics(); n > 1 {
			var lifo, steals uint64
			for _, wm := range m.Workers {
				lifo += wm.LIFOPolls
				steals += wm.Steals
			}
			t.Logf("%d workers: %d polls from LIFO slots, %d steals", n, lifo, steals)
			if lifo == 0 {
				t.Errorf("%d workers: no task ran from a LIFO slot", n)
			}
		}
	}
}

// TestWokenTaskRunsBesideALongPoll: a task that wakes another and then computes for long in
// the same poll (a producer working after its send) must not keep the woken task in its
// worker's LIFO slot while the other worker idles. The waker spins until the woken task has
// run, and gives up after 10 s.
func TestWokenTaskRunsBesideALongPoll(t *testing.T) {
	for round := 0; round < 20/stressScale+1; round++ {
		ch := NewChannel[int](1)
		var waiting, ran atomic.Bool
		var recv RecvFuture[int]
		receiver := &pollFn[Unit]{poll: func(cx *Context) Poll[Unit] {
			if recv.ch == nil {
				recv = ch.Recv()
			}
			if !recv.Poll(cx).Ready {
				waiting.Store(true)
				return Pending[Unit]()
			}
			ran.Store(true)
			return Ready(Unit{})
		}}
		var h *JoinHandle[Unit]
		var y YieldFuture
		inPoll := mustRun(t, 2, &pollFn[bool]{poll: func(cx *Context) Poll[bool] {
			if h == nil {
				h = Spawn[Unit](cx, receiver)
			}
			if !waiting.Load() { // until the receiver waits on the channel
				y = YieldNow()
				y.Poll(cx)
				return Pending[bool]()
			}
			if !ran.Load() {
				ch.SendNow(cx, 1) // wakes the receiver from this poll: into this worker's slot
				for deadline := time.Now().Add(10 * time.Second); !ran.Load() && time.Now().Before(deadline); {
				}
				if !ran.Load() {
					return Ready(false)
				}
			}
			if !h.Poll(cx).Ready {
				return Pending[bool]()
			}
			return Ready(true)
		}})
		if !inPoll {
			t.Fatal("the task woken by a long poll did not run until that poll ended")
		}
	}
}
