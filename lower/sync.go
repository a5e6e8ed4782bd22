package lower

import (
	"adesh2go/frontend/types"
)

// finishSync completes the body of a synchronous function: its AdeshLang defers go to a list
// run when the function exits (by return or by an error), and a function with a result that Go
// cannot see is always returned gets a final panic.
func (l *lowerer) finishSync(stmts []Stmt, ret types.Type) *Block {
	stmts = l.heldPrologue(stmts)
	if hasDefer(stmts) {
		list := l.temp("defers", rtType("Defers"))
		list.Reads++
		stmts = replaceDefers(stmts, func(d *Defer) Stmt {
			return &ExprStmt{X: &Call{Fun: &Sel{X: &Ref{V: list}, Name: "Push"}, Args: []Expr{&FuncLit{Body: d.Body}}}, Line: d.Line}
		})
		prologue := []Stmt{&Define{V: list}, &GoDefer{Call: &Call{Fun: &Sel{X: &Ref{V: list}, Name: "Run"}}}}
		stmts = append(prologue, stmts...)
	}
	if len(l.resultTypes(ret)) > 0 && !goTerminates(stmts) {
		stmts = append(stmts, l.fallOffEnd(ret))
	}
	return &Block{Stmts: stmts}
}

// fallOffEnd is what ends a function whose body can complete without a return: an optional or
// dynamic result is null then (the checker allows it). For any other result the checker proved
// the end unreachable, and Go is told so.
func (l *lowerer) fallOffEnd(ret types.Type) Stmt {
	if o, ok := ret.(*types.Optional); ok {
		return &Return{Results: []Expr{rtCallT("None", []Type{l.goTypeOf(o.Elem)})}}
	}
	if types.IsAny(ret) {
		return &Return{Results: []Expr{&Ident{Name: "nil"}}}
	}
	return unreachable()
}

func unreachable() Stmt {
	return &ExprStmt{X: &Call{Fun: &Ident{Name: "panic"}, Args: []Expr{&Lit{Text: `"unreachable"`}}}}
}

// hasDefer reports whether a body registers a defer (including inside try closures).
func hasDefer(stmts []Stmt) bool {
	found := false
	walkStmts(stmts, true, func(s Stmt) {
		if _, ok := s.(*Defer); ok {
			found = true
		}
	})
	return found
}

// replaceDefers rewrites every Defer of a body (including inside try closures).
func replaceDefers(stmts []Stmt, f func(*Defer) Stmt) []Stmt {
	return mapStmts(stmts, true, func(s Stmt) Stmt {
		if d, ok := s.(*Defer); ok {
			return f(d)
		}
		return s
	})
}

// walkStmts visits every statement of a list, nested ones included (nested statements first, in
// the order mapStmts visits them); intoFuncs also enters the bodies of function literals. It
// changes nothing and allocates nothing.
func walkStmts(list []Stmt, intoFuncs bool, f func(Stmt)) {
	for _, s := range list {
		walkStmt(s, intoFuncs, f)
	}
}

