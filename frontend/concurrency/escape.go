package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
)

// EscapeKind says how a future or closure leaves the place where it is made.
type EscapeKind uint8

const (
	// Spawned: started as a task (`spawn`, a W0706 statement, `spawn_blocking`); it may
	// outlive every local.
	Spawned EscapeKind = iota
	// ScopeChild: started by `s.spawn` inside `scope`; it ends before the scope does, but may
	// outlive the scope's own body (Fn), whose locals are gone once the body returns.
	ScopeChild
	// Returned from the function Fn.
	Returned
	// Stored where it may outlive every local: a field reached through a reference, a channel,
	// a timer, a promise callback.
	Stored
	// HeldIn the variable Into; it outlives what Into outlives.
	HeldIn
)

// Escape is one way a value leaves the place where it is made.
type Escape struct {
	Kind EscapeKind
	At   ast.Node        // the spawn, return, assignment or call where it leaves
	Fn   *check.FuncInfo // Returned: the function it is returned from
	Into *types.Object   // HeldIn: the variable holding it
	What string          // Stored: where ("a channel", "a field of `self`")
	Via  *check.FuncInfo // when it leaves inside a function it is passed to: that function
}

// EscapeInfo is what escape analysis learned about one lambda or async block.
type EscapeInfo struct {
	// Fates lists every way its value leaves; empty when it is only awaited or called where
	// it is made.
	Fates []Escape
	// Outlives lists the locals it borrows and may outlive.
	Outlives []*types.Object
}

// analyzeEscapes fills a.escapes[FuncInfo] for every lambda and async block.
func (a *analysis) analyzeEscapes() {
	for _, fi := range a.info.Funcs {
		switch fi.Node.(type) {
		case *ast.Lambda, *ast.AsyncBlock:
		default:
			continue
		}
		info := &EscapeInfo{Fates: a.fatesOf(fi.Node)}
		for _, cp := range a.captures[fi] {
			if cp.Mode == ByRef && a.escapePast(fi, cp.Obj) != nil {
				info.Outlives = append(info.Outlives, cp.Obj)
			}
		}
		a.escapes[fi] = info
	}
}

// escapePast returns the first fate of fi that lets it outlive the local obj, or nil.
func (a *analysis) escapePast(fi *check.FuncInfo, obj *types.Object) *Escape {
	if !isLocal(obj) || fi.Node == nil {
		return nil
	}
	fates := a.fatesOf(fi.Node)
	for i := range fates {
		e := &fates[i]
		switch e.Kind {
		case Spawned, Stored:
			return e
		case Returned:
			if ownerIsBetween(obj, fi.Parent, e.Fn) {
				return e
			}
		case ScopeChild:
			if e.Fn != nil && ownerIsBetween(obj, fi.Parent, e.Fn) {
				return e
			}
		case HeldIn:
			if a.outlives(e.Into, obj) {
				return e
			}
		}
	}
	return nil
}

// fatesOf follows the value of the expression (or lambda, or async block) n through the
// expressions around it, to where it is awaited, called, dropped, or leaves.
func (a *analysis) fatesOf(n ast.Node) []Escape {
	switch n.(type) {
	case *ast.Lambda, *ast.AsyncBlock:
		if f, ok := a.fates[n]; ok {
			return f
		}
		if a.fateActive[n] {
			return nil
		}
		a.fateActive[n] = true
		f := a.fatesOf1(n)
		a.fateActive[n] = false
		a.fates[n] = f
		return f
	}
	return a.fatesOf1(n)
}

