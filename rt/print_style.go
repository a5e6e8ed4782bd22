package rt

import (
	"strconv"
	"strings"
)

// PrintStyle is print's options object (EVERYDAY.md §4): Sep joins the values, End ends the
// line, and the styles wrap both in ANSI escapes. The lowerer fills the fields the program gave;
// HasSep and HasEnd say whether Sep and End were given, since "" is a value of its own.
type PrintStyle struct {
	Sep, End                string
	HasSep, HasEnd          bool
	Color, Background       string // "#RRGGBB", or "" for none
	Bold, Italic, Underline bool
}

// PrintStyled is print(a, b, …, {options}), or eprint when stderr is true. A style writes ESC[codes m,
// the values, End, then ESC[0m; pos places the error of a color that is not #RRGGBB.
func PrintStyled(s PrintStyle, stderr bool, pos string, args ...any) {
	sep, end := " ", "\n"
	if s.HasSep {
		sep = s.Sep
	}
	if s.HasEnd {
		end = s.End
	}
	var b strings.Builder
	codes := s.ansiCodes(pos)
	if codes != "" {
		b.WriteString("\x1b[" + codes + "m")
	}
	for i, a := range args {
		if i > 0 {
			b.WriteString(sep)
		}
		Format(&b, a, false)
	}
	b.WriteString(end)
	if codes != "" {
		b.WriteString("\x1b[0m")
	}
	if stderr {
		stdio.eprint(b.String())
	} else {
		stdio.print(b.String())
	}
}

// ansiCodes are the SGR codes of the style, in the order bold, italic, underline, color,
// background; "" for none.
func (s PrintStyle) ansiCodes(pos string) string {
	var codes []string
	if s.Bold {
		codes = append(codes, "1")
	}
	if s.Italic {
		codes = append(codes, "3")
	}
	if s.Underline {
		codes = append(codes, "4")
	}
	if s.Color != "" {
		codes = append(codes, "38;2;"+rgbCodes(s.Color, "color", pos))
	}
	if s.Background != "" {
		codes = append(codes, "48;2;"+rgbCodes(s.Background, "background", pos))
	}
	return strings.Join(codes, ";")
}

// rgbCodes is "R;G;B" of a color written #RRGGBB.
func rgbCodes(color, option, pos string) string {
	n, err := strconv.ParseUint(strings.TrimPrefix(color, "#"), 16, 32)
	if len(color) != 7 || color[0] != '#' || err != nil {
		Fail(pos, "the print option "+option+" needs a color written #RRGGBB, found "+strconv.Quote(color))
	}
	return strconv.Itoa(int(n>>16)) + ";" + strconv.Itoa(int(n>>8&0xff)) + ";" + strconv.Itoa(int(n&0xff))
}
