package lower

import "adesh2go/frontend/types"

// fields lists the state struct's fields in order: the tag, parameters and captures, locals
// kept across awaits, sub-futures, defers, the error being handled.
func (m *machine) fields() []*FieldDecl {
	fs := []*FieldDecl{{Name: "state", Type: goType("uint32")}}
	seen := map[*Local]bool{}
	for _, v := range m.spec.fields {
		t := v.Type
		if m.spec.byPointer[v] {
			t = &TPtr{Elem: t}
		}
		fs = append(fs, &FieldDecl{Name: v.Name, Type: t})
		seen[v] = true
	}
	var kept []*Local
	for v := range m.locals {
		if v.Field && !seen[v] {
			kept = append(kept, v)
		}
	}
	sortLocals(kept)
	for _, v := range kept {
		t := v.Type
		if v.Boxed {
			t = &TPtr{Elem: t}
		}
		fs = append(fs, &FieldDecl{Name: v.Name, Type: t})
	}
	fs = append(fs, m.subs...)
	if m.defers != nil {
		fs = append(fs, &FieldDecl{Name: m.defers.Name, Type: m.defers.Type})
	}
	if m.err != nil {
		fs = append(fs, &FieldDecl{Name: m.err.Name, Type: m.err.Type})
	}
	for _, v := range m.extra {
		fs = append(fs, &FieldDecl{Name: v.Name, Type: v.Type})
	}
	return fs
}

func (m *machine) structDecl() Decl {
	return &TypeDecl{Doc: m.spec.doc, Name: m.spec.name, TypeParams: m.spec.typeParams, Type: &TStruct{Fields: m.fields()}}
}

func (m *machine) recv() *Param { return &Param{Name: "f", Type: &TPtr{Elem: m.self}} }

func (m *machine) ctxParam() *Param { return &Param{Name: "cx", Type: &TPtr{Elem: rtType("Context")}} }

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
func releasable(t Type) bool {
	switch t := t.(type) {
	case *TPtr:
		if n, ok := t.Elem.(*TName); ok && n.Pkg == "rt" && (n.Name == "Share" || n.Name == "Weak") {
			return true
		}
	case *TName:
		if t.Pkg == "rt" && (t.Name == "MutexGuard" || t.Name == "ReadGuard" || t.Name == "WriteGuard") {
			return true
		}
		if t.Pkg == "rt" && t.Name == "Option" && len(t.Args) == 1 {
			return releasable(t.Args[0]) // `w.upgrade()`, `m.try_lock()`
		}
	}
	return false
}

func (m *machine) pollBody() []Stmt {
	var body []Stmt
	for _, v := range m.hoisted {
		if v.Boxed {
			body = append(body, &Define{V: &Local{Name: v.Name, Type: &TPtr{Elem: v.Type}}})
			continue
		}
		body = append(body, &Define{V: v})
	}
	sw := &Switch{Tag: stateRef()}
	for _, c := range m.cases {
		sw.Cases = append(sw.Cases, &Case{Exprs: []Expr{&Lit{Text: itoa(c.id)}}, Body: c.stmts, Comment: c.about})
	}
	var again Expr = &Call{Fun: &Ident{Name: "panic"}, Args: []Expr{&Lit{Text: `"adesh2go: future polled after it completed"`}}}
	if m.spec.what != "" {
		// A future runs once: awaiting it again is the program's error, reported where it is.
		again = rtCall("AwaitedAgain", &Lit{Text: quote(m.spec.what)}, m.spec.pos)
	}
	sw.Cases = append(sw.Cases, &Case{Body: []Stmt{&ExprStmt{X: again}}})
	loop := &For{Body: &Block{Stmts: []Stmt{sw}}}
	if m.usesJump {
		loop.Label = "poll_"
	}
	return append(body, loop)
}

