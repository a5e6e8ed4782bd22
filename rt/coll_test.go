package rt

import (
	"sync"
	"testing"
)

func TestCollectionsKeepTheirOrder(t *testing.T) {
	q := NewQueue[string]()
	q.Enqueue("a")
	q.Enqueue("b")
	s := NewStack[int64]()
	s.Push(1)
	s.Push(2)
	h := NewBinaryHeap[int64]()
	for _, v := range []int64{3, 9, 5, 1} {
		h.Push(v)
	}
	if q.Dequeue().Val != "a" || s.Pop().Val != 2 || h.Pop().Val != 9 || h.Pop().Val != 5 || h.Peek().Val != 3 {
		t.Error("Queue, Stack or BinaryHeap out of order")
	}
	pq := NewPriorityQueue[string]()
	pq.Push("low", int64(1))
	pq.Push("high", 2.5)
	pq.Push("also low", int64(1))
	if pq.Pop().Val != "high" || pq.Pop().Val != "low" || pq.Pop().Val != "also low" || pq.Pop().Some {
		t.Error("PriorityQueue: highest first, ties first in first out")
	}
	r := NewRingBuffer[int64](2, "p")
	r.Push(1)
	r.Push(2)
	if ev := r.Push(3); !ev.Some || ev.Val != 1 || r.Pop().Val != 2 || !(r.Len() == 1) {
		t.Error("RingBuffer overwrites the oldest")
	}
	m := NewBTreeMap[int64]()
	m.Insert("b", 2)
	m.Insert(int64(10), 0)
	m.Insert("9", 1)
	if got := Str(m.Keys()); got != `["10", "9", "b"]` {
		t.Errorf("BTreeMap keys by text: %s", got)
	}
	if m.Insert("10", 5); m.Get(int64(10)).Val != 5 {
		t.Error("1 and \"1\" are one key")
	}
	if got := Str(NewSlice([]int64{1, 2, 3}, 1)); got != "Slice[2, 3]" {
		t.Errorf("Slice prints %s", got)
	}
	wantFail(t, "RingBuffer capacity must be > 0, found 0", func() { NewRingBuffer[int64](0, testPos) })
}

func TestCollectionsAreSafeAcrossGoroutines(t *testing.T) {
	q := NewQueue[int64]()
	set := NewHashSet[int64]()
	d := NewVecDeque[int64]()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				q.Enqueue(int64(i))
				set.Insert(int64(g*1000 + i))
				d.PushFront(int64(i))
				d.PopBack()
				_ = Str(q)
			}
		}()
	}
	wg.Wait()
	if q.Len() != 2000 || set.Len() != 2000 || d.Len() != 0 {
		t.Errorf("lost updates: queue %d, set %d, deque %d", q.Len(), set.Len(), d.Len())
	}
}

func TestACollectionInADynamicValueAnswersItsMethods(t *testing.T) {
	var v Value = NewQueue[string]()
	DynMethod(v, "enqueue", testPos, "x")
	if got := DynMethod(v, "front", testPos); got != "x" {
		t.Errorf("front() = %v", got)
	}
	DynMethod(v, "dequeue", testPos)
	if got := DynMethod(v, "dequeue", testPos); got != nil {
		t.Errorf("an empty dequeue() = %v, want null", got)
	}
	var b Value = NewBitSet()
	DynMethod(b, "set", testPos, int64(5))
	if DynMethod(b, "test", testPos, int64(5)) != true {
		t.Error("BitSet.test after set")
	}
}

func TestCollVecAndHashMapAreSharedAndLocked(t *testing.T) {
	v := NewVec[int64]()
	m := NewHashMap[int64]()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				v.Push(int64(i))
				v.Set(0, int64(g))
				m.Insert(int64(g*1000+i), int64(i))
				_ = Str(v)
			}
		}()
	}
	wg.Wait()
	if v.Len() != 2000 || m.Len() != 2000 {
		t.Errorf("lost updates: vec %d, map %d", v.Len(), m.Len())
	}
	var dv Value = NewVec[int64]()
	DynMethod(dv, "push", testPos, int64(4))
	DynMethod(dv, "insert", testPos, int64(0), int64(2))
	if got := Str(dv); got != "Vec[2, 4]" {
		t.Errorf("Vec after push and insert = %s", got)
	}
	if got := DynMethod(dv, "remove", testPos, int64(7)); got != nil {
		t.Errorf("remove(7) = %v, want null", got)
	}
	var dm Value = NewHashMap[Value]()
	DynMethod(dm, "insert", testPos, "k", "v")
	if got := DynMethod(dm, "remove", testPos, "k"); got != "v" {
		t.Errorf("HashMap.remove = %v, want the value", got)
	}
}
