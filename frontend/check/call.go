package check

import (
	gotypes "go/types"
	"reflect"
	"slices"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/builtin"
	"adesh2go/frontend/diag"
	"adesh2go/frontend/types"
	"strings"
)

// CallKind says what a call expression calls.
type CallKind uint8

const (
	CallFunc          CallKind = iota // a declared function (Obj), possibly generic
	CallMethod                        // a method of a user struct or enum (Obj is the method)
	CallValue                         // a function value
	CallBuiltin                       // a predeclared function (Builtin)
	CallBuiltinMethod                 // a method of a builtin type (Builtin), on Recv
	CallStatic                        // a static member of a type object: Mutex::new, Promise.all (Builtin)
	CallVariant                       // an enum variant constructor (Variant)
	CallDynamic                       // a call of an `any` value
	CallDynMethod                     // a method call on an `any` value (Name)
	CallAwait                         // `h.await()`, the method spelling of `await h`
	CallGo                            // a function of a Go package, or a method of a Go value (Go)
)

// CallInfo is what the checker learned about a call.
type CallInfo struct {
	Kind     CallKind
	Obj      *types.Object
	Builtin  types.Builtin // the row of frontend/builtin's table
	Name     string        // the method a dynamic call names (CallDynMethod)
	Recv     ast.Expr
	RecvType types.Type   // the receiver's type after auto-dereferencing
	Derefs   []types.Type // the Share and guard types passed through to reach the receiver
	Variant  *types.VariantDef
	Sig      *types.Signature
	TypeArgs []types.Type // the instantiation of a generic function's type parameters
	Params   []types.Type // the parameter types after instantiation
	Ret      types.Type
	// Promised is the type of a future or a join handle whose promise method is called
	// (`compute(1).then(…)`: an async fn's result is also a promise); RecvType is then the
	// promise's type.
	Promised types.Type
	Go       *GoCall // CallGo
	// Fluent: a class method that returns the instance it is called on (ReturnsSelf); the
	// call's value is that instance (the share the receiver is), Ret its type.
	Fluent bool
	// JoinValue: `h.join()` in async code (CallAwait) of a handle whose function gives () or a
	// dynamic value (builtin.DynamicJoin): the value, or the error object if it threw.
	JoinValue bool
}

// SelKind says what a selector `x.name` denotes.
type SelKind uint8

const (
	SelField        SelKind = iota // a struct field (Field), after Derefs
	SelTupleField                  // `t.0` (Index)
	SelVariant                     // a unit enum variant as a value (Variant)
	SelImport                      // a member of an imported file (Obj)
	SelMethodValue                 // a method used as a function value (Obj)
	SelErrorMessage                // `e.message` on an Error
	SelBuiltinProp                 // a property of a builtin type (Name): resp.status
	SelDynamic                     // a field of an `any` value
	SelLength                      // `.length` of a string or an array (Recv), as in JavaScript
	SelConstant                    // a constant of a module (Name: its Go literal): Math.PI
	SelTag                         // `.tag` of an optional, a Result or an enum value (Recv), as the interpreter has it
	SelValue                       // `.value` of an optional or a Result (Recv)
	SelGo                          // a member of a Go package (GoObj, reached through GoPkg)
	SelGoField                     // a field or method value of a Go value (GoObj), after Derefs
)

// SelInfo is what the checker learned about a selector that is not a call's callee.
type SelInfo struct {
	Kind    SelKind
	Field   *types.FieldDef
	Index   int
	Variant *types.VariantDef
	Obj     *types.Object
	Derefs  []types.Type
	Name    string
	Recv    types.Type
	GoObj   gotypes.Object
	GoPkg   string
}

func (c *checker) recordCall(e *ast.Call, ci *CallInfo) types.Type {
	c.info.Calls[e] = ci
	if ci.Ret == nil {
		ci.Ret = types.UnitType
	}
	return ci.Ret
}

