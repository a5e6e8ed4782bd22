package syntax

// Comment is one comment of a source file: `// …`, `# …` or `/* … */`, as written.
type Comment struct {
	Start, End int // byte offsets; End is one past the last byte
	Text       string
}

// Comments returns the comments of src in source order. The parser drops comments (a doc
// comment survives only as a declaration's Doc); the formatter and the language server need
// them where they were. It scans with the parser's own lexer, so a `//` inside a string is not
// a comment here either.
func Comments(src string) []Comment {
	s := newScanner("", src, nil)
	var out []Comment
	prevEnd := 0
	for {
		t := s.scan()
		out = appendGapComments(out, src, prevEnd, t.Pos.Offset)
		if t.Type == tEOF {
			return out
		}
		prevEnd = t.end()
	}
}

// appendGapComments appends the comments of src[from:to], a stretch between two tokens that
// holds only blanks and comments.
func appendGapComments(out []Comment, src string, from, to int) []Comment {
	for i := from; i < to; {
		switch c := src[i]; {
		case c == '#' || c == '/' && i+1 < to && src[i+1] == '/':
			j := i
			for j < to && src[j] != '\n' {
				j++
			}
			out = append(out, Comment{Start: i, End: j, Text: src[i:j]})
			i = j
		case c == '/' && i+1 < to && src[i+1] == '*':
			j := i + 2
			for j+1 < to && !(src[j] == '*' && src[j+1] == '/') {
				j++
			}
			j = min(j+2, to)
			out = append(out, Comment{Start: i, End: j, Text: src[i:j]})
			i = j
		default:
			i++
		}
	}
	return out
}
