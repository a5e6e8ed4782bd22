// Package workload holds the scheduler benchmarks' rt workloads as hand-written futures, the
// way the compiler emits them (a struct with a state and a Poll switch). The in-process
// benchmarks of bench/rt_test.go and the rtwork command (the rt side of the Tokio comparison)
// both run them.
package workload

import (
	"sync/atomic"

	"adesh2go/rt"
)

// Trivial is the smallest task: it returns its number.
type Trivial struct{ I int }

func (f *Trivial) Poll(*rt.Context) rt.Poll[int] { return rt.Ready(f.I) }
func (f *Trivial) Drop()                         {}

// SpawnJoin spawns Count trivial tasks, then awaits each handle in order and sums the values.
// ByValue spawns with SpawnValue (task and future in one allocation), else with Spawn of a
// pointer future.
type SpawnJoin struct {
	Count   int
	ByValue bool
	hs      []*rt.JoinHandle[int]
	i, sum  int
}

func (f *SpawnJoin) Poll(cx *rt.Context) rt.Poll[int] {
	if f.hs == nil {
		f.hs = make([]*rt.JoinHandle[int], f.Count)
		for i := range f.hs {
			if f.ByValue {
				f.hs[i] = rt.SpawnValue[int](cx, Trivial{I: i})
			} else {
				f.hs[i] = rt.Spawn[int](cx, &Trivial{I: i})
			}
		}
	}
	for ; f.i < len(f.hs); f.i++ {
		p := f.hs[f.i].Poll(cx)
		if !p.Ready {
			return rt.Pending[int]()
		}
		f.sum += p.Value
	}
	return rt.Ready(f.sum)
}

func (f *SpawnJoin) Drop() {}

// Yielder yields N times.
type Yielder struct {
	N     int
	y     rt.YieldFuture
	armed bool
}

func (f *Yielder) Poll(cx *rt.Context) rt.Poll[rt.Unit] {
	for {
		if f.armed {
			if !f.y.Poll(cx).Ready {
				return rt.Pending[rt.Unit]()
			}
			f.armed = false
		}
		if f.N == 0 {
			return rt.Ready(rt.Unit{})
		}
		f.N--
		f.y = rt.YieldNow()
		f.armed = true
	}
}

func (f *Yielder) Drop() {}

// FanOut spawns Count futures made by Make and awaits them all, in order, giving their values.
type FanOut[T any] struct {
	Count int
	Make  func(i int) rt.Future[T]
	hs    []*rt.JoinHandle[T]
	out   []T
}

func (f *FanOut[T]) Poll(cx *rt.Context) rt.Poll[[]T] {
	if f.hs == nil {
		f.hs = make([]*rt.JoinHandle[T], f.Count)
		for i := range f.hs {
			f.hs[i] = rt.Spawn(cx, f.Make(i))
		}
	}
	for len(f.out) < len(f.hs) {
		p := f.hs[len(f.out)].Poll(cx)
		if !p.Ready {
			return rt.Pending[[]T]()
		}
		f.out = append(f.out, p.Value)
	}
	return rt.Ready(f.out)
}

func (f *FanOut[T]) Drop() {}

// Pinger sends i and waits for it back, Rounds times; with Echo it echoes instead.
type Pinger struct {
	In, Out *rt.Channel[int]
	Rounds  int
	Echo    bool
	i       int
	state   int
	send    rt.SendFuture[int]
	recv    rt.RecvFuture[int]
}

func (f *Pinger) Poll(cx *rt.Context) rt.Poll[int] {
	for {
		switch f.state {
		case 0: // start a round
			if f.i == f.Rounds {
				return rt.Ready(f.i)
			}
			if f.Echo {
				f.recv = f.In.Recv()
				f.state = 2
				continue
			}
			f.send = f.Out.Send(f.i)
			f.state = 1
		case 1: // sending
			if !f.send.Poll(cx).Ready {
				return rt.Pending[int]()
			}
			if f.Echo {
				f.i++
				f.state = 0
				continue
			}
			f.recv = f.In.Recv()
			f.state = 2
		case 2: // receiving
			p := f.recv.Poll(cx)
			if !p.Ready {
				return rt.Pending[int]()
			}
			if f.Echo {
				f.send = f.Out.Send(p.Value.Val)
				f.state = 1
				continue
			}
			f.i++
			f.state = 0
		}
	}
}

func (f *Pinger) Drop() {}

// PingPong is two tasks bouncing a value over two channels of capacity 1, rounds times; it
// gives the rounds each side counted.
func PingPong(rounds int) *FanOut[int] {
	a, c := rt.NewChannel[int](1), rt.NewChannel[int](1)
	return &FanOut[int]{Count: 2, Make: func(i int) rt.Future[int] {
		if i == 0 {
			return &Pinger{In: c, Out: a, Rounds: rounds}
		}
		return &Pinger{In: a, Out: c, Rounds: rounds, Echo: true}
	}}
}

// Chain spawns a child chain of Depth-1 and awaits it: a chain of nested spawns. It gives its
// depth.
type Chain struct {
	Depth int
	h     *rt.JoinHandle[int]
}