// call checks a call expression.
func (c *checker) call(e *ast.Call, expected types.Type) types.Type {
	if sel, ok := ast.Unparen(e.Fun).(*ast.Selector); ok {
		if id, ok := sel.X.(*ast.Ident); ok && c.scope.Lookup(id.Name) == nil && builtinVariants[id.Name+"."+sel.Name.Name] {
			// The interpreter's `Result.Ok(1)` and `Option.Some(v)` (also after `new`) are
			// `Ok(1)` and `Some(v)`.
			e.Fun = &ast.Ident{Span: sel.Name.Span, Name: sel.Name.Name}
		}
	}
	switch fun := ast.Unparen(e.Fun).(type) {
	case *ast.Ident:
		obj := c.scope.Lookup(fun.Name)
		if obj != nil {
			switch obj.Kind {
			case types.ObjBuiltin:
				fun.Obj = obj
				return c.builtinCall(e, obj.Builtin, expected)
			case types.ObjFunc:
				if obj.Sig != nil {
					fun.Obj = obj
					c.noteCapture(obj)
					c.setType(fun, obj.Type)
					return c.funcCall(e, &CallInfo{Kind: CallFunc, Obj: obj, Sig: obj.Sig}, nil, expected)
				}
			case types.ObjType:
				fun.Obj = obj
				c.errorf(fun, "`%s` is a type: build a value with `%s { field: value }`", fun.Name, fun.Name)
				c.argsUnchecked(e)
				return types.InvalidType
			}
		}
	case *ast.Selector:
		if t, ok := c.selectorCall(e, fun, expected); ok {
			return t
		}
	}
	// A call of a function value.
	ft := c.expr(e.Fun, nil)
	switch u := types.Resolve(ft).(type) {
	case *types.Func:
		ci := &CallInfo{Kind: CallValue, Params: u.Params, Ret: u.Ret}
		if !c.fillLambdaDefaults(e, len(u.Params)) {
			c.argsUnchecked(e)
			return c.recordCall(e, ci)
		}
		c.args(e, u.Params, c.unitTail(u.Params, len(e.Args)), nil)
		return c.recordCall(e, ci)
	case *types.Basic:
		if u.Kind == types.Any {
			c.argsUnchecked(e)
			c.fallback(e.Pos(), "call", "the called value is dynamic")
			return c.recordCall(e, &CallInfo{Kind: CallDynamic, Ret: types.AnyType})
		}
		if u.Kind == types.Invalid {
			c.argsUnchecked(e)
			return types.InvalidType
		}
	}
	if _, unknown := types.Resolve(ft).(*types.Var); unknown {
		if id, ok := e.Fun.(*ast.Ident); ok {
			// A lambda that calls the variable its own `let` defines: the variable's type is
			// what the lambda is, not known while its body is checked.
			d := c.errorf(e.Fun, "the type of `%s` is not known here, inside its own value", id.Name).
				WithHelp("give the lambda's parameters and result types (`(n: i64): i64 => …`), or `%s` a type annotation", id.Name)
			if obj := c.scope.Lookup(id.Name); obj != nil {
				c.wantAnnotation(d, obj)
			}
			c.argsUnchecked(e)
			return types.InvalidType
		}
	}
	c.errorf(e.Fun, "`%s` is not a function", typeString(ft))
	c.argsUnchecked(e)
	return types.InvalidType
}

// argsUnchecked checks arguments for their own errors when the callee is already wrong.
func (c *checker) argsUnchecked(e *ast.Call) {
	for _, a := range e.Args {
		c.expr(a, nil)
	}
}

// args checks call arguments against parameter types. Lambdas are checked last, so that the
// other arguments can fix the inference variables their parameters need. variadic, when not
// nil, is the type of every argument beyond the parameters.
func (c *checker) args(e *ast.Call, params []types.Type, min int, variadic types.Type) {
	c.argsOf(e, params, min, variadic, nil)
}

// argsOf is args for a call of a declared function whose parameters are declared: an untyped
// one that an argument does not fit, where the silent pass could not see it (a callback that
// turned out dynamic), is made dynamic and the check run again (see Check).
func (c *checker) argsOf(e *ast.Call, params []types.Type, min int, variadic types.Type, declared []*ast.Param) {
	charIsString := c.charIsString // this call's own, not its arguments' calls'
	c.charIsString = false
	millis := c.millisArgs // (the same)
	c.millisArgs = builtin.Lowering{}
	n := len(e.Args)
	if n < min || (variadic == nil && n > len(params)) {
		want := itoa(min)
		if variadic != nil {
			want = "at least " + want
		} else if len(params) > min {
			want = itoa(min) + " to " + itoa(len(params))
		}
		c.errorf(e, "wrong number of arguments: expected %s, found %d", want, n)
	}
	paramAt := func(i int) types.Type {
		if i < len(params) {
			return params[i]
		}
		return variadic
	}
	// A literal given to a parameter nothing has typed yet waits for a lambda that knows more
	// (one of whose parameters has a type), which then says what number it is.
	lambdaKnows := false
	for i, a := range e.Args {
		if ft, ok := types.Resolve(paramAt(i)).(*types.Func); ok && isLambdaArg(a) {
			for _, p := range ft.Params {
				lambdaKnows = lambdaKnows || types.IsNumeric(p) && !types.HasUnbound(p)
			}
		}
	}
	var later, last []int
	for i, a := range e.Args {
		p := paramAt(i)
		if p == nil {
			c.expr(a, nil)
			continue
		}
		if isLambdaArg(a) {
			later = append(later, i)
			continue
		}
		if _, free := types.Resolve(p).(*types.Var); free && lambdaKnows && isIntLiteral(a) {
			// `xs.reduce((a, b) => a + b, 0)` over floats: the lambda says what number the
			// accumulator is, and the literal takes that type, as in JavaScript.
			last = append(last, i)
			continue
		}
		t := c.expr(a, argExpectation(p))
		if charIsString && types.IsBasic(t, types.Char) && types.IsBasic(types.Resolve(p), types.String) {
			continue
		}
		if millis.ArgMode(i) == builtin.Millis && durationArg(t) {
			continue
		}
		if c.probing && types.IsUnit(t) && c.hintVarOf(p) != nil && isCallResult(a) {
			// What a call gives that the silent pass sees as nothing (a parameter's call, which
			// the last pass may find dynamic) says nothing of an untyped parameter.
			continue
		}
		if !c.untypedArgDisagrees(declared, i, t, p) {
			c.expectAssignable(a, t, p, " in this argument")
		}
	}
	for _, i := range append(later, last...) {
		a, p := e.Args[i], paramAt(i)
		t := c.expr(a, argExpectation(p))
		if !c.untypedArgDisagrees(declared, i, t, p) {
			c.expectAssignable(a, t, p, " in this argument")
		}
	}
}

