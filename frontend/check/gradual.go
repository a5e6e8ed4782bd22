package check

import (
	"adesh2go/frontend/ast"
	"adesh2go/frontend/cfg"
	"adesh2go/frontend/source"
	"adesh2go/frontend/types"
)

// hint gathers what a program says about one untyped parameter: the types of the arguments
// passed for it and the types its uses demand. When they all agree the parameter gets that
// static type; otherwise it is `any` (§7).
type hint struct {
	param    *ast.Param
	seen     types.Type
	conflict types.Type // a second, different type, when there is one
	v        *types.Var
	dynamic  bool // a call site passes a dynamic value
	nullable bool // a call site passes null, or the default is null: the parameter is optional
	resolved types.Type
	reason   string
	links    []*hint // parameters whose values flow into this one or from it: one type for all
	sources  []*hint // of those, the ones whose values flow into this one
	literal  bool    // it stands for a `let x = 0;` (literalLetType)
}

// link records that the values of h's parameter and other's flow into each other (`b(a(x))`
// where a returns its parameter), so that a parameter nothing else types takes the other's type.
func (h *hint) link(other *hint) {
	if other != h {
		h.links = append(h.links, other)
		other.links = append(other.links, h)
	}
}

func (h *hint) observe(t types.Type) {
	t = types.Resolve(t)
	if types.IsBasic(t, types.Null) {
		h.nullable = true
		return
	}
	if o, ok := t.(*types.Optional); ok && !types.HasUnbound(o.Elem) {
		h.nullable = true // an optional argument: the parameter is an optional of its element
		t = o.Elem
	}
	if t == nil || types.HasUnbound(t) || types.IsInvalid(t) || types.IsNever(t) || types.IsBasic(t, types.Null) || types.IsAny(t) {
		return // (a use that takes any value, like print's, says nothing about the type)
	}
	if _, isVar := t.(*types.Var); isVar {
		return
	}
	switch {
	case h.seen == nil:
		h.seen = t
	case !types.Identical(h.seen, t) && h.conflict == nil:
		h.conflict = t
	}
}

func (c *checker) hintOf(v *types.Var) *hint { return c.hintVars[v] }

// untypedParam is the type of a parameter written without one.
func (c *checker) untypedParam(p *ast.Param) types.Type {
	return c.untypedParamOr(p, "nothing in the program says what type it has")
}

// hintVar is, in the silent pass, a new inference variable for p's hint (made on first use):
// what the pass sees of the variable, the hint observes.
func (c *checker) hintVar(p *ast.Param, literal bool) *types.Var {
	h := c.hints[p]
	if h == nil {
		h = &hint{param: p, literal: literal}
		c.hints[p] = h
	}
	h.v = c.newVar()
	c.hintVars[h.v] = h
	return h.v
}

// untypedParamOr is untypedParam, with the reason to give when nothing is known of the type.
func (c *checker) untypedParamOr(p *ast.Param, unknown string) types.Type {
	if c.probing {
		return c.hintVar(p, false)
	}
	if dr, dyn := c.dynResults[p]; dyn {
		c.fallback(p.Pos(), p.Name.Name, dr.reason)
		return types.AnyType
	}
	h := c.hints[p]
	if h == nil || h.resolved == nil {
		c.fallback(p.Pos(), p.Name.Name, unknown)
		return types.AnyType
	}
	if types.IsAny(h.resolved) {
		reason := h.reason
		if h.seen == nil && !h.dynamic {
			reason = unknown
		}
		c.fallback(p.Pos(), p.Name.Name, reason)
	}
	return c.ownTypes(h.resolved)
}

// finishUntyped settles every hint at the end of the silent pass.
func (c *checker) finishUntyped() {
	if !c.probing {
		return
	}
	for _, h := range c.hints {
		switch {
		case h.literal:
			h.resolved = h.literalType()
		case h.dynamic:
			h.resolved = types.AnyType
			h.reason = "a call passes it a dynamic value"
		case h.conflict != nil:
			h.resolved = types.AnyType
			h.reason = "its uses and call sites disagree: `" + typeString(h.seen) + "` and `" + typeString(h.conflict) + "`"
		case h.seen == nil:
			h.resolved = types.AnyType
			h.reason = "nothing in the program says what type it has"
		default:
			h.resolved = h.seen
		}
		h.v = nil
	}
	c.settleLinkedHints()
	c.settleDynamicSources()
	c.settleLiteralLinks()
	c.settleParamsGivenLiterals()
	for _, h := range c.hints {
		if _, opt := h.resolved.(*types.Optional); h.nullable && !h.literal && !opt && !types.IsAny(h.resolved) {
			h.resolved = &types.Optional{Elem: h.resolved}
		}
	}
}

