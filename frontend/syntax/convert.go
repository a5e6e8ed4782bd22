package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
	"strings"

	"adesh2go/frontend/ast"
)

// Conversion of participle's grammar structs into ast nodes. The hand-written productions
// already built ast nodes; here they are only put in place.

// span is the range of a grammar struct: from its first token to the end of its last.
func (p *parser) span(pos lexer.Position, toks []lexer.Token) ast.Span {
	start := p.at(pos.Offset)
	if len(toks) == 0 {
		return ast.Span{Start: start, End: start}
	}
	last := &toks[len(toks)-1]
	return ast.Span{Start: start, End: p.at(last.Pos.Offset + len(last.Value))}
}

func (p *parser) convertItem(it *itemG) ast.Node {
	docOff := it.Pos.Offset
	if d := it; d.Stmt == nil {
		switch {
		case d.Func != nil:
			f := p.convertFunc(d.Func, docOff)
			f.Export = it.Export
			f.Span.Start = p.at(it.Pos.Offset)
			return f
		case d.Struct != nil:
			s := p.convertStruct(d.Struct, docOff)
			s.Export = it.Export
			s.Span.Start = p.at(it.Pos.Offset)
			return s
		case d.Enum != nil:
			e := p.convertEnum(d.Enum, docOff)
			e.Export = it.Export
			e.Span.Start = p.at(it.Pos.Offset)
			return e
		case d.Extend != nil:
			p.exportNotAllowed(it, "an extend block")
			return p.convertExtend(d.Extend)
		case d.Import != nil:
			p.exportNotAllowed(it, "an import")
			return p.convertImport(d.Import)
		}
		return nil
	}
	if it.Stmt == nil {
		return nil
	}
	s := p.convertStmt(it.Stmt)
	if ds, ok := s.(*ast.DeclStmt); ok {
		// A declaration the hand-written parser made (a type alias, a record alias) is an item.
		switch d := ds.Decl.(type) {
		case *ast.TypeAliasDecl:
			d.Export = it.Export
			d.Span.Start = p.at(it.Pos.Offset)
			return d
		case *ast.StructDecl:
			d.Export = it.Export
			d.Span.Start = p.at(it.Pos.Offset)
			return d
		case *ast.TestDecl:
			d.Export = it.Export
			d.Span.Start = p.at(it.Pos.Offset)
			return d
		}
	}
	if it.Export {
		if l, ok := s.(*ast.LetStmt); ok {
			l.Export = true
			l.Span.Start = p.at(it.Pos.Offset)
		} else {
			p.exportNotAllowed(it, "this statement")
		}
	}
	return s
}

func (p *parser) exportNotAllowed(it *itemG, what string) {
	if it.Export {
		t := &it.Tokens[0]
		p.report(t.Pos.Offset, t.Pos.Offset+len(t.Value), "`export` cannot mark "+what+"; it applies to fn, struct, enum, let and const")
	}
}

func (p *parser) name(n nameNode) *ast.Ident {
	id, _ := n.(*ast.Ident)
	return id
}

func (p *parser) block(b blockNode) *ast.Block {
	blk, _ := b.(*ast.Block)
	return blk
}

func (p *parser) convertFunc(f *funcG, docOff int) *ast.FuncDecl {
	fd := &ast.FuncDecl{
		Span:       p.span(f.Pos, f.Tokens),
		Doc:        p.docs[docOff],
		Async:      f.Head.(*fnKeyword).Async,
		Name:       p.name(f.Name),
		TypeParams: p.convertTypeParams(f.TypeParams),
		Body:       p.block(f.Body),
	}
	if d, ok := p.docs[f.Pos.Offset]; ok && fd.Doc == "" {
		fd.Doc = d
	}
	if sig, ok := f.Sig.(*funcSignature); ok {
		fd.Params, fd.Ret = sig.Params, sig.Ret
	}
	return fd
}

func (p *parser) convertTypeParams(tps []*typeParamG) []*ast.TypeParam {
	var out []*ast.TypeParam
	for _, tp := range tps {
		out = append(out, &ast.TypeParam{Span: p.span(tp.Pos, tp.Tokens), Name: p.name(tp.Name), Bounds: tp.Bounds})
	}
	return out
}

func (p *parser) convertStruct(s *structG, docOff int) *ast.StructDecl {
	sd := &ast.StructDecl{
		Span:       p.span(s.Pos, s.Tokens),
		Doc:        p.docs[docOff],
		Name:       p.name(s.Name),
		TypeParams: p.convertTypeParams(s.TypeParams),
	}
	if m, ok := s.Body.(*structMembers); ok {
		sd.Fields, sd.Methods = m.Fields, m.Methods
	}
	return sd
}

func (p *parser) convertEnum(e *enumG, docOff int) *ast.EnumDecl {
	ed := &ast.EnumDecl{
		Span:       p.span(e.Pos, e.Tokens),
		Doc:        p.docs[docOff],
		Name:       p.name(e.Name),
		TypeParams: p.convertTypeParams(e.TypeParams),
	}
	if v, ok := e.Body.(*enumVariants); ok {
		ed.Variants = v.Variants
	}
	return ed
}

func (p *parser) convertExtend(e *extendG) *ast.ExtendDecl {
	ed := &ast.ExtendDecl{
		Span:       p.span(e.Pos, e.Tokens),
		Impl:       e.Impl,
		TypeParams: p.convertTypeParams(e.TypeParams),
		Target:     e.Target,
	}
	for _, m := range e.Methods {
		fd := p.convertFunc(m, m.Pos.Offset)
		fd.Recv = ed
		ed.Methods = append(ed.Methods, fd)
	}
	return ed
}

