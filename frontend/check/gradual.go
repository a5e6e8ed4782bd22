package check

import (
	"adesh2go/frontend/ast"
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
	resolved types.Type
	reason   string
}

func (h *hint) observe(t types.Type) {
	t = types.Resolve(t)
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

// untypedParamOr is untypedParam, with the reason to give when nothing is known of the type.
func (c *checker) untypedParamOr(p *ast.Param, unknown string) types.Type {
	h := c.hints[p]
	if c.probing {
		if h == nil {
			h = &hint{param: p}
			c.hints[p] = h
		}
		h.v = c.newVar()
		c.hintVars[h.v] = h
		return h.v
	}
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
	return h.resolved
}

// finishUntyped settles every hint at the end of the silent pass.
func (c *checker) finishUntyped() {
	if !c.probing {
		return
	}
	for _, h := range c.hints {
		switch {
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
}

// fallback records that a value is dynamic, for `check --explain-types`.
func (c *checker) fallback(pos source.Pos, name, reason string) {
	if c.probing {
		return
	}
	c.info.Fallbacks = append(c.info.Fallbacks, Fallback{Pos: pos, Name: name, Reason: reason})
}

// maxProbes bounds the silent passes: each finds at least one more function whose returns
// disagree, and a program has few of them.
const maxProbes = 8

// needsProbing reports whether the silent first pass has anything to learn: a declared
// function (or a lambda bound by `let`) leaves a parameter untyped, or a function or lambda
// without a result type returns a value in more than one place.
func needsProbing(files []*ast.File) bool {
	found := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				found = hasUntyped(n.Params) || n.Ret == nil && returnsValueTwice(n.Body)
			case *ast.Lambda:
				found = n.Ret == nil && n.Body != nil && returnsValueTwice(n.Body)
			case *ast.LetStmt:
				// `let double = x => x * 2;`: its calls say what x is.
				if lam, ok := unparen(n.Value).(*ast.Lambda); ok && n.Value != nil {
					found = hasUntyped(lam.Params)
				}
			}
			return true
		})
	}
	return found
}

// returnsValueTwice reports whether a body has two `return` statements with a value of its own
// (not of the functions and lambdas inside it).
func returnsValueTwice(body *ast.Block) bool {
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
	return n >= 2
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
	if prev, had := c.dynResults[fn]; types.IsBasic(got, types.Null) && (!had || prev.optional) {
		c.newDynResults[fn] = dynResult{optional: true}
		return
	}
	c.newDynResults[fn] = dynResult{reason: "its returns have different types: `" + typeString(want) + "` and `" + typeString(got) + "`"}
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
		return &types.Optional{Elem: c.newVar()}
	}
	c.fallback(pos, name, dr.reason)
	return types.AnyType
}
