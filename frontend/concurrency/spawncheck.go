package concurrency

import (
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/check"
	"fmt"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// A spawned task may run on any worker, and move between workers at each await: everything it
// holds must be Send (E0701). That covers what it captures, the arguments of the async fn it
// runs, what it returns, and the lock guards it (or a future it awaits) holds across an await.

// sendFault explains why a value is not Send, with the places that show it.
type sendFault struct {
	kind  string   // "closure" or "future" when the value captures what is not Send
	path  []string // the captures that lead to the leaf: `bump`, then `g`
	leaf  string   // why the innermost value is not Send
	notes []diag.Note
}

// why renders the fault: "it is a closure that captures `bump`, which captures `g`: …".
func (f *sendFault) why() string {
	if len(f.path) == 0 {
		return f.leaf
	}
	s := "it is a " + f.kind + " that captures `" + f.path[0] + "`"
	for _, p := range f.path[1:] {
		s += ", which captures `" + p + "`"
	}
	return s + ": " + f.leaf
}

func (f *sendFault) attach(d *diag.Diagnostic) *diag.Diagnostic {
	for _, n := range f.notes {
		d.Note(n.Pos, "%s", n.Message)
	}
	return d
}

// objFault explains why the value of a variable is not Send: its type, or the captures of the
// closure or future it holds. nil when it is Send.
func (a *analysis) objFault(obj *types.Object, seen map[*types.Object]bool) *sendFault {
	if obj == nil || seen[obj] {
		return nil
	}
	seen[obj] = true
	if why := WhyNot(Send, obj.Type); why != "" {
		f := &sendFault{leaf: why}
		if id := a.declAt[obj]; id != nil {
			f.notes = append(f.notes, a.acquiredNote(obj, id))
		}
		return f
	}
	kind := "closure"
	closures := a.closuresOf(obj, map[*types.Object]bool{})
	if fut, ok := types.Resolve(obj.Type).(*types.Future); ok {
		kind = "future"
		closures = nil
		if n, ok := fut.Src.(ast.Node); ok {
			if fi := a.info.FuncOf[n]; fi != nil && fi.Node != nil {
				if _, decl := fi.Node.(*ast.FuncDecl); !decl {
					closures = append(closures, fi)
				}
			}
		}
	}
	for _, fi := range closures {
		if f := a.capturesFault(fi, kind, seen); f != nil {
			return f
		}
	}
	return nil
}

// capturesFault explains why a closure or block is not Send: the first capture that is not.
func (a *analysis) capturesFault(fi *check.FuncInfo, kind string, seen map[*types.Object]bool) *sendFault {
	for _, cp := range a.captures[fi] {
		if cp.Use == nil {
			continue
		}
		inner := a.objFault(cp.Obj, seen)
		if inner == nil {
			continue
		}
		f := &sendFault{kind: kind, path: append([]string{cp.Obj.Name}, inner.path...), leaf: inner.leaf}
		f.notes = append(f.notes, diag.Note{Pos: cp.Use.Pos(), Message: fmt.Sprintf("`%s` is captured here", cp.Obj.Name)})
		f.notes = append(f.notes, inner.notes...)
		return f
	}
	return nil
}

// exprFault explains why the value of an expression passed to a task is not Send.
func (a *analysis) exprFault(e ast.Expr) *sendFault {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if x.Obj != nil {
			return a.objFault(x.Obj, map[*types.Object]bool{})
		}
	case *ast.Lambda:
		if fi := a.info.FuncOf[x]; fi != nil {
			return a.capturesFault(fi, "closure", map[*types.Object]bool{})
		}
	}
	if why := WhyNot(Send, e.TypeOf()); why != "" {
		return &sendFault{leaf: why}
	}
	return nil
}

// acquiredNote points at where a variable that is not Send gets its value.
func (a *analysis) acquiredNote(obj *types.Object, id *ast.Ident) diag.Note {
	msg := fmt.Sprintf("`%s` gets its value here", obj.Name)
	if types.IsGuard(obj.Type) {
		msg = fmt.Sprintf("guard `%s` acquired here", obj.Name)
	}
	return diag.Note{Pos: a.acquiredAt(obj, id).Pos(), Message: msg}
}

