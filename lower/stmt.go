package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// builder collects the statements being produced; post holds the releases of the current
// statement's temporaries (a guard from `print(*m.lock())`), emitted when the statement ends.
type builder struct {
	stmts []ir.Stmt
	post  []ir.Stmt
	line  *ir.Line
}

func (b *builder) add(s ...ir.Stmt) { b.stmts = append(b.stmts, s...) }

// scopeCtx is one block scope: the bindings to release when it ends.
type scopeCtx struct {
	releases []*ir.Local
	// deferMark, once the block registers a defer, holds the number of the function's pending
	// defers before it: where the block ends, what was registered since runs (LANGUAGE.md §4).
	// The function's outermost block needs none: the function's end runs every defer.
	deferMark *ir.Local
}

func (l *lowerer) openScope() { l.fn.scopes = append(l.fn.scopes, &scopeCtx{}) }

// closeScope pops the innermost scope, releasing its bindings if control can reach its end.
func (l *lowerer) closeScope(b *builder, reachable bool) {
	s := l.fn.scopes[len(l.fn.scopes)-1]
	l.fn.scopes = l.fn.scopes[:len(l.fn.scopes)-1]
	if reachable && !goTerminates(b.stmts) { // (after a loop only a return leaves, Go sees no end)
		l.runDefersFrom(b, s)
		l.releaseAll(b, s.releases)
	}
}

// registerDefer registers a defer (or a binding's release that a defer needs) in the innermost
// block, recording the mark of the block's defers first if it is the block's first.
func (l *lowerer) registerDefer(b *builder, d *ir.Defer) {
	if n := len(l.fn.scopes); n > 1 {
		s := l.fn.scopes[n-1]
		if s.deferMark == nil {
			s.deferMark = l.temp("deferMark", goType("int"))
			b.add(&ir.Defer{Mark: s.deferMark, Line: d.Line})
		}
	}
	b.add(d)
}

// runDefersFrom runs the defers registered in the block s and in the blocks inside it.
func (l *lowerer) runDefersFrom(b *builder, s *scopeCtx) {
	if s.deferMark != nil {
		b.add(&ir.Defer{Mark: s.deferMark, Run: true, Line: b.line})
	}
}

// runDefersOfScopes runs the defers of every block from depth on, which a jump leaves: the
// outermost block's mark covers those inside it.
func (l *lowerer) runDefersOfScopes(b *builder, depth int) {
	for _, s := range l.fn.scopes[depth:] {
		if s.deferMark != nil {
			l.runDefersFrom(b, s)
			return
		}
	}
}

// releaseAll releases bindings in reverse order of declaration.
func (l *lowerer) releaseAll(b *builder, vs []*ir.Local) {
	for i := len(vs) - 1; i >= 0; i-- {
		b.add(releaseStmt(vs[i]))
	}
}

// releaseScopesFrom releases the bindings of every scope from depth on (a jump out of them).
func (l *lowerer) releaseScopesFrom(b *builder, depth int) {
	for i := len(l.fn.scopes) - 1; i >= depth; i-- {
		l.releaseAll(b, l.fn.scopes[i].releases)
	}
}

// releaseStmt releases one binding: a Share or a Weak gives back its count, a guard unlocks,
// an optional of those does so when it holds one.
func releaseStmt(v *ir.Local) ir.Stmt { return &ir.Release{V: v} }

// needsRelease reports whether a binding of t is released at scope end.
func needsRelease(t types.Type) bool {
	if o, ok := t.(*types.Optional); ok {
		return types.NeedsRelease(o.Elem)
	}
	return types.NeedsRelease(t)
}

// bindRelease registers the release of a new binding at the end of its scope, or, when a defer
// uses the binding, as a defer of its own registered now: it then runs at function exit after
// the defers registered later, which may still use it.
func (l *lowerer) bindRelease(b *builder, obj *types.Object, v *ir.Local) {
	if obj == nil || !needsRelease(obj.Type) || v.Global {
		return
	}
	if root := l.fn.info.Node; root != nil && capturedBelow(root, obj) {
		// A closure (a Go func literal, which captures it by reference) uses it and may
		// outlive the scope (`return () => p.n`): the closure keeps the share, which is not
		// released here (its memory is the collector's). Async blocks and tasks hold copies.
		return
	}
	if l.fn.deferred[obj] {
		l.registerDefer(b, &ir.Defer{Body: &ir.Block{Stmts: []ir.Stmt{releaseStmt(v)}}})
		return
	}
	s := l.fn.scopes[len(l.fn.scopes)-1]
	s.releases = append(s.releases, v)
	l.holdOwned(b, v)
}

// stmtList lowers a list of statements.
func (l *lowerer) stmtList(b *builder, list []ast.Stmt) {
	for _, s := range list {
		l.stmt(b, s)
		if !l.info.CompletesNormally(l.fn.info, s) && goTerminates(b.stmts) {
			return // what follows is unreachable (a loop only a return leaves), which go vet refuses
		}
	}
}

