package check

import (
	"adesh2go/frontend/builtin"
	"fmt"
	gotypes "go/types"
	"math"
	"slices"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
)

// expr checks e against the type its context expects (nil: none) and returns its type.
func (c *checker) expr(e ast.Expr, expected types.Type) types.Type {
	t := c.expr1(e, expected)
	if t == nil {
		t = types.InvalidType
	}
	c.setType(e, t)
	return t
}

func (c *checker) expr1(e ast.Expr, expected types.Type) types.Type {
	switch e := e.(type) {
	case *ast.Ident:
		return c.ident(e, expected)
	case *ast.IntLit:
		return c.intLit(e, expected)
	case *ast.BigIntLit:
		return types.BigIntType
	case *ast.FloatLit:
		switch e.Suffix {
		case "f32":
			return types.Typ[types.Float32]
		case "f64":
			return types.F64
		}
		if types.IsFloat(expected) {
			return types.Resolve(expected)
		}
		if b := goBasicOf(expected); b != nil && b.Info()&gotypes.IsFloat != 0 {
			return types.Resolve(expected)
		}
		return types.F64
	case *ast.StringLit:
		if b := goBasicOf(expected); b != nil && b.Info()&gotypes.IsString != 0 {
			return types.Resolve(expected) // a Go string type: template.HTML
		}
		return types.StringType
	case *ast.CharLit:
		return types.CharType
	case *ast.BoolLit:
		return types.BoolType
	case *ast.NullLit:
		if _, ok := types.Resolve(expected).(*types.Optional); ok {
			return types.Resolve(expected)
		}
		if types.IsAny(expected) {
			return types.AnyType
		}
		return types.NullType
	case *ast.Template:
		for _, p := range e.Parts {
			if p.Expr != nil {
				c.expr(p.Expr, nil)
			}
		}
		return types.StringType
	case *ast.ArrayLit:
		return c.arrayLit(e, expected)
	case *ast.MapLit:
		return c.mapLit(e, expected)
	case *ast.SetLit:
		return c.setLit(e, expected)
	case *ast.StructLit:
		return c.structLit(e, expected)
	case *ast.TupleLit:
		return c.tupleLit(e, expected)
	case *ast.Paren:
		return c.expr(e.X, expected)
	case *ast.Unary:
		return c.unary(e, expected)
	case *ast.Binary:
		return c.binary(e, expected)
	case *ast.Assign:
		c.assign(e)
		return types.UnitType
	case *ast.IncDec:
		t := c.lvalue(e.X)
		c.unnarrow(e.X)
		if !types.IsNumeric(t) && !types.IsAny(t) && !types.IsInvalid(t) {
			c.errorf(e, "`%s` needs a number, found `%s`", e.Op, typeString(t))
		}
		return types.UnitType
	case *ast.Cond:
		return c.conditional(e, expected)
	case *ast.Call:
		return c.call(e, expected)
	case *ast.Selector:
		return c.selector(e, expected)
	case *ast.Index:
		return c.index(e)
	case *ast.Try:
		return c.try(e)
	case *ast.Await:
		return c.await(e, e.X, expected)
	case *ast.Spawn:
		return c.spawn(e)
	case *ast.Share:
		var inner types.Type
		if h := types.HandleOf(expected, types.ShareH); h != nil {
			inner = h.Elem
		}
		t := c.expr(e.X, inner)
		if inner != nil {
			c.expectAssignable(e.X, t, inner, "")
			t = inner
		}
		return &types.Handle{Kind: types.ShareH, Elem: t}
	case *ast.Cast:
		return c.cast(e)
	case *ast.Range:
		lo := c.expr(e.Lo, nil)
		hi := c.expr(e.Hi, lo)
		if !types.IsInteger(lo) && !types.IsInvalid(lo) {
			c.errorf(e.Lo, "a range needs integers, found `%s`", typeString(lo))
		}
		c.expectAssignable(e.Hi, hi, lo, " in this range")
		return &types.Array{Elem: lo}
	case *ast.Lambda:
		return c.lambda(e, expected)
	case *ast.AsyncBlock:
		return c.asyncBlock(e, expected)
	case *ast.Match:
		return c.match(e, expected, false)
	case *ast.BlockExpr:
		c.block(e.Block)
		if c.ends(e.Block) {
			return types.NeverType
		}
		return types.UnitType
	}
	c.errorf(e, "unsupported expression")
	return types.InvalidType
}

// conditional checks `c ? a : b`.
func (c *checker) conditional(e *ast.Cond, expected types.Type) types.Type {
	c.cond(e.C)
	undo := c.narrowAllExpr(c.narrowings(e.C, true))
	a := c.expr(e.A, expected)
	undo()
	undo = c.narrowAllExpr(c.narrowings(e.C, false))
	b := c.expr(e.B, expectedOr(expected, a))
	undo()
	_, free := types.Resolve(expected).(*types.Var) // (an untyped parameter's, an inferred result's)
	open := expected == nil || types.IsAny(expected) || free
	if open && c.eitherBranch(a, b) {
		return types.AnyType
	}
	t, ok := c.join(a, b)
	if w := types.WiderNumber(a, b); !ok && w != nil {
		t, ok = w, true // `c ? 1.5 : n`: the narrower widens, as in arithmetic (lower converts)
	}
	if !ok && open && !types.IsInvalid(a) && !types.IsInvalid(b) {
		// As an array literal of several types is: a dynamic value, either branch's
		// (`c ? "go" : new C(1)`), checked where it is used; also where a dynamic value
		// or an untyped parameter's goes (which it then makes dynamic).
		c.fallback(e.Pos(), "conditional expression", "its branches have different types: `"+typeString(a)+"` and `"+typeString(b)+"`")
		return types.AnyType
	}
	if !ok {
		c.errorf(e, "the branches of `?:` have different types: `%s` and `%s`", typeString(a), typeString(b))
	}
	return t
}

// eitherBranch reports whether a conditional whose branches have types a and b is a dynamic
// value, either branch's, where nothing asks for a type: one branch is dynamic and the other is
// not null (the other is not converted to a static type the dynamic one may not hold, `c ? 3.75
// : {n: 5}`), or one is an untyped parameter, which the conditional then does not bind (`c ? 2.0
// : xs` of an `xs` used as an array).
func (c *checker) eitherBranch(a, b types.Type) bool {
	for _, t := range []types.Type{a, b} {
		if types.IsInvalid(t) || types.IsNever(t) {
			return false
		}
	}
	if types.IsAny(a) != types.IsAny(b) && !types.IsBasic(a, types.Null) && !types.IsBasic(b, types.Null) {
		return true
	}
	return (c.hintVarOf(a) != nil) != (c.hintVarOf(b) != nil)
}

func expectedOr(expected, fallback types.Type) types.Type {
	if expected != nil {
		return expected
	}
	return fallback
}

