package rt

import (
	"strings"
	"testing"
)

// TestUnhandledRejectionsAreReported checks the end-of-run report (LANGUAGE.md §8): what no one
// handled is reported and makes the program fail; what was handled at any time before the end
// (a catch added by a later reaction, an await) is not.
func TestUnhandledRejectionsAreReported(t *testing.T) {
	for _, n := range []int{1, 4} {
		out := captureFailures(t)
		wasFailed := failedUnawaited.Swap(false)
		mustRun(t, n, ready(func(cx *Context) Unit {
			Rejected[int](NewError("never handled"))
			later := Rejected[int](NewError("handled later"))
			Then(Resolved(0), func(int) int {
				Catch(later, func(Error) int { return 0 })
				return 0
			})
			Then(Resolved(1), func(int) int { Throw(NewError("thrown in then"), "x.adesh:3:5"); return 0 })
			awaited := Rejected[int](NewError("awaited promise"))
			catchThrown(func() { awaited.Poll(cx) })

			failing := func(msg, pos string) Future[int] {
				return ready(func(*Context) int { Fail(pos, msg); return 0 })
			}
			StartFuture(cx, failing("future never awaited", "x.adesh:4:1"))
			awaitedLate := StartFuture(cx, failing("future awaited after it failed", "x.adesh:5:1"))
			catchThrown(func() { awaitedLate.Poll(cx) })
			return Unit{}
		}))
		got := out.String()
		for _, want := range []string{
			"error: unhandled promise rejection: never handled\n",
			"error: unhandled promise rejection: thrown in then\n    at x.adesh:3:5\n",
			"failed and was never awaited: future never awaited\n    at x.adesh:4:1\n",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("%d workers: the report lacks %q:\n%s", n, want, got)
			}
		}
		for _, handled := range []string{"handled later", "awaited promise", "awaited after it failed"} {
			if strings.Contains(got, handled) {
				t.Errorf("%d workers: %q was handled but is reported:\n%s", n, handled, got)
			}
		}
		if !failedUnawaited.Load() {
			t.Errorf("%d workers: the unhandled rejections do not make the program fail", n)
		}
		failedUnawaited.Store(wasFailed)
	}
}

// TestHandledRejectionsAreForgotten checks that the record of rejections waiting for a handler
// drops the handled ones as it grows, so that rejecting and catching many promises keeps little.
func TestHandledRejectionsAreForgotten(t *testing.T) {
	out := captureFailures(t)
	var kept int
	mustRun(t, 1, ready(func(cx *Context) Unit {
		for i := 0; i < 4*unhandledTrimAt; i++ {
			p := Rejected[int](NewError("caught"))
			catchThrown(func() { p.Poll(cx) })
		}
		s := runningSched.Load()
		s.unhandled.mu.Lock()
		kept = len(s.unhandled.promises)
		s.unhandled.mu.Unlock()
		return Unit{}
	}))
	if kept > unhandledTrimAt {
		t.Errorf("%d handled rejections are still kept", kept)
	}
	if got := out.String(); got != "" {
		t.Errorf("handled rejections were reported: %q", got)
	}
}
