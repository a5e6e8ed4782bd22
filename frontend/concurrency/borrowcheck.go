package concurrency

import (
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"fmt"
	"sort"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/cfg"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// An `async` block without `move` uses the enclosing function's variables themselves. If the
// block leaves the place where those variables live (spawned, returned, stored somewhere that
// outlives them) it would read and write variables that are gone: E0702. Inside `scope` a child
// may borrow, because the scope ends only when its children have; but then children must not
// race on what they borrow: E0703.

// borrowed is one captured local that a block may outlive, and the fate that lets it.
type borrowed struct {
	cp  Capture
	esc *Escape
}

// checkBorrows reports E0702 for the non-move blocks that may outlive a local they borrow.
func (a *analysis) checkBorrows() {
	for _, b := range a.blocks {
		fi := a.info.FuncOf[b]
		if b.Move || fi == nil {
			continue
		}
		var list []borrowed
		for _, cp := range a.captures[fi] {
			if cp.Mode != ByRef || !isLocal(cp.Obj) || cp.Use == nil {
				continue
			}
			esc := a.escapePast(fi, cp.Obj)
			if esc == nil {
				continue
			}
			if esc.Kind == Spawned && esc.Via == nil && a.objFault(cp.Obj, map[*types.Object]bool{}) != nil {
				continue // not Send either: E0701 says so at the use
			}
			list = append(list, borrowed{cp, esc})
		}
		if len(list) > 0 {
			a.reportBorrow(b, list)
		}
	}
}

func (a *analysis) reportBorrow(b *ast.AsyncBlock, list []borrowed) {
	first := list[0]
	name := first.cp.Obj.Name
	e := first.esc
	var how string
	switch e.Kind {
	case Spawned:
		how = "it is spawned and may outlive `" + name + "`"
	case Returned:
		how = "it is returned from " + funcRef(e.Fn) + " and may outlive `" + name + "`"
	case Stored:
		how = "it is stored in " + e.What + " and may outlive `" + name + "`"
	case HeldIn:
		how = fmt.Sprintf("it is kept in `%s`, which outlives `%s`", e.Into.Name, name)
	}
	if e.Via != nil {
		verb := "stores"
		if e.Kind == Spawned {
			verb = "spawns"
		}
		how = fmt.Sprintf("it is passed to %s, which %s it: it may outlive `%s`", funcRef(e.Via), verb, name)
	}
	var d *diag.Diagnostic
	if e.Kind == ScopeChild {
		d = a.diags.Errorf(b.Pos(), a.head(b), diag.BorrowEscapes,
			"this async block borrows `%s`, a local of the scope's own body, but a child of the scope may outlive that body", name)
	} else {
		d = a.diags.Errorf(b.Pos(), a.head(b), diag.BorrowEscapes, "this async block borrows `%s`, but %s", name, how)
	}
	for _, x := range list {
		d.Note(x.cp.Use.Pos(), "`%s` is borrowed here", x.cp.Obj.Name)
	}
	switch {
	case e.Via != nil:
		d.Note(e.At.Pos(), "passed here")
	case e.Kind == Spawned:
		d.Note(e.At.Pos(), "spawned here")
	case e.Kind == ScopeChild:
		d.Note(e.At.Pos(), "spawned here; the scope waits for it after its body has returned")
	case e.Kind == Returned:
		d.Note(e.At.Pos(), "returned here")
	case e.Kind == Stored && e.What == "a channel":
		d.Note(e.At.Pos(), "sent here")
	case e.Kind == Stored:
		d.Note(e.At.Pos(), "stored here")
	case e.Kind == HeldIn:
		d.Note(e.At.Pos(), "kept in `%s` here", e.Into.Name)
		if id := a.declAt[e.Into]; id != nil {
			d.Note(id.Pos(), "`%s` is declared here, outside the scope of `%s`", e.Into.Name, name)
		}
	}
	var names, shares, written []string
	for _, x := range list {
		names = append(names, "`"+x.cp.Obj.Name+"`")
		if types.IsShare(x.cp.Obj.Type) {
			shares = append(shares, x.cp.Obj.Name)
		}
		if _, isHandle := types.Resolve(x.cp.Obj.Type).(*types.Handle); x.cp.Written && !isHandle {
			written = append(written, x.cp.Obj.Name)
		}
	}
	if e.Kind == ScopeChild {
		if len(written) > 0 {
			d.WithHelp("declare %s before `scope(…)`, so that the children change the variable itself", strings.Join(names, " and "))
			return
		}
		d.WithHelp("declare %s before `scope(…)`, or write `async move { … }` so that the block owns a copy", strings.Join(names, " and "))
		return
	}
	if len(written) > 0 {
		// `async move` would compile, and silently change a copy: say how to keep the writes.
		w := written[0]
		d.WithHelp("`async move` would change a copy of `%s` and lose the changes: to keep them, put `%s` in a `Mutex` (`let %s = Mutex::new(…);`, whose copies share one value) and change it through `lock()`, send the values over a channel, or return the value from the block and take it from `await`", w, w, w)
		return
	}
	if len(shares) > 0 {
		d.WithHelp("clone the share before the block (`let %s2 = %s.clone();`) and use it in an `async move { … }` block", shares[0], shares[0])
	} else {
		d.WithHelp("write `async move { … }` so that the block owns a copy of %s", strings.Join(names, " and "))
	}
}

// access is one participant's use of a variable borrowed by the children of a scope.
type access struct {
	child   *ast.Call // the s.spawn call; nil for the scope's own body
	use     ast.Node  // the first use (a change, if there is one)
	written bool
	again   bool   // the child may be spawned again, with this same variable, while it runs
	via     string // the closure through which the child uses it, if any
}

// checkScopes reports E0703 for the variables that the children of a scope borrow.
func (a *analysis) checkScopes() {
	children := map[*ast.Call][]*ast.Call{}
	for _, sp := range a.spawns {
		if ch, ok := sp.(*ast.Call); ok {
			if sc := a.scopeAround(ch); sc != nil {
				children[sc] = append(children[sc], ch)
			}
		}
	}
	for _, sc := range a.scopes {
		if len(sc.Args) != 1 {
			continue
		}
		lam, ok := ast.Unparen(sc.Args[0]).(*ast.Lambda)
		if !ok {
			continue
		}
		a.checkScope(sc, lam, children[sc])
	}
}

// checkScope checks the children spawned inside one scope's body.
func (a *analysis) checkScope(sc *ast.Call, lam *ast.Lambda, spawned []*ast.Call) {
	byObj := map[*types.Object][]access{}
	var order []*types.Object
	add := func(obj *types.Object, ac access) {
		if _, ok := byObj[obj]; !ok {
			order = append(order, obj)
		}
		byObj[obj] = append(byObj[obj], ac)
	}
	var children []*ast.Call
	for _, ch := range spawned {
		if !a.within(ch, lam) {
			continue
		}
		children = append(children, ch)
		x := a.spawnedExpr(ch)
		if x == nil {
			continue // `s.spawn()` without a future: the checker reported it
		}
		fi := a.srcFunc(x.TypeOf())
		if fi == nil {
			continue
		}
		again := a.spawnedAgain(ch, lam, nil)
		for _, cp := range a.captures[fi] {
			if cp.Mode != ByRef || !isLocal(cp.Obj) || cp.Use == nil {
				continue
			}
			// A variable declared anew on every round of the loop is each child's own.
			ac := access{child: ch, use: cp.Use, written: cp.Written, again: again && a.spawnedAgain(ch, lam, a.declAt[cp.Obj])}
			if cp.Written {
				ac.use = cp.WriteAt
			}
			add(cp.Obj, ac)
			// A closure the child calls uses what the closure captures, there.
			for _, inner := range a.closureCaptures(cp.Obj) {
				add(inner.Obj, access{child: ch, use: cp.Use, written: inner.Written, again: ac.again, via: cp.Obj.Name})
			}
		}
	}
	if len(children) == 0 {
		return
	}
	// The scope's own body runs beside the children it has spawned.
	scopeBody := a.flow(a.info.FuncOf[lam])
	for _, obj := range order {
		var spawners []ast.Node // where the children that use obj are spawned, in the body
		for _, ac := range byObj[obj] {
			spawners = append(spawners, a.anchor(scopeBody, ac.child))
		}
		body := access{}
		for _, u := range a.uses[obj] {
			if !a.within(u, lam) || a.inChild(u, children) || !a.runsAfterAny(scopeBody, spawners, u) {
				continue
			}
			if w := a.writeThrough(u); w != nil {
				if !body.written {
					body = access{use: w, written: true}
				}
			} else if body.use == nil {
				body.use = u
			}
		}
		if body.use != nil {
			byObj[obj] = append(byObj[obj], body)
		}
	}
	for _, obj := range order {
		a.judgeScopeAccess(sc, obj, byObj[obj])
	}
}

// judgeScopeAccess applies §10 to one borrowed variable: a changed one needs Send and one
// participant alone; a read-only one needs Share.
func (a *analysis) judgeScopeAccess(sc *ast.Call, obj *types.Object, list []access) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].use.Pos() < list[j].use.Pos() })
	var w *access
	for i := range list {
		if list[i].written {
			w = &list[i]
			break
		}
	}
	help := fmt.Sprintf("give each child its own variable, or put `%s` behind a lock (`Mutex::new(…)`) and change it through `lock()`", obj.Name)
	if w != nil {
		if w.again && w.child != nil {
			a.diags.Errorf(w.use.Pos(), w.use.EndPos(), diag.ScopeConflict,
				"this child of the scope changes `%s`, and the loop spawns it again on every iteration: its copies may change `%s` at the same time", obj.Name, obj.Name).
				Note(w.child.Pos(), "spawned here, once per iteration").
				Note(sc.Pos(), "the scope starts here").
				WithHelp("%s", help)
			return
		}
		for i := range list {
			o := &list[i]
			if o == w || o.child == w.child {
				continue
			}
			first, second := o, w
			if second.use.Pos() < first.use.Pos() {
				first, second = second, first
			}
			who, other := "a child of this scope", "another child"
			if second.child == nil {
				who, other = "the scope body", "a child of the scope"
			} else if first.child == nil {
				other = "the scope body"
			}
			var msg, note string
			switch {
			case first.written && second.written:
				msg = fmt.Sprintf("%s changes `%s`, which %s may change at the same time", who, obj.Name, other)
				if first.child != nil && second.child != nil {
					msg = fmt.Sprintf("two children of this scope may both change `%s`", obj.Name)
				}
				note = "also changed here, by " + other
			case second.written:
				msg = fmt.Sprintf("%s changes `%s` while %s reads it", who, obj.Name, other)
				note = "read here, by " + other
			default:
				msg = fmt.Sprintf("%s reads `%s` while %s changes it", who, obj.Name, other)
				note = "changed here, by " + other
			}
			if first.via != "" {
				note = strings.Replace(note, " here", " here, through `"+first.via+"`", 1)
			}
			if second.via != "" {
				msg += " (through `" + second.via + "`)"
			}
			a.diags.Errorf(second.use.Pos(), second.use.EndPos(), diag.ScopeConflict, "%s", msg).
				Note(first.use.Pos(), "%s", note).
				Note(sc.Pos(), "the scope starts here").
				WithHelp("%s", help)
			return
		}
		if f := a.objFault(obj, map[*types.Object]bool{}); f != nil && w.child != nil {
			d := a.diags.Errorf(w.use.Pos(), w.use.EndPos(), diag.ScopeConflict,
				"a child of this scope changes `%s`, which is not Send: %s", obj.Name, f.why())
			f.attach(d).Note(sc.Pos(), "the scope starts here").
				WithHelp("change it in the scope's own body, or lock inside the child instead of capturing the guard")
		}
		return
	}
	first := list[0]
	if first.child == nil {
		return
	}
	why := WhyNot(Share, obj.Type)
	var f *sendFault
	if why == "" {
		if f = a.objFault(obj, map[*types.Object]bool{}); f != nil {
			why = f.why()
		}
	}
	if why == "" {
		return
	}
	d := a.diags.Errorf(first.use.Pos(), first.use.EndPos(), diag.ScopeConflict,
		"a child of this scope reads `%s`, which is not Share: %s", obj.Name, why)
	if f != nil {
		f.attach(d)
	} else if id := a.declAt[obj]; id != nil {
		n := a.acquiredNote(obj, id)
		d.Note(n.Pos, "%s", n.Message)
	}
	d.Note(sc.Pos(), "the scope starts here")
	if types.IsGuard(obj.Type) {
		d.WithHelp("read what the children need before the scope (`let v = *%s;`), or let each child lock the mutex itself", obj.Name)
	} else {
		d.WithHelp("give the children values that are Share: build the closure inside each child, or let each child lock the mutex itself")
	}
}

