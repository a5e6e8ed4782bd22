package emitgo

import (
	"strconv"
	"unicode/utf8"

	"adesh2go/lower"
)

// printer writes Go source straight into a byte slice, laid out as gofmt lays it out: tabs for
// indentation, gofmt's spacing around binary operators (see binary.go), aligned struct fields,
// one-line empty function bodies. The IR says exactly what to print, so nothing is parsed back:
// the output is checked against go/format by the tests instead (see emit_test.go and the golden
// tests), which is what keeps the two in step.
type printer struct {
	out    []byte
	indent int
	rt     string          // import path of the runtime
	used   map[string]bool // import paths the printed code qualifies names with

	// The operator printed last and where it ended: a token that would fuse with it (`- -x`,
	// `a- -1`, `& &x`) gets a blank between, as gofmt's printer does.
	lastOp    string
	lastOpEnd int

	// parenLiterals: a header is being printed whose composite literals need parentheses.
	parenLiterals bool
}

func (p *printer) str(s string) { p.out = append(p.out, s...) }
func (p *printer) byte(b byte)  { p.out = append(p.out, b) }

// newline starts a line at the current indentation.
func (p *printer) newline() {
	p.out = append(p.out, '\n')
	for range p.indent {
		p.out = append(p.out, '\t')
	}
}

// op writes an operator token and remembers it for mayCombine.
func (p *printer) op(s string) {
	p.str(s)
	p.lastOp, p.lastOpEnd = s, len(p.out)
}

// separate writes a blank if the token about to be written, starting with next, would fuse
// with the operator written just before it.
func (p *printer) separate(next byte) {
	if p.lastOpEnd != len(p.out) || p.lastOpEnd == 0 {
		return
	}
	if mayCombine(p.lastOp, next) {
		p.byte(' ')
	}
}

// mayCombine is go/printer's rule: which operator, followed directly by which byte, would be
// read back as a different token.
func mayCombine(prev string, next byte) bool {
	switch prev {
	case "+":
		return next == '+'
	case "-":
		return next == '-'
	case "/":
		return next == '*'
	case "<":
		return next == '-' || next == '<'
	case "&":
		return next == '&' || next == '^'
	}
	return false
}

func (p *printer) lineDirective(l *lower.Line) {
	p.str("//line ")
	p.str(l.File)
	p.byte(':')
	p.out = strconv.AppendInt(p.out, int64(l.Line), 10)
}

// width is what gofmt's tabwriter counts a cell as: its characters.
func width(s string) int { return utf8.RuneCountInString(s) }
