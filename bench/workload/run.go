package workload

import (
	"fmt"

	"adesh2go/rt"
)

// The sizes of the workloads, the same on the rt and the Tokio side (bench/tokio/src/main.rs).
const (
	SpawnCount           = 100_000
	YieldTasks           = 1000
	YieldsEach           = 100
	PingRounds           = 100_000
	ChainDepth           = 10_000
	SuspendedTasks       = 1_000_000
	treeLeaves           = 1 << TreeDepth
	spawnSum             = SpawnCount * (SpawnCount - 1) / 2
	yieldTotal           = YieldTasks
	pingTotal            = 2 * PingRounds
	suspendedTotal       = SuspendedTasks
	fanoutTotal    int64 = FanoutTotal
)

// Names lists the workloads Run knows, with the value each must give.
var Names = map[string]int64{
	"tree":       treeLeaves,
	"spawn_many": spawnSum,
	"yield_many": yieldTotal,
	"ping_pong":  pingTotal,
	"chained":    ChainDepth,
	"suspended":  suspendedTotal,
	"fanout_cpu": fanoutTotal,
}

// Run runs the named workload on n workers and gives its value, checked against Names.
func Run(name string, n int) (int64, error) {
	want, ok := Names[name]
	if !ok {
		return 0, fmt.Errorf("no workload %q", name)
	}
	var got int64
	var failure *rt.Thrown
	switch name {
	case "tree":
		got, failure = rt.RunWorkers[int64](n, &Tree{Depth: TreeDepth})
	case "spawn_many":
		var v int
		v, failure = rt.RunWorkers[int](n, &SpawnJoin{Count: SpawnCount, ByValue: true})
		got = int64(v)
	case "yield_many":
		var v []rt.Unit
		v, failure = rt.RunWorkers[[]rt.Unit](n, &FanOut[rt.Unit]{Count: YieldTasks, Make: func(int) rt.Future[rt.Unit] {
			return &Yielder{N: YieldsEach}
		}})
		got = int64(len(v))
	case "ping_pong":
		var v []int
		v, failure = rt.RunWorkers[[]int](n, PingPong(PingRounds))
		for _, x := range v {
			got += int64(x)
		}
	case "chained":
		var v int
		v, failure = rt.RunWorkers[int](n, &Chain{Depth: ChainDepth})
		got = int64(v)
	case "suspended":
		got, failure = rt.RunWorkers[int64](n, &Suspended{Count: SuspendedTasks})
	case "fanout_cpu":
		var v []int64
		v, failure = rt.RunWorkers[[]int64](n, Fanout())
		for _, x := range v {
			got += x
		}
	}
	if failure != nil {
		return 0, failure
	}
	if got != want {
		return got, fmt.Errorf("%s gave %d, want %d", name, got, want)
	}
	return got, nil
}
