package emitgo

import "github.com/dave/jennifer/jen"

// ExportMark starts the Go name of a declaration, field or method that Go would not export,
// in a split program (rt.ExportMark, which reflection takes off again): a part refers to what
// another declares, so every name one part may use of another is exported, `Ξname`, and the
// same name is written alike in every part. AdeshLang names are ASCII: none starts with it.
const ExportMark = "Ξ"

// exported is the Go name that exports name: name itself when it starts with an upper-case
// letter (or is blank), else name after ExportMark.
func exported(name string) string {
	if name == "" || name == "_" || 'A' <= name[0] && name[0] <= 'Z' {
		return name
	}
	return ExportMark + name
}

// splitNames is what the emitter of one part of a split program needs to name things.
type splitNames struct {
	declPart map[string]int // package-level name → its part's bin
	self     int            // the bin of the part being emitted
	parts    string         // the import path the parts' packages are under
	bins     []int          // every part's
}

func (s *splitNames) path(bin int) string { return s.parts + "/" + partName(bin) }

// linesPath is the import path of a part's positions package (see positions.go).
func (s *splitNames) linesPath(bin int) string { return s.parts + "/" + linesName(bin) }

// member is the Go name of a field or method.
func (e *emitter) member(name string) string {
	if e.split == nil {
		return name
	}
	return exported(name)
}

// declName is the Go name a package-level declaration is declared with.
func (e *emitter) declName(name string) string {
	if e.split == nil || name == "main" {
		return name
	}
	return exported(name)
}

// nameKind says what a name being built is: a type name or an identifier may be a binding of
// the declaration (see bindings), a global's Ref is never one.
type nameKind int

const (
	typeName nameKind = iota
	identName
	globalName
)

// pkgLevel builds a use of a package-level name of the program, qualified by its part's
// package when that is another part, unless the declaration being built binds the name.
func (e *emitter) pkgLevel(name string, kind nameKind) *jen.Statement {
	if e.split == nil || kind == typeName && e.binds.boundType(name) || kind == identName && e.binds.boundIdent(name) {
		return jen.Id(name)
	}
	b, ok := e.split.declPart[name]
	if !ok {
		return jen.Id(name) // predeclared, or a generated binding
	}
	if b == e.split.self {
		return jen.Id(exported(name))
	}
	path := e.split.path(b)
	e.used[path] = true
	return jen.Qual(path, exported(name))
}
