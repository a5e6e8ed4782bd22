package lower

// goTerminates reports whether a statement list ends in what the Go specification calls a
// terminating statement: then Go needs no return after it, and `go vet` calls anything after it
// unreachable. (terminatesIR answers the AdeshLang question, whether control can reach the end;
// a call of rt.Exit ends the program but is no terminating statement to Go.)
func goTerminates(list []Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *Return:
		return true
	case *Branch:
		return s.Tok == "goto"
	case *ExprStmt:
		c, ok := s.X.(*Call)
		if !ok {
			return false
		}
		id, ok := c.Fun.(*Ident)
		return ok && id.Pkg == "" && id.Name == "panic"
	case *Block:
		return goTerminates(s.Stmts)
	case *If:
		if s.Else == nil || !goTerminates(s.Then.Stmts) {
			return false
		}
		return goTerminates([]Stmt{s.Else})
	case *For:
		return s.Cond == nil && !breaksOut(s.Body.Stmts, s.Label, true)
	case *Switch:
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
	case *TypeSwitch:
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
func breaksOut(list []Stmt, label string, unlabeled bool) bool {
	for _, s := range list {
		if breaksOutStmt(s, label, unlabeled) {
			return true
		}
	}
	return false
}

func breaksOutStmt(s Stmt, label string, unlabeled bool) bool {
	switch s := s.(type) {
	case *Branch:
		return s.Tok == "break" && (s.Label == "" && unlabeled || s.Label != "" && s.Label == label)
	case *Block:
		return breaksOut(s.Stmts, label, unlabeled)
	case *If:
		return breaksOut(s.Then.Stmts, label, unlabeled) || s.Else != nil && breaksOutStmt(s.Else, label, unlabeled)
	case *For:
		return label != "" && breaksOut(s.Body.Stmts, label, false)
	case *ForRange:
		return label != "" && breaksOut(s.Body.Stmts, label, false)
	case *Switch:
		for _, c := range s.Cases {
			if label != "" && breaksOut(c.Body, label, false) {
				return true
			}
		}
	case *TypeSwitch:
		for _, c := range s.Cases {
			if label != "" && breaksOut(c.Body, label, false) {
				return true
			}
		}
	}
	return false
}

// throwStmt raises an AdeshLang error: a panic Go sees as a terminating statement.
func throwStmt(err, pos Expr, line *Line) Stmt {
	thrown := &Unary{Op: "&", X: &Composite{Type: rtType("Thrown"), Fields: []*KeyValue{{Key: "Err", Value: err}, {Key: "Pos", Value: pos}}}}
	return &ExprStmt{X: &Call{Fun: &Ident{Name: "panic"}, Args: []Expr{thrown}}, Line: line}
}