func (c *checker) narrowAllExpr(m map[*types.Object]types.Type) func() {
	var undo []func()
	for obj, t := range m {
		undo = append(undo, c.narrow(obj, t))
	}
	return func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
}

func (c *checker) ident(e *ast.Ident, expected types.Type) types.Type {
	obj := c.scope.Lookup(e.Name)
	if obj == nil {
		d := c.errorf(e, "unknown name `%s`", e.Name)
		if e.Name == "this" || e.Name == "self" {
			d.WithHelp("`self` exists only inside methods (functions of an `extend` or `impl` block)")
		} else {
			d.DidYouMean(e.Name, c.namesInScope())
		}
		return types.InvalidType
	}
	e.Obj = obj
	switch obj.Kind {
	case types.ObjVar, types.ObjParam, types.ObjConst:
		if obj.Type == nil && obj.Global && obj.Kind == types.ObjVar && c.fn != c.info.Main {
			// A function or callback that names a top-level let declared further down (`setTimeout(()
			// => clearTimeout(c), 20); let c = setTimeout(…);`) runs later, when the let holds
			// its value, as in JavaScript: the let's value gives the variable its type.
			obj.Type = c.newVar()
		}
		if obj.Type == nil {
			c.wantAnnotation(c.errorf(e, "the type of `%s` is not known here, before its declaration is checked; give it a type annotation", e.Name), obj)
			return types.InvalidType
		}
		c.noteCapture(obj)
		if t, ok := c.narrowed[obj]; ok {
			return t
		}
		return obj.Type
	case types.ObjFunc:
		if obj.Type == nil {
			return types.InvalidType
		}
		c.noteTestUse(obj)
		c.noteCapture(obj)
		if obj.Sig != nil && len(obj.Sig.TypeParams) > 0 {
			return c.genericFuncValue(e, obj, expected)
		}
		return obj.Type
	case types.ObjBuiltin:
		if obj.Builtin == builtin.FnNone {
			return types.NullType
		}
		c.errorf(e, "`%s` is a builtin and must be called or used with `.`", e.Name)
		return types.InvalidType
	case types.ObjType:
		c.errorf(e, "`%s` is a type, not a value", e.Name)
		return types.InvalidType
	case types.ObjImport:
		c.errorf(e, "`%s` is an imported file; use its members as `%s.name`", e.Name, e.Name)
		return types.InvalidType
	case types.ObjGoPackage:
		c.errorf(e, "`%s` is an imported Go package; use its members as `%s.Name`", e.Name, e.Name)
		return types.InvalidType
	}
	return types.InvalidType
}

// noteCapture records that the current function uses a local of an enclosing function.
func (c *checker) noteCapture(obj *types.Object) {
	if obj.Global || c.fn == nil || obj.Owner == c.fn.Node {
		return
	}
	if obj.Kind == types.ObjFunc && obj.Global {
		return
	}
	for fi := c.fn; fi != nil && fi.Node != obj.Owner; fi = fi.Parent {
		if !fi.captured[obj] {
			fi.captured[obj] = true
			fi.Captures = append(fi.Captures, obj)
		}
	}
	obj.Captured = true
}

func (c *checker) intLit(e *ast.IntLit, expected types.Type) types.Type {
	t := intLitType(e, expected)
	if !types.IsFloat(t) && !fitsInt(e.Value, types.BasicKind(t), false) {
		c.errorf(e, "the literal %s does not fit in `%s`", e.Raw, typeString(t))
	}
	return t
}

// intLitType is the type of an integer literal: its suffix's, or the number type its context
// expects, or i64.
func intLitType(e *ast.IntLit, expected types.Type) types.Type {
	t := types.Type(types.I64)
	if e.Suffix != "" {
		t = basicTypeNames[e.Suffix]
	} else if exp := types.Resolve(expected); types.IsNumeric(exp) || types.IsBasic(exp, types.BigInt) {
		t = exp // (a bigint place takes a whole number: `let b: bigint = 5`)
	} else if b := goBasicOf(exp); b != nil && b.Info()&gotypes.IsNumeric != 0 {
		t = exp // `90 * time.Minute`: the literal is a time.Duration, as in Go
	} else if o, ok := exp.(*types.Optional); ok && types.IsNumeric(o.Elem) {
		t = types.Resolve(o.Elem)
	}
	return t
}

// fitsInt reports whether the magnitude v (negated when neg) fits in an integer kind.
func fitsInt(v uint64, k types.Kind, neg bool) bool {
	var max uint64
	switch k {
	case types.Int8:
		max = math.MaxInt8
	case types.Int16:
		max = math.MaxInt16
	case types.Int32:
		max = math.MaxInt32
	case types.Int64:
		max = math.MaxInt64
	case types.Uint8:
		max = math.MaxUint8
	case types.Uint16:
		max = math.MaxUint16
	case types.Uint32:
		max = math.MaxUint32
	case types.Uint64:
		max = math.MaxUint64
	default:
		return true
	}
	if neg {
		if k >= types.Uint8 {
			return v == 0
		}
		return v <= max+1
	}
	return v <= max
}

func (c *checker) arrayLit(e *ast.ArrayLit, expected types.Type) types.Type {
	var elem types.Type
	if a, ok := types.Resolve(expected).(*types.Array); ok {
		elem = a.Elem
	}
	if len(e.Elems) == 0 {
		if elem == nil && types.IsAny(expected) {
			elem = types.AnyType // `let d: any = [];`: a dynamic array, which takes any element
		}
		if elem == nil {
			elem = c.newVar()
		}
		return &types.Array{Elem: elem}
	}
	if elem == nil && numberLiteralsWithAFloat(e.Elems) {
		elem = types.F64 // `[90, 85.5, 77]`: an integer literal beside a float is a float
	}
	return &types.Array{Elem: c.elemsType(e, "array", e.Elems, elem)}
}