// settleLinkedHints gives a parameter that nothing typed, but that is linked to parameters
// that were, their type when they agree on one; the types spread along chains of links.
func (c *checker) settleLinkedHints() {
	for changed := true; changed; {
		changed = false
		for _, h := range c.hints {
			if h.literal || types.IsAny(h.resolved) {
				continue
			}
			for _, src := range h.sources {
				if src.dynamic || src.conflict != nil {
					// A dynamic value flows in (`b(a(x))` where a's parameter is dynamic).
					h.resolved, h.reason, h.dynamic, changed = types.AnyType, "a call passes it a dynamic value", true, true
					break
				}
			}
		}
		for _, h := range c.hints {
			if h.seen != nil || h.dynamic || len(h.links) == 0 || !types.IsAny(h.resolved) {
				continue
			}
			var t types.Type
			agree := true
			for _, o := range h.links {
				if o.resolved == nil || types.IsAny(o.resolved) {
					continue
				}
				if t == nil {
					t = o.resolved
				} else if !types.Identical(t, o.resolved) {
					agree = false
				}
			}
			if t != nil && agree {
				h.resolved, h.seen, changed = t, t, true
			}
		}
	}
}

// settleDynamicSources makes dynamic, once the links have typed what they can, a parameter
// given the value of one that is still dynamic (`fn outer(p) { inner(-1, p); }` where nothing
// types p): its other calls' type would fail when the program runs.
func (c *checker) settleDynamicSources() {
	for changed := true; changed; {
		changed = false
		for _, h := range c.hints {
			if h.literal || h.resolved == nil || types.IsAny(h.resolved) {
				continue
			}
			for _, src := range h.sources {
				if types.IsAny(src.resolved) {
					h.resolved, h.reason, changed = types.AnyType, "a call passes it `"+src.param.Name.Name+"`, a dynamic value", true
					break
				}
			}
		}
	}
}

// settleLiteralLinks gives a literal let (`let total = 0;`) that arithmetic links to an
// untyped parameter the parameter's number type when it is wider: a float makes it a float, a
// dynamic value makes it dynamic (`total = total + x` with x given 1.5, or a dynamic value).
func (c *checker) settleLiteralLinks() {
	for _, h := range c.hints {
		if !h.literal || types.IsAny(h.resolved) {
			continue
		}
		for _, o := range h.links {
			switch {
			case o.literal:
			case types.IsAny(o.resolved):
				h.resolved, h.reason = types.AnyType, "arithmetic mixes it with a dynamic value"
			case types.IsFloat(o.resolved) && !types.IsFloat(h.resolved):
				h.resolved = o.resolved
			}
		}
	}
}

// settleParamsGivenLiterals holds a parameter to the literal lets passed to it, now that their
// types are known: a number type widens the parameter's (a float makes an i64 parameter a
// float), another type makes it dynamic (`let g = 3; f(g); f([g, "a"]);`: the calls disagree).
// Before, the parameter kept the type of its other calls and the literal's call was refused.
func (c *checker) settleParamsGivenLiterals() {
	for _, h := range c.hints {
		if h.literal || h.resolved == nil || types.IsAny(h.resolved) {
			continue
		}
		for _, l := range h.links {
			if !l.literal || l.resolved == nil || types.Identical(l.resolved, h.resolved) {
				continue
			}
			if types.IsAny(l.resolved) {
				// The literal let is dynamic (arithmetic mixed it with a dynamic value): so is
				// what it is given to.
				h.resolved, h.reason = types.AnyType, "a call passes it `"+l.param.Name.Name+"`, a dynamic value"
				break
			}
			if w := types.WiderNumber(h.resolved, l.resolved); w != nil {
				h.resolved = w
				continue
			}
			h.resolved, h.reason = types.AnyType, "its call sites disagree: `"+typeString(h.resolved)+"` and `"+typeString(l.resolved)+"`"
			break
		}
	}
}

