package rt

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// runChecked runs main on n workers and fails the test if a goroutine outlives the run.
func runChecked[T any](t *testing.T, n int, main Future[T]) (T, *Thrown) {
	t.Helper()
	before := runtime.NumGoroutine()
	v, err := RunWorkers(n, main)
	checkNoLeak(t, before)
	return v, err
}

// mustRun is runChecked for a run that must succeed.
func mustRun[T any](t *testing.T, n int, main Future[T]) T {
	t.Helper()
	v, err := runChecked(t, n, main)
	if err != nil {
		t.Fatalf("run on %d workers failed: %v", n, err)
	}
	return v
}

// checkNoLeak waits briefly for exiting goroutines (a goroutine that called wg.Done is still
// counted until it returns), then fails if more are left than before.
func checkNoLeak(t *testing.T, before int) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	buf = buf[:runtime.Stack(buf, true)]
	t.Fatalf("goroutines leaked by RunWorkers: %d before, %d after\n%s", before, runtime.NumGoroutine(), buf)
}

// pollFn is a future made of a poll function, for tests where the state machine is trivial.
type pollFn[T any] struct {
	poll func(cx *Context) Poll[T]
	drop func()
}

func (f *pollFn[T]) Poll(cx *Context) Poll[T] { return f.poll(cx) }
func (f *pollFn[T]) Drop() {
	if d := f.drop; d != nil {
		f.drop = nil
		d()
	}
}

// ready is a future whose first poll returns v after running body.
func ready[T any](body func(cx *Context) T) *pollFn[T] {
	return &pollFn[T]{poll: func(cx *Context) Poll[T] { return Ready(body(cx)) }}
}

// awaitAll is the compiler's shape for `for h in hs { out.push(await h) }`.
type awaitAll[T any] struct {
	hs  []*JoinHandle[T]
	i   int
	out []T
}

func (f *awaitAll[T]) Poll(cx *Context) Poll[[]T] {
	for f.i < len(f.hs) {
		p := f.hs[f.i].Poll(cx)
		if !p.Ready {
			return Pending[[]T]()
		}
		f.out = append(f.out, p.Value)
		f.i++
	}
	return Ready(f.out)
}

func (f *awaitAll[T]) Drop() {}

// catchThrown runs f and returns the *Thrown it panics with, or nil.
func catchThrown(f func()) (th *Thrown) {
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if th, ok = r.(*Thrown); !ok {
				panic(r)
			}
		}
	}()
	f()
	return nil
}

// syncLog is a log written by tasks on several workers.
type syncLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *syncLog) add(s string) {
	l.mu.Lock()
	l.lines = append(l.lines, s)
	l.mu.Unlock()
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, " ")
}

// withDequeSlots shrinks the deques for the next runs of the test.
func withDequeSlots(t *testing.T, n int) {
	old := dequeSlots
	dequeSlots = n
	t.Cleanup(func() { dequeSlots = old })
}

// captureFailures redirects the report of unawaited task failures.
func captureFailures(t *testing.T) *lockedBuffer {
	b := &lockedBuffer{}
	old := failureOutput
	failureOutput = b
	t.Cleanup(func() { failureOutput = old })
	return b
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
