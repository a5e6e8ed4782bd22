package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"adesh2go/frontend/source"
)

// maxShownLine bounds how much of a source line is echoed under a diagnostic: a 1 MB line is cut
// to a window around the column.
const maxShownLine = 160

// WriteText renders every diagnostic as
//
//	file.adesh:12:9: error[E0701]: message
//	    let g = m.lock();
//	        ^^^^^^^^
//	file.adesh:14:5: note: await here while the guard is held
//	help: drop the guard in an inner block before the await
func (l *List) WriteText(w io.Writer) {
	for i := range l.Items {
		l.writeOne(w, &l.Items[i])
	}
	if l.dropped > 0 {
		fmt.Fprintf(w, "error: %d more errors not shown\n", l.dropped)
	}
}

func (l *List) writeOne(w io.Writer, d *Diagnostic) {
	head := d.Severity.String()
	if d.Code != "" {
		head += "[" + d.Code + "]"
	}
	where := l.where(d.Pos)
	if d.File != "" && d.Pos == source.NoPos {
		where = d.File
	}
	fmt.Fprintf(w, "%s: %s: %s\n", Printable(where), head, Printable(d.Message))
	l.writeSnippet(w, d.Pos, d.End)
	for _, n := range d.Notes {
		fmt.Fprintf(w, "%s: note: %s\n", Printable(l.where(n.Pos)), Printable(n.Message))
		l.writeSnippet(w, n.Pos, source.NoPos)
	}
	if d.Help != "" {
		fmt.Fprintf(w, "help: %s\n", Printable(d.Help))
	}
}

func (l *List) where(p source.Pos) string {
	pos := l.Files.Position(p)
	if pos.File == nil {
		return "<unknown>"
	}
	return fmt.Sprintf("%s:%d:%d", pos.File.Name, pos.Line, pos.Col)
}

// writeSnippet prints the source line of pos and a caret under it, as wide as the range to end
// when end is on the same line.
func (l *List) writeSnippet(w io.Writer, pos, end source.Pos) {
	p := l.Files.Position(pos)
	if p.File == nil {
		return
	}
	line := p.File.Line(p.Line)
	if !utf8.ValidString(line) {
		line = strings.ToValidUTF8(line, "\uFFFD")
	}
	runes := []rune(line)
	col := p.Col - 1
	if col > len(runes) {
		col = len(runes)
	}
	width := 1
	if end.IsValid() && end > pos {
		e := l.Files.Position(end)
		if e.File == p.File && e.Line == p.Line && e.Col > p.Col {
			width = e.Col - p.Col
		}
	}
	// Cut a long line to a window around the caret.
	start := 0
	if len(runes) > maxShownLine {
		start = max(0, col-maxShownLine/2)
		stop := min(len(runes), start+maxShownLine)
		runes = runes[start:stop]
		col -= start
	}
	width = max(1, min(width, len(runes)-col))
	var shown, pad strings.Builder
	for i, r := range runes {
		text := printableRune(r)
		shown.WriteString(text)
		switch {
		case i >= col:
		case r == '\t':
			pad.WriteByte('\t')
		default:
			pad.WriteString(strings.Repeat(" ", utf8.RuneCountInString(text)))
		}
	}
	prefix := ""
	if start > 0 {
		prefix = "..."
		pad.WriteString("   ")
	}
	fmt.Fprintf(w, "%s%s\n%s%s\n", prefix, shown.String(), pad.String(), strings.Repeat("^", width))
}

// Printable is s with its control characters (a terminal's escape codes among them, which a
// source line may hold) written as escapes, \x1b, so that printing a diagnostic cannot drive
// the terminal it is printed on. A tab stays a tab.
func Printable(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteString(printableRune(r))
	}
	return b.String()
}

func isControl(r rune) bool { return r != '\t' && (r < 0x20 || 0x7f <= r && r < 0xa0) }

func printableRune(r rune) string {
	if !isControl(r) {
		return string(r)
	}
	return fmt.Sprintf("\\x%02x", r)
}

// jsonDiag is the wire form of --format json: one object per line.
type jsonDiag struct {
	File     string     `json:"file"`
	Line     int        `json:"line"`
	Col      int        `json:"col"`
	End      *jsonPos   `json:"end,omitempty"`
	Severity string     `json:"severity"`
	Code     string     `json:"code"`
	Message  string     `json:"message"`
	Notes    []jsonNote `json:"notes"`
	Help     string     `json:"help,omitempty"`
}

type jsonPos struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

type jsonNote struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// WriteJSON renders every diagnostic as one JSON object per line.
func (l *List) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, d := range l.Items {
		p := l.Files.Position(d.Pos)
		j := jsonDiag{Line: p.Line, Col: p.Col, Severity: d.Severity.String(), Code: d.Code, Message: d.Message, Help: d.Help, Notes: []jsonNote{}}
		if d.File != "" {
			j.File = d.File
		}
		if p.File != nil {
			j.File = p.File.Name
		}
		switch {
		case d.End.IsValid():
			e := l.Files.Position(d.End)
			j.End = &jsonPos{Line: e.Line, Col: e.Col}
		case d.Pos.IsValid():
			// A caret on one character: the range of that character, so that every diagnostic
			// with a position has a range.
			j.End = &jsonPos{Line: p.Line, Col: p.Col + 1}
		}
		for _, n := range d.Notes {
			np := l.Files.Position(n.Pos)
			jn := jsonNote{Line: np.Line, Col: np.Col, Message: n.Message}
			if np.File != nil {
				jn.File = np.File.Name
			}
			j.Notes = append(j.Notes, jn)
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return nil
}
