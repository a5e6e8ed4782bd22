package rt

import (
	"iter"
	"strings"
	"sync/atomic"
	"unsafe"
)

// Map is AdeshLang's Map<K, V>: a hash map that iterates and prints in insertion order. It is a
// handle: copies of a *Map share one map. Entries live in a slice in insertion order and a Go
// map indexes them by key, so Get, Set and Delete are O(1). Delete leaves a tombstone that keeps
// the positions of the others; the tombstones are compacted away once they are the majority,
// but never while an iteration is running.
//
// Reading methods accept a nil *Map as an empty map. A Map[Value, V] needs keys Go can hash
// (numbers, strings, bools, chars, null, handles); the dynamic operations check that and fail
// with a position, the static methods leave it to the compiler's types.
type Map[K comparable, V any] struct {
	index     map[K]int // key → position in entries
	entries   []mapEntry[K, V]
	dead      int          // tombstones in entries
	iterating atomic.Int32 // running iterations; compaction waits for them
}

type mapEntry[K comparable, V any] struct {
	key  K
	val  V
	live bool
}

// compactMin is the number of tombstones below which compaction is not worth its pass.
const compactMin = 32

// NewMap makes an empty map.
func NewMap[K comparable, V any]() *Map[K, V] {
	return &Map[K, V]{index: map[K]int{}}
}

// MapOf makes a map of a literal: keys[i] maps to vals[i]; a repeated key keeps its first
// position and its last value, as in JavaScript.
func MapOf[K comparable, V any](keys []K, vals []V) *Map[K, V] {
	m := &Map[K, V]{index: make(map[K]int, len(keys)), entries: make([]mapEntry[K, V], 0, len(keys))}
	for i, k := range keys {
		m.Set(k, vals[i])
	}
	return m
}

// Len is the number of entries.
func (m *Map[K, V]) Len() int {
	if m == nil {
		return 0
	}
	return len(m.index)
}

// Get gives the value of k, or null.
func (m *Map[K, V]) Get(k K) Option[V] {
	if m == nil {
		return Option[V]{}
	}
	if i, ok := m.index[k]; ok {
		return Some(m.entries[i].val)
	}
	return Option[V]{}
}

// LookupOptional is `m[k] ?? …` on a map whose values are optional: a missing key is null,
// as a stored null is.
func LookupOptional[K comparable, V any](m *Map[K, Option[V]], k K) Option[V] {
	if o := m.Get(k); o.Some {
		return o.Val
	}
	return Option[V]{}
}

// At is m[k]: the value of k, failing at pos when k is missing.
func (m *Map[K, V]) At(k K, pos string) V {
	if m != nil {
		if i, ok := m.index[k]; ok {
			return m.entries[i].val
		}
	}
	Fail(pos, "key "+Quote(k)+" not found")
	var zero V
	return zero
}

// GetOr is m.getOr(k, d): the value of k, or d when k is absent.
func (m *Map[K, V]) GetOr(k K, d V) V {
	if v := m.Get(k); v.Some {
		return v.Val
	}
	return d
}

// Merge is m.merge(o): a new map of m's entries, then o's (o's value wins for a key in both).
func (m *Map[K, V]) Merge(o *Map[K, V]) *Map[K, V] {
	out := m.Clone()
	for k, v := range o.All() {
		out.Set(k, v)
	}
	return out
}

// Has reports whether k is present.
func (m *Map[K, V]) Has(k K) bool {
	if m == nil {
		return false
	}
	_, ok := m.index[k]
	return ok
}

// Set maps k to v. A new key goes last; an existing key keeps its position.
func (m *Map[K, V]) Set(k K, v V) {
	if i, ok := m.index[k]; ok {
		m.entries[i].val = v
		return
	}
	if m.index == nil {
		m.index = map[K]int{}
	}
	m.index[k] = len(m.entries)
	m.entries = append(m.entries, mapEntry[K, V]{key: k, val: v, live: true})
}

// Delete removes k and reports whether it was present. The other entries keep their order.
func (m *Map[K, V]) Delete(k K) bool {
	if m == nil {
		return false
	}
	i, ok := m.index[k]
	if !ok {
		return false
	}
	delete(m.index, k)
	m.entries[i] = mapEntry[K, V]{} // drop what the entry held
	m.dead++
	if m.dead >= compactMin && m.dead*2 > len(m.entries) && m.iterating.Load() == 0 {
		m.compact()
	}
	return true
}

// compact removes the tombstones and renumbers the index.
func (m *Map[K, V]) compact() {
	live := m.entries[:0]
	for _, e := range m.entries {
		if e.live {
			m.index[e.key] = len(live)
			live = append(live, e)
		}
	}
	clear(m.entries[len(live):])
	m.entries = live
	m.dead = 0
}

// Clear removes every entry.
func (m *Map[K, V]) Clear() {
	if m.iterating.Load() == 0 {
		m.entries = m.entries[:0]
		m.dead = 0
	} else {
		// An iteration is indexing entries: leave them all as tombstones.
		clear(m.entries)
		m.dead = len(m.entries)
	}
	clear(m.index)
}

// Keys gives the keys in insertion order.
func (m *Map[K, V]) Keys() []K {
	keys := make([]K, 0, m.Len())
	for k := range m.All() {
		keys = append(keys, k)
	}
	return keys
}

// Values gives the values in insertion order.
func (m *Map[K, V]) Values() []V {
	vals := make([]V, 0, m.Len())
	for _, v := range m.All() {
		vals = append(vals, v)
	}
	return vals
}

// Entries gives the (key, value) pairs in insertion order.
func (m *Map[K, V]) Entries() []Tuple2[K, V] {
	out := make([]Tuple2[K, V], 0, m.Len())
	for k, v := range m.All() {
		out = append(out, Tuple2[K, V]{k, v})
	}
	return out
}

// All iterates in insertion order; `for (k, v) in m` compiles to `for k, v := range m.All()`.
// The loop body may change the map: the iteration visits the entries present when it began,
// skips those deleted before it reaches them, sees the current value of those updated, and does
// not visit entries added (or deleted and added again) meanwhile.
func (m *Map[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		if m == nil {
			return
		}
		m.iterating.Add(1)
		defer m.iterating.Add(-1)
		n := len(m.entries)
		for i := 0; i < n && i < len(m.entries); i++ {
			if e := &m.entries[i]; e.live && !yield(e.key, e.val) {
				return
			}
		}
	}
}

// Range calls f on every entry in insertion order until f returns false, with All's rules for
// changes made meanwhile.
func (m *Map[K, V]) Range(f func(K, V) bool) {
	for k, v := range m.All() {
		if !f(k, v) {
			return
		}
	}
}

// Clone gives a new map with the same entries.
func (m *Map[K, V]) Clone() *Map[K, V] {
	c := &Map[K, V]{index: make(map[K]int, m.Len()), entries: make([]mapEntry[K, V], 0, m.Len())}
	for k, v := range m.All() {
		c.index[k] = len(c.entries)
		c.entries = append(c.entries, mapEntry[K, V]{key: k, val: v, live: true})
	}
	return c
}

// AdeshFormat prints `{key: value, …}` in insertion order, keys and values in nested form.
func (m *Map[K, V]) AdeshFormat(b *strings.Builder, _ bool) {
	if !enterFormat(b, unsafe.Pointer(m)) {
		return
	}
	defer leaveFormat(b)
	b.WriteByte('{')
	first := true
	for k, v := range m.All() {
		if !first {
			b.WriteString(", ")
		}
		first = false
		Format(b, k, true)
		b.WriteString(": ")
		Format(b, v, true)
	}
	b.WriteByte('}')
}
