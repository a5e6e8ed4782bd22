package cfg

import "adesh2go/frontend/ast"

// Build makes the graph of a function's, lambda's or async block's body.
func Build(root ast.Node) *Graph {
	b := newBuilder(root)
	switch r := root.(type) {
	case *ast.FuncDecl:
		b.scoped(r, func() {
			b.params(r.Params)
			if r.Body != nil {
				b.block(r.Body)
			}
		})
	case *ast.Lambda:
		b.scoped(r, func() {
			b.params(r.Params)
			if r.Body != nil {
				b.block(r.Body)
			} else if r.ExprBody != nil {
				b.expr(r.ExprBody)
				b.add(&StmtEnd{Span: spanOf(r.ExprBody), Stmt: r})
			}
		})
	case *ast.AsyncBlock:
		b.block(r.Body)
	}
	return b.finish()
}

// BuildMain makes the graph of the top-level statements, in the order they run.
func BuildMain(stmts []ast.Stmt) *Graph {
	b := newBuilder(nil)
	for _, s := range stmts {
		b.stmt(s)
	}
	return b.finish()
}

type frameKind uint8

const (
	scopeFrame   frameKind = iota // a scope: its defers run and its bindings die when it ends
	loopFrame                     // a loop: where break and continue go
	finallyFrame                  // a try's finally: every path out of the try runs it
	catchFrame                    // a try's catch: where a throw goes
)

// frame is one construct around the point being built that a jump out of it must pass.
type frame struct {
	kind    frameKind
	node    ast.Node         // scope: the node that opens it; finally: the try
	defers  []*ast.DeferStmt // scope: the defers registered in it so far
	brk     *Block           // loop: where break goes
	cont    *Block           // loop: where continue goes
	handler *Block           // catch: where a throw goes
}

type jumpKind uint8

const (
	jumpBreak jumpKind = iota
	jumpContinue
	jumpReturn
	jumpThrow
)

type builder struct {
	g      *Graph
	cur    *Block
	frames []*frame
}

func newBuilder(root ast.Node) *builder {
	g := &Graph{Root: root, at: map[ast.Node][]Point{}, stmts: map[ast.Stmt]stmtSpan{}}
	b := &builder{g: g}
	b.cur = b.newBlock("entry")
	b.newBlock("exit")
	return b
}

func (b *builder) finish() *Graph {
	b.edgeTo(b.g.Exit())
	for _, blk := range b.g.Blocks {
		for _, s := range blk.Succs {
			s.Preds = append(s.Preds, blk)
		}
	}
	return b.g
}

func (b *builder) newBlock(kind string) *Block {
	blk := &Block{Index: len(b.g.Blocks), Kind: kind}
	b.g.Blocks = append(b.g.Blocks, blk)
	return blk
}

// add appends a node to the current block.
func (b *builder) add(n ast.Node) {
	b.g.at[n] = append(b.g.at[n], Point{b.cur, len(b.cur.Nodes)})
	b.cur.Nodes = append(b.cur.Nodes, n)
}

// edgeTo adds an edge from the current block.
func (b *builder) edgeTo(to *Block) { b.cur.Succs = append(b.cur.Succs, to) }

// branch ends the current block on cond: to t when it holds, to f when it does not.
func (b *builder) branch(cond ast.Expr, t, f *Block) {
	b.cur.Cond = cond
	b.cur.Succs = append(b.cur.Succs, t, f)
}

// unreachable starts the block of what follows a jump: nothing reaches it.
func (b *builder) unreachable() { b.cur = b.newBlock("unreachable") }

// dead reports whether nothing can reach the current block: after a jump, the code that
// follows needs no copies of defers.
func (b *builder) dead() bool { return b.cur.Kind == "unreachable" }

func (b *builder) push(f *frame) { b.frames = append(b.frames, f) }
func (b *builder) pop()          { b.frames = b.frames[:len(b.frames)-1] }

// scoped builds body inside the scope n opens, and ends the scope where body falls through.
func (b *builder) scoped(n ast.Node, body func()) {
	f := &frame{kind: scopeFrame, node: n}
	b.push(f)
	body()
	b.pop()
	b.endScope(f, len(b.frames))
}

// endScope runs a scope's defers, last registered first, then ends it. depth is the number of
// frames around the scope: what a defer's body does, it does there.
func (b *builder) endScope(f *frame, depth int) {
	if b.dead() {
		return
	}
	for i := len(f.defers) - 1; i >= 0; i-- {
		b.outside(depth, func() { b.stmt(f.defers[i].Body) })
	}
	b.add(&ScopeEnd{Span: spanOf(f.node), Scope: f.node})
}

// outside builds body with only the frames below depth around it.
func (b *builder) outside(depth int, body func()) {
	saved := b.frames
	b.frames = saved[:depth:depth]
	body()
	b.frames = saved
}