// acquiredAt is where a guard variable gets its value: the initializer of its let, else its
// declaration.
func (a *analysis) acquiredAt(obj *types.Object, id *ast.Ident) ast.Node {
	if bp, ok := parentOf(id).(*ast.BindPat); ok {
		if let, ok := parentOf(bp).(*ast.LetStmt); ok && let.Value != nil {
			return ast.Unparen(let.Value)
		}
	}
	return id
}

// spawnedExpr returns the future a spawn site starts.
func (a *analysis) spawnedExpr(sp ast.Node) ast.Expr {
	switch sp := sp.(type) {
	case *ast.Spawn:
		return sp.X
	case *ast.ExprStmt:
		return sp.X
	case *ast.Call:
		if len(sp.Args) > 0 {
			return sp.Args[0]
		}
	}
	return nil
}

// spawnSpan is the part of a spawn site the caret marks.
func (a *analysis) spawnSpan(sp ast.Node) (source.Pos, source.Pos) {
	pos, end := sp.Pos(), sp.EndPos()
	var x ast.Expr
	switch s := sp.(type) {
	case *ast.ExprStmt:
		pos, end = s.X.Pos(), s.X.EndPos()
		x = s.X
	case *ast.Spawn:
		x = s.X
	case *ast.Call:
		if len(s.Args) > 0 {
			x = s.Args[0]
		}
	}
	// A spawned block is marked up to its `{`: the caret then fits on one line.
	if b, ok := ast.Unparen(x).(*ast.AsyncBlock); ok {
		end = a.head(b)
	}
	return pos, end
}

