package rt

import "unicode"

// Methods of AdeshLang's char, as functions (Char is defined in core.go).

// CharIsDigit reports whether c is an ASCII decimal digit.
func CharIsDigit(c Char) bool { return c >= '0' && c <= '9' }

// CharIsAlpha reports whether c is a letter.
func CharIsAlpha(c Char) bool { return unicode.IsLetter(rune(c)) }

// CharIsAlphanumeric reports whether c is a letter or a number.
func CharIsAlphanumeric(c Char) bool {
	return unicode.IsLetter(rune(c)) || unicode.IsNumber(rune(c))
}

// CharIsWhitespace reports whether c is white space.
func CharIsWhitespace(c Char) bool { return unicode.IsSpace(rune(c)) }

// CharIsUpper reports whether c is an upper-case letter.
func CharIsUpper(c Char) bool { return unicode.IsUpper(rune(c)) }

// CharIsLower reports whether c is a lower-case letter.
func CharIsLower(c Char) bool { return unicode.IsLower(rune(c)) }

// CharToUpper maps c to upper case.
func CharToUpper(c Char) Char { return Char(unicode.ToUpper(rune(c))) }

// CharToLower maps c to lower case.
func CharToLower(c Char) Char { return Char(unicode.ToLower(rune(c))) }