// isCallResult reports whether e is a call, awaited or not.
func isCallResult(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Call:
		return true
	case *ast.Await:
		return isCallResult(e.X)
	}
	return false
}

// differentKinds reports whether a and b can never be one type whatever their variables
// become: an array and a number, say.
func differentKinds(a, b types.Type) bool {
	a, b = types.Resolve(a), types.Resolve(b)
	_, av := a.(*types.Var)
	_, bv := b.(*types.Var)
	return !av && !bv && reflect.TypeOf(a) != reflect.TypeOf(b) && !types.IsAny(a) && !types.IsAny(b)
}

// untypedArgDisagrees records, in the last pass, that the argument of type t does not fit the
// type p the silent pass gave the untyped parameter declared[i]: the parameter is made dynamic.
func (c *checker) untypedArgDisagrees(declared []*ast.Param, i int, t, p types.Type) bool {
	if c.probing || i >= len(declared) || declared[i].Type != nil || types.IsInvalid(t) || types.IsInvalid(p) {
		return false
	}
	if types.HasUnbound(t) || types.HasUnbound(p) {
		if !differentKinds(t, p) {
			return false // (what the variables become may fit)
		}
	} else if c.assignableQuiet(t, p) {
		return false
	}
	c.dynResultFor(declared[i], "a call passes it `"+typeString(t)+"`, where others pass `"+typeString(p)+"`")
	return true
}

// argExpectation is what a parameter of type p tells its argument: nothing when p is `any`, so
// that `print(match …)` or `print(first(xs))` keep the static type of the argument and only the
// call converts it.
func argExpectation(p types.Type) types.Type {
	if types.IsAny(p) {
		return nil
	}
	return p
}

func isLambdaArg(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Lambda:
		return true
	}
	return false
}

// funcCall checks a call of a declared function or method: instantiates its type parameters
// with fresh inference variables (or the explicit type arguments), checks the arguments and
// infers the result type.
func (c *checker) funcCall(e *ast.Call, ci *CallInfo, recvSubst map[*types.TypeParam]types.Type, expected types.Type) types.Type {
	sig := ci.Sig
	if fi := c.info.FuncOf[sig.Decl.(ast.Node)]; fi != nil {
		c.ensureBody(fi)
	}
	m := map[*types.TypeParam]types.Type{}
	for k, v := range recvSubst {
		m[k] = v
	}
	var vars []*types.Var
	for _, tp := range sig.TypeParams {
		v := c.newVar()
		vars = append(vars, v)
		m[tp] = v
	}
	if len(e.TypeArgs) > 0 {
		if len(e.TypeArgs) != len(sig.TypeParams) {
			c.errorf(e, "`%s` takes %d type argument%s, found %d", ci.Sig.Decl.(*ast.FuncDecl).Name.Name, len(sig.TypeParams), diag.Plural(len(sig.TypeParams)), len(e.TypeArgs))
		}
		for i, ta := range e.TypeArgs {
			if i < len(vars) {
				vars[i].Bound = c.typeExpr(ta)
			}
		}
	}
	params := make([]types.Type, len(sig.Params))
	min := 0
	for i, p := range sig.Params {
		params[i] = types.Subst(p, m)
		if sig.Defaults[i] == nil {
			min = i + 1
		}
	}
	ret := types.Subst(sig.Ret, m)
	if sig.Async {
		ret = &types.Future{Elem: ret, Src: sig.Decl}
	}
	if expected != nil && len(vars) > 0 && !types.IsAny(expected) {
		// The expected result can fix type parameters that no argument mentions (`any` says
		// nothing about them: a typed call stays typed when its result is printed).
		c.unifySoft(ret, expected)
	}
	var declared []*ast.Param
	if fd, ok := sig.Decl.(*ast.FuncDecl); ok && len(fd.Params) == len(params) {
		declared = fd.Params
	}
	c.argsOf(e, params, min, nil, declared)
	for i, v := range vars {
		if v.Bound == nil {
			c.errorf(e, "cannot infer the type parameter `%s` of this call; give it explicitly: `%s<…>(…)`", sig.TypeParams[i].Name, calleeShown(e))
			v.Bound = types.InvalidType
		}
		ci.TypeArgs = append(ci.TypeArgs, types.Resolve(v))
	}
	ci.Params = params
	ci.Ret = ret
	return c.recordCall(e, ci)
}

