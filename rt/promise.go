package rt

import (
	"fmt"
	"slices"
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
//
// A promise is small (a chain of a million `.then`s is a million of them, bench/README.md):
// the first thing waiting for it is kept inline, a rejection's error apart, and the promise a
// `.then` gives is its own reaction (thenPromise), one allocation.
type Promise[T any] struct {
	state atomic.Uint32
	// handled records that a reaction or an awaiter has taken the promise's outcome (for the
	// unhandled-rejection report).
	handled atomic.Bool
	mu      sync.Mutex
	val     T
	// rej is the rejection, once rejected.
	rej *promiseRejection
	// hooks is what waits for the promise to settle: a task awaiting it or a reaction
	// (internal, short, run when it settles), or, once a second one comes, a *hookList of them
	// in the order they came. Most promises have one thing waiting, or none: it is kept inline
	// (a `.then`'s promise and its reaction fit the 64-byte size class).
	hooks settleHook
}

// hookList is what waits for a promise that more than one thing waits for, in the order they
// came. It is never a hook itself: settle runs what it holds.
type hookList []settleHook

func (*hookList) promiseSettled() { panic("rt: a promise's hook list run as a hook") }

// promiseRejection is a rejected promise's error and where it was rejected (file:line, or "").
type promiseRejection struct {
	err Error
	pos string
}

// settleHook is what waits for a promise to settle: a task awaiting it (woken), or a reaction
// (run in the settling call).
type settleHook interface{ promiseSettled() }

func (t *task) promiseSettled() { t.wake(nil) }

// hookFunc is internal bookkeeping run when a promise settles.
type hookFunc func()

func (f hookFunc) promiseSettled() { f() }

// microtask is a reaction that queues f on the event loop when the promise settles.
type microtask func()

func (f microtask) promiseSettled() { runCallback(f) }

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
	p := &Promise[T]{rej: &promiseRejection{err: e, pos: callerOutsideRT()}}
	p.state.Store(promiseRejected)
	trackRejection(p)
	return p
}

// Resolve fulfils the promise with v, unless it is already settled.
func (p *Promise[T]) Resolve(v T) { p.settle(promiseFulfilled, v, nil) }

// Reject rejects the promise with e, unless it is already settled.
func (p *Promise[T]) Reject(e Error) { p.rejectAt(e, callerOutsideRT()) }

// rejectAt rejects the promise with e, rejected at pos (file:line, or "").
func (p *Promise[T]) rejectAt(e Error, pos string) {
	var zero T
	p.settle(promiseRejected, zero, &promiseRejection{err: e, pos: pos})
}

func (p *Promise[T]) settle(state uint32, v T, rej *promiseRejection) {
	p.mu.Lock()
	if p.state.Load() != promisePending {
		p.mu.Unlock()
		return
	}
	p.val, p.rej = v, rej
	p.state.Store(state)
	hooks := p.hooks
	p.hooks = nil
	p.mu.Unlock()
	list, many := hooks.(*hookList)
	if !many {
		if hooks != nil {
			hooks.promiseSettled()
		} else if state == promiseRejected {
			trackRejection(p) // unless a handler comes later
		}
		return
	}
	// The awaiting tasks are woken first, then the reactions run, each in the order it came.
	for _, h := range *list {
		if t, ok := h.(*task); ok {
			t.wake(nil)
		}
	}
	for _, h := range *list {
		if !isTask(h) {
			h.promiseSettled()
		}
	}
}

func isTask(h settleHook) bool {
	_, ok := h.(*task)
	return ok
}

// addHookLocked queues h to run when the promise settles, unless it is a task already queued.
// p.mu is held and the promise is pending.
func (p *Promise[T]) addHookLocked(h settleHook) {
	list, many := p.hooks.(*hookList)
	switch {
	case p.hooks == nil:
		p.hooks = h
	case !many:
		if !isTask(h) || p.hooks != h {
			p.hooks = &hookList{p.hooks, h}
		}
	case !isTask(h) || !slices.Contains(*list, h):
		*list = append(*list, h)
	}
}

// IsSettled reports whether the promise is resolved or rejected.
func (p *Promise[T]) IsSettled() bool { return p.state.Load() != promisePending }

// outcome is the settled result; ok is false for a rejection.
func (p *Promise[T]) outcome() (v T, e Error, ok bool) {
	if p.state.Load() == promiseFulfilled {
		return p.val, Error{}, true
	}
	return p.val, p.rej.err, false
}

// rejPos is where a rejected promise was rejected, or "".
func (p *Promise[T]) rejPos() string { return p.rej.pos }

// Poll waits for the promise to settle.
func (p *Promise[T]) Poll(cx *Context) Poll[T] {
	if p.state.Load() == promisePending {
		if !cx.consumeBudget() {
			return Pending[T]()
		}
		t := cx.Waker().t
		p.mu.Lock()
		if p.state.Load() == promisePending {
			if t != nil {
				p.addHookLocked(t)
			}
			p.mu.Unlock()
			return Pending[T]()
		}
		p.mu.Unlock()
	}
	if p.state.Load() == promiseRejected {
		p.handled.Store(true)
		throwHere(p.rej.err)
	}
	return Ready(p.val)
}

