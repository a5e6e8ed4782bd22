package rt

import (
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// The thread module's channels (EVERYDAY.md §6): thread.Channel.bounded(n), .unbounded() and
// .create(n?) give a pair [tx, rx] of a ThreadSender and a ThreadReceiver over one rt Channel,
// whose ring buffer, bound, closed flag and lock they use (offerLocked, takeLocked). Their calls
// block the calling OS thread rather than suspend a task: a thread that waits sleeps on a parker,
// a futex word of its own (sleepOn/wakeOn, as rt's Mutex sleeps), registered with the channel
// under the channel's lock. Only these ends use the channel, so its queues of waiting tasks stay
// empty.
//
// A send wakes every receiver parked on the channel, and a receive every parked sender: they race
// for the value or the room, and the losers park again. A woken parker is what lets select wait
// on several channels at once: it registers one parker with each of them.
//
// Each clone of a sender is a sender of its own; tx.close() closes that one, and the channel
// closes when every sender has closed: receivers then get the values still buffered, then
// {ok: false, error: "channel is closed"}.

// parker is one waiting thread: it sleeps while word is 0; a wake sets it to 1 and a deadline
// to 2. A parker is used for one wait and then dropped.
type parker struct{ word uint32 }

const (
	parkWaiting uint32 = iota
	parkWoken
	parkTimedOut
)

// fire ends the wait with how (parkWoken or parkTimedOut), unless it has ended already.
func (p *parker) fire(how uint32) {
	if atomic.CompareAndSwapUint32(&p.word, parkWaiting, how) {
		wakeOn(&p.word, 1)
	}
}

// wait sleeps until fire; with a deadline (timed), at most until then. It reports whether the
// wait ended by a wake rather than the deadline.
func (p *parker) wait(deadline time.Time, timed bool) bool {
	if timed {
		left := time.Until(deadline)
		if left <= 0 {
			p.fire(parkTimedOut)
		} else {
			t := time.AfterFunc(left, func() { p.fire(parkTimedOut) })
			defer t.Stop()
		}
	}
	for atomic.LoadUint32(&p.word) == parkWaiting {
		sleepOn(&p.word, parkWaiting)
	}
	return atomic.LoadUint32(&p.word) == parkWoken
}

// parkers is a set of parked threads; the channel's lock guards it.
type parkers []*parker

func (ps *parkers) add(p *parker) { *ps = append(*ps, p) }

func (ps *parkers) remove(p *parker) {
	for i, q := range *ps {
		if q == p {
			last := len(*ps) - 1
			(*ps)[i] = (*ps)[last]
			(*ps)[last] = nil
			*ps = (*ps)[:last]
			return
		}
	}
}

// take empties the set and gives what it held, to be woken after the lock is released.
func (ps *parkers) take() parkers {
	out := *ps
	*ps = nil
	return out
}

func (ps parkers) wakeAll() {
	for _, p := range ps {
		p.fire(parkWoken)
	}
}

// threadChan is what the two ends of one channel share.
type threadChan[T any] struct {
	ch       *Channel[T]
	senders  int     // senders not yet closed; ch.mu guards it and the parkers
	receiver parkers // threads waiting for a value
	sender   parkers // threads waiting for room
}

// ThreadSender is the sending end `tx` of a thread channel.
type ThreadSender[T any] struct {
	c      *threadChan[T]
	closed bool // this sender's close() ran; ch.mu guards it
}

// ThreadReceiver is the receiving end `rx` of a thread channel; any number of threads may
// receive from it.
type ThreadReceiver[T any] struct{ c *threadChan[T] }

// newThreadChannel makes a pair over an rt Channel of the bound (0: unbounded).
func newThreadChannel[T any](bound int) Tuple2[*ThreadSender[T], *ThreadReceiver[T]] {
	c := &threadChan[T]{ch: NewChannel[T](bound), senders: 1}
	return Tuple2[*ThreadSender[T], *ThreadReceiver[T]]{F0: &ThreadSender[T]{c: c}, F1: &ThreadReceiver[T]{c: c}}
}

// checkCapacity fails a bounded channel's capacity below 1 (there is no rendezvous channel) or
// past what a buffer can hold.
func checkCapacity(what string, n int64, pos string) {
	if n < 1 || n > 1<<31 {
		Fail(pos, what+": the capacity must be from 1 to 2147483648, got "+strconv.FormatInt(n, 10))
	}
}

// ThreadChannelBounded is thread.Channel.bounded(n): a channel that holds at most n values; a
// send to a full one waits for room.
func ThreadChannelBounded[T any](n int64, pos string) Tuple2[*ThreadSender[T], *ThreadReceiver[T]] {
	checkCapacity("thread.Channel.bounded", n, pos)
	return newThreadChannel[T](int(n))
}

// ThreadChannelUnbounded is thread.Channel.unbounded(): a send never waits.
func ThreadChannelUnbounded[T any]() Tuple2[*ThreadSender[T], *ThreadReceiver[T]] {
	return newThreadChannel[T](0)
}

// ThreadChannelCreate is thread.Channel.create(n?): bounded(n), or unbounded() without n. A bad
// n fails at the line of the call.
func ThreadChannelCreate[T any](n ...int64) Tuple2[*ThreadSender[T], *ThreadReceiver[T]] {
	if len(n) == 0 {
		return newThreadChannel[T](0)
	}
	checkCapacity("thread.Channel.create", n[0], callerOutsideRT())
	return newThreadChannel[T](int(n[0]))
}

// The messages of the result objects.
const (
	chanEmpty    = "channel is empty"
	chanFull     = "channel is full"
	chanClosed   = "channel is closed"
	chanTimedOut = "timed out"
)

// okUnit is {ok: true, value: null}, the result of a send that went through.
func okUnit() Value { return okRecord(nil) }

// send puts v in the channel; block says whether to wait for room, and timed whether to wait only
// until deadline. It gives "" or the reason it did not send.
func (s *ThreadSender[T]) send(v T, block, timed bool, deadline time.Time) string {
	c := s.c
	for {
		c.ch.mu.Lock()
		if s.closed || c.ch.closed {
			c.ch.mu.Unlock()
			return chanClosed
		}
		if wake, ok := c.ch.offerLocked(v); ok {
			woken := c.receiver.take()
			c.ch.mu.Unlock()
			afterTake(wake, woken)
			return ""
		}
		if !block {
			c.ch.mu.Unlock()
			return chanFull
		}
		if !c.park(&c.sender, deadline, timed) {
			return chanTimedOut
		}
	}
}

// park waits, the channel's lock held on entry and not on return, in the queue q until it is
// woken (true) or, when timed, deadline passes (false).
func (c *threadChan[T]) park(q *parkers, deadline time.Time, timed bool) bool {
	p := &parker{}
	q.add(p)
	c.ch.mu.Unlock()
	if p.wait(deadline, timed) {
		return true
	}
	c.ch.mu.Lock()
	q.remove(p)
	c.ch.mu.Unlock()
	return false
}

// ThreadSend is tx.send(v): it waits for room in a bounded channel. A send on a closed sender
// (or once every sender has closed) is a run-time error at pos.
func ThreadSend[T any](s *ThreadSender[T], v T, pos string) {
	if s.send(v, true, false, time.Time{}) != "" {
		Fail(pos, "send on a closed channel")
	}
}

// ThreadTrySend is tx.try_send(v): {ok: true}, or {ok: false, error: "channel is full" |
// "channel is closed"} without waiting.
func ThreadTrySend[T any](s *ThreadSender[T], v T) Value {
	if why := s.send(v, false, false, time.Time{}); why != "" {
		return errRecord(why)
	}
	return okUnit()
}

// ThreadSendTimeout is tx.send_timeout(v, ms): a send that waits at most ms milliseconds for
// room: {ok: true}, or {ok: false, error: "timed out" | "channel is closed"}.
func ThreadSendTimeout[T any](s *ThreadSender[T], v T, ms int64) Value {
	if why := s.send(v, true, true, deadlineIn(ms)); why != "" {
		return errRecord(why)
	}
	return okUnit()
}

func deadlineIn(ms int64) time.Time {
	return time.Now().Add(time.Duration(max(ms, 0)) * time.Millisecond)
}

// ThreadSenderClose is tx.close(): it closes this sender; closing it again does nothing. The
// channel closes with its last open sender.
func ThreadSenderClose[T any](s *ThreadSender[T]) {
	c := s.c
	c.ch.mu.Lock()
	if s.closed {
		c.ch.mu.Unlock()
		return
	}
	s.closed = true
	c.senders--
	var woken parkers
	if c.senders == 0 {
		c.ch.closed = true // no task waits on the channel's own queues (see above)
		woken = append(c.receiver.take(), c.sender.take()...)
	}
	c.ch.mu.Unlock()
	woken.wakeAll()
}

// ThreadSenderClone is tx.clone(): another sender of the same channel, which stays open until
// its own close(). The clone of a closed sender is a run-time error at pos: it would reopen a
// channel its receivers may have seen closed.
func ThreadSenderClone[T any](s *ThreadSender[T], pos string) *ThreadSender[T] {
	c := s.c
	c.ch.mu.Lock()
	closed := s.closed
	if !closed {
		c.senders++
	}
	c.ch.mu.Unlock()
	if closed {
		Fail(pos, "clone of a closed channel sender")
	}
	return &ThreadSender[T]{c: c}
}

// IsClosed is tx.is_closed() and rx.is_closed(): whether the channel is closed (values sent
// before may still wait in it).
func (c *threadChan[T]) IsClosed() bool {
	c.ch.mu.Lock()
	defer c.ch.mu.Unlock()
	return c.ch.closed
}

// IsClosed is tx.is_closed().
func (s *ThreadSender[T]) IsClosed() bool { return s.c.IsClosed() }

// IsClosed is rx.is_closed().
func (r *ThreadReceiver[T]) IsClosed() bool { return r.c.IsClosed() }

// Clone is rx.clone(): another receiver of the same channel (each value goes to one of them).
func (r *ThreadReceiver[T]) Clone() *ThreadReceiver[T] { return &ThreadReceiver[T]{c: r.c} }

// tryTakeLocked takes a buffered value; the caller holds ch.mu and wakes what it gives back
// after unlocking.
func (c *threadChan[T]) tryTakeLocked() (v T, ok bool, wake *task, woken parkers) {
	if c.ch.buf.count == 0 {
		return v, false, nil, nil
	}
	v, wake = c.ch.takeLocked()
	return v, true, wake, c.sender.take()
}

// afterTake wakes, the channel's lock released, the task and the threads a change of the
// channel let go on.
func afterTake(wake *task, woken parkers) {
	if wake != nil {
		wake.wake(nil)
	}
	woken.wakeAll()
}

// recv takes a value, waiting as block and timed say; it gives "" or the reason it took none.
func (r *ThreadReceiver[T]) recv(block, timed bool, deadline time.Time) (T, string) {
	c := r.c
	for {
		c.ch.mu.Lock()
		if v, ok, wake, woken := c.tryTakeLocked(); ok {
			c.ch.mu.Unlock()
			afterTake(wake, woken)
			return v, ""
		}
		var zero T
		if c.ch.closed {
			c.ch.mu.Unlock()
			return zero, chanClosed
		}
		if !block {
			c.ch.mu.Unlock()
			return zero, chanEmpty
		}
		if !c.park(&c.receiver, deadline, timed) {
			return zero, chanTimedOut
		}
	}
}

func recvResult[T any](v T, why string) Value {
	if why != "" {
		return errRecord(why)
	}
	return okRecord(v)
}

// ThreadRecv is rx.recv(): it waits for a value, {ok: true, value: v}; once every sender has
// closed and the buffer is drained, {ok: false, error: "channel is closed"}.
func ThreadRecv[T any](r *ThreadReceiver[T]) Value {
	return recvResult(r.recv(true, false, time.Time{}))
}

// ThreadTryRecv is rx.try_recv(): a value if one is buffered, else {ok: false, error: "channel
// is empty"} (or "channel is closed").
func ThreadTryRecv[T any](r *ThreadReceiver[T]) Value {
	return recvResult(r.recv(false, false, time.Time{}))
}

// ThreadRecvTimeout is rx.recv_timeout(ms): recv that waits at most ms milliseconds, then
// {ok: false, error: "timed out"}.
func ThreadRecvTimeout[T any](r *ThreadReceiver[T], ms int64) Value {
	return recvResult(r.recv(true, true, deadlineIn(ms)))
}

// Len is the number of values buffered in the receiver's channel.
func (r *ThreadReceiver[T]) Len() int64 { return int64(r.c.ch.Len()) }

// selectable is a receiver as select uses it, whatever its element type.
type selectable interface {
	// trySelect takes a buffered value (ok), or says the channel is closed and drained.
	trySelect() (v Value, ok, closed bool)
	park(p *parker)
	unpark(p *parker)
}

func (r *ThreadReceiver[T]) trySelect() (Value, bool, bool) {
	c := r.c
	c.ch.mu.Lock()
	if v, ok, wake, woken := c.tryTakeLocked(); ok {
		c.ch.mu.Unlock()
		afterTake(wake, woken)
		return v, true, false
	}
	closed := c.ch.closed
	c.ch.mu.Unlock()
	return nil, false, closed
}

// park registers p for the channel's next value or its close, unless one is there already, in
// which case it fires p at once.
func (r *ThreadReceiver[T]) park(p *parker) {
	c := r.c
	c.ch.mu.Lock()
	ready := c.ch.buf.count > 0 || c.ch.closed
	if !ready {
		c.receiver.add(p)
	}
	c.ch.mu.Unlock()
	if ready {
		p.fire(parkWoken)
	}
}

func (r *ThreadReceiver[T]) unpark(p *parker) {
	c := r.c
	c.ch.mu.Lock()
	c.receiver.remove(p)
	c.ch.mu.Unlock()
}

var selectFields = []string{"index", "value"}

func selectResult(i int, v Value) Value { return NewRecord(selectFields, int64(i), v) }

// ThreadSelect is thread.Channel.select(cases): each case is {recv: rx}, {timeout: ms} or
// {default: true}. It gives {index, value} of the first receive case, in the list's order, whose
// channel has a value; a closed and drained channel's case is never chosen. Without a ready
// value it gives the default case's index (value null) if there is one, else waits for a value,
// or for the timeout (its index, value null). When every receive case's channel is closed and
// drained it gives {index: -1, value: null} at once. A case of another shape is a run-time error
// at pos.
func ThreadSelect(cases []Value, pos string) Value {
	recvs := make([]selectable, len(cases))
	deflt, timeout, nrecv := -1, -1, 0
	var ms int64
	for i, cv := range cases {
		name, v := selectCaseOf(cv, i, pos)
		switch {
		case name == "recv":
			s, isRecv := v.(selectable)
			if !isRecv {
				Fail(pos, "thread.Channel.select: the case "+strconv.Itoa(i)+" receives from "+TypeName(v)+", not a channel's receiver")
			}
			recvs[i] = s
			nrecv++
		case name == "timeout" && timeout < 0:
			n, isInt := v.(int64)
			if !isInt {
				Fail(pos, "thread.Channel.select: the timeout of case "+strconv.Itoa(i)+" is not a number of milliseconds")
			}
			timeout, ms = i, n
		case name == "default" && deflt < 0 && v == true:
			deflt = i
		default:
			failSelectCase(i, pos)
		}
	}
	if nrecv == 0 && timeout < 0 && deflt < 0 {
		Fail(pos, "thread.Channel.select: no case to wait for")
	}
	deadline := deadlineIn(ms)
	for {
		open := 0
		for i, s := range recvs {
			if s == nil {
				continue
			}
			v, ok, closed := s.trySelect()
			if ok {
				return selectResult(i, v)
			}
			if !closed {
				open++
			}
		}
		if nrecv > 0 && open == 0 {
			return selectResult(-1, nil)
		}
		if deflt >= 0 {
			return selectResult(deflt, nil)
		}
		p := &parker{}
		for _, s := range recvs {
			if s != nil {
				s.park(p)
			}
		}
		woken := p.wait(deadline, timeout >= 0)
		for _, s := range recvs {
			if s != nil {
				s.unpark(p)
			}
		}
		if !woken {
			return selectResult(timeout, nil)
		}
	}
}

// selectCaseOf gives the one field of a case, an object (a record, or a map with string keys).
func selectCaseOf(cv Value, i int, pos string) (string, Value) {
	switch cv.(type) {
	case *Record, dynMap:
		keys, vals := DynKeys(cv, pos), DynValues(cv, pos)
		if len(keys) == 1 {
			if name, ok := keys[0].(string); ok {
				return name, vals[0]
			}
		}
	}
	failSelectCase(i, pos)
	return "", nil
}

func failSelectCase(i int, pos string) {
	Fail(pos, "thread.Channel.select: the case "+strconv.Itoa(i)+" is not {recv: rx}, {timeout: ms} or {default: true}")
}

// AdeshFormat prints a sender as Sender.
func (s *ThreadSender[T]) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("Sender") }

