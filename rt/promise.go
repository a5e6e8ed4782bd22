package rt

import (
	"fmt"
	"sync"
	"sync/atomic"
)

const (
	promisePending uint32 = iota
	promiseFulfilled
	promiseRejected
)

// Promise is AdeshLang's `Promise<T>`: settled once, by resolve or reject, from any goroutine
// (no worker needed). Awaiting it (Poll) gives the value, or panics with the rejection as a
// *Thrown. Any number of tasks may await it.
//
// Callbacks (Then, ThenElse, Catch) run as tasks once the promise settles, as JavaScript runs
// them as microtasks: never inside the resolve call, and after the code that attached them has
// reached its next suspension (on one worker). Outside a run they run at once.
type Promise[T any] struct {
	state atomic.Uint32
	mu    sync.Mutex
	val   T
	err   Error
	// waiters are the tasks awaiting the promise; reactions run (internal, short) when it settles.
	waiters   []*task
	reactions []func()
	// handled records that a reaction or an awaiter has taken the promise's outcome; rejPos is
	// where it was rejected, when known (both for the unhandled-rejection report).
	handled atomic.Bool
	rejPos  string
}

// NewPromise runs executor at once with the promise's resolve and reject functions. Only the
// first call of either counts. An executor that throws rejects the promise.
func NewPromise[T any](executor func(resolve func(T), reject func(Error))) *Promise[T] {
	p := &Promise[T]{}
	func() {
		defer func() {
			if r := recover(); r != nil {
				th, ok := r.(*Thrown)
				if !ok {
					panic(r)
				}
				p.rejectAt(th.Err, th.Pos)
			}
		}()
		executor(p.Resolve, p.Reject)
	}()
	return p
}

// PendingPromise makes an unsettled promise, to settle with Resolve or Reject.
func PendingPromise[T any]() *Promise[T] { return &Promise[T]{} }

// Resolved is `Promise.resolve(v)`.
func Resolved[T any](v T) *Promise[T] {
	p := &Promise[T]{val: v}
	p.state.Store(promiseFulfilled)
	return p
}

// Rejected is `Promise.reject(e)`.
func Rejected[T any](e Error) *Promise[T] {
	p := &Promise[T]{err: e, rejPos: callerOutsideRT()}
	p.state.Store(promiseRejected)
	trackRejection(p)
	return p
}

// Resolve fulfils the promise with v, unless it is already settled.
func (p *Promise[T]) Resolve(v T) { p.settle(promiseFulfilled, v, Error{}, "") }

// Reject rejects the promise with e, unless it is already settled.
func (p *Promise[T]) Reject(e Error) { p.rejectAt(e, callerOutsideRT()) }

// rejectAt rejects the promise with e, rejected at pos (file:line, or "").
func (p *Promise[T]) rejectAt(e Error, pos string) {
	var zero T
	p.settle(promiseRejected, zero, e, pos)
}

func (p *Promise[T]) settle(state uint32, v T, e Error, pos string) {
	p.mu.Lock()
	if p.state.Load() != promisePending {
		p.mu.Unlock()
		return
	}
	p.val, p.err = v, e
	p.rejPos = pos
	p.state.Store(state)
	waiters, reactions := p.waiters, p.reactions
	p.waiters, p.reactions = nil, nil
	p.mu.Unlock()
	if state == promiseRejected && len(waiters) == 0 && len(reactions) == 0 {
		trackRejection(p) // unless a handler comes later
	}
	for _, t := range waiters {
		t.wake(nil)
	}
	for _, r := range reactions {
		r()
	}
}

// IsSettled reports whether the promise is resolved or rejected.
func (p *Promise[T]) IsSettled() bool { return p.state.Load() != promisePending }

// outcome is the settled result; ok is false for a rejection.
func (p *Promise[T]) outcome() (v T, e Error, ok bool) {
	return p.val, p.err, p.state.Load() == promiseFulfilled
}

// Poll waits for the promise to settle.
func (p *Promise[T]) Poll(cx *Context) Poll[T] {
	if p.state.Load() == promisePending {
		if !cx.consumeBudget() {
			return Pending[T]()
		}
		t := cx.Waker().t
		p.mu.Lock()
		if p.state.Load() == promisePending {
			if t != nil && !containsTask(p.waiters, t) {
				p.waiters = append(p.waiters, t)
			}
			p.mu.Unlock()
			return Pending[T]()
		}
		p.mu.Unlock()
	}
	if p.state.Load() == promiseRejected {
		p.handled.Store(true)
		throwHere(p.err)
	}
	return Ready(p.val)
}

// rejectionIfUnhandled gives the rejection for the unhandled-rejection report, and whether
// nothing has handled it.
func (p *Promise[T]) rejectionIfUnhandled() (msg, pos string, unhandled bool) {
	return p.err.Message, p.rejPos, !p.handled.Load()
}

// Drop does nothing: a promise is shared, and a task that stopped awaiting it is at most woken
// once for nothing when it settles.
func (p *Promise[T]) Drop() {}