// unifySoft unifies a with b when it can, binding nothing if it cannot.
func (c *checker) unifySoft(a, b types.Type) {
	if types.HasUnbound(a) {
		saved := map[*types.Var]types.Type{}
		types.Mentions(a, func(t types.Type) bool {
			if v, ok := t.(*types.Var); ok {
				saved[v] = v.Bound
			}
			return false
		})
		if !c.unify(a, b) {
			for v, bound := range saved {
				v.Bound = bound
			}
		}
	}
}

func calleeName(e *ast.Call) string {
	switch f := ast.Unparen(e.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.Selector:
		return f.Name.Name
	}
	return "f"
}

// calleeShown is the callee as the program wrote it: `new C` for a class's constructor.
func calleeShown(e *ast.Call) string {
	name := calleeName(e)
	if class, ok := strings.CutSuffix(name, ast.ClassInitSuffix); ok {
		return "new " + class
	}
	return name
}

// selectorCall checks `x.name(args)` and `T::name(args)`. It reports false when the selector is
// an ordinary expression whose value is then called (a field holding a function).
func (c *checker) selectorCall(e *ast.Call, sel *ast.Selector, expected types.Type) (types.Type, bool) {
	if obj := c.importedType(sel.X); obj != nil {
		return c.typeMemberCall(e, sel, obj, expected), true // m.Enum::Variant(…)
	}
	if obj, ok := c.nestedTypeObject(sel.X); ok {
		return c.staticCall(e, sel, obj, expected), true // thread.Mutex.new(v)
	}
	// Static members: Type::name, builtin type objects, imports.
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		if obj := c.scope.Lookup(id.Name); obj != nil {
			switch obj.Kind {
			case types.ObjType:
				id.Obj = obj
				return c.typeMemberCall(e, sel, obj, expected), true
			case types.ObjBuiltin:
				if builtin.TypeObject(obj.Builtin) != builtin.Global {
					id.Obj = obj
					return c.staticCall(e, sel, obj.Builtin, expected), true
				}
			case types.ObjGoPackage:
				id.Obj = obj
				return c.goPkgCall(e, sel, obj, expected), true
			case types.ObjImport:
				id.Obj = obj
				member := obj.Members.LookupLocal(sel.Name.Name)
				if member == nil || !c.isExported(member) {
					c.errorf(sel.Name, "`%s` has no exported member `%s`", id.Name, sel.Name.Name)
					c.argsUnchecked(e)
					return types.InvalidType, true
				}
				sel.Name.Obj = member
				if member.Kind == types.ObjFunc {
					c.noteTestUse(member) // `lib.test_twice()`
					return c.funcCall(e, &CallInfo{Kind: CallFunc, Obj: member, Sig: member.Sig}, nil, expected), true
				}
				return types.InvalidType, false
			}
		}
	}
	recv := c.expr(sel.X, nil)
	return c.methodCall(e, sel, recv, expected)
}

// nestedTypeObject resolves `thread.Mutex` or `thread.Atomic.AtomicI64`: a type object that is
// a static member of a module or of another type object.
func (c *checker) nestedTypeObject(x ast.Expr) (types.Builtin, bool) {
	sel, ok := ast.Unparen(x).(*ast.Selector)
	if !ok {
		return 0, false
	}
	var outer types.Builtin
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		obj := c.scope.Lookup(id.Name)
		if obj == nil || obj.Kind != types.ObjBuiltin || builtin.TypeObject(obj.Builtin) == builtin.Global {
			return 0, false
		}
		id.Obj = obj
		outer = obj.Builtin
	} else if outer, ok = c.nestedTypeObject(sel.X); !ok {
		return 0, false
	}
	inner := builtin.Member(builtin.TypeObject(outer), sel.Name.Name)
	if inner == 0 || builtin.TypeObject(inner) == builtin.Global {
		return 0, false
	}
	return inner, true
}

// typeMemberCall checks `Enum::Variant(args)` and `Struct::method(args)` (a static call of a
// method with an explicit receiver is not AdeshLang; only variants live here).
func (c *checker) typeMemberCall(e *ast.Call, sel *ast.Selector, obj *types.Object, expected types.Type) types.Type {
	def := obj.Def
	if def != nil && def.Enum {
		if v := def.Variant(sel.Name.Name); v != nil {
			return c.variantCall(e, v, expected)
		}
	}
	if def != nil {
		if m, ok := def.Methods[sel.Name.Name].(*ast.FuncDecl); ok && len(m.Params) >= 0 && m.Obj != nil {
			c.errorf(sel, "`%s` is a method of `%s`: call it on a value, `x.%s(…)`", sel.Name.Name, def.Name, sel.Name.Name)
			c.argsUnchecked(e)
			return types.InvalidType
		}
	}
	c.errorf(sel.Name, "`%s` has no variant or member `%s`", obj.Name, sel.Name.Name)
	c.argsUnchecked(e)
	return types.InvalidType
}