// stmt lowers one statement, then releases its temporaries.
func (l *lowerer) stmt(b *builder, s ast.Stmt) {
	sb := &builder{line: l.line(s)}
	l.stmt1(sb, s)
	if len(sb.post) > 0 {
		// A return must compute its value before the temporaries go.
		if n := len(sb.stmts); n > 0 {
			if r, ok := sb.stmts[n-1].(*ir.Return); ok {
				sb.stmts = sb.stmts[:n-1]
				l.spillResults(sb, r)
				sb.stmts = append(sb.stmts, sb.post...)
				sb.stmts = append(sb.stmts, r)
				sb.post = nil
			}
		}
		sb.stmts = append(sb.stmts, sb.post...)
	}
	b.add(sb.stmts...)
}

func (l *lowerer) spillResults(b *builder, r *ir.Return) {
	for i, x := range r.Results {
		if isPure(x) {
			continue
		}
		t := l.temp("r", l.goTypeOfResult())
		b.add(&ir.Define{V: t, Value: x})
		r.Results[i] = &ir.Ref{V: t}
	}
}

func (l *lowerer) goTypeOfResult() ir.Type { return l.valueType(l.fn.ret) }

func (l *lowerer) stmt1(b *builder, s ast.Stmt) {
	l.at = s
	switch s := s.(type) {
	case *ast.LetStmt:
		l.let(b, s)
	case *ast.ExprStmt:
		l.exprStmt(b, s)
	case *ast.Block:
		b.add(l.block(s.Stmts))
	case *ast.IfStmt:
		l.ifStmt(b, s)
	case *ast.WhileStmt:
		l.whileStmt(b, s)
	case *ast.ForInStmt:
		l.forIn(b, s)
	case *ast.ForCStmt:
		l.forC(b, s)
	case *ast.BranchStmt:
		l.branch(b, s)
	case *ast.ReturnStmt:
		l.returnStmt(b, s)
	case *ast.DeferStmt:
		l.fn.closure++
		body := l.blockOf(s.Body)
		l.fn.closure--
		l.registerDefer(b, &ir.Defer{Body: body, Line: b.line})
	case *ast.TryStmt:
		l.tryStmt(b, s)
	case *ast.ThrowStmt:
		v := l.owned(b, s.Value) // the error keeps what was thrown: a share stays counted in it
		b.add(throwStmt(l.toError(v, s.Value.TypeOf()), l.pos(s), b.line))
	case *ast.DeclStmt:
		l.localFunc(b, s)
	case *ast.EmptyStmt:
	default:
		l.fail(s, "a statement of a kind lower does not know")
	}
}

// block lowers a nested block with its own scope.
func (l *lowerer) block(list []ast.Stmt) *ir.Block {
	b := &builder{}
	l.openScope()
	l.stmtList(b, list)
	l.closeScope(b, !ir.Terminates(b.stmts))
	return &ir.Block{Stmts: b.stmts}
}

// blockOf lowers a statement as a block.
func (l *lowerer) blockOf(s ast.Stmt) *ir.Block {
	if blk, ok := s.(*ast.Block); ok {
		return l.block(blk.Stmts)
	}
	return l.block([]ast.Stmt{s})
}

// toError converts a thrown value to an rt.Error (§11: a non-Error is wrapped as Error(str(v))).
func (l *lowerer) toError(v ir.Expr, t types.Type) ir.Expr {
	if types.IsBasic(t, types.ErrorKind) {
		return v
	}
	return rtCall("ToError", v)
}

func (l *lowerer) let(b *builder, s *ast.LetStmt) {
	li := l.info.Lets[s]
	if li == nil {
		return
	}
	if bp, ok := s.Pattern.(*ast.BindPat); ok && len(li.Objs) == 1 && li.Objs[0] != nil {
		obj := li.Objs[0]
		if li.SelfRef {
			// A closure in the value uses the variable: declared first, then assigned.
			v := l.bindLocal(obj)
			b.add(&ir.Define{V: v, Line: b.line})
			value := l.letValue(b, s, obj.Type)
			b.add(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: v}}, Op: "=", Rhs: []ir.Expr{value}, Line: b.line})
			l.bindRelease(b, obj, v)
			return
		}
		var value ir.Expr
		if s.Value != nil {
			value = l.letValue(b, s, obj.Type)
		} else {
			switch t := obj.Type.(type) {
			case *types.SetT:
				value = rtCallT("NewSet", []ir.Type{l.goTypeOf(t.Elem)}) // `let s: set;` is an empty set
			case *types.MapT:
				value = rtCallT("NewMap", []ir.Type{l.goTypeOf(t.Key), l.goTypeOf(t.Val)}) // and a map an empty map
			}
		}
		v := l.bindLocal(obj)
		_ = bp
		b.add(&ir.Define{V: v, Value: value, Line: b.line})
		l.bindRelease(b, obj, v)
		return
	}
	// Tuple destructuring: evaluate once, then bind each element.
	if s.Value == nil {
		return
	}
	var value ir.Expr
	if lit, ok := ast.Unparen(s.Value).(*ast.TupleLit); ok && len(lit.Elems) > 1 {
		// `let (g, n) = (m.lock(), 1);`: the bindings take the values, guards included.
		value = l.tupleValue(lit.TypeOf().(*types.Tuple), lit.Elems, l.exprListWith(b, lit.Elems, func(sb *builder, _ int, e ast.Expr) ir.Expr { return l.owned(sb, e) }))
	} else {
		value = l.expr(b, s.Value)
	}
	tt, _ := s.Value.TypeOf().(*types.Tuple)
	t := l.temp("t", l.goTypeOf(s.Value.TypeOf()))
	b.add(&ir.Define{V: t, Value: value, Line: b.line})
	l.destructure(b, s.Pattern, &ir.Ref{V: t}, tt)
}

