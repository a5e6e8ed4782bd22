package rt

// The methods of the thread module's value-less objects for dynamic code: an object kept in a
// record ({sem: thread.Semaphore.new(2)}) or in an `any` is used by the same names as a typed
// one. The names are those of frontend/builtin/thread.go's rows.

func (s *Semaphore) AdeshMethod(name, pos string, args []Value) (Value, bool) {
	if len(args) != 0 {
		return nil, false
	}
	switch name {
	case "acquire":
		s.Acquire()
		return Unit{}, true
	case "release":
		s.Release(pos)
		return Unit{}, true
	case "try_acquire":
		return s.TryAcquire(), true
	case "available_permits":
		return s.AvailablePermits(), true
	}
	return nil, false
}

func (b *Barrier) AdeshMethod(name, _ string, args []Value) (Value, bool) {
	if name == "wait" && len(args) == 0 {
		return b.Wait(), true
	}
	return nil, false
}

func (l *CountDownLatch) AdeshMethod(name, _ string, args []Value) (Value, bool) {
	switch {
	case name == "count_down" && len(args) == 0:
		l.CountDown()
		return Unit{}, true
	case name == "wait" && len(args) == 0:
		l.Wait()
		return Unit{}, true
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
