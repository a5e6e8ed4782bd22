package rt

import (
	"fmt"
	"sync/atomic"
	"testing"
)

// multiAwait is the Go the compiler emits for
//
//	async fn multi(ch: Channel<i64>, p: Promise<i64>, gate: Channel<i64>, ms: i64): i64 {
//	    defer log("A");
//	    await sleep(ms);                    // suspension 1
//	    let x = await ch.recv();            // suspension 2
//	    defer log("B");
//	    let y = await p;                    // suspension 3
//	    await yield_now();                  // suspension 4
//	    let z = await spawn(child(gate));   // suspension 5
//	    return x + y + z;
//	}
//
// plus a hook at each suspension that records it and wakes the test's main task.
type multiAwait struct {
	state  uint8
	ms     int64
	ch     *Channel[int64]
	p      *Promise[int64]
	gate   *Channel[int64]
	x, y   int64
	await1 SleepFuture
	await2 RecvFuture[int64]
	await4 YieldFuture
	await5 *JoinHandle[int64]
	defers []func()

	log     *syncLog
	reached atomic.Int32
	polls   atomic.Int32
	main    Waker
}

func (f *multiAwait) suspend(cx *Context, k int32) Poll[int64] {
	f.reached.Store(k)
	f.main.WakeFrom(cx)
	cx.SuspendedAt(fmt.Sprintf("multi.adesh:%d", k))
	return Pending[int64]()
}

func (f *multiAwait) Poll(cx *Context) Poll[int64] {
	f.polls.Add(1)
	for {
		switch f.state {
		case 0:
			f.defers = append(f.defers, func() { f.log.add("A") })
			f.await1 = Sleep(f.ms)
			f.state = 1
		case 1:
			if !f.await1.Poll(cx).Ready {
				return f.suspend(cx, 1)
			}
			f.await2 = f.ch.Recv()
			f.state = 2
		case 2:
			p := f.await2.Poll(cx)
			if !p.Ready {
				return f.suspend(cx, 2)
			}
			f.x = p.Value.Val
			f.defers = append(f.defers, func() { f.log.add("B") })
			f.state = 3
		case 3:
			p := f.p.Poll(cx)
			if !p.Ready {
				return f.suspend(cx, 3)
			}
			f.y = p.Value
			f.await4 = YieldNow()
			f.state = 4
		case 4:
			if !f.await4.Poll(cx).Ready {
				return f.suspend(cx, 4)
			}
			f.await5 = Spawn[int64](cx, &gateChild{gate: f.gate})
			f.state = 5
		case 5:
			p := f.await5.Poll(cx)
			if !p.Ready {
				return f.suspend(cx, 5)
			}
			f.state = 6
			f.runDefers()
			return Ready(f.x + f.y + p.Value)
		default:
			panic("multiAwait polled after completion")
		}
	}
}

// Drop drops the sub-future awaited in the current state, then runs the pending defers.
func (f *multiAwait) Drop() {
	switch f.state {
	case 1:
		f.await1.Drop()
	case 2:
		f.await2.Drop()
	case 4:
		f.await4.Drop()
	case 5:
		f.await5.Drop()
	}
	f.state = 6
	f.runDefers()
}

func (f *multiAwait) runDefers() {
	for i := len(f.defers) - 1; i >= 0; i-- {
		f.defers[i]()
	}
	f.defers = nil
}

// gateChild waits for a value or the close of its gate, then gives 3.
type gateChild struct {
	gate *Channel[int64]
	recv RecvFuture[int64]
	on   bool
}

func (f *gateChild) Poll(cx *Context) Poll[int64] {
	if !f.on {
		f.on = true
		f.recv = f.gate.Recv()
	}
	if !f.recv.Poll(cx).Ready {
		return Pending[int64]()
	}
	return Ready(int64(3))
}

func (f *gateChild) Drop() { f.recv.Drop() }