// destructure binds the names of a tuple pattern from a tuple value.
func (l *lowerer) destructure(b *builder, p ast.Pattern, x ir.Expr, tt *types.Tuple) {
	tp, ok := p.(*ast.TuplePat)
	if !ok {
		return
	}
	if tt == nil {
		// A dynamic value (`for (k, v) in d`): its elements by index, checked at run time.
		dyn := &types.Tuple{}
		for range tp.Elems {
			dyn.Elems = append(dyn.Elems, types.AnyType)
		}
		for i, el := range tp.Elems {
			l.destructureOne(b, el, rtCall("DynIndex", x, &ir.Conv{Type: tInt64, X: &ir.Lit{Text: ir.Itoa(i)}}, l.pos(el)), dyn.Elems[i], nil)
		}
		return
	}
	for i, el := range tp.Elems {
		inner, _ := tt.Elems[i].(*types.Tuple)
		l.destructureOne(b, el, &ir.Sel{X: x, Name: "F" + ir.Itoa(i)}, tt.Elems[i], inner)
	}
}

// destructureOne binds one element of a tuple pattern to the value x of type t.
func (l *lowerer) destructureOne(b *builder, el ast.Pattern, x ir.Expr, t types.Type, inner *types.Tuple) {
	switch el := el.(type) {
	case *ast.BindPat:
		if el.Name.Obj == nil {
			return
		}
		v := l.bindLocal(el.Name.Obj)
		b.add(&ir.Define{V: v, Value: l.copyValue(x, t)})
		l.bindRelease(b, el.Name.Obj, v)
	case *ast.TuplePat:
		l.destructure(b, el, x, inner)
	}
}

// bindLocal makes the Go variable of a binding (globals already have theirs).
func (l *lowerer) bindLocal(obj *types.Object) *ir.Local {
	if v, ok := l.locals[obj]; ok && v.Global {
		return v
	}
	return l.local(obj, obj.Type)
}

// letValue lowers the value of a let, applying the binding forms: `share` wraps a value in a
// Share, `strong` clones, `weak` downgrades; a copy of an array or a share is taken.
func (l *lowerer) letValue(b *builder, s *ast.LetStmt, t types.Type) ir.Expr {
	vt := s.Value.TypeOf()
	switch s.Kind {
	case ast.LetShare:
		if types.HandleOf(vt, types.ShareH) == nil {
			inner := l.owned(b, s.Value)
			h := types.HandleOf(t, types.ShareH)
			if h != nil {
				// Typed: an untyped Go constant (`share 41`) would make a Share[int].
				return rtCallT("NewShare", []ir.Type{l.goTypeOf(h.Elem)}, l.convertAt(inner, vt, h.Elem, s.Value))
			}
			return rtCall("NewShare", inner)
		}
		return l.convertAt(l.owned(b, s.Value), vt, t, s.Value)
	case ast.LetStrong:
		return &ir.Call{Fun: &ir.Sel{X: l.expr(b, s.Value), Name: "Clone"}}
	case ast.LetWeak:
		return &ir.Call{Fun: &ir.Sel{X: l.expr(b, s.Value), Name: "Downgrade"}}
	}
	return l.convertAt(l.owned(b, s.Value), vt, t, s.Value)
}

func (l *lowerer) exprStmt(b *builder, s *ast.ExprStmt) {
	if l.info.Spawned[s] {
		// The handle is dropped at once: the task is detached, and its failure is reported.
		if start := l.startDetached(b, s.X); start != nil {
			b.add(&ir.ExprStmt{X: start, Line: b.line})
			return
		}
		b.add(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: l.spawn(b, s.X), Name: "Drop"}}, Line: b.line})
		return
	}
	if l.assignment(b, s.X) {
		return
	}
	switch x := ast.Unparen(s.X).(type) {
	case *ast.Match:
		l.matchStmt(b, x)
		return
	case *ast.Call:
		if ci := l.info.Calls[x]; ci != nil && ci.JoinValue {
			b.add(l.joinValueAwait(b, x, ci)) // `h.join();`: waits, its value (or error object) dropped
			return
		}
		if ci := l.info.Calls[x]; ci != nil && ci.Kind == check.CallBuiltinMethod && ci.Builtin == builtin.ChannelSend {
			// An un-awaited send is eager: enqueue now, or let a task wait for room.
			recv := l.recvExpr(b, ci)
			arg := l.convertAt(l.owned(b, x.Args[0]), x.Args[0].TypeOf(), ci.Params[0], x.Args[0])
			b.add(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: recv, Name: "SendNow"}, Args: []ir.Expr{l.cx(), arg}}, Line: b.line})
			return
		}
	case *ast.Await:
		l.awaitDiscard(b, x)
		return
	}
	v := l.expr(b, s.X)
	l.discard(b, v, s.X.TypeOf())
}

