//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly) || adesh_portable_io

package rt

import "errors"

// Without a readiness API (or with the build tag adesh_portable_io) there is no reactor: the
// portable socket layer (socket_portable.go) runs each blocked operation on a goroutine of its
// own, which wakes the waiting task when it is done. The workers then never wait in a
// reactor, since none is ever made.
type poller struct{}

func (p *poller) init() error                                 { return errors.New("no reactor on this system") }
func (p *poller) add(int, uint32) error                       { return errors.New("no reactor on this system") }
func (p *poller) wait(_ int64, out []readyEvent) []readyEvent { return out }
func (p *poller) interrupt()                                  {}
func (p *poller) drainInterrupt()                             {}
