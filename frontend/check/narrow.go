package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// narrowings returns the optionals that cond proves not null when it is true (whenTrue) or
// false: `x != null`, `null != x`, a bare optional `x`, `!(x == null)` and `a && b` when true,
// `x == null` and `a || b` when false. Only locals, parameters and globals narrow.
func (c *checker) narrowings(cond ast.Expr, whenTrue bool) map[*types.Object]types.Type {
	out := map[*types.Object]types.Type{}
	c.collectNarrowings(cond, whenTrue, out)
	return out
}

func (c *checker) collectNarrowings(cond ast.Expr, whenTrue bool, out map[*types.Object]types.Type) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.Binary:
		switch e.Op {
		case "&&":
			if whenTrue {
				c.collectNarrowings(e.X, true, out)
				c.collectNarrowings(e.Y, true, out)
			}
		case "||":
			if !whenTrue {
				c.collectNarrowings(e.X, false, out)
				c.collectNarrowings(e.Y, false, out)
			}
		case "!=", "==":
			var other ast.Expr
			if _, ok := ast.Unparen(e.Y).(*ast.NullLit); ok {
				other = e.X
			} else if _, ok := ast.Unparen(e.X).(*ast.NullLit); ok {
				other = e.Y
			}
			if other == nil || (e.Op == "!=") != whenTrue {
				return
			}
			c.addNarrowing(other, out)
		}
	case *ast.Unary:
		if e.Op == "!" {
			c.collectNarrowings(e.X, !whenTrue, out)
		}
	case *ast.Ident:
		if whenTrue {
			c.addNarrowing(e, out)
		}
	}
}

// condChain checks a chain of one logical operator, `a && b && c` (parsed ((a && b) && c)),
// operand by operand, each seeing the optionals that the operands before it proved not null.
// Checking each operator on its own narrowed by its whole left side again: a chain of n terms
// took time n² (20,000 terms, 25 s).
func (c *checker) condChain(e *ast.Binary) {
	chain := []*ast.Binary{e}
	for {
		left, ok := chain[len(chain)-1].X.(*ast.Binary)
		if !ok || left.Op != e.Op {
			break
		}
		chain = append(chain, left)
	}
	whenTrue := e.Op == "&&"
	first := chain[len(chain)-1].X
	c.cond(first)
	undo := []func(){c.narrowAllExpr(c.narrowings(first, whenTrue))}
	for i := len(chain) - 1; i >= 0; i-- {
		c.cond(chain[i].Y)
		if i > 0 {
			undo = append(undo, c.narrowAllExpr(c.narrowings(chain[i].Y, whenTrue)))
			c.setType(chain[i], types.BoolType)
		}
	}
	for i := len(undo) - 1; i >= 0; i-- {
		undo[i]()
	}
}

func (c *checker) addNarrowing(e ast.Expr, out map[*types.Object]types.Type) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Obj == nil {
		return
	}
	switch id.Obj.Kind {
	case types.ObjVar, types.ObjParam, types.ObjConst:
	default:
		return
	}
	if o, ok := types.Resolve(id.Obj.Type).(*types.Optional); ok {
		out[id.Obj] = o.Elem
	}
}

// narrow makes obj read as t until the returned function is called.
func (c *checker) narrow(obj *types.Object, t types.Type) func() {
	prev, had := c.narrowed[obj]
	c.narrowed[obj] = t
	return func() {
		if had {
			c.narrowed[obj] = prev
		} else {
			delete(c.narrowed, obj)
		}
	}
}

// narrowAll narrows every object of m inside region. A narrowing must not outlive the value it
// was proven for: an assignment ends it (checker.unnarrow), a loop that assigns the object drops
// it for the whole loop (checker.loopUnnarrow), and a lambda of the region that assigns the
// object, which may run at any time, keeps it from starting.
func (c *checker) narrowAll(m map[*types.Object]types.Type, region ast.Stmt) func() {
	var undo []func()
	for obj, t := range m {
		if assignedInClosure(obj, []ast.Stmt{region}) {
			continue
		}
		undo = append(undo, c.narrow(obj, t))
	}
	return func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
}

