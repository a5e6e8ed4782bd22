//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A signal that kills the program is reported as a shell reports it, 128 plus the signal, not
// as 255.
func TestExitStatusOfASignal(t *testing.T) {
	err := exec.Command("/bin/sh", "-c", "kill -TERM $$").Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("the shell was not killed: %v", err)
	}
	if got := exitStatus(ee); got != 128+int(syscall.SIGTERM) {
		t.Fatalf("status %d, want %d", got, 128+int(syscall.SIGTERM))
	}
}

// When the program runs as a child, a signal adesh2go gets is passed on to it, and adesh2go
// reports how it ended.
func TestSignalsReachTheChild(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command here")
	}
	childStarted = func() { _ = syscall.Kill(os.Getpid(), syscall.SIGTERM) }
	defer func() { childStarted = nil }()
	var out bytes.Buffer // not os.Stdout: the program runs as a child
	done := make(chan error, 1)
	go func() { done <- runProgram(sleep, []string{"30"}, os.Environ(), &out, &out) }()
	select {
	case err := <-done:
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 128+int(syscall.SIGTERM) {
			t.Fatalf("got %v, want exit status %d", err, 128+int(syscall.SIGTERM))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the child did not get the signal")
	}
}

// `adesh2go run` becomes the program: killing it kills the program (nothing is left running
// with the output pipe open), and the status is the program's own.
func TestKillingRunKillsTheProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and a program")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "adesh2go")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	prog := writeFile(t, dir, "wait.adesh", "async fn main() {\n    print(\"ready\");\n    await sleep(30000);\n    print(\"woke\");\n}\n")
	cmd := exec.Command(bin, "run", prog)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("the program did not start: %q %v", lines.Text(), lines.Err())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest := make(chan string, 1)
	go func() {
		var b strings.Builder
		for lines.Scan() {
			b.WriteString(lines.Text())
		}
		rest <- b.String()
	}()
	select {
	case r := <-rest:
		if r != "" {
			t.Errorf("the program went on: %q", r)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the output pipe is still open: the program outlived adesh2go")
	}
	err = cmd.Wait()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !(ws.Signaled() && ws.Signal() == syscall.SIGTERM || ws.ExitStatus() == 128+int(syscall.SIGTERM)) {
		t.Fatalf("run ended with %v, want death by SIGTERM", err)
	}
}
