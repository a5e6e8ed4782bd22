package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/cfg"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// A lock guard is held from where it is bound to the end of its scope, or to an explicit
// `unlock()` (`drop()`); a temporary guard (`*m.lock() + 1`) to the end of its statement; a
// `defer g.unlock()` releases it only when its block ends. An await reached while a guard is
// held suspends the task with the lock taken: W0707, or E0701 in a spawned task (§10).

// guardHold is a lock guard still held at an await of the same function.
type guardHold struct {
	fn       *check.FuncInfo
	guard    *types.Object // nil for a temporary guard
	at       ast.Node      // where it is acquired: the bound value, or the temporary's call
	await    ast.Node      // the first await at which it is held
	deferred ast.Node      // a `defer` that releases it when the function ends, if any
}

type guardKey struct {
	fn *check.FuncInfo
	at ast.Node
}

func (h *guardHold) key() guardKey { return guardKey{h.fn, h.at} }

// heldGuard is one guard held at a point of the flow.
type heldGuard struct {
	obj  *types.Object // nil for a temporary
	at   ast.Node
	stmt ast.Node // for a temporary: the statement at whose end it is released
}

// guardState is the set of guards that may be held at a point.
type guardState struct {
	held []heldGuard
}

func (s guardState) with(h heldGuard) guardState {
	for _, x := range s.held {
		if x.at == h.at {
			return s
		}
	}
	held := make([]heldGuard, len(s.held), len(s.held)+1)
	copy(held, s.held)
	return guardState{held: append(held, h)}
}

func (s guardState) without(drop func(heldGuard) bool) guardState {
	var held []heldGuard
	for _, x := range s.held {
		if !drop(x) {
			held = append(held, x)
		}
	}
	if len(held) == len(s.held) {
		return s
	}
	return guardState{held: held}
}

func joinGuards(a, b guardState) guardState {
	for _, h := range b.held {
		a = a.with(h)
	}
	return a
}

func sameState(a, b guardState) bool {
	if len(a.held) != len(b.held) {
		return false
	}
	for i := range a.held {
		if a.held[i].at != b.held[i].at {
			return false
		}
	}
	return true
}

// guardFlow runs the flow of guards over the control-flow graph of one body: to a fixed point
// first, then once more over every block reached, observing (the awaits a guard is held at,
// the locks taken again).
type guardFlow struct {
	a        *analysis
	fi       *check.FuncInfo
	graph    *cfg.Graph
	observe  bool
	holds    []guardHold
	seen     map[ast.Node]bool
	deferred map[*types.Object]ast.Node
	// relocked collects the lock calls that wait for a guard the flow still holds (E0708);
	// nil when the flow only looks for guards held at awaits.
	relocked map[*ast.Call]heldGuard
}

// holdsOf returns the guards fi holds across its awaits (memoized).
func (a *analysis) holdsOf(fi *check.FuncInfo) []guardHold {
	if h, ok := a.holds[fi]; ok {
		return h
	}
	a.holds[fi] = nil
	if !fi.Async || !a.hasGuards[fi] {
		return nil
	}
	g := a.walkGuards(fi, nil)
	a.holds[fi] = g.holds
	return g.holds
}

// walkGuards runs the flow of guards over fi's body; relocked, if not nil, receives the lock
// calls made while the same lock is held.
func (a *analysis) walkGuards(fi *check.FuncInfo, relocked map[*ast.Call]heldGuard) *guardFlow {
	g := &guardFlow{a: a, fi: fi, graph: a.flow(fi), seen: map[ast.Node]bool{}, deferred: map[*types.Object]ast.Node{}, relocked: relocked}
	if fi.Node == nil {
		for _, s := range a.mainBody {
			g.findDeferredUnlocks(s)
		}
	} else {
		g.findDeferredUnlocks(fi.Node)
	}
	in, reached := cfg.Forward(g.graph, guardState{}, cfg.Flow[guardState]{Node: g.node, Edge: g.edge, Join: joinGuards, Same: sameState})
	g.observe = true
	for _, b := range g.graph.Blocks {
		if !reached[b.Index] {
			continue
		}
		st := in[b.Index]
		for _, n := range b.Nodes {
			st = g.node(n, st)
		}
	}
	return g
}

// findDeferredUnlocks records the guards a `defer g.unlock()` of the body releases.
func (g *guardFlow) findDeferredUnlocks(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
			return n == root
		case *ast.DeferStmt:
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if call, ok := m.(*ast.Call); ok {
					if obj := g.unlocked(call); obj != nil {
						g.deferred[obj] = n
					}
				}
				return true
			})
			return false
		}
		return true
	})
}

