package emitgo

import (
	"fmt"

	"adesh2go/lower"
)

// block prints `{`, the statements one level deeper, and `}` on a line of its own: gofmt puts
// the braces of a statement block on separate lines even when it is empty.
func (p *printer) block(stmts []lower.Stmt) {
	p.byte('{')
	p.indent++
	p.stmtList(stmts)
	p.indent--
	p.newline()
	p.byte('}')
}

// funcBody prints a function's body after its header, headerLen bytes from `func`: an empty
// body stays on the header's line when the two fit in 100 columns, as gofmt keeps them.
func (p *printer) funcBody(stmts []lower.Stmt, headerLen int) {
	if len(stmts) == 0 && headerLen <= 100 {
		p.str(" {}")
		return
	}
	p.byte(' ')
	p.block(stmts)
}

// stmtList prints statements on lines of their own, each after the //line directive that maps
// it to its AdeshLang line. gofmt keeps directives in the first column.
func (p *printer) stmtList(list []lower.Stmt) {
	for _, s := range list {
		if l := stmtLine(s); l != nil {
			p.byte('\n')
			p.lineDirective(l)
		}
		if label := stmtLabel(s); label != "" {
			// gofmt puts a label on its own line, one level out.
			p.indent--
			p.newline()
			p.str(label)
			p.byte(':')
			p.indent++
		}
		p.newline()
		p.stmt(s)
	}
}

func stmtLine(s lower.Stmt) *lower.Line {
	switch s := s.(type) {
	case *lower.ExprStmt:
		return s.Line
	case *lower.Assign:
		return s.Line
	case *lower.Define:
		return s.Line
	case *lower.If:
		return s.Line
	case *lower.For:
		return s.Line
	case *lower.ForRange:
		return s.Line
	case *lower.Switch:
		return s.Line
	case *lower.TypeSwitch:
		return s.Line
	case *lower.Return:
		return s.Line
	case *lower.Branch:
		return s.Line
	case *lower.GoDefer:
		return s.Line
	}
	return nil
}

func stmtLabel(s lower.Stmt) string {
	switch s := s.(type) {
	case *lower.For:
		return s.Label
	case *lower.ForRange:
		return s.Label
	case *lower.Switch:
		return s.Label
	}
	return ""
}

func (p *printer) stmt(s lower.Stmt) {
	switch s := s.(type) {
	case *lower.Block:
		p.block(s.Stmts)
	case *lower.ExprStmt:
		p.expr(s.X)
	case *lower.Assign:
		depth := 1
		if len(s.Lhs) > 1 && len(s.Rhs) > 1 {
			depth++
		}
		p.exprList(s.Lhs, depth)
		p.byte(' ')
		p.str(s.Op)
		p.byte(' ')
		p.exprList(s.Rhs, depth)
	case *lower.Define:
		if s.V.Field || s.V.Global {
			p.ref(s.V)
			p.str(" = ")
			if s.Value == nil {
				p.str("*new(")
				p.typ(s.V.Type)
				p.byte(')')
			} else {
				p.expr(s.Value)
			}
			return
		}
		p.str("var ")
		p.str(s.V.Name)
		p.byte(' ')
		p.typ(s.V.Type)
		if s.Value != nil {
			p.str(" = ")
			p.expr(s.Value)
		}
	case *lower.If:
		p.ifStmt(s)
	case *lower.For:
		p.str("for ")
		if s.Init != nil || s.Post != nil {
			if s.Init != nil {
				p.stmt(s.Init)
			}
			p.str("; ")
			if s.Cond != nil {
				p.cond(s.Cond)
			}
			p.str("; ")
			if s.Post != nil {
				p.stmt(s.Post)
				p.byte(' ')
			}
		} else if s.Cond != nil {
			p.cond(s.Cond)
			p.byte(' ')
		}
		p.block(s.Body.Stmts)
	case *lower.ForRange:
		p.str("for ")
		switch {
		case s.Key == nil && s.Value == nil:
		case s.Value == nil:
			p.str(s.Key.Name)
			p.str(" := ")
		default:
			if s.Key != nil {
				p.str(s.Key.Name)
			} else {
				p.byte('_')
			}
			p.str(", ")
			p.str(s.Value.Name)
			p.str(" := ")
		}
		p.str("range ")
		p.cond(s.X)
		p.byte(' ')
		p.block(s.Body.Stmts)
	case *lower.Switch:
		p.str("switch ")
		if s.Tag != nil {
			p.cond(s.Tag)
			p.byte(' ')
		}
		p.byte('{')
		for _, c := range s.Cases {
			p.clause(len(c.Exprs) == 0, func() { p.exprList(c.Exprs, 1) }, c.Body)
		}
		p.newline()
		p.byte('}')
	case *lower.TypeSwitch:
		p.str("switch ")
		if s.Bind != nil {
			p.str(s.Bind.Name)
			p.str(" := ")
		}
		p.primary(s.X, 1)
		p.str(".(type) {")
		for _, c := range s.Cases {
			p.clause(len(c.Types) == 0, func() { p.types(c.Types) }, c.Body)
		}
		p.newline()
		p.byte('}')
	case *lower.Return:
		p.str("return")
		if len(s.Results) > 0 {
			p.byte(' ')
			// gofmt indents the results as a whole when several of them span lines.
			n := 0
			for _, x := range s.Results {
				if multiLine(x) {
					n++
				}
			}
			if n > 1 {
				p.indent++
			}
			p.exprList(s.Results, 1)
			if n > 1 {
				p.indent--
			}
		}
	case *lower.Branch:
		p.str(s.Tok)
		if s.Label != "" {
			p.byte(' ')
			p.str(s.Label)
		}
	case *lower.GoDefer:
		p.str("defer ")
		p.expr(s.Call)
	default:
		panic(fmt.Sprintf("emitgo: statement %T left unlowered", s))
	}
}