// A variable bound to an integer literal and no type (`let i = 0;`) takes the number type it
// is used with, as in the interpreter, which has one number type (EVERYDAY.md §3): compared
// with an i32 it is an i32, and given a float (`i = i + 0.5`) it is an f64. The silent pass
// gives it a hint as an untyped parameter has, and integer literals beside it say nothing.

// isLiteralLet reports whether s binds one name to an integer literal, with no type (a suffix,
// `177u8`, is one).
func isLiteralLet(s *ast.LetStmt) bool {
	_, bind := s.Pattern.(*ast.BindPat)
	return bind && s.Type == nil && s.Kind == ast.LetPlain && s.Value != nil && isIntLiteral(s.Value) && !hasSuffix(s.Value)
}

// hasSuffix reports whether the number literal e, maybe negated, has a type suffix.
func hasSuffix(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.IntLit:
		return e.Suffix != ""
	case *ast.Unary:
		return hasSuffix(e.X)
	}
	return false
}

func isIntLiteral(e ast.Expr) bool {
	return isLiteralish(e) && !isFloatLiteral(e)
}

// literalLetType is the type of a literal let: the hint's variable in the silent pass, what
// its uses settled afterwards.
func (c *checker) literalLetType(s *ast.LetStmt) types.Type {
	p := c.literalLets[s]
	if p == nil {
		bp := s.Pattern.(*ast.BindPat)
		p = &ast.Param{Span: bp.Span, Name: bp.Name}
		c.literalLets[s] = p
	}
	if c.probing {
		return c.hintVar(p, true)
	}
	if h := c.hints[p]; h != nil && h.resolved != nil {
		return c.ownTypes(h.resolved)
	}
	return nil
}

// literalType settles a literal let's hint: the number type its uses agree on, f64 when they
// mix integers and floats, any when it is given a dynamic value, and otherwise i64, the
// literal's own type (a use of another type is then reported as it would be without the hint).
func (h *hint) literalType() types.Type {
	switch {
	case h.dynamic:
		return types.AnyType // it is given a dynamic value: it holds whatever that is
	case h.seen == nil || !types.IsNumeric(h.seen):
		return types.I64
	case h.conflict == nil:
		return h.seen
	case types.IsNumeric(h.conflict) && types.IsFloat(h.conflict):
		return h.conflict
	case types.IsNumeric(h.conflict) && types.IsFloat(h.seen):
		return h.seen
	}
	return types.I64
}

// hintBinary types, in the silent pass, an arithmetic or comparison operation on an untyped
// parameter's (or literal let's) variable, and says whether it did:
//   - beside an integer literal (`x * 2`, `i < 10`), the literal takes the variable's type and
//     says nothing of it;
//   - compared with a value of a type (`i < n`), the variable observes that type;
//   - a literal let beside a float (`i * 0.5`) mixes to the float, which says nothing of the
//     variable (only what is assigned to it does).
func (c *checker) hintBinary(e *ast.Binary, x, y types.Type) (types.Type, bool) {
	if !c.probing || !isArith(e.Op) && !isComparison(e.Op) {
		return nil, false
	}
	v := c.hintVarOf(x)
	if v == nil || !isIntLiteral(e.Y) {
		if v = c.hintVarOf(y); v != nil && !isIntLiteral(e.X) {
			v = nil
		}
	}
	switch {
	case v != nil && isComparison(e.Op):
		return types.BoolType, true
	case v != nil:
		return v, true
	case isComparison(e.Op):
		if (c.hintVarOf(x) != nil || c.hintVarOf(y) != nil) && !types.IsBasic(x, types.Null) && !types.IsBasic(y, types.Null) {
			c.unify(x, y)
			return types.BoolType, true
		}
	case isNumberArith(e.Op):
		if c.linkLiteralOperands(x, y) {
			return types.Resolve(x), true
		}
		if c.literalHint(x) && types.IsFloat(y) {
			return types.Resolve(y), true
		}
		if c.literalHint(y) && types.IsFloat(x) {
			return types.Resolve(x), true
		}
	}
	return nil, false
}

// linkLiteralOperands links, in the silent pass, a literal let and an untyped parameter that
// one operation takes (`total + x`, `max(total, x)` with `let total = 0;`): the result, and what
// is given it, is of x's type as much as of total's (settleLiteralLinks). It reports whether
// it did.
func (c *checker) linkLiteralOperands(x, y types.Type) bool {
	hx, hy := c.hintVarOf(x), c.hintVarOf(y)
	if !c.probing || hx == nil || hy == nil || !c.hintOf(hx).literal && !c.hintOf(hy).literal {
		return false
	}
	c.hintOf(hx).link(c.hintOf(hy))
	return true
}