// head is the end of an async block's `async` or `async move`, before its body.
func (a *analysis) head(b *ast.AsyncBlock) source.Pos {
	end := b.Body.Pos()
	if f := a.diags.Files.File(end); f != nil {
		for end > b.Pos() && f.Offset(end) > 0 && isSpace(f.Src[f.Offset(end)-1]) {
			end--
		}
	}
	return end
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// srcFunc returns the function, lambda or block whose body a future runs, if known.
func (a *analysis) srcFunc(t types.Type) *check.FuncInfo {
	if f, ok := types.Resolve(t).(*types.Future); ok {
		if n, ok := f.Src.(ast.Node); ok {
			return a.info.FuncOf[n]
		}
	}
	return nil
}

// checkSpawns reports E0701 for every spawn site.
func (a *analysis) checkSpawns() {
	var obligations []obligation
	for _, sp := range a.spawns {
		x := a.spawnedExpr(sp)
		if x == nil || types.IsInvalid(x.TypeOf()) {
			continue
		}
		child := false
		if _, ok := sp.(*ast.Call); ok {
			child = true
		}
		obligations = append(obligations, a.checkTask(sp, x, child)...)
	}
	for _, call := range a.calls {
		ci := a.info.Calls[call]
		if ci == nil || ci.Kind != check.CallBuiltin || len(call.Args) == 0 {
			continue
		}
		switch ci.Builtin {
		case builtin.FnSpawnBlocking:
			if f := a.exprFault(call.Args[0]); f != nil {
				d := a.diags.Errorf(call.Args[0].Pos(), call.Args[0].EndPos(), diag.NotSend, "this function cannot run on a blocking thread: %s", f.why())
				f.attach(d).WithHelp("capture only Send values: take what the function needs out of the guard or closure before `spawn_blocking`")
			}
		case builtin.FnSetTimeout, builtin.FnSetInterval:
			// The callback runs later as a task of its own, maybe on another worker.
			if f := a.exprFault(call.Args[0]); f != nil {
				d := a.diags.Errorf(call.Args[0].Pos(), call.Args[0].EndPos(), diag.NotSend, "this timer callback runs as a task of its own, so it must be Send: %s", f.why())
				f.attach(d).WithHelp("capture what the callback needs (a clone of the mutex, a value taken out of the guard), not the guard")
			}
			for _, id := range a.globalGuardsIn(call.Args[0]) {
				a.diags.Errorf(id.Pos(), id.EndPos(), diag.NotSend, "the global lock guard `%s` cannot be used by a timer callback, which runs as a task of its own: `%s` is a lock guard", id.Name, check.TypeString(id.Obj.Type)).
					Note(call.Pos(), "the timer is set here").WithHelp("use the mutex in the callback and lock it there")
			}
		}
	}
	a.checkObligations(obligations)
}

// checkTask checks one spawned future: what it returns, the arguments of the async fn it runs,
// what it captures, and the guards it holds across awaits.
func (a *analysis) checkTask(sp ast.Node, x ast.Expr, child bool) []obligation {
	pos, end := a.spawnSpan(sp)
	t := x.TypeOf()
	var obligations []obligation
	if !types.IsFuture(t) {
		return nil
	}
	if out := types.AwaitResult(t); out != nil {
		if why := WhyNot(Send, out); why != "" {
			a.diags.Errorf(pos, end, diag.NotSend, "this spawned task returns `%s`, which is not Send: %s", check.TypeString(out), why).
				WithHelp("return the value the guard protects (`*g`), not the guard")
		} else if mentionsTypeParam(out) {
			obligations = append(obligations, obligation{fn: a.genericFunc(sp), t: out, what: "returns", at: sp})
		}
	}
	// The arguments of the async fn a task runs move into the task.
	if call, ok := ast.Unparen(x).(*ast.Call); ok {
		if ci := a.info.Calls[call]; ci != nil && (ci.Kind == check.CallFunc || ci.Kind == check.CallMethod || ci.Kind == check.CallValue) {
			for _, arg := range call.Args {
				if f := a.exprFault(arg); f != nil {
					d := a.diags.Errorf(arg.Pos(), arg.EndPos(), diag.NotSend, "%s cannot be passed to a spawned task: %s", describeExpr(arg), f.why())
					f.attach(d).Note(pos, "spawned here").
						WithHelp("pass what the task needs (a clone of the mutex, the value inside the guard), not the guard")
				} else if mentionsTypeParam(arg.TypeOf()) {
					obligations = append(obligations, obligation{fn: a.genericFunc(sp), t: arg.TypeOf(), what: "takes " + describeExpr(arg) + " of type", at: sp})
				}
			}
		}
	}
	fi := a.srcFunc(t)
	if fi == nil {
		return obligations
	}
	obligations = append(obligations, a.checkCaptures(sp, fi, child)...)
	for _, th := range a.taskHolds(fi) {
		h := th.hold
		a.reported[h.key()] = true
		name := "a temporary lock guard"
		if h.guard != nil {
			name = "the lock guard `" + h.guard.Name + "`"
		}
		task := "this spawned task"
		if child {
			task = "this child task of the scope"
		}
		var d *diag.Diagnostic
		if h.fn == fi {
			d = a.diags.Errorf(pos, end, diag.NotSend, "%s is not Send: it holds %s across an `await`", task, name)
		} else {
			d = a.diags.Errorf(pos, end, diag.NotSend, "%s is not Send: %s, which it awaits, holds %s across an `await`", task, funcRef(h.fn), name)
		}
		for _, p := range th.chain {
			d.Note(p.at.Pos(), "%s is awaited here, inside the task", funcRef(p.fn))
		}
		a.noteHold(d, h)
		d.WithHelp("%s", holdHelp(h))
	}
	return obligations
}

// checkCaptures reports the captures of a spawned lambda or block that are not Send.
func (a *analysis) checkCaptures(sp ast.Node, fi *check.FuncInfo, child bool) []obligation {
	pos, _ := a.spawnSpan(sp)
	var obligations []obligation
	for _, cp := range a.captures[fi] {
		if child && cp.Mode == ByRef || cp.Use == nil {
			continue // a borrow by a child of a scope: E0703's rules
		}
		f := a.objFault(cp.Obj, map[*types.Object]bool{})
		if f == nil {
			if mentionsTypeParam(cp.Obj.Type) {
				obligations = append(obligations, obligation{fn: a.genericFunc(sp), t: cp.Obj.Type, what: "captures `" + cp.Obj.Name + "` of type", at: sp})
			}
			continue
		}
		verb := "cannot be moved into a spawned task"
		if cp.Mode == ByRef {
			verb = "cannot be used by a spawned task"
		}
		d := a.diags.Errorf(cp.Use.Pos(), cp.Use.EndPos(), diag.NotSend, "`%s` %s: %s", cp.Obj.Name, verb, f.why())
		f.attach(d).Note(pos, "spawned here")
		if containsGuard(cp.Obj.Type) {
			d.WithHelp("lock inside the task instead: move the mutex (or `m.clone()`) into the task and call `lock()` there")
		} else {
			d.WithHelp("capture only Send values: build the closure or future inside the task, or lock inside it")
		}
	}
	// A global guard is not captured, but a task that uses it still reaches into another task's lock.
	for _, id := range a.globalGuardsIn(fi.Node) {
		d := a.diags.Errorf(id.Pos(), id.EndPos(), diag.NotSend, "the global lock guard `%s` cannot be used by a spawned task: `%s` is a lock guard", id.Name, check.TypeString(id.Obj.Type))
		d.Note(pos, "spawned here").WithHelp("use the mutex in the task and lock it there")
	}
	return obligations
}

// noteHold adds the notes that show a held guard.
func (a *analysis) noteHold(d *diag.Diagnostic, h guardHold) {
	if h.guard != nil {
		d.Note(h.at.Pos(), "guard `%s` acquired here", h.guard.Name)
	} else {
		d.Note(h.at.Pos(), "guard acquired here, released only at the end of the statement")
	}
	a.noteAwait(d, h)
}

// noteAwait points at the await where a guard is held.
func (a *analysis) noteAwait(d *diag.Diagnostic, h guardHold) {
	if _, loop := parentOf(h.await).(*ast.ForInStmt); loop {
		d.Note(h.await.Pos(), "this loop waits for the channel here while the guard is held")
	} else {
		d.Note(h.await.Pos(), "await here while the guard is held")
	}
	if h.deferred != nil {
		d.Note(h.deferred.Pos(), "this `defer` releases it only when its block ends")
	}
}

func holdHelp(h guardHold) string {
	if h.guard == nil {
		return "take what you need from the guard in a statement of its own, before the `await`"
	}
	if !types.IsGuard(h.guard.Type) {
		return fmt.Sprintf("release the guard before the `await`: bind `%s` inside an inner block `{ … }` that ends before it", h.guard.Name)
	}
	return fmt.Sprintf("release the guard before the `await`: lock inside an inner block `{ … }`, or call `%s.unlock()` first", h.guard.Name)
}

// funcRef names a function for a message: "`fetch`", "the async block".
func funcRef(fi *check.FuncInfo) string {
	if fi == nil {
		return "the future"
	}
	switch n := fi.Node.(type) {
	case nil:
		return "the top-level code"
	case *ast.FuncDecl:
		return "`" + n.Name.Name + "`"
	case *ast.Lambda:
		return "the lambda"
	case *ast.AsyncBlock:
		return "the async block"
	}
	return fi.Name
}

// describeExpr names an argument in a message.
func describeExpr(e ast.Expr) string {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return "`" + id.Name + "`"
	}
	return "this argument"
}

