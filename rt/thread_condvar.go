package rt

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Condvar is thread.Condvar (= thread.Event). It is two things at once (EVERYDAY.md §7.3):
//
// The condition variable of a thread.Mutex: cv.wait(guard) releases the mutex the guard holds,
// sleeps until a notify, and takes the mutex again before it returns. It is Rust's futex
// condition variable: a notify counter is the futex word that waits sleep on, so a notify that
// comes between the release of the mutex and the sleep is not lost. A wait may also return
// without a notify (spuriously), so a waiter checks its condition in a loop.
//
// The interpreter's event flag: a notify sets the flag, which stays set until reset();
// cv.wait() with no argument returns once it is set, wait_timeout(ms) says whether it was set
// within ms milliseconds. (The interpreter's wait(guard) is the flag's wait too, keeping the
// mutex locked; here a guard's wait is the condition variable's, so that the notifier can take
// the mutex meanwhile.)
type Condvar struct {
	seq uint32 // the futex word: how many notifies there were

	set  atomic.Bool   // the flag
	mu   sync.Mutex    // orders the flag's changes and the channel's replacement
	flag chan struct{} // closed when the flag is set; nil until a flag wait or a notify needs it
}

// NewCondvar is thread.Condvar.new() and thread.Event.new().
func NewCondvar() *Condvar { return &Condvar{} }

// condvarGuard is a guard a wait may release: that of a thread.Mutex's lock().
type condvarGuard interface {
	mutexWord(pos string) *uint32
}

// mutexWord is the state word of the mutex the guard holds, for a condition variable's wait.
func (t *ThreadGuard[T]) mutexWord(pos string) *uint32 {
	t.held(pos)
	return &t.g.m.state
}

// CondvarWait is cv.wait(guard): guard is the value of a thread.Mutex's lock() result, which the
// calling thread holds; it holds the mutex again when the wait returns.
func CondvarWait(c *Condvar, guard Value, pos string) {
	g, ok := guard.(condvarGuard)
	if !ok {
		Fail(pos, "thread.Condvar: wait needs the guard of a locked thread.Mutex (the `value` of m.lock()'s result), not "+TypeName(guard))
	}
	word := g.mutexWord(pos)
	seq := atomic.LoadUint32(&c.seq)
	unlockWord(word)
	sleepOn(&c.seq, seq)
	lockWord(word)
}

// WaitFlag is cv.wait(): until the flag is set.
func (c *Condvar) WaitFlag() { <-c.flagged() }

// flagged is the channel closed when the flag is set.
func (c *Condvar) flagged() chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.flag == nil {
		c.flag = make(chan struct{})
		if c.set.Load() {
			close(c.flag)
		}
	}
	return c.flag
}

// setFlag sets the flag, waking its waiters.
func (c *Condvar) setFlag() {
	if c.set.Load() {
		return
	}
	c.mu.Lock()
	if !c.set.Load() {
		c.set.Store(true)
		if c.flag != nil {
			close(c.flag)
		}
	}
	c.mu.Unlock()
}

// Reset is cv.reset(): the flag is cleared, and waits for it wait for the next notify.
func (c *Condvar) Reset() {
	c.mu.Lock()
	if c.set.Load() {
		c.set.Store(false)
		c.flag = nil
	}
	c.mu.Unlock()
}

// WaitTimeout is cv.wait_timeout(ms): whether the flag is set within ms milliseconds.
func (c *Condvar) WaitTimeout(ms int64) bool {
	if c.set.Load() {
		return true
	}
	t := time.NewTimer(time.Duration(max(ms, 0)) * time.Millisecond)
	defer t.Stop()
	select {
	case <-c.flagged():
		return true
	case <-t.C:
		return false
	}
}

// NotifyOne is cv.notify_one(): it sets the flag and wakes one waiter of a guard, if any.
func (c *Condvar) NotifyOne() {
	c.setFlag()
	atomic.AddUint32(&c.seq, 1)
	wakeOn(&c.seq, 1)
}

// NotifyAll is cv.notify_all(): it sets the flag and wakes every waiter.
func (c *Condvar) NotifyAll() {
	c.setFlag()
	atomic.AddUint32(&c.seq, 1)
	wakeOn(&c.seq, wakeAll)
}

// lockWord takes the mutex whose state word is w (Mutex.Lock on the word alone).
func lockWord(w *uint32) {
	if !atomic.CompareAndSwapUint32(w, mutexUnlocked, mutexLocked) {
		mutexLockContendedWait(w, nil)
	}
}

// unlockWord releases the mutex whose state word is w.
func unlockWord(w *uint32) {
	if old := atomic.SwapUint32(w, mutexUnlocked); old != mutexLocked {
		mutexUnlockSlow(w, old)
	}
}

func (*Condvar) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("Condvar") }
func (*Condvar) AdeshTypeName() string                  { return "thread.Condvar" }