// assignment lowers e as a statement when it is an assignment or an increment, and reports
// whether it was one. (Used as a value, one gives (), which the checker warns holds nothing.)
func (l *lowerer) assignment(b *builder, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Assign:
		l.assign(b, x)
		return true
	case *ast.IncDec:
		lhs := l.placeOf(b, x.X)
		op := "+"
		if x.Op == "--" {
			op = "-"
		}
		if t := declaredType(x.X); types.IsAny(t) {
			one := rtCall("DynAdd", lhs, &ir.Conv{Type: tInt64, X: &ir.Lit{Text: "1"}}, l.pos(x))
			if op == "-" {
				one = rtCall("DynSub", lhs, &ir.Conv{Type: tInt64, X: &ir.Lit{Text: "1"}}, l.pos(x))
			}
			b.add(&ir.Assign{Lhs: []ir.Expr{lhs}, Op: "=", Rhs: []ir.Expr{one}, Line: b.line})
			return true
		}
		b.add(&ir.Assign{Lhs: []ir.Expr{lhs}, Op: op + "=", Rhs: []ir.Expr{&ir.Lit{Text: "1"}}, Line: b.line})
		return true
	}
	return false
}

// discard evaluates an expression for its effects.
func (l *lowerer) discard(b *builder, v ir.Expr, t types.Type) {
	switch v.(type) {
	case *ir.Call:
		if needsRelease(t) {
			tmp := l.temp("t", l.goTypeOf(t))
			b.add(&ir.Define{V: tmp, Value: v, Line: b.line}, releaseStmt(tmp))
			return
		}
		if types.HandleOf(t, types.JoinHandleH) != nil {
			// `spawn(f());` drops its handle: the task is detached, and its failure reported.
			v = &ir.Call{Fun: &ir.Sel{X: v, Name: "Drop"}}
		}
		b.add(&ir.ExprStmt{X: v, Line: b.line})
	case *ir.Ref, *ir.Lit, *ir.Ident, nil:
		// no effect
	default:
		if ir.IsUnitValue(v) {
			return // a unit call already ran as a statement (expr1)
		}
		b.add(&ir.Assign{Lhs: []ir.Expr{&ir.Ident{Name: "_"}}, Op: "=", Rhs: []ir.Expr{v}, Line: b.line})
	}
}

func (l *lowerer) ifStmt(b *builder, s *ast.IfStmt) {
	cond := l.condExpr(b, s.Cond)
	ifs := &ir.If{Cond: cond, Then: l.block(s.Then.Stmts), Line: b.line}
	switch e := s.Else.(type) {
	case *ast.Block:
		ifs.Else = l.block(e.Stmts)
	case *ast.IfStmt:
		eb := &builder{line: l.line(e)}
		l.stmt(eb, e)
		if len(eb.stmts) == 1 {
			if inner, ok := eb.stmts[0].(*ir.If); ok {
				ifs.Else = inner
				break
			}
		}
		ifs.Else = &ir.Block{Stmts: eb.stmts}
	}
	b.add(ifs)
}

// condExpr lowers a condition; temporaries it makes are released before the branch is taken.
func (l *lowerer) condExpr(b *builder, e ast.Expr) ir.Expr {
	sb := &builder{line: b.line}
	c := l.truthy(l.expr(sb, e), e.TypeOf())
	b.add(sb.stmts...)
	if len(sb.post) > 0 {
		t := l.temp("c", tBool)
		b.add(&ir.Define{V: t, Value: c})
		b.add(sb.post...)
		return &ir.Ref{V: t}
	}
	return c
}

// truthy makes a Go bool of a condition: an optional is true when not null, a dynamic value by
// its truthiness.
func (l *lowerer) truthy(x ir.Expr, t types.Type) ir.Expr {
	switch t.(type) {
	case *types.Optional:
		return &ir.Sel{X: x, Name: "Some"}
	}
	if types.IsAny(t) {
		return rtCall("DynTruthy", x)
	}
	return x
}

