package check

import (
	"adesh2go/frontend/ast"
)

// Lambdas with default parameters (EVERYDAY.md §1): `let add = (a, b = 2) => a + b; add(1)`.
// A function type has no defaults, so a call of a variable bound to such a lambda gets the
// missing arguments written in: copies of the literal defaults. A default that is not a literal
// is refused (the copy would evaluate it in the caller's scope).

// literalDefault is the default of a lambda parameter when it is a literal, else nil.
func literalDefault(p *ast.Param) ast.Expr { return literalOrNil(p.Default) }

// literalOrNil is x when it is a literal (or a negated number), else nil.
func literalOrNil(x ast.Expr) ast.Expr {
	switch d := x.(type) {
	case *ast.IntLit, *ast.FloatLit, *ast.StringLit, *ast.BoolLit, *ast.NullLit, *ast.CharLit:
		return d
	case *ast.Unary:
		if d.Op == "-" {
			switch d.X.(type) {
			case *ast.IntLit, *ast.FloatLit:
				return d
			}
		}
	}
	return nil
}

// fillLambdaDefaults appends to a call of a variable bound to a lambda the defaults of the
// parameters it leaves out. It reports false when a default cannot be (the error is given).
func (c *checker) fillLambdaDefaults(e *ast.Call, nparams int) bool {
	if len(e.Args) >= nparams {
		return true
	}
	id, ok := ast.Unparen(e.Fun).(*ast.Ident)
	if !ok || id.Obj == nil {
		return true
	}
	let, ok := id.Obj.Decl.(*ast.LetStmt)
	if !ok || let.Value == nil {
		return true
	}
	lam, ok := ast.Unparen(let.Value).(*ast.Lambda)
	if !ok || len(lam.Params) != nparams {
		return true
	}
	for _, p := range lam.Params[len(e.Args):] {
		if p.Default == nil {
			return true // too few arguments: c.args reports it
		}
	}
	for _, p := range lam.Params[len(e.Args):] {
		d := literalDefault(p)
		if d == nil {
			c.errorf(p.Default, "unsupported: a lambda's default parameter value must be a literal when the call leaves it out")
			return false
		}
		e.Args = append(e.Args, copyLiteral(d))
	}
	return true
}

// copyLiteral is a fresh node for a literal (or a negated one): the call gets its own, typed
// in its own context.
func copyLiteral(x ast.Expr) ast.Expr {
	switch d := x.(type) {
	case *ast.IntLit:
		n := *d
		n.Ty = nil
		return &n
	case *ast.FloatLit:
		n := *d
		n.Ty = nil
		return &n
	case *ast.StringLit:
		n := *d
		n.Ty = nil
		return &n
	case *ast.BoolLit:
		n := *d
		n.Ty = nil
		return &n
	case *ast.NullLit:
		n := *d
		n.Ty = nil
		return &n
	case *ast.CharLit:
		n := *d
		n.Ty = nil
		return &n
	case *ast.Unary:
		n := *d
		n.Ty = nil
		n.X = copyLiteral(d.X)
		return &n
	}
	return x
}
