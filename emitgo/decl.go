package emitgo

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"adesh2go/lower/ir"
)

// decl builds one declaration with its doc comment and its //line directive, each comment a
// line of its own: a //line directive must start its line (go/printer keeps such a comment in
// column 1, and jennifer's raw output puts it there).
func (e *emitter) decl(d ir.Decl) jen.Code {
	e.binds = nil
	if e.split != nil {
		e.binds = declBindings(d)
	}
	e.startDecl(d)
	switch d := d.(type) {
	case *ir.TypeDecl:
		s := jen.Type().Id(e.declName(d.Name))
		if len(d.TypeParams) > 0 {
			s.Types(e.typeParams(d.TypeParams)...)
		}
		return withComments(docLines(d.Doc), s.Add(e.typ(d.Type)))
	case *ir.VarDecl:
		return e.varDecls([]ir.Decl{d})
	case *ir.Func:
		comments := docLines(d.Doc)
		if d.Line != nil && !e.noLine {
			if len(comments) > 0 {
				comments = append(comments, jen.Comment("//"))
			}
			comments = append(comments, e.lineDirective(d.Line))
		}
		s := jen.Func()
		if d.Recv != nil {
			s.Params(jen.Id(d.Recv.Name).Add(e.typ(d.Recv.Type)))
		}
		if d.Recv != nil {
			s.Id(e.member(d.Name))
		} else {
			s.Id(e.declName(d.Name))
		}
		if len(d.TypeParams) > 0 {
			s.Types(e.typeParams(d.TypeParams)...)
		}
		s.Params(e.params(d.Params)...)
		if len(d.Results) == 1 && d.ResultName != "" {
			s.Parens(jen.Id(d.ResultName).Add(e.typ(d.Results[0])))
		} else {
			s.Add(e.results(d.Results))
		}
		e.line = d.Line
		defer func() { e.line = nil }()
		return withComments(comments, s.Block(e.stmts(d.Body.Stmts)...))
	}
	panic(fmt.Sprintf("emitgo: unknown declaration %T", d))
}

// varDecls builds package variables (or constants): one `var x T = v`, or a run of them in one
// `var ( … )`.
func (e *emitter) varDecls(run []ir.Decl) jen.Code {
	e.binds, e.declPos = nil, nil // nothing of the declaration built before them
	specs := make([]jen.Code, len(run))
	for i, d := range run {
		v := d.(*ir.VarDecl)
		s := jen.Id(e.declName(v.Name))
		if v.Type != nil {
			s.Add(e.typ(v.Type))
		}
		if v.Value != nil {
			s.Op("=").Add(e.expr(v.Value))
		}
		specs[i] = s
	}
	kw := jen.Var()
	if run[0].(*ir.VarDecl).Const {
		kw = jen.Const()
	}
	if len(specs) == 1 {
		return kw.Add(specs[0])
	}
	return kw.Defs(specs...)
}

func withComments(comments []jen.Code, s *jen.Statement) jen.Code {
	if len(comments) == 0 {
		return s
	}
	return jen.Custom(jen.Options{Separator: "\n"}, append(comments, s)...)
}

// docLines are the lines of a doc comment; go/format lays its paragraphs out as gofmt does.
func docLines(doc string) []jen.Code {
	if doc == "" {
		return nil
	}
	var lines []jen.Code
	for _, l := range strings.Split(strings.TrimSpace(goCommentText(doc)), "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "[") {
			// `[text]: url` is a link definition to gofmt, which moves it to the end of the
			// comment: keep the line where the author put it.
			l = strings.Replace(l, "]:", "] :", 1)
		}
		if l == "" {
			lines = append(lines, jen.Comment("//"))
		} else {
			lines = append(lines, jen.Comment("// "+l))
		}
	}
	return lines
}

// goCommentText makes text safe in a Go comment: Go source may not hold NUL, a byte order
// mark or invalid UTF-8, and gofmt would rewrite other control characters; each becomes U+FFFD
// (a carriage return is dropped).
func goCommentText(text string) string {
	return strings.Map(func(r rune) rune {
		if r == '\r' {
			return -1 // of a CRLF line end
		}
		if r == utf8.RuneError || r == '\uFEFF' || r == 0x7f || r < ' ' && r != '\t' && r != '\n' {
			return utf8.RuneError
		}
		return r
	}, text)
}
