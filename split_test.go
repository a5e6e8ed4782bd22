package adesh2go_test

import (
	"path/filepath"
	"sync"
	"testing"

	"adesh2go"
	"adesh2go/emitgo"
	"adesh2go/frontend"
)

// splitParts is how many packages TestRunSplit splits each program into.
const splitParts = 3

// TestRunSplit builds every program of TestRun split into about splitParts packages, however
// small (a large program is split so that an edit recompiles only what it touched, see
// emitgo/split.go), and runs each at 4 workers: it must print what it prints as one package.
// A name one part uses of another and that the split does not export, or a dependency the
// split misses, fails the build.
func TestRunSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	progs := allPrograms(t)
	dir := t.TempDir()
	files := map[string][]emitgo.File{}
	split := 0
	for _, p := range progs {
		prog := frontend.Load(p.entry)
		src, err := adesh2go.GoFiles(prog, adesh2go.EmitOptions{Parts: splitParts, PartsPath: progsPath(p.name)})
		if err != nil {
			t.Fatalf("%s: %v", p.entry, err)
		}
		if len(src) > 1 {
			split++
		}
		files[p.name] = src
	}
	if split < len(progs)*3/4 {
		t.Fatalf("only %d of %d programs were split", split, len(progs))
	}
	if err := writeOneBinaryModuleFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "programs")
	// The programs' own packages are compiled without optimisation: what this test checks (the
	// names and imports between the parts, the positions) does not depend on it, TestRun runs
	// the optimised code, and it makes this build about a quarter shorter on a cold cache.
	goCmd(t, dir, "build", "-trimpath", "-gcflags="+adesh2go.ModulePath+"/progs/...=-N -l", "-o", exe, "./cmd/programs")
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for _, p := range progs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			runOne(t, exe, p, "4", false)
		}()
	}
	wg.Wait()
}