// elemsType checks the elements of an array or set literal (what) against elem, the element
// type the context gives, or, when it gives none, finds the one type they share: any when they
// have none or one of them is dynamic (it keeps its own type, EVERYDAY.md §3: `[1, d]` with
// `d: any` holds dynamic values rather than forcing d to its neighbours' type).
func (c *checker) elemsType(lit ast.Node, what string, elems []ast.Expr, elem types.Type) types.Type {
	if elem != nil {
		for _, x := range elems {
			t := c.expr(x, elem)
			c.expectAssignable(x, t, elem, " in this "+what)
		}
		return elem
	}
	// Literals of two kinds (`[2.25, "b", n]`) make the literal dynamic whatever the rest
	// are: no element's type is then the context of another, so that `n`, bound to `0`, is not
	// made a float by the 2.25 beside it.
	mixed := literalsOfTwoKinds(elems)
	// In the silent pass an untyped parameter's value says nothing of its type by standing
	// beside others (`[p, "q"]`): it keeps its own type, and the literal is dynamic if that
	// turns out another (EVERYDAY.md §3). A literal let's says its type beside values of a
	// type only (`[n, 2.5]` is of floats), not beside such a parameter.
	var first types.Type
	var literalLets []types.Type // joined last, unless the literal says nothing
	dynamic, silent := false, false
	add := func(t types.Type) {
		if elem == nil {
			elem = t
		} else if j, ok := c.join(elem, t); ok {
			elem = j
		} else {
			mixed = true
		}
	}
	for i, x := range elems {
		var context types.Type
		if !mixed {
			context = elem
		}
		t := c.expr(x, context)
		if i == 0 {
			first = t
		}
		dynamic = dynamic || types.IsAny(t)
		switch {
		case mixed:
		case c.probing && c.literalHint(t):
			literalLets = append(literalLets, t)
		case c.probing && c.hintVarOf(t) != nil:
			silent = true
		default:
			add(t)
		}
	}
	if silent && (elem != nil || len(literalLets) > 0) {
		// Beside values of a type, one whose type is not known yet: the literal may be
		// dynamic, which is all the pass may say of it.
		return types.AnyType
	}
	for _, t := range literalLets {
		switch {
		case mixed:
		case elem != nil && !types.IsNumeric(elem) && c.hintVarOf(elem) == nil:
			mixed = true // a number beside strings: `[n, "go"]` is dynamic
		default:
			add(t)
		}
	}
	if elem == nil {
		elem = first
	}
	switch {
	case dynamic && !types.IsAny(elem):
		c.fallback(lit.Pos(), what+" literal", "an element is a dynamic value")
		return types.AnyType
	case mixed:
		c.fallback(lit.Pos(), what+" literal", "its elements have different types")
		return types.AnyType
	}
	return elem
}

// literalsOfTwoKinds reports whether xs hold literals of two kinds among numbers, strings and
// bools.
// mixedLiteral reports whether e is an array literal of literals of two kinds (`[0.5, "q"]`): a
// dynamic array wherever it goes, not checked element by element against an inferred type.
func mixedLiteral(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.ArrayLit)
	return ok && literalsOfTwoKinds(lit.Elems)
}

// literalOfOtherKind reports whether e is an array literal with a literal element of another kind
// than the elements of the array type t (`["a", n]` where t is `[i64]`).
func literalOfOtherKind(e ast.Expr, t types.Type) bool {
	lit, ok := ast.Unparen(e).(*ast.ArrayLit)
	arr, isArr := types.Resolve(t).(*types.Array)
	if !ok || !isArr {
		return false
	}
	elem := types.Resolve(arr.Elem)
	for _, x := range lit.Elems {
		switch ast.Unparen(x).(type) {
		case *ast.StringLit:
			if !types.IsBasic(elem, types.String) && !types.IsAny(elem) {
				return true
			}
		case *ast.BoolLit:
			if !types.IsBasic(elem, types.Bool) && !types.IsAny(elem) {
				return true
			}
		default:
			if isLiteralish(x) && !types.IsNumeric(elem) && !types.IsAny(elem) {
				return true
			}
		}
	}
	return false
}

func literalsOfTwoKinds(xs []ast.Expr) bool {
	kinds := map[string]bool{}
	for _, x := range xs {
		switch x := ast.Unparen(x).(type) {
		case *ast.StringLit:
			kinds["string"] = true
		case *ast.BoolLit:
			kinds["bool"] = true
		default:
			if isLiteralish(x) {
				kinds["number"] = true
			}
		}
	}
	return len(kinds) >= 2
}

// numberLiteralsWithAFloat reports whether every element is a number literal and one is a
// float literal.
func numberLiteralsWithAFloat(xs []ast.Expr) bool {
	float := false
	for _, x := range xs {
		if !isLiteralish(x) {
			return false
		}
		float = float || isFloatLiteral(x)
	}
	return float
}

func (c *checker) mapLit(e *ast.MapLit, expected types.Type) types.Type {
	if n, ok := types.Resolve(expected).(*types.Named); ok && !n.Def.Enum && isRecordLit(e) {
		return c.recordStructLit(e, n)
	}
	if st, ok := types.Resolve(expected).(*types.SetT); ok && len(e.Keys) == 0 {
		return st // `let s: set = {};`: the empty set
	}
	var key, val types.Type
	if m, ok := types.Resolve(expected).(*types.MapT); ok {
		key, val = m.Key, m.Val
	}
	if len(e.Keys) == 0 {
		if key == nil && types.IsAny(expected) {
			key, val = types.AnyType, types.AnyType // `let m: any = {};`: a dynamic map, of any keys and values
		}
		if key == nil {
			key, val = c.newVar(), c.newVar()
		}
		return &types.MapT{Key: key, Val: val}
	}
	mixed := false
	_, fixedMap := types.Resolve(expected).(*types.MapT)
	for i := range e.Keys {
		kt := c.expr(e.Keys[i], key)
		if key == nil {
			key = kt
		} else {
			c.expectAssignable(e.Keys[i], kt, key, " as a map key")
		}
		valExpected := val
		if e.Object && !fixedMap {
			valExpected = nil // an object's fields each have their own type: `{add: (a, b) => …, neg: (a) => …}`
		}
		vt := c.expr(e.Values[i], valExpected)
		if types.IsAny(vt) && !fixedMap {
			// A dynamic value keeps its own type (EVERYDAY.md §3): `{name: "ann", address:
			// {…}}` is a record of mixed fields, not a map forcing its neighbours' type on it.
			mixed = true
		}
		if valExpected == nil && val != nil {
			continue // an object's fields are not joined: each keeps its type
		}
		if val == nil {
			val = vt
		} else if j, ok := c.join(val, vt); ok {
			val = j
		} else if _, fixed := types.Resolve(expected).(*types.MapT); fixed {
			c.expectAssignable(e.Values[i], vt, val, " as a map value")
		} else {
			mixed = true
		}
	}
	_, fixedMap = types.Resolve(expected).(*types.MapT)
	if e.Object && !mixed && !fixedMap && isRecordLit(e) {
		// `{x: 1, y: 2}`, keys written as names: the interpreter's object, a record whose
		// fields are read and added with `.x` (EVERYDAY.md §3); `{"x": 1}` is a map.
		c.fallback(e.Pos(), "object literal", "an object with named fields is a record")
		return types.AnyType
	}
	if mixed {
		if isRecordLit(e) {
			// `{name: "ann", age: 31}`: an object used as a record (§7), a dynamic value whose
			// fields are read with `.name`.
			c.fallback(e.Pos(), "object literal", "its fields have different types (an object used as a record)")
			return types.AnyType
		}
		c.fallback(e.Pos(), "map literal", "its values have different types")
		val = types.AnyType
	}
	if !comparableKey(key) {
		c.errorf(e.Keys[0], "`%s` cannot be a map key: keys are numbers, strings, chars or bools", typeString(key))
	}
	return &types.MapT{Key: key, Val: val}
}