func (m *machine) pollFunc() Decl {
	pollT := rtType("Poll", m.resultT)
	if !m.cleansUp() && m.errResult() == nil {
		return &Func{Doc: "Poll runs the future until it completes or must wait.", Name: "Poll", Recv: m.recv(),
			Params: []*Param{m.ctxParam()}, Results: []Type{pollT}, Body: &Block{Stmts: m.pollBody()}, Line: m.spec.line}
	}
	// Poll catches errors: a try region's handler takes them, a Result-typed future gives them
	// as Err, or the future cleans up before the error goes on to the task. A Go defer at the
	// top of Poll costs next to nothing until something panics.
	m.l.prog.Decls = append(m.l.prog.Decls, m.catchFunc(pollT))
	body := append([]Stmt{&GoDefer{Call: &Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "catch_"},
		Args: []Expr{&Ident{Name: "cx"}, &Unary{Op: "&", X: &Ident{Name: "result_"}}}}}}, m.pollBody()...)
	return &Func{Doc: "Poll runs the future until it completes or must wait.", Name: "Poll", Recv: m.recv(),
		Params: []*Param{m.ctxParam()}, Results: []Type{pollT}, ResultName: "result_", Body: &Block{Stmts: body}, Line: m.spec.line}
}

// errResult is the Ok type of a future whose value is a Result with an Error (§11: an error
// thrown and not caught inside it becomes its Err), or nil.
func (m *machine) errResult() Type {
	r, ok := types.Resolve(m.spec.ret).(*types.Result)
	if !ok || !types.IsBasic(r.Err, types.ErrorKind) {
		return nil
	}
	return m.l.valueType(r.Ok)
}

// catchFunc handles an error raised while polling (Poll defers it): the handler of the try
// region the state is in takes it (and polling goes on), a Result-typed future cleans up and
// gives it as Err, or the future cleans up and the error goes on.
func (m *machine) catchFunc(pollT Type) Decl {
	x := &Local{Name: "x", Type: tAnyGo, Reads: 2}
	r := &Ident{Name: "r"}
	t := &Local{Name: "t", Type: &TPtr{Elem: rtType("Thrown")}, Reads: 1}
	ok := &Local{Name: "ok", Type: tBool, Reads: 1}
	body := []Stmt{
		&Define{V: x, Value: &Call{Fun: &Ident{Name: "recover"}}},
		&If{Cond: &Binary{Op: "==", X: &Ref{V: x}, Y: &Ident{Name: "nil"}}, Then: &Block{Stmts: []Stmt{&Return{}}}},
	}
	var caught []Stmt
	if m.hasHandlers() {
		handlers := map[int][]Expr{}
		var order []int
		for _, c := range m.cases {
			if c.try != nil {
				h := c.try.handler.id
				if _, ok := handlers[h]; !ok {
					order = append(order, h)
				}
				handlers[h] = append(handlers[h], &Lit{Text: itoa(c.id)})
			}
		}
		sw := &Switch{Tag: stateRef()}
		for _, h := range order {
			sw.Cases = append(sw.Cases, &Case{Exprs: handlers[h], Body: []Stmt{
				&ExprStmt{X: &Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "dropSub_"}}},
				&Assign{Lhs: []Expr{&Ref{V: m.err}}, Op: "=", Rhs: []Expr{&Ref{V: t}}},
				&Assign{Lhs: []Expr{stateRef()}, Op: "=", Rhs: []Expr{&Lit{Text: itoa(h)}}},
				&Assign{Lhs: []Expr{&Unary{Op: "*", X: r}}, Op: "=", Rhs: []Expr{&Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "Poll"}, Args: []Expr{&Ident{Name: "cx"}}}}},
				&Return{},
			}})
		}
		caught = append(caught, sw)
	}
	if okT := m.errResult(); okT != nil {
		caught = append(caught,
			&ExprStmt{X: &Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "Drop"}}},
			&Assign{Lhs: []Expr{&Unary{Op: "*", X: r}}, Op: "=", Rhs: []Expr{rtCallT("Ready", []Type{m.resultT},
				rtCallT("Err", []Type{okT, rtType("Error")}, &Sel{X: &Ref{V: t}, Name: "Err"}))}},
			&Return{})
	}
	if len(caught) > 0 {
		t.Reads++
		body = append(body, &If{
			Init: &Assign{Lhs: []Expr{&Ref{V: t}, &Ref{V: ok}}, Op: ":=", Rhs: []Expr{&TypeAssert{X: &Ref{V: x}, Type: &TPtr{Elem: rtType("Thrown")}}}},
			Cond: &Ref{V: ok}, Then: &Block{Stmts: caught}})
	}
	body = append(body,
		&ExprStmt{X: &Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "Drop"}}},
		&ExprStmt{X: &Call{Fun: &Ident{Name: "panic"}, Args: []Expr{&Ref{V: x}}}})
	return &Func{Name: "catch_", Recv: m.recv(), Params: []*Param{m.ctxParam(), {Name: "r", Type: &TPtr{Elem: pollT}}}, Body: &Block{Stmts: body}}
}

