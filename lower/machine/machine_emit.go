package machine

import (
	"strconv"

	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// fields lists the state struct's fields in order: the tag, parameters and captures, locals
// kept across awaits, sub-futures, defers, the error being handled.
func (m *machine) fields() []*ir.FieldDecl {
	fs := []*ir.FieldDecl{{Name: "state", Type: goType("uint32")}}
	seen := map[*ir.Local]bool{}
	for _, v := range m.spec.Fields {
		t := v.Type
		if m.spec.ByPointer[v] {
			t = &ir.TPtr{Elem: t}
		}
		fs = append(fs, &ir.FieldDecl{Name: v.Name, Type: t})
		seen[v] = true
	}
	var kept []*ir.Local
	for v := range m.locals {
		if v.Field && !seen[v] {
			kept = append(kept, v)
		}
	}
	sortLocals(kept)
	for _, v := range kept {
		t := v.Type
		if v.Boxed {
			t = &ir.TPtr{Elem: t}
		}
		fs = append(fs, &ir.FieldDecl{Name: v.Name, Type: t})
	}
	fs = append(fs, m.subs...)
	if m.defers != nil {
		fs = append(fs, &ir.FieldDecl{Name: m.defers.Name, Type: m.defers.Type})
	}
	if m.err != nil {
		fs = append(fs, &ir.FieldDecl{Name: m.err.Name, Type: m.err.Type})
	}
	for _, v := range m.extra {
		fs = append(fs, &ir.FieldDecl{Name: v.Name, Type: v.Type})
	}
	return fs
}

func (m *machine) structDecl() ir.Decl {
	return &ir.TypeDecl{Doc: m.spec.Doc, Name: m.spec.Name, TypeParams: m.spec.TypeParams, Type: &ir.TStruct{Fields: m.fields()}}
}

func (m *machine) recv() *ir.Param { return &ir.Param{Name: "f", Type: &ir.TPtr{Elem: m.self}} }

func (m *machine) ctxParam() *ir.Param {
	return &ir.Param{Name: "cx", Type: &ir.TPtr{Elem: rtType("Context")}}
}

// hasHandlers reports whether a case belongs to a try region.
func (m *machine) hasHandlers() bool {
	for _, c := range m.cases {
		if c.try != nil {
			return true
		}
	}
	return false
}

// cleansUp reports whether a failure must do more than end the task: run defers, release
// shares and guards, drop the awaited sub-future.
func (m *machine) cleansUp() bool {
	if m.defers != nil || m.hasHandlers() {
		return true
	}
	for _, f := range m.fields() {
		if releasable(f.Type) {
			return true
		}
	}
	return false
}

// releasable reports whether a field's type holds a count or a lock.
func releasable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.TPtr:
		if n, ok := t.Elem.(*ir.TName); ok && n.Pkg == "rt" && (n.Name == "Share" || n.Name == "Weak") {
			return true
		}
	case *ir.TName:
		if t.Pkg == "rt" && (t.Name == "MutexGuard" || t.Name == "ReadGuard" || t.Name == "WriteGuard") {
			return true
		}
		if t.Pkg == "rt" && t.Name == "Option" && len(t.Args) == 1 {
			return releasable(t.Args[0]) // `w.upgrade()`, `m.try_lock()`
		}
	}
	return false
}

func (m *machine) pollBody() []ir.Stmt {
	var body []ir.Stmt
	for _, v := range m.hoisted {
		if v.Boxed {
			body = append(body, &ir.Define{V: &ir.Local{Name: v.Name, Type: &ir.TPtr{Elem: v.Type}}})
			continue
		}
		body = append(body, &ir.Define{V: v})
	}
	var mirrors []*ir.FieldDecl
	if m.spec.Debug {
		mirrors = m.mirrored()
	}
	if len(mirrors) > 0 {
		body = append(body, mirrorDecls(mirrors)...)
	}
	sw := &ir.Switch{Tag: stateRef()}
	for _, c := range m.cases {
		stmts := c.stmts
		if len(mirrors) > 0 {
			stmts = append([]ir.Stmt{mirrorRefresh(mirrors)}, withMirrors(stmts, mirrors)...)
		}
		sw.Cases = append(sw.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: ir.Itoa(c.id)}}, Body: stmts, Comment: c.about})
	}
	var again ir.Expr = &ir.Call{Fun: &ir.Ident{Name: "panic"}, Args: []ir.Expr{&ir.Lit{Text: `"adesh2go: future polled after it completed"`}}}
	if m.spec.What != "" {
		// A future runs once: awaiting it again is the program's error, reported where it is.
		again = rtCall("AwaitedAgain", &ir.Lit{Text: strconv.Quote(m.spec.What)}, m.spec.Pos)
	}
	sw.Cases = append(sw.Cases, &ir.Case{Body: []ir.Stmt{&ir.ExprStmt{X: again}}})
	loop := &ir.For{Body: &ir.Block{Stmts: []ir.Stmt{sw}}}
	if m.usesJump {
		loop.Label = "poll_"
	}
	return append(body, loop)
}