// variantCall checks an enum variant constructor call.
func (c *checker) variantCall(e *ast.Call, v *types.VariantDef, expected types.Type) types.Type {
	def := v.Enum
	n := &types.Named{Def: def}
	m := map[*types.TypeParam]types.Type{}
	for _, tp := range def.TypeParams {
		tv := c.newVar()
		n.Args = append(n.Args, tv)
		m[tp] = tv
	}
	if len(e.TypeArgs) > 0 {
		// `Res::Good<i64, string>(4)`: the type arguments are the enum's.
		if len(e.TypeArgs) != len(def.TypeParams) {
			c.errorf(e, "`%s` takes %d type argument%s, found %d", def.Name, len(def.TypeParams), diag.Plural(len(def.TypeParams)), len(e.TypeArgs))
		}
		for i, ta := range e.TypeArgs {
			if i < len(n.Args) {
				n.Args[i].(*types.Var).Bound = c.typeExpr(ta)
			}
		}
	}
	if expected != nil {
		c.unifySoft(n, expected)
	}
	params := make([]types.Type, len(v.Payload))
	for i, p := range v.Payload {
		params[i] = types.Subst(p, m)
	}
	c.args(e, params, len(params), nil)
	for i, a := range n.Args {
		if types.HasUnbound(a) {
			c.errorf(e, "cannot infer the type parameter `%s` of `%s`: give the binding a type, or the variant its type arguments (`%s::%s<…>(…)`)", def.TypeParams[i].Name, def.Name, def.Name, v.Name)
			n.Args[i] = types.InvalidType
		} else {
			n.Args[i] = types.Resolve(a)
		}
	}
	return c.recordCall(e, &CallInfo{Kind: CallVariant, Variant: v, Params: params, Ret: n})
}

// methodCall checks `x.name(args)` on a value of type recv, dereferencing shares and guards to
// find the method.
func (c *checker) methodCall(e *ast.Call, sel *ast.Selector, recv types.Type, expected types.Type) (types.Type, bool) {
	name := sel.Name.Name
	var derefs []types.Type
	t := recv
	for {
		rt := types.Resolve(t)
		if name == "await" && len(e.Args) == 0 && (types.IsFuture(rt) || types.IsAny(rt) && len(derefs) == 0) {
			c.noteAwait(e, "`.await()`")
			var ret types.Type = types.AnyType // `d.await()` on a dynamic value: as `await d`
			if types.IsFuture(rt) {
				ret = types.AwaitResult(rt)
			}
			return c.recordCall(e, &CallInfo{Kind: CallAwait, Recv: sel.X, RecvType: rt, Derefs: derefs, Ret: ret}), true
		}
		if h, ok := rt.(*types.Handle); ok && h.Kind == types.JoinHandleH && name == "join" && len(e.Args) == 0 && c.fn != nil && c.fn.Async && c.defer_ == 0 {
			// `h.join()` in async code suspends the task, as `await h` does, instead of
			// blocking its worker (EVERYDAY.md §6).
			c.noteAwait(e, "`.join()`")
			ci := &CallInfo{Kind: CallAwait, Recv: sel.X, RecvType: rt, Derefs: derefs, Ret: h.Elem}
			if builtin.DynamicJoin(h.Elem) {
				ci.Ret, ci.JoinValue = types.AnyType, true // the value or the error object
			}
			return c.recordCall(e, ci), true
		}
		switch u := rt.(type) {
		case *types.GoT:
			return c.goMethodCall(e, sel, u, expected)
		case *types.Named:
			if m, ok := u.Def.Methods[name].(*ast.FuncDecl); ok && m.Obj != nil {
				c.checkVisible(sel.Name, u.Def, name)
				ci := &CallInfo{Kind: CallMethod, Obj: m.Obj, Sig: m.Obj.Sig, Recv: sel.X, RecvType: u, Derefs: derefs}
				t := c.funcCall(e, ci, u.Subst(), expected)
				if m.Obj.Sig.SelfMut && len(derefs) == 0 {
					// A method that changes its receiver changes the variable it is called on
					// (funcCall checked its body first, so SelfMut is known).
					c.markMutated(sel.X)
				}
				if m.Obj.Sig.SelfMut {
					c.refuseReadGuardWrite(e, sel.X, true)
				}
				if m.ReturnsSelf && len(derefs) > 0 && types.IsShare(derefs[0]) {
					ci.Fluent, ci.Ret = true, derefs[0] // `c.inc()` gives c (classDecls)
					return derefs[0], true
				}
				return t, true
			}
			if !u.Def.Enum && u.Def.Field(name) != nil {
				return nil, false // a field holding a function
			}
			if ms := c.builtinMethod(e, sel, u, derefs, expected); ms != nil {
				return ms, true
			}
			c.errorf(sel.Name, "`%s` has no method `%s`", typeString(u), name).DidYouMean(name, memberNames(recv))
			c.argsUnchecked(e)
			return types.InvalidType, true
		case *types.Basic:
			if u.Kind == types.Any {
				c.argsUnchecked(e)
				c.fallback(e.Pos(), name, "a method called on a dynamic value")
				if builtin.DynamicMutatesArray(name) && len(derefs) == 0 {
					c.markMutated(sel.X) // `this.items.push(x)`: the place changes
				}
				return c.recordCall(e, &CallInfo{Kind: CallDynMethod, Name: name, Recv: sel.X, RecvType: u, Derefs: derefs, Ret: types.AnyType}), true
			}
			if u.Kind == types.Invalid {
				c.argsUnchecked(e)
				return types.InvalidType, true
			}
		}
		// A type's own method beats a builtin of the same name on the share or guard around it
		// (a class's toString(), not the share's to_string()).
		if !ownMethodInside(rt, name) {
			if r := c.builtinMethod(e, sel, rt, derefs, expected); r != nil {
				return r, true
			}
		}
		if inner := derefType(rt); inner != nil {
			derefs = append(derefs, rt)
			t = inner
			continue
		}
		if elem := looseInstance(rt); elem != nil {
			derefs = append(derefs, rt)
			t = elem
			continue
		}
		if o, ok := rt.(*types.Optional); ok {
			// As for a field of an optional: the method is the value's, and the value may be null.
			d := c.errorf(sel.Name, "`%s` may be null: check `!= null` before calling `.%s()`", typeString(o), name)
			d.WithHelp("use `?` to return early when it is null, `?? default` to give a value instead, or `.unwrap()`")
			c.argsUnchecked(e)
			return types.InvalidType, true
		}
		if c.untypedParamLacks(sel.X, rt, "."+name+"()") {
			c.argsUnchecked(e)
			return types.AnyType, true
		}
		d := c.errorf(sel.Name, "`%s` has no method `%s`", typeString(rt), name)
		if !awaitHelp(d, sel.X, rt, name, true) {
			d.DidYouMean(name, memberNames(recv))
		}
		c.argsUnchecked(e)
		return types.InvalidType, true
	}
}

