package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/types"
)

// A lock guard is held from where it is bound to the end of its scope, or to an explicit
// `unlock()` (`drop()`); a temporary guard (`*m.lock() + 1`) to the end of its statement; a
// `defer g.unlock()` releases it only when the function ends. An await reached while a guard is
// held suspends the task with the lock taken: W0707, or E0701 in a spawned task (§10).

// guardHold is a lock guard still held at an await of the same function.
type guardHold struct {
	fn       *FuncInfo
	guard    *types.Object // nil for a temporary guard
	at       ast.Node      // where it is acquired: the bound value, or the temporary's call
	await    ast.Node      // the first await at which it is held
	deferred ast.Node      // a `defer` that releases it when the function ends, if any
}

type guardKey struct {
	fn *FuncInfo
	at ast.Node
}

func (h *guardHold) key() guardKey { return guardKey{h.fn, h.at} }

// heldGuard is one guard held at a point of the flow.
type heldGuard struct {
	obj  *types.Object // nil for a temporary
	at   ast.Node
	stmt ast.Node // for a temporary: the statement at whose end it is released
}

// guardState is the set of guards that may be held at a point; dead after a return.
type guardState struct {
	held []heldGuard
	dead bool
}

var deadState = guardState{dead: true}

func (s guardState) with(h heldGuard) guardState {
	if s.dead {
		return s
	}
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
	return guardState{held: held, dead: s.dead}
}

func joinGuards(a, b guardState) guardState {
	if a.dead {
		return b
	}
	for _, h := range b.held {
		a = a.with(h)
	}
	return a
}

func sameState(a, b guardState) bool {
	if a.dead != b.dead || len(a.held) != len(b.held) {
		return false
	}
	for i := range a.held {
		if a.held[i].at != b.held[i].at {
			return false
		}
	}
	return true
}

// loopExits collects the states at the `break`s and `continue`s of one loop.
type loopExits struct {
	loop              ast.Node
	breaks, continues guardState
}

// guardFlow walks one function body.
type guardFlow struct {
	a        *analysis
	fi       *FuncInfo
	holds    []guardHold
	seen     map[ast.Node]bool
	deferred map[*types.Object]ast.Node
	loops    []*loopExits
	stmt     ast.Node // the statement being evaluated (temporaries end with it)
	// relocked collects the lock calls that wait for a guard the flow still holds (E0708);
	// nil when the flow only looks for guards held at awaits.
	relocked map[*ast.Call]heldGuard
}