// dropFunc writes Drop (cancel: drop the awaited sub-future, run the defers, release), complete
// (the same work at a normal return) and dropSub.
func (m *machine) dropFunc() Decl {
	done := &Ident{Name: m.doneName()}
	// dropSub drops the sub-future of the state the future is suspended in.
	sw := &Switch{Tag: stateRef()}
	for _, c := range m.cases {
		if c.sub == nil {
			continue
		}
		sub := &Sel{X: &Ident{Name: "f"}, Name: c.sub.Name}
		drop := Stmt(&ExprStmt{X: &Call{Fun: &Sel{X: sub, Name: "Drop"}}})
		if isNilable(c.sub.Type) {
			drop = &If{Cond: &Binary{Op: "!=", X: sub, Y: &Ident{Name: "nil"}}, Then: &Block{Stmts: []Stmt{drop}}}
		}
		sw.Cases = append(sw.Cases, &Case{Exprs: []Expr{&Lit{Text: itoa(c.id)}}, Body: []Stmt{drop}})
	}
	var dropSubBody []Stmt
	if len(sw.Cases) > 0 {
		dropSubBody = []Stmt{sw}
	}
	m.l.prog.Decls = append(m.l.prog.Decls, &Func{Name: "dropSub_", Recv: m.recv(), Body: &Block{Stmts: dropSubBody}})
	// complete runs the defers and releases what the fields hold, then clears the struct.
	var comp []Stmt
	if m.defers != nil || m.cleansUp() {
		// Done first: a defer or a release that fails must not see the future as running.
		comp = append(comp, &Assign{Lhs: []Expr{stateRef()}, Op: "=", Rhs: []Expr{done}})
	}
	if m.defers != nil {
		comp = append(comp, &ExprStmt{X: &Call{Fun: &Sel{X: &Ref{V: m.defers}, Name: "Run"}}})
	}
	for _, f := range m.fields() {
		if !releasable(f.Type) {
			continue
		}
		x := &Sel{X: &Ident{Name: "f"}, Name: f.Name}
		rel := Stmt(&ExprStmt{X: releaseCall(x, f.Type)})
		if isNilable(f.Type) {
			rel = &If{Cond: &Binary{Op: "!=", X: x, Y: &Ident{Name: "nil"}}, Then: &Block{Stmts: []Stmt{rel}}}
		}
		comp = append(comp, rel)
	}
	comp = append(comp, &Assign{Lhs: []Expr{&Unary{Op: "*", X: &Ident{Name: "f"}}}, Op: "=",
		Rhs: []Expr{&Composite{Type: m.self, Fields: []*KeyValue{{Key: "state", Value: done}}}}})
	m.l.prog.Decls = append(m.l.prog.Decls, &Func{Name: "complete_", Recv: m.recv(), Body: &Block{Stmts: comp}})
	drop := []Stmt{
		&If{Cond: &Binary{Op: "==", X: stateRef(), Y: done}, Then: &Block{Stmts: []Stmt{&Return{}}}},
		&ExprStmt{X: &Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "dropSub_"}}},
		&ExprStmt{X: &Call{Fun: &Sel{X: &Ident{Name: "f"}, Name: "complete_"}}},
	}
	return &Func{Doc: "Drop cancels the future: the awaited future is dropped, defers run, shares and guards are released.",
		Name: "Drop", Recv: m.recv(), Body: &Block{Stmts: drop}}
}

func isNilable(t Type) bool {
	switch t := t.(type) {
	case *TPtr, *TFunc, *TInterface, *TSlice:
		return true
	case *TName:
		return t.Pkg == "rt" && (t.Name == "Future" || t.Name == "Value")
	}
	return false
}