// setLit checks `{a, b, c}` (EVERYDAY.md §3): its elements share one type, as an array's do,
// or the set holds dynamic values; that type must be one a set can hash, as a map key must.
func (c *checker) setLit(e *ast.SetLit, expected types.Type) types.Type {
	if st, ok := types.Resolve(expected).(*types.SetT); ok {
		return &types.SetT{Elem: c.elemsType(e, "set", e.Elems, st.Elem)}
	}
	elem := c.elemsType(e, "set", e.Elems, nil)
	c.setElemOK(e.Elems[0], elem)
	return &types.SetT{Elem: elem}
}

// setElemOK reports an element type a set cannot hold (n is where it was written).
func (c *checker) setElemOK(n ast.Node, elem types.Type) {
	if !comparableKey(elem) && !isTypeParam(elem) && !types.IsInvalid(elem) {
		c.errorf(n, "`%s` cannot be an element of a set: elements are numbers, strings, chars or bools", typeString(elem))
	}
}

// isRecordLit reports whether every key of a map literal is a string literal (a field name).
func isRecordLit(e *ast.MapLit) bool {
	for _, k := range e.Keys {
		if _, ok := k.(*ast.StringLit); !ok {
			return false
		}
	}
	return len(e.Keys) > 0
}

// comparableKey reports whether t can key a map (a Go comparable type with AdeshLang equality).
func comparableKey(t types.Type) bool {
	switch types.Resolve(t).(type) {
	case *types.Basic, *types.Var:
		return !types.IsBasic(t, types.Unit)
	}
	return false
}

func (c *checker) tupleLit(e *ast.TupleLit, expected types.Type) types.Type {
	switch len(e.Elems) {
	case 0:
		return types.UnitType
	case 1:
		return c.expr(e.Elems[0], expected)
	}
	if len(e.Elems) > 6 {
		c.errorf(e, "tuples have at most 6 elements")
	}
	var want []types.Type
	if tt, ok := types.Resolve(expected).(*types.Tuple); ok && len(tt.Elems) == len(e.Elems) {
		want = tt.Elems
	}
	t := &types.Tuple{}
	for i, x := range e.Elems {
		var exp types.Type
		if want != nil {
			exp = want[i]
		}
		et := c.expr(x, exp)
		if exp != nil {
			c.expectAssignable(x, et, exp, "")
			et = exp
		}
		t.Elems = append(t.Elems, et)
	}
	return t
}

func (c *checker) unary(e *ast.Unary, expected types.Type) types.Type {
	if o, ok := types.Resolve(expected).(*types.Optional); ok && (e.Op == "-" || e.Op == "~") {
		expected = o.Elem // negation never gives an optional: the T? only wraps its result
	}
	switch e.Op {
	case "!":
		t := c.expr(e.X, types.BoolType)
		switch types.Resolve(t).(type) {
		case *types.Optional:
			return types.BoolType
		}
		if !types.IsBasic(t, types.Bool) && !types.IsAny(t) && !types.IsInvalid(t) {
			c.errorf(e, "`!` needs a `bool`, found `%s`", typeString(t))
		}
		return types.BoolType
	case "-":
		if lit, ok := e.X.(*ast.IntLit); ok {
			// -128i8 fits although 128i8 does not: check the negated value.
			t := intLitType(lit, expected)
			c.setType(lit, t)
			if types.IsInteger(t) && !fitsInt(lit.Value, types.BasicKind(t), true) {
				c.errorf(e, "the literal -%s does not fit in `%s`", lit.Raw, typeString(t))
			}
			if types.IsUnsigned(t) {
				c.errorf(e, "`%s` cannot be negative", typeString(t))
			}
			return t
		}
		t := c.expr(e.X, expected)
		if !types.IsNumeric(t) && !types.IsAny(t) && !types.IsInvalid(t) && !types.IsBasic(t, types.BigInt) {
			c.errorf(e, "`-` needs a number, found `%s`", typeString(t))
		}
		return t
	case "~":
		t := c.expr(e.X, expected)
		if !types.IsInteger(t) && !types.IsAny(t) && !types.IsInvalid(t) && !types.IsBasic(t, types.BigInt) {
			c.errorf(e, "`~` needs an integer, found `%s`", typeString(t))
		}
		return t
	case "*":
		t := c.expr(e.X, nil)
		if inner := derefType(t); inner != nil {
			return inner
		}
		if types.IsAny(t) || types.IsInvalid(t) {
			return t
		}
		c.errorf(e, "`*` dereferences a lock guard or a Share, not `%s`", typeString(t))
		return types.InvalidType
	case "&":
		return c.expr(e.X, expected)
	}
	c.errorf(e, "unknown operator `%s`", e.Op)
	return types.InvalidType
}

// derefType is what `*x` gives for a guard or a share, or nil.
func derefType(t types.Type) types.Type {
	if h, ok := types.Resolve(t).(*types.Handle); ok && (h.Kind == types.ShareH || h.Kind.IsGuard()) {
		return h.Elem
	}
	return nil
}

// isOrdered reports whether t is a type `<` compares: a number, a string or a char.
func isOrdered(t types.Type) bool {
	t = types.Resolve(t)
	return types.IsNumeric(t) || types.IsBasic(t, types.String) || types.IsBasic(t, types.Char)
}

// isLiteralish reports whether e is a numeric literal (possibly negated), whose type should come
// from the other operand.
func isLiteralish(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.IntLit, *ast.FloatLit:
		return true
	case *ast.Unary:
		return e.Op == "-" && isLiteralish(e.X)
	}
	return false
}

// isFloatLiteral reports whether e is a float literal, maybe negated or parenthesised.
func isFloatLiteral(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.FloatLit:
		return true
	case *ast.Unary:
		return e.Op == "-" && isFloatLiteral(e.X)
	}
	return false
}