// unlocked returns the guard variable a call `g.unlock()` or `g.drop()` releases, or nil.
func (g *guardFlow) unlocked(call *ast.Call) *types.Object {
	ci := g.a.info.Calls[call]
	if ci == nil || ci.Kind != check.CallBuiltinMethod {
		return nil
	}
	if ci.Builtin != builtin.GuardUnlock {
		return nil
	}
	if id, ok := ast.Unparen(ci.Recv).(*ast.Ident); ok {
		return id.Obj
	}
	return nil
}

// awaitAt records every guard held at an await, once the flow observes.
func (g *guardFlow) awaitAt(n ast.Node, st guardState) {
	if !g.observe {
		return
	}
	for _, h := range st.held {
		if g.seen[h.at] {
			continue
		}
		g.seen[h.at] = true
		hold := guardHold{fn: g.fi, guard: h.obj, at: h.at, await: n}
		if h.obj != nil {
			hold.deferred = g.deferred[h.obj]
		}
		g.holds = append(g.holds, hold)
	}
}

// edge lets a guard go on the side of `if t != null` (or `t == null`) where the test says t is
// null: no lock is held there.
func (g *guardFlow) edge(b *cfg.Block, i int, st guardState) guardState {
	if b.Cond == nil {
		return st
	}
	if obj, nonNull := nullTest(b.Cond); obj != nil && containsGuard(obj.Type) && (i == 1) == nonNull {
		return g.release(obj, st)
	}
	return st
}

// node is what one node of the graph does to the guards held.
func (g *guardFlow) node(n ast.Node, st guardState) guardState {
	switch n := n.(type) {
	case *ast.Param:
		if n.Obj != nil && containsGuard(n.Obj.Type) {
			st = st.with(heldGuard{obj: n.Obj, at: n})
		}
	case *ast.Arm:
		if m, ok := parentOf(n).(*ast.Match); ok {
			if mi := g.a.info.Matches[m]; mi != nil {
				for _, obj := range mi.Binds[n] {
					if obj != nil && containsGuard(obj.Type) {
						st = st.with(heldGuard{obj: obj, at: n.Pattern})
					}
				}
			}
		}
	case *cfg.StmtEnd:
		st = st.without(func(h heldGuard) bool { return h.obj == nil && h.stmt == n.Stmt })
	case *cfg.ScopeEnd:
		st = st.without(func(h heldGuard) bool { return h.obj != nil && g.a.within(g.a.scopeOf[h.obj], n.Scope) })
	case *cfg.Iterate:
		if g.graph.Suspends(n) {
			g.awaitAt(n.Loop.Iter, st) // a for-in over a channel waits for each element
		}
	case *cfg.Catch:
		// binds the caught error, no guard

	// statements
	case *ast.LetStmt:
		if li := g.a.info.Lets[n]; li != nil && n.Value != nil {
			for _, obj := range li.Objs {
				if obj != nil && containsGuard(obj.Type) {
					st = st.with(heldGuard{obj: obj, at: ast.Unparen(n.Value)})
				}
			}
		}
	case *ast.ExprStmt, *ast.Block, *ast.IfStmt, *ast.WhileStmt, *ast.ForInStmt, *ast.ForCStmt,
		*ast.BranchStmt, *ast.ReturnStmt, *ast.DeferStmt, *ast.TryStmt, *ast.ThrowStmt,
		*ast.DeclStmt, *ast.EmptyStmt:
		// Their control flow is the graph's; their temporaries end at StmtEnd, their scopes at
		// ScopeEnd, their defers run as copies before it.

	// expressions
	case *ast.Await:
		g.awaitAt(n, st)
	case *ast.Call:
		st = g.call(n, st)
	case *ast.Assign:
		if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && id.Obj != nil && containsGuard(id.Obj.Type) {
			if _, isNull := ast.Unparen(n.Y).(*ast.NullLit); isNull {
				return g.release(id.Obj, st) // `t = null` lets the guard go
			}
			st = st.with(heldGuard{obj: id.Obj, at: ast.Unparen(n.Y)})
		}
	case *ast.AsyncBlock:
		if fi := g.a.info.FuncOf[n]; fi != nil && n.Move {
			// The guards it captures move into the block: this function no longer holds them.
			for _, obj := range fi.Captures {
				st = g.release(obj, st)
			}
		}
	case *ast.Ident, *ast.IntLit, *ast.BigIntLit, *ast.FloatLit, *ast.StringLit, *ast.CharLit, *ast.BoolLit,
		*ast.NullLit, *ast.Template, *ast.ArrayLit, *ast.MapLit, *ast.SetLit, *ast.StructLit,
		*ast.TupleLit, *ast.Paren, *ast.Unary, *ast.Binary, *ast.IncDec, *ast.Cond,
		*ast.Selector, *ast.Index, *ast.Try, *ast.Spawn, *ast.Share, *ast.Cast, *ast.Range,
		*ast.Lambda, *ast.Match, *ast.BlockExpr:
		// They take or let go of no guard: a lambda's body is a graph of its own, and a match,
		// a `?:` or a short circuit join their paths in the graph.
	}
	return st
}

