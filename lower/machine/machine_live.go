package machine

import "adesh2go/lower/ir"

// decideFields finds the hoisted locals that must live in the state struct: those live when a
// resumed case starts (they survive a return from Poll), those a function literal uses (it may
// run in a later call of Poll) and those whose address is taken (a borrowing async block).
func (m *machine) decideFields() {
	n := len(m.cases)
	use := make([]map[*ir.Local]bool, n)
	def := make([]map[*ir.Local]bool, n)
	forced := map[*ir.Local]bool{}
	for i, c := range m.cases {
		use[i], def[i] = map[*ir.Local]bool{}, map[*ir.Local]bool{}
		for _, s := range c.stmts {
			m.scanStmt(s, use[i], def[i], forced, true)
		}
	}
	liveIn := make([]map[*ir.Local]bool, n)
	for i := range liveIn {
		liveIn[i] = map[*ir.Local]bool{}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			c := m.cases[i]
			out := map[*ir.Local]bool{}
			for _, s := range c.succ {
				for v := range liveIn[s.id] {
					out[v] = true
				}
			}
			if c.try != nil {
				// An error may send control to the handler from anywhere in the case.
				for v := range liveIn[c.try.handler.id] {
					out[v] = true
				}
			}
			for v := range use[i] {
				if !liveIn[i][v] {
					liveIn[i][v] = true
					changed = true
				}
			}
			for v := range out {
				if !def[i][v] && !liveIn[i][v] {
					liveIn[i][v] = true
					changed = true
				}
			}
		}
	}
	for _, c := range m.cases {
		if !c.resumed {
			continue
		}
		for v := range liveIn[c.id] {
			forced[v] = true
		}
	}
	for v := range m.locals {
		// A lock guard (or a share) lives in the struct even when no await separates its lock
		// from its unlock: when an error fails the task, Drop then unlocks (releases) it.
		if v.Owned && !v.Boxed {
			forced[v] = true
		}
		if forced[v] && !v.Global {
			v.Field = true
		} else if !v.Field && !v.Global {
			v.Hoist = true
			m.hoisted = append(m.hoisted, v)
		}
	}
	sortLocals(m.hoisted)
	m.clearDead(liveIn)
}

// clearDead zeroes, as a resumed case starts, the fields whose values were live before it and
// are never read again: a suspended future then does not keep alive what they held. Fields a
// closure reads (a defer runs later) and those released explicitly are left alone.
func (m *machine) clearDead(liveIn []map[*ir.Local]bool) {
	preds := make([][]int, len(m.cases))
	for _, c := range m.cases {
		for _, s := range c.succ {
			preds[s.id] = append(preds[s.id], c.id)
		}
		if c.try != nil {
			preds[c.try.handler.id] = append(preds[c.try.handler.id], c.id)
		}
	}
	internal := map[*ir.Local]bool{m.err: true, m.ret: true, m.defers: true}
	for _, v := range m.extra {
		internal[v] = true
	}
	// Only the struct's own bindings: a Local made to write a raw field (a capture handed on to
	// an inner block) is not one.
	own := map[*ir.Local]bool{}
	for v := range m.locals {
		own[v] = true
	}
	for _, v := range m.spec.Fields {
		own[v] = true
	}
	for _, c := range m.cases {
		if !c.resumed {
			continue
		}
		var dead []*ir.Local
		seen := map[*ir.Local]bool{}
		for _, p := range preds[c.id] {
			for v := range liveIn[p] {
				if seen[v] || !own[v] || liveIn[c.id][v] || !v.Field || v.Boxed || v.Global || internal[v] || m.cells[v] ||
					!holdsMemory(v.Type) || releasable(v.Type) {
					continue
				}
				seen[v] = true
				dead = append(dead, v)
			}
		}
		sortLocals(dead)
		var clear []ir.Stmt
		for _, v := range dead {
			clear = append(clear, &ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: v}}, Op: "=", Rhs: []ir.Expr{m.zero(v.Type)}})
		}
		c.stmts = append(clear, c.stmts...)
	}
}