func (c *checker) binary(e *ast.Binary, expected types.Type) types.Type {
	if e.Op == "instanceof" {
		return c.instanceOf(e)
	}
	switch e.Op {
	case "&&", "||":
		c.condChain(e) // narrow.go
		return types.BoolType
	case "??":
		if left, ok := ast.Unparen(e.X).(*ast.Binary); ok && left.Op == "??" {
			c.chainedCoalesce[left] = true // `m[a] ?? m[b] ?? d`: m[b] is a lookup too
		}
		x := c.lookupOperand(e.X, c.expr(e.X, nil))
		o, ok := types.Resolve(x).(*types.Optional)
		if !ok {
			if types.IsAny(x) {
				// A dynamic value or the fallback: no single type, unless the context says
				// which (then the dynamic side converts to it).
				y := c.expr(e.Y, expected)
				if expected != nil && !types.HasUnbound(expected) && !types.IsAny(expected) {
					return y
				}
				return types.AnyType
			}
			if !types.IsInvalid(x) && !types.IsBasic(x, types.Null) {
				c.errorf(e.X, "`??` needs an optional on its left, found `%s`", typeString(x))
			}
			return c.expr(e.Y, expected)
		}
		y := c.expr(e.Y, o.Elem)
		if c.chainedCoalesce[e] {
			y = c.lookupOperand(e.Y, y)
		}
		if yo, ok := types.Resolve(y).(*types.Optional); ok {
			c.unify(yo.Elem, o.Elem)
			return y
		}
		c.expectAssignable(e.Y, y, o.Elem, " on the right of `??`")
		return o.Elem
	}
	var x, y types.Type
	var hint types.Type
	if isArith(e.Op) {
		hint = expected
		if o, ok := types.Resolve(hint).(*types.Optional); ok {
			hint = o.Elem // arithmetic never gives an optional: the T? only wraps its result
		}
	}
	if isLiteralish(e.X) && (!isLiteralish(e.Y) || isFloatLiteral(e.Y)) {
		// `1 + 2.5` is 3.5 (EVERYDAY.md §3): an integer literal takes the type of a
		// non-literal or float operand beside it.
		y = c.expr(e.Y, hint)
		x = c.expr(e.X, y)
	} else {
		x = c.expr(e.X, hint)
		y = c.expr(e.Y, x)
	}
	if types.IsInvalid(x) || types.IsInvalid(y) {
		if isComparison(e.Op) {
			return types.BoolType
		}
		return types.InvalidType
	}
	if types.GoOf(x) != nil || types.GoOf(y) != nil {
		return c.goBinary(e, x, y)
	}
	if t, ok := c.hintBinary(e, x, y); ok {
		return t
	}
	if isArith(e.Op) && !types.IsAny(y) {
		if v, ok := types.Resolve(x).(*types.Var); ok && c.hintOf(v) == nil && types.IsNumeric(y) {
			c.unify(x, y) // `m[k] + 1` where nothing said yet what m holds
			x = y
		}
		if isNumberArith(e.Op) && e.Op != "+" && c.numbersNothingTyped(x, y) {
			return x // (`+` may join strings)
		}
		if e.Op == "+" && c.nothingTyped(x, y) {
			return x // numbers or strings, as what comes says; dynamic if nothing does
		}
	}
	dyn := types.IsAny(x) || types.IsAny(y)
	if !dyn && (types.IsBasic(x, types.BigInt) || types.IsBasic(y, types.BigInt)) {
		return c.bigBinary(e, x, y)
	}
	if f := types.IntFloatMix(x, y); f != nil && (isNumberArith(e.Op) || isComparison(e.Op)) && (c.inUntypedFunc() || untypedNumber(e.X) || untypedNumber(e.Y)) {
		// Untyped code, where the interpreter has one number type: the integer side converts
		// (the lowering converts it, seeing the operands' types).
		if isComparison(e.Op) {
			return types.BoolType
		}
		return f
	}
	switch e.Op {
	case "+":
		if types.IsBasic(x, types.String) || types.IsBasic(y, types.String) {
			return types.StringType
		}
		fallthrough
	case "-", "*", "/", "%":
		if dyn {
			return types.AnyType
		}
		if v := c.hintVarOf(x); v != nil {
			c.unify(y, v) // (y is no integer literal: hintBinary)
			return v      // an untyped parameter's arithmetic, in the silent pass: of its type
		}
		if !types.IsNumeric(x) && !isTypeParam(x) {
			c.errorf(e, "`%s` needs numbers, found `%s`", e.Op, typeString(x))
			return types.InvalidType
		}
		c.sameOperands(e, x, y)
		if w := types.WiderNumber(x, y); w != nil {
			return w // `i32 + i64` is an i64, `i64 * f64` an f64: the narrower widens
		}
		return x
	case "**":
		if dyn {
			return types.AnyType
		}
		if v := c.hintVarOf(x); v != nil {
			return v // an untyped parameter's power, in the silent pass: of its type
		}
		if !types.IsNumeric(x) && !isTypeParam(x) || !types.IsNumeric(y) && !isTypeParam(y) && c.hintVarOf(y) == nil {
			c.errorf(e, "`**` needs numbers, found `%s` and `%s`", typeString(x), typeString(y))
			return types.InvalidType
		}
		if f := types.IntFloatMix(x, y); f != nil {
			return f // an integer to a float power, or a float to an integer one: a float
		}
		return x // an integer to an integer power keeps the base's type (a float: a float)
	case "&", "|", "^", "<<", ">>":
		if dyn {
			return types.AnyType
		}
		if !types.IsInteger(x) {
			c.errorf(e, "`%s` needs integers, found `%s`", e.Op, typeString(x))
			return types.InvalidType
		}
		if e.Op == "<<" || e.Op == ">>" {
			if !types.IsInteger(y) {
				c.errorf(e.Y, "a shift count must be an integer, found `%s`", typeString(y))
			}
			return x
		}
		c.sameOperands(e, x, y)
		return x
	case "==", "!=":
		if dyn || types.IsBasic(x, types.Null) || types.IsBasic(y, types.Null) {
			// A value that is never null is unequal to null (`x != null` is true), as the
			// interpreter has it; lower folds the test.
			return types.BoolType
		}
		if types.CharAndString(x, y) {
			return types.BoolType // 'a' == "a", as in the interpreter
		}
		if types.WiderNumber(x, y) == nil && !c.assignable(y, x) && !c.assignable(x, y) {
			c.errorf(e, "cannot compare `%s` with `%s`", typeString(x), typeString(y))
		}
		return types.BoolType
	case "<", "<=", ">", ">=":
		if dyn {
			return types.BoolType
		}
		if v, free := types.Resolve(x).(*types.Var); free && c.hintOf(v) == nil && isOrdered(y) {
			// The element of an array nothing has filled (`let h = []; h.some(x => x > 7)`):
			// compared with a number, it is of that number's type, as JavaScript reads it.
			c.unify(v, y)
			return types.BoolType
		}
		if !isOrdered(x) && !isTypeParam(x) {
			c.errorf(e, "`%s` compares numbers, strings or chars, not `%s`", e.Op, typeString(x))
			return types.BoolType
		}
		c.sameOperands(e, x, y)
		return types.BoolType
	}
	c.errorf(e, "unknown operator `%s`", e.Op)
	return types.InvalidType
}

// bigBinary types an operator with a bigint on one side (EVERYDAY.md §7.5): arithmetic and the
// bit operators with a bigint or any number give a bigint (a float with a fraction fails when
// the program runs, as in the interpreter); comparisons are exact; `+` with a string joins.
func (c *checker) bigBinary(e *ast.Binary, x, y types.Type) types.Type {
	if e.Op == "+" && (types.IsBasic(x, types.String) || types.IsBasic(y, types.String)) {
		return types.StringType
	}
	bigOperand := func(t types.Type) bool { return types.IsBasic(t, types.BigInt) || types.IsNumeric(t) }
	if isComparison(e.Op) {
		if !bigOperand(x) || !bigOperand(y) {
			c.errorf(e, "cannot compare `%s` with `%s`", typeString(x), typeString(y))
		}
		return types.BoolType
	}
	if !bigOperand(x) || !bigOperand(y) {
		c.errorf(e, "`%s` needs numbers, found `%s` and `%s`", e.Op, typeString(x), typeString(y))
		return types.InvalidType
	}
	return types.BigIntType
}

