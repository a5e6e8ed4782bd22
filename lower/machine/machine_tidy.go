package machine

import (
	"sort"

	"adesh2go/lower/ir"
)

// Tidying a built state machine for the reader and the compiler: threading jumps, numbering
// the cases in the order their code was written, returning values directly.

// jumpRef is a jump to a case, written once the cases have their final numbers.
type jumpRef struct {
	set *ir.Lit    // the state the jump sets
	br  *ir.Branch // `continue poll_`, or `fallthrough` into the next case
	to  *mcase
}

// compact tidies the cases once they are all built: a case that only jumps on is skipped by
// the jumps to it, the rest are numbered in the order their code was written (the entry
// first), and a case ending with a jump to the next one falls through into it.
func (m *machine) compact() {
	fwd := map[*mcase]*mcase{}
	for _, c := range m.cases {
		if j := m.onlyJump(c); j != nil && j.to != c && !c.resumed {
			fwd[c] = j.to
		}
	}
	resolve := func(c *mcase) *mcase {
		for i := 0; fwd[c] != nil && i <= len(m.cases); i++ {
			c = fwd[c]
		}
		return c
	}
	for _, j := range m.jumps {
		j.to = resolve(j.to)
	}
	for _, c := range m.cases {
		for i, s := range c.succ {
			c.succ[i] = resolve(s)
		}
	}
	entry := resolve(m.cases[0])
	rest := make([]*mcase, 0, len(m.cases))
	for _, c := range m.cases {
		if c != entry && fwd[c] == nil && len(c.stmts) > 0 {
			rest = append(rest, c)
		}
	}
	sort.SliceStable(rest, func(i, k int) bool { return rest[i].seq < rest[k].seq })
	m.cases = append([]*mcase{entry}, rest...)
	for i, c := range m.cases {
		c.id = i
	}
	for _, j := range m.jumps {
		j.set.Text = ir.Itoa(j.to.id)
	}
	for i, c := range m.cases {
		if j := m.lastJump(c); j != nil && j.to.id == i+1 {
			j.br.Tok, j.br.Label = "fallthrough", ""
		}
	}
	ir.WalkStmts(m.allStmts(), false, func(s ir.Stmt) {
		if br, ok := s.(*ir.Branch); ok && br.Label == "poll_" {
			m.usesJump = true
		}
	})
}

// onlyJump is the jump of a case that does nothing else, or nil.
func (m *machine) onlyJump(c *mcase) *jumpRef {
	if len(c.stmts) != 2 {
		return nil
	}
	return m.lastJump(c)
}

// lastJump is the jump that ends a case at its top level, or nil.
func (m *machine) lastJump(c *mcase) *jumpRef {
	if len(c.stmts) == 0 {
		return nil
	}
	br, ok := c.stmts[len(c.stmts)-1].(*ir.Branch)
	if !ok {
		return nil
	}
	for _, j := range m.jumps {
		if j.br == br {
			return j
		}
	}
	return nil
}

func (m *machine) allStmts() []ir.Stmt {
	var all []ir.Stmt
	for _, c := range m.cases {
		all = append(all, c.stmts...)
	}
	return all
}

// inlineResults returns a value directly where it reads no field of the state struct (which
// complete_ clears) and, when the future has defers (which complete_ runs), calls nothing: a
// return's value is computed before the defers run. `f.complete_(); return rt.Ready(v)`
// rather than through res_. A block
// left declaring nothing is spliced into its list.
func (m *machine) inlineResults(list []ir.Stmt) []ir.Stmt {
	var out []ir.Stmt
	for i := 0; i < len(list); i++ {
		s := list[i]
		if d, ok := s.(*ir.Define); ok && m.results[d.V] && i+2 < len(list) && !readsState(d.Value) && (m.defers == nil || !calls(d.Value)) {
			if r, ok := list[i+2].(*ir.Return); ok && len(r.Results) == 1 {
				if c, ok := r.Results[0].(*ir.Call); ok && len(c.Args) == 1 {
					c.Args[0] = d.Value
					continue
				}
			}
		}
		switch s := s.(type) {
		case *ir.Block:
			s.Stmts = m.inlineResults(s.Stmts)
			if !declares(s.Stmts) {
				out = append(out, s.Stmts...)
				continue
			}
		case *ir.If:
			s.Then.Stmts = m.inlineResults(s.Then.Stmts)
			switch e := s.Else.(type) {
			case *ir.Block:
				e.Stmts = m.inlineResults(e.Stmts)
			case *ir.If:
				m.inlineResults([]ir.Stmt{e})
			}
		case *ir.For:
			s.Body.Stmts = m.inlineResults(s.Body.Stmts)
		case *ir.ForRange:
			s.Body.Stmts = m.inlineResults(s.Body.Stmts)
		case *ir.Switch:
			for _, c := range s.Cases {
				c.Body = m.inlineResults(c.Body)
			}
		case *ir.TypeSwitch:
			for _, c := range s.Cases {
				c.Body = m.inlineResults(c.Body)
			}
		}
		out = append(out, s)
	}
	return out
}

// readsState reports whether an expression reads the state struct (a field, a pointer into
// it) or makes a closure (which may read it later).
func readsState(x ir.Expr) bool {
	found := false
	ir.WalkExpr(x, func(e ir.Expr) {
		switch e := e.(type) {
		case *ir.Ref:
			found = found || e.V.Field || e.V.Boxed
		case *ir.Ident:
			found = found || e.Name == "f" && e.Pkg == ""
		case *ir.FuncLit:
			found = true
		}
	})
	return found
}

// declares reports whether a statement list declares a Go variable at its top level.
func declares(list []ir.Stmt) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *ir.Define:
			if !s.V.Field && !s.V.Global {
				return true
			}
		case *ir.Assign:
			if s.Op == ":=" {
				return true
			}
		}
	}
	return false
}

// calls reports whether an expression calls a function (which may print, throw or read what a
// defer changes).
func calls(x ir.Expr) bool {
	found := false
	ir.WalkExpr(x, func(e ir.Expr) {
		if _, ok := e.(*ir.Call); ok {
			found = true
		}
	})
	return found
}