// AdeshFormat prints a receiver as Receiver.
func (r *ThreadReceiver[T]) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("Receiver") }

// AdeshMethod gives a sender's methods to dynamic code.
func (s *ThreadSender[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case name == "send" && len(args) == 1:
		ThreadSend(s, DynTo[T](args[0], pos), pos)
		return Unit{}, true
	case name == "try_send" && len(args) == 1:
		return ThreadTrySend(s, DynTo[T](args[0], pos)), true
	case name == "send_timeout" && len(args) == 2:
		return ThreadSendTimeout(s, DynTo[T](args[0], pos), DynTo[int64](args[1], pos)), true
	case name == "close" && len(args) == 0:
		ThreadSenderClose(s)
		return Unit{}, true
	case name == "clone" && len(args) == 0:
		return ThreadSenderClone(s, pos), true
	case name == "is_closed" && len(args) == 0:
		return s.IsClosed(), true
	}
	return nil, false
}

// AdeshMethod gives a receiver's methods to dynamic code.
func (r *ThreadReceiver[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case name == "recv" && len(args) == 0:
		return ThreadRecv(r), true
	case name == "try_recv" && len(args) == 0:
		return ThreadTryRecv(r), true
	case name == "recv_timeout" && len(args) == 1:
		return ThreadRecvTimeout(r, DynTo[int64](args[0], pos)), true
	case name == "len" && len(args) == 0:
		return r.Len(), true
	case name == "is_closed" && len(args) == 0:
		return r.IsClosed(), true
	case name == "clone" && len(args) == 0:
		return r.Clone(), true
	}
	return nil, false
}
