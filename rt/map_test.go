package rt

import (
	"slices"
	"strconv"
	"sync"
	"testing"
)

func TestMapBasics(t *testing.T) {
	m := NewMap[string, int64]()
	m.Set("b", 1)
	m.Set("a", 2)
	m.Set("b", 3) // keeps its position
	if m.Len() != 2 || !m.Has("a") || m.Has("z") {
		t.Errorf("Len/Has: %d", m.Len())
	}
	if got := m.Get("b"); got != Some[int64](3) {
		t.Errorf("Get(b) = %v", got)
	}
	if got := m.Get("z"); got.Some {
		t.Errorf("Get(z) = %v", got)
	}
	if m.At("a", testPos) != 2 {
		t.Error("At(a)")
	}
	if !slices.Equal(m.Keys(), []string{"b", "a"}) || !slices.Equal(m.Values(), []int64{3, 2}) {
		t.Errorf("Keys %v Values %v", m.Keys(), m.Values())
	}
	if got := m.Entries(); len(got) != 2 || got[0] != (Tuple2[string, int64]{"b", 3}) {
		t.Errorf("Entries %v", got)
	}
	if Str(m) != `{"b": 3, "a": 2}` {
		t.Errorf("printed %s", Str(m))
	}
}

func TestMapMissingKeyErrorNamesTheKey(t *testing.T) {
	wantFail(t, `key "x" not found`, func() { NewMap[string, int64]().At("x", testPos) })
	wantFail(t, `key 7 not found`, func() { NewMap[int64, int64]().At(7, testPos) })
	wantFail(t, `key 'c' not found`, func() { NewMap[Char, int64]().At('c', testPos) })
	var nilMap *Map[string, int64]
	wantFail(t, `key "y" not found`, func() { nilMap.At("y", testPos) })
}

func TestMapDeleteKeepsInsertionOrder(t *testing.T) {
	m := MapOf([]string{"a", "b", "c", "d"}, []int64{1, 2, 3, 4})
	if !m.Delete("b") || m.Delete("b") || m.Delete("zz") {
		t.Error("Delete results")
	}
	if Str(m) != `{"a": 1, "c": 3, "d": 4}` {
		t.Errorf("after delete: %s", Str(m))
	}
	m.Set("b", 5) // a deleted key comes back last
	if Str(m) != `{"a": 1, "c": 3, "d": 4, "b": 5}` {
		t.Errorf("after re-adding: %s", Str(m))
	}
}

func TestMapCompactsTombstones(t *testing.T) {
	m := NewMap[int64, int64]()
	for i := range int64(1000) {
		m.Set(i, i*i)
	}
	for i := int64(0); i < 1000; i++ {
		if i%10 != 0 {
			m.Delete(i)
		}
	}
	if len(m.entries) > 2*m.Len()+compactMin {
		t.Errorf("%d entry slots for %d entries: tombstones not compacted", len(m.entries), m.Len())
	}
	keys := m.Keys()
	for i, k := range keys {
		if k != int64(i*10) || m.At(k, testPos) != k*k {
			t.Fatalf("after compaction entry %d is %d", i, k)
		}
	}
	if len(keys) != 100 {
		t.Errorf("%d keys", len(keys))
	}
}

func TestMapLiteralWithRepeatedKey(t *testing.T) {
	m := MapOf([]string{"a", "b", "a"}, []int64{1, 2, 3})
	if Str(m) != `{"a": 3, "b": 2}` {
		t.Errorf("got %s", Str(m))
	}
}

func TestMapChangesDuringIteration(t *testing.T) {
	m := NewMap[int64, string]()
	for i := range int64(100) {
		m.Set(i, strconv.FormatInt(i, 10))
	}
	var visited []int64
	for k, v := range m.All() {
		visited = append(visited, k)
		if v != strconv.FormatInt(k, 10) && k != 50 {
			t.Fatalf("entry %d has value %q", k, v)
		}
		if k == 0 {
			for j := int64(1); j < 100; j += 2 {
				m.Delete(j) // enough tombstones to compact, which must wait
			}
			m.Set(50, "updated")
			m.Set(1000, "added")
		}
		if k == 50 && v != "updated" {
			t.Errorf("updated value not seen: %q", v)
		}
	}
	if len(visited) != 50 {
		t.Fatalf("visited %d entries: %v", len(visited), visited)
	}
	for i, k := range visited {
		if k != int64(i*2) {
			t.Fatalf("visited %v", visited)
		}
	}
	if !m.Has(1000) || m.Len() != 51 {
		t.Errorf("after iteration: len %d", m.Len())
	}
	m.Delete(1000) // compaction can run now
	if m.dead != 0 {
		t.Errorf("%d tombstones left after the iteration ended", m.dead)
	}
}

func TestMapIterationStopsEarly(t *testing.T) {
	m := MapOf([]int64{1, 2, 3}, []int64{1, 2, 3})
	n := 0
	m.Range(func(k, v int64) bool { n++; return k < 2 })
	if n != 2 || m.iterating.Load() != 0 {
		t.Errorf("Range visited %d, iterating %d", n, m.iterating.Load())
	}
}

func TestMapClearAndClone(t *testing.T) {
	m := MapOf([]string{"a", "b"}, []int64{1, 2})
	c := m.Clone()
	m.Clear()
	if m.Len() != 0 || Str(m) != "{}" || m.Has("a") {
		t.Errorf("after Clear: %s", Str(m))
	}
	m.Set("z", 0)
	if Str(c) != `{"a": 1, "b": 2}` || Str(m) != `{"z": 0}` {
		t.Errorf("clone %s, map %s", Str(c), Str(m))
	}
	for range m.All() {
		m.Clear() // during an iteration entries stay as tombstones
	}
	if m.Len() != 0 {
		t.Error("Clear during iteration")
	}
}

func TestNilMapReadsAsEmpty(t *testing.T) {
	var m *Map[string, int64]
	if m.Len() != 0 || m.Has("a") || m.Get("a").Some || m.Delete("a") || len(m.Keys()) != 0 {
		t.Error("nil map not empty")
	}
	for range m.All() {
		t.Error("nil map iterated")
	}
	if Str(m) != "{}" {
		t.Errorf("nil map prints %q", Str(m))
	}
}

func TestZeroMapValueAcceptsSet(t *testing.T) {
	var m Map[string, int64]
	m.Set("a", 1)
	if m.At("a", testPos) != 1 {
		t.Error("Set on a zero Map")
	}
}

func TestMapConcurrentReaders(t *testing.T) {
	m := NewMap[int64, int64]()
	for i := range int64(1000) {
		m.Set(i, i)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			var sum int64
			for _, v := range m.All() {
				sum += v + m.Get(v).Val
			}
			if sum != 999*1000 {
				t.Errorf("sum %d", sum)
			}
		})
	}
	wg.Wait()
}
