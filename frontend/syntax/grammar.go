package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"

	"adesh2go/frontend/ast"
)

// The participle grammar of items, declarations and statements. Each struct is one production;
// its tags say what it matches, and the comment above it says the same in EBNF, with the names
// the hand-written parse functions give their productions. Fields of the interface types below
// are custom productions written by hand (custom.go): expressions by precedence climbing,
// types, patterns, names, blocks with error recovery, and the statement terminator.
//
// Pos and Tokens are filled in by participle and give each node its span.

// Custom productions, registered with participle.ParseTypeWith.
type (
	// headExpr is HeadExpr, an expression where a struct literal may not appear
	// unparenthesised: the head of if/while/for/match, as in Go and Rust.
	headExpr interface{ ast.Expr }
	// stmtExpr is StmtExpr, an expression that starts a statement: it does not match `{` (a
	// block), `fn name` (a declaration) or a keyword that starts another statement.
	stmtExpr interface{ ast.Expr }
	// nameNode is Name, a name being declared: a *ast.Ident; a keyword there is an error.
	nameNode interface{ ast.Expr }
	// blockNode is Block, `{ statements }`: a *ast.Block.
	blockNode interface{ ast.Stmt }
	// semiNode is Semi, the `;` that ends a statement (optional after `}`); it has no value.
	semiNode interface{ ast.Node }
	// fnHead is FnHead, `fn` or `async fn` starting a function declaration (not a lambda:
	// `fn(`): a *fnKeyword.
	fnHead interface{ ast.Node }
	// signature is Signature, a parameter list `(a, b: T, c = 1)` and the return type after
	// it, if any (`: R` or `-> R`): a *funcSignature.
	signature interface{ ast.Node }
	// structBody is StructBody, `{ field: Type, …  fn method() { … } }`: a *structMembers.
	// Fields are separated by `,` or `;` (optional before `}` and methods); methods are funcG.
	structBody interface{ ast.Node }
	// enumBody is EnumBody, `{ A, B(T, U), … }` (a trailing `,` allowed): a *enumVariants.
	enumBody interface{ ast.Node }
	// forCHead is ForCHead, the `(init; cond; post)` of a C-style for: a *ast.ForCStmt without
	// a body.
	forCHead interface{ ast.Stmt }
)

// Hand-parsed lists carried through participle by custom productions.
type funcSignature struct {
	ast.Span
	Params []*ast.Param
	Ret    ast.Type
}

type fnKeyword struct {
	ast.Span
	Async bool
}

type structMembers struct {
	ast.Span
	Fields  []*ast.Field
	Methods []*ast.FuncDecl
}

type enumVariants struct {
	ast.Span
	Variants []*ast.Variant
}

// itemG is one top-level item: a declaration that only the top level has, or a statement
// (which may declare too), maybe exported.
//
//	Item = [ "export" ] ( FuncDecl | StructDecl | EnumDecl | ExtendDecl | ImportDecl | Statement ) .
type itemG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Export bool     `parser:"@'export'?"`
	Func   *funcG   `parser:"( @@"`
	Struct *structG `parser:"| @@"`
	Enum   *enumG   `parser:"| @@"`
	Extend *extendG `parser:"| @@"`
	Import *importG `parser:"| @@"`
	Stmt   *stmtG   `parser:"| @@ )"`
}

// chunkG is a run of items: participle parses a chunk of the file in one go, and item by item
// only after an error (to recover).
//
// Chunk = { Item } .
type chunkG struct {
	Items []*itemG `parser:"@@*"`
}

// FuncDecl   = FnHead Name [ TypeParams ] Signature Block .
// TypeParams = "<" TypeParam { "," TypeParam } ">" .
type funcG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Head       fnHead        `parser:"@@"`
	Name       nameNode      `parser:"@@"`
	TypeParams []*typeParamG `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Sig        signature     `parser:"@@"`
	Body       blockNode     `parser:"@@"`
}

// TypeParam = Name [ ":" UnionType { "+" UnionType } ] .
type typeParamG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Name   nameNode   `parser:"@@"`
	Bounds []ast.Type `parser:"( ':' @@ ( '+' @@ )* )?"`
}

// StructDecl = "struct" Name [ TypeParams ] StructBody .
type structG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Name       nameNode      `parser:"'struct' @@"`
	TypeParams []*typeParamG `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Body       structBody    `parser:"@@"`
}

// EnumDecl = "enum" Name [ TypeParams ] EnumBody .
type enumG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Name       nameNode      `parser:"'enum' @@"`
	TypeParams []*typeParamG `parser:"( '<' @@ ( ',' @@ )* '>' )?"`
	Body       enumBody      `parser:"@@"`
}

//	ExtendDecl = ( "extend" [ identifier ] "on" | "impl" [ TypeParams ] ) UnionType
//		"{" { FuncDecl } "}" .
//
// The identifier names the extension (`extend Name on T`); it is read and dropped.
type extendG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Impl       bool          `parser:"( 'extend' Ident? 'on' | @'impl'"`
	TypeParams []*typeParamG `parser:"  ( '<' @@ ( ',' @@ )* '>' )? )"`
	Target     ast.Type      `parser:"@@"`
	Methods    []*funcG      `parser:"'{' @@* '}'"`
}

// ImportDecl = "import" ( string_lit | Name ) [ "as" Name ] Semi .
type importG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Path   *lexer.Token `parser:"'import' ( @String"`
	Std    bool         `parser:"         | ( @'std' ':' )?"` // `import std:thread;`
	Module nameNode     `parser:"           @@ )"`            // a standard module: `import thread;`
	Alias  nameNode     `parser:"( 'as' @@ )?"`
	Semi   semiNode     `parser:"@@"`
}

