package check

import (
	"adesh2go/frontend/diag"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// PatKind says what a checked pattern tests.
type PatKind uint8

const (
	PatWild    PatKind = iota // `_`: matches anything
	PatBind                   // a name: matches anything and binds it (Obj)
	PatLit                    // a literal: equality
	PatVariant                // a user enum variant (Variant), with payload patterns
	PatOk                     // Ok(p)
	PatErr                    // Err(p)
	PatSome                   // Some(p), or a binding of the non-null value
	PatNone                   // None / null
	PatTuple                  // (p, q)
	PatOr                     // p | q
	PatRange                  // lo..hi, lo...hi
	PatConst                  // a constant's name: equality with it (Obj)
)

// PatInfo is what the checker learned about one pattern.
type PatInfo struct {
	Kind    PatKind
	Type    types.Type // the type of the value matched
	Variant *types.VariantDef
	Obj     *types.Object
	Payload []types.Type // the payload types of a variant, instantiated
}

// match checks a match expression or statement (stmt: arms need not agree on a type).
func (c *checker) match(e *ast.Match, expected types.Type, stmt bool) types.Type {
	x := c.scopeOutcome(e.X, c.expr(e.X, nil))
	mi := &MatchInfo{Scrutinee: x, Binds: map[*ast.Arm][]*types.Object{}}
	c.info.Matches[e] = mi
	var result types.Type
	if !stmt {
		result = expected
	}
	var joined types.Type
	for _, arm := range e.Arms {
		c.openScope()
		var binds []*types.Object
		c.pattern(arm.Pattern, x, &binds)
		mi.Binds[arm] = binds
		if arm.Guard != nil {
			c.cond(arm.Guard)
		}
		var t types.Type
		if stmt {
			t = c.expr(arm.Body, nil)
		} else {
			t = c.expr(arm.Body, expectedOr(result, joined))
			if joined == nil {
				joined = t
			} else if j, ok := c.join(joined, t); ok {
				joined = j
			} else {
				c.errorf(arm.Body, "this arm gives `%s`, but the previous arms give `%s`", typeString(t), typeString(joined))
			}
		}
		c.closeScope()
	}
	c.exhaustive(e, x, stmt)
	if stmt {
		return types.UnitType
	}
	if joined == nil {
		return types.NeverType
	}
	if expected != nil && c.assignableQuiet(joined, expected) {
		return expected
	}
	return joined
}

func (c *checker) patInfo(p ast.Pattern, pi *PatInfo) *PatInfo {
	if c.info.Pats == nil {
		c.info.Pats = map[ast.Pattern]*PatInfo{}
	}
	c.info.Pats[p] = pi
	return pi
}

// pattern checks p against the type t of the value it matches and declares its bindings.
func (c *checker) pattern(p ast.Pattern, t types.Type, binds *[]*types.Object) {
	rt := types.Resolve(t)
	switch p := p.(type) {
	case *ast.WildcardPat:
		c.patInfo(p, &PatInfo{Kind: PatWild, Type: t})
	case *ast.BindPat:
		name := p.Name.Name
		// A bare name that is a unit variant of the matched enum, `None`, or a constant.
		if n, ok := rt.(*types.Named); ok && n.Def.Enum {
			if v := n.Def.Variant(name); v != nil && len(v.Payload) == 0 {
				c.patInfo(p, &PatInfo{Kind: PatVariant, Type: t, Variant: v})
				return
			}
		}
		if _, ok := rt.(*types.Optional); ok && name == "None" {
			c.patInfo(p, &PatInfo{Kind: PatNone, Type: t})
			return
		}
		if obj := c.scope.Lookup(name); obj != nil && obj.Kind == types.ObjConst {
			p.Name.Obj = obj
			c.expectAssignable(p, obj.Type, t, " in this pattern")
			c.patInfo(p, &PatInfo{Kind: PatConst, Type: t, Obj: obj})
			return
		}
		obj := c.declare(p.Name, types.ObjVar, t, p)
		*binds = append(*binds, obj)
		c.patInfo(p, &PatInfo{Kind: PatBind, Type: t, Obj: obj})
	case *ast.LitPat:
		if _, ok := ast.Unparen(p.Value).(*ast.NullLit); ok {
			if _, opt := rt.(*types.Optional); !opt && !types.IsAny(rt) {
				c.errorf(p, "`%s` is never null", typeString(t))
			}
			c.expr(p.Value, t)
			c.patInfo(p, &PatInfo{Kind: PatNone, Type: t})
			return
		}
		want := t
		if o, ok := rt.(*types.Optional); ok {
			want = o.Elem
		}
		lt := c.expr(p.Value, want)
		if !types.IsAny(t) {
			c.expectAssignable(p, lt, want, " in this pattern")
		}
		c.patInfo(p, &PatInfo{Kind: PatLit, Type: t})
	case *ast.RangePat:
		lo := c.expr(p.Lo, t)
		hi := c.expr(p.Hi, t)
		if !types.IsInteger(t) && !types.IsBasic(t, types.Char) && !types.IsInvalid(t) {
			c.errorf(p, "a range pattern matches integers or chars, not `%s`", typeString(t))
		} else {
			c.expectAssignable(p.Lo, lo, t, " in this pattern")
			c.expectAssignable(p.Hi, hi, t, " in this pattern")
		}
		c.patInfo(p, &PatInfo{Kind: PatRange, Type: t})
	case *ast.TuplePat:
		tt, ok := rt.(*types.Tuple)
		if !ok || len(tt.Elems) != len(p.Elems) {
			if !types.IsInvalid(t) {
				c.errorf(p, "this tuple pattern has %d elements, but the value is `%s`", len(p.Elems), typeString(t))
			}
			for _, el := range p.Elems {
				c.pattern(el, types.InvalidType, binds)
			}
			c.patInfo(p, &PatInfo{Kind: PatTuple, Type: t})
			return
		}
		for i, el := range p.Elems {
			c.pattern(el, tt.Elems[i], binds)
		}
		c.patInfo(p, &PatInfo{Kind: PatTuple, Type: t, Payload: tt.Elems})
	case *ast.OrPat:
		for _, alt := range p.Alts {
			var inner []*types.Object
			c.pattern(alt, t, &inner)
			if len(inner) > 0 {
				c.errorf(alt, "a pattern with `|` cannot bind names")
			}
		}
		c.patInfo(p, &PatInfo{Kind: PatOr, Type: t})
	case *ast.VariantPat:
		c.variantPattern(p, t, binds)
	default:
		c.errorf(p, "unsupported pattern")
	}
}

func (c *checker) variantPattern(p *ast.VariantPat, t types.Type, binds *[]*types.Object) {
	rt := types.Resolve(t)
	name := p.Path[len(p.Path)-1].Name
	prefix := ""
	if len(p.Path) > 1 {
		prefix = p.Path[len(p.Path)-2].Name
	}
	sub := func(payload []types.Type) {
		if len(p.Args) != len(payload) && !(len(p.Args) == 0 && !p.Parens) {
			c.errorf(p, "`%s` carries %d value%s, but the pattern has %d", name, len(payload), diag.Plural(len(payload)), len(p.Args))
		}
		for i, a := range p.Args {
			pt := types.Type(types.InvalidType)
			if i < len(payload) {
				pt = payload[i]
			}
			c.pattern(a, pt, binds)
		}
	}
	switch u := rt.(type) {
	case *types.Result:
		if prefix == "" || prefix == "Result" {
			switch name {
			case "Ok":
				sub([]types.Type{u.Ok})
				c.patInfo(p, &PatInfo{Kind: PatOk, Type: t, Payload: []types.Type{u.Ok}})
				return
			case "Err":
				sub([]types.Type{u.Err})
				c.patInfo(p, &PatInfo{Kind: PatErr, Type: t, Payload: []types.Type{u.Err}})
				return
			}
		}
	case *types.Optional:
		if prefix == "" || prefix == "Option" {
			switch name {
			case "Some":
				sub([]types.Type{u.Elem})
				c.patInfo(p, &PatInfo{Kind: PatSome, Type: t, Payload: []types.Type{u.Elem}})
				return
			case "None":
				sub(nil)
				c.patInfo(p, &PatInfo{Kind: PatNone, Type: t})
				return
			}
		}
	case *types.Named:
		if u.Def.Enum && (prefix == "" || prefix == u.Def.Name) {
			if v := u.Def.Variant(name); v != nil {
				m := u.Subst()
				payload := make([]types.Type, len(v.Payload))
				for i, pt := range v.Payload {
					payload[i] = types.Subst(pt, m)
				}
				sub(payload)
				c.patInfo(p, &PatInfo{Kind: PatVariant, Type: t, Variant: v, Payload: payload})
				return
			}
		}
	case *types.Basic:
		if u.Kind == types.Invalid {
			sub(nil)
			return
		}
	}
	path := make([]string, len(p.Path))
	for i, id := range p.Path {
		path[i] = id.Name
	}
	c.errorf(p, "the pattern `%s` cannot match a value of type `%s`", strings.Join(path, "::"), typeString(t))
	for _, a := range p.Args {
		c.pattern(a, types.InvalidType, binds)
	}
}

// exhaustive reports a match over an enum, a Result, an optional, a bool or a tuple of those
// that leaves a case uncovered; a match expression over other types needs a catch-all arm.
// Nested patterns count: `Ok(Ok(x))` and `Ok(Err(e))` together cover `Ok`.
func (c *checker) exhaustive(e *ast.Match, t types.Type, stmt bool) {
	if types.IsInvalid(t) || types.IsAny(t) && stmt {
		return
	}
	var rows [][]ast.Pattern
	for _, arm := range e.Arms {
		if arm.Guard == nil {
			rows = append(rows, []ast.Pattern{arm.Pattern})
		}
	}
	if c.covers(rows, []types.Type{t}) {
		return
	}
	ctors := c.constructors(t)
	if ctors == nil {
		if !stmt {
			c.errorf(e, "this match does not cover every `%s`: add a `_ =>` arm", typeString(t))
		}
		return
	}
	var missing []string
	for _, k := range ctors {
		if !c.covers(c.specialize(rows, k, t), c.payloadTypes(k, t)) {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		missing = []string{"some values"}
	}
	c.errorf(e, "non-exhaustive match: %s not covered", quoteList(missing)).
		WithHelp("add an arm for %s, or a `_ =>` arm", quoteList(missing))
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

// constructors lists the cases of a type a match can enumerate, or nil for an open type.
func (c *checker) constructors(t types.Type) []string {
	switch u := types.Resolve(t).(type) {
	case *types.Named:
		if !u.Def.Enum {
			return nil
		}
		var out []string
		for _, v := range u.Def.Variants {
			out = append(out, v.Name)
		}
		return out
	case *types.Result:
		return []string{"Ok", "Err"}
	case *types.Optional:
		return []string{"Some", "None"}
	case *types.Basic:
		if u.Kind == types.Bool {
			return []string{"true", "false"}
		}
	}
	return nil
}

// payloadTypes are the types a constructor carries.
func (c *checker) payloadTypes(k string, t types.Type) []types.Type {
	switch u := types.Resolve(t).(type) {
	case *types.Named:
		if v := u.Def.Variant(k); v != nil {
			m := u.Subst()
			out := make([]types.Type, len(v.Payload))
			for i, p := range v.Payload {
				out[i] = types.Subst(p, m)
			}
			return out
		}
	case *types.Result:
		if k == "Ok" {
			return []types.Type{u.Ok}
		}
		return []types.Type{u.Err}
	case *types.Optional:
		if k == "Some" {
			return []types.Type{u.Elem}
		}
	}
	return nil
}

// ctorOf is the constructor a pattern tests, "" for a catch-all, and its payload patterns.
func (c *checker) ctorOf(p ast.Pattern) (string, []ast.Pattern, bool) {
	pi := c.info.Pats[p]
	if pi == nil {
		return "", nil, true
	}
	switch pi.Kind {
	case PatWild, PatBind:
		return "", nil, true
	case PatVariant:
		if vp, ok := p.(*ast.VariantPat); ok {
			return pi.Variant.Name, vp.Args, true
		}
		return pi.Variant.Name, nil, true
	case PatOk, PatErr, PatSome:
		name := map[PatKind]string{PatOk: "Ok", PatErr: "Err", PatSome: "Some"}[pi.Kind]
		return name, variantPatArgs(p), true
	case PatNone:
		return "None", nil, true
	case PatLit:
		if b, ok := ast.Unparen(p.(*ast.LitPat).Value).(*ast.BoolLit); ok {
			if b.Value {
				return "true", nil, true
			}
			return "false", nil, true
		}
	}
	return "", nil, false // a literal, a range or a constant: covers nothing by itself
}

func variantPatArgs(p ast.Pattern) []ast.Pattern {
	if vp, ok := p.(*ast.VariantPat); ok {
		return vp.Args
	}
	return nil
}

// expandOr replaces a row whose first pattern is an or-pattern by one row per alternative.
func (c *checker) expandOr(rows [][]ast.Pattern) [][]ast.Pattern {
	var out [][]ast.Pattern
	for _, r := range rows {
		if or, ok := r[0].(*ast.OrPat); ok {
			for _, alt := range or.Alts {
				out = append(out, append([]ast.Pattern{alt}, r[1:]...))
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// specialize keeps the rows that match constructor k in their first column, replacing that
// column by k's payload patterns (catch-alls by as many catch-alls).
func (c *checker) specialize(rows [][]ast.Pattern, k string, t types.Type) [][]ast.Pattern {
	n := len(c.payloadTypes(k, t))
	var out [][]ast.Pattern
	for _, r := range c.expandOr(rows) {
		ctor, args, ok := c.ctorOf(r[0])
		switch {
		case ok && ctor == "":
			wild := make([]ast.Pattern, n)
			for i := range wild {
				wild[i] = &ast.WildcardPat{}
			}
			out = append(out, append(wild, r[1:]...))
		case ok && ctor == k:
			row := make([]ast.Pattern, n)
			for i := range row {
				if i < len(args) {
					row[i] = args[i]
				} else {
					row[i] = &ast.WildcardPat{}
				}
			}
			out = append(out, append(row, r[1:]...))
		}
	}
	return out
}

// anyConstructor reports whether a row's first pattern tests a constructor.
func (c *checker) anyConstructor(rows [][]ast.Pattern) bool {
	for _, r := range rows {
		if ctor, _, ok := c.ctorOf(r[0]); ok && ctor != "" {
			return true
		}
	}
	return false
}

// covers reports whether the rows of patterns match every tuple of values of the types ts.
func (c *checker) covers(rows [][]ast.Pattern, ts []types.Type) bool {
	if len(ts) == 0 {
		return len(rows) > 0
	}
	if len(rows) == 0 {
		return false
	}
	rows = c.expandOr(rows)
	t := ts[0]
	if tt, ok := types.Resolve(t).(*types.Tuple); ok {
		// Flatten a tuple column into its elements.
		var flat [][]ast.Pattern
		for _, r := range rows {
			if tp, ok := r[0].(*ast.TuplePat); ok && len(tp.Elems) == len(tt.Elems) {
				flat = append(flat, append(append([]ast.Pattern{}, tp.Elems...), r[1:]...))
				continue
			}
			if ctor, _, ok := c.ctorOf(r[0]); ok && ctor == "" {
				wild := make([]ast.Pattern, len(tt.Elems))
				for i := range wild {
					wild[i] = &ast.WildcardPat{}
				}
				flat = append(flat, append(wild, r[1:]...))
			}
		}
		return c.covers(flat, append(append([]types.Type{}, tt.Elems...), ts[1:]...))
	}
	ctors := c.constructors(t)
	if !c.anyConstructor(rows) {
		// No row tests this column: it is covered by the rows that cover the rest. (Enumerating
		// the constructors anyway would never end for a recursive enum.)
		ctors = nil
	}
	if ctors == nil {
		// An open type: only the rows with a catch-all first can cover it.
		var rest [][]ast.Pattern
		for _, r := range rows {
			if ctor, _, ok := c.ctorOf(r[0]); ok && ctor == "" {
				rest = append(rest, r[1:])
			}
		}
		return c.covers(rest, ts[1:])
	}
	for _, k := range ctors {
		pts := c.payloadTypes(k, t)
		if !c.covers(c.specialize(rows, k, t), append(append([]types.Type{}, pts...), ts[1:]...)) {
			return false
		}
	}
	return true
}