func (m *machine) pollFunc() ir.Decl {
	pollT := rtType("Poll", m.resultT)
	if !m.cleansUp() && m.errResult() == nil {
		return &ir.Func{Doc: "Poll runs the future until it completes or must wait.", Name: "Poll", Recv: m.recv(),
			Params: []*ir.Param{m.ctxParam()}, Results: []ir.Type{pollT}, Body: &ir.Block{Stmts: m.pollBody()}, Line: m.spec.Line}
	}
	// Poll catches errors: a try region's handler takes them, a Result-typed future gives them
	// as Err, or the future cleans up before the error goes on to the task. A Go defer at the
	// top of Poll costs next to nothing until something panics.
	m.prog.Decls = append(m.prog.Decls, m.catchFunc(pollT))
	body := append([]ir.Stmt{&ir.GoDefer{Call: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "catch_"},
		Args: []ir.Expr{&ir.Ident{Name: "cx"}, &ir.Unary{Op: "&", X: &ir.Ident{Name: "result_"}}}}}}, m.pollBody()...)
	return &ir.Func{Doc: "Poll runs the future until it completes or must wait.", Name: "Poll", Recv: m.recv(),
		Params: []*ir.Param{m.ctxParam()}, Results: []ir.Type{pollT}, ResultName: "result_", Body: &ir.Block{Stmts: body}, Line: m.spec.Line}
}

// errResult is the Ok type of a future whose value is a Result with an Error (§11: an error
// thrown and not caught inside it becomes its Err), or nil.
func (m *machine) errResult() ir.Type {
	r, ok := types.Resolve(m.spec.Ret).(*types.Result)
	if !ok || !types.IsBasic(r.Err, types.ErrorKind) {
		return nil
	}
	return m.l.ValueType(r.Ok)
}

// catchFunc handles an error raised while polling (Poll defers it): the handler of the try
// region the state is in takes it (and polling goes on), a Result-typed future cleans up and
// gives it as Err, or the future cleans up and the error goes on.
func (m *machine) catchFunc(pollT ir.Type) ir.Decl {
	x := &ir.Local{Name: "x", Type: tAnyGo, Reads: 2}
	r := &ir.Ident{Name: "r"}
	t := &ir.Local{Name: "t", Type: &ir.TPtr{Elem: rtType("Thrown")}, Reads: 1}
	ok := &ir.Local{Name: "ok", Type: tBool, Reads: 1}
	body := []ir.Stmt{
		&ir.Define{V: x, Value: &ir.Call{Fun: &ir.Ident{Name: "recover"}}},
		&ir.If{Cond: &ir.Binary{Op: "==", X: &ir.Ref{V: x}, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: []ir.Stmt{&ir.Return{}}}},
	}
	var caught []ir.Stmt
	if m.hasHandlers() {
		handlers := map[int][]ir.Expr{}
		var order []int
		for _, c := range m.cases {
			if c.try != nil {
				h := c.try.handler.id
				if _, ok := handlers[h]; !ok {
					order = append(order, h)
				}
				handlers[h] = append(handlers[h], &ir.Lit{Text: ir.Itoa(c.id)})
			}
		}
		sw := &ir.Switch{Tag: stateRef()}
		for _, h := range order {
			sw.Cases = append(sw.Cases, &ir.Case{Exprs: handlers[h], Body: []ir.Stmt{
				&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "dropSub_"}}},
				&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: m.err}}, Op: "=", Rhs: []ir.Expr{&ir.Ref{V: t}}},
				&ir.Assign{Lhs: []ir.Expr{stateRef()}, Op: "=", Rhs: []ir.Expr{&ir.Lit{Text: ir.Itoa(h)}}},
				&ir.Assign{Lhs: []ir.Expr{&ir.Unary{Op: "*", X: r}}, Op: "=", Rhs: []ir.Expr{&ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "Poll"}, Args: []ir.Expr{&ir.Ident{Name: "cx"}}}}},
				&ir.Return{},
			}})
		}
		caught = append(caught, sw)
	}
	if okT := m.errResult(); okT != nil {
		caught = append(caught,
			&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "Drop"}}},
			&ir.Assign{Lhs: []ir.Expr{&ir.Unary{Op: "*", X: r}}, Op: "=", Rhs: []ir.Expr{rtCallT("Ready", []ir.Type{m.resultT},
				rtCallT("Err", []ir.Type{okT, rtType("Error")}, &ir.Sel{X: &ir.Ref{V: t}, Name: "Err"}))}},
			&ir.Return{})
	}
	if len(caught) > 0 {
		t.Reads++
		body = append(body, &ir.If{
			Init: &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: t}, &ir.Ref{V: ok}}, Op: ":=", Rhs: []ir.Expr{&ir.TypeAssert{X: &ir.Ref{V: x}, Type: &ir.TPtr{Elem: rtType("Thrown")}}}},
			Cond: &ir.Ref{V: ok}, Then: &ir.Block{Stmts: caught}})
	}
	body = append(body,
		&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "Drop"}}},
		&ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "panic"}, Args: []ir.Expr{&ir.Ref{V: x}}}})
	return &ir.Func{Name: "catch_", Recv: m.recv(), Params: []*ir.Param{m.ctxParam(), {Name: "r", Type: &ir.TPtr{Elem: pollT}}}, Body: &ir.Block{Stmts: body}, Line: m.spec.Line}
}

