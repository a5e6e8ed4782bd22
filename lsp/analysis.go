package lsp

import (
	"fmt"
	"sort"
	"unicode/utf16"
	"unicode/utf8"

	"adesh2go/frontend"
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// snapshot is what the server knows of one version of a document: its program loaded and
// checked (imports read from open documents first, then from disk), and an index of its names.
type snapshot struct {
	path  string
	text  string
	prog  *frontend.Program
	file  *source.File // the document's own file
	tree  *ast.File
	info  *check.Info // nil only if the checker failed on a tree that does not parse
	lines []int       // offsets of line starts of text
	names []*nameRef  // every name of the document's tree, in source order
	byKey map[any][]*nameRef
	decls map[any]*nameRef // the declaring name of each key, in any file of the program
}

// nameRef is one identifier and what it denotes: a *types.Object, a *types.FieldDef, a
// *types.VariantDef or a builtinRef (nil when nothing is known).
type nameRef struct {
	id   *ast.Ident
	key  any
	decl bool
	file *source.File
	sel  *ast.Selector // the selector whose member name id is, if any
	call *ast.Call     // the call of a builtin method id names, if any
	typ  bool          // id names a type where a type is written (`i64` has no key)
	// scope is the node whose extent a local of the document, declared by this name, is
	// visible in (a block, a function, a loop, a match arm): completion offers it there only.
	scope ast.Node
}

// analyze loads and checks the program whose entry is path holding text. A file that does not
// parse is still checked (what the parser's recovery kept), quietly: only its syntax errors are
// reported, since type errors in a broken file are mostly noise, but hover, definition and
// completion keep working on the rest of it.
func analyze(path, text string, overlay func(string) (string, bool)) *snapshot {
	read := func(name string) ([]byte, error) {
		if name == path {
			return []byte(text), nil
		}
		if s, ok := overlay(name); ok {
			return []byte(s), nil
		}
		return frontend.ReadSource(name)
	}
	s := &snapshot{path: path, text: text, byKey: map[any][]*nameRef{}, decls: map[any]*nameRef{}}
	s.prog = frontend.LoadWith(path, read)
	s.info = s.prog.Info
	if s.info == nil && len(s.prog.Files) > 0 {
		s.info = checkQuietly(s.prog)
	}
	s.lines = lineStarts(text)
	if len(s.prog.Files) > 0 {
		s.tree = s.prog.Files[0]
		s.file = s.prog.Fset.File(s.tree.Start)
	}
	for _, f := range s.prog.Files {
		s.index(f)
	}
	return s
}

// checkQuietly checks a partial tree for what the checker learns of it, dropping its
// diagnostics; a checker failure on an odd partial tree only loses that knowledge.
func checkQuietly(p *frontend.Program) (info *check.Info) {
	defer func() {
		if recover() != nil {
			info = nil
		}
	}()
	return check.Check(p.Files, p.Fset, diag.NewList(p.Fset))
}

func lineStarts(text string) []int {
	lines := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// index records the names of f. Only the document's own file goes into names; every file
// gives the declarations, so that definition finds names of imported files.
func (s *snapshot) index(f *ast.File) {
	file := s.prog.Fset.File(f.Start)
	own := f == s.tree
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		ref := &nameRef{id: id, file: file}
		ref.key, ref.decl = s.resolve(id, parent)
		if ref.key == nil && len(stack) >= 3 && s.info != nil {
			// a builtin method called: `word.len()`
			if call, ok := stack[len(stack)-3].(*ast.Call); ok && call.Fun == parent {
				if ci := s.info.Calls[call]; ci != nil && ci.Builtin != 0 {
					ref.key, ref.call = builtinRef{ci.Builtin}, call
				}
			}
		}
		if sel, ok := parent.(*ast.Selector); ok && sel.Name == id {
			ref.sel = sel
			if ref.key == nil && s.info != nil {
				ref.key = goMemberRef(s.info, sel, stack) // `strings.ToUpper`, `b.WriteString`
			}
		}
		if nt, ok := parent.(*ast.NamedType); ok && nt.Name == id {
			ref.typ = true
		}
		if ref.key != nil {
			d := s.decls[ref.key]
			if ref.decl && (d == nil || !d.decl) || d == nil && ref.isFirstUseOfObject() {
				s.decls[ref.key] = ref
				if own {
					ref.scope = scopeOf(ref.key, stack)
				}
			}
		}
		if own {
			s.names = append(s.names, ref)
			if ref.key != nil {
				s.byKey[ref.key] = append(s.byKey[ref.key], ref)
			}
		}
		return true
	})
}