// stmtG is one statement. The hand-written statements come first (everyday.go: let and its
// kin but `share`, for, and the interpreter's forms), then the expression statement: both
// productions give up at once on a token that starts another kind of statement, so that the
// common case tries few alternatives.
//
//	Statement = HandStmt | ExprStmt | LetStmt | IfStmt | WhileStmt | ForStmt | ReturnStmt |
//		BranchStmt | DeferStmt | TryStmt | ThrowStmt | FuncDecl | StructDecl | EnumDecl |
//		Block | EmptyStmt .
//
// In blocks, parseBlockStmt parses the same Statement.
type stmtG struct {
	Hand   everydayStmt `parser:"  @@"`
	Expr   *exprStmtG   `parser:"| @@"`
	Let    *letG        `parser:"| @@"`
	If     *ifG         `parser:"| @@"`
	While  *whileG      `parser:"| @@"`
	For    *forG        `parser:"| @@"`
	Return *returnG     `parser:"| @@"`
	Branch *branchG     `parser:"| @@"`
	Defer  *deferG      `parser:"| @@"`
	Try    *tryG        `parser:"| @@"`
	Throw  *throwG      `parser:"| @@"`
	Func   *funcG       `parser:"| @@"`
	Struct *structG     `parser:"| @@"`
	Enum   *enumG       `parser:"| @@"`
	Block  blockNode    `parser:"| @@"`
	Empty  *emptyG      `parser:"| @@"`
}

// ExprStmt = StmtExpr Semi .
type exprStmtG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	X    stmtExpr `parser:"@@"`
	Semi semiNode `parser:"@@"`
}

// letG is every binding form: `let`, `let mut`, `const`, `share let`, `share x = …`,
// `strong a = d`, `weak w = d`. (`share e;`, the expression, is taken by exprStmtG first.)
//
//	LetStmt = LetWord [ "mut" ] Pattern [ ":" UnionType ] [ "=" Expr ] Semi .
//
// everydayStmtProd, tried first, takes every let that does not begin with `share` (parseLet,
// whose LetStmt also has a BracketPattern and a MultiLet), so letG parses only the `share` forms.
type letG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Kind    string      `parser:"( @'let' | @'const' | @'share' 'let'? | @'strong' | @'weak' )"`
	Mut     bool        `parser:"@'mut'?"`
	Pattern ast.Pattern `parser:"@@"`
	Type    ast.Type    `parser:"( ':' @@ )?"`
	Value   ast.Expr    `parser:"( '=' @@ )?"`
	Semi    semiNode    `parser:"@@"`
}

// IfStmt = ( "if" | "elif" ) HeadExpr Block [ ElseClause ] .
type ifG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Cond headExpr  `parser:"( 'if' | 'elif' ) @@"`
	Then blockNode `parser:"@@"`
	Else *elseG    `parser:"@@?"`
}

// ElseClause = "else" ( IfStmt | Block ) | IfStmt .
// The IfStmt without `else` begins with `elif`.
type elseG struct {
	If    *ifG      `parser:"  'else' ( @@"`
	Block blockNode `parser:"           | @@ )"`
	Elif  *ifG      `parser:"| (?= 'elif') @@"`
}

// WhileStmt = "while" HeadExpr Block .
type whileG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Cond headExpr  `parser:"'while' @@"`
	Body blockNode `parser:"@@"`
}

// forG is the C-style `for (init; cond; post)` or `for pattern in iter`.
//
//	ForStmt = "for" ( ForCHead | Pattern "in" HeadExpr ) Block .
//
// everydayStmtProd, tried first, takes every `for` (parseFor, which also has `for (x in xs)` and
// `for x of xs`), so forG is not reached; it is the core of the production.
type forG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	CHead   forCHead    `parser:"'for' ( @@"`
	Pattern ast.Pattern `parser:"  | @@ 'in'"`
	Iter    headExpr    `parser:"    @@ )"`
	Body    blockNode   `parser:"@@"`
}

// ReturnStmt = "return" [ Expr ] Semi .
type returnG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Value ast.Expr `parser:"'return' @@?"`
	Semi  semiNode `parser:"@@"`
}

// BranchStmt = ( "break" | "continue" ) Semi .
type branchG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Continue bool     `parser:"( 'break' | @'continue' )"`
	Semi     semiNode `parser:"@@"`
}

// DeferStmt = "defer" ( Block | Expr Semi ) .
type deferG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Block blockNode `parser:"'defer' ( @@"`
	X     ast.Expr  `parser:"  | @@"`
	Semi  semiNode  `parser:"    @@ )"`
}

// TryStmt = "try" Block [ Catch ] [ "finally" Block ] .
// `finally` is a contextual name (participle matches it by its text). A TryStmt with neither
// Catch nor finally parses, and convertTry reports it.
type tryG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Body    blockNode `parser:"'try' @@"`
	Catch   *catchG   `parser:"@@?"`
	Finally blockNode `parser:"( 'finally' @@ )?"`
}

// catchG is `catch (e) { }`, `catch (e: Error) { }`, `catch e { }` or `catch { }`.
//
//	Catch = "catch" [ "(" Name [ ":" UnionType ] ")" | Name ] Block .
type catchG struct {
	ParenName nameNode  `parser:"'catch' ( '(' @@"`
	Type      ast.Type  `parser:"  ( ':' @@ )? ')'"`
	BareName  nameNode  `parser:"| @@ )?"`
	Body      blockNode `parser:"@@"`
}

// ThrowStmt = "throw" Expr Semi .
type throwG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Value ast.Expr `parser:"'throw' @@"`
	Semi  semiNode `parser:"@@"`
}

// EmptyStmt = ";" .
type emptyG struct {
	Pos    lexer.Position
	Tokens []lexer.Token

	Semi bool `parser:"@';'"`
}
