package rt

import (
	"strings"
	"time"
)

// thread.Mutex is rt's futex Mutex; its lock calls give the interpreter's result objects,
// {ok: true, value: guard} or {ok: false, kind, message}, whose guard dynamic code uses through
// get, set and unlock.

var (
	okFields  = []string{"ok", "value"}
	errFields = []string{"ok", "kind", "message"}
)

// okRecord is {ok: true, value: v}.
func okRecord(v Value) Value { return NewRecord(okFields, true, v) }

// mismatchRecord is compare_exchange's failure, {ok: false, kind: "mismatch", message: "found V"}.
func mismatchRecord(found Value) Value {
	return NewRecord(errFields, false, "mismatch", "found "+Str(found))
}

// errRecord is the failure object of EVERYDAY.md §7.3, {ok: false, kind: K, message: M}, for
// the failure why: one of the messages below, or a thrown text (kind "error").
func errRecord(why string) Value {
	kind, msg := "error", why
	switch why {
	case mutexBusy, rwlockBusy:
		kind = "would_block"
	case chanTimedOut:
		kind, msg = "timeout", "operation timed out"
	case chanClosed:
		kind = "closed"
	case chanEmpty, queueEmpty:
		kind = "empty"
	case chanFull:
		kind = "full"
	}
	return NewRecord(errFields, false, kind, msg)
}

const mutexBusy = "mutex busy"

// ThreadGuard is the guard of a thread.Mutex as dynamic code holds it.
type ThreadGuard[T any] struct{ g MutexGuard[T] }

// AdeshMethod gives the guard's get, set and unlock.
func (t *ThreadGuard[T]) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case name == "get" && len(args) == 0:
		t.held(pos)
		return t.g.Get(), true
	case name == "set" && len(args) == 1:
		t.held(pos)
		t.g.Set(DynTo[T](args[0], pos))
		return Unit{}, true
	case (name == "unlock" || name == "drop") && len(args) == 0:
		t.held(pos)
		t.g.Unlock()
		return Unit{}, true
	}
	return nil, false
}

func (t *ThreadGuard[T]) held(pos string) {
	if t.g.m == nil {
		Fail(pos, "the mutex guard was used after it was unlocked")
	}
}

// AdeshFormat prints the guard as the value it guards.
func (t *ThreadGuard[T]) AdeshFormat(b *strings.Builder, _ bool) {
	b.WriteString("MutexGuard(")
	if t.g.m != nil {
		Format(b, t.g.m.value, true)
	}
	b.WriteString(")")
}

// ThreadLock is m.lock() of a thread.Mutex: it waits for the lock.
func ThreadLock[T any](m *Mutex[T]) Value {
	return okRecord(&ThreadGuard[T]{m.Lock()})
}

// ThreadTryLock is m.try_lock(): the lock if it is free, else {ok: false, error: "mutex busy"}.
func ThreadTryLock[T any](m *Mutex[T]) Value {
	if g, ok := m.TryLock(); ok {
		return okRecord(&ThreadGuard[T]{g})
	}
	return errRecord(mutexBusy)
}

// ThreadLockTimeout is m.lock_timeout(ms): the lock if it comes within ms milliseconds, else
// {ok: false, error: "timed out"}. It retries with a growing pause, as a thread that holds a
// mutex for long is the rare case.
func ThreadLockTimeout[T any](m *Mutex[T], ms int64) Value {
	deadline := time.Now().Add(time.Duration(ms) * time.Millisecond)
	pause := time.Microsecond
	for {
		if g, ok := m.TryLock(); ok {
			return okRecord(&ThreadGuard[T]{g})
		}
		left := time.Until(deadline)
		if left <= 0 {
			return errRecord(chanTimedOut)
		}
		time.Sleep(min(pause, left))
		pause = min(2*pause, time.Millisecond)
	}
}
