package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"adesh2go"
	"adesh2go/frontend"
	"adesh2go/gobuild"
)

// The I/O benchmarks: the echo server of testdata/io/echo_server.adesh, compiled by adesh2go
// (a task per connection, waiting in the reactor), against the same server in Go with a
// goroutine per connection (testdata/io/echo_server.go.txt). Each server is a process of its
// own on 127.0.0.1; the load generator is this process, on loopback only, bounded in requests
// and in time. The contenders alternate round by round and the medians are reported. See
// README.md, "I/O".

const (
	echoConns     = 64               // concurrent clients in the throughput benchmark
	echoRequests  = 60_000           // round trips per contender and round
	echoMsgSize   = 64               // bytes per request
	echoTimeLimit = 20 * time.Second // a round stops here even if unfinished
	echoRounds    = 5
	idleConns     = 10_000 // connections held open in the memory benchmark
	idleRounds    = 3
)

// echoContender is a built echo server.
type echoContender struct {
	name string
	argv []string
}

func echoContenders(b *testing.B) []echoContender {
	return []echoContender{
		{"adesh", buildAdeshEcho(b)},
		{"go", buildGoEcho(b)},
	}
}

func buildAdeshEcho(b *testing.B) []string {
	prog := frontend.Load(filepath.Join("testdata", "io", "echo_server.adesh"))
	if prog.Diags.HasErrors() {
		var out bytes.Buffer
		prog.Diags.WriteText(&out)
		b.Fatalf("echo_server.adesh does not compile:\n%s", out.String())
	}
	src, err := adesh2go.GoFiles(prog, adesh2go.EmitOptions{})
	if err != nil {
		b.Fatal(err)
	}
	exe, err := gobuild.CachedBinary(src)
	if err != nil {
		b.Fatal(err)
	}
	return []string{exe}
}

func buildGoEcho(b *testing.B) []string {
	src, err := os.ReadFile(filepath.Join("testdata", "io", "echo_server.go.txt"))
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for name, content := range map[string][]byte{"go.mod": []byte("module echo\n\ngo 1.26\n"), "main.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	exe := filepath.Join(dir, "echo")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build echo_server.go.txt: %v\n%s", err, out)
	}
	return []string{exe}
}

// echoProcess is a running echo server.
type echoProcess struct {
	cmd  *exec.Cmd
	addr string
}

// startEcho starts a server on a free loopback port and waits until it listens.
func startEcho(b *testing.B, c echoContender) *echoProcess {
	cmd := exec.Command(c.argv[0], append(c.argv[1:], "127.0.0.1:0")...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	p := &echoProcess{cmd: cmd}
	line, err := bufio.NewReader(stderr).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if err != nil || !ok || !strings.HasPrefix(addr, "127.0.0.1:") {
		p.stop()
		b.Fatalf("%s server: %q, %v", c.name, line, err)
	}
	p.addr = addr
	go io.Copy(io.Discard, stderr)
	return p
}

func (p *echoProcess) stop() {
	p.cmd.Process.Kill()
	p.cmd.Wait()
}

// rss is the server's resident memory in bytes (VmRSS of /proc/PID/status).
func (p *echoProcess) rss(b *testing.B) int64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		b.Fatalf("reading the server's memory: %v", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				b.Fatalf("VmRSS %q: %v", rest, err)
			}
			return kb * 1024
		}
	}
	b.Fatal("no VmRSS in /proc/PID/status")
	return 0
}

// cpuTime is the server's user + system CPU time so far (/proc/PID/stat, in clock ticks of
// 1/100 s, which Linux uses there whatever its kernel tick).
func (p *echoProcess) cpuTime(b *testing.B) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		b.Fatalf("reading the server's CPU time: %v", err)
	}
	// The command name (field 2) may hold spaces; the fields after it are plain.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		b.Fatalf("bad /proc/PID/stat: %q", stat)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// closeNow closes a client connection with a reset, so that closing thousands of them leaves
// no TIME_WAIT entries to exhaust the loopback ports across rounds.
func closeNow(c net.Conn) {
	c.(*net.TCPConn).SetLinger(0)
	c.Close()
}