// taskHold is a guard held across an await by a spawned future or a future it awaits, with the
// awaits that lead there.
type taskHold struct {
	hold  guardHold
	chain []polled
}

// taskHolds collects the guards held across awaits by fi and by the futures it awaits.
func (a *analysis) taskHolds(fi *check.FuncInfo) []taskHold {
	var out []taskHold
	seen := map[*check.FuncInfo]bool{}
	var visit func(fi *check.FuncInfo, chain []polled)
	visit = func(fi *check.FuncInfo, chain []polled) {
		if fi == nil || seen[fi] {
			return
		}
		seen[fi] = true
		for _, h := range a.holdsOf(fi) {
			out = append(out, taskHold{hold: h, chain: chain})
		}
		for _, p := range a.polledBy(fi) {
			visit(p.fn, append(append([]polled(nil), chain...), p))
		}
	}
	visit(fi, nil)
	return out
}

// polled is a future awaited inside a function: the body it runs and where it is awaited.
type polled struct {
	fn *check.FuncInfo
	at ast.Node
}

// polledBy lists the futures fi awaits (directly, or through join, select, timeout, scope).
func (a *analysis) polledBy(fi *check.FuncInfo) []polled {
	if p, ok := a.polled[fi]; ok {
		return p
	}
	out := []polled{}
	defer func() { a.polled[fi] = out }()
	a.ownNodes(fi, func(n ast.Node) {
		var x ast.Expr
		switch n := n.(type) {
		case *ast.Await:
			x = n.X
		case *ast.Call:
			if ci := a.info.Calls[n]; ci != nil && ci.Kind == check.CallAwait {
				x = ci.Recv
			}
		}
		if x == nil {
			return
		}
		for _, src := range a.sources(x) {
			out = append(out, polled{fn: src, at: n})
		}
	})
	return out
}

