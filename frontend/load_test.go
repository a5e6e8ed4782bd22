package frontend

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// A source that is not a regular file (a FIFO, which would block the compiler forever, a
// device that never ends) or is larger than MaxSourceSize is refused with a diagnostic, as an
// import too.
func TestOnlyRegularFilesAreRead(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.adesh")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.adesh")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.adesh")
	if err := os.WriteFile(big, make([]byte, MaxSourceSize+1), 0o600); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "main.adesh")
	text := "import \"fifo.adesh\";\nimport \"zero.adesh\";\nimport \"big.adesh\";\nprint(1);\n"
	if err := os.WriteFile(main, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	p := Load(main)
	var b strings.Builder
	p.Diags.WriteText(&b)
	for _, want := range []string{`cannot import "fifo.adesh": not a regular file`, `cannot import "zero.adesh": not a regular file`, `cannot import "big.adesh": larger than 64 MiB`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the diagnostics do not say %q:\n%s", want, b.String())
		}
	}
	if p := Load(fifo); !strings.Contains(p.Diags.Items[0].Message, "not a regular file") {
		t.Errorf("a FIFO as the entry: %v", p.Diags.Items)
	}
}

// An absolute import path names that file, not one under the importer's folder.
func TestAbsoluteImport(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib", "util.adesh")
	if err := os.MkdirAll(filepath.Dir(lib), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lib, []byte("export fn twice(x: i64): i64 { return x * 2; }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "app", "main.adesh")
	if err := os.MkdirAll(filepath.Dir(main), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, []byte("import \""+filepath.ToSlash(lib)+"\" as util;\nprint(util.twice(2));\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p := Load(main)
	if p.Diags.HasErrors() {
		var b strings.Builder
		p.Diags.WriteText(&b)
		t.Fatalf("an absolute import is not found:\n%s", b.String())
	}
}