func (a *analysis) fatesOf1(n ast.Node) []Escape {
	cur := n
	for {
		switch p := parentOf(cur).(type) {
		case *ast.Paren, *ast.ArrayLit, *ast.TupleLit, *ast.MapLit, *ast.SetLit, *ast.Try, *ast.Share, *ast.StructLit:
			cur = p
		case *ast.FieldInit:
			cur = parentOf(p)
		case *ast.Cond:
			if p.C == cur {
				return nil
			}
			cur = p
		case *ast.Binary:
			if p.Op != "??" {
				return nil
			}
			cur = p
		case *ast.Index:
			if p.X != cur {
				return nil
			}
			cur = p // an element of a collection of futures leaves with it
		case *ast.Arm:
			if p.Body != cur {
				return nil
			}
			cur = parentOf(p) // the match's value
		case *ast.Await:
			return nil
		case *ast.Spawn:
			return []Escape{{Kind: Spawned, At: p}}
		case *ast.ExprStmt:
			if a.info.Spawned[p] {
				return []Escape{{Kind: Spawned, At: p}}
			}
			return nil
		case *ast.LetStmt:
			if p.Value != cur {
				return nil
			}
			var out []Escape
			if li := a.info.Lets[p]; li != nil {
				for _, obj := range li.Objs {
					out = append(out, a.heldIn(obj, p)...)
				}
			}
			return out
		case *ast.Assign:
			if p.Y != cur || p.Op != "=" {
				return nil
			}
			return a.into(p.X, p)
		case *ast.ReturnStmt:
			return []Escape{{Kind: Returned, At: p, Fn: a.funcOf(p)}}
		case *ast.Lambda:
			if p.ExprBody != cur {
				return nil
			}
			return []Escape{{Kind: Returned, At: cur, Fn: a.info.FuncOf[p]}}
		case *ast.Call:
			return a.argFates(p, cur)
		case *ast.ForInStmt:
			if p.Iter != cur {
				return nil
			}
			var out []Escape
			if fi := a.info.ForIns[p]; fi != nil {
				for _, obj := range fi.Objs {
					out = append(out, a.heldIn(obj, p)...)
				}
			}
			return out
		case *ast.Ident, *ast.IntLit, *ast.BigIntLit, *ast.FloatLit, *ast.StringLit, *ast.CharLit, *ast.BoolLit,
			*ast.NullLit, *ast.Template, *ast.Unary, *ast.IncDec, *ast.Cast, *ast.Range,
			*ast.Selector, *ast.Match, *ast.BlockExpr, *ast.AsyncBlock, *ast.Block, *ast.IfStmt,
			*ast.WhileStmt, *ast.ForCStmt, *ast.TryStmt, *ast.ThrowStmt, *ast.DeferStmt,
			*ast.DeclStmt, *ast.BranchStmt, *ast.EmptyStmt:
			// Read, tested or thrown where it is (a method called on it, a match on it, a
			// condition): the value goes no further.
			return nil
		default:
			return nil
		}
	}
}

// argFates follows a value passed to a call (or used as its callee).
func (a *analysis) argFates(call *ast.Call, arg ast.Node) []Escape {
	if call.Fun == arg {
		return nil // called where it is
	}
	ci := a.info.Calls[call]
	if ci == nil {
		return nil
	}
	switch ci.Kind {
	case check.CallBuiltin:
		switch ci.Builtin {
		case builtin.FnJoin, builtin.FnJoinAll, builtin.FnSelect, builtin.FnTimeout, builtin.FnSome, builtin.FnOk, builtin.FnErr:
			return a.fatesOf(call) // wrapped in the call's result
		case builtin.FnSpawnBlocking:
			return []Escape{{Kind: Spawned, At: call}}
		case builtin.FnSetTimeout, builtin.FnSetInterval:
			return []Escape{{Kind: Stored, At: call, What: "a timer"}}
		}
	case check.CallBuiltinMethod:
		switch ci.Builtin {
		case builtin.ScopeSpawn:
			e := Escape{Kind: ScopeChild, At: call}
			if sc := a.scopeAround(call); sc != nil && len(sc.Args) == 1 {
				if lam, ok := ast.Unparen(sc.Args[0]).(*ast.Lambda); ok {
					e.Fn = a.info.FuncOf[lam]
				}
			}
			return []Escape{e}
		case builtin.ChannelSend:
			return []Escape{{Kind: Stored, At: call, What: "a channel"}}
		case builtin.PromiseThen, builtin.PromiseCatch, builtin.PromiseFinally:
			return []Escape{{Kind: Stored, At: call, What: "a promise callback"}}
		}
		if builtin.Of(ci.Builtin).Flags&builtin.Stores != 0 {
			return a.into(ci.Recv, call)
		}
	case check.CallStatic:
		if ci.Builtin == builtin.PromiseNew {
			return nil // the executor runs at once
		}
		if f, ok := a.threadFunc(call); ok && f == arg {
			return []Escape{{Kind: Spawned, At: call}}
		}
		return a.fatesOf(call)
	case check.CallVariant:
		return a.fatesOf(call)
	case check.CallFunc, check.CallMethod:
		return a.passedTo(call, arg)
	}
	return nil
}

