//go:build unix

package adesh2go_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Output that cannot be written (to /dev/full, to a closed stdout) is a run-time error: a
// message on stderr and status 1, not a success that lost its output. A reader that goes away
// (`| head`) still ends the program quietly, by SIGPIPE.
func TestUnwritableOutputFails(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	exe := buildTestProgram(t, t.TempDir(), "lines", "for i in range(0, 200000) {\n    print(f\"line {i}\");\n}\n")
	// (A stdout closed before the program starts is /dev/null to a Go program, whose runtime
	// opens that in its place; a write to a pipe with no reader ends it by SIGPIPE, below.)
	var stderr bytes.Buffer
	full := exec.Command("sh", "-c", `"$0" >/dev/full; echo "status $?" >&2`, exe)
	full.Stderr = &stderr
	if err := full.Run(); err != nil || !strings.HasSuffix(stderr.String(), "status 1\n") ||
		!strings.Contains(stderr.String(), "error: cannot write the program's output: write /dev/stdout: no space left on device") {
		t.Errorf("output to /dev/full: %v, stderr %q; want status 1 and the error", err, stderr.String())
	}
	stderr.Reset()
	cmd := exec.Command(exe)
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := pipe.Read(make([]byte, 10)); err != nil {
		t.Fatal(err)
	}
	pipe.Close()
	err = cmd.Wait()
	var ee *exec.ExitError
	if ws, ok := exitStatus(err, &ee); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE || stderr.Len() != 0 {
		t.Errorf("output to a closed pipe: %v, stderr %q; want a quiet end by SIGPIPE", err, stderr.String())
	}
}

// exitStatus is the wait status of a command's error.
func exitStatus(err error, ee **exec.ExitError) (syscall.WaitStatus, bool) {
	if !errors.As(err, ee) {
		return 0, false
	}
	ws, ok := (*ee).Sys().(syscall.WaitStatus)
	return ws, ok
}

// fs.write_file replaces a file whole or not at all: a write that fails midway (here at the file
// size limit, as at a full disk) leaves the earlier file as it was, not an empty or a cut one;
// a file written whole keeps its mode.
func TestWriteFileIsAtomic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	dir := t.TempDir()
	exe := buildTestProgram(t, dir, "writer", "async fn main() {\n    let n = 5000;\n    if args()[1] == \"big\" {\n        n = 1000000;\n    }\n"+
		"    match await fs.write_file(args()[0], \"y\".repeat(n)) {\n        Ok(_) => print(\"written\"),\n        Err(e) => print(\"failed:\", e.message),\n    }\n}\n")
	path := filepath.Join(dir, "data.txt")
	earlier := bytes.Repeat([]byte("x"), 100)
	if err := os.WriteFile(path, earlier, 0o640); err != nil {
		t.Fatal(err)
	}
	// ulimit -f counts blocks of 512 or 1024 bytes: 4 of them are less than the 1 MB written.
	out, err := exec.Command("sh", "-c", `ulimit -f 4; exec "$0" "$1" big`, exe, path).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "failed:") {
		t.Fatalf("the write past the file size limit: %v, printed %q", err, out)
	}
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, earlier) {
		t.Errorf("after a write that was stopped the file holds %d bytes (%v), want the earlier 100", len(got), err)
	}
	if out, err := exec.Command(exe, path, "small").CombinedOutput(); err != nil || string(out) != "written\n" {
		t.Fatalf("the write failed: %v\n%s", err, out)
	}
	info, err := os.Stat(path)
	if err != nil || info.Size() != 5000 || info.Mode().Perm() != 0o640 {
		t.Errorf("the written file: %v, %v; want 5000 bytes, mode 0640", info, err)
	}
}
