package gobuild

import (
	"bufio"
	"context"
	"fmt"
	"net/rpc"
	"net/rpc/jsonrpc"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adesh2go"
)

// The Delve the debugging test runs, installed from the module proxy when none is on PATH.
const delveModule = "github.com/go-delve/delve/cmd/dlv@v1.27.2"

// delve returns the path of a dlv: on PATH, or installed once into the test's own directory in
// the user's cache. The test is skipped, saying why, when it cannot be installed (no network).
func delve(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("dlv"); err == nil {
		return p
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "adesh2go-test", "delve-v1.27.2")
	dlv := filepath.Join(dir, "dlv")
	if _, err := os.Stat(dlv); err == nil {
		return dlv
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "install", delveModule)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("Delve is not on PATH and `go install %s` failed (offline?), so the debugger is not tested: %v\n%s", delveModule, err, out)
	}
	return dlv
}

// debuggee is the program the debugging test steps through: a sync fn with a loop, an async fn
// with two awaits and a loop, and a spawned task. Its lines are named in the test.
const debuggee = `fn total(items: [i64]): i64 {
    let sum = 0;
    for it in items {
        sum += it;
    }
    return sum;
}

async fn tick(label: string, n: i64): i64 {
    let count = 0;
    await sleep(1);
    while count < n {
        count += 1;
        await yield_now();
        print(label, count);
    }
    return count * 10;
}

async fn worker(id: i64): i64 {
    let doubled = id * 2;
    await sleep(1);
    return doubled + 1;
}

async fn main() {
    let s = total([1, 2, 3]);
    print("total", s);
    let h = spawn(worker(20));
    let got = await tick("t", 2);
    let w = await h;
    print("done", got, w);
}
`

