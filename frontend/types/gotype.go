package types

import (
	gotypes "go/types"
)

// GoT is a value of a Go type that AdeshLang has no type of its own for: a named Go type
// (time.Duration, *strings.Builder, http.ResponseWriter), a struct, a pointer, an interface, a
// chan, an array (GOINTEROP.md §2). Its values are the Go values themselves.
type GoT struct{ T gotypes.Type }

func (t *GoT) String() string { return GoTypeString(t.T) }

// GoTypeString writes a Go type as a Go program that imports its packages by name writes it:
// `time.Duration`, `*strings.Builder`, `func(w http.ResponseWriter, r *http.Request)`.
func GoTypeString(t gotypes.Type) string {
	return gotypes.TypeString(t, func(p *gotypes.Package) string { return p.Name() })
}

// GoOf returns t as a Go type, or nil.
func GoOf(t Type) *GoT {
	g, _ := Resolve(t).(*GoT)
	return g
}
