package rt

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// output is the program's stdout and stderr. Stdout is buffered because printing is often the
// hot loop of a program; one mutex guards both streams so that every line is written whole and
// stdout is flushed before anything goes to stderr, keeping the two in the order they were
// printed when both go to one terminal or file.
type output struct {
	mu        sync.Mutex
	out       *bufio.Writer
	errs      io.Writer
	lineFlush bool        // flush after every line: stdout is a terminal
	written   atomic.Bool // lines wait in the buffer
	// flushDelay bounds how long a line waits in the buffer while every worker is busy: the
	// first line into an empty buffer arms flushTimer (0: only idle workers and exit flush).
	flushDelay time.Duration
	flushTimer *time.Timer
}

// outputFlushDelay is how late a line printed to a pipe or file may reach it: short enough
// that progress lines of a CPU-bound program appear as it runs, long enough that a hot print
// loop still writes in large blocks.
const outputFlushDelay = 20 * time.Millisecond

// flushIfWritten flushes stdout when lines wait in its buffer: an idle worker and the flush
// timer call it.
func (o *output) flushIfWritten() {
	if o.written.Load() && o.written.Swap(false) {
		o.mu.Lock()
		o.out.Flush()
		o.mu.Unlock()
	}
}

func newOutput(stdout, stderr io.Writer, lineFlush bool, flushDelay time.Duration) *output {
	return &output{out: bufio.NewWriterSize(stdout, 64<<10), errs: stderr, lineFlush: lineFlush, flushDelay: flushDelay}
}

var stdio = newOutput(&outputSink{w: os.Stdout, fail: outputFailed}, os.Stderr, isTerminal(os.Stdout), outputFlushDelay)

// outputSink is the program's stdout under its buffer. Output that cannot be written (a full
// disk, /dev/full, a closed stdout) ends the program as a run-time error, a message on stderr
// and status 1, not as a success that lost its output. (A write to a pipe whose reader is gone
// is the SIGPIPE that Go ends the program with, quietly, as `| head` expects.)
type outputSink struct {
	w    io.Writer
	fail func(error)
}

func (s *outputSink) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.fail(err)
	}
	return n, err
}

// outputFailed ends the program whose output cannot be written. It runs with stdio.mu held,
// so it runs no exit hook: the only one that matters, the stdout flush, is what failed.
func outputFailed(err error) {
	fmt.Fprintln(os.Stderr, "error: cannot write the program's output:", err)
	os.Exit(1)
}

func init() { AtExit(FlushOutput) }

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// Print writes its arguments in top-level form, separated by one space, and ends the line: the
// AdeshLang print and println. Safe to call from many threads; lines never interleave.
func Print(args ...any) { stdio.println(args) }

// Eprint is Print to stderr. It flushes stdout first.
func Eprint(args ...any) { stdio.eprintln(args) }

// FlushOutput writes out what Print has buffered. It runs at exit; call it before anything else
// writes to the process's stdout or stderr directly.
func FlushOutput() {
	stdio.mu.Lock()
	stdio.out.Flush()
	stdio.mu.Unlock()
}

func (o *output) println(args []any) {
	if allBasic(args) {
		// Format straight into the free space of the buffer: no allocation when the line fits.
		o.mu.Lock()
		line := o.out.AvailableBuffer()
		for i, a := range args {
			if i > 0 {
				line = append(line, ' ')
			}
			line = appendBasic(line, a)
		}
		line = append(line, '\n')
		o.out.Write(line)
		o.finishLine()
		o.mu.Unlock()
		return
	}
	// Other values are formatted before taking the lock: their AdeshFormat is code of other
	// packages that may itself take locks or print.
	o.print(joinLine(args))
}

// print writes text, formatted already, to stdout.
func (o *output) print(text string) {
	o.mu.Lock()
	o.out.WriteString(text)
	o.finishLine()
	o.mu.Unlock()
}

// finishLine runs with o.mu held.
func (o *output) finishLine() {
	if o.lineFlush {
		o.out.Flush()
		return
	}
	if o.written.Swap(true) || o.flushDelay == 0 {
		return // a flush is already due
	}
	if o.flushTimer == nil {
		o.flushTimer = time.AfterFunc(o.flushDelay, o.flushIfWritten)
	} else {
		o.flushTimer.Reset(o.flushDelay)
	}
}

func (o *output) eprintln(args []any) { o.eprint(joinLine(args)) }

// eprint writes text, formatted already, to stderr, after what waits for stdout.
func (o *output) eprint(text string) {
	o.mu.Lock()
	o.out.Flush()
	io.WriteString(o.errs, text)
	o.mu.Unlock()
}

func joinLine(args []any) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		Format(&b, a, false)
	}
	b.WriteByte('\n')
	return b.String()
}

// allBasic reports whether every argument has a top-level form that appendBasic writes.
func allBasic(args []any) bool {
	for _, a := range args {
		switch a.(type) {
		case string, int64, int, float64, bool, Char:
		default:
			return false
		}
	}
	return true
}

// appendBasic appends the top-level form of one of the types allBasic accepts.
func appendBasic(dst []byte, a any) []byte {
	switch x := a.(type) {
	case string:
		return append(dst, x...)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case float64:
		return appendFloat(dst, x, 64)
	case bool:
		return strconv.AppendBool(dst, x)
	case Char:
		return utf8.AppendRune(dst, rune(x))
	}
	return dst
}

// PrintString prints one string and a newline: print(s) for a statically typed string, without
// boxing it into an interface.
func PrintString(s string) {
	o := stdio
	o.mu.Lock()
	o.out.WriteString(s)
	o.out.WriteByte('\n')
	o.finishLine()
	o.mu.Unlock()
}

// PrintInt prints one integer and a newline, without boxing it into an interface.
func PrintInt(i int64) {
	o := stdio
	o.mu.Lock()
	line := strconv.AppendInt(o.out.AvailableBuffer(), i, 10)
	o.out.Write(append(line, '\n'))
	o.finishLine()
	o.mu.Unlock()
}