// numbersNothingTyped unifies x and y when both are variables nothing has typed yet (the
// elements of an array filled later, `g.sort((a, b) => a - b)`, `max(a, b)`) and an operation
// says they are numbers: of the type the program says later, or i64 (numberVars). It reports
// whether they were.
func (c *checker) numbersNothingTyped(x, y types.Type) bool {
	return c.unifyNothingTyped(x, y, &c.numberVars)
}

// nothingTyped is numbersNothingTyped for `+`, which may also join strings: the elements of an
// array nothing filled (`for e in [] { e + e }`) are one type, dynamic unless something says.
func (c *checker) nothingTyped(x, y types.Type) bool {
	return c.unifyNothingTyped(x, y, &c.dynVars)
}

// unifyNothingTyped unifies x and y when both are variables nothing has typed yet, and adds
// them to defaults, the variables given a type at the end of the pass if nothing else does.
func (c *checker) unifyNothingTyped(x, y types.Type, defaults *[]*types.Var) bool {
	vx, okx := types.Resolve(x).(*types.Var)
	vy, oky := types.Resolve(y).(*types.Var)
	if !okx || !oky || c.hintOf(vx) != nil || c.hintOf(vy) != nil {
		return false
	}
	c.unify(x, y)
	*defaults = append(*defaults, vx)
	return true
}

// literalHint reports whether t is a literal let's variable, in the silent pass.
func (c *checker) literalHint(t types.Type) bool {
	v := c.hintVarOf(t)
	return v != nil && c.hintOf(v).literal
}

// untypedNumber reports whether e names a variable bound to an integer literal with no type:
// beside a float it mixes as untyped code does.
func untypedNumber(e ast.Expr) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Obj != nil {
		if s, ok := id.Obj.Decl.(*ast.LetStmt); ok {
			return isLiteralLet(s)
		}
	}
	return false
}

func (c *checker) hintVarOf(t types.Type) *types.Var {
	if v, ok := types.Resolve(t).(*types.Var); ok && c.hintOf(v) != nil {
		return v
	}
	return nil
}

// letDisagrees records that a variable declared by a `let` with neither a type nor a number
// literal (`let v = new Item();`) is assigned a dynamic value or a value of another type: it
// holds values of different types, as a JavaScript or interpreter variable may, so it is made
// dynamic and the check run again (see Check). A `let` with a type keeps it, and reports.
func (c *checker) letDisagrees(x ast.Expr, v, t types.Type) bool {
	s := untypedLetOf(x)
	if s == nil || isLiteralLet(s) && c.probing {
		return false // (the silent pass learns a literal let's type from its hint)
	}
	if _, bind := s.Pattern.(*ast.BindPat); !bind {
		return false
	}
	if types.IsAny(t) || types.IsInvalid(v) || types.IsInvalid(t) || types.IsNever(v) {
		return false
	}
	if (types.HasUnbound(v) || types.HasUnbound(t)) && !kindsNeverMeet(v, t) {
		return false // (what the variables become may fit)
	}
	switch {
	case types.IsAny(v):
		c.dynResultFor(s, "it is assigned a dynamic value")
	case !c.assignableQuiet(v, t):
		c.dynResultFor(s, "it is assigned values of different types: `"+typeString(t)+"` and `"+typeString(v)+"`")
	default:
		return false
	}
	return true
}

// untypedLetOf is the `let` without a type that declares the variable x names, which may become
// dynamic (letDisagrees), or nil.
func untypedLetOf(x ast.Expr) *ast.LetStmt {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || id.Obj == nil {
		return nil
	}
	if s, ok := id.Obj.Decl.(*ast.LetStmt); ok && s.Type == nil && s.Kind == ast.LetPlain {
		return s
	}
	return nil
}

// kindsNeverMeet reports whether a value of type v can never be assigned to a place of type t
// whatever their variables become: `new Map()` and an array, say (not an optional and its
// element, nor null).
func kindsNeverMeet(v, t types.Type) bool {
	for _, x := range []types.Type{v, t} {
		if _, opt := types.Resolve(x).(*types.Optional); opt || types.IsBasic(x, types.Null) {
			return false
		}
	}
	return differentKinds(v, t)
}

