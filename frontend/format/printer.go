package format

import (
	"fmt"
	"sort"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
)

const indentUnit = "    "

// printer writes the canonical text of one file. Line-level constructs (items, statements,
// fields, variants, match arms, the elements of a literal written over several lines) go
// through lineItems, which places the comments before them and after them on their line.
type printer struct {
	src        string
	base       source.Pos
	lineStarts []int

	out         []byte
	indent      int
	atLineStart bool // an indentation is owed before the next text

	comments []syntax.Comment
	next     int // the first comment not yet written
	lastLine int // source line of the last thing written at line level (0: none yet)
	// trailLimit, when set, is the offset of the bracket that closes the list being written:
	// a comment after it belongs to the line of the whole construct.
	trailLimit int

	err error
}

func newPrinter(file *source.File) *printer {
	src := string(file.Src)
	p := &printer{src: src, base: file.Base, comments: syntax.Comments(src)}
	p.lineStarts = append(p.lineStarts, 0)
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			p.lineStarts = append(p.lineStarts, i+1)
		}
	}
	return p
}

func (p *printer) bytes() []byte {
	out := strings.TrimRight(string(p.out), "\n ")
	if out == "" {
		return nil
	}
	return []byte(out + "\n")
}

func (p *printer) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("format: "+format, args...)
	}
}

func (p *printer) off(pos source.Pos) int { return int(pos - p.base) }

// text is the source of a node, as written.
func (p *printer) text(n ast.Node) string {
	s, e := p.off(n.Pos()), p.off(n.EndPos())
	if s < 0 || e > len(p.src) || s > e {
		p.fail("a %T has no source range", n)
		return ""
	}
	return p.src[s:e]
}

// line is the 1-based source line of a byte offset.
func (p *printer) line(off int) int {
	return sort.Search(len(p.lineStarts), func(i int) bool { return p.lineStarts[i] > off })
}

func (p *printer) lineOf(pos source.Pos) int { return p.line(p.off(pos)) }

// oneLine reports whether the source of n lies on one line and holds no comment: such a
// construct is printed on one line.
func (p *printer) oneLine(n ast.Node) bool {
	s, e := p.off(n.Pos()), p.off(n.EndPos())
	if p.line(s) != p.line(max(s, e-1)) {
		return false
	}
	return !p.hasCommentIn(s, e)
}

func (p *printer) hasCommentIn(s, e int) bool {
	i := sort.Search(len(p.comments), func(i int) bool { return p.comments[i].Start >= s })
	return i < len(p.comments) && p.comments[i].Start < e
}

func (p *printer) write(s string) {
	if s == "" {
		return
	}
	if p.atLineStart {
		for i := 0; i < p.indent; i++ {
			p.out = append(p.out, indentUnit...)
		}
		p.atLineStart = false
	}
	p.out = append(p.out, s...)
}

func (p *printer) newline() {
	p.out = append(p.out, '\n')
	p.atLineStart = true
}

// blankLine ends the current line and leaves one empty line, unless nothing was written yet.
func (p *printer) blankLine() {
	if len(p.out) == 0 {
		return
	}
	if !p.atLineStart {
		p.newline()
	}
	if n := len(p.out); n >= 2 && p.out[n-2] == '\n' {
		return // already blank
	}
	p.newline()
}

// startLine begins a new line for a line-level construct whose source starts on line.
func (p *printer) startLine(line int) {
	if len(p.out) == 0 {
		return
	}
	if p.lastLine > 0 && line > p.lastLine+1 {
		p.blankLine()
		return
	}
	if !p.atLineStart {
		p.newline()
	}
}

// commentsBefore writes the comments that start before off: on the line of what was written
// last if they were on its source line, each on its own line otherwise.
func (p *printer) commentsBefore(off int) {
	for p.next < len(p.comments) && p.comments[p.next].Start < off {
		c := p.comments[p.next]
		p.next++
		text := strings.TrimRight(c.Text, " \t\r")
		if line := p.line(c.Start); line == p.lastLine && !p.atLineStart && len(p.out) > 0 {
			p.write(" " + text)
		} else {
			p.startLine(line)
			p.write(text)
		}
		p.lastLine = p.line(max(c.Start, c.End-1))
		if strings.HasPrefix(text, "//") || strings.HasPrefix(text, "#") {
			p.newline()
		}
	}
}

// lineItem writes one line-level construct: the comments before it, the construct on a line
// of its own, and the comments after it on its source line (also those inside it that a
// one-line layout had no place for).
func (p *printer) lineItem(n ast.Node, write func()) {
	p.commentsBefore(p.off(n.Pos()))
	p.startLine(p.lineOf(n.Pos()))
	p.lastLine = p.lineOf(n.Pos())
	write()
	p.lastLine = p.line(max(p.off(n.Pos()), p.off(n.EndPos())-1))
	p.trailingComments(p.off(n.EndPos()))
}

// trailingComments writes the comments that start before the end of the current source line
// after off, on the current output line.
func (p *printer) trailingComments(off int) {
	end := len(p.src)
	if l := p.line(max(off-1, 0)); l < len(p.lineStarts) {
		end = p.lineStarts[l]
	}
	if p.trailLimit > 0 {
		end = min(end, p.trailLimit)
	}
	for p.next < len(p.comments) && p.comments[p.next].Start < end {
		p.commentsBefore(p.comments[p.next].Start + 1)
	}
}

// closeBlock writes the comments left before a closing bracket at off, then ends the line.
func (p *printer) closeBlock(off int) {
	p.commentsBefore(off)
	if !p.atLineStart {
		p.newline()
	}
}

// opened records that a bracket opened at pos (source line) was written: a blank line after it
// is not kept.
func (p *printer) opened(pos source.Pos) { p.lastLine = p.lineOf(pos) }
