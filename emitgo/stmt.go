package emitgo

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"adesh2go/lower/ir"
)

// stmts builds a statement list, each statement after the //line directive that maps it to
// its AdeshLang line (a comment of its own line, so in column 1). A statement the compiler
// made (it has no line: a state machine's bookkeeping, a loop variable's copy) is mapped to
// the line of the statement it serves, the one before it or the one it is inside (e.line),
// not to whatever line Go would count to: so a debugger's breakpoint on a line stops where
// that line's code starts, and `next` does not wander over lines that are not running.
func (e *emitter) stmts(list []ir.Stmt) []jen.Code {
	out := make([]jen.Code, 0, len(list))
	for _, s := range list {
		l := ir.LineOf(s)
		if l == nil {
			l = e.line
		}
		if l != nil && !e.noLine {
			out = append(out, e.lineDirective(l))
		}
		e.line = l
		st := e.stmt(s)
		e.line = l // what follows a compound statement continues its line, not its last inner one's
		if label := stmtLabel(s); label != "" {
			st = jen.Id(label).Op(":").Line().Add(st)
		}
		out = append(out, st)
	}
	return out
}

func stmtLabel(s ir.Stmt) string {
	switch s := s.(type) {
	case *ir.For:
		return s.Label
	case *ir.ForRange:
		return s.Label
	case *ir.Switch:
		return s.Label
	}
	return ""
}

func (e *emitter) block(stmts []ir.Stmt) *jen.Statement {
	return jen.Block(e.stmts(stmts)...)
}

func (e *emitter) stmt(s ir.Stmt) *jen.Statement {
	switch s := s.(type) {
	case *ir.Block:
		return e.block(s.Stmts)
	case *ir.ExprStmt:
		return e.expr(s.X)
	case *ir.Assign:
		return e.assign(s)
	case *ir.Define:
		return e.define(s)
	case *ir.If:
		return e.ifStmt(s)
	case *ir.For:
		if s.Init != nil || s.Post != nil {
			return jen.For(e.simple(s.Init).Op(";").Add(e.cond(s.Cond)).Op(";").Add(e.simple(s.Post))).Add(e.block(s.Body.Stmts))
		}
		if s.Cond != nil {
			return jen.For(e.cond(s.Cond)).Add(e.block(s.Body.Stmts))
		}
		return jen.For().Add(e.block(s.Body.Stmts))
	case *ir.ForRange:
		var head *jen.Statement
		switch {
		case s.Key == nil && s.Value == nil:
			head = jen.Range()
		case s.Value == nil:
			head = jen.Id(s.Key.Name).Op(":=").Range()
		default:
			k := jen.Id("_")
			if s.Key != nil {
				k = jen.Id(s.Key.Name)
			}
			head = jen.List(k, jen.Id(s.Value.Name)).Op(":=").Range()
		}
		return jen.For(head.Add(e.cond(s.X))).Add(e.block(s.Body.Stmts))
	case *ir.Switch:
		return e.switchStmt(s)
	case *ir.TypeSwitch:
		cases := make([]jen.Code, len(s.Cases))
		for i, c := range s.Cases {
			if len(c.Types) == 0 {
				cases[i] = jen.Default().Block(e.stmts(c.Body)...)
			} else {
				cases[i] = jen.Case(e.types(c.Types)...).Block(e.stmts(c.Body)...)
			}
		}
		head := e.primary(s.X).Assert(jen.Type())
		if s.Bind != nil {
			head = jen.Id(s.Bind.Name).Op(":=").Add(head)
		}
		return jen.Switch(head).Block(cases...)
	case *ir.Return:
		return jen.Return(e.exprs(s.Results)...)
	case *ir.Branch:
		st := jen.Op(s.Tok) // break, continue, goto, fallthrough
		if s.Label != "" {
			st.Id(s.Label)
		}
		return st
	case *ir.GoDefer:
		return jen.Defer().Add(e.expr(s.Call))
	}
	panic(fmt.Sprintf("emitgo: statement %T left unlowered", s))
}

// switchStmt builds a switch. A case continues the line of the case before when that one
// falls through into it (a state machine's states: Go puts the jump of the fallthrough on the
// case's label, and the comparisons that jump to it), else it is on the switch's line.
func (e *emitter) switchStmt(s *ir.Switch) *jen.Statement {
	at := e.line
	cases := make([]jen.Code, 0, len(s.Cases))
	for i, c := range s.Cases {
		fallenInto := i > 0 && fallsThrough(s.Cases[i-1])
		if !fallenInto {
			e.line = at
		}
		if e.line != nil && !e.noLine {
			cases = append(cases, e.lineDirective(e.line))
		}
		head := jen.Default()
		if len(c.Exprs) > 0 {
			head = jen.Case(e.exprs(c.Exprs)...)
		}
		if c.Comment == "" {
			cases = append(cases, head.Block(e.stmts(c.Body)...))
			continue
		}
		// The comment ends the case's line; the statements follow on lines of their own.
		cases = append(cases, head.Comment(goCommentText(e.comment(c.Comment))).Custom(jen.Options{Multi: true}, e.stmts(c.Body)...))
	}
	e.line = at
	if s.Tag == nil {
		return jen.Switch().Block(cases...)
	}
	return jen.Switch(e.cond(s.Tag)).Block(cases...)
}

