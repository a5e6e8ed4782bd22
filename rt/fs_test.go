package rt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "note.txt")
	text := "line one\nline two: ünïcödé\n"
	if w := mustRun(t, 2, WriteFile(path, text)); !w.IsOk {
		t.Fatalf("write_file failed: %s", w.Err.Message)
	}
	r := mustRun(t, 2, ReadFile(path))
	if !r.IsOk || r.Val != text {
		t.Fatalf("read_file gave %+v", r)
	}
	missing := mustRun(t, 1, ReadFile(filepath.Join(t.TempDir(), "missing.txt")))
	if missing.IsOk || !strings.HasSuffix(missing.Err.Message, "missing.txt: no such file or directory") {
		t.Fatalf("reading a missing file gave %+v", missing)
	}
	bad := mustRun(t, 1, WriteFile(filepath.Join(path, "under-a-file"), "x"))
	if bad.IsOk || !strings.HasSuffix(bad.Err.Message, "not a directory") {
		t.Fatalf("writing under a file gave %+v", bad)
	}
}

func TestArgsAndEnv(t *testing.T) {
	old := os.Args
	defer func() { os.Args = old }()
	os.Args = []string{"prog", "a", "b c"}
	if got := Args(); len(got) != 2 || got[0] != "a" || got[1] != "b c" {
		t.Fatalf("Args() = %q", got)
	}
	os.Args = []string{"prog"}
	if got := Args(); got == nil || len(got) != 0 {
		t.Fatalf("Args() without arguments = %#v, want an empty array", got)
	}
	t.Setenv("ADESH_TEST_VAR", "set")
	if Env("ADESH_TEST_VAR") != Some("set") || Env("ADESH_TEST_UNSET_VAR").Some {
		t.Fatalf("Env gave %v / %v", Env("ADESH_TEST_VAR"), Env("ADESH_TEST_UNSET_VAR"))
	}
}
