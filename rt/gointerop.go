package rt

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
)

// What generated code calls around a call into a Go package (GOINTEROP.md): a Go panic becomes
// an AdeshLang run-time error of the calling task, and errors cross both ways keeping their
// identity.

// GoPanic, deferred around a call into Go, turns a Go panic into an AdeshLang run-time error at
// pos (the call's "file.adesh:line:col"), with the Go panic's message: it fails the calling
// task, or the try that catches it, and nothing else. An AdeshLang error thrown by a callback Go
// called goes on as it was.
func GoPanic(pos string) {
	r := recover()
	if r == nil {
		return
	}
	if t, ok := r.(*Thrown); ok {
		panic(t)
	}
	msg := fmt.Sprint(r)
	if err, ok := r.(error); ok {
		msg = err.Error()
	}
	panic(&Thrown{Err: Error{Message: "Go panic: " + msg}, Pos: pos})
}

// BeforeGoCall runs before a Go call that may write to the process's stdout or stderr itself
// (fmt.Println, a tabwriter on os.Stdout): what Print buffered goes out first, so that the
// program's output keeps its order. It costs an atomic load when nothing waits.
func BeforeGoCall() { stdio.flushIfWritten() }

// goError is the Error.Value of an Error that came from Go: the Go error itself, given back to
// Go as it came (so that errors.Is and errors.As see it).
type goError struct{ err error }

// FromGoError is the AdeshLang Error of a Go error (nil gives the zero Error).
func FromGoError(err error) Error {
	switch e := err.(type) {
	case nil:
		return Error{}
	case Error:
		return e
	}
	return Error{Message: err.Error(), Value: goError{err}}
}

// GoError is e as Go sees it: the Go error it came from, or e itself (whose Error() is its
// message).
func (e Error) GoError() error {
	if g, ok := e.Value.(goError); ok {
		return g.err
	}
	return e
}

// fromGo reports whether e came from Go (it prints as an Error of its message).
func (e Error) fromGo() bool {
	_, ok := e.Value.(goError)
	return ok
}

// ConvertSlice converts a slice element by element, between an AdeshLang array and a Go slice
// of another element type ([i64] and []int).
func ConvertSlice[A, B any](xs []A, f func(A) B) []B {
	if xs == nil {
		return nil
	}
	out := make([]B, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// GoMapOf is a Go map of an AdeshLang map's entries, converted by fk and fv.
func GoMapOf[K comparable, V any, GK comparable, GV any](m *Map[K, V], fk func(K) GK, fv func(V) GV) map[GK]GV {
	if m == nil {
		return nil
	}
	out := make(map[GK]GV, m.Len())
	m.Range(func(k K, v V) bool {
		out[fk(k)] = fv(v)
		return true
	})
	return out
}

// MapFromGo is an AdeshLang map of a Go map's entries, converted by fk and fv. A Go map has no
// order: its entries are put in the order of their keys when the keys are ordered (numbers,
// strings), so that a program prints the same map every run.
func MapFromGo[GK comparable, GV any, K comparable, V any](m map[GK]GV, fk func(GK) K, fv func(GV) V) *Map[K, V] {
	keys := make([]GK, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b GK) int { return compareOrdered(any(a), any(b)) })
	out := NewMap[K, V]()
	for _, k := range keys {
		out.Set(fk(k), fv(m[k]))
	}
	return out
}

// compareOrdered compares two keys of one ordered kind (0 for other kinds: their order stays
// Go's).
func compareOrdered(a, b any) int {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	switch {
	case x.CanInt():
		return cmp.Compare(x.Int(), y.Int())
	case x.CanUint():
		return cmp.Compare(x.Uint(), y.Uint())
	case x.CanFloat():
		return cmp.Compare(x.Float(), y.Float())
	case x.Kind() == reflect.String:
		return cmp.Compare(x.String(), y.String())
	}
	return 0
}
