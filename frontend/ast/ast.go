// Package ast is the syntax tree of AdeshLang: what the parser builds and every later stage reads.
//
// Both dialects of the language (the async dialect and everyday AdeshLang) parse into the same
// nodes: `x => e` and `fn(x) { … }` are both a *Lambda, f-strings and backtick templates are both
// a *Template, `this` is the identifier `self`, `elif` is an else-if, `impl T` is `extend on T`.
//
// Every node records where it starts and ends (Span). Fields marked "set by the checker" are
// zero after parsing.
package ast

import (
	"strings"

	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
	"adesh2go/gopkgs"
)

// Span is the source range of a node: Start is its first byte, End one past its last. It also
// holds the node's parent once an analysis has indexed the tree (SetParent): a field, not a
// map, since the concurrency checks look parents up for every identifier of the program.
type Span struct {
	Start, End source.Pos
	parent     Node
}

// Pos returns the start of the node.
func (s *Span) Pos() source.Pos { return s.Start }

// EndPos returns the end of the node.
func (s *Span) EndPos() source.Pos { return s.End }

// Parent returns the node SetParent recorded, nil before that (and for a root).
func (s *Span) Parent() Node { return s.parent }

// SetParent records the node's parent.
func (s *Span) SetParent(p Node) { s.parent = p }

// Node is any syntax tree node.
type Node interface {
	Pos() source.Pos
	EndPos() source.Pos
	Parent() Node
	SetParent(Node)
}

// File is one parsed source file: its declarations and top-level statements in source order.
type File struct {
	Span
	Name  string
	Items []Node // Decl or Stmt, in order
}

// ---------------------------------------------------------------------------------------------
// Declarations

// Decl is a top-level (or extend-block) declaration.
type Decl interface {
	Node
	declNode()
}

// FuncDecl is `[export] [async] fn name<T>(params): Ret { body }`, also a method inside an
// extend/impl block (Recv is then the extended type).
type FuncDecl struct {
	Span
	Doc        string // the /** … */ comment just before it, if any
	Export     bool
	Async      bool
	Name       *Ident
	TypeParams []*TypeParam
	Params     []*Param
	Ret        Type // nil when omitted ('->' and ':' both accepted)
	Body       *Block
	Recv       *ExtendDecl // for methods: the block it belongs to; nil for free functions
	// ReturnsSelf marks a class method whose every return gave `this` (the class desugaring
	// made them plain returns): a call of it gives the instance it was called on, so that
	// fluent chains (`c.inc().inc()`) act on that instance, not on a copy.
	ReturnsSelf bool

	Obj *types.Object // set by the checker
}

// TypeParam is one generic parameter: `T` or `T: Bound`.
type TypeParam struct {
	Span
	Name   *Ident
	Bounds []Type
}

// Param is one function or lambda parameter. Type is nil when omitted (gradual typing, §7).
type Param struct {
	Span
	Name    *Ident
	Type    Type
	Default Expr // `x = 1`, nil when absent

	Obj *types.Object // set by the checker
}

// StructDecl is `struct Name<T> { field: Type, … }` (',' or ';' between fields).
type StructDecl struct {
	Span
	Doc        string
	Export     bool
	Name       *Ident
	TypeParams []*TypeParam
	Fields     []*Field
	Methods    []*FuncDecl     // methods written inside the struct body, if the parser allows it
	Class      bool            // desugared from a class: dynamic code may call its methods by name
	Private    map[string]bool // a class's `private` and `protected` fields and methods
	// Supers are the classes a class extends and the interfaces it implements, directly or
	// through its bases (`x instanceof Base` holds for its instances).
	Supers []string

	Obj *types.Object // set by the checker
}

// ClassInitSuffix ends the name of the function a class's constructor becomes: `new C(…)` and
// `C(…)` call `C__init(…)`.
const ClassInitSuffix = "__init"

// Field is one struct field.
type Field struct {
	Span
	Name    *Ident
	Type    Type
	Default Expr // `size: i64 = 10` (a literal) in a record alias or struct, nil when absent
}

// EnumDecl is `enum Name<T> { A(T, U), B, … }`.
type EnumDecl struct {
	Span
	Doc        string
	Export     bool
	Name       *Ident
	TypeParams []*TypeParam
	Variants   []*Variant

	Obj *types.Object // set by the checker
}

// Variant is one enum variant with zero or more payload types.
type Variant struct {
	Span
	Name    *Ident
	Payload []Type
}

// ExtendDecl is `extend on Type { methods }` or `impl<T> Type { methods }`.
type ExtendDecl struct {
	Span
	Impl       bool         // spelled `impl`
	TypeParams []*TypeParam // `impl<T> Box<T>`
	Target     Type
	Methods    []*FuncDecl
}

