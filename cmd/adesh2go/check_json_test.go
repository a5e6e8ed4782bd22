package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jsonDiagnostic is what `check --format json` prints, one object per line.
type jsonDiagnostic struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	End  *struct {
		Line int `json:"line"`
		Col  int `json:"col"`
	} `json:"end"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Notes    []struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Col     int    `json:"col"`
		Message string `json:"message"`
	} `json:"notes"`
	Help string `json:"help"`
}

func decodeDiagnostics(t *testing.T, out string) []jsonDiagnostic {
	t.Helper()
	var ds []jsonDiagnostic
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var d jsonDiagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("not JSON: %q: %v", line, err)
		}
		ds = append(ds, d)
	}
	return ds
}

// The concurrency diagnostics carry their notes ("guard acquired here", "await here while the
// guard is held", "spawned here") and their help as fields of their own.
func TestCheckJSONNotesAndHelp(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "fail", "e0701_closure.adesh")
	out, _, code := cli(t, "check", "--format", "json", file)
	if code != 1 {
		t.Fatalf("exit status %d, want 1; output:\n%s", code, out)
	}
	ds := decodeDiagnostics(t, out)
	if len(ds) != 2 {
		t.Fatalf("got %d diagnostics, want 2:\n%s", len(ds), out)
	}
	w, e := ds[0], ds[1]
	if w.Code != "W0707" || w.Severity != "warning" || w.Line != 4 {
		t.Errorf("first: %s %s on line %d, want the W0707 warning on line 4", w.Severity, w.Code, w.Line)
	}
	if len(w.Notes) != 1 || w.Notes[0].Line != 10 || w.Notes[0].Message != "await here while the guard is held" {
		t.Errorf("W0707 notes: %+v", w.Notes)
	}
	if e.Code != "E0701" || e.Severity != "error" || e.Line != 8 || e.Col != 9 {
		t.Errorf("second: %s %s at %d:%d, want the E0701 error at 8:9", e.Severity, e.Code, e.Line, e.Col)
	}
	want := []struct {
		line int
		msg  string
	}{
		{6, "`bump` is captured here"},
		{5, "`g` is captured here"},
		{4, "guard `g` acquired here"},
		{7, "spawned here"},
	}
	if len(e.Notes) != len(want) {
		t.Fatalf("E0701 notes: %+v", e.Notes)
	}
	for i, n := range e.Notes {
		if n.Line != want[i].line || n.Message != want[i].msg || !strings.HasSuffix(n.File, "e0701_closure.adesh") {
			t.Errorf("note %d: %s:%d %q, want line %d %q", i, n.File, n.Line, n.Message, want[i].line, want[i].msg)
		}
	}
	if !strings.Contains(e.Help, "capture only Send values") || !strings.Contains(w.Help, "release the guard") {
		t.Errorf("help: %q / %q", e.Help, w.Help)
	}
}

// Every diagnostic has a code and a range, syntax errors and errors with one caret included.
func TestCheckJSONSyntaxErrorsHaveCodeAndRange(t *testing.T) {
	file := filepath.Join(t.TempDir(), "syntax.adesh")
	if err := os.WriteFile(file, []byte("let x = [1, 2;\nprint(x)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := cli(t, "check", "--format", "json", file)
	if code != 1 {
		t.Fatalf("exit status %d, want 1; output:\n%s", code, out)
	}
	ds := decodeDiagnostics(t, out)
	if len(ds) != 2 {
		t.Fatalf("got %d diagnostics, want 2:\n%s", len(ds), out)
	}
	for _, d := range ds {
		if d.Code != "E0600" {
			t.Errorf("%d:%d %q has code %q, want E0600", d.Line, d.Col, d.Message, d.Code)
		}
		if d.End == nil || d.End.Line != d.Line || d.End.Col <= d.Col {
			t.Errorf("%d:%d %q has no range after it: end %+v", d.Line, d.Col, d.Message, d.End)
		}
	}
}
