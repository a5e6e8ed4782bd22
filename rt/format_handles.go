package rt

import (
	"strings"
	"unsafe"
)

// How the handle types print (§6: a Share and a guard print the value they give access to; the
// other handles print their kind, since their state belongs to other tasks).

func (s *Share[T]) AdeshFormat(b *strings.Builder, nested bool) {
	if s == nil || s.strong.Load() <= 0 {
		b.WriteString("null")
		return
	}
	if !enterFormat(b, unsafe.Pointer(s)) {
		return
	}
	defer leaveFormat(b)
	Format(b, *s.Get(), nested)
}

func (g MutexGuard[T]) AdeshFormat(b *strings.Builder, nested bool) { Format(b, *g.Ptr(), nested) }
func (g ReadGuard[T]) AdeshFormat(b *strings.Builder, nested bool)  { Format(b, *g.Ptr(), nested) }
func (g WriteGuard[T]) AdeshFormat(b *strings.Builder, nested bool) { Format(b, *g.Ptr(), nested) }

func (*Weak[T]) AdeshFormat(b *strings.Builder, _ bool)    { b.WriteString("Weak") }
func (*Mutex[T]) AdeshFormat(b *strings.Builder, _ bool)   { b.WriteString("Mutex") }
func (*RwLock[T]) AdeshFormat(b *strings.Builder, _ bool)  { b.WriteString("RwLock") }
func (*Channel[T]) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("Channel") }

// A started future (see Start) is a task underneath but prints as the future it is.
func (h *JoinHandle[T]) AdeshFormat(b *strings.Builder, _ bool) {
	if h.is(kindDropCancels) {
		b.WriteString("Future")
		return
	}
	b.WriteString("JoinHandle")
}

func (*Promise[T]) AdeshFormat(b *strings.Builder, _ bool) { b.WriteString("Promise") }
func (*Scope) AdeshFormat(b *strings.Builder, _ bool)      { b.WriteString("Scope") }

// Clone is `w.clone()`: another weak reference to the same value.
func (w *Weak[T]) Clone() *Weak[T] {
	if w == nil {
		w.fail("clone of a null")
	}
	w.weak.Add(1)
	return w
}

// Finally is `p.finally(f)`: f runs when p settles, and the promise it gives settles as p did.
func Finally[T any](p *Promise[T], f func()) *Promise[T] {
	return ThenElse(p, func(v T) T { f(); return v }, func(e Error) T {
		f()
		panic(&Thrown{Err: e})
	})
}
