// Command rtwork runs one scheduler workload of package workload on rt, in a process of its
// own so that its peak memory can be measured: `rtwork WORKLOAD WORKERS` prints the workload's
// time in nanoseconds, its value, the process's peak resident memory in kilobytes (VmHWM, 0
// where there is no /proc) and the CPU time the workload took in microseconds (user and
// system, all threads: on a loaded machine it moves less than the time). bench/tokio is the same command on Tokio. RTWORK_METRICS=1 writes
// the scheduler's counters to stderr after the run, RTWORK_CPUPROFILE=FILE a CPU profile.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"adesh2go/bench/workload"
	"adesh2go/rt"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: rtwork WORKLOAD WORKERS")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[2])
	if err != nil || n < 1 {
		fmt.Fprintln(os.Stderr, "rtwork: WORKERS must be a positive number")
		os.Exit(2)
	}
	if path := os.Getenv("RTWORK_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rtwork:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	cpu0 := cpuMicros()
	start := time.Now()
	v, err := workload.Run(os.Args[1], n)
	elapsed := time.Since(start)
	cpu := cpuMicros() - cpu0
	if os.Getenv("RTWORK_METRICS") == "1" {
		rt.WriteMetrics(os.Stderr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "rtwork:", err)
		os.Exit(1) // (no profile then)
	}
	fmt.Println(elapsed.Nanoseconds(), v, peakRSSKB(), cpu)
}

// cpuMicros is the CPU time the process has used, user and system.
func cpuMicros() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano()/1000 + ru.Stime.Nano()/1000
}

// peakRSSKB reads the process's peak resident memory from /proc/self/status. (The rusage a
// parent gets is no good here: a child forked from a large process inherits its peak.)
func peakRSSKB() int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}
