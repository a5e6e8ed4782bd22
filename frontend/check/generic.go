package check

import (
	"adesh2go/frontend/builtin"
	"sort"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// TypeParamNeed is what generic code does with the values of a type parameter. It decides the
// parameter's Go constraint and which types may stand for it. Needs are ordered: each one
// includes the ones before it.
type TypeParamNeed uint8

const (
	NeedAny        TypeParamNeed = iota
	NeedComparable               // a map key: types with Go's ==
	NeedOrdered                  // compared with < <= > >=: numbers, strings, chars
	NeedNumber                   // arithmetic: numbers
)

var needWhat = [...]string{
	NeedComparable: "used as a map key",
	NeedOrdered:    "compared with `<`",
	NeedNumber:     "used in arithmetic",
}

var needWho = [...]string{
	NeedComparable: "numbers, strings, chars and bools",
	NeedOrdered:    "numbers, strings and chars",
	NeedNumber:     "numbers",
}

func isTypeParam(t types.Type) bool {
	_, ok := types.Resolve(t).(*types.TypeParam)
	return ok
}

// typeParamNeeds finds what every type parameter's values are used for, passes the needs of a
// generic callee on to the type parameters of its generic callers, and reports the
// instantiations whose type arguments cannot do what the generic code does with them.
func (c *checker) typeParamNeeds() {
	needs := map[*types.TypeParam]TypeParamNeed{}
	c.info.TypeParamNeeds = needs
	raise := func(t types.Type, n TypeParamNeed) bool {
		tp, ok := types.Resolve(t).(*types.TypeParam)
		if !ok || needs[tp] >= n {
			return false
		}
		needs[tp] = n
		return true
	}
	c.elementNeeds(raise)
	if !c.hasGenerics() {
		return
	}
	keyOf := func(t types.Type) {
		types.Mentions(t, func(t types.Type) bool {
			if m, ok := t.(*types.MapT); ok {
				raise(m.Key, NeedComparable)
			}
			if st, ok := t.(*types.SetT); ok {
				raise(st.Elem, NeedComparable)
			}
			return false
		})
	}
	// Values of a type parameter exist only in the bodies of generic functions and methods (and
	// the lambdas inside them).
	for _, fi := range c.info.Funcs {
		fd, ok := fi.Node.(*ast.FuncDecl)
		if !ok || !fi.Generic || fd.Body == nil {
			continue
		}
		for _, p := range fi.Sig.Params {
			keyOf(p)
		}
		keyOf(fi.Sig.Ret)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			if t := e.TypeOf(); t != nil {
				keyOf(t)
			}
			if b, ok := e.(*ast.Binary); ok && b.X.TypeOf() != nil {
				switch b.Op {
				case "<", "<=", ">", ">=":
					raise(b.X.TypeOf(), NeedOrdered)
				case "+", "-", "*", "/", "%", "**":
					raise(b.X.TypeOf(), NeedNumber)
				}
			}
			return true
		})
	}
	for _, def := range c.info.TypeDefs {
		for _, f := range def.Fields {
			keyOf(f.Type)
		}
	}
	// A generic call passes its callee's needs to the type arguments that are type parameters of
	// the caller; repeat until nothing changes (calls may form cycles).
	insts := c.instantiations()
	for changed := true; changed; {
		changed = false
		for _, in := range insts {
			for i, tp := range in.params {
				if raise(in.args[i], needs[tp]) {
					changed = true
				}
			}
		}
	}
	for _, in := range insts {
		for i, tp := range in.params {
			n := needs[tp]
			arg := types.Resolve(in.args[i])
			if n == NeedAny || isTypeParam(arg) || types.IsInvalid(arg) || satisfies(arg, n) {
				continue
			}
			c.errorf(in.node, "`%s` cannot stand for the type parameter `%s` of `%s`: its values are %s, which only %s can be",
				typeString(arg), tp.Name, in.name, needWhat[n], needWho[n])
		}
	}
}

