package ir

// Components returns the strongly connected components of the graph of nodes and edges, each
// after every component it reaches (Tarjan's algorithm finds them in that order). lower uses
// it for the cycles of calls, emitgo for the declarations a split program keeps together.
func Components[N comparable](nodes []N, edges func(N) []N) [][]N {
	index := map[N]int{}
	low := map[N]int{}
	onStack := map[N]bool{}
	var stack []N
	var comps [][]N
	var visit func(v N)
	visit = func(v N) {
		index[v] = len(index)
		low[v] = index[v]
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range edges(v) {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var comp []N
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			comp = append(comp, w)
			if w == v {
				break
			}
		}
		comps = append(comps, comp)
	}
	for _, v := range nodes {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	return comps
}
