package rt

// thread.RwLock is rt's futex RwLock, used through calls that each take the lock and release it
// before they return: read() and write(v), and the callbacks of with_read and with_write.

// ThreadRwRead is l.read(): a copy of the value, taken under a read lock.
func ThreadRwRead[T any](l *RwLock[T]) T {
	g := l.Read()
	defer g.Drop()
	return CloneT(g.Get())
}

// ThreadRwWrite is l.write(v): v replaces the value, under the write lock.
func ThreadRwWrite[T any](l *RwLock[T], v T) {
	g := l.Write()
	defer g.Drop()
	g.Set(v)
}

// rwlockBusy is the message of a try_read or try_write that finds the lock taken.
const rwlockBusy = "rwlock busy"

// ThreadRwTryRead is l.try_read(): {ok: true, value: a copy of the value} if no writer holds the
// lock, else {ok: false, kind: "would_block", message: "rwlock busy"}.
func ThreadRwTryRead[T any](l *RwLock[T]) Value {
	g, ok := l.TryRead()
	if !ok {
		return errRecord(rwlockBusy)
	}
	defer g.Drop()
	return okRecord(CloneT(g.Get()))
}

// ThreadRwTryWrite is l.try_write(v?): if no one holds the lock, v (when given) replaces the
// value and the result is {ok: true, value: a copy of the value now held}; else the
// would_block object.
func ThreadRwTryWrite[T any](l *RwLock[T], v ...T) Value {
	g, ok := l.TryWrite()
	if !ok {
		return errRecord(rwlockBusy)
	}
	defer g.Drop()
	if len(v) > 0 {
		g.Set(v[0])
	}
	return okRecord(CloneT(g.Get()))
}

// ThreadWithRead is l.with_read(f): f's result for the value, under a read lock, which other
// readers share.
func ThreadWithRead[T, U any](l *RwLock[T], f func(T) U) U {
	g := l.Read()
	defer g.Drop()
	return f(g.Get())
}

// ThreadWithWrite is l.with_write(f): f's result replaces the value, under the write lock. If f
// throws, the value is left as it was and the lock is released.
func ThreadWithWrite[T any](l *RwLock[T], f func(T) T) {
	g := l.Write()
	defer g.Drop()
	g.Set(f(g.Get()))
}
