package rt

import (
	"strings"
	"testing"
)

func TestLineOf(t *testing.T) {
	for pos, want := range map[string]string{
		"a.adesh:3:7":        "a.adesh:3",
		"a.adesh:3":          "a.adesh:3",
		"C:\\x\\a.adesh:3:7": "C:\\x\\a.adesh:3",
		"":                   "",
	} {
		if got := lineOf(pos); got != want {
			t.Errorf("lineOf(%q) = %q, want %q", pos, got, want)
		}
	}
}

func TestSelectTests(t *testing.T) {
	tests := []Test{{Name: "a"}, {Name: "G.b"}, {Name: "c"}}
	names := func(ts []Test) string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Name)
		}
		return strings.Join(out, " ")
	}
	if got := names(selectTests(tests)); got != "a G.b c" {
		t.Errorf("unset: %q", got)
	}
	t.Setenv(TestsEnv, "c\nG.b")
	if got := names(selectTests(tests)); got != "G.b c" {
		t.Errorf("c and G.b selected: %q, want them in declaration order", got)
	}
}
