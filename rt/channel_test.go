package rt

import (
	"fmt"
	"sync/atomic"
	"testing"
)

// drain is the compiler's shape for `for x in ch { out.push(x) }`.
type drain struct {
	ch   *Channel[int]
	recv RecvFuture[int]
	on   bool
	out  []int
}

func (f *drain) Poll(cx *Context) Poll[[]int] {
	for {
		if !f.on {
			f.recv = f.ch.Recv()
			f.on = true
		}
		p := f.recv.Poll(cx)
		if !p.Ready {
			return Pending[[]int]()
		}
		f.on = false
		if !p.Value.Some {
			return Ready(f.out)
		}
		f.out = append(f.out, p.Value.Val)
	}
}

func (f *drain) Drop() {
	if f.on {
		f.recv.Drop()
	}
}

// producer is `for i in range(0, n) { await ch.send(i) } ch.close()`, noting the most values
// it ever saw buffered.
type producer struct {
	ch      *Channel[int]
	i, n    int
	send    SendFuture[int]
	sending bool
	maxLen  *atomic.Int32
	noClose bool
}

func (f *producer) Poll(cx *Context) Poll[Unit] {
	for {
		if f.sending {
			if !f.send.Poll(cx).Ready {
				return Pending[Unit]()
			}
			f.sending = false
			if l := int32(f.ch.Len()); f.maxLen != nil && l > f.maxLen.Load() {
				f.maxLen.Store(l)
			}
		}
		if f.i == f.n {
			if !f.noClose {
				f.ch.Close()
			}
			return Ready(Unit{})
		}
		f.send = f.ch.Send(f.i)
		f.sending = true
		f.i++
	}
}

func (f *producer) Drop() {
	if f.sending {
		f.send.Drop()
	}
}

func TestBoundedChannelBackPressureAndClose(t *testing.T) {
	for _, n := range []int{1, 2} {
		ch := NewChannel[int](2)
		var maxLen atomic.Int32
		got := mustRun(t, n, &pollFn[[]int]{poll: func() func(cx *Context) Poll[[]int] {
			var d *drain
			return func(cx *Context) Poll[[]int] {
				if d == nil {
					Spawn[Unit](cx, &producer{ch: ch, n: 50, maxLen: &maxLen}).Drop()
					d = &drain{ch: ch}
				}
				return d.Poll(cx)
			}
		}()})
		if fmt.Sprint(got[:5]) != "[0 1 2 3 4]" || len(got) != 50 || maxLen.Load() > 2 {
			t.Errorf("%d workers: received %d values starting %v, %d buffered at most", n, len(got), got[:min(5, len(got))], maxLen.Load())
		}
	}
}

func TestChannelManyProducersManyConsumers(t *testing.T) {
	const producers, consumers = 4, 3
	per := 20000 / stressScale
	for _, bound := range []int{0, 3} {
		ch := NewChannel[int](bound)
		var done atomic.Int32
		sums := mustRun(t, 4, &pollFn[[][]int]{poll: func() func(cx *Context) Poll[[][]int] {
			var all *awaitAll[[]int]
			return func(cx *Context) Poll[[][]int] {
				if all == nil {
					all = &awaitAll[[]int]{}
					for p := 0; p < producers; p++ {
						Spawn[Unit](cx, &pollFn[Unit]{poll: func() func(cx *Context) Poll[Unit] {
							inner := &producer{ch: ch, n: per, noClose: true}
							return func(cx *Context) Poll[Unit] {
								if !inner.Poll(cx).Ready {
									return Pending[Unit]()
								}
								if done.Add(1) == producers {
									ch.Close()
								}
								return Ready(Unit{})
							}
						}()}).Drop()
					}
					for c := 0; c < consumers; c++ {
						all.hs = append(all.hs, Spawn[[]int](cx, &drain{ch: ch}))
					}
				}
				return all.Poll(cx)
			}
		}()})
		counts := make([]int, per)
		total := 0
		for _, got := range sums {
			for _, v := range got {
				counts[v]++
				total++
			}
		}
		for v, c := range counts {
			if c != producers {
				t.Fatalf("bound %d: value %d received %d times, want %d", bound, v, c, producers)
			}
		}
		if total != producers*per {
			t.Fatalf("bound %d: %d values received, want %d", bound, total, producers*per)
		}
	}
}

func TestSendOnClosedChannelThrows(t *testing.T) {
	ch := NewChannel[int](1)
	ch.Close()
	ch.Close()
	if th := catchThrown(func() { ch.Send(1) }); th == nil || th.Err.Message != "send on closed channel" {
		t.Errorf("send on a closed channel: %v", th)
	}
	if th := catchThrown(func() { ch.SendNow(nil, 1) }); th == nil {
		t.Error("SendNow on a closed channel did not throw")
	}
	// A send waiting for room when the channel closes fails too.
	full := NewChannel[int](1)
	full.Send(1)
	f := full.Send(2)
	full.Close()
	if th := catchThrown(func() { f.Poll(nil) }); th == nil || th.Err.Message != "send on closed channel" {
		t.Errorf("pending send after close: %v", th)
	}
	if v := full.TryRecv(); !v.Some || v.Val != 1 {
		t.Errorf("buffered value after close: %v", v)
	}
	if v := full.TryRecv(); v.Some {
		t.Errorf("TryRecv on a drained channel gave %v", v)
	}
}

func TestDroppedReceiverPassesItsValueOn(t *testing.T) {
	got := mustRun(t, 1, &pollFn[string]{poll: func() func(cx *Context) Poll[string] {
		ch := NewChannel[int](0)
		var r1, r2 RecvFuture[int]
		step := 0
		return func(cx *Context) Poll[string] {
			switch step {
			case 0:
				r1, r2 = ch.Recv(), ch.Recv()
				r1.Poll(cx)
				r2.Poll(cx)
				ch.SendNow(cx, 7) // handed to r1, the first in line
				step = 1
				r1.Drop() // r1 never takes it: r2 must get it
				p := r2.Poll(cx)
				r3 := ch.Recv()
				return Ready(fmt.Sprint(p.Ready, p.Value.Val, ch.Len(), r3.Poll(cx).Ready))
			}
			return Pending[string]()
		}
	}()})
	if got != "true 7 0 false" {
		t.Fatalf("value handed to a dropped receiver: %q", got)
	}
}

func TestSendNowOnAFullChannelDeliversLater(t *testing.T) {
	ch := NewChannel[int](1)
	got := mustRun(t, 2, &pollFn[[]int]{poll: func() func(cx *Context) Poll[[]int] {
		var d *drain
		return func(cx *Context) Poll[[]int] {
			if d == nil {
				for i := 0; i < 5; i++ {
					ch.SendNow(cx, i) // never awaited: waits in tasks of its own
				}
				d = &drain{ch: ch}
			}
			p := d.Poll(cx)
			if !p.Ready && len(d.out) == 5 {
				ch.Close()
				return d.Poll(cx)
			}
			return p
		}
	}()})
	counts := map[int]int{}
	for _, v := range got {
		counts[v]++
	}
	if len(got) != 5 || len(counts) != 5 {
		t.Fatalf("SendNow on a full channel delivered %v", got)
	}
}
