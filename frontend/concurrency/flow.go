package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/cfg"
	"adesh2go/frontend/check"
)

// flow returns the graph of fi's body with its suspension points marked.
func (a *analysis) flow(fi *check.FuncInfo) *cfg.Graph {
	g := a.info.Flow(fi)
	if !a.marked[g] {
		a.marked[g] = true
		g.MarkSuspensions(a.suspends)
	}
	return g
}

// suspends reports whether a node of a body is a point where it may suspend: an await, a
// `.await()`, a for-in over a channel taking its next element.
func (a *analysis) suspends(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.Await:
		return true
	case *ast.Call:
		ci := a.info.Calls[n]
		return ci != nil && ci.Kind == check.CallAwait
	case *cfg.Iterate:
		fi := a.info.ForIns[n.Loop]
		return fi != nil && fi.Kind == check.IterChannel
	}
	return false
}

// stmtOf returns the statement whose end releases the temporaries of n: the innermost
// statement around it, or the lambda whose body is the expression n is in.
func (a *analysis) stmtOf(n ast.Node) ast.Node {
	for p := parentOf(n); p != nil; p = parentOf(p) {
		switch p.(type) {
		case ast.Stmt, *ast.Lambda:
			return p
		}
	}
	return nil
}

// anchor returns the node that stands for n in the graph g: n itself when it runs there, else
// the innermost node around it that does (a let for the names it binds, a lambda for what is
// inside it, a for-in's Iterate for its variables); nil when n is outside the body.
func (a *analysis) anchor(g *cfg.Graph, n ast.Node) ast.Node {
	for ; n != nil; n = parentOf(n) {
		if ps := g.Points(n); len(ps) > 0 {
			return ps[0].Block.Nodes[ps[0].Index] // a for-in's Iterate, a try's Catch
		}
	}
	return nil
}
