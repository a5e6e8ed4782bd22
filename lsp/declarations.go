package lsp

import (
	protocol "github.com/tliron/glsp/protocol_3_16"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/syntax"
)

// declaration is a top-level name of a file, or a method with the type it belongs to, as the
// workspace's symbol search lists it: where its name is, as byte offsets of the file's text.
type declaration struct {
	name      string
	kind      protocol.SymbolKind
	container string // the struct, class, interface or extended type of a method; "" otherwise
	start     int
	end       int
}

// declarationsOf lists the top-level declarations of the file at path holding text. It only
// parses (no import is read, nothing is checked), so that searching a workspace of many files
// stays cheap; a file that does not parse gives what the parser's recovery kept.
func declarationsOf(path, text string) []declaration {
	fset := source.NewFileSet()
	file := fset.Add(path, path, []byte(text))
	tree := syntax.ParseFile(file, diag.NewList(fset))
	if tree == nil {
		return nil
	}
	var out []declaration
	add := func(id *ast.Ident, kind protocol.SymbolKind, container string) {
		if id != nil && id.Name != "" {
			out = append(out, declaration{id.Name, kind, container, file.Offset(id.Start), file.Offset(id.End)})
		}
	}
	classes := classesOf(tree, file, text)
	for _, c := range classes {
		out = append(out, c.decls...)
	}
	for _, it := range tree.Items {
		if d, ok := it.(*ast.DeclStmt); ok {
			it = d.Decl
		}
		if inClass(classes, file.Offset(it.Pos())) {
			continue
		}
		switch n := it.(type) {
		case *ast.FuncDecl:
			add(n.Name, protocol.SymbolKindFunction, "")
		case *ast.StructDecl:
			add(n.Name, protocol.SymbolKindStruct, "")
			for _, m := range n.Methods {
				add(m.Name, protocol.SymbolKindMethod, n.Name.Name)
			}
		case *ast.EnumDecl:
			add(n.Name, protocol.SymbolKindEnum, "")
		case *ast.ExtendDecl:
			container := extendedTypeName(n, file, text)
			for _, m := range n.Methods {
				add(m.Name, protocol.SymbolKindMethod, container)
			}
		case *ast.TypeAliasDecl:
			// The protocol has no kind for an alias; rust-analyzer's choice, a type parameter,
			// is the one editors show with a type's icon.
			add(n.Name, protocol.SymbolKindTypeParameter, "")
		case *ast.LetStmt:
			if n.Kind != ast.LetConst {
				continue // a top-level `let` is a variable of the script, not a declaration
			}
			ast.Inspect(n.Pattern, func(x ast.Node) bool {
				if b, ok := x.(*ast.BindPat); ok {
					add(b.Name, protocol.SymbolKindConstant, "")
				}
				return true
			})
		}
	}
	return out
}

// classSpan is a class or an interface of a file: where its source is, and its declarations
// (its own first, then its members').
type classSpan struct {
	start, end int
	decls      []declaration
}

// classesOf finds the classes and interfaces of a parsed file. Each is an empty statement in the
// tree, spanning its source, and a class is desugared into a struct, methods and functions within
// that span (class.go of the parser); those are the class's parts, named from its source
// instead.
func classesOf(tree *ast.File, file *source.File, text string) []classSpan {
	var out []classSpan
	for _, it := range tree.Items {
		if e, ok := it.(*ast.EmptyStmt); ok {
			start, end := file.Offset(e.Pos()), file.Offset(e.EndPos())
			if decls := classOrInterfaceAt(text, start, end); len(decls) > 0 {
				out = append(out, classSpan{start, end, decls})
			}
		}
	}
	return out
}

// inClass reports whether the offset off is inside one of classes: a part of its desugaring.
func inClass(classes []classSpan, off int) bool {
	for _, c := range classes {
		if off >= c.start && off < c.end {
			return true
		}
	}
	return false
}