// ImportDecl is `import "./x.adesh" as m;` or `import "./x.adesh";`, or a standard module,
// `import thread;` (Module set, Path nil), or a Go package, `import "go:strings";` (Go set by
// the loader once it read the package's types or why it cannot).
type ImportDecl struct {
	Span
	Path   *StringLit
	Module *Ident
	Alias  *Ident // nil without `as`
	Go     *gopkgs.Package
}

// GoPrefix starts the path of an import of a Go package.
const GoPrefix = "go:"

// GoPath is the Go import path of an import of a Go package, or "".
func (d *ImportDecl) GoPath() string {
	if d.Path == nil || !strings.HasPrefix(d.Path.Value, GoPrefix) {
		return ""
	}
	return d.Path.Value[len(GoPrefix):]
}

// TypeAliasDecl is `type Name = Type;`: Name means Type (EVERYDAY.md §1). (A record alias,
// `type P = { x: i64 };`, is parsed as a StructDecl.)
type TypeAliasDecl struct {
	Span
	Export bool
	Name   *Ident
	Type   Type
}

// TestDecl is a test (EVERYDAY.md §4), which `adesh2go test` runs and a normal run ignores:
// `[export] test [async] fn name() { … }` (Group nil, one function), or a group of tests,
// `test Group { fn a() { … } async fn b() { … } }`, whose every function is a test named
// `Group.a`. The checker refuses parameters, type parameters and results; a test's name is in
// no scope.
type TestDecl struct {
	Span
	Export bool
	Group  *Ident
	Funcs  []*FuncDecl
}

// TestName is the name `adesh2go test` gives the test fd of the test declaration d: the
// function's name, after the group's and a dot in a group.
func (d *TestDecl) TestName(fd *FuncDecl) string {
	if d.Group == nil {
		return fd.Name.Name
	}
	return d.Group.Name + "." + fd.Name.Name
}

func (*TypeAliasDecl) declNode() {}
func (*TestDecl) declNode()      {}
func (*FuncDecl) declNode()      {}
func (*StructDecl) declNode()    {}
func (*EnumDecl) declNode()      {}
func (*ExtendDecl) declNode()    {}
func (*ImportDecl) declNode()    {}

// ---------------------------------------------------------------------------------------------
// Types as written

// Type is a type expression.
type Type interface {
	Node
	typeNode()
}

// NamedType is `i64`, `string`, `Map<K, V>`, `Result<T, E>`, `Box<T>`, `m.Config`.
type NamedType struct {
	Span
	Pkg  *Ident // `m` in `m.Config`, nil otherwise
	Name *Ident
	Args []Type
}

// ArrayType is `[T]`.
type ArrayType struct {
	Span
	Elem Type
}

// OptionalType is `T?`.
type OptionalType struct {
	Span
	Elem Type
}

// TupleType is `(A, B)`; `()` is the unit type (no elements).
type TupleType struct {
	Span
	Elems []Type
}

// FuncType is `fn(A, B): R` (also `fn(A) -> R`); Ret is nil for unit.
type FuncType struct {
	Span
	Async  bool
	Params []Type
	Ret    Type
}

func (*NamedType) typeNode()    {}
func (*ArrayType) typeNode()    {}
func (*OptionalType) typeNode() {}
func (*TupleType) typeNode()    {}
func (*FuncType) typeNode()     {}

// ---------------------------------------------------------------------------------------------
// Statements

// Stmt is a statement.
type Stmt interface {
	Node
	stmtNode()
}

// LetKind distinguishes the binding forms.
type LetKind uint8

const (
	LetPlain  LetKind = iota // let x = e;   let mut x = e;
	LetConst                 // const X = e;
	LetShare                 // share let x = e;   share x = e;
	LetStrong                // strong a = data;   (a new strong reference: a clone)
	LetWeak                  // weak w = data;     (a downgrade)
)

// LetStmt binds a name (or a tuple pattern) to a value. Value is nil for `let x: T?;`.
type LetStmt struct {
	Span
	Kind    LetKind
	Mut     bool
	Export  bool    // top-level `export let` / `export const`
	Pattern Pattern // *BindPat, or *TuplePat for `let (a, b) = pair;`
	Type    Type    // nil when omitted
	Value   Expr    // nil when omitted
}

// ExprStmt is an expression used as a statement (calls, assignments, `x++`, `match`, …).
type ExprStmt struct {
	Span
	X Expr
}

// Block is `{ stmts }`, a scope.
type Block struct {
	Span
	Stmts []Stmt
}