// dropFunc writes Drop (cancel: drop the awaited sub-future, run the defers, release), complete
// (the same work at a normal return) and dropSub. Like catch_, they are on the fn's line: the
// lines Go would count on to from Poll's last are the user's, where a debugger's breakpoints
// would find them.
func (m *machine) dropFunc() ir.Decl {
	done := &ir.Ident{Name: m.doneName()}
	// dropSub drops the sub-future of the state the future is suspended in.
	sw := &ir.Switch{Tag: stateRef()}
	for _, c := range m.cases {
		if c.sub == nil {
			continue
		}
		sub := &ir.Sel{X: &ir.Ident{Name: "f"}, Name: c.sub.Name}
		drop := ir.Stmt(&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: sub, Name: "Drop"}}})
		if isNilable(c.sub.Type) {
			drop = &ir.If{Cond: &ir.Binary{Op: "!=", X: sub, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: []ir.Stmt{drop}}}
		}
		sw.Cases = append(sw.Cases, &ir.Case{Exprs: []ir.Expr{&ir.Lit{Text: ir.Itoa(c.id)}}, Body: []ir.Stmt{drop}})
	}
	var dropSubBody []ir.Stmt
	if len(sw.Cases) > 0 {
		dropSubBody = []ir.Stmt{sw}
	}
	m.prog.Decls = append(m.prog.Decls, &ir.Func{Name: "dropSub_", Recv: m.recv(), Body: &ir.Block{Stmts: dropSubBody}, Line: m.spec.Line})
	// complete runs the defers and releases what the fields hold, then clears the struct.
	var comp []ir.Stmt
	if m.defers != nil || m.cleansUp() {
		// Done first: a defer or a release that fails must not see the future as running.
		comp = append(comp, &ir.Assign{Lhs: []ir.Expr{stateRef()}, Op: "=", Rhs: []ir.Expr{done}})
	}
	if m.defers != nil {
		comp = append(comp, &ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: m.defers}, Name: "Run"}}})
	}
	for _, f := range m.fields() {
		if !releasable(f.Type) {
			continue
		}
		x := &ir.Sel{X: &ir.Ident{Name: "f"}, Name: f.Name}
		rel := ir.Stmt(&ir.ExprStmt{X: m.l.ReleaseCall(x, f.Type)})
		if isNilable(f.Type) {
			rel = &ir.If{Cond: &ir.Binary{Op: "!=", X: x, Y: &ir.Ident{Name: "nil"}}, Then: &ir.Block{Stmts: []ir.Stmt{rel}}}
		}
		comp = append(comp, rel)
	}
	comp = append(comp, &ir.Assign{Lhs: []ir.Expr{&ir.Unary{Op: "*", X: &ir.Ident{Name: "f"}}}, Op: "=",
		Rhs: []ir.Expr{&ir.Composite{Type: m.self, Fields: []*ir.KeyValue{{Key: "state", Value: done}}}}})
	m.prog.Decls = append(m.prog.Decls, &ir.Func{Name: "complete_", Recv: m.recv(), Body: &ir.Block{Stmts: comp}, Line: m.spec.Line})
	drop := []ir.Stmt{
		&ir.If{Cond: &ir.Binary{Op: "==", X: stateRef(), Y: done}, Then: &ir.Block{Stmts: []ir.Stmt{&ir.Return{}}}},
		&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "dropSub_"}}},
		&ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ident{Name: "f"}, Name: "complete_"}}},
	}
	return &ir.Func{Doc: "Drop cancels the future: the awaited future is dropped, defers run, shares and guards are released.",
		Name: "Drop", Recv: m.recv(), Body: &ir.Block{Stmts: drop}, Line: m.spec.Line}
}

func isNilable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.TPtr, *ir.TFunc, *ir.TInterface, *ir.TSlice:
		return true
	case *ir.TName:
		return t.Pkg == "rt" && (t.Name == "Future" || t.Name == "Value")
	}
	return false
}
