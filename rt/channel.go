package rt

import "sync"

// Channel is AdeshLang's `channel<T>(bound)`: a multi-producer multi-consumer FIFO, unbounded
// (bound <= 0) or holding at most bound values. A value sent while a receiver waits is handed to
// that receiver directly; receivers and blocked senders are served in arrival order.
type Channel[T any] struct {
	mu     sync.Mutex
	buf    ring[T]
	bound  int // 0: unbounded
	closed bool
	recvq  waitQueue[T]
	sendq  waitQueue[T]
}

// NewChannel makes a channel; bound <= 0 means unbounded.
func NewChannel[T any](bound int) *Channel[T] {
	return &Channel[T]{bound: max(bound, 0)}
}

func (c *Channel[T]) hasRoom() bool { return c.bound == 0 || c.buf.count < c.bound }

// sendClosed is the run-time error of a send on a closed channel.
func sendClosed() { throwHere(Error{Message: "send on closed channel"}) }

// offerLocked delivers v to a waiting receiver or the buffer; it returns the receiver's task
// to wake (nil if none) and false when the buffer is full. The caller holds mu.
func (c *Channel[T]) offerLocked(v T) (wake *task, ok bool) {
	if r := c.recvq.popFront(); r != nil {
		r.val = v
		r.filled = true
		return r.task, true
	}
	if c.hasRoom() {
		c.buf.pushBack(v)
		return nil, true
	}
	return nil, false
}

// takeLocked removes the oldest buffered value and refills the slot from the first blocked
// sender, whose task it returns to wake. The caller holds mu and checked that buf is not empty.
func (c *Channel[T]) takeLocked() (v T, wake *task) {
	v = c.buf.popFront()
	if s := c.sendq.popFront(); s != nil {
		c.buf.pushBack(s.val)
		var zero T
		s.val = zero
		s.filled = true
		wake = s.task
	}
	return v, wake
}

// SendFuture is an eager send: Send enqueues at once when there is room (the future is then
// already complete); otherwise it holds the value and completes when room appears. Store it by
// value and poll it in place.
type SendFuture[T any] struct {
	ch   *Channel[T]
	done bool
	w    waiter[T]
}

// Send sends v (`ch.send(v)`): see SendFuture. Sending on a closed channel panics with the
// run-time error "send on closed channel". A send that is never awaited must use SendNow, or
// the value may never be delivered.
func (c *Channel[T]) Send(v T) SendFuture[T] {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		sendClosed()
	}
	wake, ok := c.offerLocked(v)
	c.mu.Unlock()
	if ok {
		if wake != nil {
			wake.wake(nil)
		}
		return SendFuture[T]{done: true}
	}
	return SendFuture[T]{ch: c, w: waiter[T]{val: v}}
}

// Poll completes once the value is in the channel.
func (f *SendFuture[T]) Poll(cx *Context) Poll[Unit] {
	if !cx.consumeBudget() { // a loop of sends into an unbounded channel must yield too
		return Pending[Unit]()
	}
	if f.done {
		return Ready(Unit{})
	}
	c := f.ch
	c.mu.Lock()
	if f.w.filled {
		c.mu.Unlock()
		f.finish()
		return Ready(Unit{})
	}
	if c.closed {
		if f.w.queued {
			c.sendq.remove(&f.w)
		}
		c.mu.Unlock()
		f.finish()
		sendClosed()
	}
	if !f.w.queued {
		if wake, ok := c.offerLocked(f.w.val); ok {
			c.mu.Unlock()
			f.finish()
			cx.wake(wake)
			return Ready(Unit{})
		}
		c.sendq.pushBack(&f.w)
	}
	f.w.task = cx.Waker().t
	c.mu.Unlock()
	return Pending[Unit]()
}

func (f *SendFuture[T]) finish() {
	f.done = true
	f.ch = nil
	f.w = waiter[T]{}
}

// Drop withdraws a send still waiting for room: its value is not sent.
func (f *SendFuture[T]) Drop() {
	if f.done || f.ch == nil {
		return // finished, or the zero value a state machine keeps once the send is done
	}
	c := f.ch
	c.mu.Lock()
	if f.w.queued {
		c.sendq.remove(&f.w)
	}
	c.mu.Unlock()
	f.finish()
}

