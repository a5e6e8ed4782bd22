package cfg

import "adesh2go/frontend/ast"

// The nodes the graph adds to the syntax tree's, for what happens at the edges of statements and
// blocks. Each spans the source it stands for, so that a message can point at it.

// ScopeEnd is where a scope ends on one path out of it: after the defers registered in it have
// run (the graph holds their bodies just before), the bindings of Scope and of every scope
// inside it die, and with them the shares and lock guards they hold. Scope is a node that opens
// a scope (ast.OpensScope). Unwind marks the end on the way to a catch, where the graph does not
// know which of the scopes inside were open.
type ScopeEnd struct {
	ast.Span
	Scope  ast.Node
	Unwind bool
}

// StmtEnd is where the temporaries of a statement die: a lock guard that is only read through
// (`*m.lock() + 1`) is released there. Stmt is the statement, or the lambda whose body is an
// expression. After the condition of an if, a while or a C-style for, and after the iterable of
// a for-in, the statement's StmtEnd starts each branch.
type StmtEnd struct {
	ast.Span
	Stmt ast.Node
}

// Iterate is where a for-in takes its next element and binds it to its pattern (for a channel,
// a suspension point).
type Iterate struct {
	ast.Span
	Loop *ast.ForInStmt
}

// Catch is where a catch binds the error it caught.
type Catch struct {
	ast.Span
	Try *ast.TryStmt
}

func spanOf(n ast.Node) ast.Span { return ast.Span{Start: n.Pos(), End: n.EndPos()} }
