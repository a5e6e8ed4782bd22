package syntax

// Lexeme is a token or a comment of a source file, classed as an editor colours it.
type Lexeme struct {
	Start, End int // byte offsets; End is one past the last byte
	Class      LexClass
}

// LexClass is what a lexeme is, for colouring.
type LexClass uint8

const (
	LexName    LexClass = iota // a name, or a contextual keyword (the parser decides which)
	LexKeyword                 // a reserved word, `true`, `false` and `null` among them
	LexString                  // a string, character, f-string or template literal, interpolations included
	LexNumber
	LexComment
	LexOther // operators and punctuation
)

// Lexemes returns the tokens and comments of src in source order, scanned as the parser scans
// (the language server's semantic tokens start from them).
func Lexemes(src string) []Lexeme {
	s := newScanner("", src, nil)
	var out []Lexeme
	prevEnd := 0
	for {
		t := s.scan()
		for _, c := range appendGapComments(nil, src, prevEnd, t.Pos.Offset) {
			out = append(out, Lexeme{c.Start, c.End, LexComment})
		}
		if t.Type == tEOF {
			return out
		}
		class := LexOther
		switch {
		case t.Type == tIdent:
			class = LexName
		case isKeyword(t.Type):
			class = LexKeyword
		case t.Type == tInt || t.Type == tFloat:
			class = LexNumber
		case t.Type == tString || t.Type == tChar || t.Type == tFString || t.Type == tTemplate:
			class = LexString
		}
		if t.Type != tInvalid {
			out = append(out, Lexeme{t.Pos.Offset, t.end(), class})
		}
		prevEnd = t.end()
	}
}
