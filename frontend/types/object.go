package types

import "adesh2go/gopkgs"

// Object is what a name resolves to: a local, a parameter, a global, a function, a type, a
// variant, a builtin or an imported file. The checker creates and fills it; later stages add
// what they learn (the Go name, whether a closure captures it).
type Object struct {
	Name string
	Kind ObjKind
	Type Type
	Decl any // the declaring ast node (*ast.LetStmt, *ast.Param, *ast.FuncDecl, …)

	Def     *TypeDef        // ObjType
	Variant *VariantDef     // ObjVariant
	Builtin Builtin         // ObjBuiltin
	Members *Scope          // ObjImport: the exported names of the imported file
	GoPkg   *gopkgs.Package // ObjGoPackage: the imported Go package

	Sig      *Signature // ObjFunc
	Global   bool       // declared at top level (a package-level Go variable or function)
	Mutated  bool       // assigned after its declaration (or through a mutating method)
	Captured bool       // used by a lambda or async block other than the one that declared it
	Owner    any        // the function, lambda or async block that declared it (nil: top level)

	GoName string // the Go identifier the emitter chose
}

// ObjKind says what an Object names.
type ObjKind uint8

const (
	ObjVar ObjKind = iota
	ObjParam
	ObjConst
	ObjFunc
	ObjType
	ObjVariant
	ObjBuiltin
	ObjImport
	ObjGoPackage // an imported Go package (`import "go:strings";`)
)

// Signature is the checked signature of a declared function or method.
type Signature struct {
	TypeParams []*TypeParam
	Params     []Type
	ParamNames []string
	Defaults   []any // ast.Expr or nil, per parameter
	Ret        Type  // the declared or inferred result (for async fns: the awaited value)
	Async      bool
	Recv       *TypeDef // methods: the type they extend
	SelfMut    bool     // the method assigns to a field of self (Go pointer receiver needed)
	Decl       any      // *ast.FuncDecl
}

// Builtin identifies a predeclared function.
type Builtin uint16

// Scope maps names to objects, with a parent for lexical nesting.
type Scope struct {
	Parent *Scope
	names  map[string]*Object
}

// NewScope makes a scope nested in parent.
func NewScope(parent *Scope) *Scope { return &Scope{Parent: parent} }

// Insert declares obj, returning the object it replaced in this same scope, if any.
func (s *Scope) Insert(obj *Object) *Object {
	if s.names == nil {
		s.names = make(map[string]*Object, 4)
	}
	prev := s.names[obj.Name]
	s.names[obj.Name] = obj
	return prev
}

// LookupLocal finds a name in this scope only.
func (s *Scope) LookupLocal(name string) *Object { return s.names[name] }

// Lookup finds a name in this scope or an enclosing one.
func (s *Scope) Lookup(name string) *Object {
	for ; s != nil; s = s.Parent {
		if o := s.names[name]; o != nil {
			return o
		}
	}
	return nil
}

// Names returns the objects declared in this scope (unordered).
func (s *Scope) Names() map[string]*Object { return s.names }