// Delve's JSON-RPC API (version 2), the part the test uses.
type (
	dlvLocation struct {
		File     string `json:"file"`
		Line     int    `json:"line"`
		Function *struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	dlvState struct {
		CurrentThread *dlvLocation `json:"currentThread"`
		Exited        bool         `json:"exited"`
	}
	dlvVariable struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	dlvScope struct {
		GoroutineID int64
		Frame       int
	}
	dlvLoadConfig struct {
		FollowPointers     bool
		MaxVariableRecurse int
		MaxStringLen       int
		MaxArrayValues     int
		MaxStructFields    int
	}
)

type dlvSession struct {
	t    *testing.T
	rpc  *rpc.Client
	file string
}

func (s *dlvSession) call(method string, in, out any) {
	s.t.Helper()
	if err := s.rpc.Call("RPCServer."+method, in, out); err != nil {
		s.t.Fatalf("Delve %s: %v", method, err)
	}
}

func (s *dlvSession) breakAt(line int) {
	s.t.Helper()
	var out struct{}
	s.call("CreateBreakpoint", map[string]any{"Breakpoint": map[string]any{"file": s.file, "line": line}}, &out)
}

func (s *dlvSession) clearAll() {
	s.t.Helper()
	var list struct {
		Breakpoints []struct {
			ID int `json:"id"`
		}
	}
	s.call("ListBreakpoints", map[string]any{}, &list)
	for _, b := range list.Breakpoints {
		if b.ID > 0 {
			var out struct{}
			s.call("ClearBreakpoint", map[string]any{"Id": b.ID}, &out)
		}
	}
}

// command runs continue, next, step or stepOut and returns where the program stopped: the
// AdeshLang line (0 when it is not in the program's file), the function, or exited.
func (s *dlvSession) command(name string) (line int, fn string, exited bool) {
	s.t.Helper()
	var out struct{ State dlvState }
	s.call("Command", map[string]any{"name": name}, &out)
	if out.State.Exited {
		return 0, "", true
	}
	loc := out.State.CurrentThread
	if loc == nil {
		s.t.Fatalf("Delve %s: stopped with no current thread", name)
	}
	if loc.Function != nil {
		fn = loc.Function.Name
	}
	if loc.File == s.file {
		line = loc.Line
	}
	return line, fn, false
}

// locals lists the locals of the current frame as name=value.
func (s *dlvSession) locals() map[string]string {
	s.t.Helper()
	var out struct{ Variables []dlvVariable }
	s.call("ListLocalVars", map[string]any{"Scope": dlvScope{GoroutineID: -1}, "Cfg": dlvLoadConfig{MaxStringLen: 64, MaxArrayValues: 8, MaxStructFields: -1, MaxVariableRecurse: 1}}, &out)
	m := map[string]string{}
	for _, v := range out.Variables {
		m[v.Name] = v.Value
	}
	return m
}

// TestDelveStepsThroughAsync runs Delve headless over a program built with `build --debug`:
// breakpoints on lines of a sync fn, of an async fn (in a loop, around its awaits) and of a
// spawned task stop there once per time the line runs, with the user's locals shown under
// their own names; `next` follows the AdeshLang lines; `stepout` of an async fn's poll lands
// on the line that awaits it.
func TestDelveStepsThroughAsync(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no debugger run")
	}
	dlv := delve(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "prog.adesh")
	files := goFilesOf(t, file, debuggee, adesh2go.EmitOptions{Debug: true})
	exe, err := CachedBinaryWith(files, BuildSettings{Debug: true})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dlv, "exec", exe, "--headless", "--api-version=2", "--listen=127.0.0.1:0")
	cmd.Env = append(os.Environ(), "ADESH_WORKERS=1") // one worker: the stops come in one order
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	// A session that hangs fails instead: its calls fail once Delve is gone.
	watchdog := time.AfterFunc(3*time.Minute, func() { cmd.Process.Kill() })
	defer watchdog.Stop()
	lines := bufio.NewScanner(stdout)
	addr := ""
	for addr == "" && lines.Scan() {
		addr, _ = strings.CutPrefix(lines.Text(), "API server listening at: ")
	}
	if addr == "" {
		t.Fatal("Delve did not say where it listens")
	}
	go func() { // the program's own output
		for lines.Scan() {
		}
	}()
	client, err := jsonrpc.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	s := &dlvSession{t: t, rpc: client, file: file}

	// The sync fn: the loop's body stops once per item, `it` (not a temporary) is the item.
	s.breakAt(4)
	for i, want := range []struct{ sum, it string }{{"0", "1"}, {"1", "2"}, {"3", "3"}} {
		line, fn, _ := s.command("continue")
		if line != 4 || fn != "main.total" {
			t.Fatalf("stop %d: at %s line %d, want main.total line 4", i+1, fn, line)
		}
		if l := s.locals(); l["sum"] != want.sum || l["it"] != want.it {
			t.Errorf("stop %d in total: locals %v, want sum=%s it=%s", i+1, l, want.sum, want.it)
		}
	}
	s.clearAll()

	// The async fn: `let count = 0` then `next` is the await, and the while's condition stops
	// once per test (n+1 = 3 times), whatever the polls in between.
	s.breakAt(10)
	if line, fn, _ := s.command("continue"); line != 10 {
		t.Fatalf("at %s line %d, want tick's line 10", fn, line)
	}
	if l := s.locals(); l["label"] != "t" || l["n"] != "2" {
		t.Errorf("tick's parameters at line 10: %v, want label=t n=2", l)
	}
	if line, _, _ := s.command("next"); line != 11 {
		t.Errorf("next from line 10 went to line %d, want 11", line)
	}
	s.clearAll()
	// The loop, and the spawned task, which runs when tick waits.
	s.breakAt(12)
	s.breakAt(13)
	s.breakAt(15)
	s.breakAt(23)
	var stops []string
	workerStops := 0
	for range 12 {
		line, fn, exited := s.command("continue")
		if exited {
			t.Fatal("the program ended before the loop did")
		}
		l := s.locals()
		if strings.Contains(fn, "workerFuture") {
			// The spawned task stops at its return with its locals.
			workerStops++
			if line != 23 || l["id"] != "20" || l["doubled"] != "40" {
				t.Errorf("in the worker at line %d: locals %v, want line 23, id=20 doubled=40", line, l)
			}
			continue
		}
		if !strings.Contains(fn, "tickFuture") {
			t.Fatalf("stopped in %s line %d", fn, line)
		}
		stops = append(stops, fmt.Sprintf("%d:count=%s", line, l["count"]))
		if line == 13 && l["count"] == "0" {
			// `next` across the statement to the await.
			if line, _, _ := s.command("next"); line != 14 {
				t.Errorf("next from line 13 went to line %d, want 14", line)
			}
			if c := s.locals()["count"]; c != "1" {
				t.Errorf("after count += 1, count shows %s", c)
			}
			stops = append(stops, "next")
		}
		if line == 12 && l["count"] == "2" {
			break
		}
	}
	want := "12:count=0 13:count=0 next 15:count=1 12:count=1 13:count=1 15:count=2 12:count=2"
	if got := strings.Join(stops, " "); got != want {
		t.Errorf("the loop's stops:\n got  %s\n want %s", got, want)
	}
	if workerStops != 1 {
		t.Errorf("the spawned task stopped %d times at its line 23, want once", workerStops)
	}
	s.clearAll()
	s.breakAt(17)
	if line, _, _ := s.command("continue"); line != 17 {
		t.Fatalf("at line %d, want tick's return on line 17", line)
	}
	if line, fn, _ := s.command("stepOut"); line != 30 || !strings.Contains(fn, "mainFuture") {
		t.Errorf("stepout of tick went to %s line %d, want main's line 30", fn, line)
	}
	s.clearAll()
	if _, _, exited := s.command("continue"); !exited {
		t.Error("the program did not run to its end")
	}
}