func walkStmt(s Stmt, intoFuncs bool, f func(Stmt)) {
	funcs := func(x Expr) {
		if intoFuncs && x != nil {
			walkExpr(x, func(e Expr) {
				if fl, ok := e.(*FuncLit); ok && fl.Body != nil {
					walkStmts(fl.Body.Stmts, true, f)
				}
			})
		}
	}
	block := func(b *Block) {
		if b != nil {
			walkStmts(b.Stmts, intoFuncs, f)
		}
	}
	switch s := s.(type) {
	case *Block:
		block(s)
	case *If:
		if s.Init != nil {
			walkStmt(s.Init, intoFuncs, f)
		}
		funcs(s.Cond)
		block(s.Then)
		if s.Else != nil {
			walkStmt(s.Else, intoFuncs, f)
		}
	case *For:
		if s.Init != nil {
			walkStmt(s.Init, intoFuncs, f)
		}
		if s.Post != nil {
			walkStmt(s.Post, intoFuncs, f)
		}
		block(s.Body)
	case *ForRange:
		block(s.Body)
	case *Switch:
		for _, c := range s.Cases {
			walkStmts(c.Body, intoFuncs, f)
		}
	case *TypeSwitch:
		for _, c := range s.Cases {
			walkStmts(c.Body, intoFuncs, f)
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

// mapStmts rewrites every statement of a list bottom-up; nested statements first.
func mapStmts(list []Stmt, intoFuncs bool, f func(Stmt) Stmt) []Stmt {
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
	b.Stmts = mapStmts(b.Stmts, intoFuncs, f)
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
			c.Body = mapStmts(c.Body, intoFuncs, f)
		}
	case *TypeSwitch:
		for _, c := range s.Cases {
			c.Body = mapStmts(c.Body, intoFuncs, f)
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
	walkExpr(x, func(e Expr) {
		if fl, ok := e.(*FuncLit); ok {
			mapBlock(fl.Body, true, f)
		}
	})
}

// walkExpr visits an expression and its operands (not function literal bodies).
func walkExpr(x Expr, f func(Expr)) {
	if x == nil {
		return
	}
	f(x)
	switch x := x.(type) {
	case *Call:
		walkExpr(x.Fun, f)
		for _, a := range x.Args {
			walkExpr(a, f)
		}
	case *Sel:
		walkExpr(x.X, f)
	case *Index:
		walkExpr(x.X, f)
		walkExpr(x.Index, f)
	case *SliceExpr:
		walkExpr(x.X, f)
		walkExpr(x.Lo, f)
		walkExpr(x.Hi, f)
	case *Unary:
		walkExpr(x.X, f)
	case *Binary:
		walkExpr(x.X, f)
		walkExpr(x.Y, f)
	case *Composite:
		for _, e := range x.Elems {
			walkExpr(e, f)
		}
		for _, kv := range x.Fields {
			walkExpr(kv.Value, f)
		}
	case *TypeAssert:
		walkExpr(x.X, f)
	case *Conv:
		walkExpr(x.X, f)
	case *Paren:
		walkExpr(x.X, f)
	}
}

// finalize runs over the whole program once every function is lowered: releases become calls
// (clearing a state-struct field after it), and a local that Go would call unused (AdeshLang
// allows a binding that is never read) gets `_ = x`.
func (l *lowerer) finalize() {
	for _, d := range l.prog.Decls {
		fn, ok := d.(*Func)
		if !ok {
			continue
		}
		reads := map[*Local]int{}
		countReads(fn.Body.Stmts, reads)
		fn.Body.Stmts = finalizeStmts(fn.Body.Stmts, reads)
	}
}

// countReads counts the uses of each local in a body (function literals included) that are
// not the target of an assignment.
func countReads(list []Stmt, reads map[*Local]int) {
	readExpr := func(x Expr) {
		walkExpr(x, func(e Expr) {
			if r, ok := e.(*Ref); ok {
				reads[r.V]++
			}
		})
	}
	walkStmts(list, true, func(s Stmt) {
		switch s := s.(type) {
		case *Assign:
			for _, x := range s.Lhs {
				if _, ok := x.(*Ref); ok && (s.Op == "=" || s.Op == ":=") {
					continue
				}
				readExpr(x)
			}
			for _, x := range s.Rhs {
				readExpr(x)
			}
		case *Define:
			readExpr(s.Value)
		case *ExprStmt:
			readExpr(s.X)
		case *Return:
			for _, x := range s.Results {
				readExpr(x)
			}
		case *If:
			readExpr(s.Cond)
		case *For:
			readExpr(s.Cond)
		case *ForRange:
			readExpr(s.X)
		case *Switch:
			readExpr(s.Tag)
			for _, c := range s.Cases {
				for _, x := range c.Exprs {
					readExpr(x)
				}
			}
		case *TypeSwitch:
			readExpr(s.X)
		case *GoDefer:
			readExpr(s.Call)
		case *Release:
			reads[s.V]++
		}
	})
}

func finalizeStmts(list []Stmt, reads map[*Local]int) []Stmt {
	var out []Stmt
	for _, s := range list {
		s = finalizeStmt(s, reads)
		out = append(out, s)
		switch d := s.(type) {
		case *Define:
			if reads[d.V] == 0 && !d.V.Field && !d.V.Global {
				out = append(out, blank(d.V))
			}
		case *Assign:
			if d.Op == ":=" {
				for _, x := range d.Lhs {
					if r, ok := x.(*Ref); ok && reads[r.V] == 0 {
						out = append(out, blank(r.V))
					}
				}
			}
		}
	}
	return out
}

func blank(v *Local) Stmt {
	return &Assign{Lhs: []Expr{&Ident{Name: "_"}}, Op: "=", Rhs: []Expr{&Ref{V: v}}}
}

func finalizeStmt(s Stmt, reads map[*Local]int) Stmt {
	switch s := s.(type) {
	case *Release:
		call := &ExprStmt{X: releaseCall(&Ref{V: s.V}, s.V.Type)}
		stmts := []Stmt{call}
		if s.V.Field {
			stmts = append(stmts, &Assign{Lhs: []Expr{&Ref{V: s.V}}, Op: "=", Rhs: []Expr{zeroOf(s.V.Type)}})
		}
		if h := s.V.HeldBy; h != nil {
			stmts = append(stmts, &ExprStmt{X: &Call{Fun: &Sel{X: &Ref{V: h}, Name: "Pop"}, Args: []Expr{heldRef(s.V)}}})
		}
		if len(stmts) == 1 {
			return call
		}
		return &Block{Stmts: stmts}
	case *Block:
		s.Stmts = finalizeStmts(s.Stmts, reads)
	case *If:
		finalizeExpr(s.Cond, reads)
		s.Then.Stmts = finalizeStmts(s.Then.Stmts, reads)
		if s.Else != nil {
			s.Else = finalizeStmt(s.Else, reads)
		}
	case *For:
		s.Body.Stmts = finalizeStmts(s.Body.Stmts, reads)
	case *ForRange:
		s.Body.Stmts = finalizeStmts(s.Body.Stmts, reads)
	case *Switch:
		for _, c := range s.Cases {
			c.Body = finalizeStmts(c.Body, reads)
		}
	case *TypeSwitch:
		for _, c := range s.Cases {
			c.Body = finalizeStmts(c.Body, reads)
		}
	case *ExprStmt:
		finalizeExpr(s.X, reads)
	case *Assign:
		for _, x := range s.Rhs {
			finalizeExpr(x, reads)
		}
	case *Define:
		finalizeExpr(s.Value, reads)
	case *Return:
		for _, x := range s.Results {
			finalizeExpr(x, reads)
		}
	case *GoDefer:
		finalizeExpr(s.Call, reads)
	}
	return s
}

func finalizeExpr(x Expr, reads map[*Local]int) {
	walkExpr(x, func(e Expr) {
		if fl, ok := e.(*FuncLit); ok {
			fl.Body.Stmts = finalizeStmts(fl.Body.Stmts, reads)
		}
	})
}

// zeroOf is the zero value of a Go type, written out.
func zeroOf(t Type) Expr {
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