// sources returns the bodies a future expression runs when it is polled.
func (a *analysis) sources(e ast.Expr) []*check.FuncInfo {
	f, ok := types.Resolve(e.TypeOf()).(*types.Future)
	if !ok {
		return nil
	}
	switch src := f.Src.(type) {
	case *ast.FuncDecl, *ast.Lambda, *ast.AsyncBlock:
		if fi := a.info.FuncOf[src.(ast.Node)]; fi != nil {
			return []*check.FuncInfo{fi}
		}
	case *builtin.BuiltinFuture:
		call, ok := ast.Unparen(e).(*ast.Call)
		if !ok {
			return nil
		}
		var out []*check.FuncInfo
		for _, arg := range call.Args {
			switch x := ast.Unparen(arg).(type) {
			case *ast.Lambda:
				if fi := a.info.FuncOf[x]; fi != nil && fi.Async {
					out = append(out, fi) // the body of scope(async (s) => …)
				}
			case *ast.ArrayLit:
				for _, el := range x.Elems {
					out = append(out, a.sources(el)...)
				}
			default:
				out = append(out, a.sources(arg)...)
			}
		}
		return out
	}
	return nil
}

// ownNodes visits the nodes of fi's own body, not those of the lambdas and blocks inside it.
func (a *analysis) ownNodes(fi *check.FuncInfo, visit func(ast.Node)) {
	walk := func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			if n != root {
				switch n.(type) {
				case *ast.Lambda, *ast.AsyncBlock, *ast.DeclStmt:
					return false
				}
			}
			visit(n)
			return true
		})
	}
	if fi.Node == nil {
		for _, s := range a.mainBody {
			walk(s)
		}
		return
	}
	walk(fi.Node)
}

// warnGuards reports W0707 for the guards held across an await outside spawned tasks.
func (a *analysis) warnGuards() {
	fns := append([]*check.FuncInfo{a.info.Main}, a.info.Funcs...)
	for _, fi := range fns {
		for _, h := range a.holdsOf(fi) {
			if a.reported[h.key()] {
				continue
			}
			name := "a temporary lock guard is"
			if h.guard != nil {
				name = "the lock guard `" + h.guard.Name + "` is"
			}
			pos, end := h.at.Pos(), h.at.EndPos()
			d := a.diags.Warnf(pos, end, diag.GuardAcrossAwait, "%s held across an `await`: other tasks that lock it wait until this one resumes", name)
			a.noteAwait(d, h)
			d.WithHelp("%s", holdHelp(h))
		}
	}
}

// globalGuardsIn are the uses of global lock guards inside n: a function that runs as a task or
// a thread of its own reaches into a lock another task holds through them.
func (a *analysis) globalGuardsIn(n ast.Node) []*ast.Ident {
	var in []*ast.Ident
	for _, id := range a.globalGuards {
		if a.within(id, n) {
			in = append(in, id)
		}
	}
	return in
}
