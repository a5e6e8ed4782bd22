package adesh2go_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeTwins is the differential test against Node.js (LANGUAGE.md §8: callbacks in
// JavaScript's order). A run program testdata/run/NAME.adesh with a twin NAME.js, the same program
// written in JavaScript, must print what Node prints: TestRun checks the AdeshLang program's
// output against NAME.out at 1 and 4 workers, and this test checks Node's against the same file.
// Where node is not installed the twins are not run.
func TestNodeTwins(t *testing.T) {
	twins, _ := filepath.Glob("testdata/run/*.js")
	if len(twins) == 0 {
		t.Fatal("no .js twins in testdata/run")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("node is not installed: the %d JavaScript twins in testdata/run are not compared", len(twins))
	}
	for _, js := range twins {
		base := strings.TrimSuffix(js, ".js")
		t.Run(filepath.Base(base), func(t *testing.T) {
			if _, err := os.Stat(base + ".adesh"); err != nil {
				t.Fatalf("%s has no AdeshLang twin %s.adesh", js, base)
			}
			want, err := os.ReadFile(base + ".out")
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(node, js)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			runErr := cmd.Run()
			_, failing := os.Stat(base + ".stderr")
			if (failing == nil) != (runErr != nil) {
				t.Errorf("node %s: exit error %v, but the AdeshLang twin fails: %v\n%s", js, runErr, failing == nil, stderr.String())
			}
			if got := stdout.String(); got != string(want) {
				t.Errorf("node %s printed\n%s\nwhere the AdeshLang twin prints (%s.out)\n%s", js, got, base, want)
			}
		})
	}
}
