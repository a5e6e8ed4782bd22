package rt

import (
	"fmt"
	"sort"
	"sync"
)

// Unhandled rejections are never silent (LANGUAGE.md §8), as in Node.js: a promise rejected
// with no reaction and no awaiter, and a started future that failed and that no one awaited,
// are reported on stderr once the run has finished, and the program ends with status 1. A
// rejection handled at any time before that (a `.catch` added in a later reaction, an `await`
// in a task) is not reported.

// unhandledSet is what a run must check at its end: rejected promises that had no handler when
// they were rejected, and failed tasks that had no awaiter when they failed.
type unhandledSet struct {
	mu       sync.Mutex
	promises []rejection
	tasks    []*task
}

// rejection is a rejected promise, whatever its value type.
type rejection interface {
	rejectionIfUnhandled() (msg, pos string, unhandled bool)
}

// trackRejection records p, rejected with no handler yet, for the end-of-run check.
func trackRejection(p rejection) {
	if s := runningSched.Load(); s != nil {
		s.unhandled.mu.Lock()
		s.unhandled.promises = append(s.unhandled.promises, p)
		s.unhandled.unlockAndTrim()
	}
}

// trackFailedTask records t, failed with no one awaiting it (yet), for the end-of-run check.
func (s *scheduler) trackFailedTask(t *task) {
	s.unhandled.mu.Lock()
	s.unhandled.tasks = append(s.unhandled.tasks, t)
	s.unhandled.unlockAndTrim()
}

// unhandledTrimAt bounds the list between checks: when it doubles past this, the entries
// handled meanwhile are dropped, so a program that rejects and later catches many promises
// does not keep them all.
const unhandledTrimAt = 1024

func (u *unhandledSet) unlockAndTrim() {
	if n := len(u.promises) + len(u.tasks); n >= unhandledTrimAt && n&(n-1) == 0 {
		u.promises = keepUnhandledPromises(u.promises)
		u.tasks = keepUnhandledTasks(u.tasks)
	}
	u.mu.Unlock()
}

func keepUnhandledPromises(ps []rejection) []rejection {
	kept := ps[:0]
	for _, p := range ps {
		if _, _, unhandled := p.rejectionIfUnhandled(); unhandled {
			kept = append(kept, p)
		}
	}
	clear(ps[len(kept):])
	return kept
}

func keepUnhandledTasks(ts []*task) []*task {
	kept := ts[:0]
	for _, t := range ts {
		if t.failedUnobserved() {
			kept = append(kept, t)
		}
	}
	clear(ts[len(kept):])
	return kept
}

// failedUnobserved reports whether t failed and no one awaited it, nor dropped its handle (a
// drop reports the failure at once, see detach).
func (t *task) failedUnobserved() bool {
	return t.state.Load()&(flagObserved|flagDetached) == 0
}

// reportUnhandled reports, at the end of a run, what was rejected or failed and never handled,
// in the order it happened, and makes the program end with status 1.
func (s *scheduler) reportUnhandled() {
	u := &s.unhandled
	u.mu.Lock()
	promises, tasks := u.promises, u.tasks
	u.promises, u.tasks = nil, nil
	u.mu.Unlock()
	for _, p := range promises {
		if msg, pos, unhandled := p.rejectionIfUnhandled(); unhandled {
			failedUnawaited.Store(true)
			reportFailure(FailureText(&Thrown{Err: Error{Message: "unhandled promise rejection: " + msg}, Pos: pos}))
		}
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i].id < tasks[j].id })
	for _, t := range tasks {
		if t.failedUnobserved() {
			failedUnawaited.Store(true)
			err := t.failure()
			msg := fmt.Sprintf("task %d failed and was never awaited: %s", t.id, err.Err.Message)
			reportFailure(FailureText(&Thrown{Err: Error{Message: msg}, Pos: err.Pos}))
		}
	}
}
