package check

import (
	"fmt"
	gotypes "go/types"
	"strings"

	"adesh2go/frontend/ast"
	"adesh2go/frontend/types"
)

// GoCall is what the checker learned about a call of a Go function or method (CallGo).
type GoCall struct {
	Func *gotypes.Func      // the function or method called
	Sig  *gotypes.Signature // its signature, instantiated when it is generic
	// TypeArgs are a generic function's type arguments, inferred from the arguments as Go
	// infers them, or written (`slices.Collect<string>(…)`).
	TypeArgs []gotypes.Type
	// Params is the Go type each argument is passed as (a variadic parameter's element type for
	// each argument it takes).
	Params []gotypes.Type
	// Pkg is the Go import path the function is reached through (a method: "").
	Pkg string
	// Conv is the type of a conversion to a Go type with a basic underlying type,
	// `time.Month(5)` (Func is nil).
	Conv gotypes.Type
	// Blocks: the call may block (it is outside the pure packages, goblocking.go). Awaited:
	// it is the operand of an `await`, which runs a call that blocks on rt's blocking pool.
	Blocks, Awaited bool
}

// goConversion checks `pkg.T(x)` converting a number or a string to a Go type whose underlying
// type is a number or a string, as Go converts.
func (c *checker) goConversion(e *ast.Call, to gotypes.Type) types.Type {
	t := c.expr(e.Args[0], nil)
	b := to.Underlying().(*gotypes.Basic)
	ok := types.IsInvalid(t) || types.IsAny(t)
	switch {
	case b.Info()&gotypes.IsNumeric != 0:
		ok = ok || types.IsNumeric(t) || goBasicOf(t) != nil && goBasicOf(t).Info()&gotypes.IsNumeric != 0
	case b.Info()&gotypes.IsString != 0:
		ok = ok || types.IsBasic(t, types.String)
	}
	if !ok {
		c.errorf(e.Args[0], "cannot convert `%s` to the Go type `%s`", typeString(t), types.GoTypeString(to))
	}
	return c.recordCall(e, &CallInfo{Kind: CallGo, Go: &GoCall{Conv: to}, Params: []types.Type{t}, Ret: fromGo(to)})
}

// goPkgCall checks `pkg.F(args)`, a call of a function of an imported Go package.
func (c *checker) goPkgCall(e *ast.Call, sel *ast.Selector, pkgObj *types.Object, expected types.Type) types.Type {
	obj := c.goMember(sel.Name, pkgObj.Name, pkgObj.GoPkg.Types, sel.Name.Name)
	if obj == nil {
		c.argsUnchecked(e)
		return types.InvalidType
	}
	fn, ok := obj.(*gotypes.Func)
	if !ok {
		if tn, isType := obj.(*gotypes.TypeName); isType && goBasicOf(fromGo(tn.Type())) != nil && len(e.Args) == 1 {
			return c.goConversion(e, tn.Type())
		}
		if tn, isType := obj.(*gotypes.TypeName); isType {
			c.errorf(sel, "`%s.%s` is a Go type: build a value with `%s.%s { Field: value }`", pkgObj.Name, sel.Name.Name, pkgObj.Name, tn.Name())
		} else {
			c.errorf(sel, "`%s.%s` is a Go %s, not a function", pkgObj.Name, sel.Name.Name, goObjectKind(obj))
		}
		c.argsUnchecked(e)
		return types.InvalidType
	}
	return c.goFuncCall(e, e.Args, fn, &GoCall{Func: fn, Pkg: pkgObj.GoPkg.Path}, pkgObj.Name+"."+fn.Name(), expected)
}

