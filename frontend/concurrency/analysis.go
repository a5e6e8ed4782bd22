// Package concurrency applies the concurrency rules of the language reference (§10) to a
// checked program: the checker (frontend/check) gives it every name's object and every
// expression's type, the control-flow graph of each body (frontend/cfg) what may run after
// what, and it reports what would race or hang.
//
//   - capture.go: what each lambda and async block captures, by copy or by reference, read or
//     written;
//   - escape.go: where each future and closure goes (spawned, returned, stored, or only awaited
//     where it is made), and which locals it may outlive;
//   - guardlive.go: which lock guards are held at each await and each lock call (a data-flow
//     analysis over the graph);
//   - sendshare.go: the Send and Share predicates;
//   - spawncheck.go and sendgeneric.go (E0701, W0707), borrowcheck.go (E0702, E0703),
//     threadcheck.go and parallelcheck.go (E0701, E0703 for threads and Parallel's loops),
//     relock.go (E0708) and checkDeferAwaits (E0704) turn those facts into diagnostics.
//
// docs/concurrency.md says how §10 is applied where it is silent.
package concurrency

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/cfg"
	"adesh2go/frontend/check"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// analysis holds the indexes the concurrency checks share.
type analysis struct {
	info  *check.Info
	diags *diag.List

	uses    map[*types.Object][]*ast.Ident // every use of a local, in source order
	declAt  map[*types.Object]*ast.Ident   // where a local is declared
	scopeOf map[*types.Object]ast.Node     // the block, loop, arm or function it is declared in
	spawns  []ast.Node                     // *ast.Spawn, Scope.spawn calls and W0706 statements, in source order
	blocks  []*ast.AsyncBlock
	defers  []*ast.DeferStmt
	scopes  []*ast.Call // scope(async (s) => { … }) calls
	calls   []*ast.Call // every call, in source order
	// globalGuards are the uses of global lock guards (a top-level `let g = m.lock();`).
	globalGuards []*ast.Ident
	mainBody     []ast.Stmt // the top-level statements, in the order they run

	holds      map[*check.FuncInfo][]guardHold
	hasGuards  map[*check.FuncInfo]bool // functions that bind or make a lock guard
	fates      map[ast.Node][]Escape    // memo of fatesOf for closures and blocks
	fateActive map[ast.Node]bool
	varFates   map[*types.Object][]Escape
	varActive  map[*types.Object]bool
	polled     map[*check.FuncInfo][]polled
	reported   map[guardKey]bool   // guard holds already reported as part of an E0701
	marked     map[*cfg.Graph]bool // graphs whose suspension points are marked

	captures map[*check.FuncInfo][]Capture   // how each body holds and uses each capture
	escapes  map[*check.FuncInfo]*EscapeInfo // where each lambda's or block's value goes
}

// Facts are what the analyses learned of each lambda and async block, for tests and tools.
type Facts struct {
	Captures map[*check.FuncInfo][]Capture
	Escapes  map[*check.FuncInfo]*EscapeInfo
}

// Analyze runs the concurrency analyses over a checked program, reports E0701–E0704, W0707 and
// E0708 to diags, and fills what lower needs of them in info: FuncInfo.Copied and
// Info.LocksHeld. Running it again on the same Info recomputes the same facts (tools and
// benchmarks do).
func Analyze(info *check.Info, diags *diag.List) *Facts {
	a := &analysis{
		captures:   map[*check.FuncInfo][]Capture{},
		escapes:    map[*check.FuncInfo]*EscapeInfo{},
		info:       info,
		diags:      diags,
		uses:       map[*types.Object][]*ast.Ident{},
		declAt:     map[*types.Object]*ast.Ident{},
		scopeOf:    map[*types.Object]ast.Node{},
		holds:      map[*check.FuncInfo][]guardHold{},
		hasGuards:  map[*check.FuncInfo]bool{},
		fates:      map[ast.Node][]Escape{},
		fateActive: map[ast.Node]bool{},
		varFates:   map[*types.Object][]Escape{},
		varActive:  map[*types.Object]bool{},
		polled:     map[*check.FuncInfo][]polled{},
		reported:   map[guardKey]bool{},
		marked:     map[*cfg.Graph]bool{},
	}
	a.mainBody = info.MainStmts()
	for _, f := range info.Files {
		a.index(f)
	}
	a.analyzeCaptures()
	a.copyOnSpawn()
	a.analyzeEscapes()
	a.checkDeferAwaits()
	a.checkSpawns()
	a.checkThreads()
	a.checkParallel()
	a.checkAsyncLambdaCalls()
	a.checkBorrows()
	a.checkScopes()
	a.warnGuards()
	a.checkRelocks()
	return &Facts{Captures: a.captures, Escapes: a.escapes}
}

