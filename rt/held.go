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
//
// Shares and weak references go on it as rt.HoldRef(&s), optionals as rt.HoldOption(&o).
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

// HoldRef lets Held release a share or weak-reference variable (`held_.Push(rt.HoldRef(&s))`).
func HoldRef[H interface {
	comparable
	Release()
}](p *H) RefVar[H] {
	return RefVar[H]{p}
}

// RefVar is a share or weak-reference variable on a Held: one pointer, so it goes in an
// interface without an allocation.
type RefVar[H interface {
	comparable
	Release()
}] struct{ p *H }

// Drop releases what the variable holds, if anything.
func (v RefVar[H]) Drop() {
	var none H
	if h := *v.p; h != none {
		*v.p = none
		h.Release()
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
