package rt

import (
	"sync"
	"time"
)

// WaitGroup is thread.WaitGroup (EVERYDAY.md §7.3): a count that add raises and done lowers,
// and that wait waits to reach zero, as Go's sync.WaitGroup, with a timed wait and the count
// readable. A wait blocks the calling OS thread, as the module's other waits do.
type WaitGroup struct {
	mu   sync.Mutex
	n    int64
	zero chan struct{} // closed while n is zero
}

// NewWaitGroup is thread.WaitGroup.new().
func NewWaitGroup() *WaitGroup {
	w := &WaitGroup{zero: make(chan struct{})}
	close(w.zero)
	return w
}

// Add is wg.add(n = 1).
func (w *WaitGroup) Add(n ...int64) {
	k := int64(1)
	if len(n) > 0 {
		k = n[0]
	}
	if k < 0 {
		throwHere(Error{Message: "WaitGroup.add: count must be non-negative"})
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.n == 0 && k > 0 {
		w.zero = make(chan struct{})
	}
	w.n += k
}

// Done is wg.done(): one fewer.
func (w *WaitGroup) Done() {
	w.mu.Lock()
	if w.n == 0 {
		w.mu.Unlock()
		throwHere(Error{Message: "WaitGroup.done: counter would go negative"})
	}
	w.n--
	if w.n == 0 {
		close(w.zero)
	}
	w.mu.Unlock()
}

func (w *WaitGroup) zeroed() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.zero
}

// Wait is wg.wait(): until the count is zero.
func (w *WaitGroup) Wait() { <-w.zeroed() }

// WaitTimeout is wg.wait_timeout(ms): whether the count reached zero within ms milliseconds.
func (w *WaitGroup) WaitTimeout(ms int64) bool {
	t := time.NewTimer(time.Duration(max(ms, 0)) * time.Millisecond)
	defer t.Stop()
	select {
	case <-w.zeroed():
		return true
	case <-t.C:
		return false
	}
}

// Count is wg.count().
func (w *WaitGroup) Count() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

// AdeshMethod gives dynamic code the wait group's methods.
func (w *WaitGroup) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "add":
		n := wantArgRange(name, args, 0, 1, pos)
		if n == 1 {
			w.Add(DynTo[int64](args[0], pos))
		} else {
			w.Add()
		}
		return Unit{}, true
	case "done":
		wantArgs(name, args, 0, pos)
		w.Done()
		return Unit{}, true
	case "wait":
		wantArgs(name, args, 0, pos)
		w.Wait()
		return Unit{}, true
	case "wait_timeout":
		wantArgs(name, args, 1, pos)
		return w.WaitTimeout(DynTo[int64](args[0], pos)), true
	case "count":
		wantArgs(name, args, 0, pos)
		return w.Count(), true
	}
	return nil, false
}
