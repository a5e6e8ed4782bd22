package emitgo

import (
	"bytes"
	"strconv"
)

// dropImpliedLines removes each //line directive that says what Go would count anyway: the
// line after it is the one after the line the last directive (of the same file) mapped. The
// output is what the go command reads, so this is done on its lines, after layout.
func dropImpliedLines(src []byte) []byte {
	out := make([]byte, 0, len(src))
	var file []byte
	next := -1 // the AdeshLang line the next Go line maps to, -1 before the first directive
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i+1], src[i+1:]
		} else {
			src = nil
		}
		if f, n, ok := parseLineDirective(line); ok {
			// After a doc comment's `//` the directive stays: without it gofmt would drop the
			// `//`, and the lines after it would move up.
			if next >= 0 && n == next && bytes.Equal(f, file) && !bytes.HasSuffix(out, []byte("\n//\n")) {
				continue
			}
			file, next = f, n
			out = append(out, line...)
			continue
		}
		if next >= 0 {
			next++
		}
		out = append(out, line...)
	}
	return out
}

// parseLineDirective reads `//line FILE:N` in column 1.
func parseLineDirective(line []byte) (file []byte, n int, ok bool) {
	rest, found := bytes.CutPrefix(bytes.TrimRight(line, "\n"), []byte("//line "))
	if !found {
		return nil, 0, false
	}
	colon := bytes.LastIndexByte(rest, ':')
	if colon < 0 {
		return nil, 0, false
	}
	n, err := strconv.Atoi(string(rest[colon+1:]))
	if err != nil {
		return nil, 0, false
	}
	return rest[:colon], n, true
}

// GeneratedLines lists the lines (from 1) of the generated Go src that its //line directives
// map to line n of file: where a message of the Go compiler about that line comes from.
func GeneratedLines(src []byte, file string, n int) []int {
	var found []int
	var current []byte
	next := -1
	for i, line := range bytes.Split(src, []byte("\n")) {
		if f, m, ok := parseLineDirective(line); ok {
			current, next = f, m
			continue
		}
		if next == n && string(current) == file {
			found = append(found, i+1)
		}
		if next >= 0 {
			next++
		}
	}
	return found
}