// importedType resolves `m.Name`, a type that an imported file exports, or returns nil.
func (c *checker) importedType(x ast.Expr) *types.Object {
	sel, ok := ast.Unparen(x).(*ast.Selector)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := c.scope.Lookup(id.Name)
	if obj == nil || obj.Kind != types.ObjImport {
		return nil
	}
	member := obj.Members.LookupLocal(sel.Name.Name)
	if member == nil || member.Kind != types.ObjType || !c.isExported(member) {
		return nil
	}
	id.Obj = obj
	sel.Name.Obj = member
	return member
}

// selector checks `x.name` used as a value.
func (c *checker) selector(e *ast.Selector, expected types.Type) types.Type {
	if obj := c.importedType(e.X); obj != nil {
		// m.Enum::Unit or m.Enum.Unit: a unit variant of an imported enum.
		if obj.Def != nil && obj.Def.Enum {
			if v := obj.Def.Variant(e.Name.Name); v != nil {
				return c.variantValue(e, v)
			}
		}
		c.errorf(e.Name, "`%s` has no variant `%s`", obj.Name, e.Name.Name)
		return types.InvalidType
	}
	if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
		if obj := c.scope.Lookup(id.Name); obj != nil {
			switch obj.Kind {
			case types.ObjType:
				id.Obj = obj
				if obj.Def != nil && obj.Def.Enum {
					if v := obj.Def.Variant(e.Name.Name); v != nil {
						return c.variantValue(e, v)
					}
				}
				c.errorf(e.Name, "`%s` has no variant `%s`", obj.Name, e.Name.Name)
				return types.InvalidType
			case types.ObjGoPackage:
				id.Obj = obj
				return c.goPkgValue(e, obj)
			case types.ObjImport:
				id.Obj = obj
				member := obj.Members.LookupLocal(e.Name.Name)
				if member == nil || !c.isExported(member) {
					c.errorf(e.Name, "`%s` has no exported member `%s`", id.Name, e.Name.Name)
					return types.InvalidType
				}
				e.Name.Obj = member
				c.info.Sels[e] = &SelInfo{Kind: SelImport, Obj: member}
				if member.Kind == types.ObjFunc {
					c.noteTestUse(member) // `x_tests.test_y` passed as a value
				}
				if member.Kind == types.ObjFunc && member.Sig != nil && len(member.Sig.TypeParams) > 0 {
					return c.genericFuncValue(e.Name, member, expected) // `let f: fn(i64): i64 = lib.id;`
				}
				if member.Type == nil {
					c.errorf(e, "the type of `%s.%s` is not known yet here; annotate its declaration", id.Name, e.Name.Name)
					return types.InvalidType
				}
				return member.Type
			case types.ObjBuiltin:
				if builtin.TypeObject(obj.Builtin) != builtin.Global {
					id.Obj = obj
					if m := builtin.Member(builtin.TypeObject(obj.Builtin), e.Name.Name); m != 0 && builtin.Of(m).Lower.How == builtin.Constant {
						c.info.Sels[e] = &SelInfo{Kind: SelConstant, Name: builtin.Of(m).Lower.Name}
						return builtin.Of(m).Sig(builtin.In{}).Ret
					}
					c.errorf(e, "`%s.%s` must be called", id.Name, e.Name.Name)
					return types.InvalidType
				}
			}
		}
	}
	if outer, ok := c.nestedTypeObject(e.X); ok { // thread.Atomic.Relaxed
		m := builtin.Member(builtin.TypeObject(outer), e.Name.Name)
		if m != 0 && builtin.Of(m).Lower.How == builtin.Constant {
			c.info.Sels[e] = &SelInfo{Kind: SelConstant, Name: builtin.Of(m).Lower.Name}
			return builtin.Of(m).Sig(builtin.In{}).Ret
		}
		if m == 0 {
			c.errorf(e.Name, "`%s` has no member `%s`", builtin.Name(outer), e.Name.Name)
		} else {
			c.errorf(e, "`%s.%s` must be called", builtin.Name(outer), e.Name.Name)
		}
		return types.InvalidType
	}
	x := c.expr(e.X, nil)
	var derefs []types.Type
	t := x
	name := e.Name.Name
	for {
		rt := types.Resolve(t)
		switch u := rt.(type) {
		case *types.GoT:
			return c.goField(e, u, derefs)
		case *types.Named:
			if !u.Def.Enum {
				for _, f := range types.FieldsOf(u) {
					if f.Name == name {
						c.checkVisible(e.Name, u.Def, name)
						c.info.Sels[e] = &SelInfo{Kind: SelField, Field: f, Derefs: derefs, Recv: u}
						return f.Type
					}
				}
			} else if name == "tag" {
				c.info.Sels[e] = &SelInfo{Kind: SelTag, Derefs: derefs, Recv: u}
				return types.StringType
			}
			if m, ok := u.Def.Methods[name].(*ast.FuncDecl); ok && m.Obj != nil {
				if len(m.Obj.Sig.TypeParams) > 0 || len(u.Def.TypeParams) > 0 {
					c.errorf(e, "a generic method must be called, not used as a value")
					return types.InvalidType
				}
				c.info.Sels[e] = &SelInfo{Kind: SelMethodValue, Obj: m.Obj, Derefs: derefs, Recv: u}
				return m.Obj.Type
			}
			c.errorf(e.Name, "`%s` has no field `%s`", typeString(u), name).DidYouMean(name, memberNames(u))
			return types.InvalidType
		case *types.Array:
			if name == "length" {
				c.info.Sels[e] = &SelInfo{Kind: SelLength, Derefs: derefs, Recv: u}
				return types.I64
			}
		case *types.Result:
			switch name {
			case "tag":
				c.info.Sels[e] = &SelInfo{Kind: SelTag, Derefs: derefs, Recv: u}
				return types.StringType
			case "value":
				c.info.Sels[e] = &SelInfo{Kind: SelValue, Derefs: derefs, Recv: u}
				if types.Identical(u.Ok, u.Err) {
					return u.Ok
				}
				return types.AnyType
			}
		case *types.Tuple:
			if i, ok := tupleIndex(name); ok && i < len(u.Elems) {
				c.info.Sels[e] = &SelInfo{Kind: SelTupleField, Index: i, Derefs: derefs, Recv: u}
				return u.Elems[i]
			}
			if name == "len" || name == "length" { // a property, as the interpreter has it
				c.info.Sels[e] = &SelInfo{Kind: SelLength, Derefs: derefs, Recv: u}
				return types.I64
			}
		case *types.Basic:
			switch u.Kind {
			case types.String:
				if name == "length" {
					c.info.Sels[e] = &SelInfo{Kind: SelLength, Derefs: derefs, Recv: u}
					return types.I64
				}
			case types.ErrorKind:
				if name == "message" {
					c.info.Sels[e] = &SelInfo{Kind: SelErrorMessage, Derefs: derefs}
					return types.StringType
				}
				if c.errorSubclassHas(name) {
					// A field of a class that extends Error, read from the instance the error
					// wraps when the program runs (null-free only if that is what was thrown).
					c.info.Sels[e] = &SelInfo{Kind: SelDynamic, Name: name, Derefs: derefs}
					return types.AnyType
				}
			case types.Response:
				if pt, ok := responseProps[name]; ok {
					c.info.Sels[e] = &SelInfo{Kind: SelBuiltinProp, Name: name, Derefs: derefs}
					return pt
				}
			case types.Any:
				c.info.Sels[e] = &SelInfo{Kind: SelDynamic, Name: name, Derefs: derefs}
				return types.AnyType
			case types.Invalid:
				return types.InvalidType
			}
		}
		if inner := derefType(rt); inner != nil {
			derefs = append(derefs, rt)
			t = inner
			continue
		}
		if o, ok := rt.(*types.Optional); ok && (name == "tag" || name == "value") && !hasMember(o.Elem, name) {
			// The interpreter's Option: `Some(v).tag` is "Some", `.value` is v.
			kind, typ := SelTag, types.Type(types.StringType)
			if name == "value" {
				kind, typ = SelValue, o.Elem
			}
			c.info.Sels[e] = &SelInfo{Kind: kind, Derefs: derefs, Recv: o}
			return typ
		}
		if elem := looseInstance(rt); elem != nil {
			derefs = append(derefs, rt)
			t = elem
			continue
		}
		if o, ok := rt.(*types.Optional); ok {
			d := c.errorf(e, "`%s` may be null: check `!= null` before using `.%s`", typeString(o), name)
			d.WithHelp("use `?` to return early when it is null, or `.unwrap()`")
			return types.InvalidType
		}
		if c.untypedParamLacks(e.X, rt, "."+name) {
			return types.AnyType
		}
		d := c.errorf(e.Name, "`%s` has no field `%s`", typeString(rt), name)
		if !awaitHelp(d, e.X, rt, name, false) {
			d.DidYouMean(name, memberNames(rt))
		}
		return types.InvalidType
	}
}

