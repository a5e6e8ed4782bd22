package rt

import (
	"io"
	"net"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"
)

// stepPeer is a Go peer that writes each of parts in turn, the next one only once the test
// sends on next, so that the test decides what has arrived when it reads; then it closes.
func stepPeer(t *testing.T, parts ...string) (conn *TcpStream, next chan<- struct{}, done <-chan struct{}) {
	t.Helper()
	step := make(chan struct{})
	addr, done := goPeer(t, func(c net.Conn) {
		for i, p := range parts {
			if i > 0 {
				if _, ok := <-step; !ok {
					return
				}
			}
			io.WriteString(c, p)
		}
	})
	return mustAwait[*TcpStream](t, NetConnect(addr)), step, done
}

// wantRead reads with read(n) and a timeout, and checks what it gives.
func wantRead(t *testing.T, conn *TcpStream, n int64, want string) {
	t.Helper()
	if got := mustAwait[string](t, conn.ReadTimeout(n, 2000)); got != want {
		t.Fatalf("read(%d) gave %q, want %q", n, got, want)
	}
}

func TestReadKeepsASplitCharacterForTheNextRead(t *testing.T) {
	noLeaks(t)
	conn, next, done := stepPeer(t, "a\xe2\x9c", "\x93b")
	defer conn.Close()
	wantRead(t, conn, 10, "a")
	// Two bytes of "✓" have arrived, not the third: read waits for it instead of giving them.
	_, th := await[string](t, conn.ReadTimeout(10, 30))
	wantThrown(t, th, TimedOut)
	next <- struct{}{}
	wantRead(t, conn, 10, "✓b")
	<-done
	wantRead(t, conn, 10, "")
}

func TestReadCutsBeforeACharacterThatNBytesWouldSplit(t *testing.T) {
	noLeaks(t)
	conn, _, done := stepPeer(t, "ab✓cd")
	defer conn.Close()
	<-done // all of it has arrived
	wantRead(t, conn, 3, "ab")
	wantRead(t, conn, 4, "✓c")
	wantRead(t, conn, 4, "d")
	wantRead(t, conn, 4, "")
}

func TestReadOfLessThanOneCharacterGivesTheWholeCharacter(t *testing.T) {
	noLeaks(t)
	conn, next, done := stepPeer(t, "é✓x\n", "\xf0", "\x9f\x98", "\x80")
	defer conn.Close()
	wantRead(t, conn, 1, "é")
	wantRead(t, conn, 2, "✓")
	wantRead(t, conn, 1, "x")
	if got := mustAwait[Option[string]](t, conn.ReadLineTimeout(2000)); got != Some("") {
		t.Fatalf("read_line gave %v", got)
	}
	// "😀" arrives a byte or two at a time; read(1) gives it once it is whole.
	go func() {
		for range 3 {
			time.Sleep(5 * time.Millisecond)
			next <- struct{}{}
		}
	}()
	wantRead(t, conn, 1, "😀")
	<-done
	wantRead(t, conn, 1, "")
}

// Bytes that can never become a character are given as they are, as read_line gives them,
// without waiting for more; the peer stays open, so a wait would time out.
func TestReadGivesInvalidBytesAsTheyAre(t *testing.T) {
	noLeaks(t)
	conn, next, done := stepPeer(t, "\xff\xe2(\x80z\xe0\x80", "end")
	defer conn.Close()
	wantRead(t, conn, 1, "\xff")
	wantRead(t, conn, 1, "\xe2")
	wantRead(t, conn, 2, "(\x80")
	wantRead(t, conn, 2, "z\xe0")
	wantRead(t, conn, 10, "\x80")
	close(next)
	<-done
}

func TestReadGivesADanglingPartialCharacterAtTheEnd(t *testing.T) {
	noLeaks(t)
	conn, _, done := stepPeer(t, "ok\xf0\x9f\x98")
	defer conn.Close()
	<-done
	wantRead(t, conn, 10, "ok")
	wantRead(t, conn, 1, "\xf0\x9f\x98")
	wantRead(t, conn, 10, "")
}

// The loop that honours Content-Length: a body of 13 characters in 17 bytes, sent a byte at a
// time, read with read(rest) until rest is 0 (rest counts bytes, as byte_len does).
func TestContentLengthLoopReadsANonASCIIBody(t *testing.T) {
	noLeaks(t)
	const body = "héllo wörld ✓"
	var parts []string
	for i := range len(body) {
		parts = append(parts, body[i:i+1])
	}
	conn, next, done := stepPeer(t, append(parts, "next request")...)
	defer conn.Close()
	go func() {
		for range parts {
			time.Sleep(time.Millisecond)
			next <- struct{}{}
		}
	}()
	got := ""
	for StrByteLen(got) < int64(len(body)) {
		piece := mustAwait[string](t, conn.ReadTimeout(int64(len(body))-StrByteLen(got), 2000))
		if !utf8.ValidString(piece) {
			t.Fatalf("read gave %q, part of a character", piece)
		}
		got += piece
	}
	if got != body {
		t.Fatalf("read the body %q, want %q", got, body)
	}
	// The peer may write the next request while the body's last character is read: then
	// its first bytes are what is left over, and a read gives them without waiting for more.
	rest := ""
	for len(rest) < len("next request") {
		rest += mustAwait[string](t, conn.ReadTimeout(100, 2000))
	}
	if rest != "next request" {
		t.Fatalf("read %q after the body, want %q", rest, "next request")
	}
	<-done
}

// The HTTP client reads bytes as they come: a response whose Content-Length ends inside a
// character completes while the server keeps the connection open.
func TestHTTPReadsDoNotWaitForWholeCharacters(t *testing.T) {
	noLeaks(t)
	release := make(chan struct{})
	var closedFirst atomic.Bool
	addr, done := goPeer(t, func(c net.Conn) {
		buf := make([]byte, 4096)
		c.Read(buf)
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nA\xe2\x9c")
		select {
		case <-release:
		case <-time.After(2 * time.Second):
			closedFirst.Store(true)
		}
	})
	r := mustAwait[Result[Response, Error]](t, HTTPGet("http://"+addr+"/"))
	close(release)
	<-done
	if closedFirst.Load() {
		t.Fatal("http.get waited until the server closed the connection")
	}
	if !r.IsOk || r.Val.Body != "A\xe2\x9c" {
		t.Fatalf("http.get gave %v", r)
	}
}