// scopeAround returns the innermost scope call whose body holds n.
func (a *analysis) scopeAround(n ast.Node) *ast.Call {
	for p := parentOf(n); p != nil; p = parentOf(p) {
		if call, ok := p.(*ast.Call); ok {
			if ci := a.info.Calls[call]; ci != nil && ci.Kind == check.CallBuiltin && ci.Builtin == builtin.FnScope {
				return call
			}
		}
	}
	return nil
}

// spawnedAgain reports whether the child spawned by ch may be spawned again while an earlier
// one runs: ch runs in a loop of the scope's body lam, or inside a function that does. decl,
// when not nil, is where a variable the child uses is declared: a round of the loop that
// declares it anew gives each child its own, so only a loop that avoids decl counts.
func (a *analysis) spawnedAgain(ch ast.Node, lam *ast.Lambda, decl ast.Node) bool {
	x := ch
	for fi := a.funcOf(ch); fi != nil; fi = a.funcOf(fi.Node) {
		g := a.flow(fi)
		d := a.anchor(g, decl)
		if d != nil && d == x {
			return false // declared inside what runs again: new on every run
		}
		if g.Reaches(x, x, func(n ast.Node) bool { return n == d }) {
			return true
		}
		if fi.Node == ast.Node(lam) || fi.Node == nil {
			return false
		}
		x = fi.Node
	}
	return false
}

