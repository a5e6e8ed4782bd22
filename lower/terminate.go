package lower

import "adesh2go/lower/ir"

// goTerminates reports whether a statement list ends in what the Go specification calls a
// terminating statement: then Go needs no return after it, and `go vet` calls anything after it
// unreachable. (ir.Terminates answers the AdeshLang question, whether control can reach the end;
// a call of rt.Exit ends the program but is no terminating statement to Go.)
func goTerminates(list []ir.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ir.Return:
		return true
	case *ir.Branch:
		return s.Tok == "goto"
	case *ir.ExprStmt:
		c, ok := s.X.(*ir.Call)
		if !ok {
			return false
		}
		id, ok := c.Fun.(*ir.Ident)
		return ok && id.Pkg == "" && id.Name == "panic"
	case *ir.Block:
		return goTerminates(s.Stmts)
	case *ir.If:
		if s.Else == nil || !goTerminates(s.Then.Stmts) {
			return false
		}
		return goTerminates([]ir.Stmt{s.Else})
	case *ir.For:
		return s.Cond == nil && !breaksOut(s.Body.Stmts, s.Label, true)
	case *ir.Switch:
		hasDefault := false
		for _, c := range s.Cases {
			if len(c.Exprs) == 0 {
				hasDefault = true
			}
			if !goTerminates(c.Body) || breaksOut(c.Body, s.Label, true) {
				return false
			}
		}
		return hasDefault
	case *ir.TypeSwitch:
		hasDefault := false
		for _, c := range s.Cases {
			if len(c.Types) == 0 {
				hasDefault = true
			}
			if !goTerminates(c.Body) || breaksOut(c.Body, "", true) {
				return false
			}
		}
		return hasDefault
	}
	return false
}

// breaksOut reports whether a body contains a break of the statement around it: one with its
// label, or (when unlabeled breaks reach it) an unlabeled one outside any nested loop or switch.
func breaksOut(list []ir.Stmt, label string, unlabeled bool) bool {
	for _, s := range list {
		if breaksOutStmt(s, label, unlabeled) {
			return true
		}
	}
	return false
}

func breaksOutStmt(s ir.Stmt, label string, unlabeled bool) bool {
	switch s := s.(type) {
	case *ir.Branch:
		return s.Tok == "break" && (s.Label == "" && unlabeled || s.Label != "" && s.Label == label)
	case *ir.Block:
		return breaksOut(s.Stmts, label, unlabeled)
	case *ir.If:
		return breaksOut(s.Then.Stmts, label, unlabeled) || s.Else != nil && breaksOutStmt(s.Else, label, unlabeled)
	case *ir.For:
		return label != "" && breaksOut(s.Body.Stmts, label, false)
	case *ir.ForRange:
		return label != "" && breaksOut(s.Body.Stmts, label, false)
	case *ir.Switch:
		for _, c := range s.Cases {
			if label != "" && breaksOut(c.Body, label, false) {
				return true
			}
		}
	case *ir.TypeSwitch:
		for _, c := range s.Cases {
			if label != "" && breaksOut(c.Body, label, false) {
				return true
			}
		}
	}
	return false
}

// throwStmt raises an AdeshLang error: a panic Go sees as a terminating statement.
func throwStmt(err, pos ir.Expr, line *ir.Line) ir.Stmt {
	thrown := &ir.Unary{Op: "&", X: &ir.Composite{Type: rtType("Thrown"), Fields: []*ir.KeyValue{{Key: "Err", Value: err}, {Key: "Pos", Value: pos}}}}
	return &ir.ExprStmt{X: &ir.Call{Fun: &ir.Ident{Name: "panic"}, Args: []ir.Expr{thrown}}, Line: line}
}