// looseInstance is the instance inside t, when t is a loose optional of one (what an untyped
// function found, or null): its fields and methods are reached through it, and lower's deref
// fails when it is null. nil for any other type.
func looseInstance(t types.Type) types.Type {
	if o, ok := t.(*types.Optional); ok && o.Loose && types.IsShare(o.Elem) {
		return o.Elem
	}
	return nil
}

// errorSubclassHas reports whether a class of the program that extends Error has the field
// name, which a caught Error may then be asked for.
func (c *checker) errorSubclassHas(name string) bool {
	for _, def := range c.info.TypeDefs {
		d, ok := def.Decl.(*ast.StructDecl)
		if !ok || !slices.Contains(d.Supers, "Error") {
			continue
		}
		for _, f := range def.Fields {
			if f.Name == name {
				return true
			}
		}
	}
	return false
}

// checkVisible refuses a use of a class's `private` or `protected` member outside the class:
// its methods, constructor and static methods (and those of a class that extends it, which has
// the member too) may use it.
func (c *checker) checkVisible(at ast.Node, def *types.TypeDef, name string) {
	sd, ok := def.Decl.(*ast.StructDecl)
	if !ok || !sd.Private[name] || c.probing {
		return
	}
	for fn := c.fn; fn != nil; fn = fn.Parent {
		if fd, ok := fn.Node.(*ast.FuncDecl); ok {
			if fd.Recv != nil {
				if t, ok := fd.Recv.Target.(*ast.NamedType); ok && t.Name.Name == def.Name {
					return
				}
			}
			if strings.HasPrefix(fd.Name.Name, def.Name+"__") {
				return // the constructor or a static method
			}
		}
	}
	c.errorf(at, "`%s` is private to the class `%s`: only the class's own methods use it", name, def.Name)
}

