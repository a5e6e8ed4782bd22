package check

import (
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
	x := c.expr(e.X, nil)
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
		if _, ok := unparen(p.Value).(*ast.NullLit); ok {
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
			c.errorf(p, "`%s` carries %d value%s, but the pattern has %d", name, len(payload), plural(len(payload)), len(p.Args))
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

// exhaustive reports a match over an enum, a Result, an optional or a bool that leaves a case
// uncovered; a match expression over other types needs a catch-all arm.
func (c *checker) exhaustive(e *ast.Match, t types.Type, stmt bool) {
	var cases []string
	switch u := types.Resolve(t).(type) {
	case *types.Named:
		if !u.Def.Enum {
			return
		}
		for _, v := range u.Def.Variants {
			cases = append(cases, v.Name)
		}
	case *types.Result:
		cases = []string{"Ok", "Err"}
	case *types.Optional:
		cases = []string{"Some", "None"}
	case *types.Basic:
		if u.Kind == types.Bool {
			cases = []string{"true", "false"}
		} else if u.Kind == types.Invalid || u.Kind == types.Any && stmt {
			return
		}
	}
	covered := map[string]bool{}
	for _, arm := range e.Arms {
		if arm.Guard != nil {
			continue
		}
		if c.coversAll(arm.Pattern) {
			return
		}
		for _, name := range c.coveredCases(arm.Pattern) {
			covered[name] = true
		}
	}
	if cases == nil {
		if !stmt {
			c.errorf(e, "this match does not cover every `%s`: add a `_ =>` arm", typeString(t))
		}
		return
	}
	var missing []string
	for _, k := range cases {
		if !covered[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		c.errorf(e, "non-exhaustive match: %s not covered", quoteList(missing)).
			WithHelp("add an arm for %s, or a `_ =>` arm", quoteList(missing))
	}
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

// coversAll reports whether a pattern matches every value.
func (c *checker) coversAll(p ast.Pattern) bool {
	pi := c.info.Pats[p]
	if pi == nil {
		return false
	}
	switch pi.Kind {
	case PatWild, PatBind:
		return true
	case PatTuple:
		for _, el := range p.(*ast.TuplePat).Elems {
			if !c.coversAll(el) {
				return false
			}
		}
		return true
	case PatOr:
		for _, alt := range p.(*ast.OrPat).Alts {
			if c.coversAll(alt) {
				return true
			}
		}
	}
	return false
}

// coveredCases lists the variants a pattern covers completely.
func (c *checker) coveredCases(p ast.Pattern) []string {
	pi := c.info.Pats[p]
	if pi == nil {
		return nil
	}
	allArgs := func() bool {
		if vp, ok := p.(*ast.VariantPat); ok {
			for _, a := range vp.Args {
				if !c.coversAll(a) {
					return false
				}
			}
		}
		return true
	}
	switch pi.Kind {
	case PatVariant:
		if allArgs() {
			return []string{pi.Variant.Name}
		}
	case PatOk:
		if allArgs() {
			return []string{"Ok"}
		}
	case PatErr:
		if allArgs() {
			return []string{"Err"}
		}
	case PatSome:
		if allArgs() {
			return []string{"Some"}
		}
	case PatNone:
		return []string{"None"}
	case PatLit:
		if b, ok := unparen(p.(*ast.LitPat).Value).(*ast.BoolLit); ok {
			if b.Value {
				return []string{"true"}
			}
			return []string{"false"}
		}
	case PatOr:
		var out []string
		for _, alt := range p.(*ast.OrPat).Alts {
			out = append(out, c.coveredCases(alt)...)
		}
		return out
	}
	return nil
}