// IfStmt is `if c { } else if c { } else { }` (`elif` too; parentheses optional). Else is nil,
// a *Block or an *IfStmt.
type IfStmt struct {
	Span
	Cond Expr
	Then *Block
	Else Stmt
}

// WhileStmt is `while c { }`.
type WhileStmt struct {
	Span
	Cond Expr
	Body *Block
}

// ForInStmt is `for x in e { }` and `for (k, v) in m { }`; Pattern is a *BindPat, a *TuplePat
// or a *WildcardPat.
type ForInStmt struct {
	Span
	Pattern Pattern
	Iter    Expr
	Body    *Block
}

// ForCStmt is `for (init; cond; post) { }`; each part may be nil.
type ForCStmt struct {
	Span
	Init Stmt
	Cond Expr
	Post Stmt
	Body *Block
}

// BranchStmt is `break;` or `continue;`.
type BranchStmt struct {
	Span
	Continue bool
}

// ReturnStmt is `return;` or `return e;`.
type ReturnStmt struct {
	Span
	Value Expr
}

// DeferStmt is `defer stmt;` or `defer { … }`; Body is an *ExprStmt or a *Block.
type DeferStmt struct {
	Span
	Body Stmt
}

// TryStmt is `try { } catch (e) { }` (also `catch e`, `catch (e: Error)`, and a bare `catch { }`),
// with an optional `finally { }`.
type TryStmt struct {
	Span
	Body      *Block
	CatchName *Ident // nil for a bare catch
	CatchType Type   // nil when omitted
	Catch     *Block // nil when there is only a finally
	Finally   *Block // nil when absent
}

// ThrowStmt is `throw e;`.
type ThrowStmt struct {
	Span
	Value Expr
}

// DeclStmt is a declaration in statement position (a nested fn, struct or enum).
type DeclStmt struct {
	Span
	Decl Decl
}

// EmptyStmt is a lone `;`.
type EmptyStmt struct {
	Span
}

func (*LetStmt) stmtNode()    {}
func (*ExprStmt) stmtNode()   {}
func (*Block) stmtNode()      {}
func (*IfStmt) stmtNode()     {}
func (*WhileStmt) stmtNode()  {}
func (*ForInStmt) stmtNode()  {}
func (*ForCStmt) stmtNode()   {}
func (*BranchStmt) stmtNode() {}
func (*ReturnStmt) stmtNode() {}
func (*DeferStmt) stmtNode()  {}
func (*TryStmt) stmtNode()    {}
func (*ThrowStmt) stmtNode()  {}
func (*DeclStmt) stmtNode()   {}
func (*EmptyStmt) stmtNode()  {}

// ---------------------------------------------------------------------------------------------
// Expressions

// Expr is an expression. Every expression gets its static type from the checker.
type Expr interface {
	Node
	exprNode()
	// TypeOf is the static type the checker gave the expression (nil before checking).
	TypeOf() types.Type
	// SetType records the static type.
	SetType(types.Type)
}

// Typed carries the checker's type of an expression; embedded in every expression node.
//
// Invariant: after checking, a type is settled (types.IsSettled): it mentions no inference
// variable that is bound, at any depth, since the checker writes back what inference found
// (check's settleTypes; so do the types of objects, signatures, calls and selectors it records).
// An inference variable nothing bound stays, where nothing gives a value of it: the elements of
// an empty array that nothing is added to. Later stages read types as they are, without
// types.Resolve. Only the final pass of the checker writes here: its silent first pass keeps
// its types in a side table, and Check clears what an earlier pass or check left in the tree.
type Typed struct {
	Ty types.Type
}

func (t *Typed) TypeOf() types.Type    { return t.Ty }
func (t *Typed) SetType(ty types.Type) { t.Ty = ty }

// Ident is a name. `this` is parsed as `self`.
type Ident struct {
	Span
	Typed
	Name string

	Obj *types.Object // set by the checker
}

// IntLit is an integer literal: `42`, `1_000`, `0xff`, `0b1010`, `0o17`, `7u8`.
type IntLit struct {
	Span
	Typed
	Raw    string // as written
	Value  uint64 // the magnitude (a minus sign is a Unary)
	Suffix string // "", "i8" … "u64"
}

// BigIntLit is a BigInt literal: `123n`, `0xffn`, of any size.
type BigIntLit struct {
	Span
	Typed
	Raw string // as written, with its `n`
}

// FloatLit is a float literal: `1.5`, `2e9`, `2.5E-3`, `1f32`.
type FloatLit struct {
	Span
	Typed
	Raw    string
	Value  float64
	Suffix string // "", "f32", "f64"
}

