package check

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTypesRecordedThroughTheChecker: the checker reads and records expression types only
// through typeOf and setType, which keep the silent pass's types in a side table. A direct
// TypeOf or SetType would read nothing, or write into the AST, while probing.
func TestTypesRecordedThroughTheChecker(t *testing.T) {
	direct := regexp.MustCompile(`\.(TypeOf\(\)|SetType\()`)
	// These run only on the final pass's tree (checkConcurrency, typeParamNeeds, settleTypes),
	// which holds the types; forgetChecks and the two accessors are in check.go.
	finalOnly := map[string]bool{"borrowcheck.go": true, "concurrency.go": true, "escape.go": true,
		"generic.go": true, "guardlive.go": true, "spawncheck.go": true, "settle.go": true, "threadcheck.go": true, "parallelcheck.go": true, "gocallback.go": true}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || finalOnly[f] {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if !direct.MatchString(line) {
				continue
			}
			if f == "check.go" && (strings.Contains(line, "return e.TypeOf()") || strings.Contains(line, "e.SetType(t)") || strings.Contains(line, "e.SetType(nil)")) {
				continue
			}
			t.Errorf("%s:%d: %s: use c.typeOf / c.setType", f, i+1, strings.TrimSpace(line))
		}
	}
}