// cancelAt runs multiAwait arranged to block at suspension k, cancels it there, and reports
// what its await gave and what it left behind.
func cancelAt(t *testing.T, workers int, k int32) {
	t.Helper()
	log := &syncLog{}
	ch, gate := NewChannel[int64](0), NewChannel[int64](0)
	p := PendingPromise[int64]()
	ms := int64(0)
	switch k {
	case 1:
		ms = 10_000 // the run would last 10 s if the cancelled sleep kept its timer
	case 2:
	default:
		ch.SendNow(nil, 1)
	}
	if k != 3 {
		p.Resolve(2)
	}
	if k != 5 {
		gate.SendNow(nil, 0)
	}
	f := &multiAwait{ms: ms, ch: ch, p: p, gate: gate, log: log}
	var outcome string
	var pollsAtCancel int32
	mustRun(t, workers, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
		var h *JoinHandle[int64]
		cancelled := false
		return func(cx *Context) Poll[Unit] {
			if h == nil {
				f.main = cx.Waker()
				h = Spawn[int64](cx, f)
			}
			if !cancelled {
				if f.reached.Load() != k {
					return Pending[Unit]()
				}
				pollsAtCancel = f.polls.Load()
				h.Cancel()
				cancelled = true
			}
			var r Poll[int64]
			if th := catchThrown(func() { r = h.Poll(cx) }); th != nil {
				outcome = "threw " + th.Err.Message
			} else if !r.Ready {
				return Pending[Unit]()
			} else {
				outcome = fmt.Sprint("returned ", r.Value)
			}
			if n := schedulerOf(cx).timers.length(); n != 0 {
				t.Errorf("suspension %d: %d timers left after the cancel", k, n)
			}
			ch.mu.Lock()
			if !ch.recvq.empty() {
				t.Errorf("suspension %d: the cancelled receive is still queued", k)
			}
			ch.mu.Unlock()
			gate.Close() // lets the child of suspension 5 finish
			return Ready(Unit{})
		}
	}()})
	if outcome != "threw cancelled" {
		t.Errorf("%d workers, suspension %d: await gave %q, want the cancelled error", workers, k, outcome)
	}
	want := "A"
	if k >= 3 {
		want = "B A"
	}
	if got := log.String(); got != want {
		t.Errorf("%d workers, suspension %d: defers ran %q, want %q", workers, k, got, want)
	}
	if got := f.polls.Load(); got != pollsAtCancel {
		t.Errorf("%d workers, suspension %d: polled %d more times after the cancel", workers, k, got-pollsAtCancel)
	}
}

func TestCancelAtEverySuspensionPoint(t *testing.T) {
	for k := int32(1); k <= 5; k++ {
		cancelAt(t, 1, k)
	}
	// On several workers the yielded task may be polled again before the cancel lands, so
	// suspension 4 is checked on one worker only.
	for _, k := range []int32{1, 2, 3, 5} {
		cancelAt(t, 3, k)
	}
}

func TestMultiAwaitRunsToCompletion(t *testing.T) {
	for _, n := range []int{1, 3} {
		ch, gate := NewChannel[int64](0), NewChannel[int64](0)
		ch.SendNow(nil, 1)
		gate.SendNow(nil, 0)
		log := &syncLog{}
		f := &multiAwait{ms: 1, ch: ch, p: Resolved[int64](2), gate: gate, log: log}
		got := mustRun(t, n, &pollFn[int64]{poll: func() func(cx *Context) Poll[int64] {
			var h *JoinHandle[int64]
			return func(cx *Context) Poll[int64] {
				if h == nil {
					f.main = cx.Waker()
					h = Spawn[int64](cx, f)
				}
				return h.Poll(cx)
			}
		}()})
		if got != 6 || log.String() != "B A" {
			t.Errorf("%d workers: multi gave %d with defers %q, want 6 and \"B A\"", n, got, log.String())
		}
	}
}

func TestCancelBeforeFirstPollNeverPolls(t *testing.T) {
	var polled atomic.Bool
	var dropped atomic.Bool
	msg := mustRun(t, 1, &pollFn[string]{poll: func() func(cx *Context) Poll[string] {
		var h *JoinHandle[int]
		return func(cx *Context) Poll[string] {
			if h == nil {
				h = Spawn[int](cx, &pollFn[int]{
					poll: func(*Context) Poll[int] { polled.Store(true); return Ready(1) },
					drop: func() { dropped.Store(true) },
				})
				h.Cancel()
				h.Cancel() // twice is once
			}
			var p Poll[int]
			if th := catchThrown(func() { p = h.Poll(cx) }); th != nil {
				return Ready(th.Err.Message)
			}
			if !p.Ready {
				return Pending[string]()
			}
			return Ready("completed")
		}
	}()})
	if msg != Cancelled || polled.Load() || !dropped.Load() {
		t.Fatalf("cancel before the first poll: await %q, polled %v, dropped %v", msg, polled.Load(), dropped.Load())
	}
}
