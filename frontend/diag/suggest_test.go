package diag

import "testing"

func TestClosest(t *testing.T) {
	for _, c := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"balanse", []string{"owner", "balance"}, "balance"},
		{"lenght", []string{"length", "push"}, "length"},
		{"pritn", []string{"print", "println", "eprint"}, "print"},
		{"x", []string{"y"}, "y"},
		{"xyz", []string{"abc"}, ""},
		{"count", []string{"count"}, ""},
	} {
		if got := Closest(c.name, c.cands); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