// elementNeeds checks the array methods that compare or add up the elements: `min`, `max` and
// `sort()` need ordered elements, `sum` numbers. An element type that cannot is refused; a type
// parameter gets the need (raise).
func (c *checker) elementNeeds(raise func(types.Type, TypeParamNeed) bool) {
	for call, ci := range c.info.Calls {
		recvT := ci.RecvType
		switch {
		case ci.Kind == CallBuiltinMethod:
		case ci.Kind == CallStatic && ci.Builtin == builtin.ParallelSum && len(ci.Params) > 0:
			recvT = ci.Params[0] // Parallel.sum(xs) adds up xs as xs.sum() does
		default:
			continue
		}
		var need TypeParamNeed
		switch flags := builtin.Of(ci.Builtin).Flags; {
		case ci.Builtin == builtin.ArraySort && len(call.Args) > 0:
			// the comparator says the order
		case flags&builtin.Ordered != 0:
			need = NeedOrdered
		case flags&builtin.Numeric != 0, ci.Builtin == builtin.ParallelSum:
			need = NeedNumber
		}
		arr, ok := types.Resolve(recvT).(*types.Array)
		if need == NeedAny || !ok {
			continue
		}
		elem := types.Resolve(arr.Elem)
		if types.IsAny(elem) {
			continue // dynamic elements: checked as they are compared or added (§7)
		}
		if isTypeParam(elem) {
			raise(elem, need)
		} else if !types.IsInvalid(elem) && !satisfies(elem, need) && !(ci.Builtin == builtin.ArraySort && types.IsBasic(elem, types.BigInt)) {
			// (bigints sort through rt.Less, not a Go constraint)
			method := calleeName(call)
			if ci.Builtin == builtin.ParallelSum {
				method = "Parallel.sum"
			}
			what := "compares the elements, and `%s` cannot be compared with `<` (numbers, strings and chars can)"
			if need == NeedNumber {
				what = "adds up the elements, and `%s` is not a number"
			}
			d := c.errorf(call, "`%s` "+what, method, typeString(elem))
			if ci.Builtin == builtin.ArraySort {
				d.WithHelp("pass the order: `xs.sort((a, b) => …)`, negative when a comes first")
			}
		}
	}
}

// hasGenericStruct reports whether the program declares a generic struct.
func (c *checker) hasGenericStruct() bool {
	for _, def := range c.info.TypeDefs {
		if len(def.TypeParams) > 0 && !def.Enum {
			return true
		}
	}
	return false
}

// hasGenerics reports whether the program declares a generic function or type.
func (c *checker) hasGenerics() bool {
	for _, def := range c.info.TypeDefs {
		if len(def.TypeParams) > 0 {
			return true
		}
	}
	for _, fi := range c.info.Funcs {
		if fi.Generic {
			return true
		}
	}
	return false
}

// instantiation is one use of generic code with type arguments.
type instantiation struct {
	node   ast.Node
	name   string
	params []*types.TypeParam
	args   []types.Type
}

// instantiations lists the calls of generic functions and methods and the values of generic
// structs and enums.
func (c *checker) instantiations() []instantiation {
	var out []instantiation
	named := func(n ast.Node, t types.Type) {
		if nt, ok := types.Resolve(t).(*types.Named); ok && len(nt.Args) == len(nt.Def.TypeParams) && len(nt.Args) > 0 {
			out = append(out, instantiation{node: n, name: nt.Def.Name, params: nt.Def.TypeParams, args: nt.Args})
		}
	}
	for call, ci := range c.info.Calls {
		switch ci.Kind {
		case CallFunc, CallMethod:
			if ci.Sig == nil {
				continue
			}
			if len(ci.TypeArgs) == len(ci.Sig.TypeParams) && len(ci.TypeArgs) > 0 {
				out = append(out, instantiation{node: call, name: calleeName(call), params: ci.Sig.TypeParams, args: ci.TypeArgs})
			}
			if ci.Kind == CallMethod {
				named(call, ci.RecvType)
			}
		case CallVariant:
			named(call, ci.Ret)
		}
	}
	for id, args := range c.info.FuncValueArgs {
		out = append(out, instantiation{node: id, name: id.Name, params: id.Obj.Sig.TypeParams, args: args})
	}
	if c.hasGenericStruct() {
		for _, f := range c.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if sl, ok := n.(*ast.StructLit); ok {
					named(sl, sl.TypeOf())
				}
				return true
			})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].node.Pos() < out[j].node.Pos() })
	return out
}

// satisfies reports whether values of t can do what n asks.
func satisfies(t types.Type, n TypeParamNeed) bool {
	switch n {
	case NeedComparable:
		return comparableKey(t)
	case NeedOrdered:
		return types.IsNumeric(t) || types.IsBasic(t, types.String) || types.IsBasic(t, types.Char)
	case NeedNumber:
		return types.IsNumeric(t)
	}
	return true
}
