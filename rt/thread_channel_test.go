package rt

import (
	"sync"
	"testing"
	"time"
)

func recvOK(t *testing.T, r Value) Value {
	t.Helper()
	rec := r.(*Record)
	if ok, _ := rec.Get("ok"); ok != true {
		t.Fatalf("want {ok: true, …}, got %v", Str(r))
	}
	v, _ := rec.Get("value")
	return v
}

// wantErr wants the failure object of why: {ok: false, kind, message}.
func wantErr(t *testing.T, r Value, why string) {
	t.Helper()
	if want := Str(errRecord(why)); Str(r) != want {
		t.Fatalf("want %s, got %v", want, Str(r))
	}
}

func failsWith(t *testing.T, msg string, f func()) {
	t.Helper()
	defer func() {
		th, ok := recover().(*Thrown)
		if !ok || th.Err.Message != msg || th.Pos != "p.adesh:1:1" {
			t.Fatalf("want the run-time error %q at p.adesh:1:1, got %v", msg, th)
		}
	}()
	f()
	t.Fatalf("no run-time error %q", msg)
}

// Producers on threads send through clones of one sender of a bounded channel (which fills, so
// that senders wait for room); the receiver gets every value, then "channel is closed" once
// every sender has closed.
func TestThreadChannelProducers(t *testing.T) {
	pair := ThreadChannelBounded[int64](2, "p.adesh:1:1")
	tx, rx := pair.F0, pair.F1
	const producers, each = 4, 500
	var hs []*JoinHandle[Unit]
	for p := range producers {
		mine := ThreadSenderClone(tx, "p.adesh:1:1")
		hs = append(hs, SpawnThread(func() Unit {
			for i := range each {
				ThreadSend(mine, int64(p*each+i), "p.adesh:1:1")
			}
			ThreadSenderClose(mine)
			ThreadSenderClose(mine) // twice does nothing
			return Unit{}
		}))
	}
	ThreadSenderClose(tx)
	seen := make([]bool, producers*each)
	for {
		r := ThreadRecv(rx).(*Record)
		if ok, _ := r.Get("ok"); ok != true {
			wantErr(t, r, chanClosed)
			break
		}
		v, _ := r.Get("value")
		if seen[v.(int64)] {
			t.Fatalf("%d received twice", v)
		}
		seen[v.(int64)] = true
	}
	for i, s := range seen {
		if !s {
			t.Fatalf("%d never received", i)
		}
	}
	for _, h := range hs {
		ThreadJoin(h, "test")
	}
	wantErr(t, ThreadTryRecv(rx), chanClosed)
	wantErr(t, ThreadTrySend(tx, 1), chanClosed)
	failsWith(t, "send on a closed channel", func() { ThreadSend(tx, 1, "p.adesh:1:1") })
	failsWith(t, "clone of a closed channel sender", func() { ThreadSenderClone(tx, "p.adesh:1:1") })
}

func TestThreadChannelTryAndTimeout(t *testing.T) {
	pair := ThreadChannelCreate[string](1)
	tx, rx := pair.F0, pair.F1
	wantErr(t, ThreadTryRecv(rx), chanEmpty)
	start := time.Now()
	wantErr(t, ThreadRecvTimeout(rx, 20), chanTimedOut)
	if time.Since(start) < 20*time.Millisecond {
		t.Fatal("recv_timeout returned early")
	}
	recvOK(t, ThreadTrySend(tx, "a"))
	wantErr(t, ThreadTrySend(tx, "b"), chanFull)
	wantErr(t, ThreadSendTimeout(tx, "b", 10), chanTimedOut)
	if v := recvOK(t, ThreadRecvTimeout(rx, 1000)); v != "a" {
		t.Fatalf("got %v", v)
	}
	// A receiver that waits is woken by a send from another thread.
	h := SpawnThread(func() Value { return ThreadRecvTimeout(rx, 5000) })
	time.Sleep(5 * time.Millisecond)
	ThreadSend(tx, "late", "p.adesh:1:1")
	if v := recvOK(t, ThreadJoin(h, "test")); v != "late" {
		t.Fatalf("got %v", v)
	}
	// A sender that waits for room is woken by a receive.
	ThreadSend(tx, "full", "p.adesh:1:1")
	s := SpawnThread(func() Value { return ThreadSendTimeout(tx, "next", 5000) })
	time.Sleep(5 * time.Millisecond)
	if v := recvOK(t, ThreadRecv(rx)); v != "full" {
		t.Fatalf("got %v", v)
	}
	recvOK(t, ThreadJoin(s, "test"))
	if v := recvOK(t, ThreadRecv(rx)); v != "next" || rx.Len() != 0 {
		t.Fatalf("got %v", v)
	}
	// Closing wakes a waiting receiver.
	w := SpawnThread(func() Value { return ThreadRecv(rx) })
	time.Sleep(5 * time.Millisecond)
	ThreadSenderClose(tx)
	wantErr(t, ThreadJoin(w, "test"), chanClosed)
}

func TestThreadChannelBadCapacity(t *testing.T) {
	for _, n := range []int64{0, -3, 1<<31 + 1} {
		failsWith(t, "thread.Channel.bounded: the capacity must be from 1 to 2147483648, got "+Str(n),
			func() { ThreadChannelBounded[int64](n, "p.adesh:1:1") })
	}
	func() {
		defer func() {
			if th, ok := recover().(*Thrown); !ok || th.Err.Message != "thread.Channel.create: the capacity must be from 1 to 2147483648, got 0" {
				t.Fatalf("create(0): %v", th)
			}
		}()
		ThreadChannelCreate[int64](0)
	}()
	pair := ThreadChannelUnbounded[int64]()
	for i := range 10000 {
		recvOK(t, ThreadTrySend(pair.F0, int64(i)))
	}
	if pair.F1.Len() != 10000 {
		t.Fatal("unbounded channel lost values")
	}
}