func (l *lowerer) whileStmt(b *builder, s *ast.WhileStmt) {
	sb := &builder{}
	cond := l.condExpr(sb, s.Cond)
	loop := &loopCtx{scope: len(l.fn.scopes), switches: l.fn.switches}
	l.fn.loops = append(l.fn.loops, loop)
	body := l.block(s.Body.Stmts)
	l.fn.loops = l.fn.loops[:len(l.fn.loops)-1]
	if len(sb.stmts) == 0 {
		if lit, ok := cond.(*ir.Lit); ok && lit.Text == "true" {
			cond = nil
		}
		b.add(&ir.For{Label: loop.label, Cond: cond, Body: body, Line: b.line})
		return
	}
	// The condition needs statements: evaluate it at the top of each iteration.
	head := append(sb.stmts, &ir.If{Cond: ir.Not(cond), Then: &ir.Block{Stmts: []ir.Stmt{&ir.Branch{Tok: "break"}}}})
	b.add(&ir.For{Label: loop.label, Body: &ir.Block{Stmts: append(head, body.Stmts...)}, Line: b.line})
}

func (l *lowerer) forIn(b *builder, s *ast.ForInStmt) {
	fi := l.info.ForIns[s]
	loop := &loopCtx{scope: len(l.fn.scopes), switches: l.fn.switches}
	var elemObj *types.Object
	if bp, ok := s.Pattern.(*ast.BindPat); ok {
		elemObj = bp.Name.Obj
	}
	bodyWith := func(bind func(*builder)) *ir.Block {
		l.fn.loops = append(l.fn.loops, loop)
		l.openScope()
		bb := &builder{}
		bind(bb)
		l.stmtList(bb, s.Body.Stmts)
		l.closeScope(bb, !ir.Terminates(bb.stmts))
		l.fn.loops = l.fn.loops[:len(l.fn.loops)-1]
		return &ir.Block{Stmts: bb.stmts}
	}
	bindElem := func(bb *builder, x ir.Expr, t types.Type) {
		if elemObj != nil {
			v := l.bindLocal(elemObj)
			if elemObj.Mutated {
				// The loop changes its element: give it its own copy.
				x = l.deepCopy(x, t)
			}
			bb.add(&ir.Define{V: v, Value: x})
			return
		}
		if tp, ok := s.Pattern.(*ast.TuplePat); ok {
			tt, _ := t.(*types.Tuple)
			l.destructure(bb, tp, x, tt)
		}
	}
	switch fi.Kind {
	case check.IterRange:
		lo, hi, incl := l.rangeBounds(b, s.Iter, fi.Elem)
		it := l.temp("i", l.goTypeOf(fi.Elem))
		end := l.temp("n", l.goTypeOf(fi.Elem))
		b.add(&ir.Define{V: end, Value: hi, Line: b.line})
		op := "<"
		if incl {
			op = "<="
		}
		body := bodyWith(func(bb *builder) { bindElem(bb, &ir.Ref{V: it}, fi.Elem) })
		it.Reads++
		if _, isLit := lo.(*ir.Lit); isLit {
			lo = &ir.Conv{Type: it.Type, X: lo}
		}
		if incl && !belowMax(hi, fi.Elem) {
			// `a...b` up to the largest value of its type: i <= b would always hold, and i++
			// would wrap. A flag set when i reaches b ends the loop (continue still steps).
			lo = l.spill(b, lo, it.Type)
			done := l.temp("done", tBool)
			done.Reads++
			end.Reads++
			b.add(&ir.For{Label: loop.label,
				Init: &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: it}, &ir.Ref{V: done}}, Op: ":=", Rhs: []ir.Expr{lo, &ir.Binary{Op: ">", X: lo, Y: &ir.Ref{V: end}}}},
				Cond: ir.Not(&ir.Ref{V: done}),
				Post: &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: it}, &ir.Ref{V: done}}, Op: "=", Rhs: []ir.Expr{
					&ir.Binary{Op: "+", X: &ir.Ref{V: it}, Y: &ir.Lit{Text: "1"}}, &ir.Binary{Op: "==", X: &ir.Ref{V: it}, Y: &ir.Ref{V: end}}}},
				Body: body, Line: b.line})
			return
		}
		b.add(&ir.For{Label: loop.label, Init: &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: it}}, Op: ":=", Rhs: []ir.Expr{lo}},
			Cond: &ir.Binary{Op: op, X: &ir.Ref{V: it}, Y: &ir.Ref{V: end}},
			Post: &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: it}}, Op: "+=", Rhs: []ir.Expr{&ir.Lit{Text: "1"}}}, Body: body, Line: b.line})
	case check.IterArray, check.IterString, check.IterDynamic, check.IterCollection:
		x := l.expr(b, s.Iter)
		if fi.Kind == check.IterCollection {
			x = &ir.Call{Fun: &ir.Sel{X: x, Name: fi.Method}}
		}
		elemT := fi.Elem
		if fi.Kind == check.IterDynamic {
			iter := "DynIterKeys" // `for k in d`: a map's keys, as in JavaScript
			if _, pairs := s.Pattern.(*ast.TuplePat); pairs {
				iter = "DynIter"
			}
			x = rtCall(iter, x, l.pos(s.Iter))
		}
		val := l.temp("x", l.goTypeOf(elemT))
		if fi.Kind == check.IterString {
			val.Type = goType("rune")
		}
		body := bodyWith(func(bb *builder) {
			var e ir.Expr = &ir.Ref{V: val}
			if fi.Kind == check.IterString {
				e = &ir.Conv{Type: tChar, X: e}
			}
			bindElem(bb, e, elemT)
		})
		val.Reads++
		b.add(&ir.ForRange{Label: loop.label, Value: val, X: x, Body: body, Line: b.line})
	case check.IterMap:
		m := l.expr(b, s.Iter)
		mt := s.Iter.TypeOf().(*types.MapT)
		k := l.temp("k", l.goTypeOf(mt.Key))
		v := l.temp("v", l.goTypeOf(mt.Val))
		body := bodyWith(func(bb *builder) {
			if elemObj != nil {
				bindElem(bb, &ir.Ref{V: k}, mt.Key)
			} else {
				bindElem(bb, &ir.Composite{Type: rtType("Tuple2", l.goTypeOf(mt.Key), l.goTypeOf(mt.Val)), Fields: []*ir.KeyValue{{Key: "F0", Value: &ir.Ref{V: k}}, {Key: "F1", Value: &ir.Ref{V: v}}}}, fi.Elem)
			}
		})
		k.Reads++
		v.Reads++
		if elemObj != nil {
			b.add(&ir.ForRange{Label: loop.label, Key: k, X: &ir.Call{Fun: &ir.Sel{X: m, Name: "All"}}, Body: body, Line: b.line})
		} else {
			b.add(&ir.ForRange{Label: loop.label, Key: k, Value: v, X: &ir.Call{Fun: &ir.Sel{X: m, Name: "All"}}, Body: body, Line: b.line})
		}
	case check.IterSet:
		// `for x := range s.All()`, as over a map's keys (the state-machine pass iterates over a
		// snapshot, s.Keys(), where the body suspends).
		set := l.expr(b, s.Iter)
		x := l.temp("x", l.goTypeOf(fi.Elem))
		body := bodyWith(func(bb *builder) { bindElem(bb, &ir.Ref{V: x}, fi.Elem) })
		x.Reads++
		b.add(&ir.ForRange{Label: loop.label, Key: x, X: &ir.Call{Fun: &ir.Sel{X: set, Name: "All"}}, Body: body, Line: b.line})
	case check.IterChannel:
		ch := l.temp("ch", l.goTypeOf(s.Iter.TypeOf()))
		b.add(&ir.Define{V: ch, Value: l.expr(b, s.Iter), Line: b.line})
		elemT := fi.Elem
		got := l.temp("got", rtType("Option", l.goTypeOf(elemT)))
		body := bodyWith(func(bb *builder) {
			bb.add(&ir.Define{V: got})
			bb.add(&ir.Await{Dst: &ir.Ref{V: got}, Future: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: ch}, Name: "Recv"}},
				FutType: rtType("RecvFuture", l.goTypeOf(elemT)), Result: got.Type, Site: l.site(s), Line: l.line(s)})
			bb.add(&ir.If{Cond: &ir.Unary{Op: "!", X: &ir.Sel{X: &ir.Ref{V: got}, Name: "Some"}}, Then: &ir.Block{Stmts: []ir.Stmt{&ir.Branch{Tok: "break"}}}})
			bindElem(bb, &ir.Sel{X: &ir.Ref{V: got}, Name: "Val"}, elemT)
			if elemObj != nil {
				// The received value is the loop's own (a share's count came with it).
				l.bindRelease(bb, elemObj, l.locals[elemObj])
			}
		})
		got.Reads++
		ch.Reads++
		b.add(&ir.For{Label: loop.label, Body: body, Line: b.line})
	}
}

