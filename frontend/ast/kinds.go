package ast

// The node kinds of the package, by family. Code that switches on the kind of a node (the
// walker, the printer, the formatter, the checker, the control-flow builder, lower) must say
// what it does with every kind of the family it switches on, if only that it has nothing to do:
// internal/kindcover holds each such switch to these lists, and this package's tests hold the
// lists to the declarations (a type with a stmtNode method is a statement kind, and so on).
var (
	DeclKinds = []Decl{&FuncDecl{}, &StructDecl{}, &EnumDecl{}, &ExtendDecl{}, &ImportDecl{},
		&TypeAliasDecl{}, &TestDecl{}}
	TypeKinds = []Type{&NamedType{}, &ArrayType{}, &OptionalType{}, &TupleType{}, &FuncType{}}
	StmtKinds = []Stmt{&LetStmt{}, &ExprStmt{}, &Block{}, &IfStmt{}, &WhileStmt{}, &ForInStmt{},
		&ForCStmt{}, &BranchStmt{}, &ReturnStmt{}, &DeferStmt{}, &TryStmt{}, &ThrowStmt{},
		&DeclStmt{}, &EmptyStmt{}}
	ExprKinds = []Expr{&Ident{}, &IntLit{}, &BigIntLit{}, &FloatLit{}, &StringLit{}, &CharLit{}, &BoolLit{},
		&NullLit{}, &Template{}, &ArrayLit{}, &MapLit{}, &SetLit{}, &StructLit{}, &TupleLit{},
		&Paren{}, &Unary{}, &Binary{}, &Assign{}, &IncDec{}, &Cond{}, &Call{}, &Selector{},
		&Index{}, &Try{}, &Await{}, &Spawn{}, &Share{}, &Cast{}, &Range{}, &Lambda{},
		&AsyncBlock{}, &Match{}, &BlockExpr{}}
	PatternKinds = []Pattern{&WildcardPat{}, &BindPat{}, &LitPat{}, &VariantPat{}, &TuplePat{},
		&OrPat{}, &RangePat{}}
	// OtherKinds are the nodes of no family: parts of declarations and expressions.
	OtherKinds = []Node{&File{}, &TypeParam{}, &Param{}, &Field{}, &Variant{}, &FieldInit{}, &Arm{}}
)

// AllKinds lists every node kind.
func AllKinds() []Node {
	var all []Node
	for _, d := range DeclKinds {
		all = append(all, d)
	}
	for _, t := range TypeKinds {
		all = append(all, t)
	}
	for _, s := range StmtKinds {
		all = append(all, s)
	}
	for _, e := range ExprKinds {
		all = append(all, e)
	}
	for _, p := range PatternKinds {
		all = append(all, p)
	}
	return append(all, OtherKinds...)
}
