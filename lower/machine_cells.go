package lower

// Bindings of an exploded loop body that a closure captures get a new cell per iteration, as
// each iteration of a Go loop gets a new variable.

// inExplodedLoop reports whether the statement being exploded is inside an exploded loop.
func (m *machine) inExplodedLoop() bool {
	for _, lp := range m.loops {
		if lp.exploded {
			return true
		}
	}
	return false
}

// defineCell declares a binding of an exploded loop body that a closure captures: each
// iteration gets a new cell, as each iteration of a Go loop gets a new variable, so a defer or a
// lambda made in one iteration keeps seeing that iteration's value.
func (m *machine) defineCell(s *Define) Stmt {
	v := s.V
	v.Boxed = true
	cell := &Local{Name: v.Name, Type: &TPtr{Elem: v.Type}}
	m.cellRefs = append(m.cellRefs, cellRef{cell: cell, v: v})
	var value Expr = s.Value
	if value == nil {
		value = m.zero(v.Type)
	}
	return &Block{Stmts: []Stmt{
		&Assign{Lhs: []Expr{&Ref{V: cell}}, Op: "=", Rhs: []Expr{&Call{Fun: &Ident{Name: "new"}, Args: []Expr{&TypeExpr{Type: v.Type}}}}, Line: s.Line},
		&Assign{Lhs: []Expr{&Ref{V: v}}, Op: "=", Rhs: []Expr{value}},
	}}
}

// pinCells makes the closures made by s keep the cells that boxed bindings have now: a Go
// local holds the pointer, and the closure captures that local rather than the state struct
// (whose field gets a new cell in the next iteration).
func (m *machine) pinCells(s Stmt) Stmt {
	if len(m.cellRefs) == 0 {
		return s
	}
	var pins []Stmt
	pinned := map[*Local]*Local{}
	forExprs(s, func(x Expr) {
		walkExpr(x, func(e Expr) {
			fl, ok := e.(*FuncLit)
			if !ok {
				return
			}
			walkStmts(fl.Body.Stmts, true, func(st Stmt) {
				forExprs(st, func(y Expr) {
					walkExpr(y, func(z Expr) {
						r, ok := z.(*Ref)
						if !ok || !r.V.Boxed || !m.cells[r.V] || !m.isCell(r.V) {
							return
						}
						p := pinned[r.V]
						if p == nil {
							p = &Local{Name: r.V.Name, Type: &TPtr{Elem: r.V.Type}, Boxed: true}
							pinned[r.V] = p
							// &*cell is the cell itself, and a use of the binding for liveness.
							pins = append(pins, &Define{V: p, Value: &Unary{Op: "&", X: &Ref{V: r.V}}})
						}
						p.Reads++
						r.V = p
					})
				})
			})
		})
	})
	if len(pins) == 0 {
		return s
	}
	return &Block{Stmts: append(pins, s)}
}

// cellRef is the pointer itself of a boxed binding, written where the cell is made; it is a
// field when the binding is.
type cellRef struct{ cell, v *Local }

// isCell reports whether defineCell boxed v. A borrowed capture of an async block is boxed too,
// but its pointer stays the same on every iteration: it needs no pin.
func (m *machine) isCell(v *Local) bool {
	for _, c := range m.cellRefs {
		if c.v == v {
			return true
		}
	}
	return false
}

// closureCaptured finds the locals a closure of the body uses (a defer, a lambda) or whose
// address is taken (a borrowing async block).
func closureCaptured(body []Stmt) map[*Local]bool {
	out := map[*Local]bool{}
	refs := func(list []Stmt) {
		walkStmts(list, true, func(s Stmt) {
			forExprs(s, func(x Expr) {
				walkExpr(x, func(e Expr) {
					if r, ok := e.(*Ref); ok {
						out[r.V] = true
					}
				})
			})
		})
	}
	walkStmts(body, true, func(s Stmt) {
		if d, ok := s.(*Defer); ok {
			refs(d.Body.Stmts)
		}
		forExprs(s, func(x Expr) {
			walkExpr(x, func(e Expr) {
				switch e := e.(type) {
				case *FuncLit:
					refs(e.Body.Stmts)
				case *Unary:
					if r, ok := e.X.(*Ref); ok && e.Op == "&" {
						out[r.V] = true
					}
				}
			})
		})
	})
	return out
}

// forExprs calls f with the expressions of one statement (not those of nested statements).
func forExprs(s Stmt, f func(Expr)) {
	switch s := s.(type) {
	case *ExprStmt:
		f(s.X)
	case *Assign:
		for _, x := range s.Lhs {
			f(x)
		}
		for _, x := range s.Rhs {
			f(x)
		}
	case *Define:
		if s.Value != nil {
			f(s.Value)
		}
	case *If:
		f(s.Cond)
	case *For:
		if s.Cond != nil {
			f(s.Cond)
		}
	case *ForRange:
		f(s.X)
	case *Switch:
		if s.Tag != nil {
			f(s.Tag)
		}
		for _, c := range s.Cases {
			for _, x := range c.Exprs {
				f(x)
			}
		}
	case *TypeSwitch:
		f(s.X)
	case *Return:
		for _, x := range s.Results {
			f(x)
		}
	case *GoDefer:
		f(s.Call)
	case *Await:
		if s.Dst != nil {
			f(s.Dst)
		}
		f(s.Future)
	}
}