// belowMax reports whether hi is a literal smaller than the largest value of the integer type t
// (so that `i <= hi` ends a loop counting up).
func belowMax(hi ir.Expr, t types.Type) bool {
	k := types.BasicKind(t)
	v, ok := intBits(hi, k)
	if !ok {
		return false
	}
	if isSignedKind(k) {
		return int64(v) < int64(1)<<(intWidth(k)-1)-1
	}
	return v < ^uint64(0)>>(64-intWidth(k))
}

// rangeBounds lowers `a..b`, `a...b`, `range(n)` and `range(a, b)`.
func (l *lowerer) rangeBounds(b *builder, e ast.Expr, elem types.Type) (lo, hi ir.Expr, inclusive bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.Range:
		return l.exprAs(b, x.Lo, elem), l.exprAs(b, x.Hi, elem), x.Inclusive
	case *ast.Call:
		var args []ir.Expr
		for _, a := range x.Args {
			args = append(args, l.exprAs(b, a, elem))
		}
		if len(args) == 1 {
			return &ir.Lit{Text: "0"}, args[0], false
		}
		return args[0], args[1], false
	}
	l.fail(e, "a for loop over a value that is not iterable")
	return nil, nil, false
}

func (l *lowerer) forC(b *builder, s *ast.ForCStmt) {
	l.openScope()
	outer := &builder{}
	if s.Init != nil {
		l.stmt(outer, s.Init)
	}
	loop := &loopCtx{scope: len(l.fn.scopes), switches: l.fn.switches}
	condB := &builder{}
	var cond ir.Expr
	if s.Cond != nil {
		cond = l.condExpr(condB, s.Cond)
	}
	postB := &builder{}
	if s.Post != nil {
		l.stmt(postB, s.Post)
	}
	l.fn.loops = append(l.fn.loops, loop)
	iter := l.perIteration(s)
	body := l.block(s.Body.Stmts)
	if len(iter) > 0 {
		body.Stmts = append(append(l.beginIteration(iter), body.Stmts...), loop.carry...)
		l.endIteration(iter)
	}
	l.fn.loops = l.fn.loops[:len(l.fn.loops)-1]
	if len(condB.stmts) == 0 && len(postB.stmts) <= 1 {
		var post ir.Stmt
		if len(postB.stmts) == 1 {
			post = postB.stmts[0]
		}
		if post != nil {
			if _, simple := post.(*ir.Assign); !simple {
				post = nil
			}
		}
		if post != nil || len(postB.stmts) == 0 {
			outer.add(&ir.For{Label: loop.label, Cond: cond, Post: post, Body: body, Line: l.line(s)})
			l.closeScope(outer, true)
			b.add(&ir.Block{Stmts: outer.stmts})
			return
		}
	}
	// General form: the post statements run at the top of every iteration but the first, so
	// that `continue` runs them too.
	first := l.temp("first", tBool)
	first.Reads++
	head := []ir.Stmt{&ir.If{Cond: &ir.Unary{Op: "!", X: &ir.Ref{V: first}}, Then: &ir.Block{Stmts: postB.stmts}}}
	head = append(head, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: first}}, Op: "=", Rhs: []ir.Expr{&ir.Lit{Text: "false"}}})
	head = append(head, condB.stmts...)
	if cond != nil {
		head = append(head, &ir.If{Cond: ir.Not(cond), Then: &ir.Block{Stmts: []ir.Stmt{&ir.Branch{Tok: "break"}}}})
	}
	outer.add(&ir.Define{V: first, Value: &ir.Lit{Text: "true"}})
	outer.add(&ir.For{Label: loop.label, Body: &ir.Block{Stmts: append(head, body.Stmts...)}, Line: l.line(s)})
	l.closeScope(outer, true)
	b.add(&ir.Block{Stmts: outer.stmts})
}

