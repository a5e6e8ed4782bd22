package rt

import "sync/atomic"

// SleepFuture completes once its deadline has passed. It is meant to be stored by value in a
// state struct and polled in place: its timer entry lives inside it. Dropping it before the
// deadline removes the timer, so a cancelled sleep keeps nothing alive.
type SleepFuture struct {
	deadline int64
	sched    *scheduler // where the entry is registered, nil when it is not
	done     bool
	entry    timerEntry
}

// Sleep is AdeshLang's `sleep(ms)`: a future that completes ms milliseconds from now.
func Sleep(ms int64) SleepFuture {
	return SleepFuture{deadline: monoNow() + max(ms, 0)*1e6, entry: timerEntry{index: -1}}
}

// Poll completes once the deadline has passed.
func (f *SleepFuture) Poll(cx *Context) Poll[Unit] {
	if f.done {
		return Ready(Unit{})
	}
	if f.sched != nil {
		if !f.entry.fired.Load() {
			if w := cx.Waker(); !w.WillWake(f.entry.waker) {
				f.sched.timers.setWaker(&f.entry, w)
			}
			return Pending[Unit]()
		}
		f.sched = nil
		f.done = true
		return Ready(Unit{})
	}
	if monoNow() >= f.deadline {
		if !cx.consumeBudget() { // `loop { await sleep(0) }` must yield too
			return Pending[Unit]()
		}
		f.done = true
		return Ready(Unit{})
	}
	f.sched = schedulerOf(cx)
	f.entry.when = f.deadline
	f.entry.waker = cx.Waker()
	f.sched.timers.add(&f.entry)
	return Pending[Unit]()
}

// Drop removes the timer of a sleep that has not fired.
func (f *SleepFuture) Drop() {
	if f.sched != nil {
		f.sched.timers.remove(&f.entry)
		f.sched = nil
	}
	f.done = true
}

// schedulerOf is the scheduler polling cx, or the current one.
func schedulerOf(cx *Context) *scheduler {
	if cx != nil && cx.worker != nil {
		return cx.worker.sched
	}
	return currentScheduler()
}

// SetTimeout runs fn once on the event loop, ms milliseconds from now, and returns an id for
// ClearTimeout. The run does not end while the timeout is pending.
func SetTimeout(fn func(), ms int64) int64 {
	return currentScheduler().timers.setCallback(fn, max(ms, 0)*1e6, 0)
}

// TimeoutPromise is `await setTimeout(f, ms)`: a promise of f's value, f run as a timer
// callback (a throw in it rejects the promise).
func TimeoutPromise[T any](f func() T, ms int64) *Promise[T] {
	p := &Promise[T]{}
	SetTimeout(func() { settleWith(p, f) }, ms)
	return p
}

// minInterval keeps setInterval(f, 0) from spinning, as browsers clamp it.
const minInterval = int64(1e6)

// SetInterval runs fn on the event loop every ms milliseconds until ClearInterval(id). It keeps the
// run alive until cleared.
//
// A callback that fails stops its interval (the failure is reported like any task's that no one
// awaits), so a program whose interval keeps failing ends, as a Node.js program does.
func SetInterval(fn func(), ms int64) int64 {
	period := max(ms*1e6, minInterval)
	timers := &currentScheduler().timers
	var id atomic.Int64 // set before the first tick, a period from now
	id.Store(timers.setCallback(func() {
		defer func() {
			if r := recover(); r != nil {
				timers.clearCallback(id.Load())
				panic(r)
			}
		}()
		fn()
	}, period, period))
	return id.Load()
}

// ClearTimeout cancels a pending SetTimeout (or SetInterval); an unknown id is ignored.
func ClearTimeout(id int64) { currentScheduler().timers.clearCallback(id) }

// ClearInterval stops a SetInterval (or a pending SetTimeout); an unknown id is ignored.
func ClearInterval(id int64) { currentScheduler().timers.clearCallback(id) }

// TimeoutFuture is AdeshLang's `timeout(ms, f)`: f's value as Ok, or Err("timed out") once ms
// have passed, in which case f is dropped.
type TimeoutFuture[T any] struct {
	inner Future[T]
	sleep SleepFuture
}

// TimedOut is the message of the error a TimeoutFuture gives.
const TimedOut = "timed out"

// Timeout bounds f by ms milliseconds.
func Timeout[T any](ms int64, f Future[T]) TimeoutFuture[T] {
	return TimeoutFuture[T]{inner: f, sleep: Sleep(ms)}
}

// Poll gives Ok(value) when f completes first, Err("timed out") when the time runs out first.
func (f *TimeoutFuture[T]) Poll(cx *Context) Poll[Result[T, Error]] {
	if f.inner == nil {
		return Ready(Err[T](Error{Message: TimedOut}))
	}
	if p := f.inner.Poll(cx); p.Ready {
		f.inner = nil
		f.sleep.Drop()
		return Ready(Ok[T, Error](p.Value))
	}
	if f.sleep.Poll(cx).Ready {
		inner := f.inner
		f.inner = nil
		inner.Drop()
		return Ready(Err[T](Error{Message: TimedOut}))
	}
	return Pending[Result[T, Error]]()
}

// Drop drops f and the timer.
func (f *TimeoutFuture[T]) Drop() {
	if inner := f.inner; inner != nil {
		f.inner = nil
		inner.Drop()
	}
	f.sleep.Drop()
}

// FuncFuture runs a plain function as a future (a task body for callbacks).
type FuncFuture struct {
	fn func()
}

// Func wraps fn as a future that calls it once when first polled.
func Func(fn func()) FuncFuture { return FuncFuture{fn: fn} }

// Poll calls the function.
func (f *FuncFuture) Poll(*Context) Poll[Unit] {
	if fn := f.fn; fn != nil {
		f.fn = nil
		fn()
	}
	return Ready(Unit{})
}

// Drop forgets the function if it has not run.
func (f *FuncFuture) Drop() { f.fn = nil }
