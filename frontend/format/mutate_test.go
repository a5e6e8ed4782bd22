package format

import (
	"errors"
	"math/rand"
	"sort"
	"testing"
)

// TestMutatedCorpus formats broken and odd variants of the corpus programs (a few random
// deletions and insertions of tokens each, from a fixed seed): every variant that still parses
// must format to the same tree, with its comments, and idempotently. It found `0 .0` (a member
// of 0, not the float 0.0) and `spawn(x => y)`.
func TestMutatedCorpus(t *testing.T) {
	progs := corpus(t)
	names := make([]string, 0, len(progs))
	for n := range progs {
		names = append(names, n)
	}
	sort.Strings(names)
	pieces := []string{"{", "}", "(", ")", "[", "]", ",", ";", "\n", "/*", "*/", "//", "#", "\"", "'", "`",
		"f\"", "=>", "?", ":", "::", ".", "<", ">", "fn", "match", "if", "else", "let", " ", "async", "spawn", "..", "-", "&", "0"}
	rng := rand.New(rand.NewSource(16))
	n := 3000
	if testing.Short() {
		n = 300
	}
	formatted := 0
	for i := 0; i < n; i++ {
		src := append([]byte(nil), progs[names[rng.Intn(len(names))]]...)
		for k := rng.Intn(3) + 1; k > 0 && len(src) > 0; k-- {
			at := rng.Intn(len(src))
			if rng.Intn(3) == 0 {
				src = append(src[:at], src[min(len(src), at+rng.Intn(10)):]...)
			} else {
				src = append(src[:at], append([]byte(pieces[rng.Intn(len(pieces))]), src[at:]...)...)
			}
		}
		out, err := Source("m.adesh", src)
		var se *SyntaxError
		if errors.As(err, &se) {
			continue
		}
		if err != nil {
			t.Fatalf("%v\ninput:\n%s", err, src)
		}
		again, err := Source("m.adesh", out)
		if err != nil || string(again) != string(out) {
			t.Fatalf("formatting again: %v\ninput:\n%s\nformatted:\n%s\nagain:\n%s", err, src, out, again)
		}
		formatted++
	}
	t.Logf("%d of %d variants parsed and formatted", formatted, n)
}
