package lsp

import (
	"fmt"
	"strings"
	"testing"

	"adesh2go/frontend"
)

// bigProgram is a program of about n lines: functions with locals, branches and loops, and
// top-level code that calls them.
func bigProgram(n int) string {
	var b strings.Builder
	funcs := n / 8
	for i := 0; i < funcs; i++ {
		fmt.Fprintf(&b, "fn step%d(x: i64, words: [string]): i64 {\n", i)
		fmt.Fprintf(&b, "    let mut total = x * %d;\n", i+1)
		b.WriteString("    for w in words { total += w.len(); }\n")
		b.WriteString("    if total > 100 { return total - 1; }\n")
		fmt.Fprintf(&b, "    let label = f\"step {total} of %d\";\n", i)
		b.WriteString("    return total + label.len();\n")
		b.WriteString("}\n\n")
	}
	b.WriteString("let words = [\"a\", \"bb\"];\nlet mut sum = 0;\n")
	for i := 0; i < funcs; i++ {
		fmt.Fprintf(&b, "sum += step%d(%d, words);\n", i, i)
	}
	b.WriteString("print(sum);\n")
	return b.String()
}

// BenchmarkDiagnosticsAfterEdit measures the time from an edit of a 2,000-line file (sent as
// an incremental change) to the diagnostics the server publishes for it: one op is one edit
// and its diagnostics, through the protocol. The target is 200 ms.
func BenchmarkDiagnosticsAfterEdit(b *testing.B) {
	text := bigProgram(2000)
	if lines := strings.Count(text, "\n"); lines < 2000 {
		b.Fatalf("the program has %d lines", lines)
	}
	c := newClient(b)
	if d := c.open(text).Diagnostics; len(d) != 0 {
		b.Fatalf("the program has diagnostics: %+v", d[0])
	}
	// Each edit rewrites the multiplier of step0 (`x * 1;` on line 1): a change the checker
	// must redo the whole file for, as any edit.
	line := 1
	col := strings.Index(strings.Split(text, "\n")[line], "* 1;") + 2
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		digit := fmt.Sprint(i % 10)
		got := c.change(i+2, map[string]any{"range": rng{pos{line, col}, pos{line, col + 1}}, "text": digit})
		if len(got.Diagnostics) != 0 {
			b.Fatalf("diagnostics after an edit: %+v", got.Diagnostics[0])
		}
	}
}

// BenchmarkCheckAlone is the baseline of BenchmarkDiagnosticsAfterEdit: loading and checking
// the same file without the server (what `adesh2go check` does, less the reading).
func BenchmarkCheckAlone(b *testing.B) {
	text := []byte(bigProgram(2000))
	for i := 0; i < b.N; i++ {
		if p := frontend.LoadSource("big.adesh", text); p.Diags.HasErrors() {
			b.Fatal("the program has errors")
		}
	}
}
