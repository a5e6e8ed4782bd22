package lower

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/check"
	"adesh2go/frontend/types"
	"adesh2go/lower/ir"
)

// matchStmt lowers a match used as a statement.
func (l *lowerer) matchStmt(b *builder, m *ast.Match) {
	l.match(b, m, nil)
}

// matchExpr lowers a match used as a value: each arm stores its value in a temporary.
func (l *lowerer) matchExpr(b *builder, m *ast.Match) ir.Expr {
	res := l.temp("m", l.valueType(m.TypeOf()))
	b.add(&ir.Define{V: res})
	l.matchTypes[res] = m.TypeOf()
	l.match(b, m, res)
	res.Reads++
	return &ir.Ref{V: res}
}

// match lowers the arms of a match. A match over an enum whose arms test only variants becomes
// a switch on the variant's tag; otherwise the arms are an if/else chain, tested in order.
func (l *lowerer) match(b *builder, m *ast.Match, res *ir.Local) {
	mi := l.info.Matches[m]
	st := mi.Scrutinee
	x := l.spill(b, l.expr(b, m.X), l.goTypeOf(st))
	if r, ok := x.(*ir.Ref); ok {
		r.V.Reads += len(m.Arms)
	}
	if sw := l.tagSwitch(m, x, st, res); sw != nil {
		b.add(sw)
		return
	}
	guards := false
	for _, a := range m.Arms {
		if a.Guard != nil {
			guards = true
		}
	}
	exhaustive := isExhaustiveKind(st)
	if guards {
		// Arms with guards: a failed guard falls through to the next arm.
		matched := l.temp("matched", tBool)
		matched.Reads++
		b.add(&ir.Define{V: matched, Value: &ir.Lit{Text: "false"}})
		for _, a := range m.Arms {
			cond, binds := l.patTest(a.Pattern, x, st)
			body := &builder{}
			body.add(binds...)
			inner := l.armBody(a, res)
			inner = append([]ir.Stmt{&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: matched}}, Op: "=", Rhs: []ir.Expr{&ir.Lit{Text: "true"}}}}, inner...)
			if a.Guard != nil {
				gb := &builder{}
				g := l.truthy(l.expr(gb, a.Guard), a.Guard.TypeOf())
				body.add(gb.stmts...)
				body.add(&ir.If{Cond: g, Then: &ir.Block{Stmts: inner}})
			} else {
				body.add(inner...)
			}
			test := ir.Expr(&ir.Unary{Op: "!", X: &ir.Ref{V: matched}})
			if cond != nil {
				test = &ir.Binary{Op: "&&", X: test, Y: cond}
			}
			b.add(&ir.If{Cond: test, Then: &ir.Block{Stmts: body.stmts}})
		}
		return
	}
	var chain *ir.If
	var last *ir.If
	for i, a := range m.Arms {
		cond, binds := l.patTest(a.Pattern, x, st)
		stmts := append(binds, l.armBody(a, res)...)
		if cond == nil || exhaustive && i == len(m.Arms)-1 {
			// A catch-all arm (or the last arm of an exhaustive match) ends the chain.
			if chain == nil {
				b.add(&ir.Block{Stmts: stmts})
				return
			}
			last.Else = &ir.Block{Stmts: stmts}
			b.add(chain)
			return
		}
		ifs := &ir.If{Cond: cond, Then: &ir.Block{Stmts: stmts}}
		if chain == nil {
			chain = ifs
		} else {
			last.Else = ifs
		}
		last = ifs
	}
	if chain != nil {
		b.add(chain)
	}
}

// isExhaustiveKind reports whether the checker made a match over t cover every case.
func isExhaustiveKind(t types.Type) bool {
	switch u := t.(type) {
	case *types.Named:
		return u.Def.Enum
	case *types.Result, *types.Optional:
		return true
	case *types.Basic:
		return u.Kind == types.Bool
	}
	return false
}