func (p *parser) convertImport(im *importG) *ast.ImportDecl {
	d := &ast.ImportDecl{Span: p.span(im.Pos, im.Tokens), Module: p.name(im.Module), Alias: p.name(im.Alias)}
	if im.Path != nil {
		d.Path, _ = p.stringLit(&tok{Type: im.Path.Type, Pos: tokPos{im.Path.Pos.Offset}, n: len(im.Path.Value)}).(*ast.StringLit)
	}
	if d.Path != nil && strings.HasPrefix(d.Path.Value, "std:") {
		// `import "std:thread" as t;` names a standard module: what follows the last `:`.
		name := d.Path.Value[strings.LastIndex(d.Path.Value, ":")+1:]
		d.Module, d.Path = &ast.Ident{Span: d.Path.Span, Name: name}, nil
	}
	return d
}

func (p *parser) convertStmt(s *stmtG) ast.Stmt {
	switch {
	case s.Hand != nil:
		return s.Hand
	case s.Expr != nil:
		return &ast.ExprStmt{Span: p.span(s.Expr.Pos, s.Expr.Tokens), X: s.Expr.X}
	case s.Let != nil:
		return p.convertLet(s.Let)
	case s.If != nil:
		return p.convertIf(s.If)
	case s.While != nil:
		w := s.While
		return &ast.WhileStmt{Span: p.span(w.Pos, w.Tokens), Cond: w.Cond, Body: p.block(w.Body)}
	case s.For != nil:
		f := s.For
		if fc, ok := f.CHead.(*ast.ForCStmt); ok {
			fc.Span = p.span(f.Pos, f.Tokens)
			fc.Body = p.block(f.Body)
			return fc
		}
		return &ast.ForInStmt{Span: p.span(f.Pos, f.Tokens), Pattern: f.Pattern, Iter: f.Iter, Body: p.block(f.Body)}
	case s.Return != nil:
		return &ast.ReturnStmt{Span: p.span(s.Return.Pos, s.Return.Tokens), Value: s.Return.Value}
	case s.Branch != nil:
		return &ast.BranchStmt{Span: p.span(s.Branch.Pos, s.Branch.Tokens), Continue: s.Branch.Continue}
	case s.Defer != nil:
		d := s.Defer
		ds := &ast.DeferStmt{Span: p.span(d.Pos, d.Tokens)}
		if b := p.block(d.Block); b != nil {
			ds.Body = b
		} else if d.X != nil {
			ds.Body = &ast.ExprStmt{Span: ast.Span{Start: d.X.Pos(), End: d.X.EndPos()}, X: d.X}
		}
		return ds
	case s.Try != nil:
		return p.convertTry(s.Try)
	case s.Throw != nil:
		return &ast.ThrowStmt{Span: p.span(s.Throw.Pos, s.Throw.Tokens), Value: s.Throw.Value}
	case s.Func != nil:
		fd := p.convertFunc(s.Func, s.Func.Pos.Offset)
		return &ast.DeclStmt{Span: fd.Span, Decl: fd}
	case s.Struct != nil:
		sd := p.convertStruct(s.Struct, s.Struct.Pos.Offset)
		return &ast.DeclStmt{Span: sd.Span, Decl: sd}
	case s.Enum != nil:
		ed := p.convertEnum(s.Enum, s.Enum.Pos.Offset)
		return &ast.DeclStmt{Span: ed.Span, Decl: ed}
	case s.Block != nil:
		return p.block(s.Block)
	case s.Empty != nil:
		return &ast.EmptyStmt{Span: p.span(s.Empty.Pos, s.Empty.Tokens)}
	}
	return nil
}

var letKinds = map[string]ast.LetKind{
	"let": ast.LetPlain, "const": ast.LetConst, "share": ast.LetShare, "strong": ast.LetStrong, "weak": ast.LetWeak,
}

func (p *parser) convertLet(l *letG) *ast.LetStmt {
	return &ast.LetStmt{
		Span:    p.span(l.Pos, l.Tokens),
		Kind:    letKinds[l.Kind],
		Mut:     l.Mut,
		Pattern: l.Pattern,
		Type:    l.Type,
		Value:   l.Value,
	}
}

func (p *parser) convertIf(i *ifG) *ast.IfStmt {
	is := &ast.IfStmt{Span: p.span(i.Pos, i.Tokens), Cond: i.Cond, Then: p.block(i.Then)}
	if e := i.Else; e != nil {
		switch {
		case e.If != nil:
			is.Else = p.convertIf(e.If)
		case e.Elif != nil:
			is.Else = p.convertIf(e.Elif)
		case e.Block != nil:
			is.Else = p.block(e.Block)
		}
	}
	return is
}

func (p *parser) convertTry(t *tryG) *ast.TryStmt {
	ts := &ast.TryStmt{
		Span:    p.span(t.Pos, t.Tokens),
		Body:    p.block(t.Body),
		Finally: p.block(t.Finally),
	}
	if c := t.Catch; c != nil {
		ts.CatchName = p.name(c.ParenName)
		if ts.CatchName == nil {
			ts.CatchName = p.name(c.BareName)
		}
		ts.CatchType = c.Type
		ts.Catch = p.block(c.Body)
	}
	if t.Catch == nil && ts.Finally == nil {
		at := p.lastOffset(t.Tokens)
		p.report(at, at, "expected `catch` or `finally` after the `try` block")
	}
	return ts
}

// lastOffset is the offset just past the last of toks.
func (p *parser) lastOffset(toks []lexer.Token) int {
	if len(toks) == 0 {
		return 0
	}
	last := &toks[len(toks)-1]
	return last.Pos.Offset + len(last.Value)
}