// holdsOf returns the guards fi holds across its awaits (memoized).
func (a *analysis) holdsOf(fi *FuncInfo) []guardHold {
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
func (a *analysis) walkGuards(fi *FuncInfo, relocked map[*ast.Call]heldGuard) *guardFlow {
	g := &guardFlow{a: a, fi: fi, seen: map[ast.Node]bool{}, deferred: map[*types.Object]ast.Node{}, relocked: relocked}
	st := guardState{}
	var body []ast.Stmt
	switch n := fi.Node.(type) {
	case nil:
		body = a.mainBody
	case *ast.FuncDecl:
		st = g.params(n.Params, st)
		body = n.Body.Stmts
	case *ast.Lambda:
		st = g.params(n.Params, st)
		if n.Body != nil {
			body = n.Body.Stmts
		} else {
			g.stmt = n
			g.expr(n.ExprBody, st)
		}
	case *ast.AsyncBlock:
		body = n.Body.Stmts
	}
	g.findDeferredUnlocks(body)
	g.list(body, st)
	return g
}

func (g *guardFlow) params(ps []*ast.Param, st guardState) guardState {
	for _, p := range ps {
		if p.Obj != nil && containsGuard(p.Obj.Type) {
			st = st.with(heldGuard{obj: p.Obj, at: p})
		}
	}
	return st
}

// findDeferredUnlocks records the guards a `defer g.unlock()` of the function releases.
func (g *guardFlow) findDeferredUnlocks(body []ast.Stmt) {
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
				return false
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
}

// unlocked returns the guard variable a call `g.unlock()` or `g.drop()` releases, or nil.
func (g *guardFlow) unlocked(call *ast.Call) *types.Object {
	ci := g.a.info.Calls[call]
	if ci == nil || ci.Kind != CallBuiltinMethod {
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

// awaitAt records every guard held at an await.
func (g *guardFlow) awaitAt(n ast.Node, st guardState) {
	if st.dead {
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

func (g *guardFlow) list(stmts []ast.Stmt, st guardState) guardState {
	for _, s := range stmts {
		st = g.statement(s, st)
	}
	return st
}

// block runs a block; the guards bound in it are released at its end.
func (g *guardFlow) block(b *ast.Block, st guardState) guardState {
	if b == nil {
		return st
	}
	return g.endScope(b, g.list(b.Stmts, st))
}

func (g *guardFlow) endScope(scope ast.Node, st guardState) guardState {
	return st.without(func(h heldGuard) bool { return h.obj != nil && g.a.scopeOf[h.obj] == scope })
}

// endStmt releases the temporaries of a statement.
func (g *guardFlow) endStmt(s ast.Node, st guardState) guardState {
	return st.without(func(h heldGuard) bool { return h.obj == nil && h.stmt == s })
}

func (g *guardFlow) statement(s ast.Stmt, st guardState) guardState {
	if st.dead {
		return st
	}
	outer := g.stmt
	g.stmt = s
	defer func() { g.stmt = outer }()
	switch s := s.(type) {
	case *ast.LetStmt:
		st = g.expr(s.Value, st)
		if li := g.a.info.Lets[s]; li != nil && s.Value != nil {
			for _, obj := range li.Objs {
				if obj != nil && containsGuard(obj.Type) {
					st = st.with(heldGuard{obj: obj, at: ast.Unparen(s.Value)})
				}
			}
		}
		return g.endStmt(s, st)
	case *ast.ExprStmt:
		return g.endStmt(s, g.expr(s.X, st))
	case *ast.Block:
		return g.block(s, st)
	case *ast.IfStmt:
		st = g.endStmt(s, g.expr(s.Cond, st))
		// `if t != null` on an optional guard: where the test says t is null, no lock is held.
		thenIn, elseIn := st, st
		if obj, nonNull := nullTest(s.Cond); obj != nil && containsGuard(obj.Type) {
			if nonNull {
				elseIn = g.release(obj, st)
			} else {
				thenIn = g.release(obj, st)
			}
		}
		then := g.block(s.Then, thenIn)
		els := elseIn
		if s.Else != nil {
			els = g.statement(s.Else, elseIn)
		}
		return joinGuards(then, els)
	case *ast.WhileStmt:
		return g.loop(s, st, s.Cond, nil, s.Body, nil)
	case *ast.ForCStmt:
		if s.Init != nil {
			st = g.statement(s.Init, st)
		}
		return g.endScope(s, g.loop(s, st, s.Cond, nil, s.Body, s.Post))
	case *ast.ForInStmt:
		st = g.endStmt(s, g.expr(s.Iter, st))
		var headAwait ast.Node
		if fi := g.a.info.ForIns[s]; fi != nil && fi.Kind == IterChannel {
			headAwait = s.Iter
		}
		return g.endScope(s, g.loop(s, st, nil, headAwait, s.Body, nil))
	case *ast.BranchStmt:
		if n := len(g.loops); n > 0 {
			l := g.loops[n-1]
			// Leaving the body releases the guards bound inside it.
			st = st.without(func(h heldGuard) bool { return h.obj != nil && g.a.within(g.a.scopeOf[h.obj], l.loop) })
			if s.Continue {
				l.continues = joinGuards(l.continues, st)
			} else {
				l.breaks = joinGuards(l.breaks, st)
			}
		}
		return deadState
	case *ast.ReturnStmt:
		g.expr(s.Value, st)
		return deadState
	case *ast.ThrowStmt:
		g.expr(s.Value, st)
		return deadState
	case *ast.TryStmt:
		body := g.block(s.Body, st)
		after := body
		if s.Catch != nil {
			// A throw may leave the body anywhere: the catch starts from any state it passed.
			after = joinGuards(body, g.endScope(s, g.block(s.Catch, joinGuards(st, body))))
		}
		if s.Finally != nil {
			after = g.block(s.Finally, joinGuards(after, st))
		}
		return after
	}
	return st // defer (it runs at the end), nested declarations, empty statements
}

// loop runs a loop to a fixed point: the state at its head is what enters it joined with what
// comes back from its body. headAwait is the implicit await of `for x in channel`.
func (g *guardFlow) loop(s ast.Node, st guardState, cond ast.Expr, headAwait ast.Node, body *ast.Block, post ast.Stmt) guardState {
	head := st
	var exit guardState
	for range 8 {
		exits := &loopExits{loop: s, breaks: deadState, continues: deadState}
		g.loops = append(g.loops, exits)
		outer := g.stmt
		g.stmt = s
		cs := g.endStmt(s, g.expr(cond, head))
		g.stmt = outer
		if headAwait != nil {
			g.awaitAt(headAwait, cs)
		}
		end := joinGuards(g.block(body, cs), exits.continues)
		if post != nil {
			end = g.statement(post, end)
		}
		g.loops = g.loops[:len(g.loops)-1]
		exit = joinGuards(cs, exits.breaks)
		next := joinGuards(head, end)
		if sameState(next, head) {
			break
		}
		head = next
	}
	return exit
}

// expr runs an expression in evaluation order.
func (g *guardFlow) expr(e ast.Expr, st guardState) guardState {
	if e == nil || st.dead {
		return st
	}
	switch e := e.(type) {
	case *ast.Lambda:
		return st // a body of its own
	case *ast.AsyncBlock:
		if fi := g.a.info.FuncOf[e]; fi != nil && e.Move {
			// The guards it captures move into the block: this function no longer holds them.
			for _, obj := range fi.Captures {
				st = g.release(obj, st)
			}
		}
		return st
	case *ast.Await:
		st = g.expr(e.X, st)
		g.awaitAt(e, st)
		return st
	case *ast.Call:
		return g.call(e, st)
	case *ast.Assign:
		st = g.expr(e.Y, g.expr(e.X, st))
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && id.Obj != nil && containsGuard(id.Obj.Type) {
			if _, isNull := ast.Unparen(e.Y).(*ast.NullLit); isNull {
				return g.release(id.Obj, st) // `t = null` lets the guard go
			}
			st = st.with(heldGuard{obj: id.Obj, at: ast.Unparen(e.Y)})
		}
		return st
	case *ast.Cond:
		st = g.expr(e.C, st)
		return joinGuards(g.expr(e.A, st), g.expr(e.B, st))
	case *ast.Binary:
		st = g.expr(e.X, st)
		if e.Op == "&&" || e.Op == "||" || e.Op == "??" {
			return joinGuards(st, g.expr(e.Y, st))
		}
		return g.expr(e.Y, st)
	case *ast.Match:
		return g.match(e, st)
	case *ast.BlockExpr:
		return g.block(e.Block, st)
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if n == e {
			return true
		}
		switch n := n.(type) {
		case ast.Expr:
			st = g.expr(n, st)
		case *ast.FieldInit:
			st = g.expr(n.Value, st)
		}
		return false
	})
	return st
}

func (g *guardFlow) call(e *ast.Call, st guardState) guardState {
	if sel, ok := ast.Unparen(e.Fun).(*ast.Selector); ok {
		st = g.expr(sel.X, st)
	} else {
		st = g.expr(e.Fun, st)
	}
	for _, arg := range e.Args {
		st = g.expr(arg, st)
	}
	ci := g.a.info.Calls[e]
	if ci != nil && ci.Kind == CallAwait {
		g.awaitAt(e, st)
	}
	if g.relocked != nil {
		g.noteRelock(e, st)
	}
	if obj := g.unlocked(e); obj != nil {
		st = g.release(obj, st)
	}
	if ci != nil && (ci.Kind == CallFunc || ci.Kind == CallMethod || ci.Kind == CallValue) {
		// A guard passed to a function moves into it.
		for _, arg := range e.Args {
			if id, ok := ast.Unparen(arg).(*ast.Ident); ok && id.Obj != nil {
				st = g.release(id.Obj, st)
			}
		}
	}
	if containsGuard(e.TypeOf()) && g.isTemporary(e) {
		st = st.with(heldGuard{at: e, stmt: g.stmt})
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
			return ci == nil || ci.Kind == CallBuiltin || ci.Kind == CallBuiltinMethod || ci.Kind == CallStatic
		default:
			return true
		}
	}
}

func (g *guardFlow) match(m *ast.Match, st guardState) guardState {
	st = g.expr(m.X, st)
	if len(m.Arms) == 0 {
		return st
	}
	out := deadState
	mi := g.a.info.Matches[m]
	for _, arm := range m.Arms {
		as := st
		if mi != nil {
			for _, obj := range mi.Binds[arm] {
				if obj != nil && containsGuard(obj.Type) {
					as = as.with(heldGuard{obj: obj, at: arm.Pattern})
				}
			}
		}
		as = g.expr(arm.Guard, as)
		as = g.expr(arm.Body, as)
		out = joinGuards(out, g.endScope(arm, as))
	}
	return out
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
