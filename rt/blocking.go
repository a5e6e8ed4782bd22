package rt

import "sync"

// maxBlockingThreads bounds the spawn_blocking pool; further jobs wait in its queue.
const maxBlockingThreads = 64

// blockingPool runs spawn_blocking jobs on goroutines of their own, never on a worker. Idle pool
// goroutines wait for more jobs until the run ends; RunWorkers waits for all of them to exit.
type blockingPool struct {
	sched   *scheduler
	mu      sync.Mutex
	cond    sync.Cond
	queue   []func(*waiterSlot)
	threads int
	idle    int
	closed  bool
	wg      sync.WaitGroup
}

func (p *blockingPool) init(s *scheduler) {
	p.sched = s
	p.cond.L = &p.mu
}

func (p *blockingPool) submit(job func(*waiterSlot)) {
	p.mu.Lock()
	p.queue = append(p.queue, job)
	switch {
	case p.idle >= len(p.queue):
		// A waiting goroutine for every queued job: one signalled for an earlier job stays
		// counted in idle until it runs, so that a job submitted meanwhile gets one of its own
		// (counting idle alone lost it: two jobs, one goroutine woken, the second job waited
		// for the first to end, forever when the first was an http.Server's Serve waiting for
		// the second).
		p.cond.Signal()
	case p.threads < maxBlockingThreads:
		p.threads++
		p.wg.Add(1)
		go p.serve()
	}
	p.mu.Unlock()
}

func (p *blockingPool) serve() {
	defer p.wg.Done()
	slot := &waiterSlot{kind: "blocking job"}
	defer registerSlot(slot)()
	p.mu.Lock()
	for {
		for len(p.queue) == 0 && !p.closed {
			p.idle++
			p.cond.Wait()
			p.idle--
		}
		if len(p.queue) == 0 {
			p.threads--
			p.mu.Unlock()
			return
		}
		job := p.queue[0]
		p.queue[0] = nil
		p.queue = p.queue[1:]
		p.mu.Unlock()
		job(slot)
		p.mu.Lock()
	}
}

// close ends the idle goroutines once the queue is empty and waits for them.
func (p *blockingPool) close() {
	p.mu.Lock()
	p.closed = true
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

// SpawnBlocking runs f on the blocking pool (never on a worker thread, so it may block or
// compute for long) and returns a handle to await its value. A panic in f fails the handle like
// a task's. Cancel before f starts skips it; once f runs, Cancel cannot stop it.
func SpawnBlocking[T any](f func() T) *JoinHandle[T] {
	h := &JoinHandle[T]{}
	s := currentScheduler()
	s.adopt(&h.task, stateRunning, nil) // never queued: wakes do nothing, Cancel only sets the flag
	s.external.Add(1)
	s.blocking.submit(func(slot *waiterSlot) { runBlocking(h, f, slot) })
	return h
}

// runBlocking runs f for h on the goroutine of slot, which names h while it runs.
func runBlocking[T any](h *JoinHandle[T], f func() T, slot *waiterSlot) {
	s := h.sched
	slot.t = &h.task
	defer func() { slot.t = nil }()
	defer func() {
		s.external.Add(-1)
		s.wakeAnyParked() // let a parked worker redo the deadlock check, which this job held off
	}()
	if h.state.Load()&flagCancel != 0 {
		h.finish(nil, &Thrown{Err: cancelledThrown}, stateCancelled)
		return
	}
	v, failure := callBlocking(h, f)
	if failure != nil {
		h.finish(nil, failure, stateComplete)
		return
	}
	h.val = v
	h.finish(nil, nil, stateComplete)
}

func callBlocking[T any](h *JoinHandle[T], f func() T) (v T, failure *Thrown) {
	defer func() {
		if r := recover(); r != nil {
			failure = panicToThrown(&h.task, r)
		}
	}()
	return f(), nil
}