// jump leaves the current point for the target of a break, continue, return or throw, passing
// every scope and finally on the way out.
func (b *builder) jump(kind jumpKind) {
	for i := len(b.frames) - 1; i >= 0; i-- {
		f := b.frames[i]
		switch f.kind {
		case scopeFrame:
			b.endScope(f, i)
		case finallyFrame:
			b.outside(i, func() { b.block(f.node.(*ast.TryStmt).Finally) })
		case loopFrame:
			if kind == jumpBreak {
				b.edgeTo(f.brk)
				b.unreachable()
				return
			}
			if kind == jumpContinue {
				b.edgeTo(f.cont)
				b.unreachable()
				return
			}
		case catchFrame:
			if kind == jumpThrow {
				b.edgeTo(f.handler)
				b.unreachable()
				return
			}
		}
	}
	// A return, a throw nothing catches (or a break outside a loop, which the checker refuses).
	b.edgeTo(b.g.Exit())
	b.unreachable()
}

func (b *builder) params(ps []*ast.Param) {
	for _, p := range ps {
		b.expr(p.Default)
		b.add(p)
	}
}

// block builds a block (a function's body, a branch, a loop's body…) as the statement it is.
func (b *builder) block(blk *ast.Block) {
	if blk != nil {
		b.stmt(blk)
	}
}

// blockBody builds a block's statements in its scope.
func (b *builder) blockBody(blk *ast.Block) {
	b.scoped(blk, func() {
		for _, s := range blk.Stmts {
			b.stmt(s)
		}
	})
}

// stmt builds a statement and records where it starts and where it completes.
func (b *builder) stmt(s ast.Stmt) {
	if s == nil {
		return
	}
	start := Point{b.cur, len(b.cur.Nodes)}
	first := len(b.g.Blocks)
	b.stmt1(s)
	b.g.stmts[s] = stmtSpan{start: start, firstBlock: first, end: b.cur}
}

func (b *builder) stmt1(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.LetStmt:
		b.expr(s.Value)
		b.add(s)
		b.add(&StmtEnd{Span: spanOf(s), Stmt: s})
	case *ast.ExprStmt:
		b.expr(s.X)
		b.add(s)
		b.add(&StmtEnd{Span: spanOf(s), Stmt: s})
		if isExitCall(s.X) {
			b.jump(jumpReturn) // exit(code) ends the program, running pending defers
		}
	case *ast.Block:
		b.blockBody(s)
	case *ast.IfStmt:
		b.expr(s.Cond)
		then, join := b.newBlock("if.then"), b.newBlock("if.done")
		els := join
		if s.Else != nil {
			els = b.newBlock("if.else")
		}
		b.branch(s.Cond, then, els)
		b.cur = then
		b.add(&StmtEnd{Span: spanOf(s.Cond), Stmt: s})
		b.block(s.Then)
		b.edgeTo(join)
		if s.Else != nil {
			b.cur = els
			b.add(&StmtEnd{Span: spanOf(s.Cond), Stmt: s})
			b.stmt(s.Else)
			b.edgeTo(join)
			b.cur = join
		} else {
			b.cur = join
			b.add(&StmtEnd{Span: spanOf(s.Cond), Stmt: s})
		}
	case *ast.WhileStmt:
		head, body, after := b.newBlock("while.head"), b.newBlock("while.body"), b.newBlock("while.done")
		b.edgeTo(head)
		b.cur = head
		b.loop(s, s.Cond, body, after, func() { b.block(s.Body) }, head)
	case *ast.ForCStmt:
		b.scoped(s, func() {
			b.stmt(s.Init)
			head, body, post, after := b.newBlock("for.head"), b.newBlock("for.body"), b.newBlock("for.post"), b.newBlock("for.done")
			b.edgeTo(head)
			b.cur = head
			b.loop(s, s.Cond, body, after, func() { b.block(s.Body) }, post)
			// The loop left b.cur at after; the post statement runs from post back to head.
			after = b.cur
			b.cur = post
			b.stmt(s.Post)
			b.edgeTo(head)
			b.cur = after
		})
	case *ast.ForInStmt:
		b.expr(s.Iter)
		b.add(&StmtEnd{Span: spanOf(s.Iter), Stmt: s})
		b.scoped(s, func() {
			head, body, after := b.newBlock("forin.head"), b.newBlock("forin.body"), b.newBlock("forin.done")
			b.edgeTo(head)
			b.cur = head
			it := &Iterate{Span: spanOf(s.Iter), Loop: s}
			b.add(it)
			b.g.at[s] = b.g.at[it]
			b.cur.Succs = append(b.cur.Succs, body, after)
			b.cur = body
			b.push(&frame{kind: loopFrame, brk: after, cont: head})
			b.block(s.Body)
			b.pop()
			b.edgeTo(head)
			b.cur = after
		})
	case *ast.BranchStmt:
		b.add(s)
		if s.Continue {
			b.jump(jumpContinue)
		} else {
			b.jump(jumpBreak)
		}
	case *ast.ReturnStmt:
		b.expr(s.Value)
		b.add(s)
		b.jump(jumpReturn)
	case *ast.DeferStmt:
		b.add(s) // registered here; its body runs where its scope ends (endScope)
		for i := len(b.frames) - 1; i >= 0; i-- {
			if b.frames[i].kind == scopeFrame {
				b.frames[i].defers = append(b.frames[i].defers, s)
				break
			}
		}
	case *ast.TryStmt:
		b.try(s)
	case *ast.ThrowStmt:
		b.expr(s.Value)
		b.add(s)
		b.jump(jumpThrow)
	case *ast.DeclStmt:
		b.add(s) // a nested declaration: a function is a graph of its own
	case *ast.EmptyStmt:
		// nothing runs
	}
}