func (f *Chain) Poll(cx *rt.Context) rt.Poll[int] {
	if f.Depth == 0 {
		return rt.Ready(0)
	}
	if f.h == nil {
		f.h = rt.SpawnValue[int](cx, Chain{Depth: f.Depth - 1})
	}
	p := f.h.Poll(cx)
	if !p.Ready {
		return rt.Pending[int]()
	}
	return rt.Ready(p.Value + 1)
}

func (f *Chain) Drop() {}

// Work is the CPU-bound body of spec example 10.
func Work(seed int64) int64 {
	x := seed
	for i := 0; i < 200_000; i++ {
		x = (x*1103515245 + 12345) % 2147483648
	}
	return x
}

// CPUTask is Work as a task.
type CPUTask struct{ Seed int64 }

func (f *CPUTask) Poll(*rt.Context) rt.Poll[int64] { return rt.Ready(Work(f.Seed)) }
func (f *CPUTask) Drop()                           {}

// FanoutChildren is the number of CPU-bound children of the fan-out, and FanoutTotal the sum
// of their results (spec example 10's output).
const (
	FanoutChildren = 32
	FanoutTotal    = 32038627824
)

// Fanout spawns the FanoutChildren CPU-bound children and awaits them in order.
func Fanout() *FanOut[int64] {
	return &FanOut[int64]{Count: FanoutChildren, Make: func(i int) rt.Future[int64] {
		return &CPUTask{Seed: int64(i)}
	}}
}

// Tree is a node of a binary tree of tasks, as the compiler emits
//
//	async fn tree(depth: i64): i64 {
//	    if depth == 0 { await yield_now(); return 1; }
//	    let left = spawn(tree(depth - 1));
//	    let right = await tree(depth - 1);
//	    return right + await left;
//	}
//
// an inner node spawns its left child, awaits its right child inline (a boxed sub-future: the
// call is recursive), then awaits the spawned one; a leaf yields once. It gives its leaves.
type Tree struct {
	state int
	Depth int
	left  *rt.JoinHandle[int64]
	right rt.Future[int64]
	t     int64
	y     rt.YieldFuture
}

func (f *Tree) Poll(cx *rt.Context) rt.Poll[int64] {
	for {
		switch f.state {
		case 0:
			if f.Depth != 0 {
				f.state = 2
				continue
			}
			f.y = rt.YieldNow()
			f.state = 1
			fallthrough
		case 1:
			if !f.y.Poll(cx).Ready {
				return rt.Pending[int64]()
			}
			return rt.Ready[int64](1)
		case 2:
			f.left = rt.SpawnValue[int64](cx, Tree{Depth: f.Depth - 1})
			f.right = rt.Box[int64](Tree{Depth: f.Depth - 1})
			f.state = 3
			fallthrough
		case 3:
			p := f.right.Poll(cx)
			if !p.Ready {
				return rt.Pending[int64]()
			}
			f.right = nil
			f.t = p.Value
			f.state = 4
			fallthrough
		default:
			p := f.left.Poll(cx)
			if !p.Ready {
				return rt.Pending[int64]()
			}
			f.left = nil
			return rt.Ready(f.t + p.Value)
		}
	}
}

func (f *Tree) Drop() {}

// TreeDepth is the depth of the benchmark's tree: 2^18 leaves, 2^18 - 1 spawns.
const TreeDepth = 18

// waitClose counts its first poll and waits on a channel that only closes at the end.
type waitClose struct {
	ch      *rt.Channel[int]
	started *atomic.Int64
	recv    rt.RecvFuture[int]
	armed   bool
}

func (f *waitClose) Poll(cx *rt.Context) rt.Poll[int64] {
	if !f.armed {
		f.armed = true
		f.recv = f.ch.Recv()
		f.started.Add(1)
	}
	if !f.recv.Poll(cx).Ready {
		return rt.Pending[int64]()
	}
	return rt.Ready[int64](1)
}

func (f *waitClose) Drop() { f.recv.Drop() }

// Suspended spawns Count tasks that each wait to receive on one channel, waits (yielding)
// until all of them are suspended, calls AllSuspended if set, then closes the channel and
// awaits every handle. It gives the number of tasks that finished.
type Suspended struct {
	Count        int
	AllSuspended func()
	ch           *rt.Channel[int]
	started      atomic.Int64
	hs           []*rt.JoinHandle[int64]
	y            rt.YieldFuture
	i            int
	total        int64
}

func (f *Suspended) Poll(cx *rt.Context) rt.Poll[int64] {
	if f.hs == nil {
		f.ch = rt.NewChannel[int](0)
		f.hs = make([]*rt.JoinHandle[int64], f.Count)
		for i := range f.hs {
			f.hs[i] = rt.SpawnValue[int64](cx, waitClose{ch: f.ch, started: &f.started})
		}
	}
	if !f.ch.IsClosed() {
		if f.started.Load() < int64(f.Count) {
			f.y = rt.YieldNow()
			f.y.Poll(cx)
			return rt.Pending[int64]()
		}
		if f.AllSuspended != nil {
			f.AllSuspended()
		}
		f.ch.Close()
	}
	for ; f.i < len(f.hs); f.i++ {
		p := f.hs[f.i].Poll(cx)
		if !p.Ready {
			return rt.Pending[int64]()
		}
		f.hs[f.i] = nil
		f.total += p.Value
	}
	return rt.Ready(f.total)
}

func (f *Suspended) Drop() {}
