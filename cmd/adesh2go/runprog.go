package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
)

// childStarted, when set (by tests), is called once the program runs as a child and signals
// are passed on to it.
var childStarted func()

// runProgram runs a built program with the command line's standard streams and returns its exit
// status as adesh2go's. Where the system can, adesh2go becomes the program (execProgram): a
// signal sent to adesh2go reaches the program, and whoever started adesh2go sees the program's
// own status, also death by a signal. Otherwise (or when the output goes elsewhere, as in
// tests) the program runs as a child that gets the signals adesh2go gets.
func runProgram(exe string, args, env []string, stdout, stderr io.Writer) error {
	if stdout == io.Writer(os.Stdout) && stderr == io.Writer(os.Stderr) {
		if err := execProgram(exe, args, env); err != nil && !errors.Is(err, errNoExec) {
			return &exitError{code: 1, msg: "cannot start the program: " + err.Error()}
		}
	}
	return runChild(exe, args, env, stdout, stderr)
}

// runChild runs a built program as a child that gets the signals adesh2go gets, and returns
// its exit status as adesh2go's.
func runChild(exe string, args, env []string, stdout, stderr io.Writer) error {
	run := exec.Command(exe, args...)
	run.Stdin, run.Stdout, run.Stderr = os.Stdin, stdout, stderr
	run.Env = env
	if err := run.Start(); err != nil {
		return &exitError{code: 1, msg: "cannot start the program: " + err.Error()}
	}
	// Passed on, not acted on: the program decides what a signal does, and adesh2go exits
	// when it does. Without this, killing adesh2go would leave the program running.
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, forwardedSignals...)
	if childStarted != nil {
		childStarted()
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-signals:
				_ = run.Process.Signal(sig) // it may have exited already
			case <-done:
				return
			}
		}
	}()
	err := run.Wait()
	signal.Stop(signals)
	close(done)
	var ee *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee):
		return &exitError{code: exitStatus(ee)}
	}
	return &exitError{code: 1, msg: err.Error()}
}
