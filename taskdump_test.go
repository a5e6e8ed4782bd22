package adesh2go_test

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// taskDumpProgram has two tasks waiting: main inside a nested async fn (line 4, the innermost
// await, not the await of nap in main), and a spawned task on a channel receive (line 8).
const taskDumpProgram = `async fn nap(ms: i64) {
    let started = true;
    print("napping");
    await sleep(ms);
}

async fn waiter(ch: Channel<i64>) {
    let v = await ch.recv();
    print(v);
}

async fn main() {
    let ch = channel<i64>();
    let h = spawn(waiter(ch));
    await nap(20000);
    ch.send(1);
    await h;
}
`

// TestTaskDumpNamesTheAwaitLine sends SIGQUIT to a program, as it runs by default and with
// ADESH_TRACE_ASYNC=1: the task dump must name the AdeshLang line of the innermost await each
// task waits at.
func TestTaskDumpNamesTheAwaitLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	exe := buildTestProgram(t, t.TempDir(), "dump", taskDumpProgram)
	for _, env := range []string{"ADESH_TRACE_ASYNC=", "ADESH_TRACE_ASYNC=1"} {
		t.Run(env, func(t *testing.T) { checkTaskDump(t, exe, env) })
	}
}

// checkTaskDump runs exe with env and asks it for task dumps.
func checkTaskDump(t *testing.T, exe, env string) {
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), env, "ADESH_WORKERS=2")
	lines := startLines(t, cmd, cmd.StderrPipe)
	// Ask for dumps until one shows both tasks at their awaits (the first may come before they
	// got there).
	want := []string{"rt: 2 live tasks", "/dump.adesh:4\n", "/dump.adesh:8\n"}
	var dump strings.Builder
	for attempt := 0; attempt < 10; attempt++ {
		time.Sleep(300 * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGQUIT); err != nil {
			t.Fatal(err)
		}
		dump.Reset()
		timeout := time.After(5 * time.Second)
	read:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					break read
				}
				dump.WriteString(line + "\n")
				if containsAll(dump.String(), want) {
					return
				}
			case <-timeout:
				break read
			}
		}
	}
	t.Errorf("the task dump does not name the await lines %q:\n%s", want[1:], dump.String())
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
