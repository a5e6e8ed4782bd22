package adesh2go_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A file name with a line break or a terminal's escape code goes into the Go source escaped (a
// //line directive with a line break in it ended the comment: "internal error emitting Go").
func TestFileNamesAreEscapedInGo(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no such file names")
	}
	entry := filepath.Join(t.TempDir(), "we\x1b[31mird\nname.adesh")
	if err := os.WriteFile(entry, []byte("print(\"hi\");\nlet x: i64 = 1;\nprint(x);\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	src := compileProgram(t, program{entry: entry})
	if _, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.ParseComments); err != nil {
		t.Fatalf("the Go does not parse: %v", err)
	}
}
