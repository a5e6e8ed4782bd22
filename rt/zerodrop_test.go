package rt

import "testing"

// A state machine keeps a leaf future in a field by value and sets it back to its zero value
// once the await is over; an error thrown later in the same state drops that field again. So
// Drop of a zero future must do nothing (a nil channel made it crash).
func TestZeroFutureDropIsNoop(t *testing.T) {
	drops := map[string]func(){
		"SendFuture":     func() { (&SendFuture[int]{}).Drop() },
		"RecvFuture":     func() { (&RecvFuture[int]{}).Drop() },
		"Join2Future":    func() { (&Join2Future[int, int]{}).Drop() },
		"Join3Future":    func() { (&Join3Future[int, int, int]{}).Drop() },
		"Join4Future":    func() { (&Join4Future[int, int, int, int]{}).Drop() },
		"JoinAllFuture":  func() { (&JoinAllFuture[int]{}).Drop() },
		"SelectFuture":   func() { (&SelectFuture[int]{}).Drop() },
		"YieldFuture":    func() { (&YieldFuture{}).Drop() },
		"ResultFuture":   func() { (&ResultFuture[int]{}).Drop() },
		"ScopeFuture":    func() { (&ScopeFuture[int]{}).Drop() },
		"SleepFuture":    func() { (&SleepFuture{}).Drop() },
		"TimeoutFuture":  func() { (&TimeoutFuture[int]{}).Drop() },
		"FuncFuture":     func() { (&FuncFuture{}).Drop() },
		"HTTPFuture":     func() { (&HTTPFuture{}).Drop() },
		"ListenFuture":   func() { (&ListenFuture{}).Drop() },
		"AcceptFuture":   func() { (&AcceptFuture{}).Drop() },
		"ConnectFuture":  func() { (&ConnectFuture{}).Drop() },
		"ReadFuture":     func() { (&ReadFuture{}).Drop() },
		"ReadLineFuture": func() { (&ReadLineFuture{}).Drop() },
		"WriteFuture":    func() { (&WriteFuture{}).Drop() },
	}
	for name, drop := range drops {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Drop of a zero %s panics: %v", name, r)
				}
			}()
			drop()
		})
	}
}
