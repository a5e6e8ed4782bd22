package cfg

import "adesh2go/frontend/ast"

// Flow describes a forward data-flow analysis over states of type S: what each node does to
// the state, what an edge does (a condition known on one side), and how the states of two
// paths meet. A state is a value: Node and Edge return a new one.
type Flow[S any] struct {
	Node func(n ast.Node, s S) S
	// Edge, when set, gives the state along the i'th edge out of b, from the state at b's end.
	Edge func(b *Block, i int, s S) S
	Join func(a, b S) S
	Same func(a, b S) bool
}

// Forward runs the analysis from entry at the start of the graph to its fixed point, and
// returns the state at the start of each block, with whether the block is reached at all. The
// states must form a lattice of finite height under Join for it to end.
func Forward[S any](g *Graph, entry S, f Flow[S]) (in []S, reached []bool) {
	in = make([]S, len(g.Blocks))
	reached = make([]bool, len(g.Blocks))
	in[0], reached[0] = entry, true
	queued := make([]bool, len(g.Blocks))
	work := []*Block{g.Entry()}
	queued[0] = true
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		s := in[b.Index]
		for _, n := range b.Nodes {
			s = f.Node(n, s)
		}
		for i, succ := range b.Succs {
			out := s
			if f.Edge != nil {
				out = f.Edge(b, i, s)
			}
			j := succ.Index
			next := out
			if reached[j] {
				next = f.Join(in[j], out)
				if f.Same(next, in[j]) {
					continue
				}
			}
			in[j], reached[j] = next, true
			if !queued[j] {
				queued[j] = true
				work = append(work, succ)
			}
		}
	}
	return in, reached
}
