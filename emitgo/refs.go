package emitgo

import "adesh2go/lower/ir"

// declRefs calls f with each package-level name a declaration refers to (isDecl says which
// names are package-level), the declaration's own name excluded. It may name more than the
// printed declaration uses, never less: a name the declaration binds itself (a parameter, a
// type parameter, a local) is not a reference, as the emitter decides with declBindings.
func declRefs(d ir.Decl, isDecl func(string) bool, f func(string)) {
	r := &refWalker{isDecl: isDecl, f: f, binds: declBindings(d)}
	switch d := d.(type) {
	case *ir.TypeDecl:
		for _, tp := range d.TypeParams {
			r.typ(tp.Constraint)
		}
		r.typ(d.Type)
	case *ir.VarDecl:
		r.typ(d.Type)
		r.expr(d.Value)
	case *ir.Func:
		if d.Recv != nil {
			r.typ(d.Recv.Type)
		}
		for _, tp := range d.TypeParams {
			r.typ(tp.Constraint)
		}
		for _, p := range d.Params {
			r.typ(p.Type)
		}
		r.types(d.Results)
		r.stmts(d.Body.Stmts)
	}
}

// bindings are the names a declaration binds itself, which win over package-level names of
// the same spelling inside it: type parameters (of the declaration, or of a method's
// receiver), which a type name may be, and values (the receiver, parameters, named result,
// locals), which only an identifier may be: a type named like a parameter (`func (v v)`) is
// still the type.
type bindings struct {
	types, values map[string]bool
}

// boundType reports whether a type name is one of the declaration's own.
func (b *bindings) boundType(name string) bool { return b != nil && b.types[name] }

// boundIdent reports whether an identifier is one of the declaration's own names.
func (b *bindings) boundIdent(name string) bool {
	return b != nil && (b.types[name] || b.values[name])
}

// declBindings are what a declaration binds. Lowering names a user's local apart from every
// package-level name, but generated code also refers by name to what it binds (a receiver
// `v`, a parameter `b`), which a package-level name of the user may equal.
func declBindings(d ir.Decl) *bindings {
	b := &bindings{types: map[string]bool{}, values: map[string]bool{}}
	switch d := d.(type) {
	case *ir.TypeDecl:
		for _, tp := range d.TypeParams {
			b.types[tp.Name] = true
		}
	case *ir.Func:
		for _, tp := range d.TypeParams {
			b.types[tp.Name] = true
		}
		if d.Recv != nil {
			b.values[d.Recv.Name] = true
			for _, arg := range recvType(d.Recv.Type).Args { // `func (s *Stack[T])` binds T
				if t, ok := arg.(*ir.TName); ok && t.Pkg == "" {
					b.types[t.Name] = true
				}
			}
		}
		for _, p := range d.Params {
			b.values[p.Name] = true
		}
		if d.ResultName != "" {
			b.values[d.ResultName] = true
		}
		local := func(v *ir.Local) {
			if v != nil && !v.Global && !v.Field {
				b.values[v.Name] = true
			}
		}
		walkFunc(d.Body.Stmts, func(s ir.Stmt) {
			for _, v := range stmtLocals(s) {
				local(v)
			}
		}, func(x ir.Expr) {
			switch x := x.(type) {
			case *ir.FuncLit:
				for _, p := range x.Params {
					b.values[p.Name] = true
				}
			case *ir.Ref:
				local(x.V)
			}
		})
	}
	return b
}

// walkFunc calls stmt with every statement of a function body and expr with every expression
// in it, nested ones and those of the function literals in it included.
func walkFunc(list []ir.Stmt, stmt func(ir.Stmt), expr func(ir.Expr)) {
	ir.WalkStmts(list, false, func(s ir.Stmt) {
		stmt(s)
		for _, x := range stmtExprs(s) {
			ir.WalkExpr(x, func(x ir.Expr) {
				expr(x)
				if fl, ok := x.(*ir.FuncLit); ok {
					walkFunc(fl.Body.Stmts, stmt, expr)
				}
			})
		}
	})
}