// fallback records that a value is dynamic, for `check --explain-types`.
func (c *checker) fallback(pos source.Pos, name, reason string) {
	if c.probing {
		return
	}
	c.info.Fallbacks = append(c.info.Fallbacks, Fallback{Pos: pos, Name: name, Reason: reason})
}

// maxProbes only guards against a bug: each silent pass finds at least one more function
// whose returns disagree (or turns an optional result dynamic), so the passes end by
// themselves, one per function of a chain (`a` returns `b()`, which returns `c()`, …).
const maxProbes = 1000

// needsProbing reports whether the silent first pass has anything to learn: a declared
// function (or a lambda bound by `let`) leaves a parameter untyped, or a function or lambda
// without a result type may give values of different types (resultMayDisagree).
func needsProbing(files []*ast.File, fl *flows) bool {
	found := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				found = hasUntyped(n.Params) || n.Ret == nil && resultMayDisagree(fl.of(n), n.Body)
			case *ast.Lambda:
				found = n.Ret == nil && n.Body != nil && resultMayDisagree(fl.of(n), n.Body)
			case *ast.LetStmt:
				// `let double = x => x * 2;`: its calls say what x is.
				if lam, ok := ast.Unparen(n.Value).(*ast.Lambda); ok && n.Value != nil {
					found = hasUntyped(lam.Params)
				}
				found = found || isLiteralLet(n) // `let i = 0;`: its uses say what number i is
			}
			return true
		})
	}
	return found
}

// resultMayDisagree reports whether the body of a function without a result type may give
// values of different types: it returns a value in two places, or returns one and can also
// reach its end (where it gives null).
func resultMayDisagree(g *cfg.Graph, body *ast.Block) bool {
	n := valueReturns(body)
	return n >= 2 || n == 1 && g.CompletesNormally(body)
}

// valueReturns counts, up to 2, the `return` statements with a value of a body's own (not of
// the functions and lambdas inside it).
func valueReturns(body *ast.Block) int {
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncDecl, *ast.Lambda, *ast.AsyncBlock:
			return false
		case *ast.ReturnStmt:
			if x.Value != nil {
				n++
			}
		}
		return n < 2
	})
	return n
}

// inferredResult reports whether fn (a function or lambda node) has no result type written, so
// that its returns say what it is.
func inferredResult(fn ast.Node) bool {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Ret == nil && !(fn.Name.Name == "main" && fn.Recv == nil)
	case *ast.Lambda:
		return fn.Ret == nil
	}
	return false
}

// dynamicAfterStatic reports whether a return gives a dynamic value where an earlier return of
// the same function gave a static type: the value would convert to that type at run time,
// and fail when it holds another, so the result is dynamic instead.
func dynamicAfterStatic(got, want types.Type) bool {
	if !types.IsAny(got) {
		return false
	}
	switch w := types.Resolve(want).(type) {
	case *types.Var:
		return false
	default:
		return !types.IsAny(w) && !types.IsInvalid(w)
	}
}

// pendingResult is a return of an untyped parameter's value: whether it agrees with the
// function's other returns is known only once the parameter is settled.
type pendingResult struct {
	fn  ast.Node
	h   *hint
	ret types.Type // the function's result (an inference variable, resolved when settling)
}

// notePendingResult records, in the silent pass, a return that gives an untyped parameter's
// value.
func (c *checker) notePendingResult(fn ast.Node, got, ret types.Type) {
	if v, ok := got.(*types.Var); ok {
		if h := c.hintOf(v); h != nil {
			c.pendingDyn = append(c.pendingDyn, pendingResult{fn: fn, h: h, ret: ret})
		}
	}
}

// returnedHint is, in the silent pass, the untyped parameter whose value a function returns,
// when a return gives one.
func (c *checker) returnedHint(fn ast.Node) *hint {
	if !c.probing {
		return nil
	}
	for _, p := range c.pendingDyn {
		if p.fn == fn && p.h.v != nil {
			return p.h
		}
	}
	return nil
}

