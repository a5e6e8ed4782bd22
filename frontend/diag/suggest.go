package diag

import (
	"fmt"
	"sort"
)

// Closest is the candidate a misspelled name most likely meant, as rustc suggests one: the
// nearest by edit distance (letters inserted, deleted, changed or two swapped), within a third
// of the name's length (at least one edit), ties broken by order; "" when none is that close.
func Closest(name string, candidates []string) string {
	limit := max(1, len(name)/3)
	best, bestD := "", limit+1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		if c == name || c == "" {
			continue
		}
		if d := editDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// DidYouMean adds the help "did you mean `x`?" when a candidate is close to name, and the fix
// that writes x instead: d's range is the misspelled name.
func (d *Diagnostic) DidYouMean(name string, candidates []string) *Diagnostic {
	if c := Closest(name, candidates); c != "" {
		d.WithHelp("did you mean `%s`?", c)
		d.WithFix(fmt.Sprintf("Change `%s` to `%s`", name, c), d.Pos, d.End, c)
	}
	return d
}

// editDistance is the optimal string alignment distance between a and b.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
