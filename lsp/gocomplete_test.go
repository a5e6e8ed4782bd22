package lsp

import (
	"strings"
	"testing"
)

// TestGoPackageCompletion: after `strings.` the language server lists the Go package's exported
// names (and no unexported one) with their Go declarations; hover on the package's name says
// which package it is, hover on a Go function shows its declaration, and definition answers
// the line of Go's source that declares it.
func TestGoPackageCompletion(t *testing.T) {
	c := newClient(t)
	program := "import \"go:strings\";\nprint(strings.ToUpper(\"a\"));\n"
	c.open(program)
	if h := hoverText(t, c, program, "strings.ToUpper", 0); !strings.Contains(h, `(Go package) strings "strings"`) {
		t.Errorf("hover on strings: %q", h)
	}
	if h := hoverText(t, c, program, "ToUpper", 0); !strings.Contains(h, "func ToUpper(s string) string") {
		t.Errorf("hover on ToUpper: %q", h)
	}
	var locs []struct {
		URI   string `json:"uri"`
		Range rng    `json:"range"`
	}
	c.call("textDocument/definition", c.at(program, "ToUpper", 0), &locs)
	if len(locs) != 1 || !strings.HasSuffix(locs[0].URI, "/strings/strings.go") || locs[0].Range.Start.Line == 0 {
		t.Errorf("definition of ToUpper: %+v, want a line of strings/strings.go", locs)
	}
	end := pos{2, 0}
	c.change(2, map[string]any{"range": rng{end, end}, "text": "strings.Re"})
	text := program + "strings.Re"
	var list struct {
		Items []struct {
			Label  string `json:"label"`
			Detail string `json:"detail"`
		} `json:"items"`
	}
	c.call("textDocument/completion", c.at(text, "\nstrings.Re", 11), &list)
	details := map[string]string{}
	for _, it := range list.Items {
		details[it.Label] = it.Detail
	}
	if details["Repeat"] != "func Repeat(s string, count int) string" || details["Replace"] == "" {
		t.Errorf("after `strings.Re`: %v, want Repeat with its Go signature, and Replace", details)
	}
	for label := range details {
		if !strings.HasPrefix(label, "Re") {
			t.Errorf("after `strings.Re`: %q does not start with Re", label)
		}
	}
}