// holdsMemory reports whether a value of t may refer to memory the garbage collector could free.
func holdsMemory(t ir.Type) bool {
	if n, ok := t.(*ir.TName); ok && n.Pkg == "" {
		switch n.Name {
		case "int", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "bool", "rune":
			return false
		}
	}
	if n, ok := t.(*ir.TName); ok && n.Pkg == "rt" && (n.Name == "Char" || n.Name == "Unit") {
		return false
	}
	return true
}

// scanStmt records the locals a statement reads (use, unless defined before in the same case)
// and those it surely assigns (def, only at the top level of the case).
func (m *machine) scanStmt(s ir.Stmt, use, def, forced map[*ir.Local]bool, top bool) {
	read := func(x ir.Expr) { m.scanExpr(x, use, def, forced) }
	switch s := s.(type) {
	case *ir.Assign:
		for _, x := range s.Rhs {
			read(x)
		}
		for _, x := range s.Lhs {
			if r, ok := x.(*ir.Ref); ok {
				if s.Op != "=" && s.Op != ":=" {
					read(x)
				}
				if top {
					def[r.V] = true
				}
				continue
			}
			read(x)
		}
	case *ir.Define:
		read(s.Value)
		if top {
			def[s.V] = true
		}
	case *ir.ExprStmt:
		read(s.X)
	case *ir.Return:
		for _, x := range s.Results {
			read(x)
		}
	case *ir.If:
		if s.Init != nil {
			m.scanStmt(s.Init, use, def, forced, false)
		}
		read(s.Cond)
		m.scanStmt(s.Then, use, def, forced, false)
		if s.Else != nil {
			m.scanStmt(s.Else, use, def, forced, false)
		}
	case *ir.Block:
		for _, x := range s.Stmts {
			m.scanStmt(x, use, def, forced, top)
		}
	case *ir.For:
		if s.Init != nil {
			m.scanStmt(s.Init, use, def, forced, false)
		}
		read(s.Cond)
		if s.Post != nil {
			m.scanStmt(s.Post, use, def, forced, false)
		}
		m.scanStmt(s.Body, use, def, forced, false)
	case *ir.ForRange:
		read(s.X)
		m.scanStmt(s.Body, use, def, forced, false)
	case *ir.Switch:
		read(s.Tag)
		for _, c := range s.Cases {
			for _, x := range c.Exprs {
				read(x)
			}
			for _, x := range c.Body {
				m.scanStmt(x, use, def, forced, false)
			}
		}
	case *ir.TypeSwitch:
		read(s.X)
		for _, c := range s.Cases {
			for _, x := range c.Body {
				m.scanStmt(x, use, def, forced, false)
			}
		}
	case *ir.GoDefer:
		read(s.Call)
	case *ir.Release:
		if !def[s.V] {
			use[s.V] = true
		}
	case *ir.Try:
		for _, b := range []*ir.Block{s.Body, s.Catch, s.Finally} {
			if b != nil {
				m.scanStmt(b, use, def, forced, false)
			}
		}
	case *ir.Defer:
		if s.Body != nil {
			m.scanStmt(s.Body, use, def, forced, false)
		}
	}
}

func (m *machine) scanExpr(x ir.Expr, use, def, forced map[*ir.Local]bool) {
	ir.WalkExpr(x, func(e ir.Expr) {
		switch e := e.(type) {
		case *ir.Ref:
			if !def[e.V] {
				use[e.V] = true
			}
		case *ir.Unary:
			if e.Op == "&" {
				if r, ok := e.X.(*ir.Ref); ok {
					forced[r.V] = true
				}
			}
		case *ir.FuncLit:
			// A closure may run in a later call of Poll: what it uses must be a field. scanStmt
			// enters nested statements and closures itself; walking them here too would scan a
			// closure nested n deep 2^n times.
			fu, fd := map[*ir.Local]bool{}, map[*ir.Local]bool{}
			for _, s := range e.Body.Stmts {
				m.scanStmt(s, fu, fd, forced, false)
			}
			for v := range fu {
				forced[v] = true
				if !def[v] {
					use[v] = true
				}
			}
		}
	})
}

func sortLocals(vs []*ir.Local) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j].Name < vs[j-1].Name; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}
