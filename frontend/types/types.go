// Package types holds the static types of AdeshLang and the objects names resolve to. It knows
// nothing of syntax, so the AST can carry types without an import cycle.
package types

// Type is the static type of an expression. The concrete types are defined beside the checker.
type Type interface {
	String() string
}

// Object is what a name resolves to: a local, a parameter, a global, a function, a type, a
// variant, a builtin or an imported file. The checker creates and fills it.
type Object struct {
	Name string
	Kind ObjKind
	Type Type
	Decl any // the declaring ast node
}

// ObjKind says what an Object names.
type ObjKind uint8

const (
	ObjVar ObjKind = iota
	ObjParam
	ObjGlobal
	ObjConst
	ObjFunc
	ObjType
	ObjVariant
	ObjBuiltin
	ObjImport
)