// runsAfterAny reports whether u may run after one of the spawns, in the body g.
func (a *analysis) runsAfterAny(g *cfg.Graph, spawns []ast.Node, u ast.Node) bool {
	at := a.anchor(g, u)
	for _, sp := range spawns {
		if sp != nil && at != nil && g.Reaches(sp, at, nil) {
			return true
		}
	}
	return false
}

// inChild reports whether n lies inside the future passed to one of the spawn calls.
func (a *analysis) inChild(n ast.Node, children []*ast.Call) bool {
	for _, ch := range children {
		if len(ch.Args) > 0 && a.within(n, ch.Args[0]) {
			return true
		}
	}
	return false
}

// closureCaptures lists what the closures a variable may hold capture by reference, through
// closures they call in turn.
func (a *analysis) closureCaptures(obj *types.Object) []Capture {
	var out []Capture
	seen := map[*check.FuncInfo]bool{}
	var visit func(obj *types.Object)
	visit = func(obj *types.Object) {
		for _, fi := range a.closuresOf(obj, map[*types.Object]bool{}) {
			if seen[fi] {
				continue
			}
			seen[fi] = true
			for _, cp := range a.captures[fi] {
				if cp.Mode == ByRef && isLocal(cp.Obj) {
					out = append(out, cp)
				}
				visit(cp.Obj)
			}
		}
	}
	visit(obj)
	return out
}
