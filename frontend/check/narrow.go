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
	switch e := unparen(cond).(type) {
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
			if _, ok := unparen(e.Y).(*ast.NullLit); ok {
				other = e.X
			} else if _, ok := unparen(e.X).(*ast.NullLit); ok {
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

func (c *checker) addNarrowing(e ast.Expr, out map[*types.Object]types.Type) {
	id, ok := unparen(e).(*ast.Ident)
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

// narrowAll narrows every object of m inside region, except those the region assigns (a
// narrowing must not outlive the value it was proven for).
func (c *checker) narrowAll(m map[*types.Object]types.Type, region ast.Stmt) func() {
	var undo []func()
	for obj, t := range m {
		if assignedIn(obj, []ast.Stmt{region}) {
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
				if id, ok := unparen(n.X).(*ast.Ident); ok && (id.Obj == obj || id.Obj == nil && id.Name == obj.Name) {
					found = true
				}
			case *ast.IncDec:
				if id, ok := unparen(n.X).(*ast.Ident); ok && (id.Obj == obj || id.Obj == nil && id.Name == obj.Name) {
					found = true
				}
			}
			return true
		})
	}
	return found
}
