package emitgo

import (
	"fmt"
	"go/format"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"adesh2go/lower/ir"
)

// In a split program no part's source holds an AdeshLang line number, so that a line added
// or removed changes only the declaration it is in, not every declaration after it:
//   - a //line directive names a line relative to its declaration, in a file of the
//     declaration's own: `//line prog.adesh@Ξdescribe14:3` is the third line of describe14
//     (the first line of the declaration that has one is 1);
//   - a string holding a position (the "prog.adesh:940:5" of a run-time error, an await's
//     site) is a variable of the part's positions package, `lines3_.PΞdescribe14Ξ0`, named by
//     the declaration and its order in it;
//   - a case comment's position is written relative, as a directive's.
//
// The positions package, one per part, holds those variables with their absolute values and,
// in its init, gives rt each declaration's first line (rt.LineBases), from which rt turns a
// relative position of a Go stack frame back into the AdeshLang one. Only the positions
// packages change when lines move, and what they export does not: the parts that import them
// are not compiled again.

// linesName is the package name (and directory) of part k's positions.
func linesName(k int) string { return "lines" + strconv.Itoa(k) + "_" }

// posVar is a position string of a part, as a variable of its positions package.
type posVar struct {
	name  string
	value string // the Go string literal
}

// partPositions is what the rendering of some declarations of a part collected.
type partPositions struct {
	vars  []posVar
	bases map[string]int // a declaration's file (`prog.adesh@Ξdescribe14`) → its first line
}

// declPositions is the state of the declaration being built in a split program.
type declPositions struct {
	key   string         // names its files and variables: `Ξdescribe14`, `ΞfarFutureΞPoll`
	first map[string]int // AdeshLang file → the declaration's first line in it
	count int            // position variables made so far
}

// startDecl readies the emitter for the positions of one declaration.
func (e *emitter) startDecl(d ir.Decl) {
	if e.split == nil {
		return
	}
	p := &declPositions{first: map[string]int{}}
	switch d := d.(type) {
	case *ir.TypeDecl:
		p.key = e.declName(d.Name)
	case *ir.VarDecl:
		p.key = e.declName(d.Name)
	case *ir.Func:
		if d.Recv != nil {
			p.key = exported(recvType(d.Recv.Type).Name) + ExportMark + e.member(d.Name)
		} else {
			p.key = e.declName(d.Name)
		}
		see := func(l *ir.Line) {
			if l == nil {
				return
			}
			if f, ok := p.first[l.File]; !ok || l.Line < f {
				p.first[l.File] = l.Line
			}
		}
		see(d.Line)
		walkFunc(d.Body.Stmts, func(s ir.Stmt) { see(ir.LineOf(s)) }, func(ir.Expr) {})
	}
	e.declPos = p
}

// lineDirective is the //line directive of an AdeshLang position: as it is, or in a split
// program relative to the declaration being built.
func (e *emitter) lineDirective(l *ir.Line) jen.Code {
	return jen.Comment("//line " + e.linePosition(l))
}

// linePosition is the FILE:LINE of a directive.
func (e *emitter) linePosition(l *ir.Line) string {
	first, ok := 0, false
	if e.split != nil && e.declPos != nil {
		first, ok = e.declPos.first[l.File]
	}
	if !ok || l.Line < first { // absolute: right, only not kept when lines move
		file := l.File
		if e.absLines && !filepath.IsAbs(file) {
			if abs, err := filepath.Abs(file); err == nil {
				file = abs
			}
		}
		return directiveName(file) + ":" + strconv.Itoa(l.Line)
	}
	file := directiveName(l.File) + "@" + e.declPos.key
	e.pos.bases[file] = first
	return file + ":" + strconv.Itoa(l.Line-first+1)
}

// directiveName is a file's name as a //line directive can hold it: a name with a line break
// or another control character, which would end the comment, is written with Go's escapes.
func directiveName(name string) string {
	if !strings.ContainsFunc(name, unicode.IsControl) {
		return name
	}
	quoted := strconv.Quote(name)
	return quoted[1 : len(quoted)-1]
}

// isPositional reports whether a Go string literal may hold an AdeshLang position. A user's
// string that looks like one is moved to the positions package as well, which changes nothing
// but where its text is.
func isPositional(lit string) bool {
	return strings.HasPrefix(lit, `"`) && strings.Contains(lit, ".adesh:")
}

// literal builds a literal: in a split program a positional string is a variable of the part's
// positions package.
func (e *emitter) literal(text string) *jen.Statement {
	if e.split == nil || e.declPos == nil || !isPositional(text) {
		return jen.Op(text)
	}
	name := "P" + ExportMark + strings.TrimPrefix(e.declPos.key, ExportMark) + ExportMark + strconv.Itoa(e.declPos.count)
	e.declPos.count++
	e.pos.vars = append(e.pos.vars, posVar{name: name, value: text})
	p := e.split.linesPath(e.split.self)
	e.used[p] = true
	return jen.Qual(p, name)
}

// commentPosition matches an AdeshLang position in a comment: `sp.adesh:12`.
var commentPosition = regexp.MustCompile(`(\S+\.adesh):(\d+)`)

// comment is a case comment's text: in a split program, its positions relative to the
// declaration being built (a position in a file the declaration has no line of stays).
func (e *emitter) comment(text string) string {
	if e.split == nil || e.declPos == nil {
		return text
	}
	return commentPosition.ReplaceAllStringFunc(text, func(m string) string {
		sub := commentPosition.FindStringSubmatch(m)
		line, _ := strconv.Atoi(sub[2])
		// The comment names a file by its base name: it is relative only when that names one
		// file of the declaration's (and the line is not before its first).
		first, n := 0, 0
		for file, f := range e.declPos.first {
			if file == sub[1] || path.Base(file) == sub[1] {
				first = f
				n++
			}
		}
		if n != 1 || line < first {
			return m
		}
		return sub[1] + "@" + e.declPos.key + ":" + strconv.Itoa(line-first+1)
	})
}

// linesSource is the Go source of a part's positions package, or nil when it has none.
func linesSource(name, rtPath string, pos partPositions) ([]byte, error) {
	if len(pos.vars) == 0 && len(pos.bases) == 0 {
		return nil, nil
	}
	var b strings.Builder
	b.WriteString("// " + Header + "\n\n")
	b.WriteString("// Package " + name + " holds the AdeshLang positions of a part of the program, which\n")
	b.WriteString("// alone change when lines move (see adesh2go's emitgo/positions.go).\n")
	b.WriteString("package " + name + "\n\n")
	if len(pos.bases) > 0 {
		b.WriteString("import \"" + rtPath + "\"\n\n")
		b.WriteString("func init() {\n\trt.LineBases(map[string]int{\n")
		files := make([]string, 0, len(pos.bases))
		for f := range pos.bases {
			files = append(files, f)
		}
		sort.Strings(files)
		for _, f := range files {
			b.WriteString("\t\t" + strconv.Quote(f) + ": " + strconv.Itoa(pos.bases[f]) + ",\n")
		}
		b.WriteString("\t})\n}\n")
	}
	if len(pos.vars) > 0 {
		if len(pos.bases) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("var (\n")
		for _, v := range pos.vars {
			b.WriteString("\t" + v.name + " = " + v.value + "\n")
		}
		b.WriteString(")\n")
	}
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return nil, fmt.Errorf("internal error emitting Go: %v", err)
	}
	return src, nil
}
