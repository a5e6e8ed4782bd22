//go:build !unix

package main

import (
	"errors"
	"os"
	"os/exec"
)

// errNoExec says the system cannot replace a process with another.
var errNoExec = errors.New("exec is not available")

// A console's Ctrl-C reaches every process attached to it, the program too; nothing is passed on.
var forwardedSignals []os.Signal

func execProgram(exe string, args, env []string) error { return errNoExec }

func exitStatus(ee *exec.ExitError) int {
	if code := ee.ExitCode(); code >= 0 {
		return code
	}
	return 1
}