// extendedTypeName is the name of the type an `impl`/`extend` block adds methods to, without
// its type arguments (`Box` for `impl<T> Box<T>`).
func extendedTypeName(n *ast.ExtendDecl, file *source.File, text string) string {
	if named, ok := n.Target.(*ast.NamedType); ok && named.Name != nil {
		return named.Name.Name
	}
	return text[file.Offset(n.Target.Pos()):file.Offset(n.Target.EndPos())]
}

// classMemberModifiers are the words that may stand before a class member's name.
var classMemberModifiers = map[string]bool{
	"public": true, "private": true, "protected": true, "static": true, "readonly": true,
	"abstract": true, "override": true, "async": true, "fn": true,
}

// continuesExpression are the lexemes after which a line break does not end a member: a field's
// initializer goes on, on the next line.
var continuesExpression = map[string]bool{
	"=": true, ".": true, "(": true, "[": true, ",": true, "+": true, "-": true, "*": true,
	"/": true, "%": true, "&&": true, "||": true, "??": true, "?": true, ":": true, "=>": true,
}

// classOrInterfaceAt names the class or interface whose source is text[start:end] and its
// methods (and constructor), read from its lexemes: the parser keeps no node for either. It
// is nil when the span is no class or interface (a lone `;`).
func classOrInterfaceAt(text string, start, end int) []declaration {
	var lexemes []syntax.Lexeme
	for _, l := range syntax.Lexemes(text[start:end]) {
		if l.Class != syntax.LexComment {
			lexemes = append(lexemes, syntax.Lexeme{Start: l.Start + start, End: l.End + start, Class: l.Class})
		}
	}
	word := func(i int) string {
		if i < 0 || i >= len(lexemes) {
			return ""
		}
		return text[lexemes[i].Start:lexemes[i].End]
	}
	i := 0
	if word(i) == "abstract" {
		i++
	}
	var kind protocol.SymbolKind
	switch word(i) {
	case "class":
		kind = protocol.SymbolKindClass
	case "interface":
		kind = protocol.SymbolKindInterface
	default:
		return nil
	}
	i++
	if i >= len(lexemes) || lexemes[i].Class != syntax.LexName {
		return nil
	}
	name := word(i)
	out := []declaration{{name, kind, "", lexemes[i].Start, lexemes[i].End}}
	for i < len(lexemes) && word(i) != "{" {
		i++
	}
	// Members are at depth 1: inside the body's braces, outside any method's body, parameters
	// or initializer. A member starts after `{`, `;`, `,` or a method's `}`, or on a new line
	// that no expression continues into; its modifiers come first, then its name, and a `(`
	// (or a generic method's `<`) after the name makes it a method.
	depth := 0
	for j := i; j < len(lexemes); j++ {
		switch word(j) {
		case "{", "(", "[":
			depth++
			continue
		case "}", ")", "]":
			depth--
			continue
		}
		if depth != 1 || !startsMember(text, lexemes, j) {
			continue
		}
		for classMemberModifiers[word(j)] && word(j+1) != "(" && word(j+1) != ":" {
			j++
		}
		if j+1 >= len(lexemes) || (lexemes[j].Class != syntax.LexName && lexemes[j].Class != syntax.LexKeyword) {
			continue
		}
		if next := word(j + 1); next == "(" || next == "<" {
			memberKind := protocol.SymbolKindMethod
			if word(j) == "constructor" && kind == protocol.SymbolKindClass {
				memberKind = protocol.SymbolKindConstructor
			}
			out = append(out, declaration{word(j), memberKind, name, lexemes[j].Start, lexemes[j].End})
		}
	}
	return out
}

// startsMember tells whether lexeme j of a class or interface body begins a member.
func startsMember(text string, lexemes []syntax.Lexeme, j int) bool {
	if j == 0 {
		return false
	}
	prev := text[lexemes[j-1].Start:lexemes[j-1].End]
	switch prev {
	case "{", "}", ";", ",":
		return true
	}
	newLine := false
	for _, c := range text[lexemes[j-1].End:lexemes[j].Start] {
		if c == '\n' {
			newLine = true
		}
	}
	return newLine && !continuesExpression[prev]
}
