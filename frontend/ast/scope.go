package ast

// OpensScope reports whether the names declared directly under n live only as long as n: the
// bindings of a block, of a for-in or C-style for head, of a catch, of a match arm, the
// parameters of a function or lambda, the names of a file. Where such a node ends, on every path
// out of it, its bindings die and its defers run (the control-flow graph's ScopeEnd).
func OpensScope(n Node) bool {
	switch n.(type) {
	case *File, *Block, *ForInStmt, *ForCStmt, *Arm, *TryStmt, *FuncDecl, *Lambda, *AsyncBlock:
		return true
	case *LetStmt, *ExprStmt, *IfStmt, *WhileStmt, *BranchStmt, *ReturnStmt, *DeferStmt,
		*ThrowStmt, *DeclStmt, *EmptyStmt:
		return false // what they bind belongs to the scope around them
	case *Ident, *IntLit, *BigIntLit, *FloatLit, *StringLit, *CharLit, *BoolLit, *NullLit, *Template,
		*ArrayLit, *MapLit, *SetLit, *StructLit, *TupleLit, *Paren, *Unary, *Binary, *Assign,
		*IncDec, *Cond, *Call, *Selector, *Index, *Try, *Await, *Spawn, *Share, *Cast, *Range,
		*Match, *BlockExpr:
		return false // an expression binds nothing; a match's arms and a block expression's block do
	}
	return false
}
