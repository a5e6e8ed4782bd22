package main

import (
	"bytes"
	"fmt"
	"io"
)

// writeUnifiedDiff writes the difference of two versions of a file as a unified diff with
// three lines of context (what `fmt -d` prints). Files are small enough for a quadratic
// longest-common-subsequence table.
func writeUnifiedDiff(w io.Writer, name string, a, b []byte) {
	x, y := splitLines(a), splitLines(b)
	// lcs[i][j] is the length of the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int32, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type edit struct {
		op   byte // ' ', '-', '+'
		line string
		i, j int // lines of x and y before this one
	}
	var edits []edit
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			edits = append(edits, edit{' ', x[i], i, j})
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			edits = append(edits, edit{'+', y[j], i, j})
			j++
		default:
			edits = append(edits, edit{'-', x[i], i, j})
			i++
		}
	}
	fmt.Fprintf(w, "--- %s.orig\n+++ %s\n", name, name)
	const context = 3
	for k := 0; k < len(edits); {
		if edits[k].op == ' ' {
			k++
			continue
		}
		start := max(k-context, 0)
		end := k
		for end < len(edits) {
			if edits[end].op != ' ' {
				end++
				continue
			}
			run := end
			for run < len(edits) && edits[run].op == ' ' {
				run++
			}
			if run == len(edits) || run-end > 2*context {
				end = min(end+context, run)
				break
			}
			end = run
		}
		var na, nb int
		for _, e := range edits[start:end] {
			if e.op != '+' {
				na++
			}
			if e.op != '-' {
				nb++
			}
		}
		fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", edits[start].i+1, na, edits[start].j+1, nb)
		for _, e := range edits[start:end] {
			fmt.Fprintf(w, "%c%s\n", e.op, e.line)
		}
		k = end
	}
}

func splitLines(b []byte) []string {
	var out []string
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, string(b))
			break
		}
		out = append(out, string(b[:i]))
		b = b[i+1:]
	}
	return out
}