// iterVar is a variable of a C-style loop's head that a closure in its body captures: like
// JavaScript's `for (let …)` (and Go's own loops), each iteration has its own, which starts with
// the value the previous one ended with.
type iterVar struct {
	obj          *types.Object
	outer, inner *ir.Local
}

// perIteration finds the variables the head of s declares that a lambda or an async block in
// its body captures, and gives each one the binding the body uses while it is lowered.
func (l *lowerer) perIteration(s *ast.ForCStmt) []iterVar {
	let, ok := s.Init.(*ast.LetStmt)
	if !ok || l.info.Lets[let] == nil {
		return nil
	}
	var out []iterVar
	for _, obj := range l.info.Lets[let].Objs {
		if obj == nil || l.locals[obj] == nil || !capturedIn(s.Body, obj) {
			continue
		}
		outer := l.locals[obj]
		out = append(out, iterVar{obj: obj, outer: outer, inner: l.local(obj, obj.Type)})
	}
	if len(out) > 0 {
		loop := l.fn.loops[len(l.fn.loops)-1]
		for _, v := range out {
			// Carried to the next iteration at the end of the body and at each `continue`.
			loop.carry = append(loop.carry, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: v.outer}}, Op: "=", Rhs: []ir.Expr{&ir.Ref{V: v.inner}}})
			v.inner.Reads++
		}
	}
	return out
}

// beginIteration declares the per-iteration bindings at the top of the body.
func (l *lowerer) beginIteration(vars []iterVar) []ir.Stmt {
	var out []ir.Stmt
	for _, v := range vars {
		v.outer.Reads++
		out = append(out, &ir.Define{V: v.inner, Value: &ir.Ref{V: v.outer}})
	}
	return out
}

// endIteration gives the loop's head its own bindings back.
func (l *lowerer) endIteration(vars []iterVar) {
	for _, v := range vars {
		l.locals[v.obj] = v.outer
	}
}

// capturedBelow reports whether a synchronous lambda or local fn in the body of root, a
// function, uses obj: Go closures, which capture it by reference (an async lambda or block
// gets copies of the shares it captures).
func capturedBelow(root ast.Node, obj *types.Object) bool {
	var body ast.Node
	switch r := root.(type) {
	case *ast.FuncDecl:
		body = r.Body
	case *ast.Lambda:
		body = r.Body
		if r.Body == nil {
			body = r.ExprBody
		}
	case *ast.AsyncBlock:
		body = r.Body
	}
	if body == nil || body == (*ast.Block)(nil) {
		return false
	}
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		switch c := x.(type) {
		case *ast.Lambda:
			if c.Async {
				return false
			}
			found = found || capturedIn(c, obj)
			return false
		case *ast.FuncDecl:
			found = found || capturedIn(c, obj)
			return false
		case *ast.AsyncBlock:
			return false
		}
		return !found
	})
	return found
}