// SendNow is a send that is not awaited (`ch.send(v);` as a statement): the value is never lost.
// When the channel is full it spawns a task that waits for room.
func (c *Channel[T]) SendNow(cx *Context, v T) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		sendClosed()
	}
	wake, ok := c.offerLocked(v)
	c.mu.Unlock()
	if ok {
		cx.wake(wake)
		return
	}
	SpawnValue[Unit](cx, SendFuture[T]{ch: c, w: waiter[T]{val: v}}).Drop()
}

// RecvFuture receives one value (`await ch.recv()`): Some(v), or None once the channel is
// closed and drained. Store it by value and poll it in place. Once it has given its value
// it is the zero RecvFuture (ch nil), which gives None.
type RecvFuture[T any] struct {
	ch *Channel[T]
	w  waiter[T]
}

// Recv receives a value: see RecvFuture. An async `for x in ch` loop is Recv until None.
func (c *Channel[T]) Recv() RecvFuture[T] { return RecvFuture[T]{ch: c} }

// Poll takes a value, or waits for one.
func (f *RecvFuture[T]) Poll(cx *Context) Poll[Option[T]] {
	if f.ch == nil {
		return Ready(None[T]())
	}
	if !cx.consumeBudget() {
		return Pending[Option[T]]()
	}
	c := f.ch
	c.mu.Lock()
	if f.w.filled {
		v := f.w.val
		c.mu.Unlock()
		f.finish()
		return Ready(Some(v))
	}
	if c.buf.count > 0 {
		if f.w.queued {
			c.recvq.remove(&f.w)
		}
		v, wake := c.takeLocked()
		c.mu.Unlock()
		f.finish()
		cx.wake(wake)
		return Ready(Some(v))
	}
	if c.closed {
		if f.w.queued {
			c.recvq.remove(&f.w)
		}
		c.mu.Unlock()
		f.finish()
		return Ready(None[T]())
	}
	if !f.w.queued {
		c.recvq.pushBack(&f.w)
	}
	f.w.task = cx.Waker().t
	c.mu.Unlock()
	return Pending[Option[T]]()
}

func (f *RecvFuture[T]) finish() { *f = RecvFuture[T]{} }

// Drop withdraws a waiting receive. A value already handed to it goes to the next waiting
// receiver, or back to the front of the buffer: it is never lost.
func (f *RecvFuture[T]) Drop() {
	if f.ch == nil {
		return // finished, or the zero value a state machine keeps once the receive is done
	}
	c := f.ch
	c.mu.Lock()
	var wake *task
	switch {
	case f.w.queued:
		c.recvq.remove(&f.w)
	case f.w.filled:
		if r := c.recvq.popFront(); r != nil {
			r.val = f.w.val
			r.filled = true
			wake = r.task
		} else {
			c.buf.pushFront(f.w.val)
		}
	}
	c.mu.Unlock()
	f.finish()
	if wake != nil {
		wake.wake(nil)
	}
}

// TryRecv takes a value if one is buffered, without waiting.
func (c *Channel[T]) TryRecv() Option[T] {
	c.mu.Lock()
	if c.buf.count == 0 {
		c.mu.Unlock()
		return None[T]()
	}
	v, wake := c.takeLocked()
	c.mu.Unlock()
	if wake != nil {
		wake.wake(nil)
	}
	return Some(v)
}

// Close closes the channel: receivers get the buffered values, then None; a send (or a send
// still waiting for room) fails with "send on closed channel". Closing twice does nothing.
func (c *Channel[T]) Close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	// The waiters are woken outside the lock, a batch at a time: no waiter can join a closed
	// channel, and a list of a million waiters costs no allocation.
	var batch [32]*task
	for {
		n := 0
		for _, q := range [...]*waitQueue[T]{&c.recvq, &c.sendq} {
			for n < len(batch) && !q.empty() {
				batch[n] = q.popFront().task
				n++
			}
		}
		c.mu.Unlock()
		for _, t := range batch[:n] {
			t.wake(nil)
		}
		if n < len(batch) {
			return
		}
		c.mu.Lock()
	}
}

// Len is the number of buffered values.
func (c *Channel[T]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.count
}

// IsClosed reports whether Close has been called.
func (c *Channel[T]) IsClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}
