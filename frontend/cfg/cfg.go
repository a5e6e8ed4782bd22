// Package cfg builds the control-flow graph of a function body: the one place that knows how
// each statement and expression of AdeshLang moves control. The checker's flow questions (does
// this statement end its block, may that run after this without a join between, is this
// inside a loop), the concurrency analyses (lock guards held at awaits, children spawned again
// on every iteration, writes while a thread reads) and lower's termination questions all ask
// the graph, so that a new statement kind touches the builder once and every analysis sees it.
//
// It is built in the spirit of golang.org/x/tools/go/cfg: blocks of nodes that run in order,
// with edges where control may go next. Unlike go/cfg it also spells out what AdeshLang does at
// the edges of blocks and statements, as nodes of their own: where a scope ends (its defers
// run, its bindings die: ScopeEnd, on every path out of it, fall-through, break, continue,
// return, `?` and throw), where a statement's temporaries die (StmtEnd), where a for-in takes
// its next element (Iterate) and where a catch binds its error (Catch). Expressions are
// flattened in evaluation order (children before their parent), with blocks for the ones that
// branch (`&&`, `||`, `??`, `?:`, `match`, `?`), so that every expression of the body appears
// once, except in the copies of a `finally` or a `defer` body, which the graph repeats on each
// path through them. The bodies of lambdas, async blocks and nested functions are graphs of
// their own: the node that makes one appears, its body does not.
//
// The structure is syntactic, so the checker can ask about termination before its types are
// known; the suspension points (awaits, `.await()`, a for-in over a channel) are marked once
// the types are known (MarkSuspensions).
package cfg

import (
	"adesh2go/frontend/ast"
)

// Graph is the control-flow graph of one body.
type Graph struct {
	Blocks []*Block // Blocks[0] is the entry, Blocks[1] the exit
	Root   ast.Node // *ast.FuncDecl, *ast.Lambda, *ast.AsyncBlock; nil for the top-level code

	at       map[ast.Node][]Point  // where each node runs (several places for a copy)
	stmts    map[ast.Stmt]stmtSpan // where each statement starts and where it completes
	suspends map[ast.Node]bool     // the suspension points
	live     []bool                // the blocks reachable from the entry (lazily)
}

// Block is a run of nodes that execute one after the other.
type Block struct {
	Index int
	Kind  string     // what made it: "entry", "if.then", "for.body", … (for tests and printing)
	Nodes []ast.Node // in order
	Succs []*Block
	Preds []*Block
	// Cond, when set, is the condition the block ends on: control goes to Succs[0] when it is
	// true and to Succs[1] when it is false.
	Cond ast.Expr
}

// Point is one place in a graph: the Index'th node of Block.
type Point struct {
	Block *Block
	Index int
}

type stmtSpan struct {
	start      Point
	firstBlock int    // the index of the first block the statement made
	end        *Block // where control is when the statement completes normally
}

// Entry is the block where the body starts.
func (g *Graph) Entry() *Block { return g.Blocks[0] }

// Exit is the block every return, uncaught throw and fall-through from the end reaches.
func (g *Graph) Exit() *Block { return g.Blocks[1] }

// Points lists the places where n runs: one for most nodes, several for a node of a `finally`
// or `defer` body, none for a node that is not in the body (or a statement the graph does not
// list, such as one inside a lambda). A compound statement is at its start; a for-in is where
// it takes each element.
func (g *Graph) Points(n ast.Node) []Point { return g.at[n] }

// Contains reports whether n runs in the body.
func (g *Graph) Contains(n ast.Node) bool { return len(g.at[n]) > 0 }

// Suspends reports whether n is a point where the body may suspend (an await, a `.await()`, a
// for-in over a channel taking its next element), once MarkSuspensions has run.
func (g *Graph) Suspends(n ast.Node) bool { return g.suspends[n] }

// MarkSuspensions marks the nodes for which is says true as suspension points.
func (g *Graph) MarkSuspensions(is func(ast.Node) bool) {
	g.suspends = map[ast.Node]bool{}
	for _, b := range g.Blocks {
		for _, n := range b.Nodes {
			if is(n) {
				g.suspends[n] = true
			}
		}
	}
}

// CompletesNormally reports whether control can reach the end of s from its start: not when
// every path through it returns, throws, breaks or continues out of it, or loops for ever.
// (Whether s can be reached at all is another question.) A statement the graph does not hold
// completes, as far as it knows.
func (g *Graph) CompletesNormally(s ast.Stmt) bool {
	sp, ok := g.stmts[s]
	if !ok {
		return true
	}
	if sp.end == sp.start.Block {
		return true
	}
	seen := map[*Block]bool{sp.start.Block: true}
	work := []*Block{sp.start.Block}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range b.Succs {
			if s == sp.end {
				return true
			}
			if s.Index >= sp.firstBlock && !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// Reaches reports whether control that has just run from may run to next, on a path that runs
// no node for which avoid says true (avoid may be nil). from and to may be the same node: then
// the question is whether it may run again.
func (g *Graph) Reaches(from, to ast.Node, avoid func(ast.Node) bool) bool {
	targets := map[Point]bool{}
	for _, p := range g.at[to] {
		targets[p] = true
	}
	if len(targets) == 0 {
		return false
	}
	seen := map[*Block]bool{}
	var work []*Block
	// scan runs a block from index i on; it reports whether it reached to, and queues the
	// successors when nothing avoided stopped it.
	scan := func(b *Block, i int) bool {
		for ; i < len(b.Nodes); i++ {
			if targets[Point{b, i}] {
				return true
			}
			if avoid != nil && avoid(b.Nodes[i]) {
				return false
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
		return false
	}
	for _, p := range g.at[from] {
		if scan(p.Block, p.Index+1) {
			return true
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if scan(b, 0) {
			return true
		}
	}
	return false
}

// Reachable reports whether a block can be reached from the entry.
func (g *Graph) Reachable(b *Block) bool {
	if g.live == nil {
		g.live = make([]bool, len(g.Blocks))
		g.live[0] = true
		work := []*Block{g.Entry()}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			for _, s := range x.Succs {
				if !g.live[s.Index] {
					g.live[s.Index] = true
					work = append(work, s)
				}
			}
		}
	}
	return g.live[b.Index]
}