// capturedIn reports whether a lambda, an async block or a local fn inside n uses obj.
func capturedIn(n ast.Node, obj *types.Object) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.Lambda, *ast.AsyncBlock, *ast.FuncDecl:
			ast.Inspect(x, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && id.Obj == obj {
					found = true
				}
				return !found
			})
			return false
		}
		return !found
	})
	return found
}

func (l *lowerer) branch(b *builder, s *ast.BranchStmt) {
	loop := l.fn.loops[len(l.fn.loops)-1]
	l.runDefersOfScopes(b, loop.scope)
	l.releaseScopesFrom(b, loop.scope)
	tok := "break"
	if s.Continue {
		tok = "continue"
		b.add(loop.carry...)
	}
	if t := l.innerTry(); t != nil && len(l.fn.loops) <= t.loops {
		b.add(l.tryExitStmt(t, tok, loop))
		return
	}
	label := ""
	if l.fn.switches > loop.switches {
		label = l.loopLabel(loop)
	}
	b.add(&ir.Branch{Tok: tok, Label: label, Line: b.line})
}

func (l *lowerer) returnStmt(b *builder, s *ast.ReturnStmt) {
	var results []ir.Expr
	if s.Value != nil && !types.IsUnit(l.fn.ret) && !types.IsNever(l.fn.ret) {
		var v ir.Expr
		if id, ok := ast.Unparen(s.Value).(*ast.Ident); ok && types.IsGuard(s.Value.TypeOf()) && l.locals[id.Obj] != nil {
			// `return g`: the lock goes to the caller; the binding's release then finds nothing.
			v = &ir.Call{Fun: &ir.Sel{X: l.expr(b, s.Value), Name: "Take"}}
		} else {
			v = l.owned(b, s.Value)
		}
		if t := s.Value.TypeOf(); l.fn.predicate && !types.IsBasic(t, types.Bool) {
			results = []ir.Expr{l.predicateTruth(v, t)}
		} else {
			results = []ir.Expr{l.convertAt(v, s.Value.TypeOf(), l.fn.ret, s.Value)}
		}
	} else if s.Value != nil {
		l.discard(b, l.expr(b, s.Value), s.Value.TypeOf())
	}
	l.emitReturn(b, results)
}

// emitReturn leaves the function with results: the bindings of every open scope are released
// first, and inside a try closure the return goes through its exit code.
func (l *lowerer) emitReturn(b *builder, results []ir.Expr) {
	if len(l.fn.scopes) > 0 {
		if len(results) > 0 && !isPure(results[0]) && hasReleases(l.fn.scopes) {
			t := l.temp("r", l.valueType(l.fn.ret))
			t.Reads++
			b.add(&ir.Define{V: t, Value: results[0]})
			results[0] = &ir.Ref{V: t}
		}
		l.releaseScopesFrom(b, 0)
	}
	if t := l.innerTry(); t != nil {
		b.add(l.tryReturn(t, results))
		return
	}
	b.add(&ir.Return{Results: results, Line: b.line})
}

func hasReleases(scopes []*scopeCtx) bool {
	for _, s := range scopes {
		if len(s.releases) > 0 {
			return true
		}
	}
	return false
}

// localFunc lowers a function declared inside a body: a closure bound to a local variable
// (declared first, so that it can call itself).
func (l *lowerer) localFunc(b *builder, s *ast.DeclStmt) {
	fd := s.Decl.(*ast.FuncDecl)
	fi := l.info.FuncOf[fd]
	if fi == nil || fd.Obj == nil {
		return
	}
	v := l.local(fd.Obj, fd.Obj.Type)
	b.add(&ir.Define{V: v, Line: b.line})
	var lit ir.Expr
	switch {
	case fi.Async:
		lit = l.asyncFuncLit(fd, fi, fd.Params, fd.Body)
	case callsItself(l.info, fd):
		lit = l.localDepthFunc(b, fd, fi, v)
	default:
		lit = l.funcLit(fi, fd.Params, fd.Body, nil, nil)
	}
	b.add(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: v}}, Op: "=", Rhs: []ir.Expr{lit}})
}

// site is the "file:line" an await suspends at, for the task dump.
func (l *lowerer) site(n ast.Node) string {
	p := l.fset.Position(n.Pos())
	if p.File == nil {
		return ""
	}
	return p.File.Name + ":" + ir.Itoa(p.Line)
}

func releaseCall(x ir.Expr, t ir.Type) ir.Expr {
	if n, ok := t.(*ir.TName); ok && n.Pkg == "rt" && n.Name == "Option" {
		return rtCall("ReleaseOption", x)
	}
	if n, ok := t.(*ir.TName); ok && n.Pkg == "rt" && (n.Name == "MutexGuard" || n.Name == "ReadGuard" || n.Name == "WriteGuard") {
		return &ir.Call{Fun: &ir.Sel{X: x, Name: "Drop"}}
	}
	return &ir.Call{Fun: &ir.Sel{X: x, Name: "Release"}}
}
