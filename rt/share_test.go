package rt

import (
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

type shareTestVec3 struct{ items []int64 }

func TestShareLayout(t *testing.T) {
	check := func(name string, strong, weak, value uintptr) {
		t.Helper()
		if strong != 0 || weak != 8 || value != 16 {
			t.Errorf("Share[%s]: strong at %d, weak at %d, value at %d; want 0, 8, 16", name, strong, weak, value)
		}
	}
	var a Share[int64]
	check("int64", unsafe.Offsetof(a.strong), unsafe.Offsetof(a.weak), unsafe.Offsetof(a.value))
	var b Share[byte]
	check("byte", unsafe.Offsetof(b.strong), unsafe.Offsetof(b.weak), unsafe.Offsetof(b.value))
	var c Share[shareTestVec3]
	check("Vec3", unsafe.Offsetof(c.strong), unsafe.Offsetof(c.weak), unsafe.Offsetof(c.value))
	var d Share[mutexTestRecord]
	check("record", unsafe.Offsetof(d.strong), unsafe.Offsetof(d.weak), unsafe.Offsetof(d.value))
	if unsafe.Sizeof(a.strong) != 8 || unsafe.Sizeof(a.weak) != 8 {
		t.Errorf("counts are %d and %d bytes, want 8", unsafe.Sizeof(a.strong), unsafe.Sizeof(a.weak))
	}
	if unsafe.Sizeof(Weak[int64]{}) != unsafe.Sizeof(a) {
		t.Error("Weak and Share differ in layout")
	}
}

// TestShareCountsOfTheSpecExample follows ../shared/examples/spec/05_share_weak.adesh.
func TestShareCountsOfTheSpecExample(t *testing.T) {
	data := NewShare(shareTestVec3{items: []int64{1, 2, 3}})
	a := data.Clone()
	if n := data.StrongCount(); n != 2 {
		t.Fatalf("strong %d after a clone, want 2", n)
	}
	w := data.Downgrade()
	if u := w.Upgrade(); u == nil {
		t.Fatal("upgrade of a live share gave nil")
	} else {
		if n := data.StrongCount(); n != 3 {
			t.Fatalf("strong %d while an upgrade is held, want 3", n)
		}
		u.Release() // the temporary's end of statement
	}
	if s, wk := data.StrongCount(), data.WeakCount(); s != 2 || wk != 1 {
		t.Fatalf("counts %d %d, want 2 1", s, wk)
	}
	if got := a.Get().items; len(got) != 3 || got[2] != 3 {
		t.Fatalf("items %v", got)
	}

	makeWeak := func() *Weak[shareTestVec3] {
		d := NewShare(shareTestVec3{items: []int64{4, 5}})
		weak := d.Downgrade()
		d.Release() // d's scope ends
		return weak
	}
	gone := makeWeak()
	if u := gone.Upgrade(); u != nil {
		t.Fatal("upgrade of a dropped share gave a share")
	}
	gone.Release()

	b := data.Clone()
	if n := data.StrongCount(); n != 3 {
		t.Fatalf("strong %d, want 3", n)
	}
	b.Release()
	if n := data.StrongCount(); n != 2 {
		t.Fatalf("strong %d, want 2", n)
	}

	w.Release()
	a.Release()
	if s, wk := data.StrongCount(), data.WeakCount(); s != 1 || wk != 0 {
		t.Fatalf("counts %d %d, want 1 0", s, wk)
	}
	data.Release()
	if s, wk := data.strong.Load(), data.weak.Load(); s != 0 || wk != 0 {
		t.Fatalf("raw counts %d %d after every release, want 0 0", s, wk)
	}
}

func TestShareDropHook(t *testing.T) {
	var drops []string
	s := NewShareWithDrop(shareTestVec3{items: []int64{9}}, func(v *shareTestVec3) {
		drops = append(drops, "dropped")
		if len(v.items) != 1 || v.items[0] != 9 {
			t.Errorf("hook saw %v", v.items)
		}
	})
	c := s.Clone()
	w := s.Downgrade()
	s.Release()
	if len(drops) != 0 {
		t.Fatal("dropped while a strong reference remains")
	}
	c.Release()
	if len(drops) != 1 {
		t.Fatalf("%d drops, want 1", len(drops))
	}
	if s.value.items != nil {
		t.Error("the dropped value still holds its slice, which the GC cannot reclaim")
	}
	if w.Upgrade() != nil {
		t.Fatal("upgrade after the drop")
	}
	if n := s.weak.Load(); n != 1 {
		t.Fatalf("weak %d with one Weak left, want 1", n)
	}
	w.Release()
	if len(drops) != 1 {
		t.Fatalf("%d drops, want 1", len(drops))
	}
}

// A throwing drop hook still gives up the strong references' weak reference.
func TestShareThrowingDropHook(t *testing.T) {
	s := NewShareWithDrop(1, func(*int) { Fail("", "drop failed") })
	w := s.Downgrade()
	syncMisuseSays(t, "drop failed", s.Release)
	if n := s.weak.Load(); n != 1 {
		t.Fatalf("weak %d after a throwing drop, want 1", n)
	}
	w.Release()
}

func TestShareMisuse(t *testing.T) {
	s := NewShare("v")
	w := s.Downgrade()
	syncMisuseSays(t, "release below zero of a Weak<string>", func() {
		w.Release()
		w.Release() // takes the strong references' weak reference
	})
	if s.WeakCount() != 0 || s.weak.Load() != 1 {
		t.Fatalf("weak count %d (raw %d) after a refused release", s.WeakCount(), s.weak.Load())
	}
	s.Release()
	syncMisuseSays(t, "release below zero of a Share<string>", s.Release)
	if n := s.strong.Load(); n != 0 {
		t.Fatalf("strong %d after a refused release, want 0", n)
	}
	syncMisuseSays(t, "clone of a released Share<string>", func() { s.Clone() })
	syncMisuseSays(t, "downgrade of a released Share<string>", func() { s.Downgrade() })
	syncMisuseSays(t, "release below zero of a Weak<string>", w.Release)

	var null *Share[int]
	syncMisuseSays(t, "release of a null Share<i64>", null.Release)
	syncMisuseSays(t, "clone of a null Share<i64>", func() { null.Clone() })
	syncMisuseSays(t, "use of a null Share<i64>", func() { null.Get() })
	syncMisuseSays(t, "downgrade of a null Share<i64>", func() { null.Downgrade() })
	var nullWeak *Weak[int]
	syncMisuseSays(t, "upgrade of a null Weak<i64>", func() { nullWeak.Upgrade() })
	syncMisuseSays(t, "release of a null Weak<i64>", nullWeak.Release)
}

func TestShareRefusesToOverflow(t *testing.T) {
	s := NewShare(0)
	s.strong.Store(math.MaxInt64)
	syncMisuseSays(t, "too many clones of a Share<i64>", func() { s.Clone() })
	if n := s.strong.Load(); n != math.MaxInt64 {
		t.Fatalf("strong %d after a refused clone", n)
	}
	syncMisuseSays(t, "too many clones of a Weak<i64>", func() { s.Downgrade().Upgrade() })
	s.weak.Store(math.MaxInt64)
	syncMisuseSays(t, "too many Weaks of a Share<i64>", func() { s.Downgrade() })
}

// TestShareStorm: holders clone and release, upgraders upgrade and release, everyone downgrades
// and releases, all at once, while the strong references run out. The value must be dropped
// exactly once, never revived, and never seen dropped through a strong reference.
func TestShareStorm(t *testing.T) {
	const holders, upgraders, rounds = 4, 4, 2000
	var drops atomic.Int32
	s := NewShareWithDrop([]int{1, 2, 3}, func(v *[]int) {
		drops.Add(1)
		*v = nil
	})
	check := func(sh *Share[[]int]) {
		if drops.Load() != 0 || len(*sh.Get()) != 3 {
			t.Error("a strong reference sees a dropped value")
		}
	}
	var wg sync.WaitGroup
	for range holders {
		own := s.Clone()
		wg.Go(func() {
			for i := range rounds {
				c := own.Clone()
				check(c)
				w := c.Downgrade()
				c.Release()
				if u := w.Upgrade(); u != nil {
					check(u)
					u.Release()
				}
				w.Release()
				if i == rounds/2 {
					check(own)
					own.Release()
					return
				}
			}
		})
	}
	var sawNil atomic.Int32
	for range upgraders {
		weak := s.Downgrade()
		wg.Go(func() {
			defer weak.Release()
			for range rounds * 4 {
				u := weak.Upgrade()
				if u == nil {
					sawNil.Add(1)
					return
				}
				check(u)
				c := u.Clone()
				u.Release()
				c.Release()
			}
		})
	}
	late := s.Downgrade()
	s.Release()
	wg.Wait()
	if n := drops.Load(); n != 1 {
		t.Fatalf("%d drops, want exactly 1", n)
	}
	if late.Upgrade() != nil {
		t.Fatal("an upgrade revived a dropped value")
	}
	late.Release()
	if st, wk := s.strong.Load(), s.weak.Load(); st != 0 || wk != 0 {
		t.Fatalf("raw counts %d %d after every release, want 0 0", st, wk)
	}
	t.Logf("%d of %d upgraders saw the drop", sawNil.Load(), upgraders)
}

// TestWeakUpgradeRacesTheLastRelease: many times over, one goroutine releases the only strong
// reference while others upgrade; either an upgrade wins (and then the value lives until it is
// released) or it sees nil, and the drop runs once.
func TestWeakUpgradeRacesTheLastRelease(t *testing.T) {
	const trials, racers = 300, 3
	for range trials {
		var drops atomic.Int32
		s := NewShareWithDrop(7, func(*int) { drops.Add(1) })
		weaks := make([]*Weak[int], racers)
		for i := range weaks {
			weaks[i] = s.Downgrade()
		}
		var start sync.WaitGroup
		start.Add(1)
		var wg sync.WaitGroup
		for _, w := range weaks {
			wg.Go(func() {
				start.Wait()
				if u := w.Upgrade(); u != nil {
					if drops.Load() != 0 || *u.Get() != 7 {
						t.Error("upgraded to a dropped value")
					}
					u.Release()
				}
				w.Release()
			})
		}
		wg.Go(func() {
			start.Wait()
			s.Release()
		})
		start.Done()
		wg.Wait()
		if drops.Load() != 1 {
			t.Fatalf("%d drops, want 1", drops.Load())
		}
		if st, wk := s.strong.Load(), s.weak.Load(); st != 0 || wk != 0 {
			t.Fatalf("raw counts %d %d, want 0 0", st, wk)
		}
	}
}