// loop builds the head's condition (none, or a literal true: the loop is left only by a jump),
// the body and the edges around them; cont is where continue goes. It leaves b.cur at after.
func (b *builder) loop(s ast.Stmt, cond ast.Expr, body, after *Block, buildBody func(), cont *Block) {
	if cond != nil {
		b.expr(cond)
	}
	if cond == nil || isTrue(cond) {
		b.edgeTo(body)
	} else {
		b.branch(cond, body, after)
	}
	b.cur = body
	if cond != nil {
		b.add(&StmtEnd{Span: spanOf(cond), Stmt: s})
	}
	b.push(&frame{kind: loopFrame, brk: after, cont: cont})
	buildBody()
	b.pop()
	b.edgeTo(cont)
	b.cur = after
	if cond != nil && !isTrue(cond) {
		b.add(&StmtEnd{Span: spanOf(cond), Stmt: s})
	}
}

// try builds try/catch/finally. A throw in the body (any call may throw) reaches the catch: every
// block of the body has an edge to it, through a block that ends the body's scopes. Every path
// out of the try runs a copy of the finally: the normal one here, the others where they jump.
func (b *builder) try(s *ast.TryStmt) {
	fin := s.Finally != nil
	if fin {
		b.push(&frame{kind: finallyFrame, node: s})
	}
	var unwind *Block
	if s.Catch != nil {
		unwind = b.newBlock("try.catch")
		b.push(&frame{kind: catchFrame, node: s, handler: unwind})
	}
	entry := b.newBlock("try.body")
	b.edgeTo(entry)
	b.cur = entry
	b.block(s.Body)
	if s.Catch != nil {
		b.pop()
		for _, blk := range b.g.Blocks[entry.Index:] {
			blk.Succs = append(blk.Succs, unwind)
		}
		bodyEnd := b.cur
		b.cur = unwind
		b.add(&ScopeEnd{Span: spanOf(s.Body), Scope: s.Body, Unwind: true})
		b.scoped(s, func() {
			c := &Catch{Span: spanOf(s.Catch), Try: s}
			b.add(c)
			b.g.at[s] = b.g.at[c]
			b.block(s.Catch)
		})
		catchEnd := b.cur
		join := b.newBlock("try.done")
		b.cur = bodyEnd
		b.edgeTo(join)
		b.cur = catchEnd
		b.edgeTo(join)
		b.cur = join
	}
	if fin {
		b.pop()
		b.block(s.Finally)
	}
}