// scopeOf is the innermost node of stack (the ancestors of a declaring name) that a local
// declared there is visible in; nil for what is not a local.
func scopeOf(key any, stack []ast.Node) ast.Node {
	if obj, ok := key.(*types.Object); !ok || obj.Global {
		return nil
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.Block, *ast.FuncDecl, *ast.Lambda, *ast.ForInStmt, *ast.ForCStmt, *ast.Arm,
			*ast.TryStmt, *ast.IfStmt, *ast.WhileStmt, *ast.AsyncBlock, *ast.Match:
			return stack[i]
		}
	}
	return nil
}

// isFirstUseOfObject: the checker sets Obj on the name that declares an object too, and the
// declaration comes first in its file; an object declared by a node (not a builtin) is
// declared by the first name that denotes it inside that node.
func (r *nameRef) isFirstUseOfObject() bool {
	obj, ok := r.key.(*types.Object)
	if !ok {
		return false
	}
	decl, ok := obj.Decl.(ast.Node)
	return ok && decl != nil && r.id.Start >= decl.Pos() && r.id.End <= decl.EndPos()
}

// resolve says what id denotes, and whether id declares it.
func (s *snapshot) resolve(id *ast.Ident, parent ast.Node) (key any, decl bool) {
	switch p := parent.(type) {
	case *ast.Selector:
		if p.Name == id && s.info != nil {
			if si := s.info.Sels[p]; si != nil {
				switch {
				case si.Field != nil:
					return si.Field, false
				case si.Variant != nil:
					return si.Variant, false
				case si.Obj != nil:
					return si.Obj, false
				}
			}
			if id.Obj != nil {
				return id.Obj, false
			}
			if v := variantOf(p); v != nil {
				return v, false // `Shape::Disc(…)`, `geo.Shape::Disc(…)`: a variant called
			}
			return nil, false
		}
	case *ast.Field:
		if def := structDefOf(s, p); def != nil {
			if f := def.Field(id.Name); f != nil {
				return f, true
			}
		}
	case *ast.Variant:
		if p.Name == id {
			for _, v := range s.variantsOf(p) {
				if v.Name == id.Name {
					return v, true
				}
			}
		}
	case *ast.FieldInit:
		if p.Name == id {
			if lit := s.structLitOf(p); lit != nil {
				if named, ok := lit.TypeOf().(*types.Named); ok && named.Def != nil {
					if f := named.Def.Field(id.Name); f != nil {
						return f, false
					}
				}
			}
			return nil, false
		}
	case *ast.FuncDecl:
		if p.Name == id && p.Obj != nil {
			return p.Obj, true
		}
	case *ast.StructDecl:
		if p.Name == id && p.Obj != nil {
			return p.Obj, true
		}
	case *ast.EnumDecl:
		if p.Name == id && p.Obj != nil {
			return p.Obj, true
		}
	}
	if id.Obj != nil {
		return id.Obj, false
	}
	return nil, false
}

// variantOf is the variant a selector names on an enum type, or nil.
func variantOf(sel *ast.Selector) *types.VariantDef {
	var typeName *ast.Ident
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		typeName = x
	case *ast.Selector:
		typeName = x.Name
	}
	if typeName == nil || typeName.Obj == nil || typeName.Obj.Kind != types.ObjType || typeName.Obj.Def == nil || !typeName.Obj.Def.Enum {
		return nil
	}
	return typeName.Obj.Def.Variant(sel.Name.Name)
}