// settlePendingResults makes dynamic, once the parameters are settled, the result of a function
// that returns a parameter which turned out dynamic, or of another type than its other returns
// (`fn f(n) { if n > 0 { return n; } return "negative"; }`).
func (c *checker) settlePendingResults() {
	for _, p := range c.pendingDyn {
		r := types.Resolve(p.ret)
		switch {
		case p.h.resolved == nil:
		case isOptionalOf(r, p.h.resolved):
			// `return n; … return null;`: the silent pass made the result an optional of n.
			c.noteDynResult(p.fn, p.h.resolved, types.NullType)
		case types.HasUnbound(r) || types.IsAny(r) || types.IsInvalid(r) || types.IsUnit(r):
			// Nothing else fixed the result (() is what it defaults to then).
		case types.IsAny(p.h.resolved):
			c.dynResultFor(p.fn, "it returns `"+p.h.param.Name.Name+"`, a dynamic value, and values of type `"+typeString(r)+"`")
		case !types.Identical(r, p.h.resolved):
			c.noteDynResult(p.fn, p.h.resolved, r)
		}
	}
	c.pendingDyn = nil
}

// dynResult says what a function without a result type returns when its returns disagree.
type dynResult struct {
	optional bool   // only a `null` disagreed: the result is optional
	reason   string // otherwise the result is any, for this reason
}

// noteDynResult records, in the silent pass, that a function without a result type returns a
// value of a type its earlier returns do not have. A `null` after values makes the result
// optional; any other disagreement makes it dynamic, as no single type exists (§7).
func (c *checker) noteDynResult(fn ast.Node, want, got types.Type) {
	if c.newDynResults == nil {
		c.newDynResults = map[ast.Node]dynResult{}
	}
	if _, seen := c.newDynResults[fn]; seen {
		return
	}
	_, isOpt := types.Resolve(got).(*types.Optional)
	prev, had := c.dynResults[fn]
	if had && prev.optional && types.IsBasic(got, types.Null) {
		return // optional already
	}
	if !had && (types.IsBasic(got, types.Null) || isOpt && !types.IsAny(want)) {
		// A null, or an optional (of what a call returns), beside values: the result is
		// optional. Should that disagree again, the next pass makes it dynamic.
		c.newDynResults[fn] = dynResult{optional: true}
		return
	}
	c.dynResultFor(fn, "its returns have different types: `"+typeString(want)+"` and `"+typeString(got)+"`")
}

// dynResultFor records that fn's result is dynamic, for reason.
func (c *checker) dynResultFor(fn ast.Node, reason string) {
	if c.newDynResults == nil {
		c.newDynResults = map[ast.Node]dynResult{}
	}
	if _, seen := c.newDynResults[fn]; !seen {
		c.newDynResults[fn] = dynResult{reason: reason}
	}
}

// untypedParamLacks records, in the last pass, that an untyped parameter x is used with a member
// (`.repeat(2)`, `.length`) that the type the silent pass gave it (from other uses) does not
// have, as JavaScript code uses one parameter for values of several types: the parameter is
// made dynamic and the check run again (see Check).
func (c *checker) untypedParamLacks(x ast.Expr, t types.Type, member string) bool {
	if bin, ok := ast.Unparen(x).(*ast.Binary); ok && bin.Op == "+" {
		// `(p + 1).padStart(…)`: `+` of a parameter that may be a string, as in JavaScript.
		return c.untypedParamLacks(bin.X, t, member) || c.untypedParamLacks(bin.Y, t, member)
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if c.probing || !ok || id.Obj == nil || id.Obj.Kind != types.ObjParam || types.IsInvalid(t) {
		return false
	}
	if _, named := types.Resolve(t).(*types.Named); named {
		return false // a class's or struct's member misspelled stays an error, with its did-you-mean
	}
	p, ok := id.Obj.Decl.(*ast.Param)
	if !ok || p.Type != nil {
		return false
	}
	c.dynResultFor(p, "it is used with `"+member+"`, which `"+typeString(t)+"` (what its other uses say) does not have")
	return true
}

func hasUntyped(params []*ast.Param) bool {
	for _, p := range params {
		if p.Type == nil {
			return true
		}
	}
	return false
}

// dynResultType is the result type of a function whose returns disagree.
func (c *checker) dynResultType(pos source.Pos, name string, dr dynResult) types.Type {
	if dr.optional {
		return &types.Optional{Elem: c.newVar(), Loose: true}
	}
	c.fallback(pos, name, dr.reason)
	return types.AnyType
}

// isOptionalOf reports whether t is an optional of elem, or of what is not known yet.
func isOptionalOf(t, elem types.Type) bool {
	o, ok := t.(*types.Optional)
	return ok && !types.IsAny(elem) && (types.HasUnbound(o.Elem) || types.Identical(types.Resolve(o.Elem), elem))
}
