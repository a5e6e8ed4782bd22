package rt

import "testing"

func TestHeldUnlocksWhatAnErrorLeaves(t *testing.T) {
	m := NewMutex(0)
	var held Held
	guards := make([]MutexGuard[int], 6)
	func() {
		defer func() { recover() }()
		defer held.Unwind()
		for i := range guards {
			if i == 0 {
				guards[i] = m.Lock()
			} else {
				guards[i] = MutexGuard[int]{} // already unlocked guards: dropped again safely
			}
			held.Push(&guards[i])
		}
		held.Pop(&guards[len(guards)-1]) // the last one's scope ended
		panic("unwinding")
	}()
	if g, ok := m.TryLock(); !ok {
		t.Fatal("the mutex is still locked after the unwind")
	} else {
		g.Drop()
	}
	if held.Mark() != 0 {
		t.Fatalf("%d guards still recorded", held.Mark())
	}
}

func TestHeldUnwindToMark(t *testing.T) {
	a, b := NewMutex(0), NewMutex(0)
	var held Held
	ga := a.Lock()
	held.Push(&ga)
	mark := held.Mark()
	gb := b.Lock()
	held.Push(&gb)
	held.UnwindTo(mark)
	if _, ok := b.TryLock(); !ok {
		t.Error("b is still locked")
	}
	if _, ok := a.TryLock(); ok {
		t.Error("a was unlocked, though it was bound before the mark")
	}
	held.Unwind()
	if g, ok := a.TryLock(); !ok {
		t.Error("a is still locked")
	} else {
		g.Drop()
	}
}