// StringLit is `"…"`, `r"…"` or `r#"…"#`, with escapes already decoded.
type StringLit struct {
	Span
	Typed
	Value string
	Raw   bool
}

// CharLit is `'a'`.
type CharLit struct {
	Span
	Typed
	Value rune
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	Span
	Typed
	Value bool
}

// NullLit is `null`.
type NullLit struct {
	Span
	Typed
}

// Template is an f-string `f"a{x}b"` or a backtick template “ `a${x}b` “: literal parts (escapes
// and `{{`/`}}` decoded) and nested expressions whose positions point inside the string.
type Template struct {
	Span
	Typed
	Backtick bool
	Parts    []TemplatePart
}

// TemplatePart is a literal run (Expr nil) or an interpolated expression.
type TemplatePart struct {
	Lit  string
	Expr Expr
}

// ArrayLit is `[a, b, c]`.
type ArrayLit struct {
	Span
	Typed
	Elems []Expr
}

// MapLit is `{k: v, …}` (keys are expressions: `{"a": 1}`; an identifier key `{a: 1}` is a
// *StringLit "a", as in JavaScript object literals). `{}` is an empty map.
type MapLit struct {
	Span
	Typed
	Keys   []Expr
	Values []Expr
	Object bool // every key is written as a name (`{x: 1}`): the interpreter's object, a record
}

// SetLit is `{a, b, c}`: a brace list without `:` where an expression is expected, a set
// (EVERYDAY.md §3). `{}` stays an empty map (MapLit).
type SetLit struct {
	Span
	Typed
	Elems []Expr
}

// StructLit is `Config { host: "h", port: 1 }` or `Box<i64> { v: 1 }`; `Config { host, port }`
// is shorthand for `host: host`. Not allowed directly in if/while/for/match heads.
type StructLit struct {
	Span
	Typed
	Type   *NamedType
	Fields []*FieldInit
}

// FieldInit is `name: value` in a struct literal.
type FieldInit struct {
	Span
	Name  *Ident
	Value Expr
}

// TupleLit is `(a, b)`; `()` is the unit value.
type TupleLit struct {
	Span
	Typed
	Elems []Expr
}

// Paren is `(x)`; kept so that the printer and positions stay faithful.
type Paren struct {
	Span
	Typed
	X Expr
}

// Unparen is e without the parentheses around it.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

// Unary is a prefix operator: `! - ~ * &` (`*g` dereferences a guard or a share).
type Unary struct {
	Span
	Typed
	Op string
	X  Expr
}

// Binary is `X Op Y` for the arithmetic, comparison, logical (`&&`/`and`, `||`/`or` are
// normalised to `&&` and `||`) and `??` operators.
type Binary struct {
	Span
	Typed
	Op   string
	X, Y Expr
}

// Assign is `X = Y` or a compound assignment `X op= Y`; Op is "=", "+=", "-=", ….
type Assign struct {
	Span
	Typed
	Op   string
	X, Y Expr
}

// IncDec is `x++` or `x--`.
type IncDec struct {
	Span
	Typed
	Op string // "++" or "--"
	X  Expr
}

// Cond is `c ? a : b`.
type Cond struct {
	Span
	Typed
	C, A, B Expr
}

// Call is `f(args)`, `f<T>(args)`, `x.m(args)`, `T::new(args)`, and `new T(args)` (New set).
type Call struct {
	Span
	Typed
	Fun      Expr
	TypeArgs []Type
	Args     []Expr
	New      bool
}

// Selector is `x.name` or `x::name` (DoubleColon set): fields, methods, enum variants
// (`Shape::Circle`, `Shape.Circle`), members of an import (`m.f`), static calls (`Mutex::new`).
type Selector struct {
	Span
	Typed
	X           Expr
	Name        *Ident
	DoubleColon bool
}

// Index is `x[i]`.
type Index struct {
	Span
	Typed
	X     Expr
	Index Expr
}

// Try is the postfix `x?`.
type Try struct {
	Span
	Typed
	X Expr
}

// Await is `await x`. `await f(x)?` parses as Try{Await{f(x)}}.
type Await struct {
	Span
	Typed
	X Expr
}

// Spawn is `spawn(x)` or `spawn x`.
type Spawn struct {
	Span
	Typed
	X Expr
}

// Share is the prefix `share x`, which puts a value behind a Share<T>.
type Share struct {
	Span
	Typed
	X Expr
}

// Cast is `x as T`.
type Cast struct {
	Span
	Typed
	X    Expr
	Type Type
}

// Range is `a..b` or `a...b` (Inclusive).
type Range struct {
	Span
	Typed
	Lo, Hi    Expr
	Inclusive bool
}

