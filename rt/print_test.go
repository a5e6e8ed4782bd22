package rt

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// withOutput points Print and Eprint at buffers for one test.
func withOutput(t testing.TB, out, errs io.Writer, lineFlush bool) {
	old := stdio
	stdio = newOutput(out, errs, lineFlush, 0)
	t.Cleanup(func() { stdio = old })
}

func TestPrintJoinsWithSpacesAndEndsTheLine(t *testing.T) {
	var out bytes.Buffer
	withOutput(t, &out, io.Discard, false)
	Print("a", int64(1), 2.5, true, Char('c'), 7)
	Print([]string{"x"}, "y", Some(int64(3)), nil)
	Print()
	PrintString("s")
	PrintInt(-9)
	if out.Len() != 0 {
		t.Errorf("output was not buffered: %q", out.String())
	}
	FlushOutput()
	want := "a 1 2.5 true c 7\n[\"x\"] y 3 null\n\ns\n-9\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// sequence records the writes of stdout and stderr in one stream, in the order they reach the
// process's file descriptors.
type sequence struct {
	mu  sync.Mutex
	log strings.Builder
}

func (s *sequence) writer(tag string) io.Writer {
	return writerFunc(func(p []byte) (int, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.log.WriteString(tag + string(p))
		return len(p), nil
	})
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestEprintFlushesStdoutFirst(t *testing.T) {
	var seq sequence
	withOutput(t, seq.writer("out:"), seq.writer("err:"), false)
	Print("one")
	Print("two")
	Eprint("oops", int64(1))
	Print("three")
	FlushOutput()
	want := "out:one\ntwo\nerr:oops 1\nout:three\n"
	if got := seq.log.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTerminalOutputFlushesEveryLine(t *testing.T) {
	var out bytes.Buffer
	withOutput(t, &out, io.Discard, true)
	Print("a", []int64{1})
	if out.String() != "a [1]\n" {
		t.Errorf("got %q", out.String())
	}
	PrintInt(1)
	PrintString("b")
	if out.String() != "a [1]\n1\nb\n" {
		t.Errorf("got %q", out.String())
	}
}

func TestConcurrentPrintsNeverInterleaveWithinALine(t *testing.T) {
	var out bytes.Buffer
	withOutput(t, &out, io.Discard, false)
	const lines = 2000
	long := strings.Repeat("x", 300) // lines of both goroutines together overflow the buffer
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range lines {
				switch g {
				case 0:
					Print("g0", int64(i), long)
				case 1:
					Print("g1", []int64{int64(i)}, long) // the formatted path
				case 2:
					PrintString("g2 " + long)
				default:
					Eprint("g3", int64(i))
				}
			}
		})
	}
	wg.Wait()
	FlushOutput()
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != 3*lines {
		t.Fatalf("got %d lines, want %d", len(got), 3*lines)
	}
	next := [3]int{}
	for _, line := range got {
		var want string
		switch {
		case strings.HasPrefix(line, "g0 "):
			want = fmt.Sprintf("g0 %d %s", next[0], long)
			next[0]++
		case strings.HasPrefix(line, "g1 "):
			want = fmt.Sprintf("g1 [%d] %s", next[1], long)
			next[1]++
		default:
			want = "g2 " + long
			next[2]++
		}
		if line != want {
			t.Fatalf("interleaved line %q", line)
		}
	}
}

func TestPrintFastPathsDoNotAllocate(t *testing.T) {
	withOutput(t, io.Discard, io.Discard, false)
	args := []any{"count:", int64(123456), 2.5, true}
	if n := testing.AllocsPerRun(100, func() { stdio.println(args) }); n != 0 {
		t.Errorf("println of basic values: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { PrintInt(123456789) }); n != 0 {
		t.Errorf("PrintInt: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { PrintString("hello") }); n != 0 {
		t.Errorf("PrintString: %v allocations", n)
	}
}

func TestFlushOutputIsAnExitHook(t *testing.T) {
	// Compared by code pointer, so that the test does not run the other halves' hooks.
	flush := reflect.ValueOf(FlushOutput).Pointer()
	for _, h := range exitHooks {
		if reflect.ValueOf(h).Pointer() == flush {
			return
		}
	}
	t.Error("FlushOutput is not registered with AtExit")
}

func TestIdleFlushWritesBufferedLines(t *testing.T) {
	var out bytes.Buffer
	o := newOutput(&out, io.Discard, false, 0)
	o.println([]any{"waiting"})
	if out.Len() != 0 {
		t.Fatalf("a piped line was written before the buffer filled: %q", out.String())
	}
	o.flushIfWritten()
	if out.String() != "waiting\n" {
		t.Fatalf("after an idle flush: %q", out.String())
	}
	o.flushIfWritten() // nothing new: no write
	if out.String() != "waiting\n" {
		t.Fatalf("a second flush wrote %q", out.String())
	}
}

func TestTimedFlushWritesWithoutAnIdleWorker(t *testing.T) {
	written := make(chan string, 1)
	o := newOutput(writerFunc(func(p []byte) (int, error) {
		written <- string(p)
		return len(p), nil
	}), io.Discard, false, time.Millisecond)
	for _, line := range []string{"first", "second"} {
		o.println([]any{line})
		// Not a timing assertion: without the timer the line never comes.
		select {
		case got := <-written:
			if got != line+"\n" {
				t.Fatalf("flushed %q, want %q", got, line+"\n")
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%q was not flushed", line)
		}
	}
}
