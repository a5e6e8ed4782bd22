package rt

// The methods of the thread module's value-less objects for dynamic code: an object kept in a
// record ({sem: thread.Semaphore.new(2)}) or in an `any` is used by the same names as a typed
// one. The names are those of frontend/builtin/thread.go's rows.

// intArgOr is the argument i as an int64, or def when the call has no argument i.
func intArgOr(args []Value, i int, def int64, pos string) int64 {
	if i < len(args) {
		return DynTo[int64](args[i], pos)
	}
	return def
}

func (s *Semaphore) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "acquire":
		wantArgRange(name, args, 0, 1, pos)
		s.Acquire(intArgOr(args, 0, 1, pos), pos)
		return Unit{}, true
	case "release":
		wantArgRange(name, args, 0, 1, pos)
		s.Release(intArgOr(args, 0, 1, pos), pos)
		return Unit{}, true
	case "try_acquire":
		wantArgRange(name, args, 0, 1, pos)
		return s.TryAcquire(intArgOr(args, 0, 1, pos), pos), true
	case "acquire_timeout":
		wantArgRange(name, args, 1, 2, pos)
		return s.AcquireTimeout(DynTo[int64](args[0], pos), intArgOr(args, 1, 1, pos), pos), true
	case "available_permits":
		wantArgs(name, args, 0, pos)
		return s.AvailablePermits(), true
	}
	return nil, false
}

func (b *Barrier) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "wait":
		wantArgs(name, args, 0, pos)
		return b.Wait(), true
	case "wait_timeout":
		wantArgs(name, args, 1, pos)
		return b.WaitTimeout(DynTo[int64](args[0], pos)), true
	}
	return nil, false
}

func (l *CountDownLatch) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch name {
	case "count_down":
		wantArgRange(name, args, 0, 1, pos)
		return l.CountDown(intArgOr(args, 0, 1, pos)), true
	case "wait":
		wantArgs(name, args, 0, pos)
		l.Wait()
		return Unit{}, true
	case "try_wait":
		wantArgs(name, args, 0, pos)
		return l.TryWait(), true
	case "wait_timeout":
		wantArgs(name, args, 1, pos)
		return l.WaitTimeout(DynTo[int64](args[0], pos)), true
	}
	return nil, false
}

func (s *CancellationSource) AdeshMethod(name, _ string, args []Value) (Value, bool) {
	switch {
	case name == "token" && len(args) == 0:
		return s.Token(), true
	case name == "cancel" && len(args) == 0:
		s.Cancel()
		return Unit{}, true
	}
	return nil, false
}

func (t *CancellationToken) AdeshMethod(name, _ string, args []Value) (Value, bool) {
	if name == "is_cancelled" && len(args) == 0 {
		return t.IsCancelled(), true
	}
	return nil, false
}

func (c *Condvar) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	switch {
	case name == "wait" && len(args) == 1:
		CondvarWait(c, args[0], pos)
		return Unit{}, true
	case name == "wait" && len(args) == 0:
		c.WaitFlag()
		return Unit{}, true
	case name == "wait_timeout" && len(args) == 1:
		return c.WaitTimeout(DynTo[int64](args[0], pos)), true
	case name == "reset" && len(args) == 0:
		c.Reset()
		return Unit{}, true
	case name == "notify_one" && len(args) == 0:
		c.NotifyOne()
		return Unit{}, true
	case name == "notify_all" && len(args) == 0:
		c.NotifyAll()
		return Unit{}, true
	}
	return nil, false
}