// hasMember reports whether a value of type t (through shares) has a field or method name, which
// `.name` on an optional of it then means (after a null check).
func hasMember(t types.Type, name string) bool {
	for {
		switch u := types.Resolve(t).(type) {
		case *types.Named:
			for _, f := range types.FieldsOf(u) {
				if f.Name == name {
					return true
				}
			}
			return u.Def.Methods[name] != nil
		case *types.Handle:
			if t = derefType(u); t == nil {
				return false
			}
		case *types.Basic:
			return types.IsAny(u)
		default:
			return false
		}
	}
}

// builtinVariants are the constructors of Result and Option the interpreter spells with the
// type's name.
var builtinVariants = map[string]bool{"Result.Ok": true, "Result.Err": true, "Option.Some": true}

var responseProps = map[string]types.Type{
	"status": types.I64, "body": types.StringType,
	"headers": &types.MapT{Key: types.StringType, Val: types.StringType},
}

func tupleIndex(name string) (int, bool) {
	if name == "" || len(name) > 2 {
		return 0, false
	}
	n := 0
	for _, r := range name {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

// variantValue is a variant used without a call: a unit variant's value, or a constructor used
// as a function value.
func (c *checker) variantValue(e *ast.Selector, v *types.VariantDef) types.Type {
	c.info.Sels[e] = &SelInfo{Kind: SelVariant, Variant: v}
	if len(v.Payload) > 0 {
		c.errorf(e, "the variant `%s` carries %d value%s: call it, `%s(…)`", v.Name, len(v.Payload), diag.Plural(len(v.Payload)), v.Name)
		return types.InvalidType
	}
	n := &types.Named{Def: v.Enum}
	for range v.Enum.TypeParams {
		n.Args = append(n.Args, c.newVar())
	}
	return n
}

// unitTail is how many arguments a call of a function value with these parameters needs, given
// n: the parameters past n that take `()` (or nothing says what yet: they then take `()`) may be
// left out, as a JavaScript caller leaves out undefined (`resolve()`). The lowering passes `()`.
func (c *checker) unitTail(params []types.Type, n int) int {
	if n >= len(params) {
		return len(params)
	}
	for _, p := range params[n:] {
		switch t := types.Resolve(p).(type) {
		case *types.Var:
		default:
			if !types.IsUnit(t) {
				return len(params)
			}
		}
	}
	for _, p := range params[n:] {
		if v, ok := types.Resolve(p).(*types.Var); ok {
			c.bindVar(v, types.UnitType)
		}
	}
	return n
}

// ownMethodInside reports whether what t holds (through shares and guards) is a user type with a
// method called name.
func ownMethodInside(t types.Type, name string) bool {
	for inner := derefType(t); inner != nil; inner = derefType(inner) {
		if n, ok := types.Resolve(inner).(*types.Named); ok {
			_, own := n.Def.Methods[name].(*ast.FuncDecl)
			return own
		}
	}
	return false
}