// stmtExprs are a statement's own expressions (not those of the statements nested in it).
func stmtExprs(s ir.Stmt) []ir.Expr {
	switch s := s.(type) {
	case *ir.Define:
		return []ir.Expr{s.Value}
	case *ir.ForRange:
		return []ir.Expr{s.X}
	case *ir.TypeSwitch:
		return []ir.Expr{s.X}
	case *ir.ExprStmt:
		return []ir.Expr{s.X}
	case *ir.Assign:
		return append(s.Lhs[:len(s.Lhs):len(s.Lhs)], s.Rhs...)
	case *ir.If:
		return []ir.Expr{s.Cond}
	case *ir.For:
		return []ir.Expr{s.Cond}
	case *ir.Switch:
		xs := []ir.Expr{s.Tag}
		for _, c := range s.Cases {
			xs = append(xs, c.Exprs...)
		}
		return xs
	case *ir.Return:
		return s.Results
	case *ir.GoDefer:
		return []ir.Expr{s.Call}
	case *ir.Await:
		return []ir.Expr{s.Dst, s.Future}
	}
	return nil
}

// stmtLocals are the locals a statement binds or releases.
func stmtLocals(s ir.Stmt) []*ir.Local {
	switch s := s.(type) {
	case *ir.Define:
		return []*ir.Local{s.V}
	case *ir.ForRange:
		return []*ir.Local{s.Key, s.Value}
	case *ir.TypeSwitch:
		return []*ir.Local{s.Bind}
	case *ir.Try:
		return []*ir.Local{s.Err}
	case *ir.Release:
		return []*ir.Local{s.V}
	}
	return nil
}

// refWalker visits every name of a declaration.
type refWalker struct {
	isDecl func(string) bool
	f      func(string)
	binds  *bindings
}

// name visits a type name (isType) or an identifier.
func (r *refWalker) name(n string, isType bool) {
	if isType && r.binds.boundType(n) || !isType && r.binds.boundIdent(n) {
		return
	}
	if r.isDecl(n) {
		r.f(n)
	}
}

func (r *refWalker) types(ts []ir.Type) {
	for _, t := range ts {
		r.typ(t)
	}
}

func (r *refWalker) typ(t ir.Type) {
	switch t := t.(type) {
	case *ir.TName:
		if t.Pkg == "" {
			r.name(t.Name, true)
		}
		r.types(t.Args)
	case *ir.TPtr:
		r.typ(t.Elem)
	case *ir.TSlice:
		r.typ(t.Elem)
	case *ir.TArray:
		r.typ(t.Elem)
	case *ir.TMap:
		r.typ(t.Key)
		r.typ(t.Val)
	case *ir.TChan:
		r.typ(t.Elem)
	case *ir.TVariadic:
		r.typ(t.Elem)
	case *ir.TFunc:
		r.types(t.Params)
		r.types(t.Results)
	case *ir.TStruct:
		for _, f := range t.Fields {
			r.typ(f.Type)
		}
	case *ir.TInterface:
		r.types(t.Embeds)
		for _, m := range t.Methods {
			r.types(m.Params)
			r.types(m.Results)
		}
	}
}

func (r *refWalker) local(v *ir.Local) {
	if v == nil {
		return
	}
	if v.Global && r.isDecl(v.Name) { // a global is never a binding of the function
		r.f(v.Name)
	}
	r.typ(v.Type)
}

// expr visits the names of an expression; its function literals' bodies are not entered.
func (r *refWalker) expr(x ir.Expr) {
	ir.WalkExpr(x, r.exprNode)
}

// exprNode visits the names of one expression node.
func (r *refWalker) exprNode(x ir.Expr) {
	switch x := x.(type) {
	case *ir.Ref:
		r.local(x.V)
	case *ir.Ident:
		if x.Pkg == "" {
			r.name(x.Name, false)
		}
		r.types(x.TypeArgs)
	case *ir.Call:
		r.types(x.TypeArgs)
	case *ir.Composite:
		r.typ(x.Type)
	case *ir.FuncLit:
		for _, p := range x.Params {
			r.typ(p.Type)
		}
		r.types(x.Results)
	case *ir.TypeAssert:
		r.typ(x.Type)
	case *ir.Conv:
		r.typ(x.Type)
	case *ir.TypeExpr:
		r.typ(x.Type)
	}
}

// stmts visits the names of a function body.
func (r *refWalker) stmts(list []ir.Stmt) {
	walkFunc(list, func(s ir.Stmt) {
		for _, v := range stmtLocals(s) {
			r.local(v)
		}
		switch s := s.(type) {
		case *ir.TypeSwitch:
			for _, c := range s.Cases {
				r.types(c.Types)
			}
		case *ir.Await:
			r.typ(s.FutType)
			r.typ(s.Result)
		}
	}, r.exprNode)
}
