package lower

import (
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// finishSync completes the body of a synchronous function: its AdeshLang defers go to a list
// run when the function exits (by return or by an error), and a function with a result that Go
// cannot see is always returned gets a final panic.
func (l *lowerer) finishSync(stmts []ir.Stmt, ret types.Type) *ir.Block {
	stmts = l.heldPrologue(stmts)
	if ir.HasDefer(stmts) {
		list := l.temp("defers", rtType("Defers"))
		list.Reads++
		stmts = ir.ReplaceDefers(stmts, func(d *ir.Defer) ir.Stmt { return ir.DeferCall(d, list) })
		prologue := []ir.Stmt{&ir.Define{V: list}, &ir.GoDefer{Call: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: list}, Name: "Run"}}}}
		stmts = append(prologue, stmts...)
	}
	if len(l.resultTypes(ret)) > 0 && !goTerminates(stmts) {
		stmts = append(stmts, l.fallOffEnd(ret))
	}
	return &ir.Block{Stmts: stmts}
}

// fallOffEnd is what ends a function whose body can complete without a return: an optional or
// dynamic result is null then (the checker allows it). For any other result the checker proved
// the end unreachable, and Go is told so.
func (l *lowerer) fallOffEnd(ret types.Type) ir.Stmt {
	if o, ok := ret.(*types.Optional); ok {
		return &ir.Return{Results: []ir.Expr{rtCallT("None", []ir.Type{l.goTypeOf(o.Elem)})}}
	}
	if types.IsAny(ret) {
		return &ir.Return{Results: []ir.Expr{&ir.Ident{Name: "nil"}}}
	}
	return ir.Unreachable()
}

// finalize runs over the whole program once every function is lowered: releases become calls
// (clearing a state-struct field after it), and a local that Go would call unused (AdeshLang
// allows a binding that is never read) gets `_ = x`.
func (l *lowerer) finalize() {
	for _, d := range l.prog.Decls {
		fn, ok := d.(*ir.Func)
		if !ok {
			continue
		}
		reads := map[*ir.Local]int{}
		countReads(fn.Body.Stmts, reads)
		fn.Body.Stmts = finalizeStmts(fn.Body.Stmts, reads)
	}
}

// countReads counts the uses of each local in a body (function literals included) that are
// not the target of an assignment.
func countReads(list []ir.Stmt, reads map[*ir.Local]int) {
	readExpr := func(x ir.Expr) {
		ir.WalkExpr(x, func(e ir.Expr) {
			if r, ok := e.(*ir.Ref); ok {
				reads[r.V]++
			}
		})
	}
	ir.WalkStmts(list, true, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Assign:
			for _, x := range s.Lhs {
				if _, ok := x.(*ir.Ref); ok && (s.Op == "=" || s.Op == ":=") {
					continue
				}
				readExpr(x)
			}
			for _, x := range s.Rhs {
				readExpr(x)
			}
		case *ir.Define:
			readExpr(s.Value)
		case *ir.ExprStmt:
			readExpr(s.X)
		case *ir.Return:
			for _, x := range s.Results {
				readExpr(x)
			}
		case *ir.If:
			readExpr(s.Cond)
		case *ir.For:
			readExpr(s.Cond)
		case *ir.ForRange:
			readExpr(s.X)
		case *ir.Switch:
			readExpr(s.Tag)
			for _, c := range s.Cases {
				for _, x := range c.Exprs {
					readExpr(x)
				}
			}
		case *ir.TypeSwitch:
			readExpr(s.X)
		case *ir.GoDefer:
			readExpr(s.Call)
		case *ir.Release:
			reads[s.V]++
		}
	})
}

func finalizeStmts(list []ir.Stmt, reads map[*ir.Local]int) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range list {
		s = finalizeStmt(s, reads)
		out = append(out, s)
		switch d := s.(type) {
		case *ir.Define:
			if reads[d.V] == 0 && !d.V.Field && !d.V.Global {
				out = append(out, ir.Blank(d.V))
			}
		case *ir.Assign:
			if d.Op == ":=" {
				for _, x := range d.Lhs {
					if r, ok := x.(*ir.Ref); ok && reads[r.V] == 0 {
						out = append(out, ir.Blank(r.V))
					}
				}
			}
		}
	}
	return out
}

func finalizeStmt(s ir.Stmt, reads map[*ir.Local]int) ir.Stmt {
	switch s := s.(type) {
	case *ir.Release:
		call := &ir.ExprStmt{X: releaseCall(&ir.Ref{V: s.V}, s.V.Type)}
		stmts := []ir.Stmt{call}
		if s.V.Field {
			stmts = append(stmts, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: s.V}}, Op: "=", Rhs: []ir.Expr{ir.ZeroOf(s.V.Type)}})
		}
		if h := s.V.HeldBy; h != nil {
			stmts = append(stmts, &ir.ExprStmt{X: &ir.Call{Fun: &ir.Sel{X: &ir.Ref{V: h}, Name: "Pop"}, Args: []ir.Expr{heldRef(s.V)}}})
		}
		if len(stmts) == 1 {
			return call
		}
		return &ir.Block{Stmts: stmts}
	case *ir.Block:
		s.Stmts = finalizeStmts(s.Stmts, reads)
	case *ir.If:
		finalizeExpr(s.Cond, reads)
		s.Then.Stmts = finalizeStmts(s.Then.Stmts, reads)
		if s.Else != nil {
			s.Else = finalizeStmt(s.Else, reads)
		}
	case *ir.For:
		s.Body.Stmts = finalizeStmts(s.Body.Stmts, reads)
	case *ir.ForRange:
		s.Body.Stmts = finalizeStmts(s.Body.Stmts, reads)
	case *ir.Switch:
		for _, c := range s.Cases {
			c.Body = finalizeStmts(c.Body, reads)
		}
	case *ir.TypeSwitch:
		for _, c := range s.Cases {
			c.Body = finalizeStmts(c.Body, reads)
		}
	case *ir.ExprStmt:
		finalizeExpr(s.X, reads)
	case *ir.Assign:
		for _, x := range s.Rhs {
			finalizeExpr(x, reads)
		}
	case *ir.Define:
		finalizeExpr(s.Value, reads)
	case *ir.Return:
		for _, x := range s.Results {
			finalizeExpr(x, reads)
		}
	case *ir.GoDefer:
		finalizeExpr(s.Call, reads)
	}
	return s
}

func finalizeExpr(x ir.Expr, reads map[*ir.Local]int) {
	ir.WalkExpr(x, func(e ir.Expr) {
		if fl, ok := e.(*ir.FuncLit); ok {
			fl.Body.Stmts = finalizeStmts(fl.Body.Stmts, reads)
		}
	})
}
