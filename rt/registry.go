package rt

import "sync"

const registryShards = 32

// taskRegistry knows every live task, for DumpTasks and for cancelling what is left when the
// program deadlocks. It is sharded by blocks of task ids so that workers spawning and
// finishing tasks at the same time rarely meet on a lock; each shard is an intrusive list (no
// allocation).
type taskRegistry struct {
	shards [registryShards]registryShard
}

type registryShard struct {
	mu   sync.Mutex
	head *task
	n    int
	_    [40]byte // one shard per cache line
}

// shardOf is t's shard: one per block of ids, so that a worker registers the tasks it spawns
// in one shard for idBlock spawns, whose lock and list stay in its cache (on one worker and off
// the workers, consecutive ids share a shard too).
func (r *taskRegistry) shardOf(t *task) *registryShard {
	return &r.shards[t.id/idBlock%registryShards]
}

func (r *taskRegistry) add(t *task) {
	sh := r.shardOf(t)
	sh.mu.Lock()
	t.regNext = sh.head
	if sh.head != nil {
		sh.head.regPrev = t
	}
	sh.head = t
	sh.n++
	sh.mu.Unlock()
}

func (r *taskRegistry) remove(t *task) {
	sh := r.shardOf(t)
	sh.mu.Lock()
	if t.regPrev != nil {
		t.regPrev.regNext = t.regNext
	} else {
		sh.head = t.regNext
	}
	if t.regNext != nil {
		t.regNext.regPrev = t.regPrev
	}
	t.regPrev, t.regNext = nil, nil
	sh.n--
	sh.mu.Unlock()
}

// each calls f for every live task, shard by shard, holding the shard's lock: f must not
// spawn, finish or block.
func (r *taskRegistry) each(f func(t *task)) {
	for i := range r.shards {
		sh := &r.shards[i]
		sh.mu.Lock()
		for t := sh.head; t != nil; t = t.regNext {
			f(t)
		}
		sh.mu.Unlock()
	}
}

// count is the number of live tasks.
func (r *taskRegistry) count() int {
	n := 0
	for i := range r.shards {
		sh := &r.shards[i]
		sh.mu.Lock()
		n += sh.n
		sh.mu.Unlock()
	}
	return n
}
