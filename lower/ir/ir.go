// Package ir is the intermediate representation between lower and emitgo: a Go program with
// its control flow explicit, each node close to one Go construct. lower builds it, emitgo prints
// it as Go source, and Fprint dumps it for `adesh2go ir`.
package ir

import "cmp"

// Program is one Go package: the whole AdeshLang program.
type Program struct {
	Decls []Decl // in emission order
	// GoImports names the Go packages the program calls (GOINTEROP.md): import path → the
	// name generated code imports it under. Nil for a program that imports no Go.
	GoImports map[string]string
}

// Decl is a package-level declaration.
type Decl interface{ declNode() }

// TypeDecl is `type Name[TypeParams] Type`.
type TypeDecl struct {
	Doc        string
	Name       string
	TypeParams []*TypeParam
	Type       Type
}

// VarDecl is a package-level `var Name Type`, or a `const` (Const set, Value a constant).
type VarDecl struct {
	Name  string
	Type  Type
	Value Expr // may be nil
	Const bool
}

// Func is a function or a method (Recv set).
type Func struct {
	Doc        string
	Name       string
	Recv       *Param // nil for functions
	TypeParams []*TypeParam
	Params     []*Param
	Results    []Type
	ResultName string // names the single result, for a deferred call that sets it
	Body       *Block
	Line       *Line // the AdeshLang position of the declaration
}

func (*TypeDecl) declNode() {}
func (*VarDecl) declNode()  {}
func (*Func) declNode()     {}

// TypeParam is a Go type parameter with its constraint.
type TypeParam struct {
	Name       string
	Constraint Type
}

// Param is a parameter or receiver.
type Param struct {
	Name string
	Type Type
}

// Line is an AdeshLang source position, for //line directives.
type Line struct {
	File string
	Line int
}

// ---------------------------------------------------------------------------------------------
// Types

// Type is a Go type expression.
type Type interface{ typeNode() }

// TName is a named type, possibly from package rt, possibly instantiated: `int64`,
// `rt.Option[string]`, `Config`, `fetchFuture[T]`.
type TName struct {
	Pkg  string // "" or "rt"
	Name string
	Args []Type
}

// TPtr is `*T`.
type TPtr struct{ Elem Type }

// TSlice is `[]T`.
type TSlice struct{ Elem Type }

// TFunc is `func(params) results`.
type TFunc struct {
	Params  []Type
	Results []Type
}

// TStruct is a struct type.
type TStruct struct {
	Fields []*FieldDecl
}

// FieldDecl is one struct field; an empty name embeds.
type FieldDecl struct {
	Name string
	Type Type
}

// TInterface is an interface type with method signatures (an enum's interface).
type TInterface struct {
	Methods []*IfaceMethod
	Embeds  []Type
}

// IfaceMethod is one method of an interface.
type IfaceMethod struct {
	Name    string
	Params  []Type
	Results []Type
}

// TArray is `[Len]Elem`, TMap `map[Key]Val`, TChan a channel (Dir: go/types' ChanDir) and
// TVariadic the `...Elem` of a variadic parameter: the Go types of Go packages' values.
type (
	TArray struct {
		Len  int64
		Elem Type
	}
	TMap  struct{ Key, Val Type }
	TChan struct {
		Dir  int
		Elem Type
	}
	TVariadic struct{ Elem Type }
)

func (*TArray) typeNode()     {}
func (*TMap) typeNode()       {}
func (*TChan) typeNode()      {}
func (*TVariadic) typeNode()  {}
func (*TName) typeNode()      {}
func (*TPtr) typeNode()       {}
func (*TSlice) typeNode()     {}
func (*TFunc) typeNode()      {}
func (*TStruct) typeNode()    {}
func (*TInterface) typeNode() {}

// ---------------------------------------------------------------------------------------------
// Statements

// Stmt is a Go statement.
type Stmt interface{ stmtNode() }

// Block is `{ stmts }`.
type Block struct {
	Stmts []Stmt
}

// OnLine gives a statement of a kind that has a line the line l, unless it has one.
func OnLine(s Stmt, l *Line) Stmt {
	switch s := s.(type) {
	case *ExprStmt:
		s.Line = cmp.Or(s.Line, l)
	case *Assign:
		s.Line = cmp.Or(s.Line, l)
	case *Define:
		s.Line = cmp.Or(s.Line, l)
	case *If:
		s.Line = cmp.Or(s.Line, l)
	}
	return s
}