// fallsThrough reports whether a case ends in a fallthrough.
func fallsThrough(c *ir.Case) bool {
	if len(c.Body) == 0 {
		return false
	}
	b, ok := c.Body[len(c.Body)-1].(*ir.Branch)
	return ok && b.Tok == "fallthrough"
}

// assign builds an assignment; `x += 1` is written `x++`, as a reviewer expects.
func (e *emitter) assign(s *ir.Assign) *jen.Statement {
	if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
		if one, ok := s.Rhs[0].(*ir.Lit); ok && one.Text == "1" {
			switch s.Op {
			case "+=":
				return e.expr(s.Lhs[0]).Op("++")
			case "-=":
				return e.expr(s.Lhs[0]).Op("--")
			}
		}
	}
	return jen.List(e.exprs(s.Lhs)...).Op(s.Op).List(e.exprs(s.Rhs)...)
}

func (e *emitter) define(s *ir.Define) *jen.Statement {
	if s.V.Field || s.V.Global {
		if s.Value == nil {
			return e.ref(s.V).Op("=").Op("*").New(e.typ(s.V.Type))
		}
		return e.ref(s.V).Op("=").Add(e.expr(s.Value))
	}
	if c, ok := s.Value.(*ir.Call); ok && isRecover(c) {
		return jen.Id(s.V.Name).Op(":=").Add(e.expr(c)) // recover() is of type any
	}
	st := jen.Var().Id(s.V.Name).Add(e.typ(s.V.Type))
	if s.Value != nil {
		st.Op("=").Add(e.expr(s.Value))
	}
	return st
}

func isRecover(c *ir.Call) bool {
	id, ok := c.Fun.(*ir.Ident)
	return ok && id.Pkg == "" && id.Name == "recover" && len(c.Args) == 0
}

// simple builds a statement of a for header (nil builds nothing).
func (e *emitter) simple(s ir.Stmt) *jen.Statement {
	if s == nil {
		return jen.Null()
	}
	return e.stmt(s)
}

func (e *emitter) ifStmt(s *ir.If) *jen.Statement {
	var st *jen.Statement
	if s.Init != nil {
		st = jen.If(e.stmt(s.Init), e.cond(s.Cond))
	} else {
		st = jen.If(e.cond(s.Cond))
	}
	st.Add(e.block(s.Then.Stmts))
	switch el := s.Else.(type) {
	case *ir.Block:
		st.Else().Add(e.block(el.Stmts))
	case *ir.If:
		st.Else().Add(e.ifStmt(el))
	}
	return st
}

// cond builds the expression of an if, for, switch or range header (nil builds nothing). Go
// would read the `{` of a composite literal of a type name there as the block's, so such
// literals go in parentheses.
func (e *emitter) cond(x ir.Expr) *jen.Statement {
	if x == nil {
		return jen.Null()
	}
	if !bareComposite(x) {
		return e.expr(x)
	}
	e.parenLiterals = true
	defer func() { e.parenLiterals = false }()
	return e.expr(x)
}

// bareComposite reports whether x has a composite literal of a type name (`P{x: 1}`, not
// `[]int{1}`) outside parentheses, brackets and braces: in an if, for or switch header Go reads
// its `{` as the start of the block, so the expression needs parentheses.
func bareComposite(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Composite:
		_, named := x.Type.(*ir.TName)
		return named
	case *ir.Sel:
		return !wrapped(x.X) && bareComposite(x.X)
	case *ir.Call:
		return !wrapped(x.Fun) && bareComposite(x.Fun)
	case *ir.Index:
		return !wrapped(x.X) && bareComposite(x.X)
	case *ir.SliceExpr:
		return !wrapped(x.X) && bareComposite(x.X)
	case *ir.Binary:
		return !parenthesized(x.X, x.Op, false) && bareComposite(x.X) || !parenthesized(x.Y, x.Op, true) && bareComposite(x.Y)
	case *ir.Unary:
		return !isBinary(x.X) && bareComposite(x.X)
	case *ir.TypeAssert:
		return !wrapped(x.X) && bareComposite(x.X)
	}
	return false
}

// wrapped reports whether primary builds x in parentheses.
func wrapped(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Unary, *ir.Binary:
		return true
	case *ir.Conv:
		_, ptr := x.Type.(*ir.TPtr)
		return ptr
	}
	return false
}
