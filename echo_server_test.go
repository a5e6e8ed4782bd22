package adesh2go_test

import (
	"bufio"
	"bytes"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestEchoServerSurvivesConnectionResets serves with the example echo server while a client
// resets its connection (a normal event for a server): the server writes no error for it and
// goes on serving the next client.
func TestEchoServerSurvivesConnectionResets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	src, err := os.ReadFile("examples/tcp_echo_server.adesh")
	if err != nil {
		t.Fatal(err)
	}
	exe := buildTestProgram(t, t.TempDir(), "echo", string(src))
	cmd := exec.Command(exe, "127.0.0.1:0")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	addr := waitForAddr(t, &stderr)

	reset, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(reset)
	reset.Write([]byte("one\n"))
	if line, err := r.ReadString('\n'); err != nil || line != "echo: one\n" {
		t.Fatalf("first reply %q, %v", line, err)
	}
	reset.(*net.TCPConn).SetLinger(0) // close with a reset (RST), not an orderly end
	reset.Close()

	next, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	next.Write([]byte("two\n"))
	if line, err := bufio.NewReader(next).ReadString('\n'); err != nil || line != "echo: two\n" {
		t.Fatalf("the server did not serve the next client: %q, %v\nstderr:\n%s", line, err, stderr.String())
	}
	// The reset connection's task has read its reset by now (it was the first to be served
	// and the second client's reply came after it); give it a moment to report, if it would.
	time.Sleep(200 * time.Millisecond)
	if out := stderr.String(); strings.Contains(out, "error") {
		t.Errorf("the server reported a client's reset as an error:\n%s", out)
	}
}

// waitForAddr reads the address the echo server says it listens on from its stderr.
func waitForAddr(t *testing.T, stderr *syncBuffer) string {
	t.Helper()
	for range 600 {
		if out := stderr.String(); strings.Contains(out, "stop with Ctrl-C") {
			line := strings.SplitN(out, "\n", 2)[0] // echoing on ADDR; stop with Ctrl-C
			return strings.TrimSuffix(strings.TrimPrefix(line, "echoing on "), "; stop with Ctrl-C")
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the server did not start:\n%s", stderr.String())
	return ""
}

// syncBuffer is a bytes.Buffer that a process writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