// index records parents, declarations, uses and the constructs the checks start from.
func (a *analysis) index(f *ast.File) {
	var stack []ast.Node
	var scopes []ast.Node
	fns := []*check.FuncInfo{a.info.Main}
	ast.Inspect(f, func(n ast.Node) bool {
		if _, isType := n.(ast.Type); isType {
			return false // no variable is declared or used inside a type
		}
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if len(scopes) > 0 && scopes[len(scopes)-1] == top {
				scopes = scopes[:len(scopes)-1]
			}
			if len(fns) > 1 && fns[len(fns)-1].Node == top {
				fns = fns[:len(fns)-1]
			}
			return true
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.Lambda, *ast.AsyncBlock:
			if fi := a.info.FuncOf[n]; fi != nil {
				fns = append(fns, fi)
			}
		}
		var p ast.Node
		if len(stack) > 0 {
			p = stack[len(stack)-1]
		}
		n.SetParent(p)
		stack = append(stack, n)
		if ast.OpensScope(n) {
			scopes = append(scopes, n)
		}
		switch n := n.(type) {
		case *ast.Ident:
			if a.noteIdent(n, p, scopes) && containsGuard(n.Obj.Type) {
				a.hasGuards[fns[len(fns)-1]] = true
			}
		case *ast.Spawn:
			a.spawns = append(a.spawns, n)
		case *ast.ExprStmt:
			if a.info.Spawned[n] {
				a.spawns = append(a.spawns, n)
			}
		case *ast.Call:
			a.calls = append(a.calls, n)
			if containsGuard(n.TypeOf()) {
				a.hasGuards[fns[len(fns)-1]] = true
			}
			if ci := a.info.Calls[n]; ci != nil {
				switch {
				case ci.Kind == check.CallBuiltinMethod && ci.Builtin == builtin.ScopeSpawn:
					a.spawns = append(a.spawns, n)
				case ci.Kind == check.CallBuiltin && ci.Builtin == builtin.FnScope:
					a.scopes = append(a.scopes, n)
				}
			}
		case *ast.AsyncBlock:
			a.blocks = append(a.blocks, n)
		case *ast.DeferStmt:
			a.defers = append(a.defers, n)
		}
		return true
	})
}

// noteIdent records a declaration or a use of a variable; it reports whether id declares one.
func (a *analysis) noteIdent(id *ast.Ident, p ast.Node, scopes []ast.Node) bool {
	obj := id.Obj
	if obj == nil {
		return false
	}
	switch p := p.(type) {
	case *ast.BindPat, *ast.Param:
		a.declare(obj, id, scopes)
		return true
	case *ast.FuncDecl:
		if p.Name == id {
			// A local function is declared in the scope around it, not in its own.
			a.declare(obj, id, scopes[:len(scopes)-1])
		}
		return false
	case *ast.TryStmt:
		a.declare(obj, id, scopes)
		return true
	case *ast.Selector:
		if p.Name == id {
			return false
		}
	case *ast.FieldInit:
		if p.Name == id && p.Value != nil {
			return false
		}
	case *ast.VariantPat, *ast.NamedType, *ast.TypeParam, *ast.Field, *ast.Variant,
		*ast.StructDecl, *ast.EnumDecl, *ast.ImportDecl:
		return false
	}
	switch obj.Kind {
	case types.ObjVar, types.ObjParam, types.ObjConst, types.ObjFunc:
		a.uses[obj] = append(a.uses[obj], id)
		if obj.Global && obj.Kind == types.ObjVar && containsGuard(obj.Type) {
			a.globalGuards = append(a.globalGuards, id)
		}
	}
	return false
}

