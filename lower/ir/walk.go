package ir

// Walkers over the IR and small helpers that both lower and the state-machine pass use.

// IsUnitValue reports whether x is the unit value rt.Unit{}.
func IsUnitValue(x Expr) bool {
	c, ok := x.(*Composite)
	return ok && len(c.Elems) == 0 && len(c.Fields) == 0 && c.Type == TUnit
}

// Not is !x, folding a double negation.
func Not(x Expr) Expr {
	if u, ok := x.(*Unary); ok && u.Op == "!" {
		return u.X
	}
	return &Unary{Op: "!", X: x}
}

// Terminates reports whether a lowered statement list ends in a jump.
func Terminates(list []Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *Return, *Branch:
		return true
	case *ExprStmt:
		if c, ok := s.X.(*Call); ok {
			if id, ok := c.Fun.(*Ident); ok && id.Pkg == "rt" && (id.Name == "Throw" || id.Name == "Exit" || id.Name == "Fail") {
				return true
			}
			if id, ok := c.Fun.(*Ident); ok && id.Name == "panic" {
				return true
			}
		}
	case *Block:
		return Terminates(s.Stmts)
	case *If:
		if s.Else == nil {
			return false
		}
		var elseTerm bool
		switch e := s.Else.(type) {
		case *Block:
			elseTerm = Terminates(e.Stmts)
		case *If:
			elseTerm = Terminates([]Stmt{e})
		}
		return Terminates(s.Then.Stmts) && elseTerm
	}
	return false
}

// WalkExpr visits an expression and its operands (not function literal bodies).
func WalkExpr(x Expr, f func(Expr)) {
	if x == nil {
		return
	}
	f(x)
	switch x := x.(type) {
	case *Call:
		WalkExpr(x.Fun, f)
		for _, a := range x.Args {
			WalkExpr(a, f)
		}
	case *Sel:
		WalkExpr(x.X, f)
	case *Index:
		WalkExpr(x.X, f)
		WalkExpr(x.Index, f)
	case *SliceExpr:
		WalkExpr(x.X, f)
		WalkExpr(x.Lo, f)
		WalkExpr(x.Hi, f)
	case *Unary:
		WalkExpr(x.X, f)
	case *Binary:
		WalkExpr(x.X, f)
		WalkExpr(x.Y, f)
	case *Composite:
		for _, e := range x.Elems {
			WalkExpr(e, f)
		}
		for _, kv := range x.Fields {
			WalkExpr(kv.Value, f)
		}
	case *TypeAssert:
		WalkExpr(x.X, f)
	case *Conv:
		WalkExpr(x.X, f)
	case *Paren:
		WalkExpr(x.X, f)
	}
}

// WalkStmts visits every statement of a list, nested ones included (nested statements first, in
// the order MapStmts visits them); intoFuncs also enters the bodies of function literals. It
// changes nothing and allocates nothing.
func WalkStmts(list []Stmt, intoFuncs bool, f func(Stmt)) {
	for _, s := range list {
		WalkStmt(s, intoFuncs, f)
	}
}

// HasAwait reports whether statements await (not counting function literals' bodies).
func HasAwait(stmts []Stmt) bool {
	found := false
	WalkStmts(stmts, false, func(s Stmt) {
		if _, ok := s.(*Await); ok {
			found = true
		}
	})
	return found
}

// HasDefer reports whether a body registers a defer (including inside try closures).
func HasDefer(stmts []Stmt) bool {
	found := false
	WalkStmts(stmts, true, func(s Stmt) {
		if _, ok := s.(*Defer); ok {
			found = true
		}
	})
	return found
}

// ReplaceDefers rewrites every Defer of a body (including inside try closures).
func ReplaceDefers(stmts []Stmt, f func(*Defer) Stmt) []Stmt {
	return MapStmts(stmts, true, func(s Stmt) Stmt {
		if d, ok := s.(*Defer); ok {
			return f(d)
		}
		return s
	})
}

// Blank is `_ = v`, which makes Go accept a local that is never read.
func Blank(v *Local) Stmt {
	return &Assign{Lhs: []Expr{&Ident{Name: "_"}}, Op: "=", Rhs: []Expr{&Ref{V: v}}}
}

// Unreachable is the panic that tells Go the end of a function is not reached.
func Unreachable() Stmt {
	return &ExprStmt{X: &Call{Fun: &Ident{Name: "panic"}, Args: []Expr{&Lit{Text: `"unreachable"`}}}}
}

// ZeroOf is the zero value of a Go type, written out.
func ZeroOf(t Type) Expr {
	switch t := t.(type) {
	case *TPtr, *TSlice, *TFunc, *TInterface:
		return &Ident{Name: "nil"}
	case *TName:
		switch t.Name {
		case "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "int", "float32", "float64", "rune":
			if t.Pkg == "" {
				return &Lit{Text: "0"}
			}
		case "bool":
			if t.Pkg == "" {
				return &Lit{Text: "false"}
			}
		case "string":
			if t.Pkg == "" {
				return &Lit{Text: `""`}
			}
		case "Value", "Future":
			if t.Pkg == "rt" {
				return &Ident{Name: "nil"}
			}
		}
		if t.Pkg == "rt" {
			return &Composite{Type: t}
		}
	}
	// A user type may be a struct or an enum's interface: *new(T) is the zero value of either.
	return &Unary{Op: "*", X: &Call{Fun: &Ident{Name: "new"}, Args: []Expr{&TypeExpr{Type: t}}}}
}