// Lambda is `(a, b) => e`, `x => e`, `(v) => { … }`, `fn(a, b) { … }`, `fn(x: i64): i64 => x + 1`
// and `async (x) => { … }`. Exactly one of Body and ExprBody is set.
type Lambda struct {
	Span
	Typed
	Async    bool
	Fn       bool // spelled with `fn`
	Params   []*Param
	Ret      Type // nil when omitted
	Body     *Block
	ExprBody Expr
}

// AsyncBlock is `async { … }` or `async move { … }`.
type AsyncBlock struct {
	Span
	Typed
	Move bool
	Body *Block
}

// Match is `match x { pattern => expr, pattern => { … }, … }`, as an expression or (inside an
// ExprStmt) a statement.
type Match struct {
	Span
	Typed
	X    Expr
	Arms []*Arm
}

// Arm is one match arm. Body is an Expr, or a *BlockExpr for `=> { … }`.
type Arm struct {
	Span
	Pattern Pattern
	Guard   Expr // `pattern if cond =>`, nil when absent
	Body    Expr
}

// BlockExpr is a block in expression position (a match arm body `=> { … }`). Its value is the
// unit value unless the block returns.
type BlockExpr struct {
	Span
	Typed
	Block *Block
}

func (*Ident) exprNode()      {}
func (*IntLit) exprNode()     {}
func (*FloatLit) exprNode()   {}
func (*BigIntLit) exprNode()  {}
func (*StringLit) exprNode()  {}
func (*CharLit) exprNode()    {}
func (*BoolLit) exprNode()    {}
func (*NullLit) exprNode()    {}
func (*Template) exprNode()   {}
func (*ArrayLit) exprNode()   {}
func (*MapLit) exprNode()     {}
func (*SetLit) exprNode()     {}
func (*StructLit) exprNode()  {}
func (*TupleLit) exprNode()   {}
func (*Paren) exprNode()      {}
func (*Unary) exprNode()      {}
func (*Binary) exprNode()     {}
func (*Assign) exprNode()     {}
func (*IncDec) exprNode()     {}
func (*Cond) exprNode()       {}
func (*Call) exprNode()       {}
func (*Selector) exprNode()   {}
func (*Index) exprNode()      {}
func (*Try) exprNode()        {}
func (*Await) exprNode()      {}
func (*Spawn) exprNode()      {}
func (*Share) exprNode()      {}
func (*Cast) exprNode()       {}
func (*Range) exprNode()      {}
func (*Lambda) exprNode()     {}
func (*AsyncBlock) exprNode() {}
func (*Match) exprNode()      {}
func (*BlockExpr) exprNode()  {}

// ---------------------------------------------------------------------------------------------
// Patterns (match arms, let and for destructuring)

// Pattern is a match or binding pattern.
type Pattern interface {
	Node
	patternNode()
}

// WildcardPat is `_`.
type WildcardPat struct {
	Span
}

// BindPat binds a name: `x`. The parser makes every bare name a BindPat; the checker reads one
// that names a unit variant (`None`, `Empty`) or a constant as that variant or constant.
type BindPat struct {
	Span
	Name *Ident
	Mut  bool
}

// LitPat is a literal: `1`, `-1`, `"a"`, `'c'`, `true`, `null`.
type LitPat struct {
	Span
	Value Expr
}

// VariantPat is `Ok(x)`, `Result::Ok(x)`, `Shape::Circle(r)`, `Shape.Empty`, `None`: the path
// as written (one to three segments) and the payload patterns (none for a unit variant).
type VariantPat struct {
	Span
	Path   []*Ident
	Args   []Pattern
	Parens bool // written with parentheses, even if empty
}

// TuplePat is `(a, b)`, and `[a, b]` in `let [a, b] = pair;` (Brackets), which destructures a
// tuple as `let (a, b)` does: the pair of ends thread.Channel.bounded gives is a tuple.
type TuplePat struct {
	Span
	Elems    []Pattern
	Brackets bool
}

// OrPat is `a | b` (written `(a | b)` or bare in a match arm).
type OrPat struct {
	Span
	Alts []Pattern
}

// RangePat is `1..5` or `'a'...'z'` in a match arm.
type RangePat struct {
	Span
	Lo, Hi    Expr
	Inclusive bool
}

func (*WildcardPat) patternNode() {}
func (*BindPat) patternNode()     {}
func (*LitPat) patternNode()      {}
func (*VariantPat) patternNode()  {}
func (*TuplePat) patternNode()    {}
func (*OrPat) patternNode()       {}
func (*RangePat) patternNode()    {}