// assignedIn reports whether any statement of list assigns obj (directly, not through a field),
// including inside lambdas, which may run at any time.
func assignedIn(obj *types.Object, list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.Assign:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && (id.Obj == obj || id.Obj == nil && id.Name == obj.Name) {
					found = true
				}
			case *ast.IncDec:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && (id.Obj == obj || id.Obj == nil && id.Name == obj.Name) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// assignedInClosure reports whether a lambda or an async block inside list assigns obj.
func assignedInClosure(obj *types.Object, list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.Lambda:
				found = n.Body != nil && assignedIn(obj, []ast.Stmt{n.Body}) || n.ExprBody != nil && assignedInExpr(obj, n.ExprBody)
				return false
			case *ast.AsyncBlock:
				found = assignedIn(obj, []ast.Stmt{n.Body})
				return false
			case *ast.DeclStmt:
				if fd, ok := n.Decl.(*ast.FuncDecl); ok && fd.Body != nil {
					found = assignedIn(obj, []ast.Stmt{fd.Body})
				}
				return false
			}
			return true
		})
	}
	return found
}

// assignedInExpr is assignedIn for an expression (a lambda's expression body).
func assignedInExpr(obj *types.Object, e ast.Expr) bool {
	s := &ast.ExprStmt{X: e}
	return assignedIn(obj, []ast.Stmt{s})
}

// unnarrow ends the narrowing of the variable an assignment changes. (Its value is checked
// first: in `cur = cur.next`, the right side still reads the narrowed `cur`.)
func (c *checker) unnarrow(target ast.Expr) {
	if id, ok := ast.Unparen(target).(*ast.Ident); ok && id.Obj != nil {
		delete(c.narrowed, id.Obj)
	}
}

// loopUnnarrow drops, for good, the narrowings of the variables a loop assigns: the loop comes
// back around after the assignment, to code that was checked with the narrowing.
func (c *checker) loopUnnarrow(parts ...ast.Node) {
	var list []ast.Stmt
	for _, p := range parts {
		switch p := p.(type) {
		case nil:
		case ast.Stmt:
			list = append(list, p)
		case ast.Expr:
			list = append(list, &ast.ExprStmt{X: p})
		}
	}
	for obj := range c.narrowed {
		if assignedIn(obj, list) {
			delete(c.narrowed, obj)
		}
	}
}

// enterFunc keeps the narrowings a function body may rely on, and returns what restores the
// others: a declared function may run at any time, so it sees none; a lambda or an async block
// sees those of variables that are never assigned after they are declared.
func (c *checker) enterFunc(fi *FuncInfo) func() {
	if len(c.narrowed) == 0 || fi == nil || fi.Node == nil {
		return func() {}
	}
	saved := c.narrowed
	c.narrowed = map[*types.Object]types.Type{}
	switch fi.Node.(type) {
	case *ast.Lambda, *ast.AsyncBlock:
		for obj, t := range saved {
			if !c.assignedAnywhere(obj) {
				c.narrowed[obj] = t
			}
		}
	}
	return func() { c.narrowed = saved }
}

// assignedAnywhere reports whether obj is assigned anywhere in the function that declares it.
func (c *checker) assignedAnywhere(obj *types.Object) bool {
	var list []ast.Stmt
	switch n := obj.Owner.(type) {
	case *ast.FuncDecl:
		list = []ast.Stmt{n.Body}
	case *ast.Lambda:
		if n.Body != nil {
			list = []ast.Stmt{n.Body}
		} else {
			list = []ast.Stmt{&ast.ExprStmt{X: n.ExprBody}}
		}
	case *ast.AsyncBlock:
		list = []ast.Stmt{n.Body}
	default:
		for _, f := range c.files {
			for _, it := range f.Items {
				if s, ok := it.(ast.Stmt); ok {
					list = append(list, s)
				}
			}
		}
	}
	return assignedIn(obj, list)
}