// Itoa writes a non-negative int in decimal.
func Itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return Itoa(n/10) + string(rune('0'+n%10))
}

// WalkStmt visits a statement and the statements nested in it (into function literals when
// intoFuncs).
func WalkStmt(s Stmt, intoFuncs bool, f func(Stmt)) {
	funcs := func(x Expr) {
		if intoFuncs && x != nil {
			WalkExpr(x, func(e Expr) {
				if fl, ok := e.(*FuncLit); ok && fl.Body != nil {
					WalkStmts(fl.Body.Stmts, true, f)
				}
			})
		}
	}
	block := func(b *Block) {
		if b != nil {
			WalkStmts(b.Stmts, intoFuncs, f)
		}
	}
	switch s := s.(type) {
	case *Block:
		block(s)
	case *If:
		if s.Init != nil {
			WalkStmt(s.Init, intoFuncs, f)
		}
		funcs(s.Cond)
		block(s.Then)
		if s.Else != nil {
			WalkStmt(s.Else, intoFuncs, f)
		}
	case *For:
		if s.Init != nil {
			WalkStmt(s.Init, intoFuncs, f)
		}
		if s.Post != nil {
			WalkStmt(s.Post, intoFuncs, f)
		}
		block(s.Body)
	case *ForRange:
		block(s.Body)
	case *Switch:
		for _, c := range s.Cases {
			WalkStmts(c.Body, intoFuncs, f)
		}
	case *TypeSwitch:
		for _, c := range s.Cases {
			WalkStmts(c.Body, intoFuncs, f)
		}
	case *Try:
		block(s.Body)
		block(s.Catch)
		block(s.Finally)
	case *Defer:
		block(s.Body)
	case *ExprStmt:
		funcs(s.X)
	case *Assign:
		for _, x := range s.Rhs {
			funcs(x)
		}
	case *Define:
		funcs(s.Value)
	case *Return:
		for _, x := range s.Results {
			funcs(x)
		}
	}
	f(s)
}

// MapStmts rewrites every statement of a list bottom-up; nested statements first.
func MapStmts(list []Stmt, intoFuncs bool, f func(Stmt) Stmt) []Stmt {
	out := list[:0:0]
	for _, s := range list {
		out = append(out, mapStmt(s, intoFuncs, f))
	}
	return out
}

func mapBlock(b *Block, intoFuncs bool, f func(Stmt) Stmt) *Block {
	if b == nil {
		return nil
	}
	b.Stmts = MapStmts(b.Stmts, intoFuncs, f)
	return b
}

func mapStmt(s Stmt, intoFuncs bool, f func(Stmt) Stmt) Stmt {
	switch s := s.(type) {
	case *Block:
		mapBlock(s, intoFuncs, f)
	case *If:
		if s.Init != nil {
			s.Init = mapStmt(s.Init, intoFuncs, f)
		}
		if intoFuncs {
			mapExprFuncs(s.Cond, f)
		}
		mapBlock(s.Then, intoFuncs, f)
		if s.Else != nil {
			s.Else = mapStmt(s.Else, intoFuncs, f)
		}
	case *For:
		if s.Init != nil {
			s.Init = mapStmt(s.Init, intoFuncs, f)
		}
		if s.Post != nil {
			s.Post = mapStmt(s.Post, intoFuncs, f)
		}
		mapBlock(s.Body, intoFuncs, f)
	case *ForRange:
		mapBlock(s.Body, intoFuncs, f)
	case *Switch:
		for _, c := range s.Cases {
			c.Body = MapStmts(c.Body, intoFuncs, f)
		}
	case *TypeSwitch:
		for _, c := range s.Cases {
			c.Body = MapStmts(c.Body, intoFuncs, f)
		}
	case *Try:
		mapBlock(s.Body, intoFuncs, f)
		mapBlock(s.Catch, intoFuncs, f)
		mapBlock(s.Finally, intoFuncs, f)
	case *Defer:
		mapBlock(s.Body, intoFuncs, f)
	case *ExprStmt:
		if intoFuncs {
			mapExprFuncs(s.X, f)
		}
	case *Assign:
		if intoFuncs {
			for _, x := range s.Rhs {
				mapExprFuncs(x, f)
			}
		}
	case *Define:
		if intoFuncs && s.Value != nil {
			mapExprFuncs(s.Value, f)
		}
	case *Return:
		if intoFuncs {
			for _, x := range s.Results {
				mapExprFuncs(x, f)
			}
		}
	}
	return f(s)
}

// mapExprFuncs rewrites the statements of the function literals inside an expression.
func mapExprFuncs(x Expr, f func(Stmt) Stmt) {
	WalkExpr(x, func(e Expr) {
		if fl, ok := e.(*FuncLit); ok {
			mapBlock(fl.Body, true, f)
		}
	})
}

// LineOf is the AdeshLang line a statement carries (nil for a statement the compiler made
// with none).
func LineOf(s Stmt) *Line {
	switch s := s.(type) {
	case *ExprStmt:
		return s.Line
	case *Assign:
		return s.Line
	case *Define:
		return s.Line
	case *If:
		return s.Line
	case *For:
		return s.Line
	case *ForRange:
		return s.Line
	case *Switch:
		return s.Line
	case *TypeSwitch:
		return s.Line
	case *Return:
		return s.Line
	case *Branch:
		return s.Line
	case *GoDefer:
		return s.Line
	}
	return nil
}