// clause prints a clause of a switch, at the switch's indentation: `default:`, or `case ` and
// what list prints and `:`; then its body one level deeper.
func (p *printer) clause(isDefault bool, list func(), body []lower.Stmt) {
	p.newline()
	if isDefault {
		p.str("default")
	} else {
		p.str("case ")
		list()
	}
	p.byte(':')
	p.indent++
	p.stmtList(body)
	p.indent--
}

// cond prints the expression of an if, for, switch or range header, without the parentheses
// gofmt strips there.
func (p *printer) cond(x lower.Expr) {
	if r, ok := x.(*lower.Ref); ok && r.V.Boxed {
		p.op("*") // gofmt strips the parentheses of a boxed variable here too
		p.place(r.V)
		return
	}
	for {
		par, ok := x.(*lower.Paren)
		if !ok || hasTypeNamedComposite(par.X) {
			break
		}
		x = par.X
	}
	if bareComposite(x) {
		// Go would read the literal's `{` as the block's: the literals go in parentheses
		// (around the literal itself, which gofmt keeps; it strips parentheses around a whole
		// header, also where Go needs them, as for a generic type's literal).
		p.parenLiterals = true
		p.expr(x)
		p.parenLiterals = false
		return
	}
	p.expr(x)
}

// bareComposite reports whether x has a composite literal of a type name (`P{x: 1}`, not
// `[]int{1}` or `G[int]{}`) outside parentheses, brackets and braces: in an if, for or switch
// header Go reads its `{` as the start of the block, so the expression needs parentheses.
func bareComposite(x lower.Expr) bool {
	switch x := x.(type) {
	case *lower.Composite:
		_, named := x.Type.(*lower.TName)
		return named
	case *lower.Sel:
		return !wrapped(x.X) && bareComposite(x.X)
	case *lower.Call:
		return !wrapped(x.Fun) && bareComposite(x.Fun)
	case *lower.Index:
		return !wrapped(x.X) && bareComposite(x.X)
	case *lower.SliceExpr:
		return !wrapped(x.X) && bareComposite(x.X)
	case *lower.Binary:
		return !parenthesized(x.X, x.Op, false) && bareComposite(x.X) || !parenthesized(x.Y, x.Op, true) && bareComposite(x.Y)
	case *lower.Unary:
		return !isBinary(x.X) && bareComposite(x.X)
	case *lower.TypeAssert:
		return !wrapped(x.X) && bareComposite(x.X)
	}
	return false
}

// wrapped reports whether primary prints x in parentheses.
func wrapped(x lower.Expr) bool {
	switch x := x.(type) {
	case *lower.Unary, *lower.Binary:
		return true
	case *lower.Conv:
		_, ptr := x.Type.(*lower.TPtr)
		return ptr
	}
	return false
}

// isTypeName reports whether a composite literal's type is written as a (qualified) name,
// which is what makes the literal ambiguous in a header, and what gofmt looks for.
func isTypeName(t lower.Type) bool {
	n, ok := t.(*lower.TName)
	return ok && len(n.Args) == 0
}

// hasTypeNamedComposite reports whether x holds a composite literal of a named type outside
// parentheses: gofmt keeps the parentheses around such a header expression (Go needs them).
func hasTypeNamedComposite(x lower.Expr) bool {
	switch x := x.(type) {
	case *lower.Composite:
		return isTypeName(x.Type)
	case *lower.Paren:
		return false // parentheses protect what they enclose
	}
	return someOperand(x, hasTypeNamedComposite)
}

func (p *printer) ifStmt(s *lower.If) {
	p.str("if ")
	if s.Init != nil {
		p.stmt(s.Init)
		p.str("; ")
	}
	p.cond(s.Cond)
	p.byte(' ')
	p.block(s.Then.Stmts)
	switch el := s.Else.(type) {
	case *lower.Block:
		p.str(" else ")
		p.block(el.Stmts)
	case *lower.If:
		p.str(" else ")
		p.ifStmt(el)
	}
}
