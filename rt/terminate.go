package rt

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// flushOnTermination makes SIGINT and SIGTERM write out the buffered stdout before the
// process dies of the signal, so that a program stopped by Ctrl-C or by `timeout` leaves the
// lines it printed in the pipe or file it printed to. The returned function restores the
// signals' default.
func flushOnTermination() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	quit := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			// Keep the lock until the end: a line printed after this flush would go out cut
			// where the buffer filled.
			stdio.mu.Lock()
			stdio.out.Flush()
			dieOf(sig)
		case <-quit:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(quit)
	}
}

// dieOf ends the process by sig itself, as it would have ended without the handler, so that a
// shell or a supervisor sees a process killed by the signal; where a process cannot signal
// itself, it exits with the status a shell gives such a process, 128 plus the signal's number.
func dieOf(sig os.Signal) {
	signal.Reset(sig)
	if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(sig) == nil {
		time.Sleep(time.Second) // the signal is on its way; exit below only if it was not fatal
	}
	code := 1
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	os.Exit(code)
}