// armBody lowers the body of an arm; res, when set, receives the arm's value.
func (l *lowerer) armBody(a *ast.Arm, res *ir.Local) []ir.Stmt {
	l.fn.switches++
	defer func() { l.fn.switches-- }()
	b := &builder{line: l.line(a.Body)}
	l.openScope()
	if be, ok := a.Body.(*ast.BlockExpr); ok {
		l.stmtList(b, be.Block.Stmts)
	} else if res != nil {
		v := l.convertAt(l.owned(b, a.Body), a.Body.TypeOf(), l.resultOfMatch(res), a.Body)
		b.add(&ir.Assign{Lhs: []ir.Expr{&ir.Ref{V: res}}, Op: "=", Rhs: []ir.Expr{v}, Line: b.line})
		b.add(b.post...)
	} else {
		sb := &builder{line: b.line}
		l.exprStmt(sb, &ast.ExprStmt{X: a.Body, Span: ast.Span{Start: a.Body.Pos(), End: a.Body.EndPos()}})
		b.add(sb.stmts...)
		b.add(sb.post...)
	}
	l.closeScope(b, !ir.Terminates(b.stmts))
	return b.stmts
}

// resultOfMatch is the AdeshLang type a match's temporary holds.
func (l *lowerer) resultOfMatch(res *ir.Local) types.Type { return l.matchTypes[res] }

// tagSwitch lowers a match over an enum whose arms are variants, wildcards or bindings (no
// guards, no nested tests) to a switch on the variant tag.
func (l *lowerer) tagSwitch(m *ast.Match, x ir.Expr, st types.Type, res *ir.Local) ir.Stmt {
	n, ok := st.(*types.Named)
	if !ok || !n.Def.Enum {
		return nil
	}
	for _, a := range m.Arms {
		if a.Guard != nil || !l.simpleVariantPattern(a.Pattern) {
			return nil
		}
	}
	sw := &ir.Switch{Tag: &ir.Call{Fun: &ir.Sel{X: x, Name: "AdeshTag"}}}
	covered := map[int]bool{}
	for _, a := range m.Arms {
		_, binds := l.patTest(a.Pattern, x, st)
		body := append(binds, l.armBody(a, res)...)
		var tags []ir.Expr
		for _, v := range l.patVariants(a.Pattern) {
			if !covered[v.Index] {
				covered[v.Index] = true
				tags = append(tags, &ir.Lit{Text: ir.Itoa(v.Index)})
			}
		}
		if tags == nil {
			sw.Cases = append(sw.Cases, &ir.Case{Body: body}) // default
			break
		}
		sw.Cases = append(sw.Cases, &ir.Case{Exprs: tags, Body: body})
	}
	return sw
}

// simpleVariantPattern reports whether a pattern tests only which variant a value is.
func (l *lowerer) simpleVariantPattern(p ast.Pattern) bool {
	pi := l.info.Pats[p]
	if pi == nil {
		return false
	}
	switch pi.Kind {
	case check.PatWild, check.PatBind:
		return true
	case check.PatVariant:
		if vp, ok := p.(*ast.VariantPat); ok {
			for _, a := range vp.Args {
				if api := l.info.Pats[a]; api == nil || api.Kind != check.PatWild && api.Kind != check.PatBind {
					return false
				}
			}
		}
		return true
	case check.PatOr:
		for _, alt := range p.(*ast.OrPat).Alts {
			if pi := l.info.Pats[alt]; pi == nil || pi.Kind != check.PatVariant {
				return false
			}
		}
		return true
	}
	return false
}

// patVariants lists the variants a simple pattern matches (none: it matches everything).
func (l *lowerer) patVariants(p ast.Pattern) []*types.VariantDef {
	pi := l.info.Pats[p]
	switch pi.Kind {
	case check.PatVariant:
		return []*types.VariantDef{pi.Variant}
	case check.PatOr:
		var out []*types.VariantDef
		for _, alt := range p.(*ast.OrPat).Alts {
			out = append(out, l.patVariants(alt)...)
		}
		return out
	}
	return nil
}