// expr builds an expression in evaluation order: its parts, then itself.
func (b *builder) expr(e ast.Expr) {
	if e == nil {
		return
	}
	switch e := e.(type) {
	case *ast.Ident, *ast.IntLit, *ast.BigIntLit, *ast.FloatLit, *ast.StringLit, *ast.CharLit, *ast.BoolLit, *ast.NullLit:
	case *ast.Template:
		for _, p := range e.Parts {
			b.expr(p.Expr)
		}
	case *ast.ArrayLit:
		b.exprs(e.Elems)
	case *ast.MapLit:
		for i := range e.Keys {
			b.expr(e.Keys[i])
			if i < len(e.Values) {
				b.expr(e.Values[i])
			}
		}
	case *ast.SetLit:
		b.exprs(e.Elems)
	case *ast.StructLit:
		for _, f := range e.Fields {
			if f.Value == nil {
				b.expr(f.Name) // `Point { x }`: the variable x
			} else {
				b.expr(f.Value)
			}
		}
	case *ast.TupleLit:
		b.exprs(e.Elems)
	case *ast.Paren:
		b.expr(e.X)
	case *ast.Unary:
		b.expr(e.X)
	case *ast.Binary:
		b.expr(e.X)
		if e.Op == "&&" || e.Op == "||" || e.Op == "??" {
			// The right side runs only on one outcome of the left.
			right, join := b.newBlock("binary.right"), b.newBlock("binary.done")
			b.cur.Succs = append(b.cur.Succs, right, join)
			b.cur = right
			b.expr(e.Y)
			b.edgeTo(join)
			b.cur = join
		} else {
			b.expr(e.Y)
		}
	case *ast.Assign:
		b.expr(e.X)
		b.expr(e.Y)
	case *ast.IncDec:
		b.expr(e.X)
	case *ast.Cond:
		b.expr(e.C)
		then, els, join := b.newBlock("cond.then"), b.newBlock("cond.else"), b.newBlock("cond.done")
		b.branch(e.C, then, els)
		b.cur = then
		b.expr(e.A)
		b.edgeTo(join)
		b.cur = els
		b.expr(e.B)
		b.edgeTo(join)
		b.cur = join
	case *ast.Call:
		b.expr(e.Fun)
		b.exprs(e.Args)
	case *ast.Selector:
		b.expr(e.X) // the name after the dot is no value of its own
	case *ast.Index:
		b.expr(e.X)
		b.expr(e.Index)
	case *ast.Try:
		// `e?` returns early from the function when e is an Err or null.
		b.expr(e.X)
		b.add(e)
		ret, cont := b.newBlock("try.return"), b.newBlock("try.continue")
		b.cur.Succs = append(b.cur.Succs, cont, ret)
		b.cur = ret
		b.jump(jumpReturn)
		b.cur = cont
		return
	case *ast.Await:
		b.expr(e.X)
	case *ast.Spawn:
		b.expr(e.X)
	case *ast.Share:
		b.expr(e.X)
	case *ast.Cast:
		b.expr(e.X)
	case *ast.Range:
		b.expr(e.Lo)
		b.expr(e.Hi)
	case *ast.Lambda, *ast.AsyncBlock:
		// A body of its own: making the closure or the future runs none of it here.
	case *ast.Match:
		b.match(e)
	case *ast.BlockExpr:
		b.block(e.Block)
	}
	b.add(e)
}

func (b *builder) exprs(es []ast.Expr) {
	for _, e := range es {
		b.expr(e)
	}
}

// match builds a match: its value, then an edge to each arm (the first that fits runs), and in
// an arm its pattern's values, its bindings (the arm node), its guard, which goes on to the next
// arm when it fails, and its body. The match itself ends where the arms meet.
func (b *builder) match(m *ast.Match) {
	b.expr(m.X)
	head := b.cur
	join := b.newBlock("match.done")
	var failed *Block // the guard of the arm before failed: matching goes on with this arm
	for _, arm := range m.Arms {
		entry := b.newBlock("match.arm")
		head.Succs = append(head.Succs, entry)
		if failed != nil {
			failed.Succs = append(failed.Succs, entry)
			failed = nil
		}
		b.cur = entry
		b.patternValues(arm.Pattern)
		b.scoped(arm, func() {
			b.add(arm)
			if arm.Guard != nil {
				b.expr(arm.Guard)
				body, fail := b.newBlock("match.body"), b.newBlock("match.guardfail")
				b.branch(arm.Guard, body, fail)
				b.cur = fail
				b.add(&ScopeEnd{Span: spanOf(arm), Scope: arm})
				failed = fail
				b.cur = body
			}
			b.expr(arm.Body)
		})
		b.edgeTo(join)
	}
	if len(m.Arms) == 0 {
		head.Succs = append(head.Succs, join)
	}
	b.cur = join
}

// patternValues builds the values a pattern compares with (literals, range bounds).
func (b *builder) patternValues(p ast.Pattern) {
	switch p := p.(type) {
	case *ast.LitPat:
		b.expr(p.Value)
	case *ast.RangePat:
		b.expr(p.Lo)
		b.expr(p.Hi)
	case *ast.VariantPat:
		for _, a := range p.Args {
			b.patternValues(a)
		}
	case *ast.TuplePat:
		for _, e := range p.Elems {
			b.patternValues(e)
		}
	case *ast.OrPat:
		for _, a := range p.Alts {
			b.patternValues(a)
		}
	case *ast.WildcardPat, *ast.BindPat:
	}
}

// isTrue reports whether a loop condition is the literal true: the loop is left only by a jump.
func isTrue(cond ast.Expr) bool {
	lit, ok := ast.Unparen(cond).(*ast.BoolLit)
	return ok && lit.Value
}

// isExitCall reports whether a statement's expression is a call of exit, which ends the program.
func isExitCall(e ast.Expr) bool {
	call, ok := e.(*ast.Call)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "exit"
}
