package adesh2go_test

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"adesh2go/emitgo"
	"adesh2go/gobuild"
)

// buildTestProgram compiles and builds one AdeshLang program into dir.
func buildTestProgram(t *testing.T, dir, name, source string) string {
	t.Helper()
	entry := filepath.Join(dir, name+".adesh")
	if err := os.WriteFile(entry, []byte(source), 0o644); err != nil {
		t.Fatal(err)
	}
	src := compileProgram(t, program{entry: entry})
	mod := filepath.Join(dir, name+"-mod")
	if err := gobuild.WriteModule(mod, []emitgo.File{{Name: "main.go", Src: src}}, "."); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, name)
	if err := gobuild.BuildModule(mod, exe); err != nil {
		t.Fatal(err)
	}
	return exe
}

// startLines starts cmd and sends the lines of the pipe it opens (stdout or stderr) as they
// come; the process is killed when the test ends.
func startLines(t *testing.T, cmd *exec.Cmd, open func() (io.ReadCloser, error)) <-chan string {
	t.Helper()
	pipe, err := open()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}

// TestPipedOutputArrivesWhileBusy runs a program that prints a line and then computes forever
// on its only worker, which therefore never goes idle to flush: the line must still reach the
// pipe while the program runs.
func TestPipedOutputArrivesWhileBusy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	exe := buildTestProgram(t, t.TempDir(), "busy", "print(\"started\");\nlet n = 0;\nwhile true { n += 1; }\n")
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "ADESH_WORKERS=1")
	line := startLines(t, cmd, cmd.StdoutPipe)
	// Not a timing assertion: without a flush the line never comes while the program runs;
	// the wait is only how long the test gives a loaded machine.
	select {
	case got := <-line:
		if got != "started" {
			t.Errorf("read %q, want \"started\"", got)
		}
	case <-time.After(30 * time.Second):
		t.Error("the printed line did not reach the pipe while the program ran")
	}
}

// TestSIGTERMFlushesOutput stops a program printing in a loop into a file: what it printed
// goes out whole (the file ends with a complete line), and the process dies of the signal.
func TestSIGTERMFlushesOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	dir := t.TempDir()
	exe := buildTestProgram(t, dir, "loop", "let i = 0;\nwhile true {\n    print(f\"line {i}\");\n    i += 1;\n}\n")
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		path := filepath.Join(dir, "out-"+sig.String())
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "ADESH_WORKERS=2")
		cmd.Stdout = f
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait until it has printed more than one buffer, so that the file is not empty either way.
		for {
			info, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			if info.Size() > 1<<17 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		f.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%v: the program was not ended by the signal: %v", sig, err)
		}
		if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
			t.Errorf("%v: the program ended with %v, not killed by the signal", sig, err)
		}
		out, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(out), "\n")
		if last := lines[len(lines)-1]; last != "" {
			t.Errorf("%v: the output ends in a cut line %q", sig, last)
		}
		for i, l := range lines[:len(lines)-1] {
			if l != "line "+strconv.Itoa(i) {
				t.Fatalf("%v: line %d is %q", sig, i, l)
			}
		}
	}
}