// patTest builds the condition under which p matches x (nil: always) and the statements that
// bind its names.
func (l *lowerer) patTest(p ast.Pattern, x ir.Expr, t types.Type) (ir.Expr, []ir.Stmt) {
	pi := l.info.Pats[p]
	if pi == nil {
		l.fail(p, "a pattern the checker did not record")
	}
	and := func(a, b ir.Expr) ir.Expr {
		switch {
		case a == nil:
			return b
		case b == nil:
			return a
		}
		return &ir.Binary{Op: "&&", X: a, Y: b}
	}
	sub := func(ps []ast.Pattern, xs []ir.Expr, ts []types.Type) (ir.Expr, []ir.Stmt) {
		var cond ir.Expr
		var binds []ir.Stmt
		for i, sp := range ps {
			if i >= len(xs) {
				break
			}
			c, bs := l.patTest(sp, xs[i], ts[i])
			cond = and(cond, c)
			binds = append(binds, bs...)
		}
		return cond, binds
	}
	switch pi.Kind {
	case check.PatWild:
		return nil, nil
	case check.PatBind:
		v := l.local(pi.Obj, pi.Obj.Type)
		return nil, []ir.Stmt{&ir.Define{V: v, Value: l.copyValue(x, pi.Obj.Type)}}
	case check.PatLit:
		lp := p.(*ast.LitPat)
		b := &builder{}
		lit := l.expr(b, lp.Value)
		if types.IsAny(t) {
			return rtCall("DynEq", x, l.toAny(lit, lp.Value.TypeOf())), nil
		}
		if o, ok := t.(*types.Optional); ok {
			return and(&ir.Sel{X: x, Name: "Some"}, l.eq(&ir.Sel{X: x, Name: "Val"}, lit, o.Elem)), nil
		}
		return l.eq(x, lit, t), nil
	case check.PatConst:
		v := l.locals[pi.Obj]
		v.Reads++
		return l.eq(x, &ir.Ref{V: v}, t), nil
	case check.PatRange:
		rp := p.(*ast.RangePat)
		b := &builder{}
		lo, hi := l.expr(b, rp.Lo), l.expr(b, rp.Hi)
		op := "<"
		if rp.Inclusive {
			op = "<="
		}
		return &ir.Binary{Op: "&&", X: &ir.Binary{Op: "<=", X: lo, Y: x}, Y: &ir.Binary{Op: op, X: x, Y: hi}}, nil
	case check.PatNone:
		if types.IsAny(t) {
			return &ir.Binary{Op: "==", X: x, Y: &ir.Ident{Name: "nil"}}, nil
		}
		return &ir.Unary{Op: "!", X: &ir.Sel{X: x, Name: "Some"}}, nil
	case check.PatSome:
		c, binds := sub(variantArgs(p), []ir.Expr{&ir.Sel{X: x, Name: "Val"}}, pi.Payload)
		return and(&ir.Sel{X: x, Name: "Some"}, c), binds
	case check.PatOk:
		c, binds := sub(variantArgs(p), []ir.Expr{&ir.Sel{X: x, Name: "Val"}}, pi.Payload)
		return and(&ir.Sel{X: x, Name: "IsOk"}, c), binds
	case check.PatErr:
		c, binds := sub(variantArgs(p), []ir.Expr{&ir.Sel{X: x, Name: "Err"}}, pi.Payload)
		return and(&ir.Unary{Op: "!", X: &ir.Sel{X: x, Name: "IsOk"}}, c), binds
	case check.PatVariant:
		n := t.(*types.Named)
		tag := &ir.Binary{Op: "==", X: &ir.Call{Fun: &ir.Sel{X: x, Name: "AdeshTag"}}, Y: &ir.Lit{Text: ir.Itoa(pi.Variant.Index)}}
		vt := &ir.TName{Name: l.variants[pi.Variant], Args: l.goTypes(n.Args)}
		var xs []ir.Expr
		for i := range pi.Payload {
			xs = append(xs, &ir.Sel{X: &ir.TypeAssert{X: x, Type: vt}, Name: "F" + ir.Itoa(i)})
		}
		c, binds := sub(variantArgs(p), xs, pi.Payload)
		return and(tag, c), binds
	case check.PatTuple:
		tp := p.(*ast.TuplePat)
		var xs []ir.Expr
		for i := range tp.Elems {
			xs = append(xs, &ir.Sel{X: x, Name: "F" + ir.Itoa(i)})
		}
		return sub(tp.Elems, xs, pi.Payload)
	case check.PatOr:
		var cond ir.Expr
		for _, alt := range p.(*ast.OrPat).Alts {
			c, _ := l.patTest(alt, x, t)
			if c == nil {
				return nil, nil
			}
			if cond == nil {
				cond = c
			} else {
				cond = &ir.Binary{Op: "||", X: cond, Y: c}
			}
		}
		return cond, nil
	}
	l.fail(p, "a pattern of a kind lower does not know")
	return nil, nil
}

func variantArgs(p ast.Pattern) []ast.Pattern {
	if vp, ok := p.(*ast.VariantPat); ok {
		return vp.Args
	}
	return nil
}

// eq is AdeshLang equality of two values of type t.
func (l *lowerer) eq(x, y ir.Expr, t types.Type) ir.Expr {
	if simpleEq(t) {
		return &ir.Binary{Op: "==", X: x, Y: y}
	}
	return rtCall("Equal", x, y)
}