// goFuncCall checks the arguments of a call of the Go function fn (args: without the receiver
// of a method), infers a generic function's type arguments and records the call.
func (c *checker) goFuncCall(e *ast.Call, args []ast.Expr, fn *gotypes.Func, gc *GoCall, shown string, expected types.Type) types.Type {
	sig := fn.Type().(*gotypes.Signature)
	argTypes := make([]types.Type, len(args))
	if sig.TypeParams().Len() > 0 {
		inst, targs := c.goInstantiate(e, args, argTypes, sig, shown)
		if inst == nil {
			c.argsUnchecked(e)
			return types.InvalidType
		}
		sig, gc.TypeArgs = inst, targs
	}
	gc.Sig = sig
	params := sig.Params()
	n := params.Len()
	if len(args) < n-boolInt(sig.Variadic()) || !sig.Variadic() && len(args) > n {
		want := fmt.Sprint(n)
		if sig.Variadic() {
			want = fmt.Sprintf("at least %d", n-1)
		}
		c.errorf(e, "wrong number of arguments: `%s` takes %s, found %d", goSignature(shown, sig), want, len(args))
		c.argsUnchecked(e)
		return types.InvalidType
	}
	gc.Params = make([]gotypes.Type, len(args))
	for i := range args {
		switch {
		case sig.Variadic() && i >= n-1:
			gc.Params[i] = params.At(n - 1).Type().(*gotypes.Slice).Elem()
		default:
			gc.Params[i] = params.At(i).Type()
		}
	}
	// Lambdas last, as for AdeshLang calls: the other arguments fix what their parameters are.
	for pass := 0; pass < 2; pass++ {
		for i, a := range args {
			if isLambdaArg(a) != (pass == 1) {
				continue
			}
			if argTypes[i] == nil {
				if c.asyncGoLambda(a, gc.Params[i]) {
					c.expr(a, nil)
					argTypes[i] = types.InvalidType
					continue
				}
				argTypes[i] = c.goArg(a, gc.Params[i])
			}
			c.expectGoArg(e, a, argTypes[i], gc.Params[i], i, sig, shown)
		}
	}
	ret := goResults(sig.Results())
	c.noteGoBlocking(e, gc, shown)
	return c.recordCall(e, &CallInfo{Kind: CallGo, Go: gc, Params: argTypes, Ret: ret})
}

// goArg checks an argument passed for a Go parameter of type p.
func (c *checker) goArg(a ast.Expr, p gotypes.Type) types.Type {
	want := fromGo(p)
	return c.expr(a, argExpectation(want))
}

// expectGoArg reports an argument of type t that cannot be passed for the Go parameter p,
// naming the Go signature.
func (c *checker) expectGoArg(e *ast.Call, a ast.Expr, t types.Type, p gotypes.Type, i int, sig *gotypes.Signature, shown string) {
	if c.goAssignable(a, t, p) {
		return
	}
	name := ""
	if i < sig.Params().Len() {
		name = sig.Params().At(i).Name()
	} else {
		name = sig.Params().At(sig.Params().Len() - 1).Name()
	}
	d := c.errorf(a, "`%s` takes `%s` for %s, found `%s`", goSignature(shown, sig), types.GoTypeString(p), orPosition(name, i), typeString(t))
	if _, ok := types.Resolve(fromGo(p)).(*types.GoT); !ok {
		d.WithHelp("an argument of type `%s` is `%s` here", types.GoTypeString(p), typeString(fromGo(p)))
	}
}

// goAssignable reports whether a value of AdeshLang type t (the expression a) can be passed
// where Go wants p: a value of p's AdeshLang type, a string for []byte, a Go value Go itself
// would accept there.
func (c *checker) goAssignable(a ast.Expr, t types.Type, p gotypes.Type) bool {
	if types.IsInvalid(t) {
		return true
	}
	want := fromGo(p)
	if g := types.GoOf(t); g != nil {
		return gotypes.AssignableTo(g.T, p)
	}
	if types.IsBasic(t, types.String) && isByteSlice(p) {
		return true
	}
	if _, isChar := ast.Unparen(a).(*ast.CharLit); isChar {
		if b, ok := p.Underlying().(*gotypes.Basic); ok && b.Info()&gotypes.IsInteger != 0 {
			return true // ' ' for a byte: an untyped rune constant, as in Go
		}
	}
	if types.IsAny(want) {
		return true // any value: the lowering hands Go its Go form
	}
	if g, ok := want.(*types.GoT); ok {
		if _, isIface := g.T.Underlying().(*gotypes.Interface); isIface && types.IsBasic(t, types.ErrorKind) {
			return gotypes.AssignableTo(gotypes.Universe.Lookup("error").Type(), p)
		}
		return false
	}
	return c.assignable(t, want)
}

// isByteSlice reports whether t is []byte.
func isByteSlice(t gotypes.Type) bool {
	s, ok := t.Underlying().(*gotypes.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*gotypes.Basic)
	return ok && b.Kind() == gotypes.Uint8
}

// goSignature writes a Go function's signature as its documentation does:
// `strings.Repeat(s string, count int) string`.
func goSignature(shown string, sig *gotypes.Signature) string {
	s := gotypes.TypeString(sig, func(p *gotypes.Package) string { return p.Name() })
	return shown + strings.TrimPrefix(s, "func")
}

// goObjectKind says what a Go package member is, for a diagnostic.
func goObjectKind(obj gotypes.Object) string {
	switch obj.(type) {
	case *gotypes.Const:
		return "constant"
	case *gotypes.Var:
		return "variable"
	case *gotypes.TypeName:
		return "type"
	}
	return "function"
}

func orPosition(name string, i int) string {
	if name == "" || name == "_" {
		return fmt.Sprintf("argument %d", i+1)
	}
	return "`" + name + "`"
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
