package main

import (
	"os"
	"strings"
	"testing"
)

func TestFmtFlags(t *testing.T) {
	dir := t.TempDir()
	messy := "fn  add(a:i64,b:i64):i64{return a+b;} // sum\nprint(add(1,2));\n"
	want := "fn add(a: i64, b: i64): i64 { return a + b; } // sum\nprint(add(1, 2));\n"
	file := writeFile(t, dir, "m.adesh", messy)
	clean := writeFile(t, dir, "c.adesh", want)

	if out, errs, code := cli(t, "fmt", file); code != 0 || out != want {
		t.Fatalf("fmt: %q %q, status %d; want %q", out, errs, code, want)
	}
	if out, _, code := cli(t, "fmt", "-l", file, clean); code != 0 || out != file+"\n" {
		t.Fatalf("fmt -l: %q, status %d; want only %s", out, code, file)
	}
	out, _, code := cli(t, "fmt", "-d", file)
	if code != 0 || !strings.Contains(out, "-fn  add(a:i64") || !strings.Contains(out, "+fn add(a: i64") || !strings.Contains(out, "@@ -1,2 +1,2 @@") {
		t.Fatalf("fmt -d: status %d\n%s", code, out)
	}
	if _, _, code := cli(t, "fmt", "-w", file); code != 0 {
		t.Fatalf("fmt -w: status %d", code)
	}
	if got, _ := os.ReadFile(file); string(got) != want {
		t.Fatalf("fmt -w wrote %q, want %q", got, want)
	}

	bad := writeFile(t, dir, "bad.adesh", "let x = ;\n")
	_, errs, code := cli(t, "fmt", "-w", bad)
	if code != 1 || !strings.Contains(errs, "bad.adesh:1:9: error[E0600]: expected an expression") {
		t.Fatalf("fmt of a file with a syntax error: status %d, stderr %q", code, errs)
	}
	if got, _ := os.ReadFile(bad); string(got) != "let x = ;\n" {
		t.Fatalf("fmt -w changed a file with a syntax error: %q", got)
	}
}