func (a *analysis) declare(obj *types.Object, id *ast.Ident, scopes []ast.Node) {
	if _, seen := a.declAt[obj]; seen {
		return
	}
	a.declAt[obj] = id
	if len(scopes) > 0 {
		a.scopeOf[obj] = scopes[len(scopes)-1]
	}
}

// parentOf returns the node index found n under (nil for a root or for nil).
func parentOf(n ast.Node) ast.Node {
	if n == nil {
		return nil
	}
	return n.Parent()
}

// funcOf returns the function, lambda or async block whose own body holds n (Main for the
// top-level statements). A function node itself belongs to the function around it.
func (a *analysis) funcOf(n ast.Node) *check.FuncInfo {
	for p := parentOf(n); p != nil; p = parentOf(p) {
		if fi := a.info.FuncOf[p]; fi != nil {
			return fi
		}
	}
	return a.info.Main
}

// within reports whether n lies inside the subtree of root.
func (a *analysis) within(n, root ast.Node) bool {
	for ; n != nil; n = parentOf(n) {
		if n == root {
			return true
		}
	}
	return false
}

// isLocal reports whether obj is a variable that dies with its scope: not a global, a
// constant or a function.
func isLocal(obj *types.Object) bool {
	return obj != nil && !obj.Global && (obj.Kind == types.ObjVar || obj.Kind == types.ObjParam)
}

// outlives reports whether the variable v lives longer than the local x: v is a global, or v
// is declared in a scope that encloses x's.
func (a *analysis) outlives(v, x *types.Object) bool {
	if v.Global || !isLocal(v) {
		return true
	}
	if !isLocal(x) {
		return false
	}
	vs, xs := a.scopeOf[v], a.scopeOf[x]
	if vs == nil || xs == nil || vs == xs {
		return false
	}
	return a.within(xs, vs)
}

// ownerIsBetween reports whether obj is declared by fi or by one of its enclosing functions
// up to and including stop.
func ownerIsBetween(obj *types.Object, fi, stop *check.FuncInfo) bool {
	for ; fi != nil; fi = fi.Parent {
		if any(fi.Node) == obj.Owner || fi.Node == nil && obj.Owner == nil {
			return true
		}
		if fi == stop {
			return false
		}
	}
	return false
}

// checkDeferAwaits reports E0704: an await inside a `defer`, which runs when the function ends
// and cannot wait.
func (a *analysis) checkDeferAwaits() {
	for _, d := range a.defers {
		ast.Inspect(d.Body, func(n ast.Node) bool {
			var what string
			switch n := n.(type) {
			case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
				return false // a body of its own: it may await if it is async
			case *ast.Await:
				what = "`await`"
			case *ast.Call:
				if ci := a.info.Calls[n]; ci != nil && ci.Kind == check.CallAwait {
					what = "`.await()`"
				}
			case *ast.ForInStmt:
				if fi := a.info.ForIns[n]; fi != nil && fi.Kind == check.IterChannel {
					e := a.diags.Errorf(n.Iter.Pos(), n.Iter.EndPos(), diag.AwaitInDefer, "iterating over a channel inside `defer`: a deferred statement cannot wait")
					a.noteDefer(e, d, n)
					e.WithHelp("receive before the defer, or spawn the work inside the defer with `spawn(async move { … })`")
				}
			}
			if what != "" {
				e := a.diags.Errorf(n.Pos(), n.EndPos(), diag.AwaitInDefer, "%s inside `defer`: a deferred statement cannot wait", what)
				a.noteDefer(e, d, n)
				e.WithHelp("await before the defer, or spawn the work inside the defer with `spawn(async move { … })`")
			}
			return true
		})
	}
}

// noteDefer points at the defer around an await, unless both are on one line.
func (a *analysis) noteDefer(e *diag.Diagnostic, d *ast.DeferStmt, n ast.Node) {
	if a.diags.Files.Position(d.Pos()).Line != a.diags.Files.Position(n.Pos()).Line {
		e.Note(d.Pos(), "the `defer` starts here")
	}
}
