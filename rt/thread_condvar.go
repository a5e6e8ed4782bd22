package rt

import (
	"strings"
	"sync/atomic"
)

// Condvar is thread.Condvar, the condition variable of a thread.Mutex: cv.wait(guard) releases
// the mutex the guard holds, sleeps until a notify, and takes the mutex again before it returns.
// It is Rust's futex condition variable: a notify counter is the futex word that waits sleep on,
// so a notify that comes between the release of the mutex and the sleep is not lost. A wait may
// also return without a notify (spuriously), so a waiter checks its condition in a loop.
type Condvar struct {
	seq uint32 // the futex word: how many notifies there were
}

// NewCondvar is thread.Condvar.new().
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

// NotifyOne is cv.notify_one(): it wakes one waiter, if any.
func (c *Condvar) NotifyOne() {
	atomic.AddUint32(&c.seq, 1)
	wakeOn(&c.seq, 1)
}

// NotifyAll is cv.notify_all(): it wakes every waiter.
func (c *Condvar) NotifyAll() {
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