func (c *checker) sameOperands(e *ast.Binary, x, y types.Type) {
	if c.unify(x, y) {
		return
	}
	if types.WiderNumber(x, y) != nil {
		return // two number types meet in the wider (numberResult); lower converts the other
	}
	d := c.errorf(e, "mismatched types in `%s`: `%s` and `%s`", e.Op, typeString(x), typeString(y))
	if types.IsNumeric(x) && types.IsNumeric(y) {
		to := x
		if types.IsFloat(y) && !types.IsFloat(x) {
			to = y // converting the integer side loses nothing
		}
		d.WithHelp("convert one side with `as %s`", typeString(to))
	}
}

// isNumberArith reports whether op is arithmetic on numbers: `+ - * / %`, not a bit operator.
func isNumberArith(op string) bool {
	switch op {
	case "+", "-", "*", "/", "%", "**":
		return true
	}
	return false
}

// inUntypedFunc reports whether the code being checked is in a function or lambda with an
// untyped parameter.
func (c *checker) inUntypedFunc() bool {
	for fn := c.fn; fn != nil; fn = fn.Parent {
		switch n := fn.Node.(type) {
		case *ast.FuncDecl:
			return hasUntyped(n.Params)
		case *ast.Lambda:
			if hasUntyped(n.Params) {
				return true
			}
		}
	}
	return false
}

func isArith(op string) bool {
	switch op {
	case "+", "-", "*", "/", "%", "**", "&", "|", "^", "<<", ">>":
		return true
	}
	return false
}

func isComparison(op string) bool {
	switch op {
	case "==", "!=", "<", "<=", ">", ">=":
		return true
	}
	return false
}

// lvalue checks an assignment target and returns its declared (not narrowed) type.
func (c *checker) lvalue(x ast.Expr) types.Type {
	t := c.lvalue1(x)
	c.refuseReadGuardWrite(x, x, false)
	return t
}

// refuseReadGuardWrite reports a change of target (at n) that goes through a read guard;
// recv says target is the receiver of a method that changes it, which may be the guard itself.
func (c *checker) refuseReadGuardWrite(n ast.Node, target ast.Expr, recv bool) {
	g := c.readGuardIn(target)
	if g == nil && recv && types.HandleOf(c.typeOf(target), types.ReadGuardH) != nil {
		g = target
	}
	if g == nil {
		return
	}
	name := "a read guard"
	if id, ok := ast.Unparen(g).(*ast.Ident); ok {
		name = "the read guard `" + id.Name + "`"
	}
	c.errorf(n, "cannot change a value through %s", name).
		WithHelp("take the lock for writing: `write()` gives a guard that can change the value")
}

// readGuardIn finds the read guard an assignment target writes through (`*r`, `r.field`,
// `r.items[0]`), or nil.
func (c *checker) readGuardIn(x ast.Expr) ast.Expr {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.Unary:
			if e.Op != "*" {
				return nil
			}
			x = e.X
		case *ast.Selector:
			x = e.X
		case *ast.Index:
			x = e.X
		default:
			return nil
		}
		if t := c.typeOf(x); t != nil && types.HandleOf(t, types.ReadGuardH) != nil {
			return x
		}
	}
}

func (c *checker) lvalue1(x ast.Expr) types.Type {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		t := c.expr(x, nil)
		if x.Obj == nil {
			return t
		}
		switch x.Obj.Kind {
		case types.ObjVar, types.ObjParam:
		case types.ObjConst:
			c.errorf(x, "cannot assign to the constant `%s`", x.Name)
		default:
			c.errorf(x, "cannot assign to `%s`", x.Name)
		}
		x.Obj.Mutated = true
		return x.Obj.Type
	case *ast.Selector:
		t := c.expr(x, nil)
		if si := c.info.Sels[x]; si != nil && si.Kind != SelField && si.Kind != SelDynamic && si.Kind != SelTupleField {
			c.errorf(x, "cannot assign to `%s`", x.Name.Name)
		}
		c.markMutated(x.X)
		return t
	case *ast.Index:
		t := c.expr(x, nil)
		if types.IsBasic(c.typeOf(x.X), types.String) {
			c.errorf(x, "strings are immutable: build a new string instead")
		}
		c.markMutated(x.X)
		return t
	case *ast.Unary:
		if x.Op == "*" {
			return c.expr(x, nil)
		}
	}
	c.errorf(x, "cannot assign to this expression")
	c.expr(x, nil)
	return types.InvalidType
}

// markMutated records that the variable at the root of a field or index path changes.
func (c *checker) markMutated(e ast.Expr) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if x.Obj != nil {
				x.Obj.Mutated = true
			}
			return
		case *ast.Selector:
			e = x.X
		case *ast.Index:
			e = x.X
		default:
			return
		}
	}
}

func (c *checker) assign(e *ast.Assign) {
	t := c.lvalue(e.X)
	defer c.unnarrow(e.X)
	if e.Op == "=" {
		exp := t
		if (mixedLiteral(e.Y) || literalOfOtherKind(e.Y, t)) && untypedLetOf(e.X) != nil {
			exp = nil // `v = ["a", 1]` of a `let v = [1]`: its own type, which then disagrees
		}
		v := c.expr(e.Y, exp)
		if c.letDisagrees(e.X, v, t) {
			return
		}
		c.expectAssignable(e.Y, v, t, " in this assignment")
		return
	}
	op := e.Op[:len(e.Op)-1]
	v := c.expr(e.Y, t)
	if types.IsInvalid(t) || types.IsInvalid(v) || types.IsAny(t) {
		return
	}
	if c.hintVarOf(t) != nil {
		// The silent pass, an untyped variable: `total += price` says it holds what price
		// is; an integer literal (`count += 1`) says nothing.
		if !isIntLiteral(e.Y) {
			c.assignable(v, t)
		}
		return
	}
	switch {
	case op == "+" && types.IsBasic(t, types.String):
	case types.IsBasic(t, types.BigInt):
		if !types.IsBasic(v, types.BigInt) && !types.IsNumeric(v) {
			c.errorf(e, "`%s` needs numbers, found `bigint` and `%s`", e.Op, typeString(v))
		}
	case op == "<<" || op == ">>":
		if !types.IsInteger(t) || !types.IsInteger(v) {
			c.errorf(e, "`%s` needs integers", e.Op)
		}
	case op == "&" || op == "|" || op == "^":
		if !types.IsInteger(t) {
			c.errorf(e, "`%s` needs integers, found `%s`", e.Op, typeString(t))
		} else {
			c.expectAssignable(e.Y, v, t, "")
		}
	default:
		if !types.IsNumeric(t) {
			c.errorf(e, "`%s` needs a number, found `%s`", e.Op, typeString(t))
			return
		}
		if w := types.WiderNumber(t, v); w != nil && types.Identical(w, t) {
			return // `f += i`, `wide += narrow`: the narrower widens (lower converts it)
		}
		c.expectAssignable(e.Y, v, t, "")
	}
}

