package rt

import (
	"slices"
	"strings"
	"sync"
)

// The sets and maps of the Collections module key by the value's printed text, as the
// interpreter does: 1 and "1" are one key. A BTree orders by that text ("10" before "9"); the
// others keep insertion order (a HashSet's order is unspecified in the interpreter).

// keyText is the key a value is stored under.
func keyText(v Value) string { return Str(v) }

// keyed is the locked store under the sets and maps: the entries by key, and the keys in order.
type keyed[V any] struct {
	mu     sync.Mutex
	order  []string
	vals   map[string]V
	sorted bool // BTree: keys in text order; else insertion order
}

func (k *keyed[V]) put(key string, v V) (fresh bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.vals == nil {
		k.vals = map[string]V{}
	}
	if _, had := k.vals[key]; !had {
		fresh = true
		if i, _ := slices.BinarySearch(k.order, key); k.sorted {
			k.order = slices.Insert(k.order, i, key)
		} else {
			k.order = append(k.order, key)
		}
	}
	k.vals[key] = v
	return fresh
}

func (k *keyed[V]) get(key string) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.vals[key]
	return v, ok
}

func (k *keyed[V]) remove(key string) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.vals[key]
	if ok {
		delete(k.vals, key)
		k.order = slices.DeleteFunc(k.order, func(s string) bool { return s == key })
	}
	return v, ok
}

// entries are the keys and values in order, copied.
func (k *keyed[V]) entries() ([]string, []V) {
	k.mu.Lock()
	defer k.mu.Unlock()
	vs := make([]V, len(k.order))
	for i, key := range k.order {
		vs[i] = k.vals[key]
	}
	return append([]string{}, k.order...), vs
}

// Len is the number of entries.
func (k *keyed[V]) Len() int64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	return int64(len(k.order))
}

// IsEmpty reports whether there are none.
func (k *keyed[V]) IsEmpty() bool { return k.Len() == 0 }

// Clear removes every entry.
func (k *keyed[V]) Clear() {
	k.mu.Lock()
	k.order, k.vals = nil, nil
	k.mu.Unlock()
}

// TextSet is Collections.HashSet, BTreeSet and OrderedSet (name says which).
type TextSet[T any] struct {
	keyed[T]
	name string
}

// NewTextSet makes an empty set of the kind name: "HashSet", "BTreeSet" or "OrderedSet".
func NewTextSet[T any](name string) *TextSet[T] {
	return &TextSet[T]{keyed: keyed[T]{sorted: name == "BTreeSet"}, name: name}
}

// Insert adds v and reports whether it was new.
func (s *TextSet[T]) Insert(v T) bool { return s.put(keyText(v), v) }

// Contains reports whether the set holds v.
func (s *TextSet[T]) Contains(v T) bool { _, ok := s.get(keyText(v)); return ok }

// Remove takes v out and reports whether it was there.
func (s *TextSet[T]) Remove(v T) bool { _, ok := s.remove(keyText(v)); return ok }

// Values are the elements in the set's order.
func (s *TextSet[T]) Values() []T { _, vs := s.entries(); return vs }

func (s *TextSet[T]) TypeInfo() string { return collectionTypeInfo[T](s.name) }
func (s *TextSet[T]) AdeshTypeName() string {
	if s == nil {
		return "Collections.Set<" + TypeNameFor[T]() + ">"
	}
	return "Collections." + s.name + "<" + TypeNameFor[T]() + ">"
}
func (s *TextSet[T]) AdeshFormat(b *strings.Builder, _ bool) {
	formatCollection(b, s.name, "{", "}", s.Values())
}

// TextMap is Collections.BTreeMap, OrderedMap and HashMap (name says which): any key, by its
// text.
type TextMap[V any] struct {
	keyed[V]
	name string
}

// NewTextMap makes an empty map of the kind name: "BTreeMap", "OrderedMap" or "HashMap"
// (insertion order: the interpreter's is unspecified).
func NewTextMap[V any](name string) *TextMap[V] {
	return &TextMap[V]{keyed: keyed[V]{sorted: name == "BTreeMap"}, name: name}
}

// Insert sets the value of the key (re-inserting keeps the key's place).
func (m *TextMap[V]) Insert(k Value, v V) { m.put(keyText(k), v) }

// Get is the value of the key, or null.
func (m *TextMap[V]) Get(k Value) Option[V] {
	v, ok := m.get(keyText(k))
	return Option[V]{Some: ok, Val: v}
}

// ContainsKey reports whether the key has a value.
func (m *TextMap[V]) ContainsKey(k Value) bool { _, ok := m.get(keyText(k)); return ok }

// Remove takes the key out and gives its value, or null.
func (m *TextMap[V]) Remove(k Value) Option[V] {
	v, ok := m.remove(keyText(k))
	return Option[V]{Some: ok, Val: v}
}

// Keys are the keys' texts in order.
func (m *TextMap[V]) Keys() []string { ks, _ := m.entries(); return ks }

// Values are the values in the keys' order.
func (m *TextMap[V]) Values() []V { _, vs := m.entries(); return vs }

// Entries are [key, value] arrays in order.
func (m *TextMap[V]) Entries() [][]Value {
	ks, vs := m.entries()
	out := make([][]Value, len(ks))
	for i := range ks {
		out[i] = []Value{ks[i], vs[i]}
	}
	return out
}

func (m *TextMap[V]) TypeInfo() string { return m.name + "<string, " + TypeNameFor[V]() + ">" }
func (m *TextMap[V]) AdeshTypeName() string {
	if m == nil {
		return "Collections.Map<" + TypeNameFor[V]() + ">"
	}
	return "Collections." + m.name + "<" + TypeNameFor[V]() + ">"
}
func (m *TextMap[V]) AdeshFormat(b *strings.Builder, _ bool) {
	ks, vs := m.entries()
	b.WriteString(m.name + "{")
	for i := range ks {
		if i > 0 {
			b.WriteString(", ")
		}
		Format(b, ks[i], true)
		b.WriteString(": ")
		Format(b, vs[i], true)
	}
	b.WriteByte('}')
}

// The constructors of the sets and maps, one per kind. Each constructor of the module's generic
// objects ignores its string arguments: the names of the types it holds (`Collections.Vec("i32")`),
// which the compiler has read.
func NewHashSet[T any](_ ...string) *TextSet[T]    { return NewTextSet[T]("HashSet") }
func NewBTreeSet[T any](_ ...string) *TextSet[T]   { return NewTextSet[T]("BTreeSet") }
func NewOrderedSet[T any](_ ...string) *TextSet[T] { return NewTextSet[T]("OrderedSet") }
func NewBTreeMap[V any](_ ...string) *TextMap[V]   { return NewTextMap[V]("BTreeMap") }
func NewOrderedMap[V any](_ ...string) *TextMap[V] { return NewTextMap[V]("OrderedMap") }
func NewHashMap[V any](_ ...string) *TextMap[V]    { return NewTextMap[V]("HashMap") }