func selectCase(name string, v Value) Value { return NewRecord([]string{name}, v) }

func selected(t *testing.T, r Value, index int64, value Value) {
	t.Helper()
	rec := r.(*Record)
	i, _ := rec.Get("index")
	v, _ := rec.Get("value")
	if i != index || v != value {
		t.Fatalf("select gave %v, want index %d value %v", Str(r), index, value)
	}
}

func TestThreadSelect(t *testing.T) {
	a, b := ThreadChannelUnbounded[int64](), ThreadChannelUnbounded[string]()
	cases := []Value{selectCase("recv", a.F1), selectCase("recv", b.F1), selectCase("default", true)}
	selected(t, ThreadSelect(cases, "p.adesh:1:1"), 2, nil)
	ThreadSend(b.F0, "b1", "p.adesh:1:1")
	ThreadSend(a.F0, 1, "p.adesh:1:1")
	selected(t, ThreadSelect(cases, "p.adesh:1:1"), 0, int64(1)) // the first ready case wins
	selected(t, ThreadSelect(cases, "p.adesh:1:1"), 1, "b1")

	waiting := []Value{selectCase("recv", a.F1), selectCase("recv", b.F1), selectCase("timeout", int64(2000))}
	h := SpawnThread(func() Value { return ThreadSelect(waiting, "p.adesh:1:1") })
	time.Sleep(5 * time.Millisecond)
	ThreadSend(b.F0, "woke", "p.adesh:1:1")
	selected(t, ThreadJoin(h, "test"), 1, "woke")

	timed := []Value{selectCase("recv", a.F1), selectCase("timeout", int64(10))}
	selected(t, ThreadSelect(timed, "p.adesh:1:1"), 1, nil)
	// A closed and drained channel is never chosen; with all closed, index -1.
	ThreadSenderClose(a.F0)
	selected(t, ThreadSelect(timed, "p.adesh:1:1"), -1, nil)
	ThreadSend(b.F0, "still", "p.adesh:1:1")
	selected(t, ThreadSelect(waiting, "p.adesh:1:1"), 1, "still")

	// A case written as a map literal, as typed code builds `{recv: rx}`.
	ThreadSend(b.F0, "m", "p.adesh:1:1")
	mapCase := MapOf[string, *ThreadReceiver[string]]([]string{"recv"}, []*ThreadReceiver[string]{b.F1})
	selected(t, ThreadSelect([]Value{mapCase}, "p.adesh:1:1"), 0, "m")
	failsWith(t, "thread.Channel.select: the case 0 is not {recv: rx}, {timeout: ms} or {default: true}",
		func() { ThreadSelect([]Value{NewRecord(nil)}, "p.adesh:1:1") })
	failsWith(t, "thread.Channel.select: no case to wait for", func() { ThreadSelect(nil, "p.adesh:1:1") })
	failsWith(t, "thread.Channel.select: the case 0 is not {recv: rx}, {timeout: ms} or {default: true}",
		func() { ThreadSelect([]Value{int64(3)}, "p.adesh:1:1") })
	failsWith(t, "thread.Channel.select: the case 0 receives from i64, not a channel's receiver",
		func() { ThreadSelect([]Value{selectCase("recv", int64(3))}, "p.adesh:1:1") })
}

// Many threads select over two channels fed by many threads: each value is received once.
func TestThreadSelectContended(t *testing.T) {
	a, b := ThreadChannelBounded[int64](3, "p.adesh:1:1"), ThreadChannelUnbounded[int64]()
	const n = 2000
	var wg sync.WaitGroup
	for _, tx := range []*ThreadSender[int64]{a.F0, b.F0} {
		for p := range 2 {
			mine := ThreadSenderClone(tx, "p.adesh:1:1")
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := p; i < n; i += 2 {
					ThreadSend(mine, int64(i), "p.adesh:1:1")
				}
				ThreadSenderClose(mine)
			}()
		}
		ThreadSenderClose(tx)
	}
	cases := []Value{selectCase("recv", a.F1), selectCase("recv", b.F1)}
	var mu sync.Mutex
	counts := map[int64]int{}
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				r := ThreadSelect(cases, "p.adesh:1:1").(*Record)
				i, _ := r.Get("index")
				if i == int64(-1) {
					return
				}
				v, _ := r.Get("value")
				mu.Lock()
				counts[i.(int64)*n+v.(int64)]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(counts) != 2*n {
		t.Fatalf("received %d distinct values, want %d", len(counts), 2*n)
	}
	for k, c := range counts {
		if c != 1 {
			t.Fatalf("value %d received %d times", k, c)
		}
	}
}

func TestThreadChannelDynamicMethods(t *testing.T) {
	pair := ThreadChannelUnbounded[int64]()
	var tx, rx Value = pair.F0, pair.F1
	DynMethod(tx, "send", "p.adesh:1:1", int64(4))
	if v := recvOK(t, DynMethod(rx, "recv", "p.adesh:1:1")); v != int64(4) {
		t.Fatalf("got %v", v)
	}
	if Str(tx) != "Sender" || Str(rx) != "Receiver" {
		t.Fatalf("printed %s %s", Str(tx), Str(rx))
	}
}
