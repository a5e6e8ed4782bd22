package rt

import (
	"fmt"
	"sync"
)

// OneShot is a future that any goroutine completes, once: the bridge from Go code (a goroutine
// of your own, a callback of a blocking library) into AdeshLang tasks. Await it (Poll) from a
// task; Complete or Fail it from anywhere. While it is pending it holds KeepAlive, so the run
// neither ends nor counts as deadlocked while the outside may still complete it: complete it
// or drop it eventually. Any number of tasks may await it.
//
//	o := rt.NewOneShot[string]()
//	go func() { o.Complete(callSomeBlockingAPI()) }()
//	// in a task: v := o.Poll(cx) …
type OneShot[T any] struct {
	mu      sync.Mutex
	done    bool
	val     T
	err     *Error
	waiters []*task
	release func()
}

// NewOneShot makes a pending OneShot.
func NewOneShot[T any]() *OneShot[T] {
	return &OneShot[T]{release: KeepAlive()}
}

// Go runs fn on a goroutine of its own and gives a OneShot of its result: its value, or its
// error as a thrown Error. A panic in fn fails the OneShot with the panic's text.
func Go[T any](fn func() (T, error)) *OneShot[T] {
	o := NewOneShot[T]()
	go func() {
		defer func() {
			if r := recover(); r != nil {
				o.Fail(Error{Message: fmt.Sprint("panic: ", r)})
			}
		}()
		v, err := fn()
		if err != nil {
			o.Fail(Error{Message: err.Error()})
			return
		}
		o.Complete(v)
	}()
	return o
}

// Complete gives the OneShot its value and wakes its waiters; it reports false if the OneShot
// was already completed, failed or dropped.
func (o *OneShot[T]) Complete(v T) bool { return o.settle(v, nil) }

// Fail makes awaiting the OneShot throw err; it reports false if it was already settled.
func (o *OneShot[T]) Fail(err Error) bool {
	var zero T
	return o.settle(zero, &err)
}

func (o *OneShot[T]) settle(v T, err *Error) bool {
	o.mu.Lock()
	if o.done {
		o.mu.Unlock()
		return false
	}
	o.done, o.val, o.err = true, v, err
	waiters := o.waiters
	o.waiters = nil
	release := o.release
	o.release = nil
	o.mu.Unlock()
	for _, t := range waiters {
		t.wake(nil)
	}
	if release != nil {
		release() // after the wakes: the woken tasks keep the run alive from here
	}
	return true
}

// Poll gives the value once completed, and throws the error once failed.
func (o *OneShot[T]) Poll(cx *Context) Poll[T] {
	o.mu.Lock()
	if !o.done {
		if t := cx.Waker().t; t != nil && !containsTask(o.waiters, t) {
			o.waiters = append(o.waiters, t)
		}
		o.mu.Unlock()
		return Pending[T]()
	}
	o.mu.Unlock()
	if o.err != nil {
		throwHere(*o.err)
	}
	return Ready(o.val)
}

// Drop stops waiting. If nothing else awaits it, the OneShot stops holding the run alive; a
// later Complete or Fail is then ignored.
func (o *OneShot[T]) Drop() {
	o.mu.Lock()
	if o.done || len(o.waiters) > 1 {
		o.mu.Unlock()
		return
	}
	o.done = true
	o.err = &Error{Message: Cancelled}
	o.waiters = nil
	release := o.release
	o.release = nil
	o.mu.Unlock()
	if release != nil {
		release()
	}
}
