package rt

import (
	"sync"
	"sync/atomic"
)

// A task is mostly awaited by one other task, whose waker sits in the task's joinWaker. A future
// that is also used as a promise (`let f = compute(); f.then(…); await f;`, Promise.all over
// futures) is awaited by two: the promise's settling task and the awaiter. The second and later
// ones wait here, in a list the scheduler keeps, so that the common case costs no field in
// every task; a task's finish looks here only while the list is not empty.
type extraJoiners struct {
	n  atomic.Int64 // entries in m
	mu sync.Mutex
	m  map[*task][]*task
}

// add records that waiter awaits t too.
func (j *extraJoiners) add(t, waiter *task) {
	j.mu.Lock()
	if j.m == nil {
		j.m = map[*task][]*task{}
	}
	ws := j.m[t]
	for _, w := range ws {
		if w == waiter {
			j.mu.Unlock()
			return
		}
	}
	j.m[t] = append(ws, waiter)
	j.n.Add(1)
	j.mu.Unlock()
}

// wake wakes the extra joiners of t, which has just become final.
func (j *extraJoiners) wake(t *task, w *worker) {
	if j.n.Load() == 0 {
		return
	}
	j.mu.Lock()
	ws := j.m[t]
	delete(j.m, t)
	j.n.Add(-int64(len(ws)))
	j.mu.Unlock()
	for _, waiter := range ws {
		waiter.wake(w)
	}
}

// forget drops the extra joiners of t, which is final, if its finish did not take them (an
// awaiter that added itself after the finish looked): they are awake, and t no longer needs
// the entry.
func (j *extraJoiners) forget(t *task) {
	j.mu.Lock()
	if ws, ok := j.m[t]; ok {
		delete(j.m, t)
		j.n.Add(-int64(len(ws)))
	}
	j.mu.Unlock()
}
