package rt

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// Per-worker counters. A worker counts in plain fields and publishes them to atomics every
// globalCheckInterval polls and when it parks, so reading them never slows a poll.
const (
	statPolls = iota
	statReady
	statPending
	statSteals
	statStealAttempts
	statParks
	statInjectPops
	statOverflows
	statLIFOPolls
	statSpawned
	statMaxDepth
	numStats
)

func (w *worker) publish() {
	for i := range w.stats {
		w.published[i].Store(w.stats[i])
	}
}

// Metrics is a snapshot of a run's scheduler counters.
type Metrics struct {
	Workers      []WorkerMetrics
	Spawned      uint64 // tasks spawned, main included
	Live         int    // tasks not yet finished
	GlobalQueue  int64  // tasks in the injection queue
	Timers       int64  // timers pending
	Blocking     int64  // spawn_blocking jobs and KeepAlive holds outstanding
	Deadlocked   bool
	Running      bool // the run is under way (else: the last finished run)
	WorkersTotal int
}

// WorkerMetrics are one worker's counters.
type WorkerMetrics struct {
	Polls, Ready, Pending, Parks uint64
	Steals                       uint64 // tasks it stole
	StealAttempts                uint64 // deques it tried to steal from
	GlobalPops                   uint64 // tasks it took from the global queue
	Overflows                    uint64 // times its full deque sent half to the global queue
	LIFOPolls                    uint64 // polls of a task from its LIFO slot
	MaxDeque                     uint64 // deepest its deque got
	Deque                        int    // tasks in its deque now
	Parked                       bool
}

// SchedulerMetrics returns the counters of the run under way, or of the last run (ok is false
// when there has been none).
func SchedulerMetrics() (m Metrics, ok bool) {
	s := runningSched.Load()
	m.Running = s != nil
	if s == nil {
		s = lastSched.Load()
	}
	if s == nil {
		return m, false
	}
	for _, w := range s.workers {
		var c [numStats]uint64
		for i := range c {
			c[i] = w.published[i].Load()
		}
		m.Workers = append(m.Workers, WorkerMetrics{
			Polls: c[statPolls], Ready: c[statReady], Pending: c[statPending],
			Steals: c[statSteals], StealAttempts: c[statStealAttempts], Parks: c[statParks],
			GlobalPops: c[statInjectPops], Overflows: c[statOverflows], LIFOPolls: c[statLIFOPolls],
			MaxDeque: c[statMaxDepth],
			Deque:    w.stealer.length(), Parked: w.parked.Load(),
		})
	}
	m.WorkersTotal = len(s.workers)
	m.Spawned = s.spawned.Load()
	for _, w := range s.workers {
		m.Spawned += w.published[statSpawned].Load()
	}
	m.Live = s.registry.count()
	m.GlobalQueue = s.inject.length.Load()
	m.Timers = s.timers.length()
	m.Blocking = s.external.Load()
	m.Deadlocked = s.deadlocked.Load()
	return m, true
}

// WriteMetrics prints the scheduler counters (what --trace-async shows at exit): one line per
// worker and a total with the Ready/Pending ratio.
func WriteMetrics(w io.Writer) {
	m, ok := SchedulerMetrics()
	if !ok {
		fmt.Fprintln(w, "rt: no scheduler run yet")
		return
	}
	var b strings.Builder
	state := "finished"
	if m.Running {
		state = "running"
	}
	fmt.Fprintf(&b, "rt scheduler (%s): %d workers, %d tasks spawned, %d live, global queue %d, timers %d, blocking %d\n",
		state, m.WorkersTotal, m.Spawned, m.Live, m.GlobalQueue, m.Timers, m.Blocking)
	var total WorkerMetrics
	for i, wm := range m.Workers {
		fmt.Fprintf(&b, "  worker %d: %s\n", i, formatWorkerMetrics(wm))
		total.Polls += wm.Polls
		total.Ready += wm.Ready
		total.Pending += wm.Pending
		total.Steals += wm.Steals
		total.StealAttempts += wm.StealAttempts
		total.Parks += wm.Parks
		total.GlobalPops += wm.GlobalPops
		total.Overflows += wm.Overflows
		total.LIFOPolls += wm.LIFOPolls
		total.MaxDeque = max(total.MaxDeque, wm.MaxDeque)
	}
	fmt.Fprintf(&b, "  total:    %s", formatWorkerMetrics(total))
	if total.Ready+total.Pending > 0 {
		fmt.Fprintf(&b, " pending_ratio=%.3f", float64(total.Pending)/float64(total.Ready+total.Pending))
	}
	b.WriteString("\n")
	if m.Deadlocked {
		b.WriteString("  the run deadlocked: its waiting tasks were cancelled\n")
	}
	io.WriteString(w, b.String())
}

func formatWorkerMetrics(m WorkerMetrics) string {
	return fmt.Sprintf("polls=%d ready=%d pending=%d steals=%d steal_attempts=%d parks=%d global_pops=%d overflows=%d lifo_polls=%d max_deque=%d deque=%d",
		m.Polls, m.Ready, m.Pending, m.Steals, m.StealAttempts, m.Parks, m.GlobalPops, m.Overflows, m.LIFOPolls, m.MaxDeque, m.Deque)
}

// TaskInfo describes one live task, as DumpTasks prints it.
type TaskInfo struct {
	ID    uint64
	State string // idle, scheduled, running, notified; "+cancelling" when a cancel is pending
	Site  string // where it last suspended (Context.SuspendedAt), or ""
	// Worker is the index of the worker that last polled it, or -1.
	Worker int
}

// LiveTasks lists the live tasks of the run under way, by id.
func LiveTasks() []TaskInfo {
	s := runningSched.Load()
	if s == nil {
		return nil
	}
	var out []TaskInfo
	s.registry.each(func(t *task) {
		out = append(out, describeTask(t))
	})
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// describeTask reads a live task's state and site. The site is a plain string field written by
// the polling worker; it is read only while the task is not being polled, and re-checked
// against the state word after, so a torn read is discarded.
func describeTask(t *task) TaskInfo {
	s1 := t.state.Load()
	info := TaskInfo{ID: uint64(t.id), State: stateNames[s1&stateMask], Worker: int(s1>>workerShift) - 1}
	if s1&flagCancel != 0 {
		info.State += "+cancelling"
	}
	if l := s1 & stateMask; l == stateIdle || l == stateScheduled {
		site := t.site
		if t.state.Load() == s1 {
			info.Site = site
		}
	}
	return info
}

// DumpTasks writes every live task of the run under way: id, state, the worker that last ran
// it and the AdeshLang line it is suspended at. Main writes it to stderr on SIGQUIT (Ctrl-\),
// the way to see where a program that looks stuck is waiting.
func DumpTasks(w io.Writer) {
	tasks := LiveTasks()
	var b strings.Builder
	fmt.Fprintf(&b, "rt: %d live tasks\n", len(tasks))
	for _, t := range tasks {
		fmt.Fprintf(&b, "  task %d: %s", t.ID, t.State)
		if t.Worker >= 0 {
			fmt.Fprintf(&b, " (worker %d)", t.Worker)
		}
		if t.Site != "" {
			fmt.Fprintf(&b, " at %s", t.Site)
		}
		b.WriteString("\n")
	}
	io.WriteString(w, b.String())
}

// dumpTasksOnQuit makes SIGQUIT print the task dump and the metrics instead of killing the
// process; the returned function restores the default.
func dumpTasksOnQuit() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGQUIT)
	quit := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				DumpTasks(os.Stderr)
				WriteMetrics(os.Stderr)
			case <-quit:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(quit)
	}
}