func containsTask(ts []*task, t *task) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// onSettle runs f (internal bookkeeping, not user code) when the promise settles, at once if
// it has.
func (p *Promise[T]) onSettle(f func()) {
	p.handled.Store(true)
	p.mu.Lock()
	if p.state.Load() == promisePending {
		p.reactions = append(p.reactions, f)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	f()
}

// react runs f as a microtask once p has settled, as a JavaScript reaction runs: the
// combinators react so too, so that their promises settle on the tick Node's do.
func (p *Promise[T]) react(f func()) {
	p.onSettle(func() { runCallback(f) })
}

// Then is `p.then(f)`: a promise of f's result, or of p's rejection.
func Then[T, U any](p *Promise[T], f func(T) U) *Promise[U] {
	return ThenElse(p, f, nil)
}

// ThenElse is `p.then(f, onErr)`: f's result when p resolves, onErr's when it rejects.
func ThenElse[T, U any](p *Promise[T], f func(T) U, onErr func(Error) U) *Promise[U] {
	d := &Promise[U]{}
	p.react(func() {
		v, e, ok := p.outcome()
		switch {
		case ok:
			settleWith(d, func() U { return f(v) })
		case onErr != nil:
			settleWith(d, func() U { return onErr(e) })
		default:
			d.rejectAt(e, p.rejPos)
		}
	})
	return d
}

// Catch is `p.catch(f)`: p's value, or f's result for p's rejection.
func Catch[T any](p *Promise[T], f func(Error) T) *Promise[T] {
	return ThenElse(p, func(v T) T { return v }, f)
}

// CatchEither is `p.catch(f)` where f gives another type than p: a promise of either value,
// each converted to V (a dynamic value, an optional) by its function.
func CatchEither[T, U, V any](p *Promise[T], value func(T) V, f func(Error) U, result func(U) V) *Promise[V] {
	return ThenElse(p, value, func(e Error) V { return result(f(e)) })
}

// settleWith resolves d with call's result; a throw rejects d instead. Any other panic
// rejects d with a message naming it (or crashes under ADESH_TRACEBACK=1).
func settleWith[U any](d *Promise[U], call func() U) {
	defer func() {
		if r := recover(); r != nil {
			if th, ok := r.(*Thrown); ok {
				d.rejectAt(th.Err, th.Pos)
				return
			}
			if rawPanics {
				crashWithStack(r)
			}
			d.rejectAt(Error{Message: fmt.Sprintf("panic in promise callback: %v", r)}, "")
		}
	}()
	d.Resolve(call())
}

// runCallback queues a promise reaction on the event loop of the run under way (a microtask),
// or runs it at once outside a run.
func runCallback(fn func()) {
	s := runningSched.Load()
	if s == nil {
		fn()
		return
	}
	s.post(fn, true)
}

// PromiseAll is `Promise.all(ps)`: all the values in order, or the first rejection.
func PromiseAll[T any](ps []*Promise[T]) *Promise[[]T] {
	d := &Promise[[]T]{}
	vals := make([]T, len(ps))
	if len(ps) == 0 {
		d.Resolve(vals)
		return d
	}
	var left atomic.Int64
	left.Store(int64(len(ps)))
	for i, p := range ps {
		p.react(func() {
			v, e, ok := p.outcome()
			if !ok {
				d.rejectAt(e, p.rejPos)
				return
			}
			vals[i] = v
			if left.Add(-1) == 0 {
				d.Resolve(vals)
			}
		})
	}
	return d
}

var (
	fulfilledFields = []string{"status", "value"}
	rejectedFields  = []string{"status", "reason"}
)

// PromiseAllSettled is `Promise.allSettled(ps)`: once every promise has settled, JavaScript's
// outcome objects in order, {status: "fulfilled", value} or {status: "rejected", reason}.
func PromiseAllSettled[T any](ps []*Promise[T]) *Promise[[]Value] {
	d := &Promise[[]Value]{}
	outcomes := make([]Value, len(ps))
	if len(ps) == 0 {
		d.Resolve(outcomes)
		return d
	}
	var left atomic.Int64
	left.Store(int64(len(ps)))
	for i, p := range ps {
		p.react(func() {
			if v, e, ok := p.outcome(); ok {
				outcomes[i] = NewRecord(fulfilledFields, "fulfilled", v)
			} else {
				outcomes[i] = NewRecord(rejectedFields, "rejected", e)
			}
			if left.Add(-1) == 0 {
				d.Resolve(outcomes)
			}
		})
	}
	return d
}

// PromiseRace is `Promise.race(ps)`: settles as the first of ps to settle. With no promises it
// never settles, as in JavaScript.
func PromiseRace[T any](ps []*Promise[T]) *Promise[T] {
	d := &Promise[T]{}
	for _, p := range ps {
		p.react(func() {
			v, e, ok := p.outcome()
			if ok {
				d.Resolve(v)
			} else {
				d.rejectAt(e, p.rejPos)
			}
		})
	}
	return d
}

// AllRejected is the message of PromiseAny's error when every promise rejected.
const AllRejected = "All promises were rejected" // Node's message

// PromiseAny is `Promise.any(ps)`: the first value, or an error once every promise rejected
// (at once with no promises).
func PromiseAny[T any](ps []*Promise[T]) *Promise[T] {
	d := &Promise[T]{}
	if len(ps) == 0 {
		d.Reject(Error{Message: AllRejected})
		return d
	}
	var left atomic.Int64
	left.Store(int64(len(ps)))
	for _, p := range ps {
		p.react(func() {
			v, _, ok := p.outcome()
			if ok {
				d.Resolve(v)
			} else if left.Add(-1) == 0 {
				d.rejectAt(Error{Message: AllRejected}, p.rejPos)
			}
		})
	}
	return d
}

// RejectValues adapts an executor's reject to AdeshLang's `reject(v)`, which takes any value
// (a value that is not an Error is wrapped). Being in rt, the adapter is passed over when the
// rejection's position is taken: it is the position of the user's `reject(…)` call. (Not
// inlined: the closure would then be named after the generated function it was inlined in.)
//
//go:noinline
func RejectValues(reject func(Error)) func(Value) {
	return func(v Value) { reject(ToError(v)) }
}
