package rt

import "sync/atomic"

// dequeSlots is the capacity of each worker's deque. Tests shrink it (before RunWorkers) to
// force overflow and stealing.
var dequeSlots = 256

// workDeque is a fixed-capacity Chase-Lev work-stealing deque, reached through one of its two
// ends (as Tokio's Local and Steal): the owning worker holds the dequeOwner end, pushes and
// pops at the bottom (LIFO: the task it just spawned runs next, while its data is in cache);
// every worker, the owner included, may hold the dequeThief end and steal from the top (FIFO:
// the oldest work migrates). Slots are atomic pointers and the owner clears a slot it pops,
// so a popped task is never reachable from the deque again. Go's atomics are sequentially
// consistent, which the algorithm's fences need.
type workDeque struct {
	top    atomic.Int64 // next slot to steal; only ever increases
	_      [56]byte     // keep thieves' and owner's words on separate cache lines
	bottom atomic.Int64 // next slot to push; written by the owner only
	_      [56]byte
	slots  []atomic.Pointer[task]
	mask   int64
}

// dequeOwner is the owning worker's end of a deque: only that worker's goroutine calls it.
type dequeOwner struct{ d *workDeque }

// dequeThief is the stealing end of a deque: any goroutine may call it.
type dequeThief struct{ d *workDeque }

// newWorkDeque makes a deque of at least capacity slots (a power of two) and gives its ends.
func newWorkDeque(capacity int) (dequeOwner, dequeThief) {
	size := 1
	for size < capacity {
		size <<= 1
	}
	d := &workDeque{slots: make([]atomic.Pointer[task], size), mask: int64(size - 1)}
	return dequeOwner{d}, dequeThief{d}
}

// capacity is the number of slots.
func (o dequeOwner) capacity() int { return len(o.d.slots) }

// length is the number of queued tasks.
func (o dequeOwner) length() int { return o.d.length() }

// push adds t at the bottom; it reports false when the deque is full.
func (o dequeOwner) push(t *task) bool {
	d := o.d
	b := d.bottom.Load()
	if b-d.top.Load() >= int64(len(d.slots)) {
		return false
	}
	d.slots[b&d.mask].Store(t)
	d.bottom.Store(b + 1)
	return true
}

// pop takes the newest task from the bottom, or nil.
func (o dequeOwner) pop() *task {
	d := o.d
	b := d.bottom.Load() - 1
	d.bottom.Store(b)
	top := d.top.Load()
	if top > b { // empty
		d.bottom.Store(b + 1)
		return nil
	}
	slot := &d.slots[b&d.mask]
	t := slot.Load()
	if top == b { // the last task: race the thieves for it
		if !d.top.CompareAndSwap(top, top+1) {
			t = nil
		}
		d.bottom.Store(b + 1)
		if t == nil {
			return nil
		}
	}
	slot.Store(nil)
	return t
}

// popOldest takes the oldest task from the top, as a thief does (racing the thieves): for
// FIFO order on a single worker, fairness, and overflow, which keeps the oldest tasks' order.
func (o dequeOwner) popOldest() *task { return o.d.steal() }

// steal takes the oldest task from the top, or nil when the deque is empty.
func (s dequeThief) steal() *task { return s.d.steal() }

// length is a snapshot of the number of queued tasks.
func (s dequeThief) length() int { return s.d.length() }

// steal takes the oldest task from the top, or nil when the deque is empty; it retries when
// another thief (or the owner popping the last task) won the race for a slot.
func (d *workDeque) steal() *task {
	for {
		top := d.top.Load()
		if top >= d.bottom.Load() {
			return nil
		}
		t := d.slots[top&d.mask].Load()
		if d.top.CompareAndSwap(top, top+1) {
			if t == nil {
				// The slot was cleared by the owner only after it won this very index, in
				// which case our CAS fails; a nil here means a broken invariant.
				panic("rt: stole an empty deque slot")
			}
			return t
		}
	}
}

// length is a snapshot of the number of queued tasks (any goroutine).
func (d *workDeque) length() int {
	n := d.bottom.Load() - d.top.Load()
	if n < 0 {
		return 0
	}
	return int(n)
}