// ExprStmt is an expression statement.
type ExprStmt struct {
	X    Expr
	Line *Line
}

// Assign is `lhs op rhs` with op "=", ":=" or a compound operator.
type Assign struct {
	Lhs  []Expr
	Op   string
	Rhs  []Expr
	Line *Line
}

// Define is `var name Type = value` / `name := value` for a local.
type Define struct {
	V     *Local
	Value Expr // nil: the zero value
	Line  *Line
}

// If is `if init; cond { then } else { else }`.
type If struct {
	Init Stmt
	Cond Expr
	Then *Block
	Else Stmt // nil, *Block or *If
	Line *Line
}

// For is `for init; cond; post { body }` (all optional), with an optional label.
type For struct {
	Label string
	Init  Stmt
	Cond  Expr
	Post  Stmt
	Body  *Block
	Line  *Line
}

// ForRange is `for key, value := range x { body }`; Key or Value may be nil.
type ForRange struct {
	Label string
	Key   *Local
	Value *Local
	X     Expr
	Body  *Block
	Line  *Line
}

// Switch is `switch tag { cases }`; a nil Tag switches on true.
type Switch struct {
	Label string
	Tag   Expr
	Cases []*Case
	Line  *Line
}

// Case is one switch case; no expressions is `default`. Comment, if set, says for a reader
// what the case is (a state of a Poll switch: `after the await at prog.adesh:31`).
type Case struct {
	Exprs   []Expr
	Body    []Stmt
	Comment string
}

// TypeSwitch is `switch bind := x.(type) { cases }`.
type TypeSwitch struct {
	Bind  *Local // nil: no binding
	X     Expr
	Cases []*TypeCase
	Line  *Line
}

// TypeCase is one case of a type switch; no types is `default`.
type TypeCase struct {
	Types []Type
	Body  []Stmt
}

// Return is `return results`.
type Return struct {
	Results []Expr
	Line    *Line
}

// Branch is `break L`, `continue L` or `goto L`.
type Branch struct {
	Tok   string
	Label string
	Line  *Line
}

// GoDefer is Go's `defer call` (only in synchronous functions).
type GoDefer struct {
	Call Expr
	Line *Line
}

// Await is `dst = await future` before async lowering turns it into states: the only place an
// await may appear. Dst may be nil (the value is dropped).
type Await struct {
	Dst     Expr
	Future  Expr
	FutType Type // the Go type the sub-future is stored as
	Result  Type // the Go type of the awaited value
	Site    string
	Line    *Line
}

// Defer is an AdeshLang defer before lowering decides where the function's list of pending
// defers lives (a local of a synchronous function, a field of a state struct): with a Body it
// registers the body; with a Mark and no Body it records the list's length in Mark (a block's
// first defer), and with Run it runs what was registered since Mark (where the block ends).
// Lowered is the one place that turns it into Go (DeferCall).
type Defer struct {
	Body *Block
	Mark *Local
	Run  bool
	Line *Line
}

// DeferCall is the statement a Defer becomes once the function's list of defers is known.
func DeferCall(d *Defer, list *Local) Stmt {
	switch {
	case d.Body != nil:
		return &ExprStmt{X: &Call{Fun: &Sel{X: &Ref{V: list}, Name: "Push"}, Args: []Expr{&FuncLit{Body: d.Body}}}, Line: d.Line}
	case d.Run:
		return &ExprStmt{X: &Call{Fun: &Sel{X: &Ref{V: list}, Name: "RunTo"}, Args: []Expr{&Ref{V: d.Mark}}}, Line: d.Line}
	}
	return &Define{V: d.Mark, Value: &Call{Fun: &Sel{X: &Ref{V: list}, Name: "Len"}}, Line: d.Line}
}

// Try is a try/catch/finally whose body awaits, in an async function: the state machine
// catches for it. (A try that does not await is lowered to rt.TryCatchCode at once.) Err is the
// catch binding (nil for a bare catch).
type Try struct {
	Body    *Block
	Err     *Local
	Catch   *Block // nil when there is only a finally
	Finally *Block
	Line    *Line
}

// Release gives back what a binding holds when its scope ends: a Share's or a Weak's count, a
// guard's lock. A binding kept in a state struct is also cleared, so that dropping the future
// later does not release it twice.
type Release struct {
	V *Local
}

