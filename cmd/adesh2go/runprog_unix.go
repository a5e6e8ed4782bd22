//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// errNoExec says the system cannot replace a process with another.
var errNoExec = errors.New("exec is not available")

var forwardedSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// execProgram replaces adesh2go with the program; it returns only if that failed.
func execProgram(exe string, args, env []string) error {
	return syscall.Exec(exe, append([]string{exe}, args...), env)
}

// exitStatus is the status a shell reports for the program: its exit code, or 128 plus the
// signal that killed it (os.Exit(-1) would report 255 for every signal).
func exitStatus(ee *exec.ExitError) int {
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ee.ExitCode()
}
