package machine

import "adesh2go/lower/ir"

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
func (m *machine) defineCell(s *ir.Define) ir.Stmt {
	v := s.V
	v.Boxed = true
	cell := &ir.Local{Name: v.Name, Type: &ir.TPtr{Elem: v.Type}}
	m.cellRefs = append(m.cellRefs, cellRef{cell: cell, v: v})
	var value ir.Expr = s.Value
	if value == nil {
		value = m.zero(v.Type)
	}
	return &ir.Block{Stmts: []ir.Stmt{
		&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: cell}}, Op: "=", Rhs: []ir.Expr{&ir.Call{Fun: &ir.Ident{Name: "new"}, Args: []ir.Expr{&ir.TypeExpr{Type: v.Type}}}}, Line: s.Line},
		&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: v}}, Op: "=", Rhs: []ir.Expr{value}},
	}}
}

// pinCells makes the closures made by s keep the cells that boxed bindings have now: a Go
// local holds the pointer, and the closure captures that local rather than the state struct
// (whose field gets a new cell in the next iteration).
func (m *machine) pinCells(s ir.Stmt) ir.Stmt {
	if len(m.cellRefs) == 0 {
		return s
	}
	var pins []ir.Stmt
	pinned := map[*ir.Local]*ir.Local{}
	forExprs(s, func(x ir.Expr) {
		ir.WalkExpr(x, func(e ir.Expr) {
			fl, ok := e.(*ir.FuncLit)
			if !ok {
				return
			}
			ir.WalkStmts(fl.Body.Stmts, true, func(st ir.Stmt) {
				forExprs(st, func(y ir.Expr) {
					ir.WalkExpr(y, func(z ir.Expr) {
						r, ok := z.(*ir.Ref)
						if !ok || !r.V.Boxed || !m.cells[r.V] || !m.isCell(r.V) {
							return
						}
						p := pinned[r.V]
						if p == nil {
							p = &ir.Local{Name: r.V.Name, Type: &ir.TPtr{Elem: r.V.Type}, Boxed: true}
							pinned[r.V] = p
							// &*cell is the cell itself, and a use of the binding for liveness.
							pins = append(pins, &ir.Define{V: p, Value: &ir.Unary{Op: "&", X: &ir.Ref{V: r.V}}})
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
	return &ir.Block{Stmts: append(pins, s)}
}

// cellRef is the pointer itself of a boxed binding, written where the cell is made; it is a
// field when the binding is.
type cellRef struct{ cell, v *ir.Local }

// isCell reports whether defineCell boxed v. A borrowed capture of an async block is boxed too,
// but its pointer stays the same on every iteration: it needs no pin.
func (m *machine) isCell(v *ir.Local) bool {
	for _, c := range m.cellRefs {
		if c.v == v {
			return true
		}
	}
	return false
}

// closureCaptured finds the locals a closure of the body uses (a defer, a lambda) or whose
// address is taken (a borrowing async block), and among them those a function literal uses.
// Such a binding gets a cell even outside a loop: the closure may outlive the future (`return
// () => k`), whose struct is cleared when it completes (and is itself a field of its caller's,
// which the caller clears), so the closure keeps the cell rather than a pointer into the struct.
func closureCaptured(body []ir.Stmt) (out, inFuncLit map[*ir.Local]bool) {
	out, inFuncLit = map[*ir.Local]bool{}, map[*ir.Local]bool{}
	refs := func(list []ir.Stmt, also map[*ir.Local]bool) {
		ir.WalkStmts(list, true, func(s ir.Stmt) {
			forExprs(s, func(x ir.Expr) {
				ir.WalkExpr(x, func(e ir.Expr) {
					if r, ok := e.(*ir.Ref); ok {
						out[r.V] = true
						if also != nil {
							also[r.V] = true
						}
					}
				})
			})
		})
	}
	ir.WalkStmts(body, true, func(s ir.Stmt) {
		if d, ok := s.(*ir.Defer); ok && d.Body != nil {
			refs(d.Body.Stmts, nil)
		}
		forExprs(s, func(x ir.Expr) {
			ir.WalkExpr(x, func(e ir.Expr) {
				switch e := e.(type) {
				case *ir.FuncLit:
					refs(e.Body.Stmts, inFuncLit)
				case *ir.Unary:
					if r, ok := e.X.(*ir.Ref); ok && e.Op == "&" {
						out[r.V] = true
					}
				}
			})
		})
	})
	return out, inFuncLit
}

// forExprs calls f with the expressions of one statement (not those of nested statements).
func forExprs(s ir.Stmt, f func(ir.Expr)) {
	switch s := s.(type) {
	case *ir.ExprStmt:
		f(s.X)
	case *ir.Assign:
		for _, x := range s.Lhs {
			f(x)
		}
		for _, x := range s.Rhs {
			f(x)
		}
	case *ir.Define:
		if s.Value != nil {
			f(s.Value)
		}
	case *ir.If:
		f(s.Cond)
	case *ir.For:
		if s.Cond != nil {
			f(s.Cond)
		}
	case *ir.ForRange:
		f(s.X)
	case *ir.Switch:
		if s.Tag != nil {
			f(s.Tag)
		}
		for _, c := range s.Cases {
			for _, x := range c.Exprs {
				f(x)
			}
		}
	case *ir.TypeSwitch:
		f(s.X)
	case *ir.Return:
		for _, x := range s.Results {
			f(x)
		}
	case *ir.GoDefer:
		f(s.Call)
	case *ir.Await:
		if s.Dst != nil {
			f(s.Dst)
		}
		f(s.Future)
	}
}