// passedTo follows a value passed to a declared function: it leaves the way the function lets
// the parameter leave.
func (a *analysis) passedTo(call *ast.Call, arg ast.Node) []Escape {
	ci := a.info.Calls[call]
	fd, _ := ci.Obj.Decl.(*ast.FuncDecl)
	callee := a.info.FuncOf[fd]
	if fd == nil || callee == nil {
		return nil
	}
	idx := -1
	for i, x := range call.Args {
		if x == arg {
			idx = i
		}
	}
	if idx < 0 || idx >= len(fd.Params) || fd.Params[idx].Obj == nil {
		return nil
	}
	var out []Escape
	for _, e := range a.varFatesOf(fd.Params[idx].Obj) {
		switch {
		case e.Kind == Returned && e.Fn == callee:
			out = append(out, a.fatesOf(call)...)
		case e.Kind == Returned || e.Kind == HeldIn && isLocal(e.Into):
			// Kept in the callee's own frame, or returned by a closure of the callee.
		default:
			e.At, e.Via = call, callee
			out = append(out, e)
		}
	}
	return out
}

// into follows a value stored into an assignment target or a collection: a local variable (or
// a field or element of one) holds it; a target reached through a reference (a share, a guard,
// `self`, a parameter's field) keeps it somewhere this function cannot see.
func (a *analysis) into(target ast.Expr, at ast.Node) []Escape {
	e := target
	direct := true
	for {
		switch x := e.(type) {
		case *ast.Paren:
			e = x.X
			continue
		case *ast.Selector:
			if x.X.TypeOf() != nil && isHandle(x.X.TypeOf()) {
				return []Escape{{Kind: Stored, At: at, What: "a shared value"}}
			}
			e, direct = x.X, false
			continue
		case *ast.Index:
			e, direct = x.X, false
			continue
		case *ast.Unary:
			return []Escape{{Kind: Stored, At: at, What: "a shared value"}}
		case *ast.Ident:
			obj := x.Obj
			if obj == nil {
				return nil
			}
			if !direct && obj.Kind == types.ObjParam && (obj.Name == "self" || isHandle(obj.Type)) {
				return []Escape{{Kind: Stored, At: at, What: "a field of `" + obj.Name + "`"}}
			}
			return a.heldIn(obj, at)
		}
		return []Escape{{Kind: Stored, At: at, What: "a value reached through a reference"}}
	}
}

// isHandle reports whether t is a runtime handle (a reference to a shared value).
func isHandle(t types.Type) bool {
	_, ok := types.Resolve(t).(*types.Handle)
	return ok
}

// heldIn: obj now holds the value; it leaves where obj's value goes.
func (a *analysis) heldIn(obj *types.Object, at ast.Node) []Escape {
	if obj == nil {
		return nil
	}
	out := []Escape{{Kind: HeldIn, At: at, Into: obj}}
	if obj.Global {
		return out
	}
	return append(out, a.varFatesOf(obj)...)
}

// varFatesOf follows every use of a variable's value (memoized; a cycle of variables holding
// each other adds nothing).
func (a *analysis) varFatesOf(obj *types.Object) []Escape {
	if f, ok := a.varFates[obj]; ok {
		return f
	}
	if a.varActive[obj] {
		return nil
	}
	a.varActive[obj] = true
	var out []Escape
	for _, u := range a.uses[obj] {
		if as, ok := parentOf(u).(*ast.Assign); ok && as.X == u {
			continue // overwritten, not read
		}
		if n := a.outermostClosure(u, obj); n != nil {
			// Used inside a lambda or block made after it: the value goes where that goes.
			out = append(out, a.fatesOf(n)...)
		}
		out = append(out, a.fatesOf(u)...)
	}
	a.varActive[obj] = false
	a.varFates[obj] = out
	return out
}

// outermostClosure returns the outermost lambda or async block between a use of obj and
// obj's own function, or nil when the use is in obj's own function.
func (a *analysis) outermostClosure(u *ast.Ident, obj *types.Object) ast.Node {
	var found ast.Node
	for fi := a.funcOf(u); fi != nil && fi.Node != nil && any(fi.Node) != obj.Owner; fi = fi.Parent {
		switch fi.Node.(type) {
		case *ast.Lambda, *ast.AsyncBlock:
			found = fi.Node
		}
	}
	return found
}
