package rt

import (
	"strconv"
	"testing"
)

// The insertion-ordered Map against a plain Go map, which has no order.

func BenchmarkMapSetGetVsGoMap(b *testing.B) {
	keys := make([]string, 1024)
	for i := range keys {
		keys[i] = "key" + strconv.Itoa(i)
	}
	m := NewMap[string, int64]()
	g := map[string]int64{}
	var sink int64
	versus(b,
		func(i int) {
			k := keys[i%len(keys)]
			m.Set(k, int64(i))
			sink += m.Get(k).Val
		},
		func(i int) {
			k := keys[i%len(keys)]
			g[k] = int64(i)
			sink += g[k]
		})
	_ = sink
}

func BenchmarkMapChurnVsGoMap(b *testing.B) {
	m := NewMap[int64, int64]()
	g := map[int64]int64{}
	versus(b,
		func(i int) {
			m.Set(int64(i), int64(i))
			m.Delete(int64(i - 100))
		},
		func(i int) {
			g[int64(i)] = int64(i)
			delete(g, int64(i-100))
		})
}

func BenchmarkMapIterateVsGoMap(b *testing.B) {
	m := NewMap[int64, int64]()
	g := map[int64]int64{}
	for i := range int64(1000) {
		m.Set(i, i)
		g[i] = i
	}
	var sink int64
	versus(b,
		func(int) {
			for _, v := range m.All() {
				sink += v
			}
		},
		func(int) {
			for _, v := range g {
				sink += v
			}
		})
	_ = sink
}