func (c *checker) index(e *ast.Index) types.Type {
	x := c.expr(e.X, nil)
	switch u := types.Resolve(x).(type) {
	case *types.Array:
		c.intIndex(e.Index)
		return u.Elem
	case *types.MapT:
		c.mapKey(e.Index, u.Key)
		return u.Val
	case *types.Tuple:
		// t[i] with any integer (EVERYDAY.md §7.6): a constant in range is that element, as
		// t.0 is; another index gives a dynamic value, null out of range.
		c.intIndex(e.Index)
		if k, ok := ast.ConstIndex(e.Index); ok {
			if i, in := ast.TupleSlot(k, len(u.Elems)); in {
				return u.Elems[i]
			}
		}
		return types.AnyType
	case *types.Basic:
		switch u.Kind {
		case types.String:
			c.intIndex(e.Index)
			return types.CharType
		case types.Any:
			c.expr(e.Index, nil)
			return types.AnyType
		case types.Invalid:
			c.expr(e.Index, nil)
			return types.InvalidType
		}
	case *types.Handle:
		if inner := derefType(u); inner != nil {
			// Indexing through a guard or a share reaches the inner value.
			return c.indexInner(e, inner)
		}
	}
	c.expr(e.Index, nil)
	c.errorf(e, "cannot index `%s`", typeString(x))
	return types.InvalidType
}

func (c *checker) indexInner(e *ast.Index, inner types.Type) types.Type {
	switch u := types.Resolve(inner).(type) {
	case *types.Array:
		c.intIndex(e.Index)
		return u.Elem
	case *types.MapT:
		c.mapKey(e.Index, u.Key)
		return u.Val
	}
	c.expr(e.Index, nil)
	c.errorf(e, "cannot index `%s`", typeString(inner))
	return types.InvalidType
}

func (c *checker) intIndex(i ast.Expr) {
	t := c.expr(i, types.I64)
	if !types.IsInteger(t) && !types.IsAny(t) && !types.IsInvalid(t) {
		c.errorf(i, "an index must be an integer, found `%s`", typeString(t))
	}
}

// try checks `x?`: an Err or a null returns early from the enclosing function.
func (c *checker) try(e *ast.Try) types.Type {
	x := c.scopeOutcome(e.X, c.expr(e.X, nil))
	ret := types.Resolve(c.fn.Ret)
	switch u := types.Resolve(x).(type) {
	case *types.Result:
		if r, ok := ret.(*types.Result); ok {
			if !c.assignable(u.Err, r.Err) {
				c.errorf(e, "`?` returns this `%s` error from a function whose errors are `%s`", typeString(u.Err), typeString(r.Err))
			}
		} else if v, ok := ret.(*types.Var); ok && c.fn != c.info.Main {
			c.bindVar(v, &types.Result{Ok: c.newVar(), Err: u.Err})
		}
		return u.Ok
	case *types.Optional:
		if _, ok := ret.(*types.Optional); !ok {
			if v, ok := ret.(*types.Var); ok && c.fn != c.info.Main {
				c.bindVar(v, &types.Optional{Elem: c.newVar()})
			} else if !types.IsAny(ret) {
				c.errorf(e, "`?` on an optional returns null early, but this function returns `%s`", typeString(ret))
			}
		}
		return u.Elem
	case *types.Basic:
		if u.Kind == types.Any || u.Kind == types.Invalid {
			return x
		}
	}
	c.errorf(e, "`?` needs a Result or an optional, found `%s`", typeString(x))
	return types.InvalidType
}

// await checks `await x` (and `x.await()`).
func (c *checker) await(n ast.Node, x ast.Expr, expected types.Type) types.Type {
	c.noteAwait(n, "`await`")
	var want types.Type
	if expected != nil {
		want = &types.Future{Elem: expected}
	}
	if call, ok := ast.Unparen(x).(*ast.Call); ok {
		c.awaitedCall = call
	}
	t := c.expr(x, want)
	return types.AwaitResult(t)
}

// noteAwait reports an await where none may be: outside async code (E0700) or in a defer (E0704).
func (c *checker) noteAwait(n ast.Node, what string) {
	if c.fn == nil {
		return
	}
	c.fn.Awaits++
	if c.defer_ > 0 {
		return // E0704, reported with the defer's position by checkDeferAwaits
	}
	if !c.fn.Async {
		d := c.errorCode(n, diag.AwaitOutsideAsync, "%s is only allowed inside an async fn or an async block", what)
		switch node := c.fn.Node.(type) {
		case *ast.FuncDecl:
			d.Note(node.Name.Pos(), "`%s` is not async", node.Name.Name)
			switch {
			case c.fn.Test != nil && c.fn.Test.Decl.Group == nil:
				d.WithHelp("declare it as `test async fn %s()`", node.Name.Name)
			case c.fn.Test != nil:
				d.WithHelp("declare it as `async fn %s()` in the group", node.Name.Name)
			default:
				d.WithHelp("declare it as `async fn %s(…)`", node.Name.Name)
			}
			if fn, ok := c.keywordBefore(node.Name, "fn"); ok {
				d.WithFix(fmt.Sprintf("Make `%s` async", node.Name.Name), fn, fn, "async ")
			}
		case *ast.Lambda:
			d.Note(node.Pos(), "this lambda is not async")
			if p := c.fn.Parent; p != nil && p.Async {
				// The surprise of §10: a lambda does not inherit `async` from the code around it.
				switch pn := p.Node.(type) {
				case *ast.FuncDecl:
					d.Note(pn.Name.Pos(), "`%s` is async, but that does not make the lambdas inside it async", pn.Name.Name)
				case *ast.AsyncBlock, *ast.Lambda:
					d.Note(pn.Pos(), "this async code does not make the lambdas inside it async")
				}
				d.WithHelp("await outside the lambda (a `for` loop instead of a callback), or make it `async (…) => { … }` and await what it returns")
			} else {
				d.WithHelp("make the lambda async: `async (…) => { … }`")
			}
			d.WithFix("Make the lambda async", node.Pos(), node.Pos(), "async ")
		}
	}
}

func (c *checker) spawn(e *ast.Spawn) types.Type {
	t := c.expr(e.X, nil)
	switch u := types.Resolve(t).(type) {
	case *types.Future:
		return &types.Handle{Kind: types.JoinHandleH, Elem: u.Elem}
	case *types.Handle:
		if u.Kind == types.JoinHandleH {
			return u
		}
		if u.Kind == types.PromiseH {
			return &types.Handle{Kind: types.JoinHandleH, Elem: u.Elem}
		}
	case *types.Basic:
		if u.Kind == types.Invalid {
			return t
		}
	}
	c.errorf(e.X, "`spawn` needs a future (an async fn call or an async block), found `%s`", typeString(t)).
		WithHelp("wrap the work in an async block: `spawn(async move { … })`")
	return types.InvalidType
}