// echoLoad runs echoConns clients that each send a message and wait for its echo, until
// echoRequests round trips are done (or echoTimeLimit passed). It returns round trips per
// second and the server's CPU time per round trip.
func echoLoad(b *testing.B, p *echoProcess) (rate float64, cpuPerTrip time.Duration) {
	addr := p.addr
	msg := bytes.Repeat([]byte("0123456789abcdef"), echoMsgSize/16)
	var done atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	conns := make([]net.Conn, echoConns)
	for i := range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			b.Fatalf("dial %s: %v", addr, err)
		}
		conns[i] = c
	}
	cpuBefore := p.cpuTime(b)
	start := time.Now()
	deadline := start.Add(echoTimeLimit)
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reply := make([]byte, len(msg))
			for done.Add(1) <= echoRequests && time.Now().Before(deadline) {
				if _, err := c.Write(msg); err != nil {
					failed.Store(err)
					return
				}
				if _, err := io.ReadFull(c, reply); err != nil {
					failed.Store(err)
					return
				}
				if !bytes.Equal(reply, msg) {
					failed.Store(fmt.Errorf("echo %q of %q", reply, msg))
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := p.cpuTime(b) - cpuBefore
	for _, c := range conns {
		closeNow(c)
	}
	if err := failed.Load(); err != nil {
		b.Fatalf("echo load on %s: %v", addr, err)
	}
	trips := min(done.Load(), echoRequests)
	return float64(trips) / elapsed.Seconds(), cpu / time.Duration(trips)
}

// BenchmarkEchoThroughput: round trips per second over echoConns connections, and the
// server's CPU time per round trip (steadier than the rate on a machine shared with other
// work, since the load generator and the server compete for the same cores).
func BenchmarkEchoThroughput(b *testing.B) {
	contenders := echoContenders(b)
	servers := make([]*echoProcess, len(contenders))
	for i, c := range contenders {
		servers[i] = startEcho(b, c)
		defer servers[i].stop()
		echoLoad(b, servers[i]) // warm up: threads, buffers, the first GC
	}
	rates := make([][]float64, len(contenders))
	cpus := make([][]float64, len(contenders))
	var rateRatios, cpuRatios []float64
	b.ResetTimer()
	for range b.N {
		for round := range echoRounds {
			rate := make([]float64, len(contenders))
			cpu := make([]float64, len(contenders))
			for k := range contenders {
				i := (k + round) % len(contenders) // alternate who goes first
				r, c := echoLoad(b, servers[i])
				rate[i], cpu[i] = r, float64(c.Nanoseconds())
				rates[i] = append(rates[i], rate[i])
				cpus[i] = append(cpus[i], cpu[i])
			}
			rateRatios = append(rateRatios, rate[0]/rate[1])
			cpuRatios = append(cpuRatios, cpu[0]/cpu[1])
		}
	}
	b.StopTimer()
	b.ReportMetric(echoMedian(rates[0]), "adesh-req/s")
	b.ReportMetric(echoMedian(rates[1]), "go-req/s")
	b.ReportMetric(echoMedian(rateRatios), "req/s-adesh/go")
	b.ReportMetric(echoMedian(cpus[0]), "adesh-cpu-ns/req")
	b.ReportMetric(echoMedian(cpus[1]), "go-cpu-ns/req")
	b.ReportMetric(echoMedian(cpuRatios), "cpu-adesh/go")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkEchoIdleMemory: the server's resident memory per open idle connection, at idleConns
// connections. Each has made one round trip (so the server has accepted it and its task or
// goroutine waits in a read), then stays silent while the memory is read.
func BenchmarkEchoIdleMemory(b *testing.B) {
	raiseFileLimit(b, idleConns+1000)
	contenders := echoContenders(b)
	perConn := make([][]float64, len(contenders))
	var ratios []float64
	b.ResetTimer()
	for range b.N {
		for round := range idleRounds {
			got := make([]float64, len(contenders))
			for k := range contenders {
				i := (k + round) % len(contenders)
				got[i] = idleBytesPerConn(b, contenders[i])
				perConn[i] = append(perConn[i], got[i])
			}
			ratios = append(ratios, got[0]/got[1])
		}
	}
	b.StopTimer()
	b.ReportMetric(echoMedian(perConn[0]), "adesh-B/conn")
	b.ReportMetric(echoMedian(perConn[1]), "go-B/conn")
	b.ReportMetric(echoMedian(ratios), "mem-adesh/go")
	b.ReportMetric(0, "ns/op")
}

// idleBytesPerConn starts a fresh server, opens idleConns connections to it and gives the
// growth of its resident memory per connection.
func idleBytesPerConn(b *testing.B, c echoContender) float64 {
	p := startEcho(b, c)
	defer p.stop()
	// A first batch, closed again, so that the baseline includes the server's warm state
	// (threads, the reactor, the scratch buffers) and only the per-connection cost remains.
	closeAll(openIdle(b, p.addr, 100))
	time.Sleep(50 * time.Millisecond)
	before := p.rss(b)
	conns := openIdle(b, p.addr, idleConns)
	time.Sleep(50 * time.Millisecond)
	after := p.rss(b)
	closeAll(conns)
	return float64(after-before) / idleConns
}

// openIdle opens n connections and makes one one-byte round trip on each.
func openIdle(b *testing.B, addr string, n int) []net.Conn {
	conns := make([]net.Conn, n)
	var failed atomic.Value
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			one := []byte{'x'}
			for {
				i := int(next.Add(1)) - 1
				if i >= n || failed.Load() != nil {
					return
				}
				c, err := net.Dial("tcp", addr)
				if err == nil {
					if _, err = c.Write(one); err == nil {
						_, err = io.ReadFull(c, one)
					}
				}
				if err != nil {
					failed.Store(fmt.Errorf("connection %d: %w", i, err))
					return
				}
				conns[i] = c
			}
		}()
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		closeAll(conns)
		b.Fatalf("opening %d connections to %s: %v", n, addr, err)
	}
	return conns
}

func closeAll(conns []net.Conn) {
	for _, c := range conns {
		if c != nil {
			closeNow(c)
		}
	}
}

// raiseFileLimit lifts this process's soft limit on open files to the hard limit, which must
// allow need descriptors.
func raiseFileLimit(b *testing.B, need uint64) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		b.Fatal(err)
	}
	if lim.Max < need {
		b.Fatalf("the hard limit on open files is %d; this benchmark needs %d (raise it with ulimit -Hn)", lim.Max, need)
	}
	if lim.Cur < need {
		lim.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			b.Fatal(err)
		}
	}
}

func echoMedian(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
