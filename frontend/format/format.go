// Package format prints AdeshLang source in one canonical layout: what `adesh2go fmt` writes
// and what the language server's formatting request returns.
//
// The layout: four spaces of indentation, one statement, declaration, field, variant or match
// arm per line, single spaces around binary operators, at most one blank line where the source
// had any, and comments kept where they were (a comment inside a one-line expression moves to
// the end of its statement). A construct written on one line (a block, a literal, a match)
// stays on one line; one written over several lines puts each element on its own line. Names,
// literals and templates are copied as written (`this` stays `this`, `0xff` stays `0xff`).
//
// Formatting is safe: a file with syntax errors is refused, and the result is parsed again and
// compared with the original tree (positions aside) and comments; a difference is an error,
// never a silent change of meaning. A node kind the printer has no layout for is an error too
// (the layouts are a table, layouts.go), so that new syntax shows what to add.
package format

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
)

// SyntaxError is returned for a file that does not parse: it is not formatted.
type SyntaxError struct {
	Diags *diag.List
}

func (e *SyntaxError) Error() string {
	var b strings.Builder
	e.Diags.WriteText(&b)
	return strings.TrimRight(b.String(), "\n")
}

// Source formats the AdeshLang file name holding src.
func Source(name string, src []byte) ([]byte, error) {
	fset := source.NewFileSet()
	file := fset.Add(name, name, src)
	diags := diag.NewList(fset)
	tree := syntax.ParseFile(file, diags)
	if diags.HasErrors() {
		return nil, &SyntaxError{Diags: diags}
	}
	out, err := File(file, tree)
	if err != nil {
		return nil, err
	}
	if err := verify(name, src, fset, tree, out); err != nil {
		return nil, err
	}
	return out, nil
}

// File formats a parsed file without syntax errors; file is its source.
func File(file *source.File, tree *ast.File) ([]byte, error) {
	p := newPrinter(file)
	p.file(tree)
	if p.err != nil {
		return nil, p.err
	}
	return p.bytes(), nil
}

// verify parses the formatted text again and checks that it gives the same tree as the
// original, positions aside, and the same comments in the same order.
func verify(name string, src []byte, fset *source.FileSet, tree *ast.File, out []byte) error {
	fset2 := source.NewFileSet()
	file2 := fset2.Add(name, name, out)
	diags2 := diag.NewList(fset2)
	tree2 := syntax.ParseFile(file2, diags2)
	if diags2.HasErrors() {
		return fmt.Errorf("%s: internal error: the formatted text does not parse (please report this):\n%v", name, (&SyntaxError{diags2}).Error())
	}
	if a, b := Outline(fset, tree), Outline(fset2, tree2); a != b {
		return fmt.Errorf("%s: internal error: the formatted program parses to a different tree (please report this):\n%s", name, firstDifference(a, b))
	}
	if a, b := commentTexts(string(src)), commentTexts(string(out)); a != b {
		return fmt.Errorf("%s: internal error: the formatter lost or changed a comment (please report this):\n%s", name, firstDifference(a, b))
	}
	return nil
}

var positionSuffix = regexp.MustCompile(` \d+:\d+$`)

// Outline is the tree as `adesh2go parse` prints it, without positions: two programs with the
// same outline are the same program.
func Outline(fset *source.FileSet, tree *ast.File) string {
	var b bytes.Buffer
	ast.Fprint(&b, fset, tree)
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = positionSuffix.ReplaceAllString(l, "")
	}
	return strings.Join(lines, "\n")
}

func commentTexts(src string) string {
	var b strings.Builder
	for _, c := range syntax.Comments(src) {
		b.WriteString(strings.TrimRight(c.Text, " \t\r"))
		b.WriteByte('\n')
	}
	return b.String()
}

func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: before %q, after %q", i+1, x, y)
		}
	}
	return ""
}