// structDefOf finds the definition of the struct declaring field f.
func structDefOf(s *snapshot, f *ast.Field) *types.TypeDef {
	for _, file := range s.prog.Files {
		for _, it := range file.Items {
			if sd, ok := it.(*ast.StructDecl); ok && sd.Obj != nil && sd.Obj.Def != nil {
				for _, g := range sd.Fields {
					if g == f {
						return sd.Obj.Def
					}
				}
			}
		}
	}
	return nil
}

func (s *snapshot) variantsOf(v *ast.Variant) []*types.VariantDef {
	for _, file := range s.prog.Files {
		for _, it := range file.Items {
			if ed, ok := it.(*ast.EnumDecl); ok && ed.Obj != nil && ed.Obj.Def != nil {
				for _, w := range ed.Variants {
					if w == v {
						return ed.Obj.Def.Variants
					}
				}
			}
		}
	}
	return nil
}

// structLitOf finds the struct literal holding the field initialiser fi.
func (s *snapshot) structLitOf(fi *ast.FieldInit) *ast.StructLit {
	var found *ast.StructLit
	ast.Inspect(s.tree, func(n ast.Node) bool {
		if found != nil || n == nil {
			return false
		}
		if lit, ok := n.(*ast.StructLit); ok {
			for _, f := range lit.Fields {
				if f == fi {
					found = lit
					return false
				}
			}
		}
		return n.Pos() <= fi.Start && fi.End <= n.EndPos()
	})
	return found
}

// nameAt is the name under the cursor: the identifier containing offset, or ending at it.
func (s *snapshot) nameAt(offset int) *nameRef {
	pos := s.pos(offset)
	i := sort.Search(len(s.names), func(i int) bool { return s.names[i].id.End >= pos })
	for ; i < len(s.names) && s.names[i].id.Start <= pos; i++ {
		if pos <= s.names[i].id.End {
			return s.names[i]
		}
	}
	return nil
}

func (s *snapshot) pos(offset int) source.Pos {
	if s.file == nil {
		return source.NoPos
	}
	return s.file.Pos(offset)
}

// Positions: the protocol counts lines from 0 and characters in UTF-16 code units.

func (s *snapshot) offset(line, char int) int {
	return offsetIn(s.text, s.lines, line, char)
}

func offsetIn(text string, lines []int, line, char int) int {
	if line < 0 {
		return 0
	}
	if line >= len(lines) {
		return len(text)
	}
	off := lines[line]
	for units := 0; units < char && off < len(text) && text[off] != '\n'; {
		r, size := utf8.DecodeRuneInString(text[off:]) // invalid bytes: U+FFFD, one unit
		units += utf16.RuneLen(r)
		off += size
	}
	return off
}

// lineChar converts an offset of a file's text to the protocol's line and character.
func lineChar(text string, lines []int, off int) (int, int) {
	off = max(0, min(off, len(text)))
	line := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	char := 0
	for _, r := range text[lines[line]:off] {
		char += max(utf16.RuneLen(r), 1)
	}
	return line, char
}

// where converts a position of the program to a file path and a line and character.
func (s *snapshot) where(p source.Pos) (path string, line, char int, ok bool) {
	f := s.prog.Fset.File(p)
	if f == nil {
		return "", 0, 0, false
	}
	text := string(f.Src)
	lines := s.lines
	if f != s.file {
		lines = lineStarts(text)
	}
	line, char = lineChar(text, lines, f.Offset(p))
	return f.Name, line, char, true
}

// describeType names a type for hover and completion details.
func describeType(t types.Type) string {
	if t == nil {
		return "?"
	}
	return fmt.Sprint(t)
}

// builtinRef is a row of the builtin table named by a method call.
type builtinRef struct{ id types.Builtin }

// imports reports whether the program reads the file path besides its entry.
func (s *snapshot) imports(path string) bool {
	for i, f := range s.prog.Fset.Files {
		if i > 0 && f.Name == path {
			return true
		}
	}
	return false
}
