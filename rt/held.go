package rt

// Held lists the lock guards a synchronous function holds at the moment, so that an error
// unwinding the function (a throw, a failed index) unlocks them: the generated code pushes a
// guard when it is bound and pops it where the guard's scope ends and unlocks it, and a deferred
// Unwind unlocks whatever an error left behind. A try block inside the function unwinds to the
// mark it took on entry. Unlocking is idempotent, so a guard unlocked by hand is no problem.
//
//	var held_ rt.Held
//	defer held_.Unwind()
//	var g rt.MutexGuard[int64] = m.Lock()
//	held_.Push(&g)
//	…
//	g.Drop()
//	held_.Pop(&g)
type Held struct {
	n     int
	slots [4]interface{ Drop() }
	more  []interface{ Drop() }
}

// Push records a guard bound now.
func (h *Held) Push(g interface{ Drop() }) {
	if h.n < len(h.slots) {
		h.slots[h.n] = g
	} else {
		h.more = append(h.more[:h.n-len(h.slots)], g)
	}
	h.n++
}

// Pop forgets g (the same pointer Push was given): its scope ended and it was unlocked. It is
// nearly always the last one pushed; a statement's temporaries end after a binding the same
// statement made.
func (h *Held) Pop(g interface{ Drop() }) {
	i := h.n - 1
	for i > 0 && h.at(i) != g {
		i--
	}
	for ; i < h.n-1; i++ {
		h.set(i, h.at(i+1))
	}
	h.n--
	h.set(h.n, nil)
}

// Mark is how many guards are held now, for UnwindTo.
func (h *Held) Mark() int { return h.n }

// UnwindTo unlocks, last first, the guards pushed since mark that are still held.
func (h *Held) UnwindTo(mark int) {
	for h.n > mark {
		h.n--
		g := h.at(h.n)
		h.set(h.n, nil)
		g.Drop()
	}
}

// Unwind unlocks every guard still held: deferred at function entry, it finds none unless an
// error is unwinding the function.
func (h *Held) Unwind() { h.UnwindTo(0) }

func (h *Held) at(i int) interface{ Drop() } {
	if i < len(h.slots) {
		return h.slots[i]
	}
	return h.more[i-len(h.slots)]
}

func (h *Held) set(i int, g interface{ Drop() }) {
	if i < len(h.slots) {
		h.slots[i] = g
	} else {
		h.more[i-len(h.slots)] = g
	}
}

// HoldShare lets Held release a share variable (`held_.Push(rt.HoldShare(&s))`).
func HoldShare[T any](p **Share[T]) ShareVar[T] { return ShareVar[T]{p} }

// ShareVar is a share variable on a Held: one pointer, so it goes in an interface without an
// allocation.
type ShareVar[T any] struct{ p **Share[T] }

// Drop releases the share the variable holds.
func (v ShareVar[T]) Drop() {
	if s := *v.p; s != nil {
		*v.p = nil
		s.Release()
	}
}

// HoldWeak lets Held release a weak-reference variable.
func HoldWeak[T any](p **Weak[T]) WeakVar[T] { return WeakVar[T]{p} }

// WeakVar is a weak-reference variable on a Held.
type WeakVar[T any] struct{ p **Weak[T] }

// Drop releases the weak reference the variable holds.
func (v WeakVar[T]) Drop() {
	if w := *v.p; w != nil {
		*v.p = nil
		w.Release()
	}
}

// HoldOption lets Held release an optional guard, share or weak reference (`try_lock()`).
func HoldOption[T any](p *Option[T]) OptionVar[T] { return OptionVar[T]{p} }

// OptionVar is an optional variable on a Held.
type OptionVar[T any] struct{ p *Option[T] }

// Drop releases what the variable holds, if anything.
func (v OptionVar[T]) Drop() {
	if v.p.Some {
		o := *v.p
		v.p.Some = false
		ReleaseOption(o)
	}
}
