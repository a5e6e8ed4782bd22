package rt

import "unicode/utf8"

// charCut is how many of data's first bytes `conn.read(n)` (n > 0) gives, so that a read never
// ends inside a UTF-8 character:
//
//   - at most n bytes, cut before a character that the n bytes would split (the rest stays
//     buffered for the next read);
//   - when the first character alone is longer than n, that whole character (at most
//     n+utf8.UTFMax-1 bytes);
//   - 0 when data is only the start of one character and more must be read first, unless the
//     stream has ended (atEOF): then the dangling bytes are given as they are.
//
// Bytes that cannot become part of a valid character count as one character each and are
// given as they are, as read_line gives them; so invalid input never makes a read wait.
func charCut(data []byte, n int, atEOF bool) int {
	cut := min(n, len(data))
	// A character that the cut splits has fewer than utf8.UTFMax bytes before the cut, so it
	// starts in the last utf8.UTFMax-1 of them; a non-continuation byte always starts one.
	for i := cut - 1; i >= max(0, cut-(utf8.UTFMax-1)); i-- {
		if !utf8.RuneStart(data[i]) {
			continue
		}
		if !utf8.FullRune(data[i:]) { // the data ends inside this character
			switch {
			case i > 0:
				return i
			case atEOF:
				return len(data)
			default:
				return 0
			}
		}
		_, size := utf8.DecodeRune(data[i:])
		switch {
		case i+size <= cut:
			return cut
		case i > 0:
			return i
		default:
			return size
		}
	}
	return cut
}