func (*Block) stmtNode()      {}
func (*ExprStmt) stmtNode()   {}
func (*Assign) stmtNode()     {}
func (*Define) stmtNode()     {}
func (*If) stmtNode()         {}
func (*For) stmtNode()        {}
func (*ForRange) stmtNode()   {}
func (*Switch) stmtNode()     {}
func (*TypeSwitch) stmtNode() {}
func (*Return) stmtNode()     {}
func (*Branch) stmtNode()     {}
func (*GoDefer) stmtNode()    {}
func (*Await) stmtNode()      {}
func (*Defer) stmtNode()      {}
func (*Try) stmtNode()        {}
func (*Release) stmtNode()    {}

// ---------------------------------------------------------------------------------------------
// Expressions

// Expr is a Go expression.
type Expr interface{ exprNode() }

// Local is a local variable of a function. Field means it lives in the state struct of an
// async function (it is live across an await), and is then written `f.Name`.
type Local struct {
	Name   string
	Type   Type
	Field  bool
	Reads  int  // how often it is read; a never-read local gets `_ = x` so that Go accepts it
	Hoist  bool // declared at the top of Poll (a local of an exploded async body)
	Boxed  bool // lives behind a pointer (captured by reference by an async block)
	Param  bool
	Global bool // a package-level variable
	Temp   bool // a compiler temporary, always assigned before it is read
	// HeldBy is the function's rt.Held that lists this lock guard while it is bound: its
	// releases pop it (see rt.Held).
	HeldBy *Local
	// Owned marks a guard, share or weak reference this function releases (a binding or a
	// statement's temporary, not a value on its way out).
	Owned bool
}

// PassLocal, embedded in a pass's own struct, makes it an Expr the pass uses internally and
// replaces before the IR leaves it (lower's map-entry and dynamic-field assignment targets).
type PassLocal struct{}

func (PassLocal) exprNode() {}

// Ref is a use of a local.
type Ref struct{ V *Local }

// Ident is a package-level or predeclared name: `rt.Print`, `nil`, `fetchPayload`.
type Ident struct {
	Pkg      string
	Name     string
	TypeArgs []Type // a generic function used as a value: `id[int64]`
}

// Lit is a literal written as Go source text (`42`, `"a\n"`, `1.5`, `true`).
type Lit struct{ Text string }

// Call is `fun[typeArgs](args...)`.
type Call struct {
	Fun      Expr
	TypeArgs []Type
	Args     []Expr
	Ellipsis bool
}

// Sel is `x.name`.
type Sel struct {
	X    Expr
	Name string
}

// Index is `x[i]`.
type Index struct {
	X, Index Expr
}

// SliceExpr is `x[lo:hi]`.
type SliceExpr struct {
	X, Lo, Hi Expr
}

// Unary is a prefix operator: `!x`, `-x`, `^x`, `*x`, `&x`.
type Unary struct {
	Op string
	X  Expr
}

// Binary is `x op y`.
type Binary struct {
	Op   string
	X, Y Expr
}

// Composite is `Type{elems}` or `Type{Key: value}`.
type Composite struct {
	Type   Type
	Elems  []Expr
	Fields []*KeyValue
}

// KeyValue is a field of a composite literal.
type KeyValue struct {
	Key   string
	Value Expr
}

// FuncLit is a function literal.
type FuncLit struct {
	Params  []*Param
	Results []Type
	Body    *Block
}

// TypeAssert is `x.(T)`.
type TypeAssert struct {
	X    Expr
	Type Type
}

// Conv is a conversion `T(x)`.
type Conv struct {
	Type Type
	X    Expr
}

// Paren is `(x)`.
type Paren struct{ X Expr }

// TypeExpr is a type in expression position (a composite's type argument, `new(T)`).
type TypeExpr struct{ Type Type }

func (*Ref) exprNode()        {}
func (*Ident) exprNode()      {}
func (*Lit) exprNode()        {}
func (*Call) exprNode()       {}
func (*Sel) exprNode()        {}
func (*Index) exprNode()      {}
func (*SliceExpr) exprNode()  {}
func (*Unary) exprNode()      {}
func (*Binary) exprNode()     {}
func (*Composite) exprNode()  {}
func (*FuncLit) exprNode()    {}
func (*TypeAssert) exprNode() {}
func (*Conv) exprNode()       {}
func (*Paren) exprNode()      {}
func (*TypeExpr) exprNode()   {}
