package ir

import (
	"slices"
	"testing"
)

// A cycle is one component, and every component comes after the components it reaches.
func TestComponentsOrder(t *testing.T) {
	edges := map[int][]int{0: {1}, 1: {2}, 2: {1, 3}, 3: nil, 4: {0, 3}}
	comps := Components([]int{0, 1, 2, 3, 4}, func(n int) []int { return edges[n] })
	at := map[int]int{}
	for i, c := range comps {
		for _, n := range c {
			at[n] = i
		}
	}
	if len(comps) != 4 || at[1] != at[2] {
		t.Fatalf("components %v: want 4, with 1 and 2 in one", comps)
	}
	for n, out := range edges {
		for _, m := range out {
			if at[m] > at[n] {
				t.Errorf("%d (component %d) reaches %d, which comes later (%d): %v", n, at[n], m, at[m], comps)
			}
		}
	}
	if !slices.Equal(comps[0], []int{3}) {
		t.Errorf("the first component is %v, want the sink [3]", comps[0])
	}
}
