//go:build unix

package rt

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestSIGQUITDumpsTheTasksOfAStuckProgram(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "RT_MAIN_HELPER=sleepy", "ADESH_TRACE_ASYNC=1", "ADESH_WORKERS=1")
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(stdout.String(), "ready") { // before that, SIGQUIT would kill it
		if time.Now().After(deadline) {
			t.Fatalf("the helper never got ready; stderr:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	for !strings.Contains(stderr.String(), "at sleepy.adesh:4") {
		if time.Now().After(deadline) {
			t.Fatalf("no task dump on SIGQUIT; stderr:\n%s", stderr.String())
		}
		cmd.Process.Signal(syscall.SIGQUIT)
		time.Sleep(50 * time.Millisecond)
	}
	out := stderr.String()
	for _, want := range []string{"rt: 1 live tasks\n", "  task 2: idle (worker 0) at sleepy.adesh:4\n", "rt scheduler (running): 1 workers"} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q:\n%s", want, out)
		}
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
