package syntax

import "sort"

// Keywords lists the reserved words, sorted (for editors: completion and highlighting).
func Keywords() []string {
	out := make([]string, 0, len(keywords))
	for k := range keywords {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ContextualKeywords lists the words that are keywords only where the parser expects them
// (`class Point`, `extends`, `public`, `a and b`): names elsewhere, highlighted as keywords.
func ContextualKeywords() []string {
	return []string{"abstract", "and", "class", "extends", "finally", "implements", "interface", "move", "or",
		"override", "private", "protected", "public", "readonly", "static", "type"}
}

// IsName reports whether s can be declared as a name: a letter or `_`, then letters, digits
// and `_`, and not a keyword.
func IsName(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	_, kw := keywords[s]
	return !kw
}