func (c *checker) cast(e *ast.Cast) types.Type {
	t := c.typeExpr(e.Type)
	var expected types.Type
	switch ast.Unparen(e.X).(type) {
	case *ast.ArrayLit, *ast.MapLit: // `[] as [int]`: the literal's element types are the target's
		expected = t
	}
	x := c.expr(e.X, expected)
	switch {
	case types.IsInvalid(x) || types.IsInvalid(t):
	case types.IsNumeric(x) && types.IsNumeric(t):
	case types.IsBasic(x, types.Char) && types.IsInteger(t), types.IsInteger(x) && types.IsBasic(t, types.Char):
	case types.IsBasic(x, types.Bool) && types.IsInteger(t):
	case types.IsAny(x) || types.IsAny(t):
	case goBasicOf(x) != nil && (types.IsNumeric(t) || goBasicOf(t) != nil), goBasicOf(t) != nil && types.IsNumeric(x):
		// `d as i64`, `n as time.Duration`: Go's conversions between numeric types.
	case types.IsBasic(t, types.String):
	case c.assignableQuiet(x, t):
	default:
		c.errorf(e, "cannot convert `%s` to `%s` with `as`", typeString(x), typeString(t))
	}
	return t
}

// genericFuncValue is the type of a generic function used as a value: the function type the
// context expects fixes its type parameters (`let f: fn(i64): i64 = id;`, as in Rust and
// TypeScript), and FuncValueArgs records them for the lowering.
func (c *checker) genericFuncValue(e *ast.Ident, obj *types.Object, expected types.Type) types.Type {
	sig := obj.Sig
	if o, isOpt := types.Resolve(expected).(*types.Optional); isOpt {
		expected = o.Elem // `let f: (fn(i64): i64)? = id;`
	}
	want, ok := types.Resolve(expected).(*types.Func)
	if ok && !sig.Async {
		m := map[*types.TypeParam]types.Type{}
		vars := make([]*types.Var, len(sig.TypeParams))
		for i, tp := range sig.TypeParams {
			vars[i] = c.newVar()
			m[tp] = vars[i]
		}
		t := types.Subst(obj.Type, m)
		if c.unify(t, want) {
			args := make([]types.Type, len(vars))
			for i, v := range vars {
				args[i] = types.Resolve(v)
			}
			if !slices.ContainsFunc(args, types.HasUnbound) {
				if c.info.FuncValueArgs == nil {
					c.info.FuncValueArgs = map[*ast.Ident][]types.Type{}
				}
				c.info.FuncValueArgs[e] = args
				return types.Resolve(t)
			}
		}
	}
	d := c.errorf(e, "generic function `%s` must be called, not used as a value, unless the expected type is a function type that fixes its type parameters", e.Name)
	switch {
	case sig.Async:
		d.WithHelp("an async generic function cannot be a value: wrap it in a lambda, `(x) => %s(x)`", e.Name)
	case ok && len(want.Params) != len(sig.Params):
		d.WithHelp("`%s` takes %d parameter%s (default values count too), the expected function type %d", e.Name, len(sig.Params), diag.Plural(len(sig.Params)), len(want.Params))
	default:
		d.WithHelp("say which function type it is, as in `let f: fn(i64): i64 = %s;`, or wrap it in a lambda", e.Name)
	}
	return types.InvalidType
}

// lookupIndex marks `m[k]` on the left of `??` as a lookup: a missing key is null there, as
// in JavaScript (`counts[w] ?? 0`), where elsewhere it is a run-time error. It reports whether
// x is such an index of a map (the `??` then sees an optional, unless the map's values are
// optional already); an index of a dynamic value is marked too, and stays dynamic.
func (c *checker) lookupIndex(x ast.Expr) bool {
	if sel, ok := ast.Unparen(x).(*ast.Selector); ok {
		// `rec.email ?? d` on a dynamic record: a missing field is null.
		if types.IsAny(c.typeOf(sel.X)) {
			c.noteLookup(sel)
		}
		return false
	}
	ix, ok := ast.Unparen(x).(*ast.Index)
	if !ok {
		return false
	}
	base := types.Resolve(c.typeOf(ix.X))
	if h, ok := base.(*types.Handle); ok && (h.Kind == types.ShareH || h.Kind.IsGuard()) {
		base = types.Resolve(h.Elem)
	}
	switch base.(type) {
	case *types.MapT:
	case *types.Basic:
		if !types.IsAny(base) {
			return false
		}
	default:
		return false
	}
	c.noteLookup(ix)
	return !types.IsAny(base)
}

// lookupOperand is the type of x, of type t, as an operand of `??`: a map index there is a
// lookup (lookupIndex), which gives an optional unless the map's values are optional already.
func (c *checker) lookupOperand(x ast.Expr, t types.Type) types.Type {
	if !c.lookupIndex(x) {
		return t
	}
	if _, opt := types.Resolve(t).(*types.Optional); opt {
		return t
	}
	o := &types.Optional{Elem: t}
	c.setType(x, o)
	c.setType(ast.Unparen(x), o)
	return o
}

func (c *checker) noteLookup(n ast.Node) {
	if c.info.Lookups == nil {
		c.info.Lookups = map[ast.Node]bool{}
	}
	c.info.Lookups[n] = true
}

// mapKey checks the key of `m[k]`. A map whose key type is inferred (`let m = {};`) learns it
// here, so this is where a key type that cannot be is refused.
func (c *checker) mapKey(idx ast.Expr, key types.Type) {
	inferred := types.HasUnbound(key)
	k := c.expr(idx, key)
	c.expectAssignable(idx, k, key, " as a map key")
	if r := types.Resolve(key); inferred && !types.HasUnbound(r) && !comparableKey(r) {
		c.errorf(idx, "`%s` cannot be a map key: keys are numbers, strings, chars or bools", typeString(r))
	}
}

// instanceOf checks `x instanceof C`: C names a class, a struct, an enum, an interface or
// Error; the answer is the value's at run time (an instance of a class that extends C, or
// implements it, is one of C's).
func (c *checker) instanceOf(e *ast.Binary) types.Type {
	c.expr(e.X, nil)
	id, ok := ast.Unparen(e.Y).(*ast.Ident)
	var obj *types.Object
	if ok {
		obj = c.scope.Lookup(id.Name)
	}
	switch {
	case ok && id.Name == "Error":
	case obj != nil && obj.Kind == types.ObjType:
		id.Obj = obj
	default:
		c.errorf(e.Y, "the right side of `instanceof` names a class, a struct, an enum, an interface or `Error`")
		return types.BoolType
	}
	if c.info.InstanceOf == nil {
		c.info.InstanceOf = map[*ast.Binary]string{}
	}
	c.info.InstanceOf[e] = id.Name
	return types.BoolType
}