func (g *guardFlow) call(e *ast.Call, st guardState) guardState {
	ci := g.a.info.Calls[e]
	if ci != nil && ci.Kind == check.CallAwait {
		g.awaitAt(e, st)
	}
	if g.relocked != nil && g.observe {
		g.noteRelock(e, st)
	}
	if obj := g.unlocked(e); obj != nil {
		st = g.release(obj, st)
	}
	if ci != nil && (ci.Kind == check.CallFunc || ci.Kind == check.CallMethod || ci.Kind == check.CallValue) {
		// A guard passed to a function moves into it.
		for _, arg := range e.Args {
			if id, ok := ast.Unparen(arg).(*ast.Ident); ok && id.Obj != nil {
				st = g.release(id.Obj, st)
			}
		}
	}
	if containsGuard(e.TypeOf()) && g.isTemporary(e) {
		st = st.with(heldGuard{at: e, stmt: g.a.stmtOf(e)})
	}
	return st
}

// nullTest recognizes `x != null` (nonNull) and `x == null` on a variable.
func nullTest(cond ast.Expr) (obj *types.Object, nonNull bool) {
	b, ok := ast.Unparen(cond).(*ast.Binary)
	if !ok || b.Op != "!=" && b.Op != "==" {
		return nil, false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if _, isNull := x.(*ast.NullLit); isNull {
		x, y = y, x
	}
	id, isIdent := x.(*ast.Ident)
	if _, isNull := y.(*ast.NullLit); !isNull || !isIdent || id.Obj == nil {
		return nil, false
	}
	return id.Obj, b.Op == "!="
}

// release drops a guard variable from the held set.
func (g *guardFlow) release(obj *types.Object, st guardState) guardState {
	return st.without(func(h heldGuard) bool { return h.obj == obj })
}

// isTemporary reports whether a guard made by a call lives only to the end of its statement:
// it is read through (`*m.lock()`, `m.lock().len()`), not kept in a binding or moved into a
// value or a function.
func (g *guardFlow) isTemporary(e ast.Expr) bool {
	var cur ast.Node = e
	for {
		switch p := parentOf(cur).(type) {
		case *ast.Paren:
			cur = p
		case *ast.LetStmt, *ast.ReturnStmt, *ast.FieldInit, *ast.ArrayLit, *ast.TupleLit, *ast.MapLit, *ast.SetLit:
			return false
		case *ast.Assign:
			return p.Y != cur
		case *ast.Match:
			// An arm that binds the guard takes it: the binding is tracked instead.
			if mi := g.a.info.Matches[p]; mi != nil && p.X == cur {
				for _, objs := range mi.Binds {
					for _, obj := range objs {
						if obj != nil && containsGuard(obj.Type) {
							return false
						}
					}
				}
			}
			return true
		case *ast.Call:
			if p.Fun == cur {
				return true
			}
			ci := g.a.info.Calls[p]
			return ci == nil || ci.Kind == check.CallBuiltin || ci.Kind == check.CallBuiltinMethod || ci.Kind == check.CallStatic
		default:
			return true
		}
	}
}

// containsGuard reports whether a value of t holds a lock guard.
func containsGuard(t types.Type) bool {
	return guardIn(t, map[string]bool{})
}

func guardIn(t types.Type, visiting map[string]bool) bool {
	switch u := types.Resolve(t).(type) {
	case *types.Handle:
		return u.Kind.IsGuard()
	case *types.Array:
		return guardIn(u.Elem, visiting)
	case *types.Optional:
		return guardIn(u.Elem, visiting)
	case *types.MapT:
		return guardIn(u.Key, visiting) || guardIn(u.Val, visiting)
	case *types.Result:
		return guardIn(u.Ok, visiting) || guardIn(u.Err, visiting)
	case *types.Tuple:
		for _, e := range u.Elems {
			if guardIn(e, visiting) {
				return true
			}
		}
	case *types.Named:
		key := u.String()
		if visiting[key] {
			return false
		}
		visiting[key] = true
		defer delete(visiting, key)
		if !u.Def.Enum {
			for _, f := range types.FieldsOf(u) {
				if guardIn(f.Type, visiting) {
					return true
				}
			}
			return false
		}
		m := u.Subst()
		for _, v := range u.Def.Variants {
			for _, p := range v.Payload {
				if guardIn(types.Subst(p, m), visiting) {
					return true
				}
			}
		}
	}
	return false
}