// rejectionIfUnhandled gives the rejection for the unhandled-rejection report, and whether
// nothing has handled it.
func (p *Promise[T]) rejectionIfUnhandled() (msg, pos string, unhandled bool) {
	return p.rej.err.Message, p.rej.pos, !p.handled.Load()
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

// whenSettled runs h (internal bookkeeping, not user code) when the promise settles, at once
// if it has.
func (p *Promise[T]) whenSettled(h settleHook) {
	p.handled.Store(true)
	p.mu.Lock()
	if p.state.Load() == promisePending {
		p.addHookLocked(h)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	h.promiseSettled()
}

// onSettle runs f (internal bookkeeping, not user code) when the promise settles, at once if
// it has.
func (p *Promise[T]) onSettle(f func()) { p.whenSettled(hookFunc(f)) }

// react runs f as a microtask once p has settled, as a JavaScript reaction runs: the
// combinators react so too, so that their promises settle on the tick Node's do.
func (p *Promise[T]) react(f func()) { p.whenSettled(microtask(f)) }

// Then is `p.then(f)`: a promise of f's result, or of p's rejection.
func Then[T, U any](p *Promise[T], f func(T) U) *Promise[U] {
	return ThenElse(p, f, nil)
}

// ThenElse is `p.then(f, onErr)`: f's result when p resolves, onErr's when it rejects.
func ThenElse[T, U any](p *Promise[T], f func(T) U, onErr func(Error) U) *Promise[U] {
	if onErr == nil {
		d := &thenPromise[T, U]{src: p, f: f}
		p.whenSettled(d)
		return &d.Promise
	}
	d := &thenElsePromise[T, U]{thenPromise: thenPromise[T, U]{src: p, f: f}, onErr: onErr}
	p.whenSettled(d)
	return &d.Promise
}

// thenPromise is the promise a `.then` gives, and the reaction that settles it: when src
// settles it queues itself on the event loop, and there runs f or onErr.
// A `.then` without a rejection handler (the common case) has no field for one: its promise
// and reaction are 64 bytes for a Promise[int64] (thenElsePromise has the handler).
type thenPromise[T, U any] struct {
	Promise[U]
	src *Promise[T]
	f   func(T) U
}

func (d *thenPromise[T, U]) promiseSettled() { postCallback(d) }

func (d *thenPromise[T, U]) runCallback() { d.run(nil) }

// thenElsePromise is a thenPromise with a rejection handler (`p.then(f, onErr)`, `p.catch`).
type thenElsePromise[T, U any] struct {
	thenPromise[T, U]
	onErr func(Error) U
}

func (d *thenElsePromise[T, U]) promiseSettled() { postCallback(d) }

func (d *thenElsePromise[T, U]) runCallback() {
	onErr := d.onErr
	d.onErr = nil
	d.run(onErr)
}

// run settles d from its source's outcome: f's result, onErr's (if not nil) for a rejection,
// or the rejection.
func (d *thenPromise[T, U]) run(onErr func(Error) U) {
	src, f := d.src, d.f
	d.src, d.f = nil, nil // what they hold can go once it has run
	v, e, ok := src.outcome()
	switch {
	case ok:
		resolveWith(&d.Promise, f, v)
	case onErr != nil:
		resolveWith(&d.Promise, onErr, e)
	default:
		d.rejectAt(e, src.rejPos())
	}
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

// resolveWith resolves d with f(x); a throw rejects d instead. Any other panic rejects d with
// a message naming it (or crashes under ADESH_TRACEBACK=1).
func resolveWith[X, U any](d *Promise[U], f func(X) U, x X) {
	defer rejectOnPanic(d)
	d.Resolve(f(x))
}

// settleWith resolves d with call's result, as resolveWith.
func settleWith[U any](d *Promise[U], call func() U) {
	defer rejectOnPanic(d)
	d.Resolve(call())
}

// rejectOnPanic, deferred, rejects d with the throw or panic under way.
func rejectOnPanic[U any](d *Promise[U]) {
	r := recover()
	if r == nil {
		return
	}
	if th, ok := r.(*Thrown); ok {
		d.rejectAt(th.Err, th.Pos)
		return
	}
	if rawPanics {
		crashWithStack(r)
	}
	d.rejectAt(Error{Message: fmt.Sprintf("panic in promise callback: %v", r)}, "")
}

// runCallback queues a promise reaction on the event loop of the run under way (a microtask),
// or runs it at once outside a run.
func runCallback(fn func()) { postCallback(callbackFunc(fn)) }

// postCallback queues c on the event loop of the run under way as a microtask, or runs it at
// once outside a run.
func postCallback(c callback) {
	s := runningSched.Load()
	if s == nil {
		c.runCallback()
		return
	}
	s.postMicro(c)
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
				d.rejectAt(e, p.rejPos())
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
				d.rejectAt(e, p.rejPos())
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
				d.rejectAt(Error{Message: AllRejected}, p.rejPos())
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
